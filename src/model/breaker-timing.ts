/**
 * When an open breaker half-opens, where the code at an error can say it: the moment a
 * hand-written breaker half-opens, read from its own time check (`Date.now() < this.nextAttempt`,
 * `Date.now() - this.openedAt >= this.resetTimeout`) when that expression is in scope at the
 * error, or the reset time a library breaker was built with (opossum's `resetTimeout`, cockatiel's
 * `halfOpenAfter`: `halfOpenAfter` in `BREAKER_LIBRARIES`) when the file shows the construction.
 * Anything else is unknown.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  constInitializer,
  enclosingCatch,
  findProperty,
  findVariable,
  forEachChild,
  hasSpread,
  isFunctionNode,
  isPropertyName,
  memberName,
  memberPath,
  objectLiteral,
  unwrap,
} from "../util/ast.js";
import { type BreakerOpen, thisClassOf } from "./breaker-open.js";
import { BREAKER_LIBRARIES, breakerCall, breakerValue } from "./breakers.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

export type HalfOpenTime =
  /** Source text, in scope at the error, of the epoch milliseconds at which the breaker half-opens. */
  | { readonly kind: "deadline"; readonly text: string; /** One member or name: no parentheses needed around it. */ readonly simple: boolean }
  /** The milliseconds the breaker stays open, from its construction. */
  | { readonly kind: "delay"; readonly ms: number };

/** When the breaker of an open context half-opens, as seen from `at` (where the error is built). */
export function halfOpenTime(
  sourceCode: SourceCode,
  importedFrom: ReadonlyMap<string, string>,
  open: BreakerOpen,
  at: TSESTree.Node,
): HalfOpenTime | undefined {
  if (open.library === "hand-written") return deadline(sourceCode, open, at);
  const breakers = open.breaker ? [open.breaker] : breakersTried(sourceCode, importedFrom, open.test);
  const delays = breakers.map((breaker) => {
    const value = breakerValue(sourceCode, importedFrom, breaker);
    return value?.library === open.library && value.construction ? delayOf(sourceCode, value.library, value.construction) : undefined;
  });
  const first = delays[0];
  return first !== undefined && delays.every((delay) => delay === first) ? { kind: "delay", ms: first } : undefined;
}

/** The breakers whose calls the `try` around a catch's test runs (`breaker.fire(...)`, `policy.execute(...)`). */
function breakersTried(sourceCode: SourceCode, importedFrom: ReadonlyMap<string, string>, test: TSESTree.Node): TSESTree.Node[] {
  const current = enclosingCatch(test);
  if (!current) return [];
  const receivers: TSESTree.Node[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (isFunctionNode(node)) return;
    if (node.type === AST_NODE_TYPES.CallExpression && breakerCall(sourceCode, importedFrom, node)) {
      const callee = unwrap(node.callee);
      if (callee.type === AST_NODE_TYPES.MemberExpression) receivers.push(callee.object);
    }
    forEachChild(node, sourceCode.visitorKeys, visit);
  };
  visit(current.parent.block);
  return receivers;
}

/** The milliseconds a library breaker stays open, from the arguments it was built with; the library's default when they leave it out. */
function delayOf(sourceCode: SourceCode, library: string, construction: TSESTree.NewExpression | TSESTree.CallExpression): number | undefined {
  const facts = BREAKER_LIBRARIES[library];
  if (!facts) return undefined;
  let leftOut = true;
  for (const place of facts.halfOpenAfter) {
    const argument = construction.arguments[place.argument];
    if (!argument) continue;
    if (place.property === undefined) {
      const ms = numberOf(sourceCode, argument, 0);
      if (ms !== undefined) return ms;
      leftOut = false;
      continue;
    }
    const options = objectLiteral(sourceCode, argument);
    const value = options ? findProperty(options, place.property)?.value : undefined;
    if (value) return numberOf(sourceCode, value, 0);
    if (!options || hasSpread(options)) leftOut = false;
  }
  return leftOut ? facts.defaultHalfOpenAfter : undefined;
}

/** A number the file states: `30_000`, `30 * 1000`, a const holding one. */
function numberOf(sourceCode: SourceCode, node: TSESTree.Node, depth: number): number | undefined {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Literal) return typeof n.value === "number" && n.value > 0 ? n.value : undefined;
  if (n.type === AST_NODE_TYPES.BinaryExpression && n.operator === "*") {
    const left = numberOf(sourceCode, n.left, depth);
    const right = numberOf(sourceCode, n.right, depth);
    return left !== undefined && right !== undefined ? left * right : undefined;
  }
  if (n.type === AST_NODE_TYPES.Identifier && depth < 2) {
    const init = constInitializer(sourceCode, n);
    return init ? numberOf(sourceCode, init, depth + 1) : undefined;
  }
  return undefined;
}

/**
 * The moment a hand-written breaker half-opens, from a time check in its open branch (or in a
 * method of the class that the branch or its test calls on `this`), when every name in it is in
 * scope at `at`.
 */
