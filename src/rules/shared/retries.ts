/**
 * Retries on a tool's path: a loop around a try/catch that goes on after a failure, or a function
 * that calls itself from its catch, and how it paces its attempts (no wait, a constant delay, a
 * growing one, with or without jitter). `no-blind-retry` judges them; the CLI's scorecard counts
 * them.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  calleeName,
  enclosingFunction,
  findVariable,
  forEachOwnNode,
  isFunctionNode,
  isInside,
  isLoop,
  type Loop,
  memberPath,
  mentionsName,
  unwrap,
} from "../../util/ast.js";
import { type ExternalFailures, alwaysExits, isHandledWithin, sameFileCallee } from "./external-failures.js";

type SourceCode = Readonly<TSESLint.SourceCode>;
export type { Loop } from "../../util/ast.js";

/** A retry: a loop around a try/catch that goes on after a failure, or a function that calls itself from its catch. */
export interface RetrySite {
  readonly kind: "loop" | "recursion";
  /** The loop, or the function that calls itself: what changes from one attempt to the next lives here. */
  readonly scope: Loop | FunctionNode;
  readonly tryStatement: TSESTree.TryStatement;
  readonly catchClause: TSESTree.CatchClause;
  /** Where waits between attempts are looked for: the loop body, or the catch. */
  readonly waitArea: TSESTree.Node;
  /** The recursive call (recursion only). */
  readonly retryCall: TSESTree.CallExpression | undefined;
}

/** Functions that wait: `sleep(ms)`, `delay(ms)`, `wait(ms)`, `pause(ms)`, `setTimeout(ms)` from timers/promises. */
const WAIT_NAME = /^(sleep|delay|wait|pause|setTimeout)(Ms|Millis|Milliseconds)?$/i;
/** Math and number helpers a delay computation may use; anything else is a call we cannot see into. */
const PURE_MATH = new Set([
  "Math.min",
  "Math.max",
  "Math.floor",
  "Math.ceil",
  "Math.round",
  "Math.trunc",
  "Math.pow",
  "Math.abs",
  "Number",
  "parseInt",
  "parseFloat",
]);
const RANDOM = new Set(["Math.random", "crypto.randomInt", "randomInt"]);

/** The loop whose body holds the try statement, through blocks, `if`s and labels only. */
function loopAround(tryStatement: TSESTree.TryStatement): Loop | undefined {
  let current: TSESTree.Node = tryStatement;
  for (;;) {
    const parent: TSESTree.Node = current.parent;
    if (isLoop(parent)) return parent.body === current ? parent : undefined;
    if (parent.type !== AST_NODE_TYPES.BlockStatement && parent.type !== AST_NODE_TYPES.IfStatement && parent.type !== AST_NODE_TYPES.LabeledStatement) {
      return undefined;
    }
    current = parent;
  }
}

/**
 * The try leaves the loop when the call succeeds: it ends with `return` / `break`, sets a variable
 * the loop condition reads (`done = true`), or the statement after it breaks out and the catch
 * `continue`s. A loop that goes on after a success is polling or a walk over items, not a retry.
 */
function leavesOnSuccess(sourceCode: SourceCode, loop: Loop, tryStatement: TSESTree.TryStatement, catchClause: TSESTree.CatchClause): boolean {
  const last = tryStatement.block.body.at(-1);
  if (last?.type === AST_NODE_TYPES.ReturnStatement || last?.type === AST_NODE_TYPES.BreakStatement) return true;
  const test = loop.type === AST_NODE_TYPES.ForOfStatement || loop.type === AST_NODE_TYPES.ForInStatement ? null : loop.test;
  if (test) {
    for (const statement of tryStatement.block.body) {
      if (statement.type !== AST_NODE_TYPES.ExpressionStatement) continue;
      const e = statement.expression;
      if (
        e.type === AST_NODE_TYPES.AssignmentExpression &&
        e.left.type === AST_NODE_TYPES.Identifier &&
        mentionsName(sourceCode, test, new Set([e.left.name]), "subtree")
      ) {
        return true;
      }
    }
  }
  const block = tryStatement.parent;
  if (block.type === AST_NODE_TYPES.BlockStatement) {
    const next = block.body[block.body.indexOf(tryStatement) + 1];
    const catchBody = catchClause.body;
    if (
      (next?.type === AST_NODE_TYPES.BreakStatement || next?.type === AST_NODE_TYPES.ReturnStatement) &&
      alwaysExits(catchBody, true) &&
      !alwaysExits(catchBody)
    ) {
      return true;
    }
  }
  return false;
}

