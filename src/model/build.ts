/**
 * The MCP model of one file: tool handlers, the functions on their paths, what a throw becomes,
 * and the error results they return. Built once per lint of a file (memoized on its SourceCode)
 * and read by every rule, so rules hold only policy.
 */
import { AST_NODE_TYPES, TSESLint, type TSESTree } from "@typescript-eslint/utils";
const DefinitionType = TSESLint.Scope.DefinitionType;
import {
  type FunctionNode,
  findProperty,
  isFunctionNode,
  isInside,
  memberName,
  resolveFunction,
  staticString,
  unwrap,
  constInitializer,
  enclosingFunction,
  findVariable,
  ownReturnStatements,
  forEachChild,
  messageText,
  recordImport,
  recordRequireBinding,
} from "../util/ast.js";
import {
  type HandlerSearch,
  addCallToolResultFunction,
  collectAliasNames,
  isCaughtWithin,
  readImportFacts,
  returnsCallToolResult,
  visitClass,
  visitRegistrationCall,
  visitXmcpModule,
} from "./handlers.js";
import { classifyCall, collectDefaultTimeouts, mayLeaveProcess, promisifiedNames } from "./external-calls.js";
import type { ErrorResult, ExternalCall, ImportedFacts, ImportedRoot, McpModel, ThrowSite, ToolHandler, ToolResult } from "./types.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

interface FunctionFacts {
  /** Functions declared (or passed inline) directly inside this one. */
  readonly children: FunctionNode[];
  /** Calls made directly in this function (not in nested functions). */
  readonly calls: TSESTree.CallExpression[];
  readonly throws: TSESTree.ThrowStatement[];
}

export const MCP_EVIDENCE = /mcp|modelcontextprotocol|isError|registerTool|CallToolResult/i;
const UNKNOWN_TOOL_TEXT = /unknown tool|tool not found|no such tool|tool .* not found|unsupported tool|invalid tool name|not a known tool/i;

/** Visitor keys that lead only into type annotations. */
const TYPE_KEYS = new Set(["typeAnnotation", "returnType", "typeParameters", "typeArguments", "superTypeArguments", "implements"]);
/** Declarations that hold only types. */
const TYPE_DECLARATIONS = new Set<string>([AST_NODE_TYPES.TSInterfaceDeclaration, AST_NODE_TYPES.TSTypeAliasDeclaration, AST_NODE_TYPES.TSDeclareFunction]);

/** A step of ESLint's traversal (`SourceCode#traverse()`, ESLint 9 and later): visit steps enter (phase 1) or leave a node. */
interface TraversalStep {
  readonly kind: number;
  readonly target: unknown;
  readonly phase?: number;
}
const VISIT_STEP = 1;
const ENTER_PHASE = 1;

/**
 * The steps of ESLint's traversal of the file being linted. ESLint builds and caches them before
 * it runs any rule, so reading them again costs nothing; undefined where the SourceCode has none.
 */
function traversalSteps(sourceCode: SourceCode): Iterable<TraversalStep> | undefined {
  const traverse = (sourceCode as { traverse?: () => Iterable<TraversalStep> }).traverse;
  return typeof traverse === "function" ? traverse.call(sourceCode) : undefined;
}

const EMPTY: readonly never[] = [];

function emptyModel(sourceCode: SourceCode): McpModel {
  return {
    sourceCode,
    isMcpFile: false,
    handlers: EMPTY,
    handlerFunctions: new Set(),
    errorResults: EMPTY,
    errorHelpers: new Map(),
    escapingThrows: EMPTY,
    handlersAt: () => EMPTY,
    toolNameAt: () => undefined,
    toolNamesAt: () => EMPTY,
    isUnknownToolBranch: () => false,
    calls: EMPTY,
    importedFrom: new Map(),
    results: EMPTY,
    catches: EMPTY,
    externalCall: () => undefined,
    importedInstances: new Map(),
    importedPassThrough: new Map(),
    graph: { pathCalls: new Map(), escapeCalls: new Map(), localTargets: () => EMPTY, unresolvedHandlers: EMPTY, opaqueWrapperCalls: EMPTY },
    payloads: new Map(),
  };
}

