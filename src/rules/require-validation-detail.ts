import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { categoriesOf, getPayload, payloadField, valueAtResult, type ErrorResult, type McpModel } from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import { getVocabulary } from "../settings.js";
import { constInitializer, isInside, messageText } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { toolLabel } from "./shared/describe.js";
import { inputParameters } from "./require-validation-detail/params.js";
import { interpolationNames, interpolations, isSpecific, nameMatcher } from "./require-validation-detail/text.js";

export type Options = [];
export type MessageIds = "missingValidationDetail";

type SourceCode = Readonly<TSESLint.SourceCode>;

export default createRule<Options, MessageIds>({
  name: "require-validation-detail",
  meta: {
    type: "suggestion",
    docs: {
      description: "Require validation errors to name the input parameter and the expected form",
      recommended: "strict",
    },
    schema: [],
    messages: {
      missingValidationDetail:
        'The validation error of {{tool}} ("{{text}}") names no input parameter and says nothing about the expected form, so the agent cannot tell which argument to correct or how, and repeats the call or gives up. Name the parameter ({{parameters}}) and what a valid value looks like.',
    },
  },
  create(context) {
    return withModel(context, (model) => {
      if (!model.isMcpFile || model.errorResults.length === 0) return;
      const sourceCode = context.sourceCode;
      const vocabulary = getVocabulary(context.settings);
      const helperObjects = new Set(model.errorHelpers.values());

      for (const result of model.errorResults) {
        // A helper's own object is checked at each call, where the text is passed.
        if (!result.helperCall && helperObjects.has(result.object)) continue;
        const payload = getPayload(model, result, vocabulary);
        if (payload.unknown) continue;
        const category = payloadField(payload, vocabulary.category);
        if (!category) continue;
        const { categories, unknownValues, known } = categoriesOf(vocabulary, valueAtResult(result, category.value));
        if (!known || unknownValues.length > 0 || categories.size !== 1 || !categories.has("validation")) continue;

        const parameters = parametersAt(sourceCode, model, result);
        if (!parameters || parameters.size === 0) continue;
        const matcher = nameMatcher(parameters);
        if (!matcher) continue;
        const messages = staticMessages(
          sourceCode,
          result,
          payload.texts,
          payloadField(payload, vocabulary.description)?.value,
          matcher,
          argsNameAt(model, result),
        );
        if (!messages || messages.length === 0) continue;
        if (messages.some((m) => isSpecific(m.text, matcher))) continue;

        const [first] = messages;
        if (!first) continue;
        const at = result.helperCall && !isInside(first.node, result.helperCall) ? result.helperCall : first.node;
        context.report({
          node: at,
          messageId: "missingValidationDetail",
          data: {
            tool: toolLabel(model.toolNamesAt(result.node)),
            text: shorten(first.text),
            parameters: [...parameters].slice(0, 5).join(", ") + (parameters.size > 5 ? ", ..." : ""),
          },
        });
      }
    });
  },
});

/** The parameter names of every tool whose path runs through the result; unknown if any is unknown. */
function parametersAt(sourceCode: SourceCode, model: McpModel, result: ErrorResult): Set<string> | undefined {
  // A dispatcher runs through every tool's code; its tools, when found, are the ones meant.
  const all = model.handlersAt(result.node);
  const cases = all.filter((h) => h.kind !== "low-level");
  const handlers = cases.length > 0 ? cases : all;
  if (handlers.length === 0) return undefined;
  const names = new Set<string>();
  for (const handler of handlers) {
    const keys = inputParameters(sourceCode, model, handler);
    if (!keys) return undefined;
    for (const key of keys) names.add(key);
  }
  return names;
}

/** The name of the handler's arguments parameter, when it is a plain identifier (`args`). */
function argsNameAt(model: McpModel, result: ErrorResult): string | undefined {
  const param = model.handlersAt(result.node)[0]?.argsParam;
  return param?.type === AST_NODE_TYPES.Identifier && model.handlersAt(result.node)[0]?.kind !== "low-level-case" ? param.name : undefined;
}

/**
 * The static texts the agent reads (the description field and the plain content texts), each
 * with its node. Undefined when one of them is not static, or interpolates a value that may name
 * the parameter: then we cannot judge the message.
 */
function staticMessages(
  sourceCode: SourceCode,
  result: ErrorResult,
  texts: readonly TSESTree.Node[],
  description: TSESTree.Node | undefined,
  matcher: RegExp,
  argsName: string | undefined,
): { node: TSESTree.Node; text: string }[] | undefined {
  const messages: { node: TSESTree.Node; text: string }[] = [];
  for (const node of description ? [description, ...texts] : texts) {
    let value = valueAtResult(result, node);
    // `const message = "..."` used for the text: its initializer is the text.
    if (value?.type === AST_NODE_TYPES.Identifier) value = constInitializer(sourceCode, value);
    if (!value) return undefined;
    const text = messageText(value);
    if (text === undefined) return undefined;
    if (interpolations(value).some((e) => interpolationNames(e, matcher, argsName))) return undefined;
    // Only interpolations and no words of its own: nothing to judge.
    if (text.replace(/…/g, "").trim() === "") return undefined;
    messages.push({ node: value, text });
  }
  return messages;
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
