/** Lints a fixture project the way a user would, and reads the findings its files expect. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ESLint, type Linter } from "eslint";
import plugin from "../../src/index.js";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && /\.[cm]?[jt]sx?$/u.test(d.name))
    .map((d) => path.join(d.parentPath, d.name));
}

/** `file:line rule` for every `// expect:` marker of a project. */
export function expectedFindings(dir: string): string[] {
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

export async function lint(dir: string, config: "recommended-type-checked" | "recommended"): Promise<string[]> {
  return (await lintMessages(dir, config)).map((m) => `${m.file}:${String(m.line)} ${m.ruleId}`).sort();
}

/** Every message of a lint of the project: file, line, rule and text. */
export async function lintMessages(
  dir: string,
  config: "recommended-type-checked" | "recommended",
): Promise<{ file: string; line: number; ruleId: string; message: string }[]> {
  const base = plugin.configs[config];
  const languageOptions =
    config === "recommended" ? base.languageOptions : { ...base.languageOptions, parserOptions: { projectService: true, tsconfigRootDir: dir } };
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    // Every file of the fixture, test/ folders too (typed-solution's second project is test/):
    // what the configs' default `ignores` leave out is test/config-scope.test.ts's subject.
    overrideConfig: [{ ...base, languageOptions, ignores: [] } as Linter.Config],
  });
  const results = await eslint.lintFiles(["."]);
  return results
    .flatMap((r) =>
      r.messages.map((m) => ({ file: path.relative(dir, r.filePath), line: m.line, ruleId: m.ruleId ?? `fatal: ${m.message}`, message: m.message })),
    )
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.ruleId.localeCompare(b.ruleId));
}

/**
 * The findings of a typed lint of the project's files one at a time, in the order given, with one
 * ESLint: the program index is built when the first file is linted and answers for the others.
 */
export async function lintInOrder(dir: string, files: readonly string[]): Promise<string[]> {
  const base = plugin.configs["recommended-type-checked"];
  const languageOptions = { ...base.languageOptions, parserOptions: { projectService: true, tsconfigRootDir: dir } };
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: [{ ...base, languageOptions, ignores: [] } as Linter.Config] });
  const found: string[] = [];
  for (const file of files) {
    for (const result of await eslint.lintFiles([file])) {
      for (const m of result.messages) found.push(`${path.relative(dir, result.filePath)}:${String(m.line)} ${m.ruleId ?? `fatal: ${m.message}`}`);
    }
  }
  return found.sort();
}
