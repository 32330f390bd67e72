/**
 * Output injection: tool names, file names and the strings a message quotes come from the
 * audited code, and reach terminals and CI logs. A server whose tool names and file name hold
 * ANSI sequences (clear screen, an OSC hyperlink, the one-byte CSI), line breaks and GitHub
 * workflow commands (`::add-mask::`, `::error::`, `::stop-commands::`, the legacy `##[...]`)
 * must give reports in which none of it acts, in every format and in the Action's log printer.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze, type AnalyzeResult } from "../../src/cli/analyzer.js";
import { FORMATTERS } from "../../src/cli/formats/index.js";
import { internalErrorLine } from "../../src/cli/main.js";
// @ts-expect-error -- a plain ES module of the action, without types
import { reportLines } from "../../scripts/action/run.mjs";
import { safeText } from "../../src/cli/formats/safe-text.js";

const tmp = mkdtempSync(path.join(os.tmpdir(), "mcp-errors-injection-"));
const ESC = "\u001B";
const HOSTILE_FILE = `::error file=x::${ESC}[31mred.js`;

const SERVER = String.raw`import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "x", version: "1" });
server.registerTool("::add-mask::\u001b[2Jwipe ##[add-mask]secret", { description: "d" }, async () => {
  await fetch("https://example.com");
  return { isError: true, content: [{ type: "text", text: "failed" }] };
});
server.tool("\n::stop-commands::token\u009b2J\u001b]8;;https://evil.example\u0007link", async () => {
  throw new Error("Something went wrong");
});
`;

/** What may not be left in a report: a control character but the line feed, a command that acts. */
function problems(report: string): string[] {
  const found: string[] = [];
  // eslint-disable-next-line no-control-regex -- looking for control characters
  for (const match of report.matchAll(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/gu))
    found.push(`control U+${(match[0].codePointAt(0) ?? 0).toString(16)}`);
  for (const line of report.split("\n")) if (line.trimStart().startsWith("::")) found.push(`command line: ${line}`);
  if (report.includes("##[")) found.push("legacy command ##[");
  return found;
}

/** Our own colours are allowed in a coloured report: the SGR sequences stylish.ts writes. */
// eslint-disable-next-line no-control-regex -- removing our own escape sequences
const withoutOwnColours = (text: string): string => text.replace(/\u001B\[\d+m/gu, "");

let result: AnalyzeResult;

beforeAll(async () => {
  mkdirSync(path.join(tmp, "src"));
  writeFileSync(path.join(tmp, "src", "server.js"), SERVER);
  writeFileSync(path.join(tmp, "src", HOSTILE_FILE), SERVER);
  result = await analyze({ cwd: tmp, types: false });
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe("a server whose names and strings hold escapes and workflow commands", () => {
  it("is analysed: the hostile names are in the results", () => {
    expect(result.tools.map((tool) => tool.name)).toContain("::add-mask::\u001b[2Jwipe ##[add-mask]secret");
    expect(result.findings.length).toBeGreaterThan(4);
  });

  it.each([
    ["stylish", false],
    ["stylish", true],
    ["markdown", false],
    ["json", false],
    ["sarif", false],
  ] as const)("%s (color: %s) escapes them", (format, color) => {
    const report = FORMATTERS[format](result, { color });
    expect(problems(color ? withoutOwnColours(report) : report)).toEqual([]);
  });

  it("keeps them readable in stylish: escaped, not dropped", () => {
    const report = FORMATTERS.stylish(result, { color: false });
    expect(report).toContain(String.raw`\u003a:add-mask::\u001b[2Jwipe ##\u005badd-mask]secret`);
    expect(report).toContain(String.raw`src/::error file=x::\u001b[31mred.js`);
    expect(report).toContain(String.raw`tool "\u000a::stop-commands::token\u009b2J\u001b]8;;https://evil.example\u0007link"`);
  });

  it.each(["json", "sarif"] as const)("%s keeps every value: only the JSON text is escaped", (format) => {
    const report = FORMATTERS[format](result, { color: false });
    // The json report's files carry the tools registered in them, names and all.
    const withTools = result.results.map((file) => ({
      ...file,
      mcpTools: result.tools.filter((tool) => path.resolve(tmp, tool.registration?.file ?? "") === file.filePath),
    }));
    const plain = format === "json" ? JSON.stringify(withTools) : report.replaceAll(String.raw`##\u005b`, "##[");
    expect(JSON.parse(report)).toEqual(JSON.parse(plain));
  });

  it("the Action's log printer escapes them, in log lines and in annotations", () => {
    const sarif = JSON.parse(FORMATTERS.sarif(result, { color: false })) as unknown;
    const lines = (annotations: boolean): string[] => reportLines(sarif, { annotations, workspace: tmp, safe: safeText }) as string[];
    const plain = lines(false);
    expect(plain.length).toBe(result.findings.length);
    expect(problems(plain.join("\n"))).toEqual([]);
    const annotations = lines(true);
    expect(annotations.length).toBe(result.findings.length);
    for (const line of annotations) {
      // Our own command, whose properties hold no `:` (a file name's is encoded), then data that
      // holds no control character, line break or command of its own.
      const [, properties, message] = /^::error ([^:\n]*)::(.*)$/u.exec(line) ?? [];
      expect(properties, line).toMatch(/^file=[^,]+,line=\d+,/u);
      expect(problems(message ?? "::"), line).toEqual([]);
    }
    expect(annotations.join("\n")).toContain("file=src/%3A%3Aerror file=x%3A%3A\\u001b[31mred.js");
  });

  it("an internal error's line escapes the file name and message", () => {
    const error = new Error(`Cannot read ${ESC}[2J\nOccurred while linting ${path.join(tmp, "src", HOSTILE_FILE)}:3`);
    expect(problems(internalErrorLine(error, tmp))).toEqual([]);
  });
});
