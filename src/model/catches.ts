/**
 * What a try/catch does with an error on its way out of a function. A catch converts an error
 * only where it returns (or falls through: the error stops there); a catch that logs and
 * rethrows, wraps the error into another and throws that, or rethrows through another variable
 * lets it through, and one that tests `instanceof` may do either, by class. Each catch is read
 * once into a `CatchGuard` (plain data: it also crosses files in the program index's facts), and
 * a throw is judged at its own site against the guards between it and the framework
 * (`catch-passage.ts`).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  constInitializer,
  enclosingCatchParam,
  forEachChild,
  holdsOnlyCaught,
  isCancelledTest,
  keptForLaterThrow,
  isFunctionNode,
  mentionsName,
  ownReturnStatements,
  rangeKey,
  resolveFunction,
  someOwnNode,
  unwrap,
} from "../util/ast.js";
import { thrownClass } from "./error-classes.js";
import { CARRIES, CATCHES_ALL, CONVERTS, type CatchGuard, type Catching, REPORTS, RETHROWS, stopsAll } from "./catch-passage.js";
import type { TypeOracle } from "./type-oracle.js";
import { queuedWithReject, rejectsCaught } from "./queued.js";
import { carriesMessage, returnsErrorResults } from "./carried.js";
import { inputCondition, instanceofClasses, messageTest, narrowedByExit, narrowingClass } from "./catch-tests.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Reads each catch once per model. */
export class CatchReader {
  private readonly guards = new Map<TSESTree.CatchClause, CatchGuard>();

  /** `types`: the class an error factory of another file builds (typed linting). */
  constructor(
    private readonly sourceCode: SourceCode,
    private readonly types?: TypeOracle,
  ) {}

  /**
   * The guards around `node` inside `boundary` (not crossing functions), innermost first: each
   * `try` whose block holds `node`, read from its catch and its `finally`.
   */
  around(node: TSESTree.Node, boundary: TSESTree.Node): CatchGuard[] {
    const guards: CatchGuard[] = [];
    let child: TSESTree.Node = node;
    let current = node.parent;
    while (current && current !== boundary) {
      if (current.type === AST_NODE_TYPES.TryStatement && current.finalizer !== child) {
        // A `finally` that returns ends the function whatever the try or its catch threw.
        if (current.finalizer && ownReturnStatements(current.finalizer).length > 0) guards.push(CATCHES_ALL);
        else if (current.handler && current.block === child) guards.push(this.of(current.handler));
      }
      if (isFunctionNode(current)) break;
      child = current;
      current = current.parent;
    }
    return guards;
  }

  /** What a catch clause does with the errors it catches. */
  of(clause: TSESTree.CatchClause): CatchGuard {
    let guard = this.guards.get(clause);
    if (!guard) {
      guard = readCatch(this.sourceCode, clause, this.types);
      this.guards.set(clause, guard);
    }
    return guard;
  }

  /**
   * The guards around the calls of `param` inside `fn` (a wrapper calling the function it wraps):
   * those of the call that lets the most through, or undefined when `fn` never calls it.
   */
  aroundParamCalls(fn: FunctionNode, param: string): CatchGuard[] | undefined {
    let best: CatchGuard[] | undefined;
    const visit = (node: TSESTree.Node): void => {
      if (node.type === AST_NODE_TYPES.CallExpression) {
        const callee = unwrap(node.callee);
        if (callee.type === AST_NODE_TYPES.Identifier && callee.name === param) {
          const guards = this.around(node, fn);
          if (!best || (stopsAll(best) && !stopsAll(guards))) best = guards;
        }
      }
      forEachChild(node, this.sourceCode.visitorKeys, visit);
    };
    visit(fn.body);
    return best ?? (queuedWithReject(this.sourceCode, fn, param) ? [] : undefined);
  }
}

