import type { ESLintUtils, TSESLint } from "@typescript-eslint/utils";
import { releaseDocUrl } from "./package.js";
import type { McpErrorsRuleDocs } from "./rule-docs.js";
import { installedTypeScriptProblem } from "./typescript-version.js";

export type { McpErrorsRuleDocs } from "./rule-docs.js";

/** A rule module as ESLint loads it, with its name (as typescript-eslint's `RuleCreator` makes them). */
export type McpErrorsRule<Options extends readonly unknown[], MessageIds extends string> = TSESLint.RuleModule<MessageIds, Options, McpErrorsRuleDocs> & {
  readonly name: string;
};

/**
 * The options as `create` reads them: every field present. A rule's `Options` type keeps its
 * fields optional, as users write them; the defaults are written once, in `meta.defaultOptions`.
 */
export type ResolvedOptions<Options extends readonly unknown[]> = { [K in keyof Options]: Required<Options[K]> };

/**
 * What a rule module declares: its name, its meta, and `create` over resolved options. Its
 * `meta.defaultOptions` must give every field a default (the meta test checks that a rule with
 * options has them), so that `ResolvedOptions` holds.
 */
export interface RuleSpec<Options extends readonly unknown[], MessageIds extends string> {
  readonly name: string;
  readonly meta: ESLintUtils.NamedCreateRuleMeta<MessageIds, McpErrorsRuleDocs, Options> & { defaultOptions?: ResolvedOptions<Options> };
  readonly create: (context: Readonly<TSESLint.RuleContext<MessageIds, Options>>, options: ResolvedOptions<Options>) => TSESLint.RuleListener;
}

/**
 * A rule whose `docs.url` points at its page in `docs/rules/` at the release tag (see
 * util/package.ts), as typescript-eslint's `RuleCreator` would make it; written here so that
 * loading the rules loads neither typescript-eslint's utils nor, through them, ESLint and
 * TypeScript. ESLint (9.15 and later, our peer range) merges `meta.defaultOptions` into
 * `context.options` itself, so the options are passed on as they are: no second merge and no
 * serialisation per linted file.
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>(
  spec: RuleSpec<Options, MessageIds>,
): McpErrorsRule<Options, MessageIds> {
  const defaults = spec.meta.defaultOptions ?? ([] as unknown as Options);
  return {
    name: spec.name,
    meta: { ...spec.meta, docs: { ...spec.meta.docs, url: releaseDocUrl(`docs/rules/${spec.name}.md`) } },
    create(context: Readonly<TSESLint.RuleContext<MessageIds, Options>>) {
      // An unsupported TypeScript would crash inside the parser on every file: one line instead.
      const typeScriptProblem = installedTypeScriptProblem();
      if (typeScriptProblem !== undefined) throw new Error(typeScriptProblem);
      // Merged with every default by ESLint, as `defaultOptions` declares one for each field.
      const options = (context.options.length > 0 ? context.options : defaults) as ResolvedOptions<Options>;
      // Only typed linting brings results of other files (see withOwnFileFixes).
      const guarded = context.sourceCode.parserServices?.program ? withOwnFileFixes(context) : context;
      return spec.create(guarded, options);
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
