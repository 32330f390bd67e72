/**
 * The report for a pull-request comment: a summary title, the findings grouped by file in
 * tables (each file and location a link to it), the resilience scorecard of the tools, and the
 * tool inventory folded away. Kept under GitHub's 65,536-character comment limit
 * by cutting the findings (and a huge inventory) with an "and N more" line.
 */
import path from "node:path";
import { rules } from "../../rules/index.js";
import type { AnalyzeResult, Finding } from "../analyzer.js";
import { RULE_PREFIX } from "../engine.js";
import { escapeControl, neutraliseCommands } from "./safe-text.js";
import { SCORECARD_DOCS, SCORECARD_HEADER, SCORECARD_LEGEND, scorecardRows } from "./scorecard.js";
import { INVENTORY_HEADER, inventoryRows, modeLine, noToolsNotice } from "./stylish.js";

/** Room for the whole comment, below GitHub's limit with a margin for the lines added around it. */
export const MARKDOWN_LIMIT = 60_000;
/** A large inventory gets at most this share, so findings are never crowded out by it. */
const INVENTORY_LIMIT = 20_000;
/** The same for the scorecard. */
const SCORECARD_LIMIT = 12_000;
/** Finds the comment again, for actions that update their previous comment instead of adding one. */
const MARKER = "<!-- mcp-errors -->";

const plural = (n: number, word: string): string => `${String(n)} ${word}${n === 1 ? "" : "s"}`;

/**
 * Plain text for markdown: nothing in it formats, links, breaks a table row or becomes HTML, and
 * no control character reaches a log that prints the report.
 */
