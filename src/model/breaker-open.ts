/**
 * Where a circuit breaker is open: the code a test on the breaker's open state guards
 * (`if (breaker.opened)`, `if (this.state === "OPEN")`, `policy.state === CircuitState.Open`,
 * `if (!breaker.canExecute())`), or the branch of a catch that tests for the open-circuit error
 * (`err.code === "EOPENBREAKER"`, `err instanceof BrokenCircuitError`, `isBrokenCircuitError(err)`,
 * a class named like `CircuitOpenError`). An error built there is transient: the breaker
 * half-opens after its reset time. The library facts come from `BREAKER_LIBRARIES`.
 *
 * Precision first: a state test counts only on a breaker (a value `breakerValue` recognises, a
 * name that says circuit, or `this` in a breaker class); a class named Breaker without such a
 * test is no open branch. Only `&&` chains are looked into: `open || timedOut` may be either.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { calleeName, forEachChild, isFunctionNode, memberName, staticKeyName, staticString, unwrap } from "../util/ast.js";
import { BREAKER_LIBRARIES, breakerValue, importOf } from "./breakers.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** A breaker-open context, as `breakerOpenAt` finds it. */
export interface BreakerOpen {
  /** The test that says the breaker is open (for a negated guard, the guard's test). */
  readonly test: TSESTree.Node;
  /** The library's key in `BREAKER_LIBRARIES`, or "hand-written". */
  readonly library: string;
  /** The breaker the test reads (`breaker` in `breaker.opened`, `this` in a breaker class, a `circuitState` variable), when it reads one. */
  readonly breaker: TSESTree.Node | undefined;
  /** The code the test guards: the branch, the case, or the statement list after a negated guard. */
  readonly branch: TSESTree.Node;
}

/** What a test says when it says a breaker is open. */
interface Signal {
  readonly library: string;
  readonly breaker: TSESTree.Node | undefined;
}

interface Context {
  readonly sourceCode: SourceCode;
  readonly importedFrom: ReadonlyMap<string, string>;
}

const HAND_WRITTEN: Signal = { library: "hand-written", breaker: undefined };

/** `"OPEN"`, `"open"`, `CircuitState.Open`, `State.OPEN`. */
const OPEN_VALUE = /^open$/i;
/** `this.state`, `breaker.status`, `this._circuitState`. */
const STATE_PROPERTY = /^_?(circuit|breaker|current)?_?(state|status)$/i;
/** `breaker.getState()`. */
const STATE_GETTER = /^get(Circuit)?State$/;
/** A variable holding a module-level breaker's state: `circuitState`, `breaker_status`. */
const STATE_VARIABLE = /^_?(circuit|breaker)_?(state|status)$/i;
/** The enum (or object) an open-state member belongs to: `CircuitState`, `BreakerStatus`. */
const STATE_ENUM = /state|status/i;
/** Predicates true while the breaker is open: `breaker.isOpen()`, `this.isCircuitOpen`. */
const OPEN_PREDICATE = /^(is(Circuit)?Open(ed)?|opened)$/;
/** Predicates false while the breaker is open: `!breaker.canExecute()`, `!this.allowRequest()`. */
const ALLOW_PREDICATE = /^(can(Attempt|Execute|Request|Call|Pass|Proceed|Try)|allows?(Request|Call|Execution)?|isAllowed|isClosed)$/;
/** Hand-written open-circuit error classes: `CircuitOpenError`, `CircuitBreakerOpenError`, `OpenCircuitError`. */
const OPEN_ERROR_CLASS = /^(Circuit(Breaker)?(Is)?Open|OpenCircuit(Breaker)?|BreakerOpen|BrokenCircuit|CircuitBroken)(Error|Exception)$/;
/** Their guards: `isCircuitOpenError(err)`. */
const OPEN_ERROR_GUARD = /^is(Circuit(Breaker)?(Is)?Open|OpenCircuit(Breaker)?|BreakerOpen|BrokenCircuit)(Error)?$/;
/** Hand-written open-circuit codes: `"CIRCUIT_OPEN"`, `"circuit_breaker_open"`, `"BREAKER_OPEN"`. */
const OPEN_CODE = /^(E_?)?(circuit|breaker)_?(breaker_?)?(is_?)?open(ed)?$/i;
/** Words of an open-circuit message: "Circuit breaker is open", "breaker OPEN". */
const OPEN_TEXT = /\b(circuit|breaker)(?:[\s_-]+\w+){0,2}?[\s_-]+open\b/i;
/** Names that say breaker or circuit, for the receiver of a state test. */
const BREAKER_OR_CIRCUIT = /breaker|circuit/i;
/** A failure counter or threshold, part of what makes a class a breaker without the name. */
const FAILURE_MEMBER = /fail|threshold/i;
const HALF_OPEN = /^half[\s_-]?open$/i;

