/**
 * Code that only calls tools, as a client, and registers none: both the plugin's `recommended`
 * config and the built `mcp-errors` bin lint it, and `require-tool-error-check` reports the call
 * whose result is used without checking `isError` (and not the one that checks it).
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { ROOT, spawnBin } from "./spawn-bin.js";

const CWD = path.join(ROOT, "test/fixtures/cli/client-only");
const EXPECTED = ["src/agent.ts:11 mcp-errors/require-tool-error-check"];

interface Result {
  readonly filePath: string;
  readonly messages: readonly { readonly ruleId: string | null; readonly line: number }[];
}

const findings = (results: readonly Result[]): string[] =>
  results.flatMap((r) =>
    r.messages.map((m) => `${path.relative(CWD, r.filePath).split(path.sep).join("/")}:${String(m.line)} ${m.ruleId ?? "(parse error)"}`),
  );

describe("client-only: an agent that calls tools and registers none", () => {
  it("is linted by the recommended config", async () => {
    const eslint = new ESLint({ cwd: CWD, overrideConfigFile: true, overrideConfig: [plugin.configs.recommended] });
    expect(findings(await eslint.lintFiles(["src/agent.ts"]))).toEqual(EXPECTED);
  });

  it("is linted by mcp-errors, which exits 1 on the finding", async () => {
    const run = await spawnBin(CWD, ["--format", "json"]);
    expect(run.code).toBe(1);
    expect(findings(JSON.parse(run.stdout) as Result[])).toEqual(EXPECTED);
  });

  it("is not taken for a server of an unknown framework when no tool is registered", async () => {
    const run = await spawnBin(CWD, []);
    expect(run.stdout).toContain("No tool registrations found: the findings are about code that calls MCP tools.");
    expect(run.stdout).not.toContain("Is this an MCP server?");
  });
});
