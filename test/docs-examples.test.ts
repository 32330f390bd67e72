/**
 * Docs examples are executable: under `### Incorrect` every code block must make its rule
 * report, under `### Correct` no block may. A page whose examples drifted from the rule fails
 * here instead of misleading a reader.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../src/index.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DOCS = path.join(ROOT, "docs/rules");

type Section = "incorrect" | "correct";

interface Example {
  section: Section;
  /** 1-based line of the opening fence, for the test name. */
  line: number;
  code: string;
  /** Rule options from `<!-- options: ... -->`: an object is the first option, an array is all. */
  options: unknown[] | undefined;
  settings: Record<string, unknown> | undefined;
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/u;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/u;
const DIRECTIVE = /^<!--\s*(options|settings)\s*:\s*([\s\S]*?)\s*-->$/u;
const LANGUAGES = new Set(["ts", "js", "typescript", "javascript"]);

/**
 * The fenced ts/js blocks under `### Incorrect` and `### Correct` (each section ends at the next
 * heading of level <= 3), with the option and settings comments directly above each block.
 * Headings inside fences are ignored.
 */
function extractExamples(markdown: string): Example[] {
  const lines = markdown.split(/\r?\n/u);
  const examples: Example[] = [];
  let section: Section | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const fence = FENCE.exec(line);
    if (fence) {
      const [, indent = "", marker = "```", language = ""] = fence;
      const start = i;
      const body: string[] = [];
      // Closing fence: same character, at least as long, nothing after it.
      const closing = new RegExp(`^\\s*${marker[0] === "`" ? "`" : "~"}{${String(marker.length)},}\\s*$`, "u");
      for (i++; i < lines.length && !closing.test(lines[i] ?? ""); i++) {
        body.push((lines[i] ?? "").startsWith(indent) ? (lines[i] ?? "").slice(indent.length) : (lines[i] ?? ""));
      }
      if (section && LANGUAGES.has(language.toLowerCase())) {
        examples.push({ section, line: start + 1, code: body.join("\n"), ...directivesAbove(lines, start) });
      }
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]?.length ?? 0;
      const title = (heading[2] ?? "").toLowerCase();
      if (level === 3 && (title === "incorrect" || title === "correct")) section = title;
      else if (level <= 3) section = undefined;
    }
  }
  return examples;
}

/** Reads the `<!-- options -->` / `<!-- settings -->` comments just above line `fenceIndex`. */
function directivesAbove(lines: readonly string[], fenceIndex: number): Pick<Example, "options" | "settings"> {
  let options: unknown[] | undefined;
  let settings: Record<string, unknown> | undefined;
  for (let j = fenceIndex - 1; j >= 0; j--) {
    const text = (lines[j] ?? "").trim();
    if (text === "") continue;
    const directive = DIRECTIVE.exec(text);
    if (!directive) break;
    const value: unknown = JSON.parse(directive[2] ?? "");
    if (directive[1] === "options") options = Array.isArray(value) ? value : [value];
    else settings = value as Record<string, unknown>;
  }
  return { options, settings };
}

const pages = readdirSync(DOCS)
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.slice(0, -".md".length))
  .sort();

const linter = new Linter({ cwd: ROOT });

/** Problems `mcp-errors/<id>` reports on one example, plus any fatal (parse) message. */
function lint(id: string, example: Example): Linter.LintMessage[] {
  const ruleId = `mcp-errors/${id}`;
  const config: Linter.Config = {
    files: ["**/*.ts"],
    plugins: { "mcp-errors": plugin as unknown as NonNullable<Linter.Config["plugins"]>[string] },
    languageOptions: { parser: tsParser },
    settings: example.settings ?? {},
    rules: { [ruleId]: example.options ? ["error", ...example.options] : "error" },
  };
  return linter.verify(example.code, [config], path.join(ROOT, "file.ts")).filter((m) => m.fatal === true || m.ruleId === ruleId);
}

describe("extractExamples", () => {
  it("takes ts/js blocks under ### Incorrect / ### Correct with their option comments", () => {
    const markdown = [
      "# title",
      "```ts",
      "outside();",
      "```",
      "## Examples",
      "### Incorrect",
      '<!-- options: {"a": 1} -->',
      '<!-- settings: {"mcp-errors": {"preset": "nested"}} -->',
      "```ts",
      "# not a heading",
      "bad();",
      "```",
      "#### Sub-heading keeps the section",
      "```js",
      "alsoBad();",
      "```",
      "```json",
      "{}",
      "```",
      "### Correct",
      "```typescript",
      "good();",
      "```",
      "## Options",
      "```ts",
      "ignored();",
      "```",
    ].join("\n");
    expect(extractExamples(markdown)).toEqual([
      {
        section: "incorrect",
        line: 9,
        code: "# not a heading\nbad();",
        options: [{ a: 1 }],
        settings: { "mcp-errors": { preset: "nested" } },
      },
      { section: "incorrect", line: 14, code: "alsoBad();", options: undefined, settings: undefined },
      { section: "correct", line: 21, code: "good();", options: undefined, settings: undefined },
    ]);
  });
});

describe.each(pages)("docs/rules/%s.md", (id) => {
  const examples = extractExamples(readFileSync(path.join(DOCS, `${id}.md`), "utf8"));
  const incorrect = examples.filter((e) => e.section === "incorrect");
  const correct = examples.filter((e) => e.section === "correct");

  it("has examples under both ### Incorrect and ### Correct", () => {
    expect(id in plugin.rules, `no rule named ${id}`).toBe(true);
    expect(incorrect.length, "### Incorrect blocks").toBeGreaterThan(0);
    expect(correct.length, "### Correct blocks").toBeGreaterThan(0);
  });

  // Rules missing from the plugin are reported above; skip their examples rather than crash.
  if (!(id in plugin.rules)) return;

  it.each(incorrect.map((e) => [e.line, e] as const))("incorrect block at line %i reports", (_, example) => {
    const messages = lint(id, example);
    expect(messages.filter((m) => m.fatal)).toEqual([]);
    expect(messages.length).toBeGreaterThan(0);
  });

  it.each(correct.map((e) => [e.line, e] as const))("correct block at line %i does not report", (_, example) => {
    expect(lint(id, example)).toEqual([]);
  });
});