/**
 * A loop over items or alternatives (`for (const url of mirrors)`, `urls[i]`) tries each one once:
 * the try reads the loop's own variable.
 */
function walksItems(sourceCode: SourceCode, loop: Loop, tryBlock: TSESTree.BlockStatement): boolean {
  if (loop.type === AST_NODE_TYPES.ForOfStatement || loop.type === AST_NODE_TYPES.ForInStatement) {
    const names = new Set<string>();
    for (const variable of sourceCode.getDeclaredVariables(loop.left)) names.add(variable.name);
    if (loop.left.type === AST_NODE_TYPES.Identifier) names.add(loop.left.name);
    return mentionsName(sourceCode, tryBlock, names, "subtree");
  }
  if (loop.type === AST_NODE_TYPES.ForStatement && loop.init?.type === AST_NODE_TYPES.VariableDeclaration) {
    const names = new Set(sourceCode.getDeclaredVariables(loop.init).map((v) => v.name));
    let indexed = false;
    forEachOwnNode(sourceCode, tryBlock, (node) => {
      if (node.type === AST_NODE_TYPES.MemberExpression && node.computed && mentionsName(sourceCode, node.property, names, "subtree")) indexed = true;
    });
    return indexed;
  }
  return false;
}

/** The try makes an outside call whose failure reaches the catch (or calls the operation a retry helper was given). */
function triesOutsideCall(sourceCode: SourceCode, external: ExternalFailures, tryBlock: TSESTree.BlockStatement): boolean {
  const owner = enclosingFunction(tryBlock);
  let found = false;
  forEachOwnNode(sourceCode, tryBlock, (node) => {
    if (found || node.type !== AST_NODE_TYPES.CallExpression || isHandledWithin(node, tryBlock)) return;
    if (external.isExternal(node)) {
      found = true;
      return;
    }
    // `withRetry(fn)`: the operation is a parameter of the function that holds the loop.
    const callee = unwrap(node.callee);
    if (callee.type !== AST_NODE_TYPES.Identifier || !owner) return;
    const def = findVariable(sourceCode, callee)?.defs[0];
    if (def?.type === DefinitionType.Parameter && def.node === owner) found = true;
  });
  return found;
}

/** `retries - 1`, `attempt + 1`, `++n`, `{ ...opts, attempt: attempt + 1 }`: the argument counts attempts. */
function countsAttempts(argument: TSESTree.Node): boolean {
  const n = unwrap(argument);
  if (n.type === AST_NODE_TYPES.UpdateExpression) return true;
  if (n.type === AST_NODE_TYPES.BinaryExpression && (n.operator === "+" || n.operator === "-")) {
    const isNumber = (x: TSESTree.Node): boolean => x.type === AST_NODE_TYPES.Literal && typeof x.value === "number";
    return isNumber(n.right) || isNumber(n.left);
  }
  if (n.type === AST_NODE_TYPES.ObjectExpression) {
    return n.properties.some((p) => p.type === AST_NODE_TYPES.Property && countsAttempts(p.value));
  }
  return false;
}

/** The call in the catch that runs the enclosing function again with an attempt counter. */
function recursiveRetry(sourceCode: SourceCode, catchClause: TSESTree.CatchClause, fn: FunctionNode): TSESTree.CallExpression | undefined {
  let found: TSESTree.CallExpression | undefined;
  forEachOwnNode(sourceCode, catchClause.body, (node) => {
    if (found || node.type !== AST_NODE_TYPES.CallExpression) return;
    if (sameFileCallee(sourceCode, node) === fn && node.arguments.some(countsAttempts)) found = node;
  });
  return found;
}

/** Finds the retry that a catch clause belongs to, if any. */
export function retrySite(sourceCode: SourceCode, external: ExternalFailures, catchClause: TSESTree.CatchClause): RetrySite | undefined {
  const tryStatement = catchClause.parent;
  const loop = loopAround(tryStatement);
  if (loop) {
    if (!leavesOnSuccess(sourceCode, loop, tryStatement, catchClause)) return undefined;
    // A catch that throws, returns or breaks on every path ends the loop: no retry.
    if (alwaysExits(catchClause.body)) return undefined;
    if (walksItems(sourceCode, loop, tryStatement.block)) return undefined;
    if (!triesOutsideCall(sourceCode, external, tryStatement.block)) return undefined;
    return { kind: "loop", scope: loop, tryStatement, catchClause, waitArea: loop.body, retryCall: undefined };
  }
  const fn = enclosingFunction(catchClause);
  if (!fn) return undefined;
  const retryCall = recursiveRetry(sourceCode, catchClause, fn);
  if (!retryCall || !triesOutsideCall(sourceCode, external, tryStatement.block)) return undefined;
  return { kind: "recursion", scope: fn, tryStatement, catchClause, waitArea: catchClause.body, retryCall };
}

