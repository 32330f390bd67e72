import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { Vocabulary } from "../settings.js";
import type { FunctionNode } from "../util/ast.js";
import type { CatchGuard, Catching } from "./catch-passage.js";
import type { Framework, ThrownOutcome } from "./frameworks.js";
import type { ClientToolCall } from "./tool-calls/types.js";
import type { TypeOracle } from "./type-oracle.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

export type { Framework, ThrownOutcome } from "./frameworks.js";
export type { ClientToolCall, ContentUse, ToolResultFlow } from "./tool-calls/types.js";

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
  | "mcp-ts-core"
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
  /**
   * The catches a throw that leaves `entry` meets before it reaches the framework, innermost first
   * (a wrapper's, a dispatcher's try around the call): empty when nothing catches it.
   */
  readonly entryGuards: readonly CatchGuard[];
  /** Source text of the request's cancellation signal inside `root`, when known. */
  readonly requestSignal: string | undefined;
  /** The parameter that receives the tool's input arguments, when known. */
  readonly argsParam: TSESTree.Parameter | undefined;
  /** The registration call or class/decorator the handler was found through. */
  readonly registration: TSESTree.Node;
  /** For an `imported` handler: a key of the registration in the other file (`file:start`). */
  readonly origin?: string;
  /** For an `imported` handler: the registration names this function itself, so the framework takes what it returns. */
  readonly registered?: boolean;
  /** For an `imported` handler: registered as a dispatcher of many tools (`setRequestHandler(CallToolRequestSchema, handle)`). */
  readonly dispatcher?: boolean;
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
  /** The catches its throws meet on the way to the framework, innermost first. */
  readonly guards: readonly CatchGuard[];
  /** The registration names this very function (the framework takes its value), not a caller of it. */
  readonly registered?: boolean;
  /** That registration dispatches many tools (the low-level `CallToolRequestSchema` handler). */
  readonly dispatcher?: boolean;
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
  /** The payload is what an error class carries from where it is constructed (`carriers.ts`). */
  readonly carrier?: { readonly name: string; readonly field: string; readonly constructions: number };
}

export interface ErrorResult {
  /**
   * The node to report: the object literal, the call to an error helper, or the flag's own object
   * when a flag is spread into the result under a condition (`...(failed ? { isError: true } : {})`;
   * then `node` is not `object`, and the same literal answers success too).
   */
  readonly node: TSESTree.Node;
  /** The result object literal (inside the helper for a helper call). */
  readonly object: TSESTree.ObjectExpression;
  /** The helper call, when the result comes from an error helper. */
  readonly helperCall: TSESTree.CallExpression | undefined;
  readonly helper: FunctionNode | undefined;
  /** The helper's file, when the helper lives in another file (typed analysis only). */
  readonly helperSource?: Readonly<TSESLint.SourceCode>;
}

/**
 * A result built in a variable and made an error later: `const response = { content: [], isError:
 * false }`, then `response.isError = true` and `response.content.push({ type: "text", text })`.
 */
export interface MutatedErrorResult {
  /** The assignment that makes the result an error (`response.isError = true`). */
  readonly node: TSESTree.AssignmentExpression;
  /** The object literal the variable starts as. */
  readonly object: TSESTree.ObjectExpression;
  /** What the function pushes into the variable's `content`, anywhere. */
  readonly pushedParts: readonly TSESTree.Node[];
  /** The variable is also used in a way that may change its payload (passed on, reassigned, other fields set). */
  readonly opaque: boolean;
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
  /** Calls of wrappers (runners) of other files (range key) -> the catches around their call of the handler (callback). */
  readonly wrappers: ReadonlyMap<string, readonly CatchGuard[]>;
  /** Imported names bound to HTTP client instances created in other files. */
  readonly instances: ReadonlyMap<string, { readonly client: "axios" | "got"; readonly hasTimeout: boolean | undefined }>;
  /** Imported functions of other files that hand a parameter to a client as its options. */
  readonly passThrough: ReadonlyMap<string, PassThrough>;
  /** Imported functions of other files that make plain text parts of the texts they are given (`formatUntrustedData(description, ...data)`). */
  readonly textBuilders: ReadonlySet<string>;
  /** Imported functions of other files whose every return is one text part whose text no JSON reader parses (`{ type: "text", text: \`Error: ${message}\` }`). */
  readonly partBuilders: ReadonlySet<string>;
  /** Imported functions of other files whose every return is an object literal, which the file stringifies (`JSON.stringify(makeSafeError(code, message))`). */
  readonly objectBuilders: ReadonlyMap<string, readonly TSESTree.ObjectExpression[]>;
  /** Imported functions of other files whose every return is a client generated from an OpenAPI description (`return createClient({ baseUrl })`). */
  readonly generatedFactories: ReadonlyMap<string, GeneratedClientFact>;
  /**
   * Imported functions of other files whose call this file returns (`catch (e) { return formatError(e) }`,
   * `return toolResponse(text)`), and whose every return is a success result literal, or one literal
   * whose `isError` is a parameter (`builder`).
   */
  readonly successHelpers: ReadonlyMap<string, ImportedSuccessHelper>;
  /** Functions of this file (range key) -> the calls on tool paths in other files that run them. */
  readonly callSites: ReadonlyMap<string, readonly ImportedCallSite[]>;
  /** Error classes the file imports or exports, by `Class.field`: the object literal every construction in the project passes for that field. */
  readonly carriers: ReadonlyMap<string, readonly TSESTree.ObjectExpression[]>;
}

