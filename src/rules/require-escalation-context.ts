import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { withModel } from "../lint/with-model.js";
import { type ErrorResult, type McpModel, type Payload, categoriesOf, getPayload, passedAtResult, valueAtResult } from "../model/index.js";
import { type Vocabulary, getVocabulary } from "../settings.js";
import { findProperty, hasSpread, mentionsName } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { capitalized, listed, toolSubject } from "./shared/describe.js";
import { type ExternalFailures, externalFailures } from "./shared/external-failures.js";
import { retrySite } from "./shared/retries.js";
import { type Escalation, escalationsOf, returnedErrorResult } from "./require-escalation-context/escalations.js";
import { leftOutResults } from "./require-escalation-context/gathered.js";
import { attemptsSuggestion } from "./require-escalation-context/suggestion.js";

export type Options = [];
export type MessageIds = "missingEscalationContext" | "addAttempts";

/** Categories whose `retryable: true` is `no-retryable-permanent-error`'s to report. */
const PERMANENT = new Set(["business", "permission"]);

/** What an escalation's payload lacks or gets wrong. */
interface Gaps {
  readonly attempts: boolean;
  /** Results of earlier steps it leaves out, by variable name. */
  readonly results: readonly string[];
  readonly retryable: TSESTree.Property | undefined;
}

const flatVocabularies = new WeakMap<Vocabulary, Vocabulary>();

/** The vocabulary without its container: attempts and partial results may sit beside the container too. */
function flat(vocabulary: Vocabulary): Vocabulary {
  let found = flatVocabularies.get(vocabulary);
  if (!found) flatVocabularies.set(vocabulary, (found = { ...vocabulary, container: [] }));
  return found;
}

/** The payload objects of an escalation, or undefined when some part of it cannot be seen (or it is text only). */
function payloadObjects(
  model: McpModel,
  result: ErrorResult,
  vocabulary: Vocabulary,
): { objects: TSESTree.ObjectExpression[]; payload: Payload } | undefined {
  const payload = getPayload(model, result, vocabulary);
  const outer = vocabulary.container.length > 0 ? getPayload(model, result, flat(vocabulary)) : undefined;
  const objects = [...payload.objects, ...(outer?.objects ?? [])];
  if (payload.unknown || outer?.unknown || payload.objects.length === 0 || objects.some(hasSpread)) return undefined;
  return { objects, payload };
}

interface Reading {
  readonly model: McpModel;
  readonly vocabulary: Vocabulary;
  readonly external: ExternalFailures;
  readonly errorResultAt: ReadonlyMap<TSESTree.Node, ErrorResult>;
}

function gapsOf(
  { model, vocabulary, external, errorResultAt }: Reading,
  escalation: Escalation,
  objects: readonly TSESTree.ObjectExpression[],
): Gaps | undefined {
  const { result, statement } = escalation;
  const sourceCode = model.sourceCode;
  const field = (name: string): TSESTree.Property | undefined => {
    for (const object of objects) {
      const property = findProperty(object, name);
      // A helper's field read from a parameter the call leaves out is not there.
      if (property && passedAtResult(result, property.value)) return property;
    }
    return undefined;
  };
  if (isNotTransient(vocabulary, result, field)) return undefined;
  const results = vocabulary.partialResults.some((name) => field(name))
    ? []
    : leftOutResults(
        sourceCode,
        external,
        escalation,
        (r) => returnedErrorResult(sourceCode, r, errorResultAt) !== undefined,
        (names) => [statement, ...(result.helper ? [] : [result.object]), ...objects].some((node) => mentionsName(sourceCode, node, names, "subtree")),
      );
  return { attempts: !vocabulary.attempts.some((name) => field(name)), results, retryable: claimsRetryable(vocabulary, result, field) };
}

/**
 * The category says the failure is no outage: statically one or more categories, none of them
 * transient. A `business` error in a branch the counter test shares (`if (attempt === MAX ||
 * error.status === 404)`) is about the request, not about retries running out.
 */
function isNotTransient(vocabulary: Vocabulary, result: ErrorResult, field: (name: string) => TSESTree.Property | undefined): boolean {
  const category = field(vocabulary.category);
  const { categories, known } = categoriesOf(vocabulary, category ? valueAtResult(result, category.value) : undefined);
  return known && categories.size > 0 && !categories.has("transient");
}