/** A function being visited (undefined: the module's top level) and what it holds so far. */
interface Frame {
  readonly fn: FunctionNode | undefined;
  readonly facts: FunctionFacts;
}

/** What one pass over the AST gathers for the analyses; fed by ESLint's traversal steps or by `walk`. */
class Collector {
  readonly calls: TSESTree.CallExpression[] = [];
  readonly functions: FunctionNode[] = [];
  readonly classes: (TSESTree.ClassDeclaration | TSESTree.ClassExpression)[] = [];
  readonly isErrorObjects: TSESTree.ObjectExpression[] = [];
  readonly resultObjects: TSESTree.ObjectExpression[] = [];
  readonly catches: TSESTree.CatchClause[] = [];
  readonly importSources: string[] = [];
  readonly importedFrom = new Map<string, string>();
  readonly facts = new Map<FunctionNode, FunctionFacts>();
  /** Names declared as functions, and as objects or instances: the only callees worth resolving. */
  readonly functionNames = new Set<string>();
  readonly objectNames = new Set<string>();
  /**
   * The functions being visited, innermost last, with their facts; the bottom entry is the
   * module's top level. The replay recognizes a function's exit by its identity, without reading
   * the exited node.
   */
  private readonly stack: Frame[] = [
    { fn: undefined, facts: { children: [], calls: [], throws: [] } },
  ];

  private get top(): Frame {
    return this.stack[this.stack.length - 1] as Frame;
  }

  private get owner(): FunctionFacts {
    return this.top.facts;
  }

  enterFunction(node: FunctionNode): void {
    this.functions.push(node);
    if (node.id) this.functionNames.add(node.id.name);
    this.owner.children.push(node);
    const own: FunctionFacts = { children: [], calls: [], throws: [] };
    this.facts.set(node, own);
    this.stack.push({ fn: node, facts: own });
  }

  exitFunction(): void {
    this.stack.pop();
  }

  call(node: TSESTree.CallExpression): void {
    this.calls.push(node);
    this.owner.calls.push(node);
    const callee = node.callee;
    if (callee.type === AST_NODE_TYPES.Identifier && callee.name === "require") {
      const source = node.arguments[0] ? staticString(node.arguments[0]) : undefined;
      if (source !== undefined) {
        this.importSources.push(source);
        const parent = node.parent;
        if (parent.type === AST_NODE_TYPES.VariableDeclarator) recordRequireBinding(parent.id, source, this.importedFrom);
      }
    }
  }

  declarator(node: TSESTree.VariableDeclarator): void {
    if (node.id.type !== AST_NODE_TYPES.Identifier || !node.init) return;
    const init = unwrap(node.init);
    if (isFunctionNode(init) || init.type === AST_NODE_TYPES.CallExpression) this.functionNames.add(node.id.name);
    if (init.type === AST_NODE_TYPES.ObjectExpression || init.type === AST_NODE_TYPES.NewExpression) this.objectNames.add(node.id.name);
  }

  throwStatement(node: TSESTree.ThrowStatement): void {
    this.owner.throws.push(node);
  }

  object(node: TSESTree.ObjectExpression): void {
    if (node.properties.some(isIsErrorProperty)) this.isErrorObjects.push(node);
    if (isToolResultObject(node)) this.resultObjects.push(node);
  }

  importDeclaration(node: TSESTree.ImportDeclaration): void {
    this.importSources.push(node.source.value);
    recordImport(node, this.importedFrom);
  }

  /** Records a node as a traversal enters it. */
  enter(node: TSESTree.Node): void {
    switch (node.type) {
      case AST_NODE_TYPES.FunctionDeclaration:
      case AST_NODE_TYPES.FunctionExpression:
      case AST_NODE_TYPES.ArrowFunctionExpression:
        this.enterFunction(node);
        break;
      case AST_NODE_TYPES.CallExpression:
        this.call(node);
        break;
      case AST_NODE_TYPES.ThrowStatement:
        this.throwStatement(node);
        break;
      case AST_NODE_TYPES.VariableDeclarator:
        this.declarator(node);
        break;
      case AST_NODE_TYPES.ObjectExpression:
        this.object(node);
        break;
      case AST_NODE_TYPES.ClassDeclaration:
      case AST_NODE_TYPES.ClassExpression:
        this.classes.push(node);
        break;
      case AST_NODE_TYPES.CatchClause:
        this.catches.push(node);
        break;
      case AST_NODE_TYPES.ImportDeclaration:
        this.importDeclaration(node);
        break;
      default:
        break;
    }
  }