function deadline(sourceCode: SourceCode, open: BreakerOpen, at: TSESTree.Node): HalfOpenTime | undefined {
  const roots: TSESTree.Node[] = [open.test, open.branch];
  const owner = thisClassOf(at);
  const methods = new Map<string, TSESTree.Node>();
  for (const member of owner?.body.body ?? []) {
    if (member.type === AST_NODE_TYPES.MethodDefinition && !member.computed && member.key.type === AST_NODE_TYPES.Identifier && member.value.body) {
      methods.set(member.key.name, member.value.body);
    }
  }
  let found: HalfOpenTime | undefined;
  const visit = (node: TSESTree.Node): void => {
    if (found || isFunctionNode(node)) return;
    if (node.type === AST_NODE_TYPES.CallExpression) {
      // `this.shouldAttemptReset()`: a method of this class, looked into once.
      const path = memberPath(node.callee);
      const method = path?.startsWith("this.") ? methods.get(path.slice(5)) : undefined;
      if (method && !roots.includes(method)) roots.push(method);
    }
    if (node.type === AST_NODE_TYPES.BinaryExpression && /^[<>]=?$/.test(node.operator)) {
      const pieces = deadlinePieces(sourceCode, node);
      if (pieces?.every((piece) => inScopeAt(sourceCode, piece, at))) {
        const text = pieces.map((piece) => sourceCode.getText(piece)).join(" + ");
        const only = pieces.length === 1 ? unwrap(pieces[0] as TSESTree.Node) : undefined;
        found = { kind: "deadline", text, simple: only?.type === AST_NODE_TYPES.MemberExpression || only?.type === AST_NODE_TYPES.Identifier };
        return;
      }
    }
    forEachChild(node, sourceCode.visitorKeys, visit);
  };
  // `roots` grows while it is walked: the methods the branch calls come last.
  for (let i = 0; i < roots.length && !found; i++) visit(roots[i] as TSESTree.Node);
  return found;
}

/** `now < T` (T), `now - A >= B` (A + B): the terms of the half-open moment a time check compares with. */
function deadlinePieces(sourceCode: SourceCode, comparison: TSESTree.BinaryExpression): TSESTree.Node[] | undefined {
  if (comparison.left.type === AST_NODE_TYPES.PrivateIdentifier) return undefined;
  for (const [side, other] of [
    [comparison.left, comparison.right],
    [comparison.right, comparison.left],
  ] as const) {
    if (isNow(sourceCode, side, 0)) return [other];
    const since = elapsedSince(sourceCode, side);
    if (since) return [since, other];
  }
  return undefined;
}

/** `Date.now()`, `new Date().getTime()`, or a const holding one. */
function isNow(sourceCode: SourceCode, node: TSESTree.Node, depth: number): boolean {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.CallExpression && n.arguments.length === 0) {
    if (memberPath(n.callee) === "Date.now") return true;
    const callee = unwrap(n.callee);
    if (callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "getTime") {
      const object = unwrap(callee.object);
      return object.type === AST_NODE_TYPES.NewExpression && object.arguments.length === 0 && memberPath(object.callee) === "Date";
    }
  }
  if (n.type === AST_NODE_TYPES.Identifier && depth === 0) {
    const init = constInitializer(sourceCode, n);
    return init !== undefined && isNow(sourceCode, init, depth + 1);
  }
  return false;
}

/** `now - A`, or a const holding it (`const elapsed = Date.now() - this.openedAt`): A. */
function elapsedSince(sourceCode: SourceCode, node: TSESTree.Node): TSESTree.Node | undefined {
  let n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Identifier) {
    const init = constInitializer(sourceCode, n);
    if (!init) return undefined;
    n = init;
  }
  return n.type === AST_NODE_TYPES.BinaryExpression && n.operator === "-" && isNow(sourceCode, n.left, 0) ? n.right : undefined;
}

/**
 * The expression means the same at `at`: plain arithmetic on members, names and numbers (no
 * call), every name the same variable there and declared before it, `this` the same instance.
 */
function inScopeAt(sourceCode: SourceCode, piece: TSESTree.Node, at: TSESTree.Node): boolean {
  let ok = true;
  const owner = thisClassOf(at);
  const visit = (node: TSESTree.Node): void => {
    if (!ok) return;
    switch (node.type) {
      case AST_NODE_TYPES.ThisExpression:
        ok = owner !== undefined && thisClassOf(node) === owner;
        return;
      case AST_NODE_TYPES.Identifier: {
        if (isPropertyName(node)) return;
        const variable = findVariable(sourceCode, node);
        const declared = variable?.defs[0]?.name;
        ok = variable !== undefined && declared !== undefined && declared.range[1] <= at.range[0] && variableAt(sourceCode, at, node.name) === variable;
        return;
      }
      case AST_NODE_TYPES.MemberExpression:
      case AST_NODE_TYPES.Literal:
      case AST_NODE_TYPES.TSAsExpression:
      case AST_NODE_TYPES.TSNonNullExpression:
        forEachChild(node, sourceCode.visitorKeys, visit, TYPE_ONLY);
        return;
      case AST_NODE_TYPES.BinaryExpression:
        ok = ["+", "-", "*", "/"].includes(node.operator);
        forEachChild(node, sourceCode.visitorKeys, visit);
        return;
      default:
        ok = false;
    }
  };
  visit(piece);
  return ok;
}

const TYPE_ONLY: ReadonlySet<string> = new Set(["typeAnnotation", "typeArguments"]);

/** The variable a name refers to at `at`. */
function variableAt(sourceCode: SourceCode, at: TSESTree.Node, name: string): TSESLint.Scope.Variable | undefined {
  let scope: TSESLint.Scope.Scope | null = sourceCode.getScope(at);
  while (scope) {
    const variable = scope.set.get(name);
    if (variable) return variable;
    scope = scope.upper;
  }
  return undefined;
}
