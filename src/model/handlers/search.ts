/**
 * The handler search of one file: its state (the handlers found, the dispatch edges and wrapper
 * bindings later stages follow), and how a registration's handler expression becomes a handler:
 * resolved through names, members and wrappers, given its framework, tool name and request signal.
 * The recognisers of each registration shape (registrations.ts, dispatch.ts, classes.ts) call
 * `addHandler`.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  constInitializer,
  findProperty,
  isFunctionNode,
  memberName,
  rangeKey,
  resolveFunction,
  returnsParam,
  staticKeyName,
  staticString,
  unwrap,
  wrapperCall,
} from "../../util/ast.js";
import type { CatchGuard } from "../catch-passage.js";
import type { CatchReader } from "../catches.js";
import { FRAMEWORKS, type ThrownOutcome } from "../frameworks.js";
import { classMethod } from "../targets.js";
import type { Framework, HandlerKind, ToolHandler, TypeOracle, UnresolvedHandler } from "../types.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** A handler argument resolved to the function that runs, through names and wrappers. */
interface ResolvedHandler {
  readonly root: FunctionNode;
  readonly entry: FunctionNode;
  /** The catches between the entry and the framework, innermost first. */
  readonly entryGuards: readonly CatchGuard[];
  /** For a wrapper: calls of its function parameter inside `root` run `entry`. */
  readonly wrapper: { readonly fn: FunctionNode; readonly param: string } | undefined;
  /** A wrapper we could not see through: the framework semantics of throws are unknown. */
  readonly opaqueWrapper: boolean;
}

export interface HandlerSearch {
  readonly sourceCode: SourceCode;
  /** The frameworks the file imports, where a registration shape alone cannot tell them apart. */
  readonly imports: ReadonlySet<Framework>;
  readonly handlers: ToolHandler[];
  /** Extra call edges: wrapper-returned function -> (param name -> wrapped handler). */
  readonly wrapperBindings: Map<FunctionNode, Map<string, Set<FunctionNode>>>;
  /** Nodes of a dispatcher's own "unknown tool" branch. */
  readonly unknownToolBranches: TSESTree.Node[];
  /** Extra call edges found in dispatchers: call -> the tool functions a table lookup may run. */
  readonly dispatchEdges: Map<TSESTree.CallExpression, FunctionNode[]>;
  /** Names declared as `const name = x.tool.bind(x)` (or `registerTool`) anywhere in the file. */
  readonly aliasNames: ReadonlySet<string>;
  /** Registrations whose handler expression names a function this file does not declare. */
  readonly unresolved: UnresolvedHandler[];
  /** Calls of wrappers this file does not declare (`withErrors(handler)` with an imported `withErrors`). */
  readonly opaqueWrapperCalls: TSESTree.CallExpression[];
  /** From the program index: such a wrapper call (range key) -> the catches around its call of the handler. */
  readonly wrapperFacts: ReadonlyMap<string, readonly CatchGuard[]>;
  /** Tool definitions a registration helper registers as it is given them (`register(definition) { server.addTool(definition) }`): one handler per call of the helper (helpers.ts). */
  readonly passedDefinitions: PassedDefinition[];
  /** Reads the file's catches, once each. */
  readonly catches: CatchReader;
  /** What the type checker can tell (nothing, without types). */
  readonly types: TypeOracle;
}

/** A registration of a helper's parameter as a FastMCP tool definition: the helper, and which parameter. */
export interface PassedDefinition {
  readonly helper: FunctionNode;
  readonly index: number;
}

