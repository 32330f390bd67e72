import type { AnalyzeResult } from "../analyzer.js";

/** A report for a pull-request comment. */
export function formatMarkdown(result: AnalyzeResult): string {
  return `# mcp-errors\n\n${String(result.findings.length)} findings\n`;
}
