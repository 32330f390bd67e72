import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  breakerOpenAt,
  categoriesOf,
  getPayload,
  halfOpenTime,
  payloadField,
  valueAtResult,
  type ErrorResult,
  type HalfOpenTime,
  type Payload,
} from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import { type Vocabulary, getVocabulary } from "../settings.js";
import { findVariable, isFunctionNode, isInside, messageText, staticKeyName } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { toolSubject } from "./shared/describe.js";
import { insertProperty, isEditableObject, propertyKey } from "./shared/fix.js";
import { type HeaderRead, type Reason, rateLimitContext } from "./require-retry-after/context.js";

export type Options = [];
export type MessageIds = "missingRetryAfter" | "readRetryAfterHeader" | "addFixedRetryAfter" | "addHalfOpenRetryAfter";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The fallback delay, in seconds, when the upstream sends no hint: most rate limits are per minute. */
const DEFAULT_SECONDS = 60;

/** Why the error is one to come back to later: a rate limit or an unavailability, or an open circuit breaker. */
type Why = Reason | "breaker-open";

/** The reason, as the message says it. */
const REASONS: Record<Why, string> = {
  "status-429": "HTTP 429 (rate limited)",
  "status-503": "HTTP 503 (unavailable)",
  "rate-limit": "a rate limit",
  header: "a response whose Retry-After header this function reads",
  "breaker-open": "an open circuit breaker",
};

/** The nearest block (or switch case) around a node: a const declared there is in scope at the node. */
function blockOf(node: TSESTree.Node): TSESTree.Node | undefined {
  let current = node.parent;
  while (current && current.type !== AST_NODE_TYPES.BlockStatement && current.type !== AST_NODE_TYPES.SwitchCase && !isFunctionNode(current)) {
    current = current.parent;
  }
  return current;
}

/** How a retry-after field counts time, read from its name. */
function unitOf(field: string): "seconds" | "milliseconds" | "timestamp" {
  if (/(ms|millis(econds)?)$/i.test(field)) return "milliseconds";
  if (/(not_?before|at|until|date|time)$/i.test(field)) return "timestamp";
  return "seconds";
}

/** The value to write: seconds from the header (or the default), in the field's unit. */
function valueText(field: string, seconds: string | undefined): string {
  const unit = unitOf(field);
  const fallback = String(DEFAULT_SECONDS);
  if (seconds === undefined) {
    if (unit === "milliseconds") return String(DEFAULT_SECONDS * 1000);
    if (unit === "timestamp") return `new Date(Date.now() + ${String(DEFAULT_SECONDS * 1000)}).toISOString()`;
    return fallback;
  }
  const value = `${seconds} || ${fallback}`;
  if (unit === "milliseconds") return `(${value}) * 1000`;
  if (unit === "timestamp") return `new Date(Date.now() + (${value}) * 1000).toISOString()`;
  return value;
}

/**
 * The value to write from when the breaker half-opens, in the field's unit: the time left until
 * that moment (at least a second), or the reset time the breaker was built with.
 */
function halfOpenText(field: string, time: HalfOpenTime): string {
  const unit = unitOf(field);
  if (time.kind === "delay") {
    if (unit === "milliseconds") return String(time.ms);
    if (unit === "timestamp") return `new Date(Date.now() + ${String(time.ms)}).toISOString()`;
    return String(Math.ceil(time.ms / 1000));
  }
  if (unit === "timestamp") return `new Date(${time.text}).toISOString()`;
  const left = `${time.simple ? time.text : `(${time.text})`} - Date.now()`;
  if (unit === "milliseconds") return `Math.max(0, ${left})`;
  return `Math.max(1, Math.ceil((${left}) / 1000))`;
}

/** Any retry hint, also under another name than the configured one: then the agent has one. */
const RETRY_HINT_KEY = /^retry[_-]?(after|at|in|not[_-]?before|delay)/i;

function hasRetryHint(objects: readonly TSESTree.ObjectExpression[], field: string): boolean {
  return objects.some((object) =>
    object.properties.some((p) => {
      if (p.type !== AST_NODE_TYPES.Property) return false;
      const key = staticKeyName(p.key, p.computed);
      return key !== undefined && (key === field || RETRY_HINT_KEY.test(key));
    }),
  );
}

/**
 * The transient claim of an error result: the category property when its value is "transient",
 * or, without a category, a literal `retryable: true`. Undefined when the error is not (surely)
 * transient.
 */
function transientProperty(result: ErrorResult, vocabulary: Vocabulary, payload: Payload): TSESTree.Property | undefined {
  const category = payloadField(payload, vocabulary.category);
  if (category) {
    const { categories, unknownValues, known } = categoriesOf(vocabulary, valueAtResult(result, category.value));
    return known && unknownValues.length === 0 && categories.size === 1 && categories.has("transient") ? category : undefined;
  }
  const retryable = payloadField(payload, vocabulary.retryable);
  const value = retryable ? valueAtResult(result, retryable.value) : undefined;
  return value?.type === AST_NODE_TYPES.Literal && value.value === true ? retryable : undefined;
}