/** The catch's own statements, read in order: what happens to the caught error, by class. */
function readCatch(sourceCode: SourceCode, clause: TSESTree.CatchClause, types?: TypeOracle): CatchGuard {
  const param = clause.param?.type === AST_NODE_TYPES.Identifier ? clause.param.name : undefined;
  const byClass = new Map<string, Catching>();
  const reader = new Outcomes(sourceCode, param, 0, types);
  const containsReturn = (node: TSESTree.Node): boolean => hasReturn(sourceCode, node);
  let otherwise: Catching | undefined;
  // A path that may return before the catch's final throw: for errors not sorted by class, the
  // catch may convert them, and unknown means converting (we stay silent).
  let mayReturn = false;
  const textTests: string[] = [];
  for (const statement of clause.body.body) {
    if (statement.type === AST_NODE_TYPES.IfStatement && !statement.alternate && isCancelledTest(sourceCode, statement.test)) continue; // `if (signal.aborted) throw e`: no one reads the answer
    // `if (e.message.includes("x") && path === basePath) return fallback()`: taken only for some
    // inputs, whatever the error; on the others every error goes on.
    if (statement.type === AST_NODE_TYPES.IfStatement && !statement.alternate && inputCondition(sourceCode, statement.test, param)) {
      // `if (accounts.size === 1) throw error`, a test of nothing but the inputs: for those inputs, every error goes on.
      const taken =
        param === undefined || mentionsName(sourceCode, statement.test, new Set([param]), "subtree") ? undefined : reader.exit(statement.consequent);
      if (taken && taken.kind !== "converts") {
        otherwise = taken;
        break;
      }
      continue;
    }
    // `if (e.message.includes("rate limit") && ...) return fallback()`: only for errors that say so.
    const needles = param === undefined ? undefined : messageTest(statement, param);
    if (needles !== undefined && statement.type === AST_NODE_TYPES.IfStatement && !statement.alternate) {
      const outcome = reader.exit(statement.consequent);
      if (outcome?.kind === "converts" || (!outcome && containsReturn(statement.consequent))) {
        textTests.push(...needles);
        continue;
      }
    }
    const tested = param === undefined ? undefined : instanceofClasses(statement, param);
    if (tested && statement.type === AST_NODE_TYPES.IfStatement) {
      let outcome = reader.exit(statement.consequent) ?? (containsReturn(statement.consequent) ? CONVERTS : undefined);
      // `if (e instanceof Error) return { isError: true, content: [{ type: "text", text: e.message }] }`.
      if (outcome?.kind === "converts" && carriesMessage(sourceCode, clause, param as string, statement.consequent)) outcome = CARRIES;
      if (outcome) for (const cls of tested) if (!byClass.has(cls)) byClass.set(cls, outcome);
      if (statement.alternate) {
        otherwise = reader.exit(statement.alternate);
        if (otherwise) break;
        if (containsReturn(statement.alternate)) mayReturn = true;
      }
      continue;
    }
    const exit = reader.exit(statement);
    if (exit) {
      otherwise = exit;
      break;
    }
    if (containsReturn(statement)) mayReturn = true;
  }
  // The catch always leaves by a statement of its own (not by falling through to the code after it).
  const exits = otherwise !== undefined;
  // `catch (e) { lastError = e }` in a retry loop that ends in `throw lastError`, `catch (e) { reject(e) }` in a queued task: every error goes on.
  if (!exits && !mayReturn && param !== undefined && (keptForLaterThrow(sourceCode, clause, param) || rejectsCaught(clause, param))) otherwise = RETHROWS;
  otherwise ??= CONVERTS;
  if (mayReturn && otherwise.kind !== "converts") otherwise = CONVERTS;
  if (otherwise.kind === "converts" && param !== undefined && carriesMessage(sourceCode, clause, param)) otherwise = CARRIES;
  else if (otherwise.kind === "converts" && exits && byClass.size === 0 && returnsErrorResults(sourceCode, clause)) otherwise = REPORTS;
  return textTests.length > 0 && otherwise.kind !== "converts"
    ? { id: rangeKey(clause.range), byClass, otherwise, textTests }
    : { id: rangeKey(clause.range), byClass, otherwise };
}