/** Follows a handler expression to a function: inline, by name, object member, or wrapper call. */
export function resolveHandler(search: HandlerSearch, expression: TSESTree.Node, depth = 0): ResolvedHandler | undefined {
  const node = unwrap(expression);
  if (isFunctionNode(node)) {
    return { root: node, entry: node, entryGuards: [], wrapper: undefined, opaqueWrapper: false };
  }
  if (depth > 3) return undefined;
  if (node.type === AST_NODE_TYPES.Identifier) {
    const fn = resolveFunction(search.sourceCode, node);
    if (fn) return resolveHandler(search, fn, depth + 1);
    const init = constInitializer(search.sourceCode, node);
    return init ? resolveHandler(search, init, depth + 1) : undefined;
  }
  if (node.type === AST_NODE_TYPES.MemberExpression) {
    const object = unwrap(node.object);
    const name = memberName(node);
    if (name === "bind" && object.type === AST_NODE_TYPES.MemberExpression) {
      return resolveHandler(search, object, depth + 1);
    }
    // `this.handle.bind(this)`, `this.handle`: a method of the enclosing class.
    if (object.type === AST_NODE_TYPES.ThisExpression && name !== undefined) {
      const method = classMethod(node, name);
      return method ? resolveHandler(search, method, depth + 1) : undefined;
    }
    if (object.type === AST_NODE_TYPES.Identifier && name !== undefined) {
      const init = constInitializer(search.sourceCode, object);
      if (init?.type === AST_NODE_TYPES.ObjectExpression) {
        const property = findProperty(init, name);
        if (property) return resolveHandler(search, property.value, depth + 1);
      }
    }
    return undefined;
  }
  if (node.type === AST_NODE_TYPES.CallExpression) {
    // `withErrors(async (args) => ...)`: analyse the wrapped function inside the wrapper.
    const callee = unwrap(node.callee);
    if (callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "bind") {
      return resolveHandler(search, callee.object, depth + 1);
    }
    const innerIndex = wrappedHandlerIndex(node);
    if (innerIndex === -1) return undefined;
    const inner = resolveHandler(search, node.arguments[innerIndex] as TSESTree.Node, depth + 1);
    if (!inner) return undefined;
    const wrapper = sameFileWrapper(search, callee, innerIndex);
    // `gated(ok, async (args) => ...)` returning its parameter itself: the function given runs as it is.
    if (!wrapper && handsBack(search, callee, innerIndex)) return inner;
    if (!wrapper) {
      // The program index read the wrapper in its own file: it catches, or lets throws through.
      const guards = opaqueWrapperGuards(search, node);
      if (guards !== undefined) return { ...inner, entryGuards: [...inner.entryGuards, ...guards] };
      return { ...inner, opaqueWrapper: true };
    }
    const guards = search.catches.aroundParamCalls(wrapper.fn, wrapper.param) ?? [];
    return { root: wrapper.fn, entry: inner.entry, entryGuards: [...inner.entryGuards, ...guards], wrapper, opaqueWrapper: false };
  }
  return undefined;
}

/**
 * Which argument of a wrapper call is the handler it wraps: the first function written in place
 * (`withErrors(async (args) => ...)`, `wrap(toolName, async (args) => ...)`), else the first name
 * or member (`withErrors(run)`, `wrapToolHandler(tool.handler, tool.name)`).
 */
export function wrappedHandlerIndex(call: TSESTree.CallExpression): number {
  // `wrap(toolName, async (args) => ...)`: a function written in place is the handler, whatever comes before it.
  const inline = call.arguments.findIndex((argument) => isFunctionNode(unwrap(argument)));
  if (inline !== -1) return inline;
  return call.arguments.findIndex((argument) => {
    const node = unwrap(argument);
    return node.type === AST_NODE_TYPES.Identifier || (node.type === AST_NODE_TYPES.MemberExpression && !node.computed);
  });
}

/**
 * A wrapper call around a handler this file cannot see (`wrapToolHandler(tool.handler, name)`
 * with `tool` a registry entry, `withErrors(run)` with `run` imported): the handler for the
 * program index to find, with the catches the wrapper puts around its call of the handler, read
 * here for a wrapper of this file, by the index for one of another file (`thrown` is "unknown"
 * until it has).
 */
