/**
 * The MCP model of one file: tool handlers, the functions on their paths, what a throw becomes,
 * and the error results they return. Built once per file (memoized on the AST) and read by
 * every rule, so rules hold only policy.
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
  findVariable,
  messageText,
} from "../util/ast.js";
import {
  type HandlerSearch,
  addCallToolResultFunction,
  isCaughtWithin,
  readImportFacts,
  returnsCallToolResult,
  visitClass,
  visitRegistrationCall,
  visitXmcpModule,
} from "./handlers.js";
import type { ErrorResult, ToolHandler } from "./types.js";

export type { ErrorResult, ToolHandler, Framework, ThrownOutcome, Payload } from "./types.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

interface FunctionFacts {
  /** Functions declared (or passed inline) directly inside this one. */
  readonly children: FunctionNode[];
  /** Same-file calls made directly in this function, with whether a local try/catch surrounds them. */
  readonly calls: { readonly call: TSESTree.CallExpression; readonly caught: boolean }[];
  readonly throws: TSESTree.ThrowStatement[];
}

export interface ThrowSite {
  readonly node: TSESTree.ThrowStatement;
  /** The handlers out of which this throw escapes to the framework. */
  readonly handlers: readonly ToolHandler[];
}

export interface McpModel {
  readonly sourceCode: SourceCode;
  /** The file shows MCP evidence; when false every list below is empty. */
  readonly isMcpFile: boolean;
  readonly handlers: readonly ToolHandler[];
  /** Tool error results: `isError` object literals and calls to same-file error helpers. */
  readonly errorResults: readonly ErrorResult[];
  /** Functions whose every return is an error result; calls to them are error results. */
  readonly errorHelpers: ReadonlyMap<FunctionNode, TSESTree.ObjectExpression>;
  /** Throws that leave a handler uncaught, with the handlers they leave. */
  readonly escapingThrows: readonly ThrowSite[];
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
  readonly newExpressions: readonly TSESTree.NewExpression[];
  /** Import/require sources by local name (`axios` -> "axios"), for client recognition. */
  readonly importedFrom: ReadonlyMap<string, string>;
}

const MCP_EVIDENCE = /mcp|modelcontextprotocol|isError|registerTool|CallToolResult/i;
const UNKNOWN_TOOL_TEXT = /unknown tool|tool not found|no such tool|tool .* not found|unsupported tool|invalid tool name|not a known tool/i;

const cache = new WeakMap<TSESTree.Program, McpModel>();

/** The memoized model of the file being linted. */
export function getModel(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>): McpModel {
  const sourceCode = context.sourceCode;
  const ast = sourceCode.ast;
  let model = cache.get(ast);
  if (!model) {
    model = buildModel(sourceCode);
    cache.set(ast, model);
  }
  return model;
}

const EMPTY: readonly never[] = [];

function emptyModel(sourceCode: SourceCode): McpModel {
  return {
    sourceCode,
    isMcpFile: false,
    handlers: EMPTY,
    errorResults: EMPTY,
    errorHelpers: new Map(),
    escapingThrows: EMPTY,
    handlersAt: () => EMPTY,
    toolNameAt: () => undefined,
    toolNamesAt: () => EMPTY,
    isUnknownToolBranch: () => false,
    calls: EMPTY,
    newExpressions: EMPTY,
    importedFrom: new Map(),
  };
}

