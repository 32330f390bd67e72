/**
 * Finds the tool handlers of one file, in every registration shape of the TypeScript MCP
 * frameworks (see docs/handler-shapes.md). Only same-file resolution happens here; anything the
 * file does not show is left out rather than guessed.
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  constInitializer,
  findProperty,
  findVariable,
  forEachChild,
  isFunctionNode,
  isInside,
  memberName,
  memberPath,
  ownReturnStatements,
  resolveFunction,
  staticKeyName,
  staticString,
  unwrap,
} from "../util/ast.js";
import { isMethodOfNonMcpDependency } from "../typed/receiver.js";
import { FRAMEWORKS } from "./frameworks.js";
import type { Framework, HandlerKind, ToolHandler, UnresolvedHandler } from "./types.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** What the file's imports say about the frameworks in use. */
export interface ImportFacts {
  readonly sdkV2: boolean;
  readonly fastmcpEdge: boolean;
  readonly litemcp: boolean;
  readonly tmcp: boolean;
  readonly mcpLite: boolean;
  readonly mcpUse: boolean;
  readonly easyMcp: boolean;
  readonly xmcp: boolean;
}

export function readImportFacts(sources: readonly string[]): ImportFacts {
  const facts = { sdkV2: false, fastmcpEdge: false, litemcp: false, tmcp: false, mcpLite: false, mcpUse: false, easyMcp: false, xmcp: false };
  // One pass over the import sources (most files import none of these).
  for (const s of sources) {
    if (s === "@modelcontextprotocol/server" || s.startsWith("@modelcontextprotocol/server/")) facts.sdkV2 = true;
    else if (s === "fastmcp/edge") facts.fastmcpEdge = true;
    else if (s === "litemcp") facts.litemcp = true;
    else if (s === "tmcp" || s.startsWith("tmcp/")) facts.tmcp = true;
    else if (s === "mcp-lite") facts.mcpLite = true;
    else if (s === "mcp-use" || s.startsWith("mcp-use/")) facts.mcpUse = true;
    else if (s === "easy-mcp") facts.easyMcp = true;
    else if (s === "xmcp" || s.startsWith("xmcp/")) facts.xmcp = true;
  }
  return facts;
}

/** A handler argument resolved to the function that runs, through names and wrappers. */
interface ResolvedHandler {
  readonly root: FunctionNode;
  readonly entry: FunctionNode;
  readonly entryCaught: boolean;
  /** For a wrapper: calls of its function parameter inside `root` run `entry`. */
  readonly wrapper: { readonly fn: FunctionNode; readonly param: string } | undefined;
  /** A wrapper we could not see through: the framework semantics of throws are unknown. */
  readonly opaqueWrapper: boolean;
}

export interface HandlerSearch {
  readonly sourceCode: SourceCode;
  readonly imports: ImportFacts;
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
  /** From the program index: such a wrapper call (range key) -> whether the wrapper catches. */
  readonly wrapperFacts: ReadonlyMap<string, boolean>;
}

/** The names bound to a `.tool.bind(...)` / `.registerTool.bind(...)` call among these calls. */
export function collectAliasNames(calls: readonly TSESTree.CallExpression[]): Set<string> {
  const names = new Set<string>();
  for (const call of calls) {
    const parent = call.parent;
    if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier && bindAlias(call)) {
      names.add(parent.id.name);
    }
  }
  return names;
}

/** Follows a handler expression to a function: inline, by name, object member, or wrapper call. */
function resolveHandler(search: HandlerSearch, expression: TSESTree.Node, depth = 0): ResolvedHandler | undefined {
  const node = unwrap(expression);
  if (isFunctionNode(node)) {
    return { root: node, entry: node, entryCaught: false, wrapper: undefined, opaqueWrapper: false };
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
    const innerIndex = node.arguments.findIndex((a) => isFunctionNode(unwrap(a)) || a.type === AST_NODE_TYPES.Identifier);
    if (innerIndex === -1) return undefined;
    const inner = resolveHandler(search, node.arguments[innerIndex] as TSESTree.Node, depth + 1);
    if (!inner) return undefined;
    const wrapperFn = callee.type === AST_NODE_TYPES.Identifier ? resolveFunction(search.sourceCode, callee) : undefined;
    const param = wrapperFn?.params[innerIndex];
    const returned = wrapperFn ? returnedFunction(wrapperFn) : undefined;
    if (!wrapperFn || param?.type !== AST_NODE_TYPES.Identifier || !returned) {
      search.opaqueWrapperCalls.push(node);
      // The program index read the wrapper in its own file: it catches, or lets throws through.
      const caught = search.wrapperFacts.get(`${String(node.range[0])}:${String(node.range[1])}`);
      if (caught !== undefined) return { ...inner, entryCaught: inner.entryCaught || caught };
      return { ...inner, opaqueWrapper: true };
    }
    const caught = callsParamInsideTry(search.sourceCode, returned, param.name);
    return { root: returned, entry: inner.entry, entryCaught: caught, wrapper: { fn: returned, param: param.name }, opaqueWrapper: false };
  }
  return undefined;
}