  /**
   * Feeds the collector from the steps of ESLint's own traversal of the file, the ones its
   * listeners are called from: one loop over a list ESLint has already built, where listeners
   * would cost a dispatch per node.
   */
  replay(steps: Iterable<TraversalStep>): void {
    for (const step of steps) {
      if (step.kind !== VISIT_STEP) continue;
      const node = step.target as TSESTree.Node;
      if (step.phase === ENTER_PHASE) this.enter(node);
      else if (node === this.top.fn) this.exitFunction();
    }
  }

  /** Feeds the collector by walking the AST itself (outside a lint, as for the program index). */
  walk(sourceCode: SourceCode): void {
    const visitorKeys = sourceCode.visitorKeys;
    const visit = (node: TSESTree.Node): void => {
      // Types hold no calls, throws or results: skipping them keeps the walk cheap on TS files.
      if (TYPE_DECLARATIONS.has(node.type)) return;
      this.enter(node);
      if (node.type === AST_NODE_TYPES.ImportDeclaration) return;
      forEachChild(node, visitorKeys, visit, TYPE_KEYS);
      if (isFunctionNode(node)) this.exitFunction();
    };
    visit(sourceCode.ast);
  }
}

function hasFacts(facts: ImportedFacts | undefined): boolean {
  return facts !== undefined && (facts.roots.length > 0 || facts.helperCalls.length > 0 || facts.instances.size > 0 || facts.wrappers.size > 0);
}

/**
 * Builds the model of a file. `traversal`: read the nodes from ESLint's traversal of the file being
 * linted (walk when there is none); `walk`: walk the tree, as for files the lint is not at.
 */
