/**
 * Handler paths: every same-file function a handler reaches (nested callbacks included), the
 * calls made on those paths, and the throws that escape a handler to its framework. The program
 * index reads the calls to follow paths into other files (typed linting only).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, isFunctionNode, isInside, memberName } from "../util/ast.js";
import type { FunctionFacts } from "./collect.js";
import { isCaughtWithin } from "./catches.js";
import type { CallTargets } from "./targets.js";
import type { ToolHandler } from "./types.js";

const EMPTY: readonly never[] = [];

export interface HandlerPaths {
  /** The handlers whose path runs through each function. */
  readonly onPath: ReadonlyMap<FunctionNode, readonly ToolHandler[]>;
  /** Dispatcher entries and the handlers that own a region of them. */
  readonly regionsOf: ReadonlyMap<FunctionNode, readonly ToolHandler[]>;
  /** Calls made on some handler path (recorded only when `graphed`). */
  readonly pathCalls: ReadonlyMap<TSESTree.CallExpression, readonly ToolHandler[]>;
}

export interface Escapes {
  /** Throws that leave a handler uncaught, with the handlers they leave. */
  readonly throws: ReadonlyMap<TSESTree.ThrowStatement, readonly ToolHandler[]>;
  /** Calls through which a throw of the callee escapes (recorded only when `graphed`). */
  readonly calls: ReadonlyMap<TSESTree.CallExpression, readonly ToolHandler[]>;
}

/** What the path search reads: the functions' own facts and the call targets. */
export interface PathInputs {
  readonly handlers: readonly ToolHandler[];
  readonly facts: ReadonlyMap<FunctionNode, FunctionFacts>;
  readonly targets: CallTargets;
  /** Record the calls for the program index (typed linting); syntactic linting never reads them. */
  readonly graphed: boolean;
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

/** Every function reachable from each handler's entry (and root), breadth-first over calls and nested functions. */
export function walkHandlerPaths({ handlers, facts, targets, graphed }: PathInputs): HandlerPaths {
  const onPath = new Map<FunctionNode, ToolHandler[]>();
  const pathCalls = new Map<TSESTree.CallExpression, ToolHandler[]>();
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
        for (const target of targets.of(call, fn)) if (mark(target, handler)) queue.push(target);
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
        for (const target of targets.of(call, fn)) if (mark(target, handler)) queue.push(target);
      }
    }
  }
  return { onPath, regionsOf, pathCalls };
}

/** Escaping throws: follow only uncaught calls from the entry; a caught entry escapes nothing. */
export function findEscapes({ handlers, facts, targets, graphed }: PathInputs): Escapes {
  const escapes = new Map<TSESTree.ThrowStatement, ToolHandler[]>();
  const escapeCalls = new Map<TSESTree.CallExpression, ToolHandler[]>();
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
        for (const target of targets.of(call, fn)) visit(target, undefined, false);
      }
    };
    if (handler.entryCaught) continue;
    visit(handler.entry, handler.region, false);
    if (handler.root !== handler.entry && handler.kind !== "low-level-case") visit(handler.root, undefined, false);
  }
  return { throws: escapes, calls: escapeCalls };
}

/** The handlers whose path runs through `node`: a dispatcher region's own handlers first, else the function's. */
export function handlersThrough(paths: HandlerPaths, node: TSESTree.Node): readonly ToolHandler[] {
  let current: TSESTree.Node | undefined = node;
  while (current) {
    if (isFunctionNode(current)) {
      const fn = current;
      const regional = paths.regionsOf.get(fn)?.filter((h) => h.region && isInside(node, h.region));
      if (regional && regional.length > 0) return regional;
      const list = paths.onPath.get(fn);
      if (list) return list;
    }
    current = current.parent;
  }
  return EMPTY;
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
