/**
 * The `-rules-only` configs: the plugin and the rules of recommended, strict and all, and no
 * parser, for projects that set their own. Coming after the project's typescript-eslint config,
 * they must keep the project's parser (the full configs set the parser for every file).
 */
import { ESLint, type Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import plugin from "../src/index.js";
import { RULES_ONLY_CONFIG_NAMES } from "../src/configs.js";
import { ROOT } from "./cli/spawn-bin.js";

const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1.0.0" });
server.registerTool("lookup", { description: "d" }, async () => {
  const response = await fetch("https://example.com");
  return { content: [{ type: "text", text: await response.text() }] };
});
`;

describe.each(RULES_ONLY_CONFIG_NAMES)("%s", (name) => {
  const config = plugin.configs[name];
  const base = plugin.configs[name.replace(/-rules-only$/u, "") as "recommended" | "strict" | "all"];

  it("has the rules, files, ignores and plugin of its base config, and no parser", () => {
    expect(config.name).toBe(`mcp-errors/${name}`);
    expect(config.rules).toEqual(base.rules);
    expect(config.files).toEqual(base.files);
    expect(config.ignores).toEqual(base.ignores);
    expect(config.plugins).toEqual(base.plugins);
    expect(config.languageOptions).toBeUndefined();
  });

  it("keeps the parser of a typescript-eslint config before it, and lints", async () => {
    const user = tseslint.configs.base as Linter.Config;
    const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: [user, config] });
    const effective = (await eslint.calculateConfigForFile("src/server.ts")) as Linter.Config;
    expect(effective.languageOptions?.parser).toBe(user.languageOptions?.parser);
    const [result] = await eslint.lintText(SERVER, { filePath: "src/server.ts" });
    expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
    expect(result?.messages.map((message) => message.ruleId)).toContain("mcp-errors/require-timeout");
  });
});

it("recommended, coming after typescript-eslint's config, replaces its parser (why -rules-only exists)", async () => {
  const user = tseslint.configs.base as Linter.Config;
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: [user, plugin.configs.recommended] });
  const effective = (await eslint.calculateConfigForFile("src/server.ts")) as Linter.Config;
  expect(effective.languageOptions?.parser).not.toBe(user.languageOptions?.parser);
});

it("recommended-rules-only lints plain JavaScript with ESLint's default parser", async () => {
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: [plugin.configs["recommended-rules-only"]] });
  const [result] = await eslint.lintText(SERVER, { filePath: "src/server.js" });
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  expect(result?.messages.map((message) => message.ruleId)).toContain("mcp-errors/require-timeout");
});
