/**
 * The plugin's types as a user's `eslint.config.ts` (and a `// @ts-check` `eslint.config.mjs`)
 * meets them: `defineConfig` with `extends`, `plugins: { "mcp-errors": ... }`, a plain
 * `Linter.Config[]`, against the built `dist/*.d.ts` (issue 18, item 3).
 */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "./cli/spawn-bin.js";

const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc");

it("a user's eslint.config.ts and eslint.config.mjs type-check with the plugin in every form", () => {
  const project = path.join(ROOT, "test/fixtures/config-types/tsconfig.json");
  let output = "";
  try {
    execFileSync(process.execPath, [TSC, "-p", project], { cwd: ROOT, encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(output).toBe("");
}, 60_000);