/**
 * The breaker-open context of the code at `node`, inside its function: undefined when no test
 * around it says a breaker is open.
 */
export function breakerOpenAt(sourceCode: SourceCode, importedFrom: ReadonlyMap<string, string>, node: TSESTree.Node): BreakerOpen | undefined {
  if (!mayTestBreaker(sourceCode)) return undefined;
  const context: Context = { sourceCode, importedFrom };
  let current: TSESTree.Node = node;
  while (current.parent && !isFunctionNode(current)) {
    const parent: TSESTree.Node = current.parent;
    const found = guardOf(context, parent, current);
    if (found) return found;
    current = parent;
  }
  return undefined;
}

/**
 * Every test `readTest` accepts spells one of these words (an open value, flag, code, class or
 * text; a broken circuit; an allow predicate): a file without any has no open branch to find.
 */
const BREAKER_WORD = /open|broken|allow|closed|can(Attempt|Execute|Request|Call|Pass|Proceed|Try)/i;
/**
 * The answer for the last text asked about. Keyed by the text, not the `SourceCode`: a
 * module-level cache must not reach a file's tree (docs/architecture.md#lifetimes).
 */
const lastBreakerWords = { text: "", found: false };

function mayTestBreaker(sourceCode: SourceCode): boolean {
  const text = sourceCode.text;
  if (text !== lastBreakerWords.text) {
    lastBreakerWords.text = text;
    lastBreakerWords.found = BREAKER_WORD.test(text);
  }
  return lastBreakerWords.found;
}

/** What `parent` says about its child `child`: open when a test guarding the child says so. */
function guardOf(context: Context, parent: TSESTree.Node, child: TSESTree.Node): BreakerOpen | undefined {
  const at = (test: TSESTree.Node, signal: Signal | undefined): BreakerOpen | undefined => (signal ? { test, ...signal, branch: child } : undefined);
  if (parent.type === AST_NODE_TYPES.IfStatement || parent.type === AST_NODE_TYPES.ConditionalExpression) {
    if (parent.consequent === child) return at(parent.test, readTest(context, parent.test, false));
    if (parent.alternate === child) return at(parent.test, readTest(context, parent.test, true));
    return undefined;
  }
  if (parent.type === AST_NODE_TYPES.SwitchCase && parent.test && parent.consequent.includes(child as TSESTree.Statement)) {
    return at(parent.test, compare(context, parent.parent.discriminant, parent.test));
  }
  // `if (!(err instanceof BrokenCircuitError)) throw err;` and then the open case.
  const statements =
    parent.type === AST_NODE_TYPES.BlockStatement || parent.type === AST_NODE_TYPES.Program
      ? parent.body
      : parent.type === AST_NODE_TYPES.SwitchCase
        ? parent.consequent
        : undefined;
  if (!statements) return undefined;
  for (const statement of statements) {
    if (statement === child) break;
    if (statement.type === AST_NODE_TYPES.IfStatement && !statement.alternate && exits(statement.consequent)) {
      const found = at(statement.test, readTest(context, statement.test, true));
      if (found) return found;
    }
  }
  return undefined;
}

/** The statement always leaves: a return or throw, or a block that ends in one. */
function exits(statement: TSESTree.Statement): boolean {
  if (statement.type === AST_NODE_TYPES.ReturnStatement || statement.type === AST_NODE_TYPES.ThrowStatement) return true;
  if (statement.type !== AST_NODE_TYPES.BlockStatement) return false;
  const last = statement.body.at(-1);
  return last !== undefined && exits(last);
}

/** Whether `test` (negated: its negation) says a breaker is open. */
function readTest(context: Context, test: TSESTree.Node, negated: boolean): Signal | undefined {
  const n = unwrap(test);
  if (n.type === AST_NODE_TYPES.UnaryExpression && n.operator === "!") return readTest(context, n.argument, !negated);
  if (n.type === AST_NODE_TYPES.LogicalExpression) {
    // Each side alone decides only where both must hold: `a && b`, or the negation of `a || b`.
    if ((n.operator === "&&" && !negated) || (n.operator === "||" && negated)) {
      return readTest(context, n.left, negated) ?? readTest(context, n.right, negated);
    }
    return undefined;
  }
  if (n.type === AST_NODE_TYPES.BinaryExpression && (n.operator === "===" || n.operator === "==" || n.operator === "!==" || n.operator === "!=")) {
    const equal = n.operator === "===" || n.operator === "==";
    return equal === !negated ? compare(context, n.left, n.right) : undefined;
  }
  if (negated) return allowPredicate(context, n);
  return openError(n) ?? openPredicate(context, n) ?? openText(n);
}