function wrappedElsewhere(
  search: HandlerSearch,
  call: TSESTree.CallExpression,
  thrown: ThrownOutcome,
): { expression: TSESTree.Node; thrown: ThrownOutcome; guards: readonly CatchGuard[]; factory?: TSESTree.CallExpression } | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "bind") return undefined;
  const index = wrappedHandlerIndex(call);
  const inner = index === -1 ? undefined : unwrap(call.arguments[index] as TSESTree.Node);
  // `createSearchHandler("main")` with no function to wrap: a factory, for the index to read.
  const elsewhere = callee.type === AST_NODE_TYPES.Identifier && !resolveFunction(search.sourceCode, callee);
  if (inner?.type !== AST_NODE_TYPES.Identifier && inner?.type !== AST_NODE_TYPES.MemberExpression) {
    return elsewhere ? { expression: call, thrown, guards: [], factory: call } : undefined;
  }
  const wrapper = sameFileWrapper(search, callee, index);
  if (wrapper) return { expression: inner, thrown, guards: search.catches.aroundParamCalls(wrapper.fn, wrapper.param) ?? [] };
  const guards = opaqueWrapperGuards(search, call);
  const factory = elsewhere && !isFunctionNode(unwrap(call.arguments[index] as TSESTree.Node)) ? call : undefined;
  return guards === undefined ? { expression: inner, thrown: "unknown", guards: [], factory } : { expression: inner, thrown, guards, factory };
}

/** The wrapper's function runs `entry` where it calls its parameter, for the tool `entry` is the handler of. */
export function bindWrapper(search: HandlerSearch, wrapper: { readonly fn: FunctionNode; readonly param: string }, entry: FunctionNode): void {
  let byParam = search.wrapperBindings.get(wrapper.fn);
  if (!byParam) search.wrapperBindings.set(wrapper.fn, (byParam = new Map<string, Set<FunctionNode>>()));
  let targets = byParam.get(wrapper.param);
  if (!targets) byParam.set(wrapper.param, (targets = new Set()));
  targets.add(entry);
}

/** A function of this file that returns its parameter at `index` unchanged. */
function handsBack(search: HandlerSearch, callee: TSESTree.Node, index: number): boolean {
  const fn = callee.type === AST_NODE_TYPES.Identifier ? resolveFunction(search.sourceCode, callee) : undefined;
  return fn !== undefined && returnsParam(search.sourceCode, fn, index);
}

/** A wrapper of this file that returns a function calling its parameter at `index`: that function and the parameter's name. */
function sameFileWrapper(search: HandlerSearch, callee: TSESTree.Node, index: number): { fn: FunctionNode; param: string } | undefined {
  const wrapperFn = callee.type === AST_NODE_TYPES.Identifier ? resolveFunction(search.sourceCode, callee) : undefined;
  return wrapperFn ? wrapperCall(wrapperFn, index) : undefined;
}

/** A wrapper call this file cannot see into: recorded for the program index, and what it read of the wrapper (undefined: nothing yet). */
function opaqueWrapperGuards(search: HandlerSearch, call: TSESTree.CallExpression): readonly CatchGuard[] | undefined {
  search.opaqueWrapperCalls.push(call);
  return search.wrapperFacts.get(rangeKey(call.range));
}

export function frameworkFor(search: HandlerSearch, kind: HandlerKind): Framework {
  const { imports } = search;
  switch (kind) {
    case "tool":
    case "registerTool":
    case "update":
      return imports.has("mcp-sdk-v2") ? "mcp-sdk-v2" : "mcp-sdk";
    case "low-level":
    case "low-level-case":
      return "mcp-sdk-low-level";
    case "addTool":
      if (imports.has("fastmcp-edge")) return "fastmcp-edge";
      return "fastmcp";
    case "mcp-framework":
      return "mcp-framework";
    case "decorator":
      return imports.has("easy-mcp") ? "easy-mcp" : "mcp-nest";
    case "mastra":
      return "mastra";
    case "xmcp":
      return "xmcp";
    case "mcp-ts-core":
      return "mcp-ts-core";
    case "call-tool-result":
    case "own-method":
    case "imported":
      return "unknown";
  }
}

