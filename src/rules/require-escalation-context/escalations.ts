/**
 * Where a retry loop gives up, for `require-escalation-context`: the `return` of an error result
 * in the loop's final-attempt branch (inside the loop, outside the `try`, under a test of the
 * attempt counter), or after the loop, when nothing but running out of attempts gets there.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import type { ErrorResult } from "../../model/index.js";
import { constInitializer, forEachOwnNode, isInside, mentionsName, unwrap, unwrapAwait } from "../../util/ast.js";
import { alwaysExits } from "../shared/external-failures.js";
import type { Loop, RetrySite } from "../shared/retries.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** A `return` that hands an error result up once the retries are spent. */
export interface Escalation {
  readonly statement: TSESTree.ReturnStatement;
  readonly result: ErrorResult;
  readonly loop: Loop;
  readonly site: RetrySite;
  /** The variables the loop counts its attempts with. */
  readonly counters: ReadonlySet<string>;
  /** Where it stands: in the loop's final-attempt branch, or after the loop. */
  readonly where: "final-attempt" | "after-loop";
}

const COMPARISONS = new Set(["===", "!==", "==", "!=", "<", "<=", ">", ">="]);

/**
 * The variables that count attempts: those a `for` declares or sets in its init or changes in its
 * update, and those that go up or down by one in the loop (`attempt++`, `retries -= 1`) and that
 * the loop's test reads; in a loop without a test (`while (true)`), those that go up or down by
 * one outside the `try` (a count of items the try processes is no attempt counter).
 */
export function loopCounters(sourceCode: SourceCode, loop: Loop, tryBlock: TSESTree.BlockStatement): Set<string> {
  const names = new Set<string>();
  const nameOf = (target: TSESTree.Node): string | undefined => {
    const n = unwrap(target);
    return n.type === AST_NODE_TYPES.Identifier ? n.name : undefined;
  };
  let test: TSESTree.Node | null = null;
  if (loop.type === AST_NODE_TYPES.ForStatement) {
    if (loop.init?.type === AST_NODE_TYPES.VariableDeclaration) for (const v of sourceCode.getDeclaredVariables(loop.init)) names.add(v.name);
    else if (loop.init?.type === AST_NODE_TYPES.AssignmentExpression) names.add(nameOf(loop.init.left) ?? "");
    if (loop.update)
      forEachOwnNode(sourceCode, loop.update, (node) => {
        if (node.type === AST_NODE_TYPES.UpdateExpression || node.type === AST_NODE_TYPES.AssignmentExpression)
          names.add(nameOf(node.type === AST_NODE_TYPES.UpdateExpression ? node.argument : node.left) ?? "");
      });
    test = loop.test;
  } else if (loop.type === AST_NODE_TYPES.WhileStatement || loop.type === AST_NODE_TYPES.DoWhileStatement) {
    test = loop.test;
  }
  const open = test === null || (test.type === AST_NODE_TYPES.Literal && test.value === true);
  forEachOwnNode(sourceCode, loop, (node) => {
    const target =
      node.type === AST_NODE_TYPES.UpdateExpression
        ? node.argument
        : node.type === AST_NODE_TYPES.AssignmentExpression && (node.operator === "+=" || node.operator === "-=") && isOne(node.right)
          ? node.left
          : undefined;
    const name = target ? nameOf(target) : undefined;
    if (name === undefined) return;
    if (open ? !isInside(node, tryBlock) : test !== null && mentionsName(sourceCode, test, new Set([name]), "subtree")) names.add(name);
  });
  names.delete("");
  return names;
}

function isOne(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.Literal && n.value === 1;
}

/**
 * The test checks the attempt counter: a comparison that reads it (`attempt === MAX - 1`,
 * `++tries >= 3`), `!retries`, either side of `&&` / `||`, or a const set to such a test.
 */
function testsCounter(sourceCode: SourceCode, test: TSESTree.Node, counters: ReadonlySet<string>, depth = 0): boolean {
  const n = unwrap(test);
  switch (n.type) {
    case AST_NODE_TYPES.LogicalExpression:
      return testsCounter(sourceCode, n.left, counters, depth) || testsCounter(sourceCode, n.right, counters, depth);
    case AST_NODE_TYPES.UnaryExpression:
      if (n.operator !== "!") return false;
      return unwrap(n.argument).type === AST_NODE_TYPES.Identifier
        ? mentionsName(sourceCode, n.argument, counters, "subtree")
        : testsCounter(sourceCode, n.argument, counters, depth);
    case AST_NODE_TYPES.BinaryExpression:
      return COMPARISONS.has(n.operator) && mentionsName(sourceCode, n, counters, "subtree");
    case AST_NODE_TYPES.Identifier: {
      const init = depth === 0 ? constInitializer(sourceCode, n) : undefined;
      return init !== undefined && testsCounter(sourceCode, init, counters, depth + 1);
    }
    default:
      return false;
  }
}