function buildModel(sourceCode: SourceCode): McpModel {
  if (!MCP_EVIDENCE.test(sourceCode.text)) return emptyModel(sourceCode);

  // One walk collects everything the analyses below need.
  const calls: TSESTree.CallExpression[] = [];
  const newExpressions: TSESTree.NewExpression[] = [];
  const functions: FunctionNode[] = [];
  const classes: (TSESTree.ClassDeclaration | TSESTree.ClassExpression)[] = [];
  const throws: TSESTree.ThrowStatement[] = [];
  const isErrorObjects: TSESTree.ObjectExpression[] = [];
  const importSources: string[] = [];
  const importedFrom = new Map<string, string>();
  const facts = new Map<FunctionNode, FunctionFacts>();
  const topLevel: FunctionFacts = { children: [], calls: [], throws: [] };
  const visitorKeys = sourceCode.visitorKeys;

  const walk = (node: TSESTree.Node, owner: FunctionFacts): void => {
    let nextOwner = owner;
    switch (node.type) {
      case AST_NODE_TYPES.FunctionDeclaration:
      case AST_NODE_TYPES.FunctionExpression:
      case AST_NODE_TYPES.ArrowFunctionExpression: {
        functions.push(node);
        owner.children.push(node);
        nextOwner = { children: [], calls: [], throws: [] };
        facts.set(node, nextOwner);
        break;
      }
      case AST_NODE_TYPES.CallExpression: {
        calls.push(node);
        owner.calls.push({ call: node, caught: false });
        const callee = node.callee;
        if (callee.type === AST_NODE_TYPES.Identifier && callee.name === "require") {
          const source = node.arguments[0] ? staticString(node.arguments[0]) : undefined;
          if (source !== undefined) {
            importSources.push(source);
            const parent = node.parent;
            if (parent.type === AST_NODE_TYPES.VariableDeclarator) recordBinding(parent.id, source, importedFrom);
          }
        }
        break;
      }
      case AST_NODE_TYPES.NewExpression:
        newExpressions.push(node);
        break;
      case AST_NODE_TYPES.ThrowStatement:
        throws.push(node);
        owner.throws.push(node);
        break;
      case AST_NODE_TYPES.ObjectExpression:
        if (node.properties.some(isIsErrorProperty)) isErrorObjects.push(node);
        break;
      case AST_NODE_TYPES.ClassDeclaration:
      case AST_NODE_TYPES.ClassExpression:
        classes.push(node);
        break;
      case AST_NODE_TYPES.ImportDeclaration: {
        const source = node.source.value;
        importSources.push(source);
        for (const specifier of node.specifiers) {
          importedFrom.set(
            specifier.local.name,
            specifier.type === AST_NODE_TYPES.ImportSpecifier
              ? `${source}#${specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value}`
              : source,
          );
        }
        return;
      }
      default:
        break;
    }
    const keys = visitorKeys[node.type];
    if (!keys) return;
    for (const key of keys) {
      const child = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) {
        for (const c of child as (TSESTree.Node | null)[]) if (c) walk(c, nextOwner);
      } else if (child && typeof child === "object") {
        walk(child as TSESTree.Node, nextOwner);
      }
    }
  };
  walk(sourceCode.ast, topLevel);

  // Whether each call/throw is caught locally is only known once parents are set: fill it now.
  for (const [fn, f] of facts) {
    for (let i = 0; i < f.calls.length; i++) {
      const entry = f.calls[i] as { call: TSESTree.CallExpression; caught: boolean };
      f.calls[i] = { call: entry.call, caught: isCaughtWithin(entry.call, fn) };
    }
  }

  const search: HandlerSearch = {
    sourceCode,
    imports: readImportFacts(importSources),
    handlers: [],
    wrapperBindings: new Map(),
    unknownToolBranches: [],
    dispatchEdges: new Map(),
  };
  for (const call of calls) visitRegistrationCall(search, call);
  for (const node of classes) visitClass(search, node);
  visitXmcpModule(search, sourceCode.ast);

  // Error helpers: same-file functions whose every return is an `isError` result.
  const errorHelpers = new Map<FunctionNode, TSESTree.ObjectExpression>();
  const helperObjects = new Set<TSESTree.ObjectExpression>();
  const handlerFunctions = new Set(search.handlers.flatMap((h) => [h.entry, h.root]));
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

  /** Same-file function a call runs, through names, wrapper parameters and dispatch tables. */
  const targetsOf = (call: TSESTree.CallExpression, within: FunctionNode): FunctionNode[] => {
    const dispatched = search.dispatchEdges.get(call);
    if (dispatched) return dispatched;
    const callee = unwrap(call.callee);
    if (callee.type === AST_NODE_TYPES.Identifier) {
      const bound = search.wrapperBindings.get(within)?.get(callee.name);
      if (bound) return [...bound];
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
  const regionsOf = new Map<FunctionNode, ToolHandler[]>();
  const mark = (fn: FunctionNode, handler: ToolHandler): boolean => {
    let list = onPath.get(fn);
    if (!list) onPath.set(fn, (list = []));
    if (list.includes(handler)) return false;
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
      for (const { call } of f.calls) {
        if (!isInside(call, region)) continue;
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
      for (const { call } of f.calls) {
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
          let list = escapes.get(t);
          if (!list) escapes.set(t, (list = []));
          if (!list.includes(handler)) list.push(handler);
        }
      }
      for (const { call, caught } of f.calls) {
        if (region && !isInside(call, region)) continue;
        if (caught || caughtAbove) continue;
        if (!isAwaitedOrReturned(call)) continue;
        for (const target of targetsOf(call, fn)) visit(target, undefined, false);
      }
    };
    if (handler.entryCaught) continue;
    visit(handler.entry, handler.region, false);
    if (handler.root !== handler.entry && handler.kind !== "low-level-case") visit(handler.root, undefined, false);
  }

  const unknownBranches = search.unknownToolBranches;
  const isUnknownToolBranch = (node: TSESTree.Node): boolean => {
    if (unknownBranches.some((b) => isInside(node, b))) return true;
    const text =
      node.type === AST_NODE_TYPES.ThrowStatement ? thrownText(node) : node.type === AST_NODE_TYPES.ObjectExpression ? resultText(node) : undefined;
    return text !== undefined && UNKNOWN_TOOL_TEXT.test(text);
  };

  const escapingThrows: ThrowSite[] = [];
  for (const [node, list] of escapes) {
    if (!isUnknownToolBranch(node)) escapingThrows.push({ node, handlers: list });
  }
  escapingThrows.sort((a, b) => a.node.range[0] - b.node.range[0]);

  const handlersAt = (node: TSESTree.Node): readonly ToolHandler[] => {
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
  };

  const toolNamesAt = (node: TSESTree.Node): readonly string[] => {
    const names = new Set<string>();
    for (const h of handlersAt(node)) if (h.toolName !== undefined) names.add(h.toolName);
    return [...names];
  };
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

  return {
    sourceCode,
    isMcpFile: true,
    handlers,
    errorResults,
    errorHelpers,
    escapingThrows,
    handlersAt,
    toolNameAt,
    toolNamesAt,
    isUnknownToolBranch,
    calls,
    newExpressions,
    importedFrom,
  };
}