/** A static `retryable: true`, unless the category is permanent (`no-retryable-permanent-error` reports that one). */
function claimsRetryable(
  vocabulary: Vocabulary,
  result: ErrorResult,
  field: (name: string) => TSESTree.Property | undefined,
): TSESTree.Property | undefined {
  const property = field(vocabulary.retryable);
  const value = property ? valueAtResult(result, property.value) : undefined;
  if (value?.type !== AST_NODE_TYPES.Literal || value.value !== true) return undefined;
  const category = field(vocabulary.category);
  const { categories } = categoriesOf(vocabulary, category ? valueAtResult(result, category.value) : undefined);
  return [...categories].some((c) => PERMANENT.has(c)) ? undefined : property;
}

/** The message's two parts: what is wrong and what to do, one clause per gap. */
function wording(vocabulary: Vocabulary, gaps: Gaps): { problems: string; fixes: string } {
  const problems: string[] = [];
  const fixes: string[] = [];
  const names = (fields: readonly string[]): string => fields.map((f) => `\`${f}\``).join(" or ");
  if (gaps.attempts) {
    problems.push("does not say how many attempts were made, so the agent cannot tell that the step was already retried and may retry it all over again");
    fixes.push(`add ${names(vocabulary.attempts)} (how many attempts, against what, how each failed)`);
  }
  if (gaps.results.length > 0) {
    const held = listed(gaps.results.map((n) => `\`${n}\``));
    problems.push(`leaves out the results already gathered (${held}), so the work that succeeded is lost to the agent`);
    fixes.push(`pass ${held} on as ${names(vocabulary.partialResults)}`);
  }
  if (gaps.retryable) {
    problems.push(`says \`${vocabulary.retryable}: true\` although the local retries are spent, so the agent repeats them at once`);
    fixes.push(`set \`${vocabulary.retryable}\` to false: retrying the whole operation is the caller's decision`);
  }
  return { problems: problems.map((p, i) => (i === 0 ? p : `and it ${p}`)).join("; "), fixes: capitalized(listed(fixes)) };
}

export default createRule<Options, MessageIds>({
  name: "require-escalation-context",
  meta: {
    type: "suggestion",
    docs: {
      description: "Require errors given up with after local retries to carry the attempts and partial results, marked not retryable",
      recommended: "strict",
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      missingEscalationContext: "The error result that {{tool}} gives up with once its retries are spent {{problems}}. {{fixes}}.",
      addAttempts: "Add `{{property}}` to the error payload.",
    },
  },
  create(context) {
    return withModel(context, (model) => {
      if (!model.isMcpFile || model.catches.length === 0 || model.errorResults.length === 0) return;
      const sourceCode = context.sourceCode;
      const vocabulary = getVocabulary(context.settings);
      const errorResultAt = new Map(model.errorResults.map((r) => [r.node, r]));
      let external: ExternalFailures | undefined;
      const seen = new Set<TSESTree.Node>();
      for (const clause of model.catches) {
        if (model.handlersAt(clause).length === 0) continue;
        external ??= externalFailures(model);
        const site = retrySite(sourceCode, external, clause);
        if (!site) continue;
        for (const escalation of escalationsOf(sourceCode, site, errorResultAt)) {
          if (seen.has(escalation.statement) || model.isUnknownToolBranch(escalation.statement)) continue;
          seen.add(escalation.statement);
          const read = payloadObjects(model, escalation.result, vocabulary);
          if (!read) continue;
          const gaps = gapsOf({ model, vocabulary, external, errorResultAt }, escalation, read.objects);
          if (!gaps || (!gaps.attempts && gaps.results.length === 0 && !gaps.retryable)) continue;
          const field = vocabulary.attempts[0];
          const suggestion = gaps.attempts && field !== undefined ? attemptsSuggestion(sourceCode, escalation, read.payload.jsonObject, field) : undefined;
          const keyword = sourceCode.getFirstToken(escalation.statement);
          const { problems, fixes } = wording(vocabulary, gaps);
          context.report({
            node: escalation.statement,
            ...(keyword ? { loc: keyword.loc } : {}),
            messageId: "missingEscalationContext",
            data: { tool: toolSubject(model.toolNamesAt(escalation.statement)), problems, fixes },
            suggest: suggestion ? [{ messageId: "addAttempts", data: { property: suggestion.property }, fix: suggestion.fix }] : [],
          });
        }
      }
    });
  },
});
