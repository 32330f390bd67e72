/**
 * Handler paths: every same-file function a handler reaches (nested callbacks included), the
 * calls made on those paths, and the throws that escape a handler to its framework. The program
 * index reads the calls to follow paths into other files (typed linting only).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { type FunctionNode, isFunctionNode, isInside, memberName, rangeKey, unwrap } from "../util/ast.js";
import type { FunctionFacts } from "./collect.js";
import { type CatchGuard, type Catching, mayCarry, passage } from "./catch-passage.js";
import type { CatchReader } from "./catches.js";
import { thrownClass } from "./error-classes.js";
import { staticThrownText } from "./catch-tests.js";
import type { CallTargets } from "./targets.js";
import { fanOutCallbacks, inlineCallbacks, runnerCallbacks, settlingCallbacks, syncCallbacks } from "./callbacks.js";
import type { ToolHandler, TypeOracle } from "./types.js";

const EMPTY: readonly never[] = [];

export interface HandlerPaths {
  /** The handlers whose path runs through each function. */
  readonly onPath: ReadonlyMap<FunctionNode, readonly ToolHandler[]>;
  /** Dispatcher entries and the handlers that own a region of them. */
  readonly regionsOf: ReadonlyMap<FunctionNode, readonly ToolHandler[]>;
  /** Calls made on some handler path (recorded only when `graphed`). */
  readonly pathCalls: ReadonlyMap<TSESTree.CallExpression, readonly ToolHandler[]>;
  /** Constructions of classes this file does not declare, made on some handler path (recorded only when `graphed`). */
  readonly pathConstructions: ReadonlyMap<TSESTree.NewExpression, readonly ToolHandler[]>;
}

/** A throw that escapes a handler, and the catches that wrapped it on the way. */
export interface Escape {
  readonly handler: ToolHandler;
  readonly wraps: readonly Extract<Catching, { kind: "wraps" }>[];
}

export interface Escapes {
  /** Throws that leave a handler, with the handlers they leave (and how they got out). */
  readonly throws: ReadonlyMap<TSESTree.ThrowStatement, readonly Escape[]>;
  /** Throws a catch on the way stops and turns into an error result that says their message. */
  readonly carried: ReadonlyMap<TSESTree.ThrowStatement, readonly Escape[]>;
  /** Throws a catch stops and answers with an error result that is not their message alone: the model still gets an error. */
  readonly reported: ReadonlyMap<TSESTree.ThrowStatement, readonly Escape[]>;
  /** Calls through which a throw of the callee may escape, with the catches it meets per handler (recorded only when `graphed`). */
  readonly calls: ReadonlyMap<TSESTree.CallExpression, ReadonlyMap<ToolHandler, readonly CatchGuard[]>>;
  /** The same for constructions of classes of other files (`new CruxClient()`): their constructor's throws. */
  readonly constructions: ReadonlyMap<TSESTree.NewExpression, ReadonlyMap<ToolHandler, readonly CatchGuard[]>>;
  /**
   * Calls of functions this file cannot see that are handed a function written in place
   * (`breaker.execute(() => run(args))`), recorded when `graphed`: the program index reads the
   * catches around the callee's call of it.
   */
  readonly runnerCalls: readonly TSESTree.CallExpression[];
}

