import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { withModel } from "../lint/with-model.js";
import {
  type ErrorResult,
  type McpModel,
  type Payload,
  breakerOpenAt,
  callMakesError,
  classifiedInAnotherPreset,
  errorFlagOf,
  categoriesOf,
  getMutatedPayload,
  getPayload,
  passedAtResult,
  payloadField,
  errorFlagProperty,
} from "../model/index.js";
import { type Category, type Vocabulary, getVocabulary } from "../settings.js";
import { type FunctionNode, enclosingFunction, findProperty, functionName, unwrap } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { orderedCategories, retryableFor } from "./shared/classification.js";
import { classificationData, thrownOutcome, toolLabel, toolNamesOf } from "./shared/describe.js";
import { classificationFields, containsComment, isEditableObject, prependProperties, propertyKey } from "./shared/fix.js";
import { unclassifiedThrow } from "./require-error-classification/throws.js";

export type Options = [
  {
    classifiedErrorClasses?: string[];
    validationRetryable?: boolean;
  },
];
export type MessageIds =
  | "missingClassification"
  | "carrierWithoutClassification"
  | "missingCategory"
  | "missingRetryable"
  | "helperCallUnclassified"
  | "helperWithoutClassification"
  | "unknownCategory"
  | "unclassifiedThrow"
  | "addClassification";

function literalBoolean(node: TSESTree.Node): boolean | undefined {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.Literal && typeof n.value === "boolean" ? n.value : undefined;
}