export default createRule<Options, MessageIds>({
  name: "require-retry-after",
  meta: {
    type: "suggestion",
    docs: {
      description: "Require a retry-after hint on transient errors built for rate limiting or unavailability",
      recommended: "strict",
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      missingRetryAfter:
        "The transient error that {{tool}} returns for {{reason}} has no `{{field}}`, so the agent retries at once, fails again for the same reason and burns its attempts, or gives up. Add `{{field}}` to the error payload, {{source}}.",
      readRetryAfterHeader: "Add `{{field}}` read from the response's Retry-After header ({{fallback}} seconds when it is missing).",
      addFixedRetryAfter: "Add `{{field}}` with a fixed delay of {{fallback}} seconds (replace it with the upstream's hint when there is one).",
      addHalfOpenRetryAfter: "Add `{{field}}` with the time left until the circuit breaker half-opens.",
    },
  },
  create(context) {
    return withModel(context, (model) => {
      if (!model.isMcpFile || model.errorResults.length === 0) return;
      const sourceCode = context.sourceCode;
      const vocabulary = getVocabulary(context.settings);
      const helperObjects = new Set(model.errorHelpers.values());
      const reads = new Map<TSESTree.Node, HeaderRead[]>();

      for (const result of model.errorResults) {
        // A helper's own object is checked at each call, where the branch is.
        if (!result.helperCall && helperObjects.has(result.object)) continue;
        if (model.isUnknownToolBranch(result.node)) continue;
        const payload = getPayload(model, result, vocabulary);
        if (payload.unknown || hasRetryHint(payload.objects, vocabulary.retryAfter)) continue;
        const claim = transientProperty(result, vocabulary, payload);
        if (!claim) continue;

        const textNodes = [...payload.texts];
        const description = payloadField(payload, vocabulary.description);
        if (description) textNodes.push(description.value);
        const texts: string[] = [];
        for (const node of textNodes) {
          const value = valueAtResult(result, node);
          const text = value ? messageText(value) : undefined;
          if (text !== undefined) texts.push(text);
        }
        const limit = rateLimitContext(sourceCode, model, result.node, texts, reads);
        // An open breaker's branch says more than a Retry-After header read elsewhere in the function.
        const open = !limit || limit.reason === "header" ? breakerOpenAt(sourceCode, model.importedFrom, result.node) : undefined;
        if (!limit && !open) continue;
        const reason: Why = open ? "breaker-open" : (limit?.reason ?? "header");

        // The object that holds the classification gets the field; a helper's object serves every
        // caller, and an object declared outside this block may serve other results.
        const target = claim.parent.type === AST_NODE_TYPES.ObjectExpression ? claim.parent : undefined;
        const block = blockOf(result.node);
        const editable =
          !result.helperCall &&
          target !== undefined &&
          isEditableObject(target) &&
          block !== undefined &&
          isInside(target, block) &&
          !hasSharedDeclaration(sourceCode, target, result);
        const data = { field: vocabulary.retryAfter, fallback: String(DEFAULT_SECONDS) };
        const halfOpen = open && editable ? halfOpenTime(sourceCode, model.importedFrom, open, target) : undefined;
        const header = open ? undefined : limit?.header;
        const value = halfOpen ? halfOpenText(vocabulary.retryAfter, halfOpen) : valueText(vocabulary.retryAfter, header);
        const suggestion: TSESLint.ReportSuggestionArray<MessageIds> = editable
          ? [
              {
                messageId: halfOpen ? "addHalfOpenRetryAfter" : header === undefined ? "addFixedRetryAfter" : "readRetryAfterHeader",
                data,
                fix: (fixer) => insertProperty(fixer, target, `${propertyKey(vocabulary.retryAfter)}: ${value}`),
              },
            ]
          : [];
        context.report({
          node: result.helperCall ?? claim,
          messageId: "missingRetryAfter",
          data: {
            tool: toolSubject(model.toolNamesAt(result.node)),
            reason: REASONS[reason],
            field: vocabulary.retryAfter,
            source: open ? "with the time left until the breaker half-opens" : "from the upstream's Retry-After header when it sends one",
          },
          suggest: suggestion,
        });
      }
    });
  },
});

/**
 * The target sits in a `const` object literal that something outside this result also reads:
 * adding the field there would change that too.
 */
function hasSharedDeclaration(sourceCode: SourceCode, target: TSESTree.ObjectExpression, result: ErrorResult): boolean {
  if (isInside(target, result.object)) return false;
  // `const error = { error: { code } }`: the const that holds the outermost object decides.
  let outer: TSESTree.Node = target;
  while (outer.parent.type === AST_NODE_TYPES.Property && outer.parent.parent.type === AST_NODE_TYPES.ObjectExpression) outer = outer.parent.parent;
  const declarator = outer.parent;
  if (declarator.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id.type !== AST_NODE_TYPES.Identifier) return true;
  const id = declarator.id;
  const variable = findVariable(sourceCode, id);
  return variable?.references.some((r) => r.identifier !== id && !isInside(r.identifier, result.object)) ?? true;
}
