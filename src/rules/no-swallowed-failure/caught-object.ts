/**
 * A catch that returns an object made of its failure (`return { status, message: error.message }`)
 * from a function whose value a tool answers with as it is (`return toolResult(await run(args))`):
 * the failure goes out as one more successful answer, which the agent takes for the data it asked
 * for. An object that also carries data the function already had is a partial answer with a note,
 * and is left alone.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import type { McpModel } from "../../model/index.js";
import { type FunctionNode, constInitializer, mentionsName, ownReturnStatements, staticKeyName, unwrap } from "../../util/ast.js";
import { type SuccessFlow, readsOutsideData, triedAccess } from "./flow.js";

/**
 * Where the object `value`, returned by `clause` of `fn`, becomes a successful answer; undefined
 * when it does not carry the caught error (`names`: it and the constants made from it), when it
 * also carries other data, or when nothing in the try block could fail.
 */
export function caughtObjectAnswer(
  sourceCode: Readonly<TSESLint.SourceCode>,
  model: McpModel,
  flow: SuccessFlow,
  at: { value: TSESTree.ObjectExpression; clause: TSESTree.CatchClause; fn: FunctionNode; names: ReadonlySet<string> },
): TSESTree.Node | undefined {
  if (!mentionsName(sourceCode, at.value, at.names, "own-code") || readsOutsideData(sourceCode, at.value, at.clause)) return undefined;
  if (!triedAccess(sourceCode, model, at.clause) || shapedLikeTry(sourceCode, at.value, at.clause)) return undefined;
  return flow.successAnswer(at.fn);
}

/**
 * `return { approved: null, approved_by: [], unavailable_reason: message }` where the try returns
 * `{ approved, approved_by }`: the usual value, emptied, with a note saying why. The answer shows
 * the failure where the data would be: a partial answer, not the failure passed off as data. The
 * try may return the object through a constant (`const out = { status: "OK", items }; return out`).
 */
function shapedLikeTry(sourceCode: Readonly<TSESLint.SourceCode>, value: TSESTree.ObjectExpression, clause: TSESTree.CatchClause): boolean {
  const keys = new Set(value.properties.map((p) => (p.type === AST_NODE_TYPES.Property ? staticKeyName(p.key, p.computed) : undefined)));
  return ownReturnStatements(clause.parent.block).some((statement) => {
    const argument = statement.argument ? unwrap(statement.argument) : undefined;
    const made = argument?.type === AST_NODE_TYPES.Identifier ? constInitializer(sourceCode, argument) : argument;
    const returned = made ? unwrap(made) : undefined;
    if (returned?.type !== AST_NODE_TYPES.ObjectExpression || returned.properties.length === 0) return false;
    const tried = returned.properties.map((p) => (p.type === AST_NODE_TYPES.Property ? staticKeyName(p.key, p.computed) : undefined));
    return tried.every((key) => key !== undefined && keys.has(key)) && keys.size > tried.length;
  });
}
