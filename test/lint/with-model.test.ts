import { Linter, type Rule } from "eslint";
import * as tsParser from "@typescript-eslint/parser";
import type { TSESLint } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import type { McpModel } from "../../src/model/index.js";
import { withModel } from "../../src/lint/with-model.js";

/**
 * The model lives for one lint of a file: every rule of that lint reads the same one, and the
 * last reader lets it go, so nothing keeps the tree after the lint.
 */

const CODE = `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
server.tool("ping", {}, async () => ({ content: [{ type: "text", text: "pong" }] }));
`;

/** Rules that record the model they were given, in order. */
function recorder(seen: McpModel[]): Record<string, Rule.RuleModule> {
  const rule: TSESLint.RuleModule<never> = {
    meta: { type: "problem", schema: [], messages: {} },
    defaultOptions: [],
    create: (context) => withModel(context, (model) => seen.push(model)),
  };
  // typescript-eslint's rule type and ESLint's differ only in deprecated context members.
  const asEslint = rule as unknown as Rule.RuleModule;
  return { first: asEslint, second: asEslint };
}

function lintTwice(): McpModel[] {
  const seen: McpModel[] = [];
  const config: Linter.Config[] = [
    {
      files: ["**/*.ts"],
      languageOptions: { parser: tsParser },
      plugins: { rec: { rules: recorder(seen) } },
      rules: { "rec/first": "error", "rec/second": "error" },
    },
  ];
  const linter = new Linter({ configType: "flat" });
  expect(linter.verify(CODE, config, "server.ts")).toEqual([]);
  // The same SourceCode object again: a model kept past the first lint would be found again.
  linter.verify(linter.getSourceCode(), config, "server.ts");
  return seen;
}

describe("model lifetime", () => {
  it("gives every rule of one lint the same model", () => {
    const [a, b, c, d] = lintTwice();
    expect(a?.handlers).toHaveLength(1);
    expect(b).toBe(a);
    expect(d).toBe(c);
  });

  it("lets the model go once the last rule of the lint has read it", () => {
    const [a, , c] = lintTwice();
    expect(c).toBeDefined();
    expect(c).not.toBe(a);
  });
});
