/** The model's questions to the TypeScript checker (a module of its own: it imports nothing of the model). */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * What the TypeScript checker can tell the model, for precision where syntax alone is unsure.
 * The model asks through this interface and never imports the checker; `typed/oracle.ts`
 * implements it from the parser services of a typed lint, and `NO_TYPES` (syntactic linting)
 * answers every question with the syntactic answer, "no".
 */
export interface TypeOracle {
  /** `agent.tool(...)` calls a method of a dependency that is no MCP framework (a chat library's own tool registry). */
  isMethodOfNonMcpDependency(sourceCode: SourceCode, callee: TSESTree.MemberExpression, method: string): boolean;
  /**
   * `server.addToolWithReadAccess(name, ..., handler)`: a method of the project's own subclass of
   * the SDK's `McpServer` that hands the handler on without catching anything on the way.
   */
  isOwnMcpServerMethod(sourceCode: SourceCode, callee: TSESTree.MemberExpression, method: string): boolean;
  /**
   * `new PromptResponse(text).promptResponse`, where the class's constructor sets the field to a
   * successful tool result: the index of the constructor parameter that is its text (-1: none);
   * undefined when the member is no such answer.
   */
  constructedAnswerText(sourceCode: SourceCode, member: TSESTree.MemberExpression): number | undefined;
  /**
   * `const result = await safeExecute(run, "Tool execution failed")`, read as `result.error.message`:
   * the index of the callee's parameter that every object it returns from a `catch` holds at
   * `path` (itself or through a builder it returns); undefined when that is not known.
   */
  failureMessageArgument(sourceCode: SourceCode, call: TSESTree.CallExpression, path: readonly string[]): number | undefined;
  /** The value is typed as an upstream HTTP response (fetch's `Response`, an `AxiosResponse`). */
  isUpstreamResponse(sourceCode: SourceCode, node: TSESTree.Node): boolean;
  /** The value is typed as the global `fetch` function (`typeof fetch`), whatever its name. */
  isFetchFunction(sourceCode: SourceCode, node: TSESTree.Node): boolean;
  /** The value is typed as text or a `URL` (`fileSource: string` from a tool's input): an address, never a `Request` with a signal of its own. */
  isAddressText(sourceCode: SourceCode, node: TSESTree.Node): boolean;
  /** `x.callTool(...)`: the checker places the method in an MCP client package (the SDK's `Client`). */
  isMcpClientMethod(sourceCode: SourceCode, callee: TSESTree.MemberExpression, method: string): boolean;
  /** A return type's name is the project's own type built on `CallToolResult` (`interface ToolResult extends CallToolResult`). */
  isToolResultType(sourceCode: SourceCode, typeName: TSESTree.Node): boolean;
  /**
   * The error class a call builds, by the call's type: `ApplicationErrors.invalidInput(message)`
   * typed `ApplicationError`, a class that extends `Error`. Undefined when the type is no such class.
   */
  errorClassMade(sourceCode: SourceCode, call: TSESTree.CallExpression): string | undefined;
  /**
   * `classifyToolCatchError(error, "Failed to get count")`: the callee (or one it hands the
   * parameter on to) takes the argument at `index` alone as one branch of a choice
   * (`level === "DEBUG" ? error.message : fallback`): the text the agent gets in the other case.
   */
  isFallbackArgument(sourceCode: SourceCode, call: TSESTree.CallExpression, index: number): boolean;
  /** The call is typed `never`: what it calls always throws (`this.handleHttpError(error, "get"): never`). */
  returnsNever(sourceCode: SourceCode, call: TSESTree.CallExpression): boolean;
  /**
   * The checker types the value as an object whose `field` may hold `value`: `result` typed
   * `{ ok: boolean; text: string }` may have `ok` false (a builder's `isError: !result.ok` then
   * makes an error result for some calls).
   */
  fieldMayBe(sourceCode: SourceCode, node: TSESTree.Node, field: string, value: boolean): boolean;
  /**
   * The called function gives back what the callback at `index` returns, by its signature:
   * `add<T>(task: () => Promise<T>): Promise<T>` (a queue of another file, a library runner).
   */
  givesBackCallback(sourceCode: SourceCode, call: TSESTree.CallExpression, index: number): boolean;
}

/** The answers without type information: every question gets the syntactic answer, "no". */
export const NO_TYPES: TypeOracle = {
  isMethodOfNonMcpDependency: () => false,
  isOwnMcpServerMethod: () => false,
  constructedAnswerText: () => undefined,
  failureMessageArgument: () => undefined,
  isUpstreamResponse: () => false,
  isToolResultType: () => false,
  errorClassMade: () => undefined,
  isFetchFunction: () => false,
  isAddressText: () => false,
  isMcpClientMethod: () => false,
  returnsNever: () => false,
  isFallbackArgument: () => false,
  fieldMayBe: () => false,
  givesBackCallback: () => false,
};
