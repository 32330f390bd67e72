import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { FunctionNode } from "../util/ast.js";
import type { PassThrough } from "./external-calls.js";

/** The framework a handler was registered with; decides what a thrown error becomes. */
export type Framework =
  | "mcp-sdk"
  | "mcp-sdk-v2"
  | "mcp-sdk-low-level"
  | "fastmcp"
  | "fastmcp-edge"
  | "mcp-framework"
  | "mcp-nest"
  | "easy-mcp"
  | "tmcp"
  | "mcp-lite"
  | "mastra"
  | "xmcp"
  | "unknown";

/**
 * What an error thrown out of the handler becomes: an `isError` result that carries only the
 * message, a JSON-RPC protocol error the model never sees, or unknown (we stay silent).
 */
export type ThrownOutcome = "is-error" | "protocol-error" | "unknown";

export type HandlerKind =
  | "tool"
  | "registerTool"
  | "update"
  | "low-level"
  | "low-level-case"
  | "addTool"
  | "mcp-framework"
  | "decorator"
  | "mastra"
  | "xmcp"
  | "call-tool-result"
  /** `context.accountTool(name, { inputSchema }, handler)`: a registration method of the project's own. */
  | "own-method"
  /** A function in this file that a tool registered in another file calls (typed analysis). */
  | "imported";

export interface ToolHandler {
  readonly kind: HandlerKind;
  readonly toolName: string | undefined;
  readonly framework: Framework;
  readonly thrown: ThrownOutcome;
  /** The function the framework calls (for a wrapped handler: the wrapper's returned function). */
  readonly root: FunctionNode;
  /** The function where the tool's own code starts (`root` unless wrapped or dispatched). */
  readonly entry: FunctionNode;
  /** For a dispatcher case: the part of `entry` that belongs to this tool. */
  readonly region: TSESTree.Node | undefined;
  /** A throw that leaves `entry` is caught before it reaches the framework (wrapper, dispatcher try). */
  readonly entryCaught: boolean;
  /** Source text of the request's cancellation signal inside `root`, when known. */
  readonly requestSignal: string | undefined;
  /** The parameter that receives the tool's input arguments, when known. */
  readonly argsParam: TSESTree.Parameter | undefined;
  /** The registration call or class/decorator the handler was found through. */
  readonly registration: TSESTree.Node;
  /** For an `imported` handler: a key of the registration in the other file (`file:start`). */
  readonly origin?: string;
}

/**
 * A function of this file on the path of a tool registered elsewhere, found by the program
 * index: the function's range, the tool it serves, and whether its throws are caught before
 * they reach the framework.
 */
export interface ImportedRoot {
  readonly range: readonly [number, number];
  readonly origin: string;
  readonly toolName: string | undefined;
  readonly framework: Framework;
  readonly thrown: ThrownOutcome;
  readonly caught: boolean;
}

/** Where the payload fields of an error result were looked for. */
export interface Payload {
  /** Objects (already descended into the configured container) where fields may live. */
  readonly objects: readonly TSESTree.ObjectExpression[];
  /** The object that received a `JSON.stringify` payload or structuredContent, for fixes. */
  readonly jsonObject: TSESTree.ObjectExpression | undefined;
  /** Plain-text parts of `content` (not a JSON payload). */
  readonly texts: readonly TSESTree.Node[];
  /** Some part could not be seen through: rules do not report what is missing. */
  readonly unknown: boolean;
}

export interface ErrorResult {
  /** The node to report: the object literal, or the call to an error helper. */
  readonly node: TSESTree.Node;
  /** The result object literal (inside the helper for a helper call). */
  readonly object: TSESTree.ObjectExpression;
  /** The helper call, when the result comes from an error helper. */
  readonly helperCall: TSESTree.CallExpression | undefined;
  readonly helper: FunctionNode | undefined;
  /** The helper's file, when the helper lives in another file (typed analysis only). */
  readonly helperSource?: Readonly<TSESLint.SourceCode>;
}

/** A call of this file to an error helper of another file, found by the program index. */
export interface ImportedHelperCall {
  /** The range of the call in this file. */
  readonly range: readonly [number, number];
  readonly helper: FunctionNode;
  readonly object: TSESTree.ObjectExpression;
  readonly helperSource: Readonly<TSESLint.SourceCode>;
}

/** What the program index knows about a file beyond the file itself. */
export interface ImportedFacts {
  readonly roots: readonly ImportedRoot[];
  readonly helperCalls: readonly ImportedHelperCall[];
  /** Calls of wrappers declared in other files (range key) -> whether the wrapper catches. */
  readonly wrappers: ReadonlyMap<string, boolean>;
  /** Imported names bound to HTTP client instances created in other files. */
  readonly instances: ReadonlyMap<string, { readonly client: "axios" | "got"; readonly hasTimeout: boolean | undefined }>;
  /** Imported functions of other files that hand a parameter to a client as its options. */
  readonly passThrough: ReadonlyMap<string, PassThrough>;
}

/** A tool result object literal: returned by some function, or built on a handler path. */
export interface ToolResult {
  readonly object: TSESTree.ObjectExpression;
  /** It carries `isError` with a value other than `false`. */
  readonly isError: boolean;
}