/** The function a higher-order function returns (`fn => async (...a) => ...`). */
export function returnedFunction(fn: FunctionNode): FunctionNode | undefined {
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) {
    const body = unwrap(fn.body);
    return isFunctionNode(body) ? body : undefined;
  }
  for (const statement of fn.body.body) {
    if (statement.type === AST_NODE_TYPES.ReturnStatement && statement.argument) {
      const argument = unwrap(statement.argument);
      if (isFunctionNode(argument)) return argument;
    }
  }
  return undefined;
}

/**
 * Whether every call of `param` inside `fn` sits in a `try` block whose `catch` does something
 * with the error; a `catch` that only records it and rethrows it (`throw error`) lets it through.
 */
export function callsParamInsideTry(sourceCode: SourceCode, fn: FunctionNode, param: string): boolean {
  const state = { found: false, allCaught: true };
  const visit = (node: TSESTree.Node): void => {
    if (node.type === AST_NODE_TYPES.CallExpression) {
      const callee = unwrap(node.callee);
      if (callee.type === AST_NODE_TYPES.Identifier && callee.name === param) {
        state.found = true;
        const caughtBy = catchingTry(node, fn);
        if (!caughtBy || rethrowsUnchanged(caughtBy)) state.allCaught = false;
      }
    }
    forEachChild(node, sourceCode.visitorKeys, visit);
  };
  visit(fn.body);
  return state.found && state.allCaught;
}

/**
 * Whether the `catch` of `statement` ends by rethrowing what it caught
 * (`catch (error) { span.recordException(error); throw error; }`), and neither it nor a
 * `finally` returns instead.
 */
function rethrowsUnchanged(statement: TSESTree.TryStatement): boolean {
  const clause = statement.handler;
  if (clause?.param?.type !== AST_NODE_TYPES.Identifier) return false;
  const last = clause.body.body.at(-1);
  if (last?.type !== AST_NODE_TYPES.ThrowStatement) return false;
  const thrown = unwrap(last.argument);
  if (thrown.type !== AST_NODE_TYPES.Identifier || thrown.name !== clause.param.name) return false;
  return ownReturnStatements(clause.body).length === 0 && (!statement.finalizer || ownReturnStatements(statement.finalizer).length === 0);
}

/** Whether `node` sits in the `try` block of a try/catch inside `boundary` (not crossing functions). */
export function isCaughtWithin(node: TSESTree.Node, boundary: TSESTree.Node): boolean {
  return catchingTry(node, boundary) !== undefined;
}

/** The innermost try/catch inside `boundary` (not crossing functions) whose `try` block holds `node`. */
function catchingTry(node: TSESTree.Node, boundary: TSESTree.Node): TSESTree.TryStatement | undefined {
  let child: TSESTree.Node = node;
  let current = node.parent;
  while (current && current !== boundary) {
    if (current.type === AST_NODE_TYPES.TryStatement && current.handler && current.block === child) {
      return current;
    }
    if (isFunctionNode(current)) return undefined;
    child = current;
    current = current.parent;
  }
  return undefined;
}

function frameworkFor(search: HandlerSearch, kind: HandlerKind): Framework {
  const { imports } = search;
  switch (kind) {
    case "tool":
    case "registerTool":
    case "update":
      return imports.sdkV2 ? "mcp-sdk-v2" : "mcp-sdk";
    case "low-level":
    case "low-level-case":
      return "mcp-sdk-low-level";
    case "addTool":
      if (imports.fastmcpEdge) return "fastmcp-edge";
      return "fastmcp";
    case "mcp-framework":
      return "mcp-framework";
    case "decorator":
      return imports.easyMcp ? "easy-mcp" : "mcp-nest";
    case "mastra":
      return "mastra";
    case "xmcp":
      return "xmcp";
    case "call-tool-result":
    case "own-method":
    case "imported":
      return "unknown";
  }
}