/** What the path search reads: the functions' own facts and the call targets. */
export interface PathInputs {
  readonly handlers: readonly ToolHandler[];
  readonly facts: ReadonlyMap<FunctionNode, FunctionFacts>;
  readonly targets: CallTargets;
  readonly catches: CatchReader;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  /** Record the calls for the program index (typed linting); syntactic linting never reads them. */
  readonly graphed: boolean;
  /** Calls of functions of other files (range key) -> the catches around their call of a function handed to them (typed linting). */
  readonly runnerGuards: ReadonlyMap<string, readonly CatchGuard[]>;
  /** What the checker tells (the class an error factory of another file builds). */
  readonly types?: TypeOracle;
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
  const pathConstructions = new Map<TSESTree.NewExpression, ToolHandler[]>();
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
    const targetsOf = (call: TSESTree.CallExpression, within: FunctionNode): readonly FunctionNode[] => targetsFor(targets, call, within, handler);
    const start = (fn: FunctionNode, region: TSESTree.Node | undefined): void => {
      const f = facts.get(fn);
      if (!f) return;
      if (!region) {
        if (mark(fn, handler)) queue.push(fn);
        return;
      }
      // Only the region's calls and nested functions belong to this tool.
      for (const child of f.children)
        if (isInside(child, region) && !isReturnedMethod(child) && !isRouteHandler(child) && mark(child, handler)) queue.push(child);
      for (const call of f.calls) {
        if (!isInside(call, region)) continue;
        if (graphed) record(pathCalls, call, handler);
        for (const target of targetsOf(call, fn)) if (mark(target, handler)) queue.push(target);
      }
      for (const construction of f.constructions) if (isInside(construction, region)) construct(construction);
    };
    // `new CruxClient()`: the class's constructor runs on the path; one of another file, for the index.
    const construct = (construction: TSESTree.NewExpression): void => {
      const ctor = targets.constructorOf(construction);
      if (ctor) {
        if (mark(ctor, handler)) queue.push(ctor);
      } else if (graphed) record(pathConstructions, construction, handler);
    };
    start(handler.entry, handler.region);
    if (handler.root !== handler.entry && handler.kind !== "low-level-case") start(handler.root, undefined);
    while (queue.length > 0) {
      const fn = queue.pop() as FunctionNode;
      const f = facts.get(fn);
      if (!f) continue;
      for (const child of f.children) if (!isReturnedMethod(child) && !isRouteHandler(child) && mark(child, handler)) queue.push(child);
      for (const call of f.calls) {
        if (graphed) record(pathCalls, call, handler);
        for (const target of targetsOf(call, fn)) if (mark(target, handler)) queue.push(target);
      }
      for (const construction of f.constructions) construct(construction);
    }
  }
  return { onPath, regionsOf, pathCalls, pathConstructions };
}

/**
 * What a call runs on a handler's path. A wrapper shared by several tools (`safe(async (args) =>
 * ...)` around each) runs, for this tool, only the function this tool handed it.
 */
function targetsFor(targets: CallTargets, call: TSESTree.CallExpression, within: FunctionNode, handler: ToolHandler): readonly FunctionNode[] {
  if (targets.bound(call, within)?.has(handler.entry) === true) return [handler.entry];
  // `await this.http.get(url)`: the instance's interceptors run inside the request, and what they throw rejects it.
  const intercepted = targets.interceptorsOf(call);
  return intercepted.length === 0 ? targets.of(call, within) : [...targets.of(call, within), ...intercepted];
}

/**
 * A method of an object that its function returns (`return { getItem() {...}, ping() {...} }`):
 * making the object does not run it; it is on a tool's path only when the tool calls it.
 */
function isReturnedMethod(fn: FunctionNode): boolean {
  const property = fn.parent;
  if (property.type !== AST_NODE_TYPES.Property || property.value !== fn) return false;
  const object = property.parent;
  const holder = object.parent;
  return holder.type === AST_NODE_TYPES.ReturnStatement || (holder.type === AST_NODE_TYPES.ArrowFunctionExpression && holder.body === object);
}

/** Methods of an HTTP router or app that register a route (`router.get("/stats", handler)`). */
const ROUTE_METHODS = new Set(["get", "post", "put", "patch", "delete", "all", "use", "options", "head"]);

/**
 * `router.get("/collection", async (req, res) => ...)`: a route handler that a tool's code
 * registers (to start a web UI) runs when a request comes, not while the tool runs: it is on no
 * tool's path.
 */
function isRouteHandler(fn: FunctionNode): boolean {
  const call = fn.parent;
  if (
    call.type !== AST_NODE_TYPES.CallExpression ||
    !call.arguments.some((argument) => argument === fn) ||
    call.callee.type !== AST_NODE_TYPES.MemberExpression
  )
    return false;
  const [path] = call.arguments;
  const route =
    path?.type === AST_NODE_TYPES.Literal
      ? typeof path.value === "string" && path.value.startsWith("/")
      : path?.type === AST_NODE_TYPES.TemplateLiteral && (path.quasis[0]?.value.cooked ?? "").startsWith("/");
  return route && ROUTE_METHODS.has(memberName(call.callee) ?? "");
}

/**
 * Escaping throws. From each handler's entry, every throw is judged at its own site against the
 * catches between it and the framework (those in its function, then those around the calls that
 * led there, then the entry's): it escapes unless one of them stops an error of its class. Calls
 * are followed while their catches may let something through; a callback handed to a same-file
 * function that calls it is followed with the catches around that call.
 */