/** The first success result literal of a helper of another file that returns only such results, with its file. */
export type ImportedSuccessHelper = Pick<ImportedHelperCall, "object"> & {
  readonly source: Readonly<TSESLint.SourceCode>;
  /** A builder whose `isError` is a parameter: only its calls that pass none make success results (`callMakesSuccess`). */
  readonly builder?: FunctionNode;
};

/** A call in another file, on a tool's path, of a function of this file: with that file's model, for following its value. */
export interface ImportedCallSite {
  readonly call: TSESTree.CallExpression;
  readonly model: () => McpModel;
  /** The success helpers that file imports (its own model, built by the index, does not read them). */
  readonly successHelpers?: () => ReadonlyMap<string, ImportedSuccessHelper>;
}

/** A tool result object literal: returned by some function, or built on a handler path. */
export interface ToolResult {
  readonly object: TSESTree.ObjectExpression;
  /** It carries `isError` with a value other than `false`. */
  readonly isError: boolean;
}

/** A registration whose handler lives elsewhere (an import, a registry member): for the index. */
export interface UnresolvedHandler {
  readonly expression: TSESTree.Node;
  readonly kind: HandlerKind;
  readonly toolName: string | undefined;
  readonly framework: Framework;
  readonly thrown: ThrownOutcome;
  /** The catches a wrapper of the registration puts around its call of the handler (`withErrors(run)`). */
  readonly guards: readonly CatchGuard[];
  readonly registration: TSESTree.Node;
  /** The call handed over (`createSearchHandler(sourceId)`): a factory of another file, whose functions are the handler if `expression` names none. */
  readonly factory?: TSESTree.CallExpression;
}

export interface ThrowSite {
  readonly node: TSESTree.ThrowStatement;
  /** The handlers out of which this throw escapes to the framework. */
  readonly handlers: readonly ToolHandler[];
  /**
   * The catches that wrapped the error into another on its way out (`catch (e) { throw new
   * McpError(...) }`), innermost first; empty when it reaches the framework as it was thrown.
   */
  readonly wraps: readonly Extract<Catching, { kind: "wraps" }>[];
}

