/**
 * Case builders shared by the rule tests: exact-text edits for autofix and suggestion outputs, and
 * invalid cases whose full report locations come from marker comments (see `locate` in shapes.ts).
 */
import type { InvalidTestCase, SuggestionOutput, TestCaseError } from "@typescript-eslint/rule-tester";
import { type HandlerShape, SHAPES, locate, locateAll } from "./shapes.js";

/** `code` with the only occurrence of `from` replaced by `to` (fails loudly when `from` is not unique). */
export function replaceOnce(code: string, from: string, to: string): string {
  const index = code.indexOf(from);
  if (index === -1 || code.includes(from, index + 1)) throw new Error(`"${from}" must occur exactly once in:\n${code}`);
  return code.slice(0, index) + to + code.slice(index + from.length);
}

/** An autofix output: each `[from, to]` applied in turn. */
export const fixed =
  (...edits: [string, string][]) =>
  (code: string): string =>
    edits.reduce((current, [from, to]) => replaceOnce(current, from, to), code);

/** The node between the markers `/*>*\/` (start) and `/*<*\/` (end); both are removed from the code. */
export function span(source: string): { code: string; line: number; column: number; endLine: number; endColumn: number } {
  const start = locate(source);
  const end = locate(start.code, "/*<*/");
  return { code: end.code, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

// Hand-written cases use the most common shape, an inline `registerTool` handler.
export const SDK_SHAPE = SHAPES[0] as HandlerShape;

/** A `registerTool` handler with `body`, followed by top-level code `after` (same-file helpers). */
export function inTool(body: string, after = ""): string {
  return SDK_SHAPE.wrap(body) + (after ? `\n${after}` : "");
}

export interface Expected<MessageIds extends string> {
  readonly messageId: MessageIds;
  /** The source text of the reported node, which starts right after its marker. */
  readonly reported: string;
  readonly data?: Record<string, string>;
  /** Suggestions, computed from the code without markers. */
  readonly suggestions?: (code: string) => SuggestionOutput<MessageIds>[];
}

export interface CaseSpec<MessageIds extends string, Options extends readonly unknown[]> {
  readonly name: string;
  /** Code with `/*>*\/` before the one reported node, or `/*1*\/`, `/*2*\/`... in report order. */
  readonly code: string;
  readonly errors: readonly Expected<MessageIds>[];
  /** The autofix output (or the outputs of each pass) from the code without markers; null asserts no autofix. */
  readonly output: ((code: string) => string | string[]) | null;
  readonly options?: Options;
  readonly settings?: Record<string, unknown>;
}

/** An invalid case with full locations of one-line reported nodes. */
export function invalid<MessageIds extends string, Options extends readonly unknown[]>(
  spec: CaseSpec<MessageIds, Options>,
): InvalidTestCase<MessageIds, Options> {
  const single = spec.code.includes("/*>*/");
  const { code, at } = single
    ? (() => {
        const found = locate(spec.code);
        return { code: found.code, at: [{ line: found.line, column: found.column }] };
      })()
    : locateAll(spec.code, spec.errors.length);
  const lines = code.split("\n");
  const errors = spec.errors.map((expected, i): TestCaseError<MessageIds> => {
    const position = at[i];
    if (!position) throw new Error(`no marker for error ${String(i)} of "${spec.name}"`);
    const lineText = lines[position.line - 1] ?? "";
    if (!lineText.startsWith(expected.reported, position.column - 1)) {
      throw new Error(`"${spec.name}": expected "${expected.reported}" at the marker, found "${lineText.slice(position.column - 1)}"`);
    }
    return {
      messageId: expected.messageId,
      ...(expected.data ? { data: expected.data } : {}),
      line: position.line,
      column: position.column,
      endLine: position.line,
      endColumn: position.column + expected.reported.length,
      suggestions: expected.suggestions ? expected.suggestions(code) : [],
    };
  });
  return {
    name: spec.name,
    code,
    errors,
    output: spec.output ? spec.output(code) : null,
    ...(spec.options ? { options: spec.options } : {}),
    ...(spec.settings ? { settings: spec.settings } : {}),
  };
}