/** The source text of the request's cancellation signal for a context parameter. */
function signalOf(param: TSESTree.Parameter | undefined, path: string): string | undefined {
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

function addHandler(search: HandlerSearch, options: AddOptions): ToolHandler | undefined {
  const resolved = resolveHandler(search, options.expression);
  const framework = options.framework ?? frameworkFor(search, options.kind);
  if (!resolved) {
    const expression = unwrap(options.expression);
    if (expression.type === AST_NODE_TYPES.Identifier || expression.type === AST_NODE_TYPES.MemberExpression) {
      search.unresolved.push({ expression, kind: options.kind, toolName: options.toolName, framework, thrown: FRAMEWORKS[framework].thrown, registration: options.registration });
    }
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
      requestSignal = signalOf(contextParam, framework === "mcp-sdk-low-level" && search.imports.sdkV2 ? "mcpReq.signal" : "signal");
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
    let byParam = search.wrapperBindings.get(resolved.wrapper.fn);
    if (!byParam) search.wrapperBindings.set(resolved.wrapper.fn, (byParam = new Map<string, Set<FunctionNode>>()));
    let targets = byParam.get(resolved.wrapper.param);
    if (!targets) byParam.set(resolved.wrapper.param, (targets = new Set()));
    targets.add(resolved.entry);
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
    entryCaught: resolved.entryCaught,
    requestSignal,
    argsParam,
    registration: options.registration,
  };
  search.handlers.push(handler);
  return handler;
}

/** A tool name from a name argument: literal, constant, or undefined. */
function toolNameOf(search: HandlerSearch, node: TSESTree.Node | undefined): string | undefined {
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

/** SDK v1 `tool()` middle arguments: is any of them a params schema (vs. description/annotations)? */
function toolOverloadHasSchema(middle: readonly TSESTree.CallExpressionArgument[]): boolean | undefined {
  for (const argument of middle) {
    const node = unwrap(argument);
    if (node.type === AST_NODE_TYPES.Literal || node.type === AST_NODE_TYPES.TemplateLiteral) continue;
    if (node.type === AST_NODE_TYPES.ObjectExpression) {
      // An empty object counts as a raw shape; an object of primitives only is annotations.
      if (node.properties.length === 0) return true;
      const primitivesOnly = node.properties.every(
        (p) => p.type === AST_NODE_TYPES.Property && unwrap(p.value).type === AST_NODE_TYPES.Literal,
      );
      if (!primitivesOnly) return true;
      continue;
    }
    // An identifier or `schema.shape`: most likely a schema; the handler's arity decides.
    return undefined;
  }
  return false;
}

/** Aliases such as `const reg = server.tool.bind(server)`. */
export function bindAlias(init: TSESTree.Node): "tool" | "registerTool" | undefined {
  const node = unwrap(init);
  if (node.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrap(node.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "bind") return undefined;
  const target = unwrap(callee.object);
  if (target.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const name = memberName(target);
  return name === "tool" || name === "registerTool" ? name : undefined;
}

/** Registration methods whose receiver the checker can confirm. */
const TYPED_RECEIVER_METHODS = new Set(["tool", "registerTool", "addTool"]);

/** Recognises a registration call; adds its handler. */
export function visitRegistrationCall(search: HandlerSearch, call: TSESTree.CallExpression): void {
  const callee = unwrap(call.callee);
  let method: string | undefined;
  if (callee.type === AST_NODE_TYPES.MemberExpression) {
    method = memberName(callee);
    // With types: a `tool` method of a dependency that is no MCP framework registers no MCP tool.
    if (method !== undefined && TYPED_RECEIVER_METHODS.has(method) && isMethodOfNonMcpDependency(search.sourceCode, callee, method)) return;
  } else if (callee.type === AST_NODE_TYPES.Identifier) {
    if (callee.name === "createTool") method = "createTool";
    else if (search.aliasNames.has(callee.name)) {
      // Only names bound to `x.tool.bind(x)` somewhere in the file are worth resolving.
      const init = constInitializer(search.sourceCode, callee);
      method = init ? bindAlias(init) : undefined;
    }
  }
  if (method === undefined) return;
  const args = call.arguments;
  const last = args.at(-1);
  switch (method) {
    case "tool": {
      if (!last || args.length < 2) return;
      const first = unwrap(args[0] as TSESTree.Node);
      const lastNode = unwrap(last);
      if (first.type === AST_NODE_TYPES.ObjectExpression) {
        // tmcp / mcp-use: `server.tool({ name, schema }, execute)`.
        const name = findProperty(first, "name");
        const framework: Framework = search.imports.tmcp ? "tmcp" : search.imports.mcpUse ? "mcp-sdk-v2" : "unknown";
        const hasSchema = findProperty(first, "schema") ?? findProperty(first, "inputSchema");
        addHandler(search, { kind: "tool", toolName: name ? toolNameOf(search, name.value) : undefined, expression: last, registration: call, hasArgs: hasSchema !== undefined, framework });
        return;
      }
      if (lastNode.type === AST_NODE_TYPES.ObjectExpression) {
        // mcp-lite: `mcp.tool(name, { handler })`.
        const handler = findProperty(lastNode, "handler");
        if (handler) {
          addHandler(search, { kind: "tool", toolName: toolNameOf(search, args[0]), expression: handler.value, registration: call, hasArgs: true, framework: search.imports.mcpLite ? "mcp-lite" : "unknown" });
        }
        return;
      }
      addHandler(search, { kind: "tool", toolName: toolNameOf(search, args[0]), expression: last, registration: call, hasArgs: toolOverloadHasSchema(args.slice(1, -1)) });
      return;
    }
    case "registerTool": {
      if (args.length !== 3 || !last) return;
      const config = unwrap(args[1] as TSESTree.Node);
      let hasArgs: boolean | undefined;
      if (config.type === AST_NODE_TYPES.ObjectExpression) {
        hasArgs = findProperty(config, "inputSchema") !== undefined ? true : config.properties.some((p) => p.type === AST_NODE_TYPES.SpreadElement) ? undefined : false;
      }
      addHandler(search, { kind: "registerTool", toolName: toolNameOf(search, args[0]), expression: last, registration: call, hasArgs });
      return;
    }
    case "update": {
      const object = callee.type === AST_NODE_TYPES.MemberExpression ? unwrap(callee.object) : undefined;
      const argument = args[0] ? unwrap(args[0]) : undefined;
      if (object?.type !== AST_NODE_TYPES.Identifier || argument?.type !== AST_NODE_TYPES.ObjectExpression) return;
      const registered = constInitializer(search.sourceCode, object);
      if (registered?.type !== AST_NODE_TYPES.CallExpression) return;
      const registeredCallee = unwrap(registered.callee);
      const registeredMethod = registeredCallee.type === AST_NODE_TYPES.MemberExpression ? memberName(registeredCallee) : undefined;
      if (registeredMethod !== "tool" && registeredMethod !== "registerTool") return;
      const callback = findProperty(argument, "callback");
      if (!callback) return;
      addHandler(search, { kind: "update", toolName: toolNameOf(search, registered.arguments[0]), expression: callback.value, registration: call, hasArgs: undefined });
      return;
    }
    case "addTool":
    case "addTools": {
      const argument = args[0] ? unwrap(args[0]) : undefined;
      const definitions =
        argument?.type === AST_NODE_TYPES.ArrayExpression ? argument.elements : argument ? [argument] : [];
      for (const element of definitions) {
        if (!element) continue;
        let definition = unwrap(element);
        if (definition.type === AST_NODE_TYPES.Identifier) definition = constInitializer(search.sourceCode, definition) ?? definition;
        if (definition.type !== AST_NODE_TYPES.ObjectExpression) continue;
        const execute = findProperty(definition, "execute");
        if (!execute) continue;
        const name = findProperty(definition, "name");
        addHandler(search, {
          kind: "addTool",
          toolName: name ? toolNameOf(search, name.value) : undefined,
          expression: execute.value,
          registration: definition,
          hasArgs: true,
          framework: search.imports.fastmcpEdge ? "fastmcp-edge" : "fastmcp",
        });
      }
      return;
    }
    case "createTool": {
      const argument = args[0] ? unwrap(args[0]) : undefined;
      if (argument?.type !== AST_NODE_TYPES.ObjectExpression) return;
      const execute = findProperty(argument, "execute");
      const id = findProperty(argument, "id");
      if (!execute || !id) return;
      addHandler(search, { kind: "mastra", toolName: toolNameOf(search, id.value), expression: execute.value, registration: call, hasArgs: true });
      return;
    }
    case "setRequestHandler": {
      const schema = args[0] ? unwrap(args[0]) : undefined;
      if (!schema || !last || args.length !== 2) return;
      const isCallTool =
        staticString(schema) === "tools/call" ||
        (schema.type === AST_NODE_TYPES.Identifier && schema.name === "CallToolRequestSchema") ||
        (schema.type === AST_NODE_TYPES.MemberExpression && memberName(schema) === "CallToolRequestSchema");
      if (!isCallTool) return;
      const dispatcher = addHandler(search, { kind: "low-level", toolName: undefined, expression: last, registration: call, hasArgs: true });
      if (dispatcher) findDispatch(search, dispatcher, dispatcher.entry, nameBindings(dispatcher.entry), dispatcher.entryCaught, 0);
      return;
    }
    default:
      // `context.accountTool("list_scans", { inputSchema }, async (args) => ...)`.
      if (callee.type === AST_NODE_TYPES.MemberExpression && isOwnRegistration(search, callee, method, args)) {
        addHandler(search, { kind: "own-method", toolName: toolNameOf(search, args[0]), expression: args[2] as TSESTree.Node, registration: call, hasArgs: true });
      }
      return;
  }
}

/**
 * A registration method of the project's own, recognised by its shape alone: a method whose name
 * says tool, called with a literal (or `const`) tool name, a config object that declares an
 * `inputSchema`, and an inline handler. What it does with a thrown error is unknown, so throws
 * are not judged.
 */
function isOwnRegistration(search: HandlerSearch, callee: TSESTree.MemberExpression, method: string, args: readonly TSESTree.CallExpressionArgument[]): boolean {
  if (args.length !== 3 || !/tool/i.test(method)) return false;
  const [name, config, handler] = args.map((a) => unwrap(a));
  if (!name || toolNameOf(search, name) === undefined || !isFunctionNode(handler)) return false;
  if (config?.type !== AST_NODE_TYPES.ObjectExpression || !findProperty(config, "inputSchema")) return false;
  // With types: a method of a dependency that is no MCP framework registers no MCP tool.
  return !isMethodOfNonMcpDependency(search.sourceCode, callee, method);
}

/** How the tool name is read inside a dispatcher: variable names and `request.params.name` paths. */
interface NameBindings {
  readonly names: ReadonlySet<string>;
  readonly paths: ReadonlySet<string>;
}

function nameBindings(fn: FunctionNode): NameBindings {
  const names = new Set<string>();
  const paths = new Set<string>();
  const request = fn.params[0];
  if (request?.type === AST_NODE_TYPES.Identifier) {
    paths.add(`${request.name}.params.name`);
  } else if (request?.type === AST_NODE_TYPES.ObjectPattern) {
    // `async ({ params }) => ...` or `({ params: { name } })`.
    for (const p of request.properties) {
      if (p.type !== AST_NODE_TYPES.Property || staticKeyName(p.key, p.computed) !== "params") continue;
      if (p.value.type === AST_NODE_TYPES.Identifier) paths.add(`${p.value.name}.name`);
      if (p.value.type === AST_NODE_TYPES.ObjectPattern) collectNamePattern(p.value, names);
    }
  }
  if (fn.body.type === AST_NODE_TYPES.BlockStatement) {
    collectNameDeclarations(fn.body, paths, names);
  }
  return { names, paths };
}

function collectNamePattern(pattern: TSESTree.ObjectPattern, names: Set<string>): void {
  for (const p of pattern.properties) {
    if (p.type !== AST_NODE_TYPES.Property || staticKeyName(p.key, p.computed) !== "name") continue;
    const value = p.value.type === AST_NODE_TYPES.AssignmentPattern ? p.value.left : p.value;
    if (value.type === AST_NODE_TYPES.Identifier) names.add(value.name);
  }
}

/** `const { name } = request.params`, `const toolName = request.params.name` and the like. */
function collectNameDeclarations(block: TSESTree.BlockStatement, paths: Set<string>, names: Set<string>): void {
  const statements: TSESTree.Statement[] = [...block.body];
  for (const statement of block.body) {
    if (statement.type === AST_NODE_TYPES.TryStatement) statements.push(...statement.block.body);
  }
  for (const statement of statements) {
    if (statement.type !== AST_NODE_TYPES.VariableDeclaration) continue;
    for (const declarator of statement.declarations) {
      if (!declarator.init) continue;
      const init = memberPath(declarator.init);
      if (init === undefined) continue;
      if (declarator.id.type === AST_NODE_TYPES.Identifier && paths.has(init)) names.add(declarator.id.name);
      if (declarator.id.type === AST_NODE_TYPES.ObjectPattern) {
        if ([...paths].some((p) => p === `${init}.name`)) collectNamePattern(declarator.id, names);
        // `const { params } = request` then `params.name`.
        for (const p of declarator.id.properties) {
          if (p.type === AST_NODE_TYPES.Property && staticKeyName(p.key, p.computed) === "params" && p.value.type === AST_NODE_TYPES.Identifier && paths.has(`${init}.params.name`)) {
            paths.add(`${p.value.name}.name`);
          }
        }
      }
    }
  }
}

/** The call's first argument is the request parameter of `fn` (the whole request, handed on). */
function passesRequest(call: TSESTree.CallExpression, fn: FunctionNode): boolean {
  const request = fn.params[0];
  const first = call.arguments[0];
  return request?.type === AST_NODE_TYPES.Identifier && first?.type === AST_NODE_TYPES.Identifier && first.name === request.name;
}

function isNameExpression(node: TSESTree.Node, bindings: NameBindings): boolean {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Identifier) return bindings.names.has(n.name);
  const path = memberPath(n);
  return path !== undefined && bindings.paths.has(path);
}

/** `name === "x"` (either side) -> "x". */
function nameComparison(test: TSESTree.Node, bindings: NameBindings): string | undefined {
  const n = unwrap(test);
  if (n.type !== AST_NODE_TYPES.BinaryExpression || (n.operator !== "===" && n.operator !== "==")) return undefined;
  if (isNameExpression(n.left, bindings)) return staticString(n.right);
  if (isNameExpression(n.right, bindings)) return staticString(n.left);
  return undefined;
}

/** Adds one handler per dispatched tool: switch cases, if chains, table lookups, delegation. */
function findDispatch(
  search: HandlerSearch,
  dispatcher: ToolHandler,
  fn: FunctionNode,
  bindings: NameBindings,
  entryCaught: boolean,
  depth: number,
): void {
  if (bindings.names.size === 0 && bindings.paths.size === 0) return;
  const addCase = (toolName: string, region: TSESTree.Node): void => {
    search.handlers.push({
      ...dispatcher,
      kind: "low-level-case",
      toolName,
      entry: fn,
      region,
      entryCaught: entryCaught || isCaughtWithin(region, fn),
      // In a function the dispatcher delegates to, its context parameter is not in scope.
      requestSignal: fn === dispatcher.entry ? dispatcher.requestSignal : undefined,
    });
  };
  const visit = (node: TSESTree.Node): void => {
    if (node !== fn && isFunctionNode(node)) return;
    switch (node.type) {
      case AST_NODE_TYPES.SwitchStatement:
        if (isNameExpression(node.discriminant, bindings)) {
          for (const c of node.cases) {
            if (!c.test) {
              search.unknownToolBranches.push(c);
              continue;
            }
            const name = staticString(c.test);
            if (name !== undefined) addCase(name, c);
          }
        }
        break;
      case AST_NODE_TYPES.IfStatement: {
        const name = nameComparison(node.test, bindings);
        if (name !== undefined) {
          addCase(name, node.consequent);
          let alternate = node.alternate;
          while (alternate?.type === AST_NODE_TYPES.IfStatement) {
            const next = nameComparison(alternate.test, bindings);
            if (next === undefined) break;
            addCase(next, alternate.consequent);
            alternate = alternate.alternate;
          }
          if (alternate && alternate.type !== AST_NODE_TYPES.IfStatement) search.unknownToolBranches.push(alternate);
          if (alternate) visit(alternate);
          visit(node.consequent);
          return;
        }
        break;
      }
      case AST_NODE_TYPES.MemberExpression:
        if (node.computed && isNameExpression(node.property, bindings)) visitTableLookup(search, dispatcher, fn, node, entryCaught);
        break;
      case AST_NODE_TYPES.CallExpression: {
        // `handleToolCall(request.params.name, args)`: the callee dispatches on its parameter.
        const callee = unwrap(node.callee);
        const index = node.arguments.findIndex((a) => isNameExpression(a, bindings));
        // `const operation = this.findOperation(name); if (!operation) throw ...`: a lookup by the
        // name alone, and the branch where it found nothing is the unknown-tool branch.
        if ((index === 0 && node.arguments.length === 1) || findsByName(node, bindings)) visitNameLookup(search, node);
        if (index !== -1 && callee.type === AST_NODE_TYPES.Identifier && depth < 2) {
          const target = resolveFunction(search.sourceCode, callee);
          const param = target?.params[index];
          if (target && param?.type === AST_NODE_TYPES.Identifier) {
            findDispatch(search, dispatcher, target, { names: new Set([param.name]), paths: new Set() }, entryCaught || isCaughtWithin(node, fn), depth + 1);
          }
        } else if (index === -1 && callee.type === AST_NODE_TYPES.Identifier && depth < 2 && passesRequest(node, fn)) {
          // `handleCallToolRequest(request)`: the callee reads the name from the request itself.
          const target = resolveFunction(search.sourceCode, callee);
          if (target) findDispatch(search, dispatcher, target, nameBindings(target), entryCaught || isCaughtWithin(node, fn), depth + 1);
        }
        break;
      }
      default:
        break;
    }
    forEachChild(node, search.sourceCode.visitorKeys, visit);
  };
  visit(fn.body);
}

/** `tools.find((t) => t.name === name)`: a search of a list by the tool name. */
function findsByName(call: TSESTree.CallExpression, bindings: NameBindings): boolean {
  const callee = unwrap(call.callee);
  const predicate = call.arguments.length === 1 ? unwrap(call.arguments[0] as TSESTree.Node) : undefined;
  if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "find" || predicate?.type !== AST_NODE_TYPES.ArrowFunctionExpression || predicate.body.type === AST_NODE_TYPES.BlockStatement) return false;
  /** Some comparison of the name, alone or among `||` alternatives (`t.name === name || t.alias === name`). */
  const compares = (test: TSESTree.Node): boolean => {
    const n = unwrap(test);
    if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator === "||") return compares(n.left) || compares(n.right);
    return n.type === AST_NODE_TYPES.BinaryExpression && (n.operator === "===" || n.operator === "==") && (isNameExpression(n.left, bindings) || isNameExpression(n.right, bindings));
  };
  return compares(predicate.body);
}

/** `const x = lookUp(name)` (awaited or not): its `if (!x)` branches are unknown-tool branches. */
function visitNameLookup(search: HandlerSearch, call: TSESTree.CallExpression): void {
  let value: TSESTree.Node = call;
  if (value.parent.type === AST_NODE_TYPES.AwaitExpression) value = value.parent;
  const declarator = value.parent;
  if (declarator.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== value || declarator.id.type !== AST_NODE_TYPES.Identifier) return;
  const variable = findVariable(search.sourceCode, declarator.id);
  if (variable) markMissingLookup(search, variable);
}

/** The consequents of `if (!x)` on a variable that holds what a lookup by tool name found. */
function markMissingLookup(search: HandlerSearch, variable: TSESLint.Scope.Variable): void {
  for (const reference of variable.references) {
    const test = reference.identifier.parent;
    if (test.type === AST_NODE_TYPES.UnaryExpression && test.operator === "!" && test.parent.type === AST_NODE_TYPES.IfStatement && test.parent.test === test) {
      search.unknownToolBranches.push(test.parent.consequent);
    }
  }
}

/** `handlers[name]`: each function of the same-file table is a tool, keyed by its property name. */
function visitTableLookup(
  search: HandlerSearch,
  dispatcher: ToolHandler,
  fn: FunctionNode,
  lookup: TSESTree.MemberExpression,
  entryCaught: boolean,
): void {
  const table = unwrap(lookup.object);
  if (table.type !== AST_NODE_TYPES.Identifier) return;
  const init = constInitializer(search.sourceCode, table);
  if (init?.type !== AST_NODE_TYPES.ObjectExpression) return;
  // Where is the looked-up function called? `handlers[name](args)` or `const h = handlers[name]; h(args)`.
  let call: TSESTree.CallExpression | undefined;
  const parent = lookup.parent;
  if (parent.type === AST_NODE_TYPES.CallExpression && parent.callee === lookup) call = parent;
  let caught = entryCaught;
  if (call) caught ||= isCaughtWithin(call, fn);
  else if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier) {
    const variable = findVariable(search.sourceCode, parent.id);
    const use = variable?.references.find((r) => r.identifier.parent.type === AST_NODE_TYPES.CallExpression && r.identifier.parent.callee === r.identifier);
    if (use) {
      call = use.identifier.parent as TSESTree.CallExpression;
      caught ||= isCaughtWithin(call, fn);
    }
    // `if (!handler) throw ...` is the unknown-tool branch.
    if (variable) markMissingLookup(search, variable);
  }
  // The table function receives the request context when the dispatcher passes its own along.
  const [contextName, ...signalPath] = (dispatcher.requestSignal ?? "").split(".");
  const contextIndex = call?.arguments.findIndex((a) => a.type === AST_NODE_TYPES.Identifier && a.name === contextName) ?? -1;
  const targets: FunctionNode[] = [];
  for (const property of init.properties) {
    if (property.type !== AST_NODE_TYPES.Property) continue;
    const name = staticKeyName(property.key, property.computed);
    const resolved = resolveHandler(search, property.value);
    if (name === undefined || !resolved) continue;
    targets.push(resolved.entry);
    // The table function has its own parameters: the dispatcher's context name is not in scope.
    const param = contextIndex === -1 ? undefined : resolved.entry.params[contextIndex];
    const requestSignal = signalPath.length > 0 ? signalOf(param, signalPath.join(".")) : undefined;
    search.handlers.push({ ...dispatcher, kind: "low-level-case", toolName: name, entry: resolved.entry, region: undefined, entryCaught: caught || resolved.entryCaught, requestSignal });
  }
  if (call && targets.length > 0) search.dispatchEdges.set(call, targets);
}

