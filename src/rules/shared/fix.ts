/**
 * Fix-safety helpers. The checklist every fix follows:
 * - never lose a comment: no fix that replaces or removes a range containing one;
 * - multi-site edits are arrays of fixes, so they apply together or not at all;
 * - a shape the fix does not fully understand gets no fix (callers return null).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { type Category, type Vocabulary, categoryValue } from "../../settings.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * Whether the node's range contains a comment (replacing it would drop the comment). A binary
 * search in the file's sorted comments: the token store's cursors cost more than the whole check.
 */
export function containsComment(sourceCode: SourceCode, node: TSESTree.Node): boolean {
  const comments = sourceCode.getAllComments();
  const [start, end] = node.range;
  let low = 0;
  let high = comments.length;
  // The first comment that starts at or after the node's start.
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((comments[middle] as TSESTree.Comment).range[0] < start) low = middle + 1;
    else high = middle;
  }
  const first = comments[low];
  return first !== undefined && first.range[1] <= end;
}

/** Adds `text` (e.g. `timeout: 30000`) as the last property of an object literal. */
export function insertProperty(fixer: TSESLint.RuleFixer, object: TSESTree.ObjectExpression, text: string): TSESLint.RuleFix {
  const last = object.properties.at(-1);
  if (!last) {
    return fixer.replaceText(object, `{ ${text} }`);
  }
  return fixer.insertTextAfter(last, `, ${text}`);
}

/** Adds properties at the start of an object literal (`{ a, b }` -> `{ x, y, a, b }`). */
export function prependProperties(fixer: TSESLint.RuleFixer, object: TSESTree.ObjectExpression, text: string): TSESLint.RuleFix {
  const first = object.properties[0];
  if (!first) return fixer.replaceText(object, `{ ${text} }`);
  return fixer.insertTextBefore(first, `${text}, `);
}

/** Removes a property and the comma that separates it from its neighbour. */
export function removeProperty(fixer: TSESLint.RuleFixer, sourceCode: SourceCode, property: TSESTree.Property): TSESLint.RuleFix {
  const after = sourceCode.getTokenAfter(property);
  if (after?.value === ",") {
    const next = sourceCode.getTokenAfter(after, { includeComments: true });
    return fixer.removeRange([property.range[0], next && next.value !== "}" ? next.range[0] : after.range[1]]);
  }
  const before = sourceCode.getTokenBefore(property);
  if (before?.value === ",") return fixer.removeRange([before.range[0], property.range[1]]);
  return fixer.remove(property);
}

/** Removes a statement, with its line when nothing else stands on that line. */
export function removeStatement(fixer: TSESLint.RuleFixer, sourceCode: SourceCode, statement: TSESTree.Statement): TSESLint.RuleFix {
  const text = sourceCode.text;
  let start = statement.range[0];
  while (start > 0 && (text[start - 1] === " " || text[start - 1] === "\t")) start--;
  let end = statement.range[1];
  while (end < text.length && (text[end] === " " || text[end] === "\t")) end++;
  const lineEnds = end === text.length || text[end] === "\n" || text[end] === "\r";
  const ownLine = (start === 0 || text[start - 1] === "\n") && lineEnds;
  // Beside other code, the spaces that separated it go too.
  if (!ownLine) return fixer.removeRange(lineEnds ? [start, statement.range[1]] : [statement.range[0], end]);
  if (text[end] === "\r") end++;
  if (text[end] === "\n") end++;
  return fixer.removeRange([start, end]);
}

/** A JavaScript string literal for `value`, in double quotes. */
export function quote(value: string): string {
  return JSON.stringify(value);
}

/** A property key as source text: the name itself when it is an identifier, else a string literal. */
export function propertyKey(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name);
}

/**
 * The classification fields a fix inserts, as source text in the project's vocabulary
 * (`errorCategory: "business", isRetryable: false`); only the missing ones when `missing` says.
 */
export function classificationFields(
  vocabulary: Vocabulary,
  category: Category,
  retryable: boolean,
  missing: { readonly category: boolean; readonly retryable: boolean } = { category: true, retryable: true },
): string {
  const parts: string[] = [];
  if (missing.category) parts.push(`${propertyKey(vocabulary.category)}: ${quote(categoryValue(vocabulary, category))}`);
  if (missing.retryable) parts.push(`${propertyKey(vocabulary.retryable)}: ${String(retryable)}`);
  return parts.join(", ");
}

/** Whether the object literal is written as a plain `{ ... }` we can edit (no spread). */
export function isEditableObject(object: TSESTree.ObjectExpression): boolean {
  return object.properties.every((p) => p.type === AST_NODE_TYPES.Property && !p.computed);
}

/**
 * A fix offered as a suggestion, or applied as an autofix where the rule's option asks for one
 * (bulk migration): the report's `fix` and `suggest`. Without a fix there is neither.
 */
export function fixOrSuggest<MessageIds extends string>(
  autofix: boolean,
  fix: TSESLint.ReportFixFunction | null,
  suggestion: Omit<TSESLint.SuggestionReportDescriptor<MessageIds>, "fix"> | undefined,
): { fix: TSESLint.ReportFixFunction | null; suggest: TSESLint.ReportSuggestionArray<MessageIds> } {
  if (autofix) return { fix, suggest: [] };
  return { fix: null, suggest: fix && suggestion ? [{ ...suggestion, fix }] : [] };
}
