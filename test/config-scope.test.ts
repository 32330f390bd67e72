/**
 * The ESLint path and the `mcp-errors` command lint the same files (issue 18, item 7): the
 * configs' `ignores` leave out test code and the ESLint config, as `cli/discover.ts` does. The
 * fixture's `eslint.config.js` is the README's typed setup, loaded by ESLint itself against the
 * built plugin (the fixture resolves `eslint-plugin-mcp-errors` to this package's `dist/`).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { ESLint } from "eslint";
import { expect, it } from "vitest";
import { discover, relativePath } from "../src/cli/discover.js";
import { IGNORES } from "../src/configs.js";
import { mainInProcess, ROOT } from "./cli/spawn-bin.js";

const FIXTURE = path.join(ROOT, "test/fixtures/config-scope");
const ESLINT_BIN = path.join(path.dirname(createRequire(import.meta.url).resolve("eslint/package.json")), "bin/eslint.js");

it("the configs apply to the files the CLI lints: no tests, no mocks, no eslint.config.js", async () => {
  const eslint = new ESLint({ cwd: FIXTURE });
  const files = readdirSync(FIXTURE, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".json"))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const ours: string[] = [];
  for (const file of files) {
    const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> } | undefined;
    if (Object.keys(config?.rules ?? {}).some((id) => id.startsWith("mcp-errors/"))) ours.push(relativePath(FIXTURE, file));
  }
  expect(files.length).toBe(6);
  expect(ours.sort()).toEqual(["src/server.ts"]);
  expect(discover(FIXTURE, ["."]).files.map((file) => relativePath(FIXTURE, file))).toEqual(ours);
});

it("the README's typed setup lints without a 'no type information' notice for eslint.config.js", () => {
  const run = spawnSync(process.execPath, [ESLINT_BIN, "--format", "json", "."], {
    cwd: FIXTURE,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
  const results = JSON.parse(run.stdout) as ESLint.LintResult[];
  const server = results.find((result) => relativePath(FIXTURE, result.filePath) === "src/server.ts");
  expect(server?.messages.map((message) => message.ruleId)).toEqual(["mcp-errors/require-timeout"]);
  expect(run.stderr).toBe("");
}, 60_000);

it("mcp-errors --include-tests checks the test files the configs leave out", async () => {
  const run = await mainInProcess(FIXTURE, ["--format", "json", "--no-types", "--include-tests"]);
  const results = JSON.parse(run.stdout) as ESLint.LintResult[];
  const findings = results.flatMap((result) => result.messages.map((message) => `${relativePath(FIXTURE, result.filePath)} ${String(message.ruleId)}`));
  expect(findings.sort()).toEqual([
    "e2e/flow.ts mcp-errors/require-timeout",
    "src/__mocks__/sdk.ts mcp-errors/require-timeout",
    "src/server.spec.ts mcp-errors/require-timeout",
    "src/server.ts mcp-errors/require-timeout",
    "test/tools.ts mcp-errors/require-timeout",
  ]);
});

it("the README shows the configs' ignores as they are", () => {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  expect(readme).toContain(`ignores: [\n${IGNORES.map((glob) => `  "${glob}",\n`).join("")}],`);
});