export function buildModel(sourceCode: SourceCode, collect: "traversal" | "walk" = "walk", imported?: ImportedFacts): McpModel {
  if (!MCP_EVIDENCE.test(sourceCode.text) && !hasFacts(imported)) return emptyModel(sourceCode);
  const collected = new Collector();
  const steps = collect === "traversal" ? traversalSteps(sourceCode) : undefined;
  if (steps) collected.replay(steps);
  else collected.walk(sourceCode);
  const { calls, functions, classes, isErrorObjects, resultObjects, catches, importSources, importedFrom, facts, functionNames, objectNames } =
    collected;

  const search: HandlerSearch = {
    sourceCode,
    imports: readImportFacts(importSources),
    handlers: [],
    wrapperBindings: new Map(),
    unknownToolBranches: [],
    dispatchEdges: new Map(),
    aliasNames: collectAliasNames(calls),
    unresolved: [],
    opaqueWrapperCalls: [],
    wrapperFacts: imported?.wrappers ?? new Map(),
  };
  for (const call of calls) visitRegistrationCall(search, call);
  for (const node of classes) visitClass(search, node);
  visitXmcpModule(search, sourceCode.ast);

  // Error helpers: same-file functions whose every return is an `isError` result.
  const errorHelpers = new Map<FunctionNode, TSESTree.ObjectExpression>();
  const helperObjects = new Set<TSESTree.ObjectExpression>();
  const handlerFunctions = entryAndRoots(search.handlers);
  for (const fn of functions) {
    // A handler that only ever fails is still a handler, not a helper.
    if (handlerFunctions.has(fn)) continue;
    const object = errorHelperObject(fn);
    if (object) {
      errorHelpers.set(fn, object);
      helperObjects.add(object);
    }
  }
  for (const fn of functions) {
    if (!errorHelpers.has(fn) && returnsCallToolResult(fn)) addCallToolResultFunction(search, fn);
  }
  const handlers = search.handlers;
  if (imported && imported.roots.length > 0) addImportedHandlers(handlers, functions, imported.roots);

  /** Same-file functions a call runs (memoized: every handler's walk asks again). */
  const targetCache = new Map<TSESTree.CallExpression, FunctionNode[]>();
  const targetsOf = (call: TSESTree.CallExpression, within: FunctionNode): FunctionNode[] => {
    let targets = targetCache.get(call);
    if (!targets) {
      targets = resolveTargets(call, within);
      targetCache.set(call, targets);
    }
    return targets;
  };
  /** Same-file function a call runs, through names, wrapper parameters and dispatch tables. */
  const resolveTargets = (call: TSESTree.CallExpression, within: FunctionNode): FunctionNode[] => {
    const dispatched = search.dispatchEdges.get(call);
    if (dispatched) return dispatched;
    const callee = unwrap(call.callee);
    if (callee.type === AST_NODE_TYPES.Identifier) {
      const bound = search.wrapperBindings.get(within)?.get(callee.name);
      if (bound) return [...bound];
      if (!functionNames.has(callee.name)) return [];
      const fn = resolveFunction(sourceCode, callee);
      return fn ? [fn] : [];
    }
    if (callee.type === AST_NODE_TYPES.MemberExpression) {
      const name = memberName(callee);
      if (name === undefined) return [];
      const object = unwrap(callee.object);
      if (object.type === AST_NODE_TYPES.ThisExpression) {
        const method = classMethod(within, name);
        return method ? [method] : [];
      }
      if (object.type === AST_NODE_TYPES.Identifier) {
        if (!objectNames.has(object.name)) return [];
        const init = constInitializer(sourceCode, object);
        // `const client = new SlackClient(token); client.getChannels()`: a same-file class.
        if (init?.type === AST_NODE_TYPES.NewExpression && init.callee.type === AST_NODE_TYPES.Identifier) {
          const declaration = classDeclaration(sourceCode, init.callee);
          const method = declaration ? methodOf(declaration.body, name) : undefined;
          return method ? [method] : [];
        }
        if (init?.type === AST_NODE_TYPES.ObjectExpression) {
          const property = findProperty(init, name);
          const value = property ? unwrap(property.value) : undefined;
          if (isFunctionNode(value)) return [value];
          if (value?.type === AST_NODE_TYPES.Identifier) {
            const fn = resolveFunction(sourceCode, value);
            return fn ? [fn] : [];
          }
        }
      }
    }
    return [];
  };

  // Handler paths: every function reachable from a handler's entry (nested callbacks included).
  const onPath = new Map<FunctionNode, ToolHandler[]>();
  // The call graph is for the program index; syntactic linting (no imported facts) never reads it.
  const graphed = imported !== undefined;
  const pathCalls = new Map<TSESTree.CallExpression, ToolHandler[]>();
  const escapeCalls = new Map<TSESTree.CallExpression, ToolHandler[]>();
  const regionsOf = new Map<FunctionNode, ToolHandler[]>();
  // Handlers are walked one after the other, so a function already marked for the current
  // handler has it last in its list: no need to search the list (O(handlers) per mark).
  const mark = (fn: FunctionNode, handler: ToolHandler): boolean => {
    let list = onPath.get(fn);
    if (!list) onPath.set(fn, (list = []));
    if (list[list.length - 1] === handler) return false;
    list.push(handler);
    return true;
  };
  for (const handler of handlers) {
    if (handler.region) {
      let list = regionsOf.get(handler.entry);
      if (!list) regionsOf.set(handler.entry, (list = []));
      list.push(handler);
    }
    const queue: FunctionNode[] = [];
    const start = (fn: FunctionNode, region: TSESTree.Node | undefined): void => {
      const f = facts.get(fn);
      if (!f) return;
      if (!region) {
        if (mark(fn, handler)) queue.push(fn);
        return;
      }
      // Only the region's calls and nested functions belong to this tool.
      for (const child of f.children) if (isInside(child, region) && mark(child, handler)) queue.push(child);
      for (const call of f.calls) {
        if (!isInside(call, region)) continue;
        if (graphed) record(pathCalls, call, handler);
        for (const target of targetsOf(call, fn)) if (mark(target, handler)) queue.push(target);
      }
    };
    start(handler.entry, handler.region);
    if (handler.root !== handler.entry && handler.kind !== "low-level-case") start(handler.root, undefined);
    while (queue.length > 0) {
      const fn = queue.pop() as FunctionNode;
      const f = facts.get(fn);
      if (!f) continue;
      for (const child of f.children) if (mark(child, handler)) queue.push(child);
      for (const call of f.calls) {
        if (graphed) record(pathCalls, call, handler);
        for (const target of targetsOf(call, fn)) if (mark(target, handler)) queue.push(target);
      }
    }
  }

  // Escaping throws: follow only uncaught calls from the entry; a caught entry escapes nothing.
  const escapes = new Map<TSESTree.ThrowStatement, ToolHandler[]>();
  for (const handler of handlers) {
    if (handler.thrown === "unknown") continue;
    const visited = new Set<FunctionNode>();
    const visit = (fn: FunctionNode, region: TSESTree.Node | undefined, caughtAbove: boolean): void => {
      if (!region) {
        if (visited.has(fn)) return;
        visited.add(fn);
      }
      const f = facts.get(fn);
      if (!f) return;
      if (!caughtAbove) {
        for (const t of f.throws) {
          if (region && !isInside(t, region)) continue;
          if (isCaughtWithin(t, fn)) continue;
          record(escapes, t, handler);
        }
      }
      for (const call of f.calls) {
        if (region && !isInside(call, region)) continue;
        if (caughtAbove || isCaughtWithin(call, fn)) continue;
        if (!isAwaitedOrReturned(call)) continue;
        if (graphed) record(escapeCalls, call, handler);
        for (const target of targetsOf(call, fn)) visit(target, undefined, false);
      }
    };
    if (handler.entryCaught) continue;
    visit(handler.entry, handler.region, false);
    if (handler.root !== handler.entry && handler.kind !== "low-level-case") visit(handler.root, undefined, false);
  }

  const unknownBranches = search.unknownToolBranches;
  // Several rules ask about the same result or throw: compute each answer once.
  const isUnknownToolBranch = memoizeByNode((node: TSESTree.Node): boolean => {
    if (unknownBranches.some((b) => isInside(node, b))) return true;
    const text =
      node.type === AST_NODE_TYPES.ThrowStatement
        ? (thrownText(node) ?? thrownVariableText(node))
        : node.type === AST_NODE_TYPES.ObjectExpression
          ? resultText(node)
          : undefined;
    return text !== undefined && UNKNOWN_TOOL_TEXT.test(text);
  });
  /**
   * `const message = \`Unknown tool: ${name}\`; throw new Error(message)`, and the message as
   * the second argument of `new McpError(ErrorCode.InvalidParams, message)`.
   */
  const thrownVariableText = (node: TSESTree.ThrowStatement): string | undefined => {
    const argument = unwrap(node.argument);
    if (argument.type !== AST_NODE_TYPES.NewExpression && argument.type !== AST_NODE_TYPES.CallExpression) return undefined;
    for (const a of argument.arguments) {
      const message = unwrap(a);
      if (message.type !== AST_NODE_TYPES.Identifier) continue;
      const init = constInitializer(sourceCode, message);
      const text = init ? messageText(init) : undefined;
      if (text !== undefined) return text;
    }
    return undefined;
  };

  const escapingThrows: ThrowSite[] = [];
  for (const [node, list] of escapes) {
    if (!isUnknownToolBranch(node)) escapingThrows.push({ node, handlers: list });
  }
  escapingThrows.sort((a, b) => a.node.range[0] - b.node.range[0]);

  const handlersAt = memoizeByNode((node: TSESTree.Node): readonly ToolHandler[] => {
    let current: TSESTree.Node | undefined = node;
    while (current) {
      if (isFunctionNode(current)) {
        const fn = current;
        const regional = regionsOf.get(fn)?.filter((h) => h.region && isInside(node, h.region));
        if (regional && regional.length > 0) return regional;
        const list = onPath.get(fn);
        if (list) return list;
      }
      current = current.parent;
    }
    return EMPTY;
  });

  const toolNamesAt = memoizeByNode((node: TSESTree.Node): readonly string[] => {
    const names = new Set<string>();
    for (const h of handlersAt(node)) if (h.toolName !== undefined) names.add(h.toolName);
    return [...names];
  });
  const toolNameAt = (node: TSESTree.Node): string | undefined => {
    const names = toolNamesAt(node);
    return names.length === 1 ? names[0] : undefined;
  };

  const errorResults: ErrorResult[] = [];
  for (const object of isErrorObjects) {
    if (!isToolResultObject(object)) continue;
    // Off a handler path, only a returned result counts: an expected value in a test or a mock
    // argument is not a result any tool gives.
    if (!helperObjects.has(object) && !isReturnedValue(object) && handlersAt(object).length === 0) continue;
    errorResults.push({ node: object, object, helperCall: undefined, helper: undefined });
  }
  if (errorHelpers.size > 0) {
    for (const call of calls) {
      const callee = unwrap(call.callee);
      if (callee.type !== AST_NODE_TYPES.Identifier) continue;
      const helper = resolveFunction(sourceCode, callee);
      const object = helper ? errorHelpers.get(helper) : undefined;
      if (helper && object && isToolResultObject(object)) {
        errorResults.push({ node: call, object, helperCall: call, helper });
      }
    }
  }
  if (imported && imported.helperCalls.length > 0) {
    const byRange = new Map(imported.helperCalls.map((h) => [`${String(h.range[0])}:${String(h.range[1])}`, h]));
    for (const call of calls) {
      const foreign = byRange.get(`${String(call.range[0])}:${String(call.range[1])}`);
      if (foreign && isToolResultObject(foreign.object)) {
        errorResults.push({ node: call, object: foreign.object, helperCall: call, helper: foreign.helper, helperSource: foreign.helperSource });
      }
    }
    errorResults.sort((a, b) => a.node.range[0] - b.node.range[0]);
  }

  const results: ToolResult[] = [];
  for (const object of resultObjects) {
    if (!isResultShaped(object)) continue;
    if (!isReturnedValue(object) && handlersAt(object).length === 0) continue;
    results.push({ object, isError: object.properties.some(isIsErrorProperty) });
  }

  const importedInstances = imported?.instances ?? new Map<string, never>();
  const importedPassThrough = imported?.passThrough ?? new Map<string, never>();
  let promisified: Set<string> | undefined;
  let defaults: Set<string> | undefined;
  const externalCache = new Map<TSESTree.CallExpression, ExternalCall | undefined>();
  const noClients: ReadonlySet<string> = new Set();
  const externalCall = (call: TSESTree.CallExpression): ExternalCall | undefined => {
    if (externalCache.has(call)) return externalCache.get(call);
    promisified ??= promisifiedNames(calls);
    let external: ExternalCall | undefined;
    if (mayLeaveProcess(call, importedFrom, noClients, promisified)) {
      defaults ??= collectDefaultTimeouts(sourceCode.ast);
      external = classifyCall({ sourceCode, importedFrom, requestSignals: [], customClients: noClients, importedInstances }, call, defaults);
    }
    externalCache.set(call, external);
    return external;
  };

  return {
    sourceCode,
    isMcpFile: true,
    handlers,
    handlerFunctions: entryAndRoots(handlers),
    errorResults,
    errorHelpers,
    escapingThrows,
    handlersAt,
    toolNameAt,
    toolNamesAt,
    isUnknownToolBranch,
    calls,
    importedFrom,
    results,
    catches,
    externalCall,
    importedInstances,
    importedPassThrough,
    payloads: new Map(),
    graph: {
      pathCalls,
      escapeCalls,
      unresolvedHandlers: search.unresolved,
      opaqueWrapperCalls: search.opaqueWrapperCalls,
      localTargets: (call) => {
        const within = enclosingFunction(call);
        return within ? targetsOf(call, within) : EMPTY;
      },
    },
  };
}

