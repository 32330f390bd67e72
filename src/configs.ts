import type { TSESLint } from "@typescript-eslint/utils";
import * as tsParser from "@typescript-eslint/parser";
import type { McpErrorsRuleDocs } from "./util/create-rule.js";

type AnyRule = TSESLint.RuleModule<string, readonly unknown[], McpErrorsRuleDocs>;

export const FILES = ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"];

export const CONFIG_NAMES = ["recommended", "strict", "all"] as const;
export type ConfigName = (typeof CONFIG_NAMES)[number];

/** Which rules a config turns on, read from each rule's `meta.docs.recommended`. */
export function rulesForConfig(
  rules: Record<string, AnyRule>,
  name: ConfigName,
): Record<string, "error"> {
  const selected: Record<string, "error"> = {};
  for (const [id, rule] of Object.entries(rules)) {
    const docs = rule.meta.docs;
    if (docs?.requiresTypeChecking) continue;
    const level = docs?.recommended;
    const on =
      name === "all" ||
      (name === "strict" && level !== undefined) ||
      (name === "recommended" && level === "recommended");
    if (on) selected[`mcp-errors/${id}`] = "error";
  }
  return selected;
}

/**
 * Builds the flat configs from rule meta. Each config is a single object so that
 * `export default [mcpErrors.configs.recommended]` works. The typescript-eslint parser reads
 * both TypeScript and JavaScript, so a project with no TypeScript setup needs nothing else.
 */
export function createConfigs(
  plugin: TSESLint.FlatConfig.Plugin,
  rules: Record<string, AnyRule>,
): Record<ConfigName, TSESLint.FlatConfig.Config> {
  const make = (name: ConfigName): TSESLint.FlatConfig.Config => ({
    name: `mcp-errors/${name}`,
    files: FILES,
    plugins: { "mcp-errors": plugin },
    languageOptions: { parser: tsParser },
    rules: rulesForConfig(rules, name),
  });
  return { recommended: make("recommended"), strict: make("strict"), all: make("all") };
}