/** mcp-framework `class X extends MCPTool { execute() }` and `@Tool()`-decorated methods. */
export function visitClass(search: HandlerSearch, node: TSESTree.ClassDeclaration | TSESTree.ClassExpression): void {
  const superClass = node.superClass ? unwrap(node.superClass) : undefined;
  const isMcpTool = superClass?.type === AST_NODE_TYPES.Identifier && superClass.name === "MCPTool";
  let toolName: string | undefined;
  if (isMcpTool) {
    for (const member of node.body.body) {
      if (member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && staticKeyName(member.key, member.computed) === "name" && member.value) {
        toolName = staticString(member.value);
      }
    }
  }
  for (const member of node.body.body) {
    if (member.type !== AST_NODE_TYPES.MethodDefinition && member.type !== AST_NODE_TYPES.PropertyDefinition) continue;
    const value = member.value ? unwrap(member.value) : undefined;
    if (!isFunctionNode(value)) continue;
    if (isMcpTool && !member.static && staticKeyName(member.key, member.computed) === "execute") {
      addHandler(search, { kind: "mcp-framework", toolName, expression: value, registration: node, hasArgs: true });
      continue;
    }
    for (const decorator of member.decorators) {
      const expression = unwrap(decorator.expression);
      const decoratorCall = expression.type === AST_NODE_TYPES.CallExpression ? expression : undefined;
      const callee = decoratorCall ? unwrap(decoratorCall.callee) : expression;
      if (callee.type !== AST_NODE_TYPES.Identifier || callee.name !== "Tool") continue;
      const options = decoratorCall?.arguments[0] ? unwrap(decoratorCall.arguments[0]) : undefined;
      const name = options?.type === AST_NODE_TYPES.ObjectExpression ? findProperty(options, "name") : undefined;
      addHandler(search, {
        kind: "decorator",
        toolName: name ? toolNameOf(search, name.value) : staticKeyName(member.key, member.computed),
        expression: value,
        registration: decorator,
        hasArgs: true,
      });
    }
  }
}