export function findEscapes(inputs: PathInputs): Escapes {
  const escapes = new Map<TSESTree.ThrowStatement, Escape[]>();
  const carried = new Map<TSESTree.ThrowStatement, Escape[]>();
  const reported = new Map<TSESTree.ThrowStatement, Escape[]>();
  const escapeCalls = new Map<TSESTree.CallExpression, Map<ToolHandler, readonly CatchGuard[]>>();
  const escapeConstructions = new Map<TSESTree.NewExpression, Map<ToolHandler, readonly CatchGuard[]>>();
  const runnerCalls = new Set<TSESTree.CallExpression>();
  const { handlers, facts, targets, catches, sourceCode, graphed, runnerGuards, types } = inputs;
  // What each throw builds and says, read once: every handler whose path reaches it asks again
  // (an error factory's class may take a resolution or a question to the checker).
  const thrown = new Map<TSESTree.ThrowStatement, { readonly cls: string | undefined; readonly text: string | undefined }>();
  const thrownOf = (t: TSESTree.ThrowStatement): { readonly cls: string | undefined; readonly text: string | undefined } => {
    let known = thrown.get(t);
    if (!known) thrown.set(t, (known = { cls: thrownClass(sourceCode, t, types), text: staticThrownText(t) }));
    return known;
  };
  // The catches around each throw and call in its own function, read once: handlers share them.
  const arounds = new Map<TSESTree.Node, readonly CatchGuard[]>();
  const around = (node: TSESTree.Node, fn: FunctionNode): readonly CatchGuard[] => {
    let known = arounds.get(node);
    if (!known) arounds.set(node, (known = catches.around(node, fn)));
    return known;
  };
  for (const handler of handlers) {
    if (handler.thrown === "unknown") continue;
    const visited = new Set<string>();
    const visit = (fn: FunctionNode, region: TSESTree.Node | undefined, outer: readonly CatchGuard[]): void => {
      if (!region) {
        // The same function under other catches is another path.
        const key = `${rangeKey(fn.range)}|${outer.map((g) => g.id).join(",")}`;
        if (visited.has(key) || visited.size > VISIT_LIMIT) return;
        visited.add(key);
      }
      const f = facts.get(fn);
      if (!f || !mayCarry(outer)) return;
      for (const t of f.throws) {
        if (region && !isInside(t, region)) continue;
        const { cls, text } = thrownOf(t);
        const way = passage([...around(t, fn), ...outer], cls, text);
        if (way.through) recordEscape(escapes, t, { handler, wraps: way.wraps });
        else if (way.carried) recordEscape(carried, t, { handler, wraps: way.wraps });
        else if (way.reported) recordEscape(reported, t, { handler, wraps: way.wraps });
      }
      for (const call of f.calls) {
        if (region && !isInside(call, region)) continue;
        // `items.map((item) => { ... throw ... })`: the callback runs now, inside the call.
        const now = syncCallbacks(call);
        if (now.length > 0) {
          const guards = [...around(call, fn), ...outer];
          if (mayCarry(guards)) for (const callback of now) visit(callback, undefined, guards);
        }
        if (!isAwaitedOrReturned(call)) continue;
        const called = targetsFor(targets, call, fn, handler);
        // `return helper()` in a try: an async helper's rejection leaves the function uncaught.
        const inside = returnsUnawaited(call) && called.length > 0 && called.every((target) => target.async) ? [] : around(call, fn);
        const guards = [...inside, ...outer];
        if (!mayCarry(guards)) continue;
        if (graphed) recordCall(escapeCalls, call, handler, guards);
        // `await Promise.all(ids.map(async (id) => { ... }))`: the first rejection leaves the await.
        for (const callback of fanOutCallbacks(call)) visit(callback, undefined, guards);
        // `await res.json().catch(() => { throw new ParseError(...) })`: the callback's throw rejects what is awaited.
        for (const callback of settlingCallbacks(call)) visit(callback, undefined, guards);
        // `await Sentry.startSpan({ name }, async () => { ... })`: a library runs it and hands back its error.
        if (called.length === 0) {
          const known = runnerCallbacks(sourceCode, call);
          for (const callback of known) visit(callback, undefined, guards);
          // `await breaker.execute(() => run(args))`, the runner in another file: the index reads what it catches.
          const inline = known.length === 0 ? inlineCallbacks(call) : [];
          if (inline.length > 0 && graphed) runnerCalls.add(call);
          const around = inline.length > 0 ? runnerGuards.get(rangeKey(call.range)) : undefined;
          if (around) for (const callback of inline) visit(callback, undefined, [...around, ...guards]);
        }
        for (const target of called) {
          visit(target, undefined, guards);
          for (const [callback, around] of callbacksRun(catches, call, target)) visit(callback, undefined, [...around, ...guards]);
        }
      }
      // `new CruxClient()`: what its constructor throws leaves the construction at once.
      for (const construction of f.constructions) {
        if (region && !isInside(construction, region)) continue;
        const guards = [...around(construction, fn), ...outer];
        if (!mayCarry(guards)) continue;
        const ctor = targets.constructorOf(construction);
        if (ctor) visit(ctor, undefined, guards);
        else if (graphed) recordCall(escapeConstructions, construction, handler, guards);
      }
    };
    visit(handler.entry, handler.region, handler.entryGuards);
    if (handler.root !== handler.entry && handler.kind !== "low-level-case") visit(handler.root, undefined, []);
  }
  return { throws: escapes, carried, reported, calls: escapeCalls, constructions: escapeConstructions, runnerCalls: [...runnerCalls] };
}

