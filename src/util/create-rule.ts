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
 * default options once per options array instead of once per linted file (ESLint hands every
 * file of a config the same array; the merge showed up in profiles of large runs).
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>(
  spec: Readonly<ESLintUtils.RuleWithMetaAndName<Options, MessageIds, McpErrorsRuleDocs>>,
): ReturnType<typeof ruleCreator<Options, MessageIds>> {
  const rule = ruleCreator(spec);
  const defaults = spec.meta.defaultOptions;
  if (!defaults) return rule;
  const merged = new WeakMap<object, Options>();
  return {
    ...rule,
    create(context: Readonly<TSESLint.RuleContext<MessageIds, Options>>) {
      const cached = merged.get(context.options);
      const options = cached ?? (ESLintUtils.applyDefault(defaults, context.options) as Options);
      if (!cached) merged.set(context.options, options);
      return spec.create(context, options);
    },
  };
}
