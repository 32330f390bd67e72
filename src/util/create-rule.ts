import { ESLintUtils, type TSESLint } from "@typescript-eslint/utils";

/** Extra `meta.docs` fields our rules declare; configs are derived from them. */
export interface McpErrorsRuleDocs {
  /** The config that first turns the rule on: `recommended` implies `strict` and `all`. */
  recommended?: "recommended" | "strict";
  /** The rule needs type information (only in the `*-type-checked` configs). */
  requiresTypeChecking?: boolean;
}

const REPO_URL = "https://github.com/eslint-plugin-mcp-errors/eslint-plugin-mcp-errors";

const ruleCreator = ESLintUtils.RuleCreator<McpErrorsRuleDocs>(
  (name) => `${REPO_URL}/blob/main/docs/rules/${name}.md`,
);

/**
 * `RuleCreator` that points `docs.url` at the rule's page in `docs/rules/`, and merges the
 * default options once per distinct options value instead of once per linted file (the deep
 * merge showed up in profiles of large runs).
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>(
  spec: Readonly<ESLintUtils.RuleWithMetaAndName<Options, MessageIds, McpErrorsRuleDocs>>,
): ReturnType<typeof ruleCreator<Options, MessageIds>> {
  const rule = ruleCreator(spec);
  const defaults = spec.meta.defaultOptions;
  if (!defaults) return rule;
  // Keyed by the options' JSON: ESLint hands each file a fresh array with the same content.
  const merged = new Map<string, Options>();
  return {
    ...rule,
    create(context: Readonly<TSESLint.RuleContext<MessageIds, Options>>) {
      // Most configs pass no options at all: skip even the serialisation then.
      const key = context.options.length === 0 ? "" : JSON.stringify(context.options);
      let options = merged.get(key);
      if (!options) {
        options = ESLintUtils.applyDefault(defaults, context.options) as Options;
        if (merged.size < 64) merged.set(key, options);
      }
      return spec.create(context, options);
    },
  };
}
