/**
 * `try { const tables = await describe(db); return { content: [info(branch), tablesPart(tables)] } }
 * catch (error) { log(error) } return { content: [info(branch)] }`: the catch neither returns nor
 * leaves, and the function goes on to the try's own answer with the failed call's parts left out.
 * The agent takes the shorter answer for the whole one, and cannot tell that a part is missing.
 *
 * Shared by two rules: `no-swallowed-failure` reports the catch, and `require-error-logging` leaves
 * it to that finding (one catch, one finding).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import type { ToolResult } from "../../model/index.js";
import { LEAVES, findProperty, ownReturnStatements, someOwnNode, unwrap, unwrapAwait } from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The success result the function answers with after the catch, when it is the try's answer less some of its parts. */
export function reducedAnswer(
  sourceCode: SourceCode,
  results: ReadonlyMap<TSESTree.ObjectExpression, ToolResult>,
  clause: TSESTree.CatchClause,
): TSESTree.ObjectExpression | undefined {
  const statement = clause.parent;
  const block = statement.parent;
  if (statement.finalizer || block.type !== AST_NODE_TYPES.BlockStatement) return undefined;
  if (someOwnNode(sourceCode, clause.body, (n) => LEAVES.has(n.type))) return undefined;
  const next = block.body[block.body.indexOf(statement) + 1];
  const after = next?.type === AST_NODE_TYPES.ReturnStatement ? successParts(sourceCode, results, next) : undefined;
  if (!after || after.parts.length === 0) return undefined;
  // The try answers with every part of `after`, and more: the parts the failed call would have given.
  const full = ownReturnStatements(statement.block).map((r) => successParts(sourceCode, results, r));
  const reduced = full.some(
    (answer) => answer !== undefined && answer.parts.length > after.parts.length && after.parts.every((p) => answer.parts.includes(p)),
  );
  return reduced ? after.object : undefined;
}

/** A success result literal a return gives, and the source of each of its content parts (whitespace folded). */
function successParts(
  sourceCode: SourceCode,
  results: ReadonlyMap<TSESTree.ObjectExpression, ToolResult>,
  statement: TSESTree.ReturnStatement,
): { object: TSESTree.ObjectExpression; parts: string[] } | undefined {
  const value = statement.argument ? unwrapAwait(statement.argument) : undefined;
  const result = value?.type === AST_NODE_TYPES.ObjectExpression ? results.get(value) : undefined;
  if (!result || result.isError) return undefined;
  const content = findProperty(result.object, "content");
  const list = content ? unwrap(content.value) : undefined;
  if (list?.type !== AST_NODE_TYPES.ArrayExpression) return undefined;
  const parts: string[] = [];
  for (const element of list.elements) {
    if (!element || element.type === AST_NODE_TYPES.SpreadElement) return undefined;
    parts.push(sourceCode.getText(element).replace(/\s+/gu, " "));
  }
  return { object: result.object, parts };
}
