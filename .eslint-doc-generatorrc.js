import plugin from "./dist/index.js";

/**
 * Rules whose autofix is an option (`autofix`, off by default: a suggestion otherwise). The
 * generator gives them a plain 🔧; `postprocess` says "only with the option" in the rules table
 * and on the rule's page. Derived from rule meta, so a new rule with such an option gets it too.
 */
const FIX_NEEDS_OPTION = Object.entries(plugin.rules)
  .filter(([, rule]) => rule.meta?.fixable !== undefined && rule.meta.schema?.[0]?.properties?.autofix?.type === "boolean")
  .map(([id]) => id);

const FIX_LEGEND = "🔧 Automatically fixable by the [`--fix` CLI option](https://eslint.org/docs/user-guide/command-line-interface#--fix).\\\n";
const FIX_OPTION_LEGEND = "🔧¹ Automatically fixable only with the rule's `autofix` option on; an editor suggestion otherwise.\\\n";
const FIX_NOTICE =
  /^🔧💡 This rule is automatically fixable by the (\[`--fix` CLI option\]\([^)]+\)) and (manually fixable by \[editor suggestions\]\([^)]+\))\.$/mu;

function postprocess(content, file) {
  const rule = /[/\\]docs[/\\]rules[/\\]([^/\\]+)\.md$/u.exec(file)?.[1];
  if (rule !== undefined) {
    return FIX_NEEDS_OPTION.includes(rule)
      ? content.replace(FIX_NOTICE, "🔧💡 This rule is $2, and automatically fixable by the $1 with its [`autofix`](#autofix) option on.")
      : content;
  }
  if (!content.includes(FIX_LEGEND) || FIX_NEEDS_OPTION.length === 0) return content;
  let result = content.replace(FIX_LEGEND, FIX_LEGEND + FIX_OPTION_LEGEND);
  for (const id of FIX_NEEDS_OPTION) {
    result = result.replace(new RegExp(`^(\\| \\[${id}\\]\\(.*?\\| )🔧( +)\\|`, "mu"), (_, head, pad) => `${head}🔧¹${pad}|`);
  }
  return result;
}

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
  // The -rules-only configs too, without a parser (for projects that set their own).
  ignoreConfig: ["recommended-type-checked", "strict-type-checked", "all-type-checked", "recommended-rules-only", "strict-rules-only", "all-rules-only"],
  ruleDocTitleFormat: "desc-parens-prefix-name",
  ruleDocNotices: ["deprecated", "configs", "fixableAndHasSuggestions", "requiresTypeChecking", "options"],
  ruleListColumns: ["name", "description", "configsError", "fixable", "hasSuggestions", "requiresTypeChecking", "deprecated"],
  // The hand-written body follows a fixed order (see CONTRIBUTING.md); the generator fails when a
  // page drops one of these sections. "Options" is enforced by `ruleDocSectionOptions` (default).
  ruleDocSectionInclude: ["Examples", "When Not To Use It", "Related Rules"],
  postprocess,
  urlConfigs: "https://github.com/eslint-plugin-mcp-errors/eslint-plugin-mcp-errors#configs",
};

export default config;