/** The entry and root function of each handler. */
function entryAndRoots(handlers: readonly ToolHandler[]): Set<TSESTree.Node> {
  const functions = new Set<TSESTree.Node>();
  for (const handler of handlers) {
    functions.add(handler.entry);
    functions.add(handler.root);
  }
  return functions;
}

/**
 * Memoizes a question about a node for the lifetime of one model: the rules ask the same
 * questions (which handlers, which tool names) about the same results and throws.
 */
function memoizeByNode<T>(compute: (node: TSESTree.Node) => T): (node: TSESTree.Node) => T {
  const answers = new Map<TSESTree.Node, T>();
  return (node) => {
    if (answers.has(node)) return answers.get(node) as T;
    const answer = compute(node);
    answers.set(node, answer);
    return answer;
  };
}

/**
 * Adds a handler to a key's list once. The handlers are walked one after the other, so a repeat
 * can only be the current handler, which is then last in the list.
 */
function record<K>(map: Map<K, ToolHandler[]>, key: K, handler: ToolHandler): void {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  if (list[list.length - 1] !== handler) list.push(handler);
}

/** Stands a function of this file in for the tools of other files that call it. */
function addImportedHandlers(handlers: ToolHandler[], functions: readonly FunctionNode[], imported: readonly ImportedRoot[]): void {
  const byRange = new Map<string, FunctionNode>();
  for (const fn of functions) byRange.set(`${String(fn.range[0])}:${String(fn.range[1])}`, fn);
  for (const root of imported) {
    const fn = byRange.get(`${String(root.range[0])}:${String(root.range[1])}`);
    if (!fn) continue;
    handlers.push({
      kind: "imported",
      toolName: root.toolName,
      framework: root.framework,
      thrown: root.thrown,
      root: fn,
      entry: fn,
      region: undefined,
      entryCaught: root.caught,
      requestSignal: undefined,
      argsParam: undefined,
      registration: fn,
      origin: root.origin,
    });
  }
}