/** Whether a return statement of the enclosing function occurs in `node`. */
function hasReturn(sourceCode: SourceCode, node: TSESTree.Node): boolean {
  return someOwnNode(sourceCode, node, (n) => n.type === AST_NODE_TYPES.ReturnStatement);
}

/** How a statement that always leaves the catch leaves it. */
class Outcomes {
  constructor(
    private readonly sourceCode: SourceCode,
    private readonly param: string | undefined,
    /** Calls of throwing helpers followed so far (`logError(e)` inside `logError`'s own helpers). */
    private readonly depth = 0,
    private readonly types?: TypeOracle,
  ) {}

  /** The outcome when `statement` always leaves the catch (by throw or return), else undefined. */
  exit(statement: TSESTree.Statement): Catching | undefined {
    switch (statement.type) {
      case AST_NODE_TYPES.ThrowStatement:
        return this.thrown(statement);
      case AST_NODE_TYPES.ReturnStatement:
        return (statement.argument && this.throwingCall(statement.argument)) ?? CONVERTS;
      case AST_NODE_TYPES.ExpressionStatement:
        return this.throwingCall(statement.expression);
      case AST_NODE_TYPES.BlockStatement: {
        for (const inner of statement.body) {
          const exit = this.exit(inner);
          if (exit) return exit;
          if (hasReturn(this.sourceCode, inner)) return undefined;
        }
        return undefined;
      }
      case AST_NODE_TYPES.IfStatement: {
        // Both branches leave the same way: the statement does.
        const consequent = this.exit(statement.consequent);
        const alternate = statement.alternate ? this.exit(statement.alternate) : undefined;
        if (!consequent || !alternate) return undefined;
        if (consequent.kind === "converts" || alternate.kind === "converts") return consequent.kind === alternate.kind ? CONVERTS : undefined;
        if (consequent.kind === "rethrows" || alternate.kind === "rethrows") return RETHROWS;
        // Both wrap: `if (e.name === "UnknownToolError") throw { code: -32601, ... } else throw { code:
        // -32000, message: \`... ${e.message}\` }`. Errors the test does not pick out take the wrap
        // that hands on what they said, when one of the two does.
        return this.handsOn(alternate) || !this.handsOn(consequent) ? alternate : consequent;
      }
      default:
        return undefined;
    }
  }

  /**
   * `logError(e)`, `return fail(e)`: a call of a same-file function that always throws. It
   * rethrows when the function throws the parameter the call hands the caught error to, and
   * wraps otherwise; a function that may return is no exit.
   */
  private throwingCall(expression: TSESTree.Expression): Catching | undefined {
    let call = unwrap(expression);
    if (call.type === AST_NODE_TYPES.AwaitExpression) call = unwrap(call.argument);
    if (call.type !== AST_NODE_TYPES.CallExpression || call.callee.type !== AST_NODE_TYPES.Identifier || this.depth >= MAX_THROWING_CALLS)
      return undefined;
    const fn = resolveFunction(this.sourceCode, call.callee);
    if (!fn || fn.body.type !== AST_NODE_TYPES.BlockStatement || fn.generator) return undefined;
    const index = this.param === undefined ? -1 : call.arguments.findIndex((a) => this.mayHoldCaught(a, 0));
    const param = fn.params[index];
    const inner = new Outcomes(this.sourceCode, param?.type === AST_NODE_TYPES.Identifier ? param.name : undefined, this.depth + 1, this.types).exit(
      fn.body,
    );
    if (inner?.kind === "wraps" && index === -1) return { ...inner, drops: true };
    return inner?.kind === "converts" ? undefined : inner;
  }

  /** A wrap whose thrown value reads the caught error. */
  private handsOn(wrap: Catching): boolean {
    return (
      wrap.kind === "wraps" &&
      wrap.site !== undefined &&
      this.param !== undefined &&
      mentionsName(this.sourceCode, wrap.site.argument, new Set([this.param]), "subtree")
    );
  }