/** Paths per handler worth following (a function under many combinations of catches). */
const VISIT_LIMIT = 2_000;

function recordEscape(map: Map<TSESTree.ThrowStatement, Escape[]>, node: TSESTree.ThrowStatement, escape: Escape): void {
  let list = map.get(node);
  if (!list) map.set(node, (list = []));
  // Handlers are walked one after the other: a repeat can only be the current handler. A way out
  // with no wrap on it wins: on that way the error leaves the tool as it was thrown.
  const last = list[list.length - 1];
  if (last?.handler !== escape.handler) list.push(escape);
  else if (escape.wraps.length === 0 && last.wraps.length > 0) list[list.length - 1] = escape;
}

function recordCall<K extends TSESTree.Node>(
  map: Map<K, Map<ToolHandler, readonly CatchGuard[]>>,
  call: K,
  handler: ToolHandler,
  guards: readonly CatchGuard[],
): void {
  let byHandler = map.get(call);
  if (!byHandler) map.set(call, (byHandler = new Map<ToolHandler, readonly CatchGuard[]>()));
  const known = byHandler.get(handler);
  // Of two paths, the one with fewer catches lets more through.
  if (!known || guards.length < known.length) byHandler.set(handler, guards);
}

/**
 * Functions passed inline to `target` that it calls (`timed("x", async () => { ... })`), each with
 * the catches inside `target` around its call of them.
 */
function callbacksRun(catches: CatchReader, call: TSESTree.CallExpression, target: FunctionNode): [FunctionNode, CatchGuard[]][] {
  const found: [FunctionNode, CatchGuard[]][] = [];
  call.arguments.forEach((argument, index) => {
    const callback = unwrap(argument);
    const param = target.params[index];
    if (!isFunctionNode(callback) || param?.type !== AST_NODE_TYPES.Identifier) return;
    const around = catches.aroundParamCalls(target, param.name);
    if (around) found.push([callback, around]);
  });
  return found;
}

/** `return f()` (not awaited): the returned promise settles outside any try of the function. */
function returnsUnawaited(call: TSESTree.CallExpression): boolean {
  let node: TSESTree.Node = call;
  while (node.parent.type === AST_NODE_TYPES.TSAsExpression || node.parent.type === AST_NODE_TYPES.ChainExpression) node = node.parent;
  const parent = node.parent;
  return parent.type === AST_NODE_TYPES.ReturnStatement || (parent.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === node);
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
      // A method of a returned object runs when called, not where the object is made; a route handler, when a request comes.
      if (isReturnedMethod(fn) || isRouteHandler(fn)) return EMPTY;
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
  // `(async () => { ... })();` as a statement: nothing waits for the promise it makes.
  const callee = unwrap(call.callee);
  if (parent.type === AST_NODE_TYPES.ExpressionStatement && isFunctionNode(callee) && callee.async) return false;
  return true;
}
