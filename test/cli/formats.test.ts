// Snapshots of the four report formats over one small fixture server, and the SARIF log checked
// against the official SARIF 2.1.0 schema (shipped by @microsoft/jest-sarif; a draft-04 schema,
// which ajv 6 validates once the draft-04 meta-schema is added).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Ajv from "ajv";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { analyze, type AnalyzeResult, type Finding, type ToolInventory } from "../../src/cli/analyzer.js";
import { cellText, formatMarkdown, MARKDOWN_LIMIT, sourceBase } from "../../src/cli/formats/markdown.js";
import { formatSarif } from "../../src/cli/formats/sarif.js";
import { FORMATTERS } from "../../src/cli/formats/index.js";
import { formatFindings } from "../../src/cli/formats/stylish.js";
import { rules } from "../../src/rules/index.js";
import { ROOT } from "./spawn-bin.js";

const FIXTURE = fileURLToPath(new URL("../fixtures/cli/formats", import.meta.url));
const require = createRequire(import.meta.url);

/** The same report on every machine: no absolute paths. */
function portable(text: string): string {
  return text
    .replaceAll(pathToFileURL(FIXTURE).href, "file:///<cwd>")
    .replaceAll(JSON.stringify(FIXTURE).slice(1, -1), "<cwd>")
    .replaceAll(FIXTURE, "<cwd>");
}

async function analyzeFixture(options: Parameters<typeof analyze>[0] = {}): Promise<AnalyzeResult> {
  const result = await analyze({ cwd: FIXTURE, types: false, rules: { "require-timeout": "warn" }, ...options });
  // The summary line prints the duration.
  return { ...result, summary: { ...result.summary, durationMs: 0 } };
}

function sarifValidator(): Ajv.ValidateFunction {
  const ajv = new Ajv({ schemaId: "auto", allErrors: true });
  ajv.addMetaSchema(require("ajv/lib/refs/json-schema-draft-04.json") as object);
  return ajv.compile(require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json") as object);
}

interface SarifLog {
  runs: {
    tool: { driver: { rules: { id: string }[] } };
    invocations: { executionSuccessful: boolean; toolExecutionNotifications: { message: { text: string } }[] }[];
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
      partialFingerprints: Record<string, string>;
      properties: { tools: string[] };
    }[];
  }[];
}

