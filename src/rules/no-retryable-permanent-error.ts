import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { breakerOpenAt, categoriesOf, getPayload, valueAtResult, type McpModel } from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import { type Vocabulary, categoryValue, getVocabulary } from "../settings.js";
import { findProperty, isInside, mergeListeners, unwrap } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { toolLabel } from "./shared/describe.js";
import { containsComment, quote, removeProperty } from "./shared/fix.js";

export type Options = [
  {
    validation?: "retryable" | "not-retryable" | "either";
  },
];
export type MessageIds =
  "retryablePermanentError" | "retryAfterOnPermanentError" | "validationRetryability" | "openCircuitNotTransient" | "setNotRetryable" | "markTransient";

const PERMANENT = new Set(["business", "permission"]);

function literalBoolean(node: TSESTree.Node | undefined): boolean | undefined {
  const n = node ? unwrap(node) : undefined;
  return n?.type === AST_NODE_TYPES.Literal && typeof n.value === "boolean" ? n.value : undefined;
}

export default createRule<Options, MessageIds>({
  name: "no-retryable-permanent-error",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow marking business and permission errors retryable or with a retry-after hint, and open-circuit errors as permanent",
      recommended: "recommended",
    },
    fixable: "code",
    hasSuggestions: true,
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: {
          validation: {
            type: "string",
            enum: ["retryable", "not-retryable", "either"],
            description:
              "How validation errors must be marked: retryable (a retry with corrected input can succeed), not-retryable (the same call never succeeds), or either.",
          },
        },
      },
    ],
    defaultOptions: [{ validation: "either" }],
    messages: {
      retryablePermanentError:
        "A {{category}} error of {{tool}} is marked retryable, but it fails the same way on every retry: the agent burns calls and time. Mark it not retryable.",
      retryAfterOnPermanentError:
        "A {{reason}} error of {{tool}} carries `{{field}}`, which tells the agent to wait and try again although a retry cannot succeed. Remove it.",
      validationRetryability:
        "A validation error of {{tool}} is marked `{{field}}: {{actual}}`, but this project's option says validation errors are {{expected}}; one consistent signal lets the agent decide between fixing its input and retrying.",
      openCircuitNotTransient:
        "This error of {{tool}} answers an open circuit breaker but is classified as {{marking}}: the breaker half-opens after its reset time and the same call can succeed then, so the agent gives up on a call it could make again shortly. Classify it as transient and retryable.",
      setNotRetryable: "Set `{{field}}` to false.",
      markTransient: "Classify it as transient (`{{categoryField}}: {{code}}`, `{{retryable}}: true`).",
    },
  },
  create(context, [options]) {
    // Set when the traversal is over; `check` runs only after that.
    let model: McpModel | undefined;
    const objects: TSESTree.ObjectExpression[] = [];
    const vocabulary: Vocabulary = getVocabulary(context.settings);
    const sourceCode = context.sourceCode;
    const validation = options.validation;
    const checked = new Set<TSESTree.Node>();

    /**
     * Checks one classification: `valueOf` maps a field's value to the expression that gives it
     * (the call argument when the object is a helper's and reads a parameter).
     */
    function check(
      object: TSESTree.ObjectExpression,
      valueOf: (value: TSESTree.Node) => TSESTree.Node | undefined,
      toolAt: TSESTree.Node,
      helperCall?: TSESTree.CallExpression,
    ): void {
      // A value that lives in a shared helper serves every caller: editing it is never safe here.
      const editable = (node: TSESTree.Node): boolean => !helperCall || isInside(node, helperCall);
      // In an open breaker's branch the classification itself is the defect, whatever else it says.
      if (model && reportOpenCircuit({ context, model, vocabulary, checked }, object, valueOf, helperCall, editable)) return;
      const categoryProperty = findProperty(object, vocabulary.category);
      if (!categoryProperty) return;
      const categoryNode = valueOf(categoryProperty.value);
      const { categories, known } = categoriesOf(vocabulary, categoryNode);
      if (categories.size === 0) return;
      const tool = toolLabel(model?.toolNamesAt(toolAt));
      const retryableProperty = findProperty(object, vocabulary.retryable);
      const retryableNode = retryableProperty ? valueOf(retryableProperty.value) : undefined;
      const retryable = literalBoolean(retryableNode);
      // A helper's own literals are checked once at the helper; a call matters only when it passes a value.
      const ownLiteral = (property: TSESTree.Property | undefined, node: TSESTree.Node | undefined): boolean =>
        property !== undefined && node === unwrap(property.value);
      if (helperCall && ownLiteral(categoryProperty, categoryNode) && ownLiteral(retryableProperty, retryableNode)) return;
      const permanent = [...categories].filter((c) => PERMANENT.has(c));
      const allPermanent = known && permanent.length === categories.size;

      if (retryableNode && retryable === true && permanent.length > 0 && !checked.has(retryableNode)) {
        // A flag fixed inside a shared helper is reported at the call that makes it wrong.
        const at = editable(retryableNode) ? retryableNode : (helperCall ?? retryableNode);
        if (at === retryableNode) checked.add(retryableNode);
        const setFalse = (fixer: TSESLint.RuleFixer): TSESLint.RuleFix => fixer.replaceText(retryableNode, "false");
        context.report({
          node: at,
          messageId: "retryablePermanentError",
          data: { category: permanent.join(" or "), tool },
          // Only a wholly permanent category makes `false` right on every path.
          fix: allPermanent && editable(retryableNode) ? setFalse : null,
          suggest:
            allPermanent || !editable(retryableNode) ? [] : [{ messageId: "setNotRetryable", data: { field: vocabulary.retryable }, fix: setFalse }],
        });
      }

      const retryAfter = findProperty(object, vocabulary.retryAfter);
      if (retryAfter && (allPermanent || retryable === false) && !checked.has(retryAfter)) {
        checked.add(retryAfter);
        const inHelper = valueOf(retryAfter.value) !== unwrap(retryAfter.value);
        context.report({
          node: retryAfter,
          messageId: "retryAfterOnPermanentError",
          data: { reason: allPermanent ? permanent.join(" or ") : "non-retryable", tool, field: vocabulary.retryAfter },
          fix: inHelper || containsComment(sourceCode, retryAfter) ? null : (fixer) => removeProperty(fixer, sourceCode, retryAfter),
        });
      }

      if (
        validation !== "either" &&
        known &&
        categories.size === 1 &&
        categories.has("validation") &&
        retryableNode &&
        retryable !== undefined &&
        !checked.has(retryableNode)
      ) {
        const expected = validation === "retryable";
        if (retryable !== expected) {
          checked.add(retryableNode);
          context.report({
            node: retryableNode,
            messageId: "validationRetryability",
            data: { tool, field: vocabulary.retryable, actual: String(retryable), expected: validation },
            fix: editable(retryableNode) ? (fixer) => fixer.replaceText(retryableNode, String(expected)) : null,
          });
        }
      }
    }

    const identity = (value: TSESTree.Node): TSESTree.Node => unwrap(value);
    return mergeListeners(
      {
        ObjectExpression(node) {
          if (node.properties.length >= 2) objects.push(node);
        },
      },
      withModel(context, (built) => {
        if (!built.isMcpFile) return;
        model = built;
        for (const result of built.errorResults) {
          if (!result.helperCall) continue;
          const payload = getPayload(built, result, vocabulary);
          for (const object of payload.objects) check(object, (value) => valueAtResult(result, value), result.node, result.helperCall);
        }
        for (const object of objects) check(object, identity, object);
      }),
    );
  },
});

