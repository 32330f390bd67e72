import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { type McpModel, builtObjects, importedObjects, stringifiedCallees } from "../../model/index.js";
import { enclosingFunction, findProperty, forEachOwnNode, jsonStringifyArgument, unwrap } from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * `JSON.stringify(makeEnvelope("INVALID_REQUEST", "Invalid request.", id))` in an error result,
 * where the builder (of this file or, with types, imported) returns `{ code, message, id }`: the
 * argument each call passes for a parameter that a field in `fields` holds as it is.
 */
export function builderTexts(sourceCode: SourceCode, model: McpModel, result: TSESTree.ObjectExpression, fields: readonly string[]): TSESTree.Node[] {
  const texts: TSESTree.Node[] = [];
  if (stringifiedCallees(sourceCode.text.slice(result.range[0], result.range[1])).size === 0) return texts;
  forEachOwnNode(sourceCode, result, (node) => {
    const json = node.type === AST_NODE_TYPES.CallExpression ? jsonStringifyArgument(node) : undefined;
    const call = json ? unwrap(json) : undefined;
    if (call?.type !== AST_NODE_TYPES.CallExpression) return;
    for (const object of builtBy(sourceCode, model, call)) {
      const builder = enclosingFunction(object);
      for (const field of fields) {
        const value = findProperty(object, field)?.value;
        const name = value && unwrap(value).type === AST_NODE_TYPES.Identifier ? (unwrap(value) as TSESTree.Identifier).name : undefined;
        const index = builder && name ? builder.params.findIndex((p) => p.type === AST_NODE_TYPES.Identifier && p.name === name) : -1;
        const argument = index >= 0 ? call.arguments[index] : undefined;
        if (argument && argument.type !== AST_NODE_TYPES.SpreadElement) texts.push(argument);
      }
    }
  });
  return texts;
}

/** The object literals the called function returns: a function of the file, or an imported one the index read. */
function builtBy(sourceCode: SourceCode, model: McpModel, call: TSESTree.CallExpression): readonly TSESTree.ObjectExpression[] {
  return builtObjects(sourceCode, call) ?? importedObjects(call, model.importedPayloadFacts) ?? [];
}