/** The source text of the request's cancellation signal for a context parameter. */
export function signalOf(param: TSESTree.Parameter | undefined, path: string): string | undefined {
  if (!param) return undefined;
  if (param.type === AST_NODE_TYPES.Identifier) return `${param.name}.${path}`;
  if (param.type === AST_NODE_TYPES.ObjectPattern && path === "signal") {
    const property = param.properties.find(
      (p): p is TSESTree.Property => p.type === AST_NODE_TYPES.Property && staticKeyName(p.key, p.computed) === "signal",
    );
    if (property?.value.type === AST_NODE_TYPES.Identifier) return property.value.name;
  }
  return undefined;
}

interface AddOptions {
  readonly kind: HandlerKind;
  readonly toolName: string | undefined;
  readonly expression: TSESTree.Node;
  readonly registration: TSESTree.Node;
  /** Whether the tool declares input arguments (decides `(args, extra)` vs `(extra)`). */
  readonly hasArgs: boolean | undefined;
  readonly framework?: Framework;
}

export function addHandler(search: HandlerSearch, options: AddOptions): ToolHandler | undefined {
  const resolved = resolveHandler(search, options.expression);
  const framework = options.framework ?? frameworkFor(search, options.kind);
  if (!resolved) {
    const expression = unwrap(options.expression);
    const thrown = FRAMEWORKS[framework].thrown;
    const found =
      expression.type === AST_NODE_TYPES.Identifier || expression.type === AST_NODE_TYPES.MemberExpression
        ? { expression, thrown, guards: [] }
        : expression.type === AST_NODE_TYPES.CallExpression
          ? wrappedElsewhere(search, expression, thrown)
          : undefined;
    if (found) search.unresolved.push({ ...found, kind: options.kind, toolName: options.toolName, framework, registration: options.registration });
    return undefined;
  }
  const thrown = resolved.opaqueWrapper ? "unknown" : FRAMEWORKS[framework].thrown;
  const params = resolved.entry.params;
  let argsParam: TSESTree.Parameter | undefined;
  let contextParam: TSESTree.Parameter | undefined;
  const hasArgs = options.hasArgs ?? params.length >= 2;
  if (hasArgs) {
    argsParam = params[0];
    contextParam = params[1];
  } else {
    contextParam = params[0];
  }
  let requestSignal: string | undefined;
  switch (FRAMEWORKS[framework].requestSignal) {
    case "context.signal":
      // The low-level Server of SDK v2 has the signal where v2's McpServer has it.
      requestSignal = signalOf(contextParam, framework === "mcp-sdk-low-level" && search.imports.has("mcp-sdk-v2") ? "mcpReq.signal" : "signal");
      break;
    case "context.mcpReq.signal":
      requestSignal = signalOf(contextParam, "mcpReq.signal");
      break;
    case "this.abortSignal":
      requestSignal = "this.abortSignal";
      break;
    case "second.abortSignal":
      requestSignal = signalOf(params[1], "abortSignal");
      break;
    case "none":
      break;
  }
  if (resolved.wrapper) {
    bindWrapper(search, resolved.wrapper, resolved.entry);
    // The request context is only in scope inside the wrapped function when it is passed on.
    requestSignal = undefined;
  }
  const handler: ToolHandler = {
    kind: options.kind,
    toolName: options.toolName,
    framework,
    thrown,
    root: resolved.root,
    entry: resolved.entry,
    region: undefined,
    entryGuards: resolved.entryGuards,
    requestSignal,
    argsParam,
    registration: options.registration,
  };
  search.handlers.push(handler);
  return handler;
}

/** A tool name from a name argument: literal, constant, or undefined. */
export function toolNameOf(search: HandlerSearch, node: TSESTree.Node | undefined): string | undefined {
  if (!node) return undefined;
  const value = staticString(node);
  if (value !== undefined) return value;
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Identifier) {
    const init = constInitializer(search.sourceCode, n);
    return init ? staticString(init) : undefined;
  }
  // `name || "web_fetch_exa"`: a register function that lets callers rename the tool; the default
  // is the name it has unless a caller says otherwise.
  if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator !== "&&") return staticString(n.right);
  return undefined;
}