export interface McpModel {
  readonly sourceCode: SourceCode;
  /** What the type checker can tell about this file (nothing, without types). */
  readonly types: TypeOracle;
  /** The file shows MCP evidence; when false every list below is empty. */
  readonly isMcpFile: boolean;
  readonly handlers: readonly ToolHandler[];
  /** The entry and root function of every handler. */
  readonly handlerFunctions: ReadonlySet<TSESTree.Node>;
  /** Tool error results: `isError` object literals and calls to same-file error helpers. */
  readonly errorResults: readonly ErrorResult[];
  /** Results made errors after they were built, on a handler path (`response.isError = true`). */
  readonly mutatedErrorResults: readonly MutatedErrorResult[];
  /** Functions whose every return is an error result; calls to them are error results. */
  readonly errorHelpers: ReadonlyMap<FunctionNode, TSESTree.ObjectExpression>;
  /** Throws that leave a handler uncaught, with the handlers they leave. */
  readonly escapingThrows: readonly ThrowSite[];
  /**
   * Throws a catch on the way stops and turns into an error result that says their own message
   * (`text: error.message`): their text is what the model reads, though they do not escape.
   */
  readonly carriedThrows: readonly ThrowSite[];
  /** Throws a catch on the way stops and answers with an error result in other words (`Error listing items: ${message}`). */
  readonly reportedThrows: readonly ThrowSite[];
  /** The handlers whose path runs through `node` (most specific first). */
  handlersAt(node: TSESTree.Node): readonly ToolHandler[];
  /** The tool name for a node, when all handlers through it agree on one. */
  toolNameAt(node: TSESTree.Node): string | undefined;
  /** The names of the tools whose paths run through a node, in registration order. */
  toolNamesAt(node: TSESTree.Node): readonly string[];
  /** Inside a dispatcher's own "unknown tool" branch (not a tool failure). */
  isUnknownToolBranch(node: TSESTree.Node): boolean;
  /** All call expressions of the file (for rules that look at external calls). */
  readonly calls: readonly TSESTree.CallExpression[];
  /** Import/require sources by local name (`axios` -> "axios"), for client recognition. */
  readonly importedFrom: ReadonlyMap<string, string>;
  /**
   * Tool result object literals (`content`, `structuredContent` or `isError`), success and error
   * alike, that a function returns or that are built on a handler path.
   */
  readonly results: readonly ToolResult[];
  /** The `catch` clauses of the file, in source order. */
  readonly catches: readonly TSESTree.CatchClause[];
  /** The calls that run a tool on an MCP server as a client, with where their results go (found on first ask). */
  clientToolCalls(): readonly ClientToolCall[];
  /** The call leaves the process (HTTP client, fetch, child process): memoized per call. */
  externalCall(call: TSESTree.CallExpression): ExternalCall | undefined;
  /** What the calls of a function pass it, as options (this file's, and those on tool paths in other files). */
  callersOf(fn: FunctionNode): readonly CallerOptions[];
  /** This file's calls that run a function of the file. */
  localCallsOf(fn: FunctionNode): readonly TSESTree.CallExpression[];
  /** The calls of a function in other files, on tool paths (typed analysis). */
  importedCallSites(fn: FunctionNode): readonly ImportedCallSite[];
  /** HTTP client instances imported from other files, by local name (typed analysis). */
  readonly importedInstances: ImportedFacts["instances"];
  /** Functions of other files that return a generated client, by local name (typed analysis). */
  readonly importedGeneratedFactories: ImportedFacts["generatedFactories"];
  /** Functions of other files that hand a parameter to a client as its options, by local name (typed analysis). */
  readonly importedPassThrough: ImportedFacts["passThrough"];
  /**
   * What other files tell the payload reader (typed analysis), by local name: functions that make
   * plain text parts of the texts they are given, functions whose every return is an object
   * literal, and the payloads error classes carry to a catch (by `Class.field`).
   */
  readonly importedPayloadFacts: Pick<ImportedFacts, "textBuilders" | "partBuilders" | "objectBuilders" | "carriers">;
  /** Functions of other files whose every return is a success result literal, by local name (typed analysis). */
  readonly importedSuccessHelpers: ImportedFacts["successHelpers"];
  /** What the program index needs to follow handler paths into other files (filled only under typed linting). */
  readonly graph: ModelGraph;
  /**
   * The payloads read so far, by result object (or, for a result made an error later, its
   * assignment) and vocabulary: `getPayload` and `getMutatedPayload` memoize here, so they go
   * with the model.
   */
  readonly payloads: Map<TSESTree.Node, Map<Vocabulary, Payload>>;
}

