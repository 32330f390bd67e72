/** What the model knows of a call that runs a tool of a server, and of what the caller does with its result. */
import type { TSESTree } from "@typescript-eslint/types";
import type { FunctionNode } from "../../util/ast.js";

/**
 * A call of an MCP client that runs a tool on a server (`client.callTool(...)`,
 * `client.request({ method: "tools/call", ... })`): what comes back is the server's
 * `CallToolResult`, a failed call included.
 */
export interface ClientToolCall {
  readonly call: TSESTree.CallExpression;
  /** The tool's name, when a literal gives it (`callTool({ name: "search" })`). */
  readonly toolName: string | undefined;
  /** What the caller does with the result. */
  readonly result: ToolResultFlow;
}

/** Where the result of a tool call goes, and whether the caller reads its `isError`. */
export type ToolResultFlow =
  /** `isError` is read somewhere: directly, destructured, with `in`, or by a same-file function it is passed to. */
  | { readonly kind: "checked" }
  /** Returned, passed on, stored or spread whole, or used in a way the file cannot follow: whoever gets it may check it. */
  | { readonly kind: "passed-on" }
  /** Neither its content nor `isError` is read. */
  | { readonly kind: "unused" }
  /**
   * Its content is read and `isError` never is. `uses` in source order; `binding` is the
   * variable the call's value is assigned to, when it is one (`const result = await ...`).
   */
  | { readonly kind: "unchecked"; readonly uses: readonly ContentUse[]; readonly binding: TSESTree.Identifier | undefined };

/** A read of a tool result's content. */
export interface ContentUse {
  /**
   * `result.content`, `result.structuredContent`, a destructured `content`, or the argument
   * that passes the result to a same-file function that reads its content.
   */
  readonly node: TSESTree.Node;
  /** That function, when the content is read in one. */
  readonly helper: FunctionNode | undefined;
}