export default createRule<Options, MessageIds>({
  name: "require-error-classification",
  meta: {
    type: "suggestion",
    docs: {
      description: "Require every error a tool returns or throws to carry a category and a retryability the agent can read",
      recommended: "recommended",
    },
    fixable: "code",
    hasSuggestions: true,
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: {
          classifiedErrorClasses: {
            type: "array",
            items: { type: "string" },
            uniqueItems: true,
            description:
              "Error classes whose thrown instances already carry a classification (for example a project's own `ToolError` that a central wrapper turns into a classified result).",
          },
          validationRetryable: {
            type: "boolean",
            description: "The retryability that fixes insert for validation errors (a retry with corrected input can succeed; a blind retry cannot).",
          },
        },
      },
    ],
    defaultOptions: [{ classifiedErrorClasses: [], validationRetryable: false }],
    messages: {
      missingClassification:
        "The error result of {{tool}} has neither `{{category}}` nor `{{retryable}}`, so the agent cannot tell whether to retry, fix its input, or stop. Add both to the error payload the model reads.",
      missingCategory:
        "The error result of {{tool}} has no `{{category}}`, so the agent cannot tell a bad input from an outage or a refusal. Add one of: {{categories}}.",
      missingRetryable: "The error result of {{tool}} has no `{{retryable}}`, so the agent has to guess whether a retry can succeed. Add it.",
      helperWithoutClassification:
        "The error helper{{helper}} ({{calls}}, in {{tool}}) builds results with neither `{{category}}` nor `{{retryable}}`, so the agent cannot tell whether to retry, fix its input, or stop. Give it parameters for both and pass, at each call, the category and retryability that fit that failure.",
      carrierWithoutClassification:
        "The error result of {{tool}} answers with the `{{field}}` of `{{carrier}}` ({{constructions}}), with neither `{{category}}` nor `{{retryable}}` in any, so the agent cannot tell whether to retry, fix its input, or stop. Pass, at each `new {{carrier}}(...)`, the category and retryability that fit that failure.",
      helperCallUnclassified:
        "This call of {{helper}} in {{tool}} passes no {{missing}}: the helper takes the classification, and without it the agent cannot tell whether to retry, fix its input, or stop. Pass the category and retryability that fit this failure.",
      unknownCategory:
        'The error category "{{value}}" of {{tool}} is not one of the configured categories ({{categories}}); agents cannot map it to an action. Use one of them or map it in `settings["mcp-errors"].categories`.',
      unclassifiedThrow:
        "This error thrown out of {{tool}} carries no classification: {{outcome}}. Return an error result with `{{category}}` and `{{retryable}}` instead, or convert it in a wrapper.",
      addClassification: "Classify it as {{category}} (`{{categoryField}}: {{code}}`, `{{retryable}}: {{value}}`).",
    },
  },
  create(context, [options]) {
    return withModel(context, (model) => {
      if (!model.isMcpFile) return;
      const vocabulary = getVocabulary(context.settings);
      const sourceCode = context.sourceCode;
      const validationRetryable = options.validationRetryable;
      const classified = new Set(options.classifiedErrorClasses);
      const categoryList = categoryListOf(vocabulary);

      /** Suggestions that insert the classification, one per category, likely category first. */
      function suggestions(
        at: TSESTree.Node,
        target: TSESTree.ObjectExpression | undefined,
        text: TSESTree.Node | undefined,
        missing: { category: boolean; retryable: boolean },
        existingRetryable?: boolean,
      ): TSESLint.ReportSuggestionArray<MessageIds> {
        if (vocabulary.container.length > 0) return [];
        // With a literal retryability already there, offer only the categories that agree with it.
        // An open circuit breaker half-opens again: transient first.
        const categories = orderedCategories(at, breakerOpenAt(sourceCode, model.importedFrom, at) ? "transient" : undefined).filter(
          (c) =>
            existingRetryable === undefined || retryableFor(c, validationRetryable) === existingRetryable || (c === "validation" && !missing.retryable),
        );
        return categories.map((category) => {
          const value = retryableFor(category, validationRetryable);
          return {
            messageId: "addClassification" as const,
            data: classificationData(vocabulary, category, value),
            fix(fixer) {
              if (target) {
                if (!isEditableObject(target)) return null;
                return prependProperties(fixer, target, classificationFields(vocabulary, category, value, missing));
              }
              if (text && !containsComment(sourceCode, text)) {
                const fields = classificationFields(vocabulary, category, value);
                return fixer.replaceText(text, `JSON.stringify({ ${fields}, ${propertyKey(vocabulary.description)}: ${sourceCode.getText(text)} })`);
              }
              return null;
            },
          };
        });
      }

      for (const result of model.errorResults) {
        // A helper's payload is checked once, at the helper's own object; a call is judged on what
        // it passes to the helper's classification parameters.
        if (result.helperCall) {
          reportCallWithoutClassification(context, model, vocabulary, result);
          continue;
        }
        const payload = getPayload(model, result, vocabulary);
        const tool = toolLabel(model.toolNamesAt(result.node));
        const isErrorProperty = errorFlagProperty(result) ?? result.object;
        const category = payloadField(payload, vocabulary.category);
        const retryable = payloadField(payload, vocabulary.retryable);
        if (category) {
          const { categories, unknownValues, known } = categoriesOf(vocabulary, category.value);
          for (const { value, node } of unknownValues)
            context.report({ node, messageId: "unknownCategory", data: { value, tool, categories: categoryList } });
          if (!retryable && !payload.unknown) {
            // A literal category tells the retryability: safe to insert it.
            const only = known && categories.size === 1 && unknownValues.length === 0 ? ([...categories][0] as Category) : undefined;
            context.report({
              node: isErrorProperty,
              messageId: "missingRetryable",
              data: { tool, retryable: vocabulary.retryable },
              fix:
                only && !buildsSuccessesToo(model, result) && category.parent.type === AST_NODE_TYPES.ObjectExpression && isEditableObject(category.parent)
                  ? (fixer) =>
                      fixer.insertTextAfter(category, `, ${propertyKey(vocabulary.retryable)}: ${String(retryableFor(only, validationRetryable))}`)
                  : null,
            });
          }
          continue;
        }
        if (leftAlone(model, result, payload, vocabulary)) continue;
        const target = payload.jsonObject;
        const text = !target && payload.texts.length === 1 && !findProperty(result.object, "structuredContent") ? payload.texts[0] : undefined;
        if (!retryable && reportUnclassifiedHelper(context, model, vocabulary, result.object, tool, isErrorProperty)) continue;
        if (!retryable && payload.carrier) reportCarrier(context, vocabulary, payload.carrier, tool, isErrorProperty);
        else if (!retryable) {
          context.report({
            node: isErrorProperty,
            messageId: "missingClassification",
            data: { tool, category: vocabulary.category, retryable: vocabulary.retryable },
            suggest: buildsSuccessesToo(model, result) ? [] : suggestions(result.node, target, text, { category: true, retryable: true }),
          });
        } else {
          context.report({
            node: isErrorProperty,
            messageId: "missingCategory",
            data: { tool, category: vocabulary.category, categories: categoryList },
            suggest:
              target && !buildsSuccessesToo(model, result)
                ? suggestions(result.node, target, undefined, { category: true, retryable: false }, literalBoolean(retryable.value))
                : [],
          });
        }
      }

      reportMutatedResults(context, model, vocabulary, categoryList);
      for (const site of model.escapingThrows) {
        const found = unclassifiedThrow(sourceCode, model, site, classified, vocabulary);
        if (!found) continue;
        context.report({
          node: site.node,
          messageId: "unclassifiedThrow",
          data: {
            // The tools out of which the throw escapes: a tool that calls the same helper inside a
            // try/catch is not one of them.
            tool: toolLabel(toolNamesOf(site.handlers)),
            outcome: thrownOutcome(found.handler, found.className),
            category: vocabulary.category,
            retryable: vocabulary.retryable,
          },
        });
      }
    });
  },
});

