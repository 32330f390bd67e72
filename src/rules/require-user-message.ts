import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { withModel } from "../lint/with-model.js";
import { type ErrorResult, type McpModel, categoriesOf, getPayload, objectLiteral, passedAtResult, payloadField, valueAtResult } from "../model/index.js";
import { type Vocabulary, getVocabulary } from "../settings.js";
import { calleeName, findProperty, hasSpread, unwrap } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { toolLabel } from "./shared/describe.js";

export type Options = [];
export type MessageIds = "missingUserMessage";

export default createRule<Options, MessageIds>({
  name: "require-user-message",
  meta: {
    type: "suggestion",
    docs: {
      description: "Require business errors to carry a message fit to show the end user",
      recommended: "strict",
    },
    schema: [],
    messages: {
      missingUserMessage:
        "This business error of {{tool}} has no `{{field}}`: the agent reads the description, written for it, and has nothing it can pass on to the person it works for, who needs to hear what went wrong and what they can do, in their words and without internals. Add `{{field}}` with a message fit to show the end user.",
    },
  },
  create(context) {
    return withModel(context, (model) => {
      if (!model.isMcpFile) return;
      const vocabulary = getVocabulary(context.settings);
      const field = vocabulary.userMessage;
      // A vocabulary without a user-message field (the `snake-case` and `tool-failure` presets) asks for none.
      if (field === undefined) return;
      const report = (node: TSESTree.Node): void => {
        context.report({ node, messageId: "missingUserMessage", data: { tool: toolLabel(model.toolNamesAt(node)), field } });
      };
      for (const result of model.errorResults) {
        if (model.isUnknownToolBranch(result.node)) continue;
        const at = missingAt(model, vocabulary, field, result);
        if (at) report(at);
      }
      for (const extras of userErrorExtras(model, vocabulary)) {
        const category = findProperty(extras, vocabulary.category);
        if (category && isBusiness(vocabulary, category.value) && !findProperty(extras, field)) report(category);
      }
    });
  },
});

/** Statically one category, and that category is `business`. */
function isBusiness(vocabulary: Vocabulary, value: TSESTree.Node | undefined): boolean {
  const { categories, known, unknownValues } = categoriesOf(vocabulary, value);
  return known && unknownValues.length === 0 && categories.size === 1 && categories.has("business");
}

/**
 * Where a business error result lacks the user message: its category property, or the call of an
 * error helper that passes the category. Undefined when it has one, may have one (a spread, a
 * payload built elsewhere), or is no business error as far as the file shows.
 */
function missingAt(model: McpModel, vocabulary: Vocabulary, field: string, result: ErrorResult): TSESTree.Node | undefined {
  const payload = getPayload(model, result, vocabulary);
  if (payload.unknown || payload.objects.some(hasSpread)) return undefined;
  const category = payloadField(payload, vocabulary.category);
  if (!category) return undefined;
  const value = result.helperCall ? valueAtResult(result, category.value) : unwrap(category.value);
  // A helper's own category is judged once, at the helper's object; a call, on the category it passes.
  if (result.helperCall && value === unwrap(category.value)) return undefined;
  if (!isBusiness(vocabulary, value)) return undefined;
  const message = payloadField(payload, field);
  if (message && (!result.helperCall || passedAtResult(result, message.value))) return undefined;
  return result.helperCall ?? category;
}

/** FastMCP's `throw new UserError(message, extras)`: the extras become the result's `structuredContent`. */
function userErrorExtras(model: McpModel, vocabulary: Vocabulary): TSESTree.ObjectExpression[] {
  // With a container the fields sit deeper than the extras; those payloads are left alone.
  if (vocabulary.container.length > 0) return [];
  const found: TSESTree.ObjectExpression[] = [];
  for (const site of model.escapingThrows) {
    if (!site.handlers.some((h) => h.framework === "fastmcp")) continue;
    const argument = unwrap(site.node.argument);
    if (argument.type !== AST_NODE_TYPES.NewExpression || calleeName(argument) !== "UserError" || !argument.arguments[1]) continue;
    const extras = objectLiteral(model.sourceCode, argument.arguments[1]);
    if (extras && !hasSpread(extras)) found.push(extras);
  }
  return found;
}
