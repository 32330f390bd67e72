/**
 * The ESLint side of the CLI: the options and configs it lints with, and how the raw results are
 * cleaned of everything that is not ours. Kept apart from `analyzer.ts` because, with
 * `--concurrency`, ESLint's worker threads import this module (through a generated options
 * module) to rebuild the same options: every input here is plain JSON.
 */
import path from "node:path";
import type { ESLint, Linter } from "eslint";
import plugin from "../index.js";
import { FILES, type ConfigName } from "../configs.js";
import { NO_CACHE_FILE } from "./cache.js";
import { INVENTORY_PLUGIN, INVENTORY_RULE_ID, inventoryRule } from "./inventory-rule.js";
import { installGeneratedBases } from "./generated-bases.js";
import { installWorkspacePaths } from "./workspaces.js";

export type PresetConfig = "recommended" | "strict" | "all";
export type Severity = "off" | "warn" | "error";

/** Everything the ESLint instance depends on, as JSON (it crosses into worker threads). */
export interface EngineSpec {
  readonly cwd: string;
  readonly config: PresetConfig;
  /** Rule id (with or without `mcp-errors/`) -> severity, applied after the preset. */
  readonly rules: Readonly<Record<string, Severity>>;
  /**
   * Typed linting: the project service, or one tsconfig. Undefined: syntactic. `uncovered`: the
   * files no tsconfig.json above them covers, linted with one inferred project of their own.
   */
  readonly typed: { readonly project: string | undefined; readonly uncovered?: UncoveredFiles | undefined } | undefined;
  readonly fix: boolean;
  readonly cache: boolean;
  /** The cache file (see cache.ts); undefined without a cache. */
  readonly cacheLocation: string | undefined;
  readonly concurrency: number | "auto" | "off";
  /** Map the workspace's unlinked packages to their sources (some linted file imports one by name). */
  readonly workspaces?: boolean;
  /** Read tsconfigs that extend a missing generated base (`.wxt/tsconfig.json`) with the tool's defaults. */
  readonly generatedBases?: boolean;
}

/** Files beside the project service's, in an inferred project (`inferred-project.ts`). */
export interface UncoveredFiles {
  readonly tsconfig: string;
  /** Absolute paths. */
  readonly files: readonly string[];
}

export const RULE_PREFIX = "mcp-errors/";

/** `require-timeout` and `mcp-errors/require-timeout` both name our rule. */
export function qualifiedRuleId(id: string): string {
  return id.startsWith(RULE_PREFIX) ? id : `${RULE_PREFIX}${id}`;
}

/** The flat config the CLI lints with: the plugin's preset, never the target's own config. */
export function cliConfig(spec: EngineSpec): Linter.Config[] {
  const name: ConfigName = spec.typed ? `${spec.config}-type-checked` : spec.config;
  // Workspace packages no `node_modules` links resolve to their sources (in every worker too).
  if (spec.typed && spec.workspaces === true) installWorkspacePaths(spec.cwd);
  if (spec.typed && spec.generatedBases === true) installGeneratedBases(spec.cwd);
  // discover.ts has chosen the files (tests too with --include-tests): not the preset's ignores.
  const preset: Linter.Config = { ...plugin.configs[name] };
  delete preset.ignores;
  const overrides = Object.fromEntries(Object.entries(spec.rules).map(([id, severity]) => [qualifiedRuleId(id), severity]));
  const parserOptions = spec.typed
    ? spec.typed.project
      ? { projectService: false, project: path.resolve(spec.cwd, spec.typed.project), tsconfigRootDir: spec.cwd }
      : // TypeScript language service plugins named in the target's tsconfig are code of the target:
        // never loaded (typescript-eslint's default today, written out so that it stays so).
        { projectService: { loadTypeScriptPlugins: false }, tsconfigRootDir: spec.cwd }
    : undefined;
  return [
    { ...preset, ...(parserOptions ? { languageOptions: { ...preset.languageOptions, parserOptions } } : {}) },
    ...uncoveredConfig(spec),
    {
      name: "mcp-errors/cli-inventory",
      files: FILES,
      plugins: { [INVENTORY_PLUGIN]: { rules: { inventory: inventoryRule as never } } },
      rules: { [INVENTORY_RULE_ID]: "warn", ...overrides },
    },
    {
      // discover.ts has chosen the files; ESLint's default ignore of node_modules/ would drop a
      // file there that the user named, without a word, and the run would pass as clean.
      name: "mcp-errors/cli-named-files",
      ignores: ["!**/node_modules/"],
    },
    {
      name: "mcp-errors/cli-linter-options",
      // Directives for other tools' rules are the target's business: no noise about them.
      linterOptions: { reportUnusedDisableDirectives: "off", reportUnusedInlineConfigs: "off" },
    },
  ];
}

