/**
 * ESLint's `json` format: the results array as JSON, so scripts written for `eslint -f json` read
 * ours. Our own code rather than `ESLint#loadFormatter("json")`, which would prefer an
 * `eslint-formatter-json` package of the audited repository (see docs/cli.md, Security).
 *
 * Each result also carries `mcpTools`: the tools registered in that file, each with its
 * inventory and resilience scorecard. The extra key leaves ESLint's own keys as they are, so
 * tools that read ESLint's format read ours, and scripts get the inventory without a second run.
 */
import type { AnalyzeResult, ToolInventory } from "../analyzer.js";
import { relativePath } from "../discover.js";
import { safeJson } from "./safe-text.js";

/** The file a tool belongs to in the report: where it is registered, else where it is handled. */
function homeOf(tool: ToolInventory): string | undefined {
  return tool.registration?.file ?? tool.handler?.file;
}

export function formatJson(result: AnalyzeResult): string {
  const byFile = new Map<string, ToolInventory[]>();
  for (const tool of result.tools) {
    const home = homeOf(tool);
    if (home === undefined) continue;
    let tools = byFile.get(home);
    if (!tools) byFile.set(home, (tools = []));
    tools.push(tool);
  }
  const results = result.results.map((file) => ({ ...file, mcpTools: byFile.get(relativePath(result.cwd, file.filePath)) ?? [] }));
  return safeJson(JSON.stringify(results));
}
