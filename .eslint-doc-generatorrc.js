/**
 * eslint-doc-generator settings (`npm run docs` writes, `npm run docs:check` verifies).
 * The generator imports the package entry, so `dist/` must be built first.
 * @type {import("eslint-doc-generator").GenerateOptions}
 */
const config = {
  // One emoji per preset, also in the README legend; `all` is listed on purpose so the table
  // shows which rules are opt-in only.
  configEmoji: [
    ["recommended", "✅"],
    ["strict", "🔒"],
    ["all", "🌐"],
  ],
  // The -type-checked configs turn on the same rules as their base config (see docs/type-aware.md).
  ignoreConfig: ["recommended-type-checked", "strict-type-checked", "all-type-checked"],
  ruleDocTitleFormat: "desc-parens-prefix-name",
  ruleDocNotices: ["deprecated", "configs", "fixableAndHasSuggestions", "requiresTypeChecking", "options"],
  ruleListColumns: ["name", "description", "configsError", "fixable", "hasSuggestions", "requiresTypeChecking", "deprecated"],
  // The hand-written body follows a fixed order (see CONTRIBUTING.md); the generator fails when a
  // page drops one of these sections. "Options" is enforced by `ruleDocSectionOptions` (default).
  ruleDocSectionInclude: ["Examples", "When Not To Use It", "Related Rules"],
  urlConfigs: "https://github.com/eslint-plugin-mcp-errors/eslint-plugin-mcp-errors#configs",
};

export default config;