/**
 * A JavaScript server whose only tsconfig sits in a folder of its own (a dashboard's, a build
 * tool's): the project service finds no tsconfig for the server's files and they would be linted
 * without types. They get the inferred project an editor gives them, as when there is no tsconfig.
 */
function uncoveredConfig(spec: EngineSpec): Linter.Config[] {
  const uncovered = spec.typed?.uncovered;
  if (!uncovered) return [];
  return [
    {
      name: "mcp-errors/cli-inferred-project",
      files: uncovered.files.map((file) => literalPattern(path.relative(spec.cwd, file))),
      languageOptions: { parserOptions: { projectService: false, project: uncovered.tsconfig, tsconfigRootDir: spec.cwd } },
    },
  ];
}

/** A glob pattern that matches exactly this relative path (ESLint's matcher takes `\\` as an escape). */
export function literalPattern(relative: string): string {
  return relative
    .split(path.sep)
    .join("/")
    .replace(/[*?[\]{}()!+@\\]/g, "\\$&");
}

export function eslintOptions(spec: EngineSpec): ESLint.Options {
  return {
    cwd: spec.cwd,
    overrideConfigFile: true,
    overrideConfig: cliConfig(spec),
    fix: spec.fix,
    cache: spec.cache,
    // ESLint deletes the cache file of a run without a cache: give it one that cannot exist.
    cacheLocation: spec.cache && spec.cacheLocation !== undefined ? spec.cacheLocation : NO_CACHE_FILE,
    cacheStrategy: "content",
    errorOnUnmatchedPattern: false,
    warnIgnored: false,
    concurrency: spec.concurrency,
  };
}

/**
 * Ours are the findings of `mcp-errors/*` rules and parse errors. Other messages come from the
 * target's inline directives (`/* eslint react/x: 2 *\/` naming a rule that is not loaded,
 * `/* eslint-env *\/`, core rules switched on in a comment) and are dropped.
 */
export function isOurMessage(message: Linter.LintMessage): boolean {
  if (message.ruleId === null) return message.fatal === true && message.message.startsWith("Parsing error");
  return message.ruleId.startsWith(RULE_PREFIX);
}

/** A result with only our messages, its counts recomputed; and the inventory record it carried. */
export function cleanResult(result: ESLint.LintResult): { result: ESLint.LintResult; inventory: string | undefined } {
  let inventory: string | undefined;
  const messages: Linter.LintMessage[] = [];
  for (const message of result.messages) {
    if (message.ruleId === INVENTORY_RULE_ID) inventory = message.message;
    else if (isOurMessage(message)) messages.push(message);
  }
  const count = (severity: 1 | 2, fixable: boolean): number => messages.filter((m) => m.severity === severity && (!fixable || m.fix !== undefined)).length;
  return {
    inventory,
    result: {
      ...result,
      messages,
      suppressedMessages: result.suppressedMessages.filter(isOurMessage),
      errorCount: count(2, false),
      fatalErrorCount: messages.filter((m) => m.fatal === true).length,
      warningCount: count(1, false),
      fixableErrorCount: count(2, true),
      fixableWarningCount: count(1, true),
      usedDeprecatedRules: [],
    },
  };
}
