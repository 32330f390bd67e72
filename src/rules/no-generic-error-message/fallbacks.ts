/**
 * Texts a tool's catch hands, beside the error it caught, to a function that answers with the text
 * alone whenever it does not take the error's message: `return jsonErrorResponse(
 * classifyToolCatchError(error, "Failed to get count"))`, where a function on the way picks
 * `getLogLevel() === "DEBUG" ? error.message : fallback` (read with types: `isFallbackArgument`).
 * Outside that case the agent gets the text and nothing of the cause.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import type { McpModel } from "../../model/index.js";
import { forEachOwnNode, ownReturnStatements, staticString } from "../../util/ast.js";

/** Each such text, with the call it is handed to. */
export function fallbackTexts(
  sourceCode: Readonly<TSESLint.SourceCode>,
  model: McpModel,
): { readonly text: TSESTree.Node; readonly call: TSESTree.CallExpression }[] {
  const found: { text: TSESTree.Node; call: TSESTree.CallExpression }[] = [];
  for (const clause of model.catches) {
    const caught = clause.param;
    if (caught?.type !== AST_NODE_TYPES.Identifier || model.handlersAt(clause).length === 0) continue;
    for (const statement of ownReturnStatements(clause.body)) {
      if (!statement.argument) continue;
      forEachOwnNode(sourceCode, statement.argument, (node) => {
        if (node.type !== AST_NODE_TYPES.CallExpression) return;
        if (!node.arguments.some((argument) => argument.type === AST_NODE_TYPES.Identifier && argument.name === caught.name)) return;
        node.arguments.forEach((argument, index) => {
          if (staticString(argument) !== undefined && model.types.isFallbackArgument(sourceCode, node, index)) found.push({ text: argument, call: node });
        });
      });
    }
  }
  return found;
}