interface Wait {
  readonly call: TSESTree.CallExpression;
  /** The delay expression, when the wait has one. */
  readonly delay: TSESTree.Node | undefined;
}

/** The waits in the area: awaited `sleep(ms)`-like calls and `new Promise((r) => setTimeout(r, ms))`. */
function findWaits(sourceCode: SourceCode, area: TSESTree.Node): Wait[] {
  const waits: Wait[] = [];
  const visit = (root: TSESTree.Node, inPromise: boolean): void => {
    forEachOwnNode(sourceCode, root, (node) => {
      if (node.type === AST_NODE_TYPES.NewExpression && calleeName(node) === "Promise") {
        const executor = node.arguments[0] ? unwrap(node.arguments[0]) : undefined;
        if (isFunctionNode(executor)) visit(executor.body, true);
        return;
      }
      if (node.type !== AST_NODE_TYPES.CallExpression) return;
      const name = calleeName(node);
      if (name === undefined || !WAIT_NAME.test(name)) return;
      const awaited = node.parent.type === AST_NODE_TYPES.AwaitExpression;
      if (name === "setTimeout") {
        // `setTimeout(r, ms)` in a promise executor; `await setTimeout(ms)` from timers/promises.
        if (inPromise && node.arguments.length >= 2) waits.push({ call: node, delay: node.arguments[1] });
        else if (awaited) waits.push({ call: node, delay: node.arguments[0] });
        return;
      }
      if (awaited || inPromise) waits.push({ call: node, delay: node.arguments[0] });
    });
  };
  visit(area, false);
  return waits;
}

/** Whether anything besides the tried call and the retry itself is awaited (it may wait). */
function awaitsSomethingElse(sourceCode: SourceCode, site: RetrySite): boolean {
  let found = false;
  forEachOwnNode(sourceCode, site.waitArea, (node) => {
    if (found || node.type !== AST_NODE_TYPES.AwaitExpression) return;
    if (isInside(node, site.tryStatement.block)) return;
    if (site.retryCall && unwrap(node.argument) === site.retryCall) return;
    found = true;
  });
  return found;
}

interface DelayFacts {
  /** Depends on something that changes from one attempt to the next (a counter, a doubled variable). */
  varies: boolean;
  random: boolean;
  /** A call or value we cannot see into: say nothing. */
  unknown: boolean;
}

