import type { TSESLint } from "@typescript-eslint/utils";
import { createConfigs } from "./configs.js";
import { rules } from "./rules/index.js";

export type { McpErrorsSettings, Category, PresetName } from "./settings.js";

const meta = {
  name: "eslint-plugin-mcp-errors",
  version: "0.1.0",
  namespace: "mcp-errors",
};

const plugin = {
  meta,
  rules,
  configs: {} as ReturnType<typeof createConfigs>,
} satisfies TSESLint.FlatConfig.Plugin;

plugin.configs = createConfigs(plugin, rules);

export default plugin;
// Named exports too, for tools that load the plugin with require() (which yields the namespace).
export const configs = plugin.configs;
export { meta, rules };
