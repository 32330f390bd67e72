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
  const defaults = spec.meta.defaultOptions ?? ([] as unknown as Options);
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
      return spec.create(withOwnFileFixes(context), options);
    },
  };
}

/**
 * With the program index, a result can come from a helper in another file. A fix or suggestion
 * must never edit nodes of another file (their ranges mean nothing here): such an edit is
 * dropped, and so is a report on a node of another file.
 */
function withOwnFileFixes<MessageIds extends string, Options extends readonly unknown[]>(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
): Readonly<TSESLint.RuleContext<MessageIds, Options>> {
  const ast = context.sourceCode.ast;
  const own = (value: unknown): boolean => {
    if (typeof value !== "object" || value === null || !("type" in value) || !("range" in value)) return true;
    let node = value as { type: string; parent?: unknown };
    while (node.parent) node = node.parent as { type: string; parent?: unknown };
    // A node with no Program above it (built by a fixer helper) belongs to no other file.
    return node === (ast as unknown) || node.type !== "Program";
  };
  const guardFix = (fix: TSESLint.ReportFixFunction | null | undefined): TSESLint.ReportFixFunction | null | undefined => {
    if (!fix) return fix;
    return (fixer) => {
      const state = { foreign: false };
      const guarded = new Proxy(fixer, {
        get(target, property, receiver) {
          const method = Reflect.get(target, property, receiver) as unknown;
          if (typeof method !== "function") return method;
          return (...args: unknown[]) => {
            if (!args.every(own)) state.foreign = true;
            return (method as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      const result = fix(guarded);
      return state.foreign ? null : result;
    };
  };
  const report = (descriptor: TSESLint.ReportDescriptor<MessageIds>): void => {
    if ("node" in descriptor && !own(descriptor.node)) return;
    context.report({
      ...descriptor,
      fix: guardFix(descriptor.fix),
      suggest: descriptor.suggest?.map((s) => ({ ...s, fix: guardFix(s.fix) })),
    } as TSESLint.ReportDescriptor<MessageIds>);
  };
  return Object.create(context, { report: { value: report } }) as Readonly<TSESLint.RuleContext<MessageIds, Options>>;
}
