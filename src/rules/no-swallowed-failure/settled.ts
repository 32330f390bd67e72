/**
 * `Promise.allSettled` whose rejected outcomes become "nothing found". A tool that runs several
 * requests with `allSettled` and answers a failed one with an empty value or "No X found." tells
 * the agent there is nothing, when the request failed: the rejection's reason is never read.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  constInitializer,
  enclosingFunction,
  forEachOwnNode,
  memberName,
  memberPath,
  someOwnNode,
  staticString,
  unwrap,
} from "../../util/ast.js";
import { FAILURE_TEXT, NO_DATA_TEXT, comparedStatus, emptyValue } from "./flow.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** An `allSettled` call whose failed outcome some branch answers as "nothing", with what it answers. */
export interface SettledAsNothing {
  readonly call: TSESTree.CallExpression;
  /** "an empty array", or the text `"No X found."`. */
  readonly value: string;
}

/** The `Promise.allSettled(...)` calls of `calls` whose rejected outcomes become "nothing". */
export function settledAsNothing(sourceCode: SourceCode, calls: readonly TSESTree.CallExpression[]): SettledAsNothing[] {
  const found: SettledAsNothing[] = [];
  for (const call of calls) {
    if (memberPath(call.callee) !== "Promise.allSettled") continue;
    const fn = enclosingFunction(call);
    const names = outcomeNames(call);
    if (!fn || names.size === 0 || readsReason(sourceCode, fn, names)) continue;
    const value = nothingOnRejection(sourceCode, fn, names);
    if (value !== undefined) found.push({ call, value });
  }
  return found;
}

/** `const [a, b] = await Promise.allSettled([...])`: the names of the outcomes. */
function outcomeNames(call: TSESTree.CallExpression): Set<string> {
  let node: TSESTree.Node = call;
  while (node.parent.type === AST_NODE_TYPES.AwaitExpression || node.parent.type === AST_NODE_TYPES.TSAsExpression) node = node.parent;
  const declarator = node.parent;
  const names = new Set<string>();
  if (declarator.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== node || declarator.id.type !== AST_NODE_TYPES.ArrayPattern)
    return names;
  for (const element of declarator.id.elements) if (element?.type === AST_NODE_TYPES.Identifier) names.add(element.name);
  return names;
}

/** Whether the function reads `x.reason` of an outcome: the failure is told somewhere. */
function readsReason(sourceCode: SourceCode, fn: FunctionNode, names: ReadonlySet<string>): boolean {
  return someOwnNode(
    sourceCode,
    fn.body,
    (n) =>
      n.type === AST_NODE_TYPES.MemberExpression && memberName(n) === "reason" && n.object.type === AST_NODE_TYPES.Identifier && names.has(n.object.name),
  );
}

/**
 * What a branch taken on a rejected outcome answers, when it is "nothing": the alternate of
 * `x.status === "fulfilled" ? ... : []`, or the `else` of `if (x.status === "fulfilled" && ...)`
 * that says "No X found.". The test may sit in a constant (`const hasX = x.status === "fulfilled" && ...`).
 */
function nothingOnRejection(sourceCode: SourceCode, fn: FunctionNode, names: ReadonlySet<string>): string | undefined {
  let value: string | undefined;
  forEachOwnNode(sourceCode, fn.body, (n) => {
    if (value !== undefined) return;
    if (n.type !== AST_NODE_TYPES.ConditionalExpression && n.type !== AST_NODE_TYPES.IfStatement) return;
    const test = outcomeTest(sourceCode, n.test, names);
    if (test === undefined) return;
    const rejected = test === "fulfilled" ? n.alternate : n.consequent;
    if (!rejected) return;
    value = n.type === AST_NODE_TYPES.ConditionalExpression ? nothingValue(rejected) : nothingSaid(sourceCode, rejected);
  });
  return value;
}

/** Which outcome a test selects: `x.status === "fulfilled"` (alone or first in an `&&`), or `x.status === "rejected"`. */
function outcomeTest(sourceCode: SourceCode, test: TSESTree.Node, names: ReadonlySet<string>, depth = 0): "fulfilled" | "rejected" | undefined {
  const n = unwrap(test);
  if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator === "&&") {
    const left = outcomeTest(sourceCode, n.left, names, depth);
    return left === "fulfilled" ? left : undefined;
  }
  if (n.type === AST_NODE_TYPES.Identifier && depth === 0) {
    const init = constInitializer(sourceCode, n);
    return init ? outcomeTest(sourceCode, init, names, depth + 1) : undefined;
  }
  return comparedStatus(n, names);
}

/** An empty array or object, an object of empty arrays, or "no data" text. */
function nothingValue(node: TSESTree.Node): string | undefined {
  const n = unwrap(node);
  // An empty list or object is an answer; `0` or `null` may only feed a test (`if (count > 0)`).
  if (n.type === AST_NODE_TYPES.ArrayExpression || n.type === AST_NODE_TYPES.ObjectExpression) {
    if (n.type === AST_NODE_TYPES.ArrayExpression || n.properties.length === 0) return emptyValue(n);
    const allEmpty = n.properties.every((p) => p.type === AST_NODE_TYPES.Property && isEmptyList(p.value as TSESTree.Node));
    return allEmpty ? "empty lists" : undefined;
  }
  const text = staticString(n);
  return text !== undefined && saysNothing(text) ? `the text "${text.trim()}"` : undefined;
}

function isEmptyList(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.ArrayExpression && n.elements.length === 0;
}

/** A branch that says there is nothing ("No PrivateLink connections found.") and nothing of a failure. */
function nothingSaid(sourceCode: SourceCode, branch: TSESTree.Node): string | undefined {
  const texts: string[] = [];
  forEachOwnNode(sourceCode, branch, (n) => {
    const text = n.type === AST_NODE_TYPES.Literal || n.type === AST_NODE_TYPES.TemplateLiteral ? staticString(n) : undefined;
    if (text !== undefined) texts.push(text);
  });
  if (texts.some((text) => FAILURE_TEXT.test(text))) return undefined;
  const said = texts.find(saysNothing);
  return said === undefined ? undefined : `the text "${said.trim()}"`;
}

/** Some line of the text says there is nothing. */
function saysNothing(text: string): boolean {
  return !FAILURE_TEXT.test(text) && text.split("\n").some((line) => NO_DATA_TEXT.test(line));
}
