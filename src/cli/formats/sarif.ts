import type { AnalyzeResult } from "../analyzer.js";

/** SARIF 2.1.0 log of the findings. */
export function formatSarif(result: AnalyzeResult): string {
  return `${JSON.stringify({ version: "2.1.0", runs: [{ tool: { driver: { name: "mcp-errors" } }, results: result.findings }] }, null, 2)}\n`;
}