/**
 * A result literal, not any object with a `content` key: `content` holds an array (or a value we
 * cannot see), or the object has `isError` / `structuredContent`.
 */
function isResultShaped(object: TSESTree.ObjectExpression): boolean {
  let hasContent = false;
  for (const p of object.properties) {
    if (p.type !== AST_NODE_TYPES.Property || p.computed || p.key.type !== AST_NODE_TYPES.Identifier) continue;
    if (p.key.name === "isError" || p.key.name === "structuredContent") return true;
    if (p.key.name === "content") {
      const value = unwrap(p.value);
      if (value.type === AST_NODE_TYPES.Literal || value.type === AST_NODE_TYPES.TemplateLiteral || value.type === AST_NODE_TYPES.ObjectExpression) return false;
      hasContent = true;
    }
  }
  return hasContent;
}

/**
 * The value a function returns: `return x`, `() => x`, through `a ? x : y`, `await`, `as`; and,
 * when `viaVariable` accepts the declarator, a variable initialised with it (`const r = x; return r`).
 */
export function isReturnedValue(node: TSESTree.Node, viaVariable?: (declarator: TSESTree.VariableDeclarator) => boolean): boolean {
  let current: TSESTree.Node = node;
  for (;;) {
    const parent: TSESTree.Node | undefined = current.parent;
    if (!parent) return false;
    switch (parent.type) {
      case AST_NODE_TYPES.ReturnStatement:
        return true;
      case AST_NODE_TYPES.ArrowFunctionExpression:
        return parent.body === current;
      case AST_NODE_TYPES.ConditionalExpression:
        if (parent.test === current) return false;
        break;
      case AST_NODE_TYPES.LogicalExpression:
      case AST_NODE_TYPES.AwaitExpression:
      case AST_NODE_TYPES.TSAsExpression:
      case AST_NODE_TYPES.TSSatisfiesExpression:
      case AST_NODE_TYPES.TSNonNullExpression:
      case AST_NODE_TYPES.TSTypeAssertion:
        break;
      case AST_NODE_TYPES.VariableDeclarator:
        return viaVariable !== undefined && parent.init === current && viaVariable(parent);
      default:
        return false;
    }
    current = parent;
  }
}