/** What the open-circuit check reads and writes: the rule's context, the model, the vocabulary, the values already reported. */
interface Reporter {
  readonly context: Readonly<TSESLint.RuleContext<MessageIds, Options>>;
  readonly model: McpModel;
  readonly vocabulary: Vocabulary;
  readonly checked: Set<TSESTree.Node>;
}

/**
 * An error built where a circuit breaker is open, classified with a category that is not
 * transient or marked not retryable: reported once, at the value that says so (at the helper
 * call when the value is the helper's own). True when the error is in an open breaker's branch
 * and misclassified, reported now or before: the other checks of the object then stay silent.
 */
function reportOpenCircuit(
  { context, model, vocabulary, checked }: Reporter,
  object: TSESTree.ObjectExpression,
  valueOf: (value: TSESTree.Node) => TSESTree.Node | undefined,
  helperCall: TSESTree.CallExpression | undefined,
  editable: (node: TSESTree.Node) => boolean,
): boolean {
  const sourceCode = context.sourceCode;
  const at = helperCall ?? object;
  const categoryProperty = findProperty(object, vocabulary.category);
  const retryableProperty = findProperty(object, vocabulary.retryable);
  if ((!categoryProperty && !retryableProperty) || !breakerOpenAt(sourceCode, model.importedFrom, at)) return false;
  const categoryNode = categoryProperty ? valueOf(categoryProperty.value) : undefined;
  const { categories, known, unknownValues } = categoriesOf(vocabulary, categoryNode);
  const wrongCategory = categoryNode !== undefined && known && unknownValues.length === 0 && categories.size > 0 && !categories.has("transient");
  const retryableNode = retryableProperty ? valueOf(retryableProperty.value) : undefined;
  const notRetryable = literalBoolean(retryableNode) === false;
  const reported = wrongCategory ? categoryNode : notRetryable ? retryableNode : undefined;
  if (!reported || checked.has(reported)) return reported !== undefined;
  checked.add(reported);
  const edits = [wrongCategory ? categoryNode : undefined, notRetryable ? retryableNode : undefined].filter((n) => n !== undefined);
  const transient = quote(categoryValue(vocabulary, "transient"));
  const canEdit = edits.every((node) => editable(node) && !containsComment(sourceCode, node));
  context.report({
    node: editable(reported) ? reported : (helperCall ?? reported),
    messageId: "openCircuitNotTransient",
    data: { tool: toolLabel(model.toolNamesAt(at)), marking: wrongCategory ? [...categories].join(" or ") : "not retryable" },
    suggest: canEdit
      ? [
          {
            messageId: "markTransient",
            data: { categoryField: vocabulary.category, code: transient, retryable: vocabulary.retryable },
            fix: (fixer) => edits.map((node) => fixer.replaceText(node, node === categoryNode ? transient : "true")),
          },
        ]
      : [],
  });
  return true;
}
