/**
 * Importing the plugin (what every `eslint.config.js` does) loads neither TypeScript nor ESLint:
 * the parsers and the typed layer load them on the first parse (src/typed/runtime.ts). Each case
 * runs in a fresh Node process, on the built plugin in dist/.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./cli/spawn-bin.js";

const PLUGIN = path.join(ROOT, "dist/index.js");

/** Runs `body` as an ES module after importing the plugin; prints what it returns as JSON. */
function inFreshProcess(body: string): Record<string, unknown> {
  const script = `
import { createRequire } from "node:module";
const require = createRequire(${JSON.stringify(path.join(ROOT, "package.json"))});
// Code, not package.json: reading a version is not loading the package.
const loaded = (name) => Object.keys(require.cache).some((file) => file.includes(\`/node_modules/\${name}/\`) && !file.endsWith("package.json"));
const plugin = (await import(${JSON.stringify(PLUGIN)})).default;
${body}`;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8" });
  return JSON.parse(out) as Record<string, unknown>;
}

describe("loading the plugin", () => {
  it("imports without loading TypeScript, ESLint or typescript-eslint's parser", () => {
    const result = inFreshProcess(`console.log(JSON.stringify({
  typescript: loaded("typescript"),
  eslint: loaded("eslint"),
  parser: loaded("@typescript-eslint/parser"),
  rules: Object.keys(plugin.rules).length,
}));`);
    expect(result).toEqual({ typescript: false, eslint: false, parser: false, rules: expect.any(Number) as number });
    expect(result.rules).toBeGreaterThan(10);
  });

  it("loads them on the first parse, and the syntactic config lints a TypeScript file", () => {
    const result = inFreshProcess(`const { Linter } = require("eslint");
const before = loaded("typescript");
const code = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\\nconst server = new McpServer({ name: "d", version: "1" });\\nserver.registerTool("get_doc", {}, async (args: { id: string }) => ({ isError: true, content: [{ type: "text", text: "Something went wrong" }] }));\\n';
const messages = new Linter().verify(code, [{ ...plugin.configs.recommended, files: ["**/*.ts"] }], "tool.ts");
console.log(JSON.stringify({ before, after: loaded("typescript"), rules: [...new Set(messages.map((m) => m.ruleId))].sort() }));`);
    expect(result).toEqual({ before: false, after: true, rules: ["mcp-errors/no-generic-error-message", "mcp-errors/require-error-classification"] });
  });
});