  private thrown(statement: TSESTree.ThrowStatement): Catching {
    if (this.param !== undefined && this.mayHoldCaught(statement.argument, 0)) return RETHROWS;
    return { kind: "wraps", as: thrownClass(this.sourceCode, statement, this.types), site: statement };
  }

  /** `e`, or a `const` that may hold it (`const failure = x ? new UserError(...) : e`). */
  private mayHoldCaught(expression: TSESTree.Node, depth: number): boolean {
    const n = unwrap(expression);
    if (n.type === AST_NODE_TYPES.Identifier) {
      if (n.name === this.param) return true;
      const init = depth < 3 ? constInitializer(this.sourceCode, n) : undefined;
      return init !== undefined && this.mayHoldCaught(init, depth + 1);
    }
    if (n.type === AST_NODE_TYPES.ConditionalExpression) return this.mayHoldCaught(n.consequent, depth) || this.mayHoldCaught(n.alternate, depth);
    if (n.type === AST_NODE_TYPES.LogicalExpression) return this.mayHoldCaught(n.left, depth) || this.mayHoldCaught(n.right, depth);
    return false;
  }
}

/** Throwing helpers followed inside one another, at most. */
const MAX_THROWING_CALLS = 2;

/**
 * Whether every call of `param` inside `fn` sits in a `try` block whose `catch` stops every error;
 * a `catch` that only records it and rethrows it (`throw error`) lets it through.
 */
export function callsParamInsideTry(sourceCode: SourceCode, fn: FunctionNode, param: string): boolean {
  const guards = new CatchReader(sourceCode).aroundParamCalls(fn, param);
  return guards !== undefined && stopsAll(guards);
}

/**
 * A throw inside a catch that throws the caught error itself (`throw e`, or through a variable
 * that may hold it: `const failure = x instanceof Quota ? new UserError(...) : e`), or a throw
 * after it of a `let` that only ever held caught errors (`throw lastError`), and the class
 * the catch has narrowed it to on the way (`if (e instanceof McpError) throw e`), if any.
 */
export function caughtRethrow(sourceCode: SourceCode, node: TSESTree.ThrowStatement): { readonly narrowedTo: string | undefined } | undefined {
  // `throw lastError` after a retry loop whose catch kept each error.
  if (node.argument.type === AST_NODE_TYPES.Identifier && holdsOnlyCaught(sourceCode, node.argument)) return { narrowedTo: undefined };
  let current: TSESTree.Node | undefined = node.parent;
  let narrowedTo: string | undefined;
  let child: TSESTree.Node = node;
  while (current && !isFunctionNode(current)) {
    if (current.type === AST_NODE_TYPES.CatchClause) {
      const param = current.param?.type === AST_NODE_TYPES.Identifier ? current.param.name : undefined;
      return param !== undefined && new Outcomes(sourceCode, param).exit(node)?.kind === "rethrows" ? { narrowedTo } : undefined;
    }
    if (current.type === AST_NODE_TYPES.BlockStatement && current.parent.type === AST_NODE_TYPES.CatchClause)
      narrowedTo ??= narrowedInCatch(sourceCode, current, child);
    if (current.type === AST_NODE_TYPES.IfStatement && current.consequent === child && narrowedTo === undefined) {
      const test = unwrap(current.test);
      const param = enclosingCatchParam(current);
      if (param !== undefined) narrowedTo = narrowingClass(test, param);
    }
    child = current;
    current = current.parent;
  }
  return undefined;
}

function narrowedInCatch(sourceCode: SourceCode, body: TSESTree.BlockStatement, statement: TSESTree.Node): string | undefined {
  const caught = enclosingCatchParam(statement);
  return caught === undefined ? undefined : narrowedByExit(body, statement, caught, (s) => new Outcomes(sourceCode, caught).exit(s) !== undefined);
}