describe("report formats", () => {
  let result: AnalyzeResult;
  beforeAll(async () => {
    result = await analyzeFixture();
  });

  it("finds the fixture's defects, a warning and a parse error", () => {
    expect(result.summary).toMatchObject({ files: 3, errors: 7, warnings: 2, tools: 4 });
    expect(result.findings.filter((f) => f.ruleId === null)).toHaveLength(1);
  });

  it("stylish", async () => {
    const text = FORMATTERS.stylish(result, { color: false });
    await expect(portable(text)).toMatchFileSnapshot("__snapshots__/formats.stylish.txt");
  });

  it.each([false, true])("stylish lays the findings out as ESLint's stylish does (color: %s)", async (color) => {
    const eslint = await new ESLint({ cwd: FIXTURE, overrideConfigFile: true }).loadFormatter("stylish");
    expect(formatFindings(result.results, { color })).toBe(await eslint.format(result.results, { color }));
  });

  it("json is ESLint's json with each file's tools beside", async () => {
    const eslint = await new ESLint({ cwd: FIXTURE, overrideConfigFile: true }).loadFormatter("json");
    const ours = JSON.parse(FORMATTERS.json(result, { color: false })) as Record<string, unknown>[];
    const withoutTools = ours.map((file) => Object.fromEntries(Object.entries(file).filter(([key]) => key !== "mcpTools")));
    expect(JSON.stringify(withoutTools)).toBe(await eslint.format(result.results));
  });

  it("json carries every tool once, in the file that registers it, with its scorecard", () => {
    const ours = JSON.parse(FORMATTERS.json(result, { color: false })) as { filePath: string; mcpTools: ToolInventory[] }[];
    const tools = ours.flatMap((file) => file.mcpTools);
    expect(tools).toEqual(result.tools);
    for (const file of ours) {
      for (const tool of file.mcpTools) expect(file.filePath.endsWith(tool.registration?.file ?? "")).toBe(true);
    }
    expect(tools.every((tool) => typeof tool.scorecard === "object")).toBe(true);
  });

  it("json", async () => {
    const json = FORMATTERS.json(result, { color: false });
    // Pretty-printed so a change in the snapshot reads as a diff.
    await expect(portable(JSON.stringify(JSON.parse(json), null, 2))).toMatchFileSnapshot("__snapshots__/formats.json");
  });

  it("markdown", async () => {
    await expect(portable(formatMarkdown(result))).toMatchFileSnapshot("__snapshots__/formats.md");
  });

  it("markdown without findings", async () => {
    const clean = await analyzeFixture({ targets: ["src/legacy tools"], rules: { "no-swallowed-failure": "off" } });
    expect(clean.findings).toEqual([]);
    await expect(portable(formatMarkdown(clean))).toMatchFileSnapshot("__snapshots__/formats.no-findings.md");
  });

  describe("sarif", () => {
    let text: string;
    let log: SarifLog;
    beforeAll(() => {
      text = formatSarif(result);
      log = JSON.parse(text) as SarifLog;
    });

    it("matches the snapshot", async () => {
      await expect(portable(text)).toMatchFileSnapshot("__snapshots__/formats.sarif");
    });

    it("is valid against the SARIF 2.1.0 schema, with and without findings", () => {
      const validate = sarifValidator();
      expect(validate(log) ? [] : validate.errors).toEqual([]);
      const empty = JSON.parse(formatSarif({ ...result, findings: [], tools: [] })) as unknown;
      expect(validate(empty) ? [] : validate.errors).toEqual([]);
    });

    it("rejects a broken log, so the schema check can fail", () => {
      const validate = sarifValidator();
      const broken = JSON.parse(text) as Record<string, unknown> & SarifLog;
      const [first] = broken.runs[0]?.results ?? [];
      if (first) {
        first.level = "fatal";
        (first.locations[0] as SarifLog["runs"][0]["results"][0]["locations"][0]).physicalLocation.region.startLine = 0;
      }
      delete broken.version;
      expect(validate(broken)).toBe(false);
      expect((validate.errors ?? []).map((error) => error.dataPath).sort()).toEqual([
        "",
        ".runs[0].results[0].level",
        ".runs[0].results[0].locations[0].physicalLocation.region.startLine",
      ]);
    });

    it("points each result at its rule, its file and its tools", () => {
      const [run] = log.runs;
      expect(run).toBeDefined();
      if (!run) return;
      for (const entry of run.results) expect(run.tool.driver.rules[entry.ruleIndex]?.id).toBe(entry.ruleId);
      expect(run.results.map((entry) => entry.locations[0]?.physicalLocation.artifactLocation.uri)).toContain("src/legacy%20tools/export.ts");
      expect(run.invocations[0]?.toolExecutionNotifications.map((n) => n.message.text)).toEqual(["Parsing error: ':' expected."]);
      expect(run.results.find((entry) => entry.ruleId === "mcp-errors/no-swallowed-failure")?.properties.tools).toEqual(["export_tickets"]);
    });

    it("gives a file outside the root its absolute URI", () => {
      const [finding] = result.findings.filter((f) => f.ruleId !== null);
      if (!finding) throw new Error("the fixture has findings");
      const outside = JSON.parse(formatSarif({ ...result, findings: [{ ...finding, file: "../shared/util.ts" }] })) as SarifLog;
      expect(outside.runs[0]?.results[0]?.locations[0]?.physicalLocation.artifactLocation).toEqual({
        uri: pathToFileURL(path.resolve(FIXTURE, "../shared/util.ts")).href,
      });
    });

    it("describes every rule, with the reason its page gives and absolute links", () => {
      const descriptors = JSON.parse(text) as {
        runs: { tool: { driver: { rules: { id: string; fullDescription?: { text: string }; help?: { markdown: string } }[] } } }[];
      };
      const described = descriptors.runs[0]?.tool.driver.rules ?? [];
      expect(described.map((rule) => rule.id)).toEqual(
        Object.keys(rules)
          .map((id) => `mcp-errors/${id}`)
          .sort(),
      );
      for (const rule of described) {
        const page = readFileSync(path.join(ROOT, "docs/rules", `${rule.id.slice("mcp-errors/".length)}.md`), "utf8");
        const why = page.split("## Why it matters to an agent\n\n")[1]?.split("\n\n")[0] ?? "";
        expect(why, rule.id).not.toBe("");
        expect(rule.fullDescription?.text, rule.id).toContain(why.replace(/\s*\n\s*/gu, " "));
        expect(rule.help?.markdown.startsWith(why), rule.id).toBe(true);
        expect(rule.help?.markdown, rule.id).not.toMatch(/\]\((?!https:)/u);
      }
    });

    it("tells identical lines apart in the fingerprints", () => {
      const timeouts = log.runs[0]?.results.filter((entry) => entry.ruleId === "mcp-errors/require-timeout") ?? [];
      const prints = timeouts.map((entry) => Object.values(entry.partialFingerprints)[0]);
      expect(timeouts.map((entry) => entry.level)).toEqual(["warning", "warning"]);
      expect(prints.map((print) => print?.split(":")[1])).toEqual(["1", "2"]);
      expect(prints[0]?.split(":")[0]).toBe(prints[1]?.split(":")[0]);
    });
  });

  describe("markdown", () => {
    it("links each file and location to the file at its line", () => {
      const base = "https://github.com/acme/tickets/blob/0123abc/";
      const report = formatMarkdown(result, { sourceBase: base });
      expect(report).toContain(`#### [\`src/legacy tools/export.ts\`](${base}src/legacy%20tools/export.ts)`);
      expect(report).toContain(`| [15:28](${base}src/server.ts#L15) | warning |`);
      // A file outside the analysed folder has no place under a repository URL.
      const [finding] = result.findings.filter((f) => f.ruleId !== null);
      if (!finding) throw new Error("the fixture has findings");
      const outside = formatMarkdown({ ...result, findings: [{ ...finding, file: "../shared/util.ts" }] }, { sourceBase: base });
      expect(outside).toContain("#### `../shared/util.ts`");
      expect(outside).not.toContain(`${base}..`);
    });

    it("starts links at the commit on GitHub in an Actions run, else at the way from the report to the files", () => {
      const actions = {
        GITHUB_SERVER_URL: "https://github.com",
        GITHUB_REPOSITORY: "acme/tickets",
        GITHUB_SHA: "0123abc",
        GITHUB_WORKSPACE: "/w/tickets",
      };
      expect(sourceBase(actions, "/w/tickets", undefined)).toBe("https://github.com/acme/tickets/blob/0123abc/");
      expect(sourceBase(actions, "/w/tickets/packages/my server", undefined)).toBe("https://github.com/acme/tickets/blob/0123abc/packages/my%20server/");
      expect(sourceBase(actions, "/elsewhere", "/elsewhere/report.md")).toBe("");
      expect(sourceBase({}, "/w/tickets", undefined)).toBe("");
      expect(sourceBase({}, "/w/tickets", "/w/tickets/reports/mcp.md")).toBe("../");
      expect(sourceBase({}, "/w/tickets/server", "/w/report.md")).toBe("tickets/server/");
    });

    it("escapes table cells and keeps code spans", () => {
      expect(cellText("a | b\n<tag> *x* `c | d`")).toBe("a \\| b<br>&lt;tag&gt; \\*x\\* `c \\| d`");
    });

    it("cuts the findings to fit a GitHub comment", () => {
      const template = result.findings.filter((f) => f.ruleId !== null);
      const findings: Finding[] = [];
      for (let i = 0; i < 2000; i++) for (const f of template) findings.push({ ...f, file: `src/file${String(i % 50)}.ts`, line: i + 1 });
      const report = formatMarkdown({ ...result, findings, summary: { ...result.summary, fixable: 2 } });
      expect(report).toContain("2 problems can be fixed automatically with `mcp-errors --fix`.");
      expect(report.length).toBeLessThanOrEqual(MARKDOWN_LIMIT);
      const rows = report.split("\n").filter((line) => /^\| \[\d+:\d+\]\([^)]+\) \|/u.test(line)).length;
      const more = /and (\d+) more findings \((\d+) errors, (\d+) warnings\)/u.exec(report);
      expect(more).not.toBeNull();
      expect(rows + Number(more?.[1])).toBe(findings.length);
      expect(report).toContain("<summary>Tools (4)</summary>");
    });
  });
});