/** `a === b` says a breaker is open: an open code or error name, or an open state on a breaker. */
function compare(context: Context, a: TSESTree.Node, b: TSESTree.Node): Signal | undefined {
  for (const [value, other] of [
    [unwrap(a), unwrap(b)],
    [unwrap(b), unwrap(a)],
  ] as const) {
    const text = staticString(value);
    const property = other.type === AST_NODE_TYPES.MemberExpression ? memberName(other) : undefined;
    if (text !== undefined && property !== undefined) {
      const byFact = (pick: (key: string) => readonly string[]): Signal | undefined => {
        const library = Object.keys(BREAKER_LIBRARIES).find((key) => pick(key).includes(text));
        return library === undefined ? undefined : { library, breaker: undefined };
      };
      if (property === "code") return byFact((key) => BREAKER_LIBRARIES[key]?.openCodes ?? []) ?? (OPEN_CODE.test(text) ? HAND_WRITTEN : undefined);
      if (property === "name")
        return byFact((key) => BREAKER_LIBRARIES[key]?.openErrors ?? []) ?? (OPEN_ERROR_CLASS.test(text) ? HAND_WRITTEN : undefined);
      if (property === "message" && OPEN_TEXT.test(text)) return HAND_WRITTEN;
    }
    const state = openState(context, value, other);
    if (state) return state;
  }
  return undefined;
}

/** `state` compared with `value` is a breaker's state compared with its open value. */
function openState(context: Context, value: TSESTree.Node, state: TSESTree.Node): Signal | undefined {
  let viaLibrary: string | undefined;
  if (value.type === AST_NODE_TYPES.MemberExpression) {
    const member = memberName(value);
    const enumNode = unwrap(value.object);
    if (member === undefined || !OPEN_VALUE.test(member) || enumNode.type !== AST_NODE_TYPES.Identifier) return undefined;
    const imported = importOf(context.importedFrom, enumNode.name);
    const fact = imported ? BREAKER_LIBRARIES[imported.library]?.openState : undefined;
    if (imported && fact?.enum === imported.exported && fact.member === member) viaLibrary = imported.library;
    else if (!STATE_ENUM.test(enumNode.name)) return undefined;
  } else if (!OPEN_VALUE.test(staticString(value) ?? "")) {
    return undefined;
  }
  if (state.type === AST_NODE_TYPES.Identifier) return STATE_VARIABLE.test(state.name) ? { library: "hand-written", breaker: state } : undefined;
  let receiver: TSESTree.Node | undefined;
  if (state.type === AST_NODE_TYPES.MemberExpression && STATE_PROPERTY.test(memberName(state) ?? "")) receiver = state.object;
  if (state.type === AST_NODE_TYPES.CallExpression) {
    const callee = unwrap(state.callee);
    if (callee.type === AST_NODE_TYPES.MemberExpression && STATE_GETTER.test(memberName(callee) ?? "")) receiver = callee.object;
  }
  if (!receiver) return undefined;
  // The library's own enum says whose state it is; a look-alike enum needs a breaker to read.
  if (viaLibrary !== undefined) return { library: viaLibrary, breaker: unwrap(receiver) };
  return breakerSignal(context, receiver);
}

/** `receiver` is a breaker: the signal that names it, or undefined. */
function breakerSignal(context: Context, receiver: TSESTree.Node): Signal | undefined {
  const node = unwrap(receiver);
  if (node.type === AST_NODE_TYPES.ThisExpression) {
    const owner = thisClassOf(node);
    return owner && isBreakerClass(context.sourceCode, owner) ? { library: "hand-written", breaker: node } : undefined;
  }
  const value = breakerValue(context.sourceCode, context.importedFrom, node);
  if (value) return { library: value.library, breaker: node };
  // `this.circuit`, `circuits.get(host)`, `this.breakers.get(name)`.
  const named = node.type === AST_NODE_TYPES.CallExpression && calleeName(node) === "get" ? unwrap(node.callee) : node;
  const target = named.type === AST_NODE_TYPES.MemberExpression && named !== node ? unwrap(named.object) : named;
  const name = target.type === AST_NODE_TYPES.Identifier ? target.name : target.type === AST_NODE_TYPES.MemberExpression ? memberName(target) : undefined;
  return name !== undefined && BREAKER_OR_CIRCUIT.test(name) ? { library: "hand-written", breaker: node } : undefined;
}

