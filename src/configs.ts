import type { ESLint, Linter } from "eslint";
import { syntacticParser, typedParser } from "./typed/parser.js";
import type { RuleDocsView } from "./util/rule-docs.js";
import { TEST_DIRECTORIES, TEST_FILE_KINDS } from "./util/test-files.js";

type AnyRule = RuleDocsView;

export const FILES = ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"];

/** ESLint's own config file (`eslint.config.js`, `.mjs`, `.ts`, ...) is no server code. */
export const ESLINT_CONFIG_FILE = /^eslint\.config\.[cm]?[jt]s$/u;

/**
 * What the configs leave out, the same files the `mcp-errors` command skips (`cli/discover.ts`):
 * test code, and the ESLint config, which a typed setup's tsconfig rarely covers (it would get
 * the "no type information" notice on every run). A project that wants its tests checked puts
 * `ignores: []` after the config.
 */
export const IGNORES = [
  `**/{${TEST_DIRECTORIES.join(",")}}/**`,
  `**/*.{${TEST_FILE_KINDS.join(",")}}.{ts,tsx,mts,cts,js,jsx,mjs,cjs}`,
  "**/eslint.config.{js,mjs,cjs,ts,mts,cts}",
];

export const SYNTACTIC_CONFIG_NAMES = ["recommended", "strict", "all"] as const;
export const TYPED_CONFIG_NAMES = ["recommended-type-checked", "strict-type-checked", "all-type-checked"] as const;
export const CONFIG_NAMES = [...SYNTACTIC_CONFIG_NAMES, ...TYPED_CONFIG_NAMES] as const;
export type ConfigName = (typeof CONFIG_NAMES)[number];
/**
 * The rules of `recommended`, `strict` and `all` without a parser, for a project that sets its
 * own (typescript-eslint's, in the style of its `-type-checked-only` configs): a config that sets
 * the parser for every file would replace the project's when it comes later.
 */
export const RULES_ONLY_CONFIG_NAMES = ["recommended-rules-only", "strict-rules-only", "all-rules-only"] as const;
export type RulesOnlyConfigName = (typeof RULES_ONLY_CONFIG_NAMES)[number];

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
export function createConfigs(plugin: ESLint.Plugin, rules: Record<string, AnyRule>): Record<ConfigName | RulesOnlyConfigName, Linter.Config> {
  const make = (name: ConfigName): Linter.Config => ({
    name: `mcp-errors/${name}`,
    files: FILES,
    ignores: IGNORES,
    plugins: { "mcp-errors": plugin },
    languageOptions: name.endsWith("-type-checked") ? { parser: typedParser, parserOptions: { projectService: true } } : { parser: syntacticParser },
    rules: rulesForConfig(rules, name),
  });
  const rulesOnly = (name: RulesOnlyConfigName): Linter.Config => {
    const base = name.replace(/-rules-only$/u, "") as (typeof SYNTACTIC_CONFIG_NAMES)[number];
    return { name: `mcp-errors/${name}`, files: FILES, ignores: IGNORES, plugins: { "mcp-errors": plugin }, rules: rulesForConfig(rules, base) };
  };
  return Object.fromEntries([
    ...CONFIG_NAMES.map((name) => [name, make(name)] as const),
    ...RULES_ONLY_CONFIG_NAMES.map((name) => [name, rulesOnly(name)] as const),
  ]) as Record<ConfigName | RulesOnlyConfigName, Linter.Config>;
}
