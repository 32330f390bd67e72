/**
 * A monorepo whose tools live in a package with its own tsconfig, registered by another package:
 * the tools' files are linted under a program that holds no tool. Once the registering package's
 * program has been indexed (the `mcp-errors` command lints registering files first; here the
 * test does), the tools' program takes the roots it gives them, and reads their files for those
 * tools: a catch that answers with the package's own success helper is a swallowed failure.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint, type Linter } from "eslint";
import { expect, it } from "vitest";
import plugin from "../../src/index.js";
import { expectedFindings } from "./lint-project.js";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "typed-sibling-answers");

it("reports a tool package's swallowed failure once the registering package is indexed", async () => {
  const base = plugin.configs["recommended-type-checked"];
  const eslint = new ESLint({
    cwd: DIR,
    overrideConfigFile: true,
    overrideConfig: [
      {
        ...base,
        languageOptions: { ...base.languageOptions, parserOptions: { projectService: true, tsconfigRootDir: DIR } },
        ignores: [],
      } as Linter.Config,
    ],
  });
  // The registering package first, then the tools package: the order the `mcp-errors` command uses.
  const results = [...(await eslint.lintFiles(["packages/server"])), ...(await eslint.lintFiles(["packages/tools"]))];
  const found = results.flatMap((r) => r.messages.map((m) => `${path.relative(DIR, r.filePath)}:${String(m.line)} ${m.ruleId ?? m.message}`)).sort();
  expect(found).toEqual(expectedFindings(DIR));
});