/**
 * An error result that answers with what an error class carries from where it is constructed
 * (`JSON.stringify(e.details)`): the fix goes at the constructions, one category per failure, so
 * no edit is offered here.
 */
function reportCarrier(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  vocabulary: Vocabulary,
  { name, field, constructions }: NonNullable<Payload["carrier"]>,
  tool: string,
  node: TSESTree.Node,
): void {
  context.report({
    node,
    messageId: "carrierWithoutClassification",
    data: {
      tool,
      field,
      carrier: name,
      constructions: constructions === 1 ? "1 construction" : `${String(constructions)} constructions`,
      category: vocabulary.category,
      retryable: vocabulary.retryable,
    },
  });
}

/**
 * `response.isError = true` on a result built before: reported at the assignment. The literal it
 * starts as serves the success answer too, so no edit is offered there.
 */
function reportMutatedResults(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  vocabulary: Vocabulary,
  categoryList: string,
): void {
  for (const result of model.mutatedErrorResults) {
    if (model.isUnknownToolBranch(result.node)) continue;
    const payload = getMutatedPayload(model, result, vocabulary);
    if (payload.unknown) continue;
    const category = payloadField(payload, vocabulary.category);
    const retryable = payloadField(payload, vocabulary.retryable);
    if ((category && retryable) || classifiedInAnotherPreset(vocabulary, (other) => getMutatedPayload(model, result, other))) continue;
    const tool = toolLabel(model.toolNamesAt(result.node));
    if (category) context.report({ node: result.node, messageId: "missingRetryable", data: { tool, retryable: vocabulary.retryable } });
    else if (retryable)
      context.report({ node: result.node, messageId: "missingCategory", data: { tool, category: vocabulary.category, categories: categoryList } });
    else
      context.report({
        node: result.node,
        messageId: "missingClassification",
        data: { tool, category: vocabulary.category, retryable: vocabulary.retryable },
      });
  }
}

const categoryLists = new WeakMap<Vocabulary, string>();

/** "transient, validation, ...": the configured category codes, once per vocabulary. */
function categoryListOf(vocabulary: Vocabulary): string {
  let list = categoryLists.get(vocabulary);
  if (list === undefined) {
    list = [...new Set(vocabulary.codes.keys())].join(", ");
    categoryLists.set(vocabulary, list);
  }
  return list;
}

/**
 * A helper whose category and retryability come from its parameters
 * (`toolError(description, errorCategory?, isRetryable?)`): a call that passes none leaves the
 * result unclassified, and that call is where the fix goes.
 */
function reportCallWithoutClassification(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  vocabulary: Vocabulary,
  result: ErrorResult,
): void {
  const payload = getPayload(model, result, vocabulary);
  if (payload.unknown) return;
  const category = payloadField(payload, vocabulary.category);
  const retryable = payloadField(payload, vocabulary.retryable);
  const noCategory = category !== undefined && !passedAtResult(result, category.value);
  const noRetryable = retryable !== undefined && !passedAtResult(result, retryable.value);
  if (!noCategory && !noRetryable) return;
  const name = result.helper ? functionName(result.helper) : undefined;
  context.report({
    node: result.node,
    messageId: "helperCallUnclassified",
    data: {
      tool: toolLabel(model.toolNamesAt(result.node)),
      helper: name === undefined ? "the error helper" : `\`${name}\``,
      missing:
        noCategory && noRetryable
          ? `\`${vocabulary.category}\` or \`${vocabulary.retryable}\``
          : `\`${noCategory ? vocabulary.category : vocabulary.retryable}\``,
    },
  });
}

