/**
 * The suggestions of `no-swallowed-failure`: turn the success result into an error result
 * (classified when the payload can take the fields), or rethrow the caught error with its cause.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { getPayload, payloadField, type McpModel } from "../../model/index.js";
import type { Vocabulary } from "../../settings.js";
import { findProperty, isInside, mentionsName } from "../../util/ast.js";
import { orderedCategories, retryableFor } from "../shared/classification.js";
import { classificationData } from "../shared/describe.js";
import { classificationFields, containsComment, insertProperty, isEditableObject, prependProperties, propertyKey, quote } from "../shared/fix.js";

export type SuggestionId = "addIsError" | "markAsError" | "rethrowWithCause";
type Suggestions = TSESLint.ReportSuggestionArray<SuggestionId>;
type SourceCode = Readonly<TSESLint.SourceCode>;

/** Builds the suggestions for one file. */
export class Remedies {
  constructor(
    private readonly sourceCode: SourceCode,
    private readonly model: McpModel,
    private readonly vocabulary: Vocabulary,
  ) {}

  /** Suggestions that add `isError: true`, with the classification fields when they are missing. */
  markAsError(object: TSESTree.ObjectExpression): Suggestions {
    const { sourceCode, model, vocabulary } = this;
    if (!isEditableObject(object)) return [];
    const isError = findProperty(object, "isError");
    const flag = (fixer: TSESLint.RuleFixer): TSESLint.RuleFix =>
      isError ? fixer.replaceText(isError.value, "true") : insertProperty(fixer, object, "isError: true");
    const only: Suggestions = [{ messageId: "markAsError", fix: flag }];
    if (vocabulary.container.length > 0) return only;
    const payload = getPayload(model, { object }, vocabulary);
    const missing = { category: !payloadField(payload, vocabulary.category), retryable: !payloadField(payload, vocabulary.retryable) };
    if (payload.unknown || (!missing.category && !missing.retryable)) return only;
    // The JSON payload, when it is written inside this result (a shared constant is left alone).
    const target = payload.jsonObject && isInside(payload.jsonObject, object) && isEditableObject(payload.jsonObject) ? payload.jsonObject : undefined;
    const text = !payload.jsonObject && payload.texts.length === 1 && !findProperty(object, "structuredContent") ? payload.texts[0] : undefined;
    if (!target && (!text || containsComment(sourceCode, text))) return only;
    return orderedCategories(object).map((category) => {
      const retryable = retryableFor(category, false);
      return {
        messageId: "addIsError" as const,
        data: classificationData(vocabulary, category, retryable),
        fix: (fixer) => {
          const fields = classificationFields(vocabulary, category, retryable, missing);
          const classify = target
            ? prependProperties(fixer, target, fields)
            : fixer.replaceText(
                text as TSESTree.Node,
                `JSON.stringify({ ${fields}, ${propertyKey(vocabulary.description)}: ${sourceCode.getText(text)} })`,
              );
          return [flag(fixer), classify];
        },
      };
    });
  }

  /**
   * Replaces the return (or the write of the failure) with `throw new Error(message, { cause })`, adding a catch parameter if
   * there is none. Only where a throw reaches the model as an error result; a low-level server
   * would turn it into a protocol error.
   */
  rethrow(
    statement: TSESTree.ReturnStatement | TSESTree.ExpressionStatement,
    clause: TSESTree.CatchClause,
    message: TSESTree.Node | undefined,
    name?: string,
  ): Suggestions {
    const sourceCode = this.sourceCode;
    if (!rethrowReachesModel(this.model, clause) || containsComment(sourceCode, statement)) return [];
    if (clause.param && clause.param.type !== AST_NODE_TYPES.Identifier) return [];
    const cause = clause.param?.name ?? freeName(sourceCode, clause);
    if (cause === undefined) return [];
    const text = message ? sourceCode.getText(message) : quote(`${name ?? "The operation"} failed`);
    return [
      {
        messageId: "rethrowWithCause",
        data: { cause },
        fix: (fixer) => {
          const replace = fixer.replaceText(statement, `throw new Error(${text}, { cause: ${cause} });`);
          if (clause.param) return replace;
          const keyword = sourceCode.getFirstToken(clause);
          return keyword ? [fixer.insertTextAfter(keyword, ` (${cause})`), replace] : null;
        },
      },
    ];
  }
}

/** Every handler through the catch turns a throw into an error result the model reads. */
function rethrowReachesModel(model: McpModel, clause: TSESTree.CatchClause): boolean {
  const handlers = model.handlersAt(clause);
  return handlers.length > 0 && handlers.every((h) => h.thrown === "is-error");
}

/** A name for a new catch parameter that nothing in the catch body uses. */
function freeName(sourceCode: SourceCode, clause: TSESTree.CatchClause): string | undefined {
  return ["error", "err", "cause"].find((name) => !mentionsName(sourceCode, clause.body, new Set([name]), "own-code"));
}
