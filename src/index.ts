import type { ESLint, Linter } from "eslint";
import { createConfigs, type ConfigName, type RulesOnlyConfigName } from "./configs.js";
import { rules as ruleModules } from "./rules/index.js";

export type { McpErrorsSettings, Category, PresetName } from "./settings.js";
export type { ConfigName, RulesOnlyConfigName } from "./configs.js";

/**
 * The plugin in ESLint's own types, so that `defineConfig`, `Linter.Config[]`, `plugins` and
 * `extends` accept it and its configs in `eslint.config.ts` and `// @ts-check` files
 * (test/fixtures/config-types/). typescript-eslint's `FlatConfig` types are not assignable there.
 */
export interface McpErrorsPlugin extends ESLint.Plugin {
  meta: { name: string; version: string; namespace: string };
  configs: Record<ConfigName | RulesOnlyConfigName, Linter.Config>;
  rules: NonNullable<ESLint.Plugin["rules"]>;
}

const meta = {
  name: "eslint-plugin-mcp-errors",
  version: "0.1.0",
  namespace: "mcp-errors",
};

// The rules are typescript-eslint `RuleModule`s; ESLint's `RuleDefinition` differs only in
// declaring `meta.defaultOptions` mutable, which ESLint never writes to.
const rules = ruleModules as unknown as McpErrorsPlugin["rules"];

const plugin: McpErrorsPlugin = { meta, rules, configs: {} as McpErrorsPlugin["configs"] };

plugin.configs = createConfigs(plugin, ruleModules);

export default plugin;
// Named exports too, for tools that load the plugin with require() (which yields the namespace).
export const configs: McpErrorsPlugin["configs"] = plugin.configs;
export { meta, rules };
