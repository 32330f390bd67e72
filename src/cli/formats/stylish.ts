/**
 * The terminal report: ESLint's own `stylish` findings (so the editor, `eslint` and the CLI look
 * alike), then the tool inventory and a one-line summary.
 */
import type { AnalyzeResult, ToolInventory } from "../analyzer.js";

export interface TextOptions {
  readonly color: boolean;
}

const STYLES = { bold: [1, 22], red: [31, 39], yellow: [33, 39], green: [32, 39] } as const;
type Style = keyof typeof STYLES;

function painter(color: boolean): (style: Style, text: string) => string {
  return (style, text) => (color ? `\u001B[${String(STYLES[style][0])}m${text}\u001B[${String(STYLES[style][1])}m` : text);
}

const plural = (n: number, word: string): string => `${String(n)} ${word}${n === 1 ? "" : "s"}`;

export function modeLine(result: AnalyzeResult): string {
  return result.mode.typed ? `typed (${result.mode.reason})` : `syntactic (${result.mode.reason})`;
}

export function categoriesText(tool: ToolInventory): string {
  const entries = Object.entries(tool.categories);
  return entries.length === 0 ? "-" : entries.map(([name, n]) => (n === 1 ? name : `${name} ×${String(n)}`)).join(", ");
}

export function locationText(location: ToolInventory["registration"]): string {
  return location ? `${location.file}:${String(location.line)}` : "-";
}

export function handlerText(tool: ToolInventory): string {
  if (tool.handler) return locationText(tool.handler);
  return tool.handlerUnresolved ? "(another file)" : "-";
}

/** Rows of the inventory table, shared by the text and markdown reports. */
export function inventoryRows(tools: readonly ToolInventory[]): string[][] {
  return tools.map((tool) => [
    tool.name ?? "(unnamed)",
    tool.framework,
    locationText(tool.registration),
    handlerText(tool),
    `${String(tool.classified)}/${String(tool.errorPaths)}`,
    categoriesText(tool),
    `${String(tool.withTimeout)}/${String(tool.externalCalls)}`,
    String(tool.findings),
  ]);
}

export const INVENTORY_HEADER = ["tool", "framework", "registered", "handler", "classified errors", "categories", "calls with timeout", "findings"];

function table(rows: readonly (readonly string[])[], paint: (style: Style, text: string) => string): string {
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  return rows
    .map((row, index) => {
      const line = row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ").trimEnd();
      return index === 0 ? paint("bold", line) : line;
    })
    .map((line) => `  ${line}`)
    .join("\n");
}

export function summaryLine(result: AnalyzeResult): string {
  const { errors, warnings, files, tools } = result.summary;
  const problems = errors + warnings;
  const found = problems === 0 ? "No problems" : `${plural(problems, "problem")} (${plural(errors, "error")}, ${plural(warnings, "warning")})`;
  const seconds = (result.summary.durationMs / 1000).toFixed(1);
  return `${found} in ${plural(files, "file")}, ${plural(tools, "tool")} · ${result.config}, ${modeLine(result)} · ${seconds} s`;
}

/** `formatted` is ESLint's stylish output of the same results. */
export function formatText(result: AnalyzeResult, formatted: string, options: TextOptions): string {
  const paint = painter(options.color);
  const parts: string[] = [];
  if (formatted.trim() !== "") parts.push(formatted.replace(/\n+$/u, ""));
  if (result.tools.length > 0) {
    parts.push(
      `${paint("bold", `Tools (${String(result.tools.length)})`)}\n${table([INVENTORY_HEADER, ...inventoryRows(result.tools)], paint)}`,
    );
  } else {
    parts.push("No tool registrations found. Is this an MCP server? See docs/cli.md for the frameworks mcp-errors knows.");
  }
  const summary = summaryLine(result);
  parts.push(result.summary.errors > 0 ? paint("red", summary) : result.summary.warnings > 0 ? paint("yellow", summary) : paint("green", summary));
  return `${parts.join("\n\n")}\n`;
}