/** The call graph of the handler paths, for the cross-file program index. */
export interface ModelGraph {
  /** Calls made on some handler path, with the handlers whose path they are on. */
  readonly pathCalls: ReadonlyMap<TSESTree.CallExpression, readonly ToolHandler[]>;
  /**
   * Calls through which a throw of the callee may escape to the framework: per handler, the
   * catches it meets on the way (innermost first). A call whose catches stop every error is left out.
   */
  readonly escapeCalls: ReadonlyMap<TSESTree.CallExpression, ReadonlyMap<ToolHandler, readonly CatchGuard[]>>;
  /** Constructions on some handler path of classes this file does not declare (`new CruxClient()`), with their handlers. */
  readonly pathConstructions: ReadonlyMap<TSESTree.NewExpression, readonly ToolHandler[]>;
  /** Those constructions whose constructor's throws may escape: per handler, the catches on the way. */
  readonly escapeConstructions: ReadonlyMap<TSESTree.NewExpression, ReadonlyMap<ToolHandler, readonly CatchGuard[]>>;
  /** Same-file functions a call runs (empty when the callee lives elsewhere or is unknown). */
  localTargets(call: TSESTree.CallExpression): readonly FunctionNode[];
  /** Registrations whose handler is not a function of this file. */
  readonly unresolvedHandlers: readonly UnresolvedHandler[];
  /** Calls of wrappers declared in other files around a handler. */
  readonly opaqueWrapperCalls: readonly TSESTree.CallExpression[];
  /** Calls on a tool path of functions of other files that are handed a function written in place (`breaker.execute(() => run(args))`). */
  readonly runnerCalls: readonly TSESTree.CallExpression[];
}

/** `ai`: the Vercel AI SDK's model calls (`generateText`, `generateObject`, ...), bounded by `abortSignal` or `timeout`. */
export type ClientKind = "fetch" | "axios" | "got" | "http" | "child_process" | "execa" | "ai" | "custom";

export type TimeoutStatus =
  /** A timeout or signal bounds the call. */
  | "ok"
  /** No timeout at all (including `timeout: 0`). */
  | "missing"
  /** `fetch(url, { timeout })`: fetch ignores that option. */
  | "fetch-timeout-option"
  /** Only the request's cancellation signal: cancellation is not a timeout. */
  | "cancellation-only"
  /** Options we cannot see (spread, built elsewhere): say nothing. */
  | "unknown";

export interface ExternalCall {
  readonly call: TSESTree.CallExpression;
  readonly client: ClientKind;
  /** A readable name for messages: `fetch`, `axios.get`, `execFile`. */
  readonly label: string;
  readonly status: TimeoutStatus;
  /** The options object literal, when there is one. */
  readonly options: TSESTree.ObjectExpression | undefined;
  /** Where a new options argument goes when there is none (insert after this argument). */
  readonly insertOptionsAfter: TSESTree.Node | undefined;
  /** For `cancellation-only` / `fetch-timeout-option`, and a bound taken from the caller's options (`{ signal }`): the property to rewrite. */
  readonly property: TSESTree.Property | undefined;
  /** The options come from a parameter of the enclosing function (`{ ...init, headers }`): judged at its callers. */
  readonly fromCaller?: OptionsFromCaller;
}

/** A parameter that options are taken from: the function and the parameter's position. */
export interface OptionsFromCaller {
  readonly fn: FunctionNode;
  readonly index: number;
  /** `function api({ path, options = {} })`: the options are this field of the argument. */
  readonly field?: string;
}

/** What one call passes in each argument, read as options (`unknown`: a spread argument hides the positions). */
export interface CallerOptions {
  readonly args: readonly ("bounded" | "none" | "unknown")[];
  /** For an argument that is an object literal: what each of its fields passes, read as options. */
  readonly fields: readonly (Readonly<Record<string, "bounded" | "none" | "unknown">> | undefined)[];
  readonly unknown: boolean;
}

/**
 * `function run(file, args, options) { return execFileSync(file, args, options); }`: a call of it is a call of that client,
 * options at `index`. With `wraps`, a wrapper of the fetch at that argument (`withAuthRetry(nodeFetch)`) that returns fetch.
 */
export interface PassThrough {
  readonly client: ClientKind;
  readonly index: number;
  readonly wraps?: number;
}

/** A client generated from an OpenAPI description, with its instance-wide bound (undefined when its options cannot be read). */
export interface GeneratedClientFact {
  readonly kind: "openapi-client-axios" | "openapi-fetch";
  readonly hasTimeout: boolean | undefined;
}

/** How an instance was created: `axios.create({...})` / `got.extend({...})`. */
export interface Instance {
  readonly client: "axios" | "got";
  readonly hasTimeout: boolean | undefined;
}

export type { TypeOracle } from "./type-oracle.js";