/** `isError: <anything but false>`. */
function isIsErrorProperty(property: TSESTree.ObjectLiteralElement): boolean {
  if (property.type !== AST_NODE_TYPES.Property || property.computed) return false;
  const key = property.key;
  const name = key.type === AST_NODE_TYPES.Identifier ? key.name : key.value;
  if (name !== "isError") return false;
  const value = unwrap(property.value);
  return !(value.type === AST_NODE_TYPES.Literal && value.value === false);
}

/** A tool result: it carries `content` or `structuredContent` (or a spread that may). */
function isToolResultObject(object: TSESTree.ObjectExpression): boolean {
  return object.properties.some(
    (p) =>
      p.type === AST_NODE_TYPES.SpreadElement ||
      (!p.computed && p.key.type === AST_NODE_TYPES.Identifier && (p.key.name === "content" || p.key.name === "structuredContent")),
  );
}

/** The `isError` object every return of `fn` gives, when all of them give one. */
function errorHelperObject(fn: FunctionNode): TSESTree.ObjectExpression | undefined {
  const asErrorObject = (node: TSESTree.Node | null | undefined): TSESTree.ObjectExpression | undefined => {
    if (!node) return undefined;
    const n = unwrap(node);
    return n.type === AST_NODE_TYPES.ObjectExpression && n.properties.some(isIsErrorProperty) ? n : undefined;
  };
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return asErrorObject(fn.body);
  const returns = ownReturnStatements(fn.body);
  if (returns.length === 0) return undefined;
  let first: TSESTree.ObjectExpression | undefined;
  for (const r of returns) {
    const object = asErrorObject(r.argument);
    if (!object) return undefined;
    first ??= object;
  }
  return first;
}

