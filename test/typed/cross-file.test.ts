/**
 * The program index on multi-file projects: each fixture under test/fixtures/cross-file puts the
 * defect one import (or class, or re-export) away from the registration, and marks every line
 * that must be reported with `// expect: <rule>[, <rule>]`. The typed config must report exactly
 * those, in the file where the defect is; the syntactic config, which cannot leave the file,
 * must report none of the ones outside the registration's file.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "cross-file");
const projects = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.[cm]?[jt]sx?$/u.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
}

/** `file:line rule` for every `// expect:` marker of a project. */
function expectedFindings(dir: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(dir)) {
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((text, i) => {
        const match = /\/\/ expect: (.+)$/u.exec(text);
        for (const rule of match?.[1]?.split(",") ?? []) {
          found.push(`${path.relative(dir, file)}:${String(i + 1)} mcp-errors/${rule.trim()}`);
        }
      });
  }
  return found.sort();
}

async function lint(dir: string, config: "recommended-type-checked" | "recommended"): Promise<string[]> {
  const base = plugin.configs[config];
  const languageOptions =
    config === "recommended"
      ? base.languageOptions
      : { ...base.languageOptions, parserOptions: { projectService: true, tsconfigRootDir: dir } };
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [{ ...base, languageOptions } as Linter.Config],
  });
  const results = await eslint.lintFiles(["."]);
  return results
    .flatMap((r) => r.messages.map((m) => `${path.relative(dir, r.filePath)}:${String(m.line)} ${m.ruleId ?? `fatal: ${m.message}`}`))
    .sort();
}

describe.each(projects)("cross-file project %s", (name) => {
  const dir = path.join(FIXTURES, name);
  const expected = expectedFindings(dir);

  it("the typed config reports exactly the marked lines", async () => {
    expect(expected.length).toBeGreaterThan(0);
    expect(await lint(dir, "recommended-type-checked")).toEqual(expected);
  });

  it("the syntactic config reports no more than it can see in one file", async () => {
    const syntactic = await lint(dir, "recommended");
    // Everything the syntactic analysis finds is also found with types.
    expect(expected).toEqual(expect.arrayContaining(syntactic));
    // And the fixture is really about another file: types find more.
    expect(syntactic.length).toBeLessThan(expected.length);
  });
});