/** Reads a delay expression: does it grow with the attempts, is there jitter, or can we not tell. */
function readDelay(sourceCode: SourceCode, site: RetrySite, delay: TSESTree.Node): DelayFacts {
  const facts: DelayFacts = { varies: false, random: false, unknown: false };
  const scope = site.scope;
  let assignedPaths: Set<string> | undefined;
  const assignedInScope = (path: string): boolean => {
    if (!assignedPaths) {
      const paths = new Set<string>();
      forEachOwnNode(sourceCode, scope, (node) => {
        const target =
          node.type === AST_NODE_TYPES.AssignmentExpression ? node.left : node.type === AST_NODE_TYPES.UpdateExpression ? node.argument : undefined;
        const p = target ? memberPath(target) : undefined;
        if (p !== undefined) paths.add(p);
      });
      assignedPaths = paths;
    }
    return assignedPaths.has(path);
  };
  const identifier = (id: TSESTree.Identifier, depth: number): void => {
    if (/jitter/i.test(id.name)) facts.random = true;
    const variable = findVariable(sourceCode, id);
    // An undeclared global (`RETRY_DELAY` from elsewhere): the same every time.
    if (!variable || variable.defs.length === 0) return;
    const def = variable.defs[0];
    if (variable.defs.length !== 1 || !def) {
      facts.unknown = true;
      return;
    }
    const writes = variable.references.filter((r) => r.isWrite() && isInside(r.identifier, scope));
    if (def.type === DefinitionType.Parameter) {
      if ((site.kind === "recursion" && def.node === scope) || writes.length > 0) facts.varies = true;
      return;
    }
    if (def.type === DefinitionType.CatchClause) {
      // `err.retryAfter`: the server's own delay; whether it needs jitter is not ours to say.
      facts.unknown = true;
      return;
    }
    if (!isInside(def.name, scope)) {
      if (writes.length > 0) facts.varies = true;
      return;
    }
    if (def.type !== DefinitionType.Variable) {
      facts.unknown = true;
      return;
    }
    const declaration = def.parent;
    const holder = declaration.parent;
    if ((holder.type === AST_NODE_TYPES.ForOfStatement || holder.type === AST_NODE_TYPES.ForInStatement) && holder.left === declaration) {
      facts.varies = true;
      return;
    }
    if (writes.some((r) => r.identifier !== def.node.id)) {
      facts.varies = true;
      return;
    }
    if (def.node.init) expression(def.node.init, depth + 1);
    else facts.unknown = true;
  };
  const expression = (node: TSESTree.Node, depth: number): void => {
    if (depth > 8) {
      facts.unknown = true;
      return;
    }
    const n = unwrap(node);
    switch (n.type) {
      case AST_NODE_TYPES.Literal:
        return;
      case AST_NODE_TYPES.Identifier:
        identifier(n, depth);
        return;
      case AST_NODE_TYPES.MemberExpression: {
        const path = memberPath(n);
        if (path !== undefined && assignedInScope(path)) facts.varies = true;
        if (n.object.type !== AST_NODE_TYPES.ThisExpression) expression(n.object, depth + 1);
        if (n.computed) expression(n.property, depth + 1);
        return;
      }
      case AST_NODE_TYPES.BinaryExpression:
        if (n.left.type !== AST_NODE_TYPES.PrivateIdentifier) expression(n.left, depth + 1);
        expression(n.right, depth + 1);
        return;
      case AST_NODE_TYPES.LogicalExpression:
        expression(n.left, depth + 1);
        expression(n.right, depth + 1);
        return;
      case AST_NODE_TYPES.UnaryExpression:
        expression(n.argument, depth + 1);
        return;
      case AST_NODE_TYPES.ConditionalExpression:
        expression(n.test, depth + 1);
        expression(n.consequent, depth + 1);
        expression(n.alternate, depth + 1);
        return;
      case AST_NODE_TYPES.CallExpression: {
        const path = memberPath(n.callee);
        if (path !== undefined && RANDOM.has(path)) {
          facts.random = true;
          return;
        }
        if (path === undefined || !PURE_MATH.has(path)) {
          facts.unknown = true;
          return;
        }
        for (const a of n.arguments) expression(a, depth + 1);
        return;
      }
      default:
        facts.unknown = true;
    }
  };
  expression(delay, 0);
  return facts;
}

/** How a retry paces its attempts. */
export type Pacing =
  /** Nothing is awaited between attempts: it tries again at once. */
  | { readonly kind: "none" }
  /** A wait whose delay never changes (`delay` is the first wait's); `jitter` when it has a random part. */
  | { readonly kind: "constant"; readonly delay: TSESTree.Node; readonly jitter: boolean }
  /** A delay that grows from one attempt to the next (`delay` is the growing one). */
  | { readonly kind: "backoff"; readonly delay: TSESTree.Node; readonly jitter: boolean }
  /** A wait without a delay, a delay we cannot read, or something else awaited that may wait. */
  | { readonly kind: "unknown" };

/** Reads how a retry waits between its attempts. */
export function pacingOf(sourceCode: SourceCode, site: RetrySite): Pacing {
  const waits = findWaits(sourceCode, site.waitArea);
  if (waits.length === 0) return awaitsSomethingElse(sourceCode, site) ? { kind: "unknown" } : { kind: "none" };
  const delays: TSESTree.Node[] = [];
  for (const wait of waits) {
    if (wait.delay === undefined) return { kind: "unknown" };
    delays.push(wait.delay);
  }
  const facts = delays.map((delay) => readDelay(sourceCode, site, delay));
  if (facts.some((f) => f.unknown)) return { kind: "unknown" };
  const jitter = facts.some((f) => f.random);
  const growing = facts.findIndex((f) => f.varies);
  const first = delays[0] as TSESTree.Node;
  return growing === -1 ? { kind: "constant", delay: first, jitter } : { kind: "backoff", delay: delays[growing] ?? first, jitter };
}