function escapeText(text: string): string {
  return escapeControl(text, { keepLineBreaks: true })
    .replace(/[\\`*_[\]~|]/gu, "\\$&")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replace(/\r\n|[\n\r]/gu, "<br>");
}

/**
 * A table cell from a rule message: its `code spans` stay code (with `|` escaped, which GitHub
 * honours inside a table even in code), the rest is escaped text.
 */
export function cellText(text: string): string {
  return text
    .split(/(`[^`\n\r]+`)/u)
    .map((part, index) => (index % 2 === 1 ? escapeControl(part).replaceAll("|", "\\|") : escapeText(part)))
    .join("");
}

/** A code span holding any text, for file paths and tool names that come from the server's code. */
export function codeSpan(text: string): string {
  const flat = escapeControl(text.replace(/[\n\r]+/gu, " "));
  const longest = Math.max(0, ...(flat.match(/`+/gu) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A code span in a table cell, where GitHub wants `|` escaped even inside code. */
function cellCode(text: string): string {
  return codeSpan(text).replaceAll("|", "\\|");
}

function tableRow(cells: readonly string[]): string {
  return `| ${cells.join(" | ")} |`;
}

function ruleCell(ruleId: string | null): string {
  if (ruleId === null) return "parse error";
  const name = ruleId.startsWith(RULE_PREFIX) ? ruleId.slice(RULE_PREFIX.length) : ruleId;
  const url = rules[name]?.meta.docs?.url;
  return url === undefined ? escapeText(name) : `[${escapeText(name)}](${url})`;
}

/**
 * What links to the analysed files start with. In a GitHub Actions run (a comment, a job
 * summary) the file at the run's commit on GitHub; elsewhere the way from the report's folder
 * (`output`, or `cwd` for stdout) to `cwd`, so a saved report's links open the files.
 */
export function sourceBase(env: NodeJS.ProcessEnv, cwd: string, output: string | undefined): string {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_SHA: sha, GITHUB_WORKSPACE: workspace } = env;
  if (server && repository && sha && workspace) {
    const inside = path.relative(workspace, cwd);
    if (!inside.startsWith("..") && !path.isAbsolute(inside)) return `${server}/${repository}/blob/${sha}/${inside === "" ? "" : `${uriPath(inside)}/`}`;
  }
  const back = path.relative(output === undefined ? cwd : path.dirname(output), cwd);
  return back === "" ? "" : `${uriPath(back)}/`;
}

/** A relative path as a URI path: each segment percent-encoded, `/` between them. */
function uriPath(relative: string): string {
  return relative.split(/[\\/]/u).map(encodeURIComponent).join("/");
}

/** A link to `file` (relative to the analysed folder), at `line`; undefined for a file outside it under an absolute base. */
function sourceLink(base: string, file: string, line?: number): string | undefined {
  if (/^[a-z]+:/u.test(base) && (file === ".." || file.startsWith("../") || path.isAbsolute(file))) return undefined;
  return `${base}${uriPath(file)}${line === undefined ? "" : `#L${String(line)}`}`;
}

function findingRow(finding: Finding, base: string): string {
  const position = `${String(finding.line)}:${String(finding.column)}`;
  const link = sourceLink(base, finding.file, finding.line);
  return tableRow([
    link === undefined ? position : `[${position}](${link})`,
    finding.severity,
    ruleCell(finding.ruleId),
    cellText(finding.message),
    finding.tools.map(cellCode).join(", "),
  ]);
}

const FINDINGS_HEADER = `${tableRow(["Line", "Severity", "Rule", "Message", "Tools"])}\n| ---: | --- | --- | --- | --- |`;

function title(result: AnalyzeResult): string {
  const { errors, warnings, files, tools } = result.summary;
  const problems = errors + warnings;
  const found = problems === 0 ? "No problems" : `${plural(problems, "problem")} (${plural(errors, "error")}, ${plural(warnings, "warning")})`;
  return `### mcp-errors: ${found} in ${plural(files, "file")}, ${plural(tools, "tool")} · ${result.config}, ${modeLine(result)}`;
}

/** Blocks of `lines` that fit in `budget` characters, and how many lines did not. */
function fit(lines: readonly string[], budget: number): { shown: string[]; left: number } {
  const shown: string[] = [];
  let used = 0;
  for (const line of lines) {
    used += line.length + 1;
    if (used > budget) break;
    shown.push(line);
  }
  return { shown, left: lines.length - shown.length };
}

function inventorySection(result: AnalyzeResult): string {
  if (result.tools.length === 0) return noToolsNotice(result);
  const header = `${tableRow(INVENTORY_HEADER)}\n${tableRow(INVENTORY_HEADER.map(() => "---"))}`;
  const rows = inventoryRows(result.tools).map((row) => tableRow(row.map((cell, column) => (column === 0 ? cellCode(cell) : cellText(cell)))));
  const { shown, left } = fit(rows, INVENTORY_LIMIT);
  const more = left > 0 ? `\n\n_… and ${plural(left, "more tool")}._` : "";
  return `<details>\n<summary>Tools (${String(result.tools.length)})</summary>\n\n${header}\n${shown.join("\n")}${more}\n\n</details>`;
}

/** The resilience scorecard: one row per tool, shown (a reviewer reads it in the pull request), with its legend. */
function scorecardSection(result: AnalyzeResult): string {
  if (result.tools.length === 0) return "";
  const header = `${tableRow(SCORECARD_HEADER)}\n| --- |${" :---: |".repeat(SCORECARD_HEADER.length - 1)}`;
  const rows = scorecardRows(result.tools).map((row) => tableRow(row.map((cell, column) => (column === 0 ? cellCode(cell) : cellText(cell)))));
  const { shown, left } = fit(rows, SCORECARD_LIMIT);
  const more = left > 0 ? `\n\n_… and ${plural(left, "more tool")}._` : "";
  return `#### Resilience\n\n${header}\n${shown.join("\n")}${more}\n\n${SCORECARD_LEGEND}. [What each column counts](${SCORECARD_DOCS}).`;
}

/** The findings grouped by file, cut to `budget` characters with an "and N more" line. */
function findingsSection(findings: readonly Finding[], budget: number, base: string): string {
  const byFile = new Map<string, Finding[]>();
  for (const finding of findings) {
    const list = byFile.get(finding.file) ?? [];
    list.push(finding);
    byFile.set(finding.file, list);
  }
  const parts: string[] = [];
  let used = 0;
  let shown = 0;
  for (const [file, list] of byFile) {
    const fileLink = sourceLink(base, file);
    const heading = `#### ${fileLink === undefined ? codeSpan(file) : `[${codeSpan(file)}](${fileLink})`}\n\n${FINDINGS_HEADER}\n`;
    // A file's table needs its heading and at least one row.
    const { shown: rows } = fit(
      list.map((finding) => findingRow(finding, base)),
      budget - used - heading.length - 2,
    );
    if (rows.length === 0) break;
    const part = `${heading}${rows.join("\n")}`;
    parts.push(part);
    used += part.length + 2;
    shown += rows.length;
    if (rows.length < list.length) break;
  }
  const left = findings.length - shown;
  if (left > 0) {
    const errors = findings.slice(shown).filter((f) => f.severity === "error").length;
    parts.push(
      `_… and ${plural(left, "more finding")} (${plural(errors, "error")}, ${plural(left - errors, "warning")}), cut to fit a comment: ` +
        "run `mcp-errors` or see the SARIF report for all of them._",
    );
  }
  return parts.join("\n\n");
}

/** A report for a pull-request comment; `sourceBase` starts the links to files (default: relative to the analysed folder). */
export function formatMarkdown(result: AnalyzeResult, options: { readonly sourceBase?: string } = {}): string {
  let headText = `${MARKER}\n${title(result)}`;
  if (result.summary.fixable > 0) headText += `\n\n${plural(result.summary.fixable, "problem")} can be fixed automatically with \`mcp-errors --fix\`.`;
  const scorecard = scorecardSection(result);
  const inventory = inventorySection(result);
  // The "and N more" line takes about 200 characters, the blank lines between sections a few.
  const body =
    result.findings.length === 0
      ? "No findings: no error-handling defects in the tool handlers."
      : findingsSection(result.findings, MARKDOWN_LIMIT - headText.length - scorecard.length - inventory.length - 250, options.sourceBase ?? "");
  // Printed to a CI log (`--format markdown` without --output), a line must not act as a command.
  return neutraliseCommands(`${[headText, body, scorecard, inventory].filter((part) => part !== "").join("\n\n")}\n`);
}
