/**
 * ESLint's `json` format: the results array as JSON, so scripts written for `eslint -f json` read
 * ours. Our own code rather than `ESLint#loadFormatter("json")`, which would prefer an
 * `eslint-formatter-json` package of the audited repository (see docs/cli.md, Security).
 */
import type { AnalyzeResult } from "../analyzer.js";
import { safeJson } from "./safe-text.js";

export function formatJson(result: AnalyzeResult): string {
  return safeJson(JSON.stringify(result.results));
}