/** xmcp: `export default` handler beside `export const metadata`/`schema`, in a file that imports xmcp. */
export function visitXmcpModule(search: HandlerSearch, program: TSESTree.Program): void {
  if (!search.imports.xmcp) return;
  let handler: TSESTree.Node | undefined;
  let metadata: TSESTree.ObjectExpression | undefined;
  let exportsSchema = false;
  for (const statement of program.body) {
    if (statement.type === AST_NODE_TYPES.ExportDefaultDeclaration) handler = statement.declaration;
    if (statement.type === AST_NODE_TYPES.ExportNamedDeclaration && statement.declaration?.type === AST_NODE_TYPES.VariableDeclaration) {
      for (const declarator of statement.declaration.declarations) {
        if (declarator.id.type !== AST_NODE_TYPES.Identifier || !declarator.init) continue;
        if (declarator.id.name === "metadata") {
          exportsSchema = true;
          const init = unwrap(declarator.init);
          if (init.type === AST_NODE_TYPES.ObjectExpression) metadata = init;
        }
        if (declarator.id.name === "schema") exportsSchema = true;
      }
    }
  }
  if (!handler || !exportsSchema) return;
  const name = metadata ? findProperty(metadata, "name") : undefined;
  addHandler(search, { kind: "xmcp", toolName: name ? toolNameOf(search, name.value) : undefined, expression: handler, registration: handler, hasArgs: true });
}

/** A function whose declared return type names `CallToolResult` (`Promise<CallToolResult>` too). */
export function returnsCallToolResult(fn: FunctionNode): boolean {
  const annotation = fn.returnType?.typeAnnotation;
  if (!annotation) return false;
  let found = false;
  const visit = (node: TSESTree.Node): void => {
    if (found) return;
    if (node.type === AST_NODE_TYPES.TSTypeReference) {
      const name = node.typeName.type === AST_NODE_TYPES.Identifier ? node.typeName.name : node.typeName.type === AST_NODE_TYPES.TSQualifiedName ? node.typeName.right.name : undefined;
      if (name === "CallToolResult") {
        found = true;
        return;
      }
      for (const parameter of node.typeArguments?.params ?? []) visit(parameter);
    } else if (node.type === AST_NODE_TYPES.TSUnionType) {
      for (const t of node.types) visit(t);
    }
  };
  visit(annotation);
  return found;
}

export function addCallToolResultFunction(search: HandlerSearch, fn: FunctionNode): void {
  if (search.handlers.some((h) => h.entry === fn || h.root === fn)) return;
  addHandler(search, { kind: "call-tool-result", toolName: undefined, expression: fn, registration: fn, hasArgs: undefined });
}

export { isInside };