/**
 * An error result without a category that is not this rule's to report: its payload is unknown,
 * the error calls that hand it its payload are reported instead, or, with no settings, it is
 * written wholly in another preset's words.
 */
function leftAlone(model: McpModel, result: ErrorResult, payload: Payload, vocabulary: Vocabulary): boolean {
  return (
    payload.unknown || reportedAtErrorCalls(model, result.object) || classifiedInAnotherPreset(vocabulary, (other) => getPayload(model, result, other))
  );
}

/** A builder whose `isError` is a parameter, or a flag spread in, makes successes too: a category written into it would mark them all. */
function buildsSuccessesToo(model: McpModel, { node, object }: ErrorResult): boolean {
  // `{ content, ...(failed ? { isError: true } : {}) }`: the same literal answers success.
  if (node !== object) return true;
  const builder = helperOf(model, object) ?? enclosingFunction(object);
  return builder !== undefined && errorFlagOf(builder, object) !== undefined;
}

/**
 * The error helper whose result object this is: every return of the helper gives it, or it is
 * what the helper hands the builder that makes its result (`build({ texts, isError: true, ... })`).
 */
function helperOf(model: McpModel, object: TSESTree.ObjectExpression): FunctionNode | undefined {
  const fn = enclosingFunction(object);
  const own = fn ? model.errorHelpers.get(fn) : undefined;
  if (own === object) return fn;
  return own && object.parent.type === AST_NODE_TYPES.CallExpression && object.parent.arguments.includes(object) ? fn : undefined;
}

/**
 * A builder whose `isError` is a parameter, each of whose error-making calls here hands it an
 * error result of its own (`build({ texts, isError: true, structuredContent })`): the defect is
 * reported at those calls, where the fix goes, not again at the literal that successes share.
 */
function reportedAtErrorCalls(model: McpModel, object: TSESTree.ObjectExpression): boolean {
  const builder = helperOf(model, object);
  const flag = builder ? errorFlagOf(builder, object) : undefined;
  if (!builder || !flag) return false;
  const calls = model.errorResults.filter((r) => r.helper === builder && r.helperCall).map((r) => r.helperCall as TSESTree.CallExpression);
  const ownResults = new Set(model.errorResults.filter((r) => !r.helperCall).map((r) => r.object));
  return (
    calls.length > 0 &&
    calls.every((call) => {
      const argument = call.arguments[flag.index];
      return argument !== undefined && ownResults.has(unwrap(argument) as TSESTree.ObjectExpression);
    })
  );
}

/** The calls of a helper: this file's, and those on tool paths in other files (typed analysis). */
function helperCallCount(model: McpModel, helper: FunctionNode): number {
  const object = model.errorHelpers.get(helper);
  const elsewhere = model.importedCallSites(helper).filter((site) => !object || callMakesError(helper, object, site.call));
  return model.errorResults.filter((r) => r.helper === helper).length + elsewhere.length;
}

function describeHelper(helper: FunctionNode): string {
  const name = functionName(helper);
  return name === undefined ? "" : ` \`${name}\``;
}

/**
 * An error helper with no classification of its own, called from several places: one finding at
 * the helper, where the parameters go; no single category fits all of its calls, so no
 * suggestion. (Called once, it is that call's result: reported with suggestions as usual.)
 */
function reportUnclassifiedHelper(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  vocabulary: Vocabulary,
  object: TSESTree.ObjectExpression,
  tool: string,
  node: TSESTree.Node,
): boolean {
  const helper = helperOf(model, object);
  const calls = helper ? helperCallCount(model, helper) : 0;
  if (!helper || calls < 2) return false;
  context.report({
    node,
    messageId: "helperWithoutClassification",
    data: {
      tool,
      helper: describeHelper(helper),
      calls: `${String(calls)} calls`,
      category: vocabulary.category,
      retryable: vocabulary.retryable,
    },
  });
  return true;
}
