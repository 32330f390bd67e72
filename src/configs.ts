import type { TSESLint } from "@typescript-eslint/utils";
import type { ESLint, Linter } from "eslint";
import * as tsParser from "@typescript-eslint/parser";
import { typedParser } from "./typed/parser.js";
import type { McpErrorsRuleDocs } from "./util/create-rule.js";

type AnyRule = TSESLint.RuleModule<string, readonly unknown[], McpErrorsRuleDocs>;

export const FILES = ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"];

export const SYNTACTIC_CONFIG_NAMES = ["recommended", "strict", "all"] as const;
export const TYPED_CONFIG_NAMES = ["recommended-type-checked", "strict-type-checked", "all-type-checked"] as const;
export const CONFIG_NAMES = [...SYNTACTIC_CONFIG_NAMES, ...TYPED_CONFIG_NAMES] as const;
export type ConfigName = (typeof CONFIG_NAMES)[number];

/** `strict-type-checked` -> `strict`. */
export function baseConfig(name: ConfigName): (typeof SYNTACTIC_CONFIG_NAMES)[number] {
  return name.replace(/-type-checked$/u, "") as (typeof SYNTACTIC_CONFIG_NAMES)[number];
}

/** Which rules a config turns on, read from each rule's `meta.docs.recommended`. */
export function rulesForConfig(rules: Record<string, AnyRule>, name: ConfigName): Record<string, "error"> {
  const selected: Record<string, "error"> = {};
  const typed = name.endsWith("-type-checked");
  const base = baseConfig(name);
  for (const [id, rule] of Object.entries(rules)) {
    const docs = rule.meta.docs;
    if (docs?.requiresTypeChecking && !typed) continue;
    // A deprecated rule keeps its place in recommended and strict until a major release removes
    // it; `all` has its replacement instead (docs/versioning.md).
    if (base === "all" && rule.meta.deprecated) continue;
    const level = docs?.recommended;
    const on = base === "all" || (base === "strict" && level !== undefined) || (base === "recommended" && level === "recommended");
    if (on) selected[`mcp-errors/${id}`] = "error";
  }
  return selected;
}

/**
 * Builds the flat configs from rule meta. Each config is a single object so that
 * `export default [mcpErrors.configs.recommended]` works. The typescript-eslint parser reads
 * both TypeScript and JavaScript, so a project with no TypeScript setup needs nothing else.
 * The `-type-checked` configs turn on the project service, which gives the rules the program
 * index (handler paths, throws and helpers across files); a file no tsconfig covers falls back
 * to syntactic parsing (see `typed/parser.ts`).
 */
export function createConfigs(plugin: ESLint.Plugin, rules: Record<string, AnyRule>): Record<ConfigName, Linter.Config> {
  const make = (name: ConfigName): Linter.Config => ({
    name: `mcp-errors/${name}`,
    files: FILES,
    plugins: { "mcp-errors": plugin },
    languageOptions: name.endsWith("-type-checked") ? { parser: typedParser, parserOptions: { projectService: true } } : { parser: tsParser },
    rules: rulesForConfig(rules, name),
  });
  return Object.fromEntries(CONFIG_NAMES.map((name) => [name, make(name)])) as Record<ConfigName, Linter.Config>;
}