/** The method `name` of the class that encloses `fn`. */
function classMethod(fn: FunctionNode, name: string): FunctionNode | undefined {
  let current: TSESTree.Node | undefined = fn.parent;
  while (current && current.type !== AST_NODE_TYPES.ClassBody) current = current.parent;
  return current ? methodOf(current, name) : undefined;
}

/** The same-file class an identifier names. */
function classDeclaration(sourceCode: SourceCode, identifier: TSESTree.Identifier): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
  const variable = findVariable(sourceCode, identifier);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type === DefinitionType.ClassName) return def.node;
  if (def?.type === DefinitionType.Variable && def.node.init?.type === AST_NODE_TYPES.ClassExpression) return def.node.init;
  return undefined;
}

/** An instance method (or arrow property) of a class body. */
function methodOf(body: TSESTree.ClassBody, name: string): FunctionNode | undefined {
  for (const member of body.body) {
    if ((member.type === AST_NODE_TYPES.MethodDefinition || member.type === AST_NODE_TYPES.PropertyDefinition) && !member.computed && member.key.type === AST_NODE_TYPES.Identifier && member.key.name === name) {
      const value = member.value ? unwrap(member.value) : undefined;
      if (isFunctionNode(value)) return value;
    }
  }
  return undefined;
}

/**
 * A call whose rejection reaches the caller: awaited, returned, or a synchronous call used as a
 * statement or value. A promise left floating (`void f()`, `.catch(...)`) does not throw here.
 */
function isAwaitedOrReturned(call: TSESTree.CallExpression): boolean {
  // `void logger?.log(x)`: the optional chain wraps the call.
  let node: TSESTree.Node = call;
  while (node.parent.type === AST_NODE_TYPES.ChainExpression) node = node.parent;
  const parent = node.parent;
  if (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === node) {
    const name = memberName(parent);
    if (name === "catch" || name === "then") return false;
  }
  if (parent.type === AST_NODE_TYPES.UnaryExpression && parent.operator === "void") return false;
  return true;
}

/** The first content text of a result object literal. */
function resultText(object: TSESTree.ObjectExpression): string | undefined {
  const content = findProperty(object, "content");
  const array = content ? unwrap(content.value) : undefined;
  const first = array?.type === AST_NODE_TYPES.ArrayExpression ? array.elements[0] : undefined;
  const part = first ? unwrap(first) : undefined;
  const text = part?.type === AST_NODE_TYPES.ObjectExpression ? findProperty(part, "text") : undefined;
  return text ? messageText(text.value) : undefined;
}

/** The static message of `throw new X("...")` / `throw "..."`. */
export function thrownText(node: TSESTree.ThrowStatement): string | undefined {
  const argument = unwrap(node.argument);
  if (argument.type === AST_NODE_TYPES.NewExpression || argument.type === AST_NODE_TYPES.CallExpression) {
    for (const a of argument.arguments) {
      const text = messageText(a);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  return messageText(argument);
}