/** `err instanceof BrokenCircuitError`, `isBrokenCircuitError(err)`, `isCircuitOpenError(err)`, `breaker.isOpen()`. */
function openError(n: TSESTree.Node): Signal | undefined {
  if (n.type === AST_NODE_TYPES.BinaryExpression && n.operator === "instanceof") {
    const right = unwrap(n.right);
    const name = right.type === AST_NODE_TYPES.Identifier ? right.name : right.type === AST_NODE_TYPES.MemberExpression ? memberName(right) : undefined;
    if (name === undefined) return undefined;
    const library = Object.keys(BREAKER_LIBRARIES).find((key) => BREAKER_LIBRARIES[key]?.openErrors.includes(name));
    if (library !== undefined) return { library, breaker: undefined };
    return OPEN_ERROR_CLASS.test(name) ? HAND_WRITTEN : undefined;
  }
  if (n.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const name = calleeName(n);
  if (name === undefined) return undefined;
  const library = Object.keys(BREAKER_LIBRARIES).find((key) => BREAKER_LIBRARIES[key]?.openGuards.includes(name));
  if (library !== undefined) return { library, breaker: undefined };
  if (OPEN_ERROR_GUARD.test(name)) return HAND_WRITTEN;
  return undefined;
}

/** `breaker.opened` (opossum), `breaker.isOpen()`, `this.isOpen`. */
function openPredicate(context: Context, n: TSESTree.Node): Signal | undefined {
  return predicateOn(
    context,
    n,
    (name) => OPEN_PREDICATE.test(name) || Object.values(BREAKER_LIBRARIES).some((library) => library.openFlags.includes(name)),
  );
}

/** `breaker.canExecute()`, `this.allowRequest()`: negated, the breaker is open. */
function allowPredicate(context: Context, n: TSESTree.Node): Signal | undefined {
  return predicateOn(context, n, (name) => ALLOW_PREDICATE.test(name));
}

function predicateOn(context: Context, n: TSESTree.Node, accepts: (name: string) => boolean): Signal | undefined {
  const read = n.type === AST_NODE_TYPES.CallExpression && n.arguments.length === 0 ? unwrap(n.callee) : n;
  if (read.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const name = memberName(read);
  return name !== undefined && accepts(name) ? breakerSignal(context, read.object) : undefined;
}

/** `err.message.includes("Circuit breaker is open")`, `/breaker is open/i.test(message)`. */
function openText(n: TSESTree.Node): Signal | undefined {
  if (n.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrap(n.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const object = unwrap(callee.object);
  if (object.type === AST_NODE_TYPES.Literal && "regex" in object && OPEN_TEXT.test(object.regex.pattern)) return HAND_WRITTEN;
  return n.arguments.some((argument) => OPEN_TEXT.test(staticString(argument) ?? "")) ? HAND_WRITTEN : undefined;
}

/** The class whose instance `this` is at `node`: through arrow functions, up to a method or a field. */
export function thisClassOf(node: TSESTree.Node): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
  let current: TSESTree.Node | undefined = node.parent;
  while (current) {
    if (current.type === AST_NODE_TYPES.FunctionDeclaration) return undefined;
    if (current.type === AST_NODE_TYPES.FunctionExpression && current.parent.type !== AST_NODE_TYPES.MethodDefinition) return undefined;
    if (current.type === AST_NODE_TYPES.ClassBody) return current.parent;
    current = current.parent;
  }
  return undefined;
}

/**
 * A hand-written breaker class: its name says breaker or circuit, or it has a half-open state and
 * a failure count or threshold.
 */
function isBreakerClass(sourceCode: SourceCode, owner: TSESTree.ClassDeclaration | TSESTree.ClassExpression): boolean {
  if (owner.id && BREAKER_OR_CIRCUIT.test(owner.id.name)) return true;
  // Written from the visitor: an object, so the compiler does not narrow them to their initial values.
  const seen = { halfOpen: false, failures: false };
  const visit = (node: TSESTree.Node): void => {
    if (seen.halfOpen && seen.failures) return;
    if (node.type === AST_NODE_TYPES.Literal && typeof node.value === "string" && HALF_OPEN.test(node.value)) seen.halfOpen = true;
    if (node.type === AST_NODE_TYPES.MemberExpression && HALF_OPEN.test(memberName(node) ?? "")) seen.halfOpen = true;
    if ((node.type === AST_NODE_TYPES.PropertyDefinition || node.type === AST_NODE_TYPES.MethodDefinition) && !node.computed) {
      if (FAILURE_MEMBER.test(staticKeyName(node.key, false) ?? "")) seen.failures = true;
    }
    if (
      node.type === AST_NODE_TYPES.MemberExpression &&
      unwrap(node.object).type === AST_NODE_TYPES.ThisExpression &&
      FAILURE_MEMBER.test(memberName(node) ?? "")
    ) {
      seen.failures = true;
    }
    forEachChild(node, sourceCode.visitorKeys, visit);
  };
  visit(owner.body);
  return seen.halfOpen && seen.failures;
}
