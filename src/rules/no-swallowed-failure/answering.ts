/**
 * Catches of functions that answer like a tool handler where this file shows no registration
 * reaching them (a handler class whose registry the analysis cannot follow): the function returns
 * a tool result literal outside its catches and no other value written in place, and the catch
 * answers with a success result. That result is read by MCP alone, and says the call went well.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { McpModel, ToolResult } from "../../model/index.js";
import { type FunctionNode, enclosingCatch, enclosingFunction, ownReturnStatements, unwrapAwait } from "../../util/ast.js";

/** A success result a catch of an answering function returns. */
export interface AnsweringCatch {
  readonly clause: TSESTree.CatchClause;
  readonly statement: TSESTree.ReturnStatement;
  readonly result: ToolResult;
}

/** The success results that catches off every handler path return, in functions that answer like a tool. */
export function answeringCatches(model: McpModel, results: ReadonlyMap<TSESTree.ObjectExpression, ToolResult>): AnsweringCatch[] {
  const found: AnsweringCatch[] = [];
  /** Per function, its own returns when it answers like a tool (null: it does not). */
  const answering = new Map<FunctionNode, readonly TSESTree.ReturnStatement[] | null>();
  for (const clause of model.catches) {
    if (model.handlersAt(clause).length > 0) continue;
    const fn = enclosingFunction(clause);
    if (!fn || fn.body.type !== AST_NODE_TYPES.BlockStatement) continue;
    let returns = answering.get(fn);
    if (returns === undefined) {
      const own = ownReturnStatements(fn.body);
      answering.set(fn, (returns = answersLikeTool(own, results) ? own : null));
    }
    for (const statement of returns ?? []) {
      if (enclosingCatch(statement) !== clause) continue;
      const value = statement.argument ? unwrapAwait(statement.argument) : null;
      const result = value?.type === AST_NODE_TYPES.ObjectExpression ? results.get(value) : undefined;
      if (result && !result.isError) found.push({ clause, statement, result });
    }
  }
  return found;
}

/**
 * A tool result literal is among a function's own `returns` outside its catches, and no return
 * gives a value of another kind written in place (a plain object, an array, a string, nothing):
 * the others hand on what a call gives (`return this.formatResult(result)`, `return result`).
 */
function answersLikeTool(returns: readonly TSESTree.ReturnStatement[], results: ReadonlyMap<TSESTree.ObjectExpression, ToolResult>): boolean {
  let outside = false;
  for (const statement of returns) {
    const value = statement.argument ? unwrapAwait(statement.argument) : null;
    if (!value || WRITTEN_VALUES.has(value.type)) return false;
    if (value.type !== AST_NODE_TYPES.ObjectExpression) continue;
    if (!results.has(value)) return false;
    // `enclosingCatch` stops at the function: a catch it finds is one of the function's own.
    if (!enclosingCatch(statement)) outside = true;
  }
  return outside;
}

/** Values written in place that no tool answers with. */
const WRITTEN_VALUES = new Set<string>([
  AST_NODE_TYPES.ArrayExpression,
  AST_NODE_TYPES.Literal,
  AST_NODE_TYPES.TemplateLiteral,
  AST_NODE_TYPES.ArrowFunctionExpression,
  AST_NODE_TYPES.FunctionExpression,
]);