function recordBinding(id: TSESTree.Node, source: string, map: Map<string, string>): void {
  if (id.type === AST_NODE_TYPES.Identifier) map.set(id.name, source);
  if (id.type === AST_NODE_TYPES.ObjectPattern) {
    for (const p of id.properties) {
      if (p.type === AST_NODE_TYPES.Property && p.value.type === AST_NODE_TYPES.Identifier) {
        const key = p.key.type === AST_NODE_TYPES.Identifier ? p.key.name : undefined;
        if (key !== undefined) map.set(p.value.name, `${source}#${key}`);
      }
    }
  }
}

/** The value a function returns: `return x`, `() => x`, through `a ? x : y`, `await`, `as`. */
function isReturnedValue(node: TSESTree.Node): boolean {
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
  const returns: TSESTree.ReturnStatement[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (node.type === AST_NODE_TYPES.ReturnStatement) returns.push(node);
    if (isFunctionNode(node) || node.type === AST_NODE_TYPES.ClassBody) return;
    switch (node.type) {
      case AST_NODE_TYPES.BlockStatement:
        node.body.forEach(visit);
        break;
      case AST_NODE_TYPES.IfStatement:
        visit(node.consequent);
        if (node.alternate) visit(node.alternate);
        break;
      case AST_NODE_TYPES.TryStatement:
        visit(node.block);
        if (node.handler) visit(node.handler.body);
        if (node.finalizer) visit(node.finalizer);
        break;
      case AST_NODE_TYPES.SwitchStatement:
        for (const c of node.cases) c.consequent.forEach(visit);
        break;
      default:
        break;
    }
  };
  visit(fn.body);
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
  const parent = call.parent;
  if (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === call) {
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


