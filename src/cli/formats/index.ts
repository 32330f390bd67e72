/**
 * The report formats, by name. Every format is code of this package: the CLI never looks a
 * formatter up by name the way ESLint does, since that lookup starts in the audited repository.
 */
import type { AnalyzeResult } from "../analyzer.js";
import { formatJson } from "./json.js";
import { formatMarkdown } from "./markdown.js";
import type { Format } from "./names.js";
import { formatSarif } from "./sarif.js";
import { formatText } from "./stylish.js";

export interface FormatOptions {
  /** ANSI colours (the terminal formats only). */
  readonly color: boolean;
  /**
   * What the `markdown` report's links to a file start with (`sourceBase` in `markdown.ts`): a
   * GitHub `blob` URL in an Actions run, else the way from the report to the analysed folder.
   */
  readonly sourceBase?: string;
}

export type Formatter = (result: AnalyzeResult, options: FormatOptions) => string;

export const FORMATTERS: Readonly<Record<Format, Formatter>> = {
  stylish: formatText,
  json: formatJson,
  sarif: formatSarif,
  markdown: formatMarkdown,
};