/**
 * The return stands in a branch that only the last attempt reaches: under an `if` (either branch)
 * that tests the counter, or after an `if` that tests it and leaves or `continue`s, within the
 * loop body and outside the `try` block.
 */
function inFinalAttemptBranch(sourceCode: SourceCode, statement: TSESTree.ReturnStatement, loop: Loop, counters: ReadonlySet<string>): boolean {
  let current: TSESTree.Node = statement;
  while (current !== loop.body) {
    const parent: TSESTree.Node = current.parent as TSESTree.Node;
    if (parent.type === AST_NODE_TYPES.IfStatement && parent.test !== current && testsCounter(sourceCode, parent.test, counters)) return true;
    if (parent.type === AST_NODE_TYPES.BlockStatement) {
      const before = parent.body.slice(0, parent.body.indexOf(current as TSESTree.Statement));
      const guarded = before.some(
        (s) => s.type === AST_NODE_TYPES.IfStatement && !s.alternate && alwaysExits(s.consequent, true) && testsCounter(sourceCode, s.test, counters),
      );
      if (guarded) return true;
    }
    current = parent;
  }
  return false;
}

/** A `break` that leaves this loop (unlabelled, outside nested loops and switches, or labelled with the loop's label). */
function breaksOut(sourceCode: SourceCode, loop: Loop): boolean {
  const label = loop.parent.type === AST_NODE_TYPES.LabeledStatement ? loop.parent.label.name : undefined;
  let found = false;
  forEachOwnNode(sourceCode, loop.body, (node) => {
    if (found || node.type !== AST_NODE_TYPES.BreakStatement) return;
    if (node.label) {
      found = node.label.name === label;
      return;
    }
    let current: TSESTree.Node = node.parent;
    while (current !== loop) {
      if (
        current.type === AST_NODE_TYPES.SwitchStatement ||
        current.type === AST_NODE_TYPES.ForStatement ||
        current.type === AST_NODE_TYPES.ForOfStatement ||
        current.type === AST_NODE_TYPES.ForInStatement ||
        current.type === AST_NODE_TYPES.WhileStatement ||
        current.type === AST_NODE_TYPES.DoWhileStatement
      ) {
        return;
      }
      current = current.parent as TSESTree.Node;
    }
    found = true;
  });
  return found;
}

/**
 * The statements after the loop that only running out of attempts reaches: the try returns on
 * success (no flag the loop test reads, no `break`), so falling out of the loop means every
 * attempt failed.
 */
function afterExhaustion(sourceCode: SourceCode, loop: Loop, site: RetrySite): TSESTree.Statement[] {
  if (site.tryStatement.block.body.at(-1)?.type !== AST_NODE_TYPES.ReturnStatement || breaksOut(sourceCode, loop)) return [];
  const holder = loop.parent.type === AST_NODE_TYPES.LabeledStatement ? loop.parent : loop;
  const block = holder.parent;
  if (block.type !== AST_NODE_TYPES.BlockStatement) return [];
  return block.body.slice(block.body.indexOf(holder) + 1);
}

/** The error result a `return` hands up: the returned value, awaited or through a const. */
export function returnedErrorResult(
  sourceCode: SourceCode,
  statement: TSESTree.ReturnStatement,
  errorResultAt: ReadonlyMap<TSESTree.Node, ErrorResult>,
): ErrorResult | undefined {
  if (!statement.argument) return undefined;
  const value = unwrapAwait(statement.argument);
  const direct = errorResultAt.get(value);
  if (direct) return direct;
  const init = value.type === AST_NODE_TYPES.Identifier ? constInitializer(sourceCode, value) : undefined;
  return init ? errorResultAt.get(init) : undefined;
}

/** The escalations of a retry loop: error results returned in its final-attempt branch or after it. */
export function escalationsOf(sourceCode: SourceCode, site: RetrySite, errorResultAt: ReadonlyMap<TSESTree.Node, ErrorResult>): Escalation[] {
  if (site.kind !== "loop") return [];
  const loop = site.scope as Loop;
  const counters = loopCounters(sourceCode, loop, site.tryStatement.block);
  const found: Escalation[] = [];
  const take = (root: TSESTree.Node, where: Escalation["where"], accept: (r: TSESTree.ReturnStatement) => boolean): void => {
    forEachOwnNode(sourceCode, root, (node) => {
      if (node.type !== AST_NODE_TYPES.ReturnStatement || !accept(node)) return;
      const result = returnedErrorResult(sourceCode, node, errorResultAt);
      if (result) found.push({ statement: node, result, loop, site, counters, where });
    });
  };
  if (counters.size > 0) {
    const tryBlock = site.tryStatement.block;
    const finalizer = site.tryStatement.finalizer;
    take(
      loop.body,
      "final-attempt",
      (r) => !isInside(r, tryBlock) && !(finalizer && isInside(r, finalizer)) && inFinalAttemptBranch(sourceCode, r, loop, counters),
    );
  }
  for (const statement of afterExhaustion(sourceCode, loop, site)) take(statement, "after-loop", () => true);
  return found;
}
