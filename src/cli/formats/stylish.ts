/**
 * The terminal report: the findings laid out as ESLint's `stylish` formatter lays them out (so the
 * editor, `eslint` and the CLI look alike), then the tool inventory, its resilience scorecard
 * and a one-line summary.
 *
 * The findings block is our own code, not ESLint's formatter: `ESLint#loadFormatter("stylish")`
 * prefers an `eslint-formatter-stylish` package resolved from the working directory upward, which
 * would run code of the audited repository (see docs/cli.md, Security).
 */
import type { ESLint } from "eslint";
import type { AnalyzeResult, ToolInventory } from "../analyzer.js";
import { RULE_PREFIX } from "../engine.js";
import { neutraliseCommands, safeText } from "./safe-text.js";
import { SCORECARD_HEADER, SCORECARD_LEGEND, scorecardRows } from "./scorecard.js";

export interface TextOptions {
  readonly color: boolean;
}

/** ANSI open and close codes, as `util.styleText` (and so ESLint's stylish) writes them. */
const STYLES = { reset: [0, 0], bold: [1, 22], dim: [2, 22], underline: [4, 24], red: [31, 39], yellow: [33, 39], green: [32, 39] } as const;
type Style = keyof typeof STYLES;

function painter(color: boolean): (style: Style, text: string) => string {
  return (style, text) => (color ? `\u001B[${String(STYLES[style][0])}m${text}\u001B[${String(STYLES[style][1])}m` : text);
}

const plural = (n: number, word: string): string => `${String(n)} ${word}${n === 1 ? "" : "s"}`;

export function modeLine(result: AnalyzeResult): string {
  return result.mode.typed ? `typed (${result.mode.reason})` : `syntactic (${result.mode.reason})`;
}

/**
 * What the reports say when no tool registration was found: a hint that the frameworks may be
 * unknown, unless the findings show code that calls MCP tools (an agent, a client).
 */
export function noToolsNotice(result: AnalyzeResult): string {
  const client = result.findings.some((finding) => finding.ruleId === `${RULE_PREFIX}require-tool-error-check`);
  return client
    ? "No tool registrations found: the findings are about code that calls MCP tools."
    : "No tool registrations found. Is this an MCP server? See docs/cli.md for the frameworks mcp-errors knows.";
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

function table(data: readonly (readonly string[])[], paint: (style: Style, text: string) => string): string {
  const rows = data.map((row) => row.map(safeText));
  const widths = (rows[0] ?? []).map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length)));
  return rows
    .map((row, index) => {
      const line = row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join("  ")
        .trimEnd();
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

/** ESLint's stylish drops a message's final period, unless a space stands before it. */
function withoutFinalPeriod(text: string): string {
  return text.length > 1 && text.endsWith(".") && text.at(-2) !== " " ? text.slice(0, -1) : text;
}

/**
 * The findings of `results` in the layout of ESLint's stylish formatter: per file its path, then
 * one aligned row per message (`line:column  severity  message  rule`), then the problem count.
 */
export function formatFindings(results: readonly ESLint.LintResult[], options: TextOptions): string {
  const paint = painter(options.color);
  let errors = 0;
  let warnings = 0;
  let fixableErrors = 0;
  let fixableWarnings = 0;
  let summaryStyle: Style = "yellow";
  const blocks: string[] = [];
  for (const result of results) {
    if (result.messages.length === 0) continue;
    errors += result.errorCount;
    warnings += result.warningCount;
    fixableErrors += result.fixableErrorCount;
    fixableWarnings += result.fixableWarningCount;
    const rows = result.messages.map((message) => {
      const error = message.fatal === true || message.severity === 2;
      if (error) summaryStyle = "red";
      return {
        line: String(message.line || 0),
        column: String(message.column || 0),
        severity: error ? "error" : "warning",
        text: safeText(withoutFinalPeriod(message.message)),
        rule: message.ruleId ?? "",
      };
    });
    const width = (pick: (row: (typeof rows)[number]) => string): number => Math.max(...rows.map((row) => pick(row).length));
    const [lineWidth, columnWidth, severityWidth, textWidth] = [
      width((r) => r.line),
      width((r) => r.column),
      width((r) => r.severity),
      width((r) => r.text),
    ];
    const lines = rows.map((row) => {
      const position = `${" ".repeat(lineWidth - row.line.length)}${paint("dim", `${row.line}:${row.column}`)}`;
      const severity = paint(row.severity === "error" ? "red" : "yellow", row.severity);
      const cells = [
        `  ${position}${" ".repeat(columnWidth - row.column.length)}`,
        `${severity}${" ".repeat(severityWidth - row.severity.length)}`,
        row.text,
      ];
      if (row.rule !== "") cells.push(`${" ".repeat(textWidth - row.text.length)}${paint("dim", row.rule)}`);
      return cells.join("  ").trimEnd();
    });
    blocks.push(`${paint("underline", safeText(result.filePath))}\n${lines.join("\n")}\n`);
  }
  const total = errors + warnings;
  if (total === 0) return "";
  let summary = paint(summaryStyle, paint("bold", `\u2716 ${plural(total, "problem")} (${plural(errors, "error")}, ${plural(warnings, "warning")})`));
  if (fixableErrors > 0 || fixableWarnings > 0) {
    const fixable = `  ${plural(fixableErrors, "error")} and ${plural(fixableWarnings, "warning")} potentially fixable with the \`--fix\` option.`;
    summary += `\n${paint(summaryStyle, paint("bold", fixable))}`;
  }
  return paint("reset", `\n${blocks.join("\n")}\n${summary}\n`);
}

/**
 * The whole terminal report of an analysis. Every piece of the audited code in it is escaped
 * (safe-text.ts): a tool name must not recolour the terminal or issue a CI workflow command.
 */
export function formatText(result: AnalyzeResult, options: TextOptions): string {
  const paint = painter(options.color);
  const parts: string[] = [];
  const formatted = formatFindings(result.results, options);
  if (formatted.trim() !== "") parts.push(formatted.replace(/\n+$/u, ""));
  if (result.tools.length > 0) {
    parts.push(`${paint("bold", `Tools (${String(result.tools.length)})`)}\n${table([INVENTORY_HEADER, ...inventoryRows(result.tools)], paint)}`);
    parts.push(
      `${paint("bold", "Resilience")} ${paint("dim", `(${SCORECARD_LEGEND})`)}\n${table([SCORECARD_HEADER, ...scorecardRows(result.tools)], paint)}`,
    );
  } else {
    parts.push(noToolsNotice(result));
  }
  const summary = summaryLine(result);
  parts.push(result.summary.errors > 0 ? paint("red", summary) : result.summary.warnings > 0 ? paint("yellow", summary) : paint("green", summary));
  // The cells are escaped; this pass keeps any line that would still start a command inert.
  return neutraliseCommands(`${parts.join("\n\n")}\n`);
}
