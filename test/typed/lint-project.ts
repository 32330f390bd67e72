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

