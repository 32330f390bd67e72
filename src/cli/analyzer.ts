/**
 * The programmatic API of `mcp-errors`: lints an MCP server with the plugin's own configs (never
 * the target's ESLint config) and returns ESLint's results, the findings and the tool inventory.
 *
 *     import { analyze } from "eslint-plugin-mcp-errors/analyzer";
 *     const { findings, tools, summary } = await analyze({ cwd: "path/to/server" });
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ESLint } from "eslint";
import plugin from "../index.js";
import { REGISTRATION_TEXT } from "../model/index.js";
import { nearestConfig, setLintTargets } from "../typed/conversions.js";
import { missingTypeScriptPackage } from "../typed/runtime.js";
import { cacheFile, defaultCacheLocation } from "./cache.js";
import { lintGroups, lintInThreads, partCacheLocation, partsOf, typedThreads, type Part } from "./parallel.js";
import { countUnresolved, installWorkspacePaths, isUnder, resolvesWorkspaces } from "./workspaces.js";
import { discover, relativePath, TYPESCRIPT_FILE, UsageError } from "./discover.js";
import { cleanResult, eslintOptions, qualifiedRuleId, type EngineSpec, type PresetConfig, type Severity, type UncoveredFiles } from "./engine.js";
import type { FileRecord } from "./inventory-rule.js";
import { buildInventory, toolsOfMessage, type ToolInventory } from "./inventory.js";
import { safeText } from "./formats/safe-text.js";
import { probeFile, unreadableResult } from "./probe.js";
import { installGeneratedBases, tsconfigsWithMissingBases } from "./generated-bases.js";
import { tsconfigProblem } from "./tsconfig-check.js";
import { INFERRED_REASON, uncoveredReason, unreadJavaScript, writeInferredProject } from "./inferred-project.js";
import { installedTypeScriptProblem } from "../util/typescript-version.js";

export type { ToolInventory, Location } from "./inventory.js";
export type { Scorecard } from "./scorecard.js";
export type { PresetConfig, Severity } from "./engine.js";
export { UsageError } from "./discover.js";

export interface AnalyzeOptions {
  /** The root: relative paths and SARIF URIs are relative to it. Default: `process.cwd()`. */
  readonly cwd?: string;
  /** Files or directories to analyse, relative to `cwd`. Default: `["."]`. */
  readonly targets?: readonly string[];
  /** Also lint test files and folders (`*.test.ts`, `*.spec.js`, `__tests__/`, `test/`). Default: false. */
  readonly includeTests?: boolean;
  /** Default: `recommended`. */
  readonly config?: PresetConfig;
  /** Rule id (`require-timeout` or `mcp-errors/require-timeout`) -> severity. */
  readonly rules?: Readonly<Record<string, Severity>>;
  /** Use type information when a program can be built. Default: true. */
  readonly types?: boolean;
  /** One tsconfig for the whole run instead of the nearest `tsconfig.json` of each file. */
  readonly project?: string;
  /** Compute fixes (results carry `output`); write them with `ESLint.outputFixes`. */
  readonly fix?: boolean;
  /** Only re-check changed files. Without it no cache file is read, written or deleted. */
  readonly cache?: boolean;
  /** The cache file, or a folder for it. Default: `node_modules/.cache/mcp-errors/.cache` under `cwd`. */
  readonly cacheLocation?: string;
  /** ESLint's multithreaded linting. Default: `off`. */
  readonly concurrency?: number | "auto" | "off";
  /** Called once the files are known and the mode is decided, before linting starts. */
  readonly onStart?: (files: number, mode: AnalyzeMode) => void;
}

export interface Finding {
  /** Relative to `cwd`, with forward slashes. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number | undefined;
  readonly endColumn: number | undefined;
  /** `mcp-errors/<rule>`; null for a parse error. */
  readonly ruleId: string | null;
  readonly severity: "error" | "warning";
  readonly message: string;
  /** Names of the tools whose path the finding is on (`(unnamed)` for a tool without a static name). */
  readonly tools: readonly string[];
}

export interface AnalyzeMode {
  readonly typed: boolean;
  /** Why: `3 tsconfig.json`, `--project tsconfig.build.json`, `no tsconfig.json found`, ... */
  readonly reason: string;
  /** The tsconfig files found, relative to `cwd`. */
  readonly tsconfigs: readonly string[];
  /** A typed run in threads (`concurrency`): how many, and over how many repositories. */
  readonly threads?: { readonly threads: number; readonly repositories: number };
}

export interface AnalyzeResult {
  readonly cwd: string;
  readonly config: PresetConfig;
  readonly mode: AnalyzeMode;
  /** ESLint's results, holding only this plugin's messages (and parse errors). */
  readonly results: ESLint.LintResult[];
  readonly findings: readonly Finding[];
  readonly tools: readonly ToolInventory[];
  /** `ruleId` -> the rule's `meta`, for formatters. */
  readonly rulesMeta: Readonly<Record<string, unknown>>;
  readonly summary: {
    readonly files: number;
    readonly errors: number;
    readonly warnings: number;
    readonly fixable: number;
    readonly tools: number;
    readonly durationMs: number;
  };
}

const PRESETS: readonly PresetConfig[] = ["recommended", "strict", "all"];

/**
 * Without TypeScript next to the plugin (a JavaScript project) JavaScript is read by ESLint's
 * parser; TypeScript files would each fail to parse: one line, and exit 2, instead.
 */
function refuseTypeScriptWithout(files: readonly string[]): void {
  const missing = missingTypeScriptPackage();
  if (missing === undefined) return;
  const count = files.filter((file) => TYPESCRIPT_FILE.test(file)).length;
  if (count === 0) return;
  throw new UsageError(
    `${String(count)} TypeScript file${count === 1 ? "" : "s"} to audit, and ${missing} is not installed next to the plugin. Run the mcp-errors package, which brings it (npx mcp-errors), or install it: npm install --save-dev typescript typescript-eslint.`,
  );
}

/** TypeScript and typescript-eslint's parser next to the plugin (its optional peers; the `mcp-errors` package brings them). */
function typeScriptAvailable(): boolean {
  return missingTypeScriptPackage() === undefined;
}

function decideMode(
  cwd: string,
  options: AnalyzeOptions,
  tsconfigs: readonly string[],
): AnalyzeMode & { project: string | undefined; inferred?: true; generatedBases?: boolean } {
  const relative = tsconfigs.map((file) => relativePath(cwd, file));
  const syntactic = (reason: string): AnalyzeMode & { project: undefined } => ({ typed: false, reason, tsconfigs: relative, project: undefined });
  if (options.types === false) return syntactic("--no-types");
  if (!typeScriptAvailable()) return syntactic("TypeScript is not installed next to the plugin");
  if (options.project !== undefined) {
    // Otherwise every file falls back to syntactic analysis under a header that says "typed".
    if (!existsSync(path.resolve(cwd, options.project))) throw new UsageError(`No such tsconfig: ${options.project}`);
    const generatedBases = readGeneratedBases(cwd, [path.resolve(cwd, options.project)]);
    const invalid = reportInvalidTsconfigs(cwd, [path.resolve(cwd, options.project)]);
    return {
      typed: true,
      reason: `--project ${options.project}${invalid > 0 ? ", invalid" : ""}`,
      tsconfigs: relative,
      project: options.project,
      generatedBases,
    };
  }
  // One program of the files found, as an editor infers it: what is followed across files
  // is worth the program's cost on a JavaScript server too.
  if (tsconfigs.length === 0) return { typed: true, reason: INFERRED_REASON, tsconfigs: relative, project: undefined, inferred: true };
  const generatedBases = readGeneratedBases(cwd, tsconfigs);
  const invalid = reportInvalidTsconfigs(cwd, tsconfigs);
  const count = `${String(tsconfigs.length)} tsconfig.json${invalid > 0 ? `, ${String(invalid)} invalid` : ""}`;
  return { typed: true, reason: count, tsconfigs: relative, project: undefined, generatedBases };
}

/**
 * One notice per tsconfig that extends a base config a build tool generates (`.wxt/tsconfig.json`)
 * and that is not there, as on a fresh checkout; then reads them with the tool's defaults (see
 * generated-bases.ts). Returns whether there are any.
 */
function readGeneratedBases(cwd: string, tsconfigs: readonly string[]): boolean {
  // Only the target's own: the rewrite reads tsconfigs under the folder it runs in.
  const missing = tsconfigsWithMissingBases(tsconfigs.map((file) => path.resolve(cwd, file)).filter((file) => isUnder(file, path.resolve(cwd))));
  for (const { tsconfig, tool, command, base } of missing) {
    process.stderr.write(
      `mcp-errors: ${safeText(relativePath(cwd, tsconfig))} extends ${safeText(base)}, which ${tool} generates (\`${command}\`) and is not there: read with ${tool}'s default options and import aliases.\n`,
    );
  }
  if (missing.length > 0) installGeneratedBases(cwd);
  return missing.length > 0;
}

/**
 * One notice per tsconfig TypeScript finds fault with, naming it and TypeScript's message: the
 * run stays typed (the project service reads what it can), but its cross-file findings may be
 * incomplete. Returns how many there are.
 */
function reportInvalidTsconfigs(cwd: string, tsconfigs: readonly string[]): number {
  let invalid = 0;
  for (const tsconfig of tsconfigs) {
    const problem = tsconfigProblem(tsconfig);
    if (!problem) continue;
    invalid++;
    const more = problem.count > 1 ? ` and ${String(problem.count - 1)} more problem${problem.count === 2 ? "" : "s"}` : "";
    process.stderr.write(
      `mcp-errors: ${safeText(relativePath(cwd, tsconfig))} is not a valid tsconfig: ${safeText(problem.message)}${more}. ` +
        "The typed analysis uses what TypeScript makes of it, so cross-file findings may be missing: fix it, or name a valid one with --project.\n",
    );
  }
  return invalid;
}

/**
 * The order of a typed run: one project (the nearest tsconfig, as the project service picks it)
 * after the other, projects that register tools first, and in each project the files that
 * register tools first. One group per project, for one `lintFiles` call each.
 *
 * In a monorepo each package has its own program; the program of the package that registers a
 * tool is what tells the program index that a helper of another package runs on the tool's path,
 * so it should be indexed before that package is linted. Each project's files stay together: the
 * index converts a project's files for ESLint to reuse, and they wait in memory until ESLint comes
 * to them (interleaving the projects kept every project's conversions at once: +0.2 GB and 180
 * conversions never used, on eight servers in one folder).
 *
 * The groups are linted by one `lintFiles` call each, one after the other: within one call ESLint
 * reads all the files at once and lints each as its read completes, so the order inside a call is
 * whatever the disk gives (a sibling package's file read first lost its cross-package finding in
 * about one run in four). Inside a project the order does not matter: its first file builds the
 * index of all its tools.
 */
export function lintOrder(files: readonly string[], configs = new Map<string, string | null>()): string[][] {
  const projects = new Map<string, { registering: string[]; rest: string[] }>();
  for (const file of files) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      // Unreadable here is unreadable for ESLint too: it reports it.
    }
    const key = nearestConfig(path.dirname(path.resolve(file)), configs) ?? "";
    let project = projects.get(key);
    if (!project) projects.set(key, (project = { registering: [], rest: [] }));
    (REGISTRATION_TEXT.test(text) ? project.registering : project.rest).push(file);
  }
  const all = [...projects.values()];
  const registering = all.filter((p) => p.registering.length > 0);
  const others = all.filter((p) => p.registering.length === 0);
  return [...registering, ...others].map((p) => [...p.registering, ...p.rest]);
}

/**
 * The inferred project of the files (absolute) with no tsconfig.json or jsconfig.json in any
 * folder above them, or whose nearest one does not read them (the JavaScript of a JavaScript
 * server under a tsconfig without `allowJs`), if there are any.
 */
function uncoveredProject(
  cwd: string,
  files: readonly string[],
  configs: Map<string, string | null>,
): { uncovered: UncoveredFiles; dispose: () => void } | undefined {
  const absolute = files.map((file) => path.resolve(cwd, file));
  const byConfig = new Map<string | undefined, string[]>();
  for (const file of absolute) {
    const config = nearestConfig(path.dirname(file), configs);
    const group = byConfig.get(config);
    if (group) group.push(file);
    else byConfig.set(config, [file]);
  }
  const uncovered = [...byConfig].flatMap(([config, group]) => (config === undefined ? group : unreadJavaScript(config, group)));
  if (uncovered.length === 0) return undefined;
  const project = writeInferredProject(uncovered);
  return { uncovered: { tsconfig: project.tsconfig, files: uncovered }, dispose: project.dispose };
}

/** With concurrency, ESLint's workers rebuild the options from a module: a small generated one. */
async function createESLint(spec: EngineSpec): Promise<{ eslint: ESLint; dispose: () => void }> {
  if (spec.concurrency === "off") {
    return {
      eslint: new ESLint(eslintOptions(spec)),
      dispose: () => {
        /* nothing to clean up */
      },
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "mcp-errors-"));
  const file = path.join(dir, "options.mjs");
  const engine = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "engine.js")).href;
  writeFileSync(file, `import { eslintOptions } from ${JSON.stringify(engine)};\nexport default eslintOptions(${JSON.stringify(spec)});\n`);
  const eslint = await ESLint.fromOptionsModule(pathToFileURL(file));
  return {
    eslint,
    dispose: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * ESLint's results over `groups` (see `lintOrder`), in this thread or in threads by repository,
 * in the order of the groups; and the meta of the rules that reported.
 */
async function lintAll(
  spec: EngineSpec,
  groups: readonly (readonly string[])[],
  typedParts: { parts: Part[]; threads: number } | undefined,
): Promise<{ raw: ESLint.LintResult[]; rulesMeta: Record<string, unknown> }> {
  const files = groups.flat().map((file) => path.resolve(spec.cwd, file));
  if (files.length === 0) return { raw: [], rulesMeta: {} };
  if (typedParts !== undefined) {
    const position = new Map(files.map((file, i) => [file, i]));
    const threaded = await lintInThreads(spec, typedParts.parts, typedParts.threads, files);
    return { raw: threaded.results.sort((a, b) => (position.get(a.filePath) ?? 0) - (position.get(b.filePath) ?? 0)), rulesMeta: threaded.rulesMeta };
  }
  const { eslint, dispose } = await createESLint(spec);
  // Only the files linted here are worth a conversion for ESLint (parallel-worker.ts tells its threads too).
  if (spec.typed) setLintTargets(files);
  try {
    const raw = await lintGroups(eslint, spec.cwd, groups, spec.typed !== undefined);
    return { raw, rulesMeta: eslint.getRulesMetaForResults(raw) };
  } finally {
    setLintTargets(undefined);
    dispose();
  }
}

export async function analyze(options: AnalyzeOptions = {}): Promise<AnalyzeResult> {
  const started = performance.now();
  const cwd = path.resolve(options.cwd ?? process.cwd());
  const config = options.config ?? "recommended";
  if (!PRESETS.includes(config)) throw new UsageError(`Unknown config "${config}": use ${PRESETS.join(", ")}.`);
  const rules = options.rules ?? {};
  for (const [id, severity] of Object.entries(rules)) {
    const name = qualifiedRuleId(id).slice("mcp-errors/".length);
    if (!(name in plugin.rules)) throw new UsageError(`Unknown rule "${id}". Rules: ${Object.keys(plugin.rules).join(", ")}.`);
    if (!["off", "warn", "error"].includes(severity)) throw new UsageError(`Unknown severity "${severity}" for ${id}: use off, warn or error.`);
  }
  // Before any parse: an unsupported TypeScript would crash on every file (exit 2, one line).
  const typeScriptProblem = installedTypeScriptProblem();
  if (typeScriptProblem !== undefined) throw new UsageError(typeScriptProblem);
  const discovered = discover(cwd, options.targets ?? ["."], { includeTests: options.includeTests ?? false });
  for (const notice of discovered.notices) process.stderr.write(`mcp-errors: ${safeText(notice)}\n`);
  const mode = decideMode(cwd, options, discovered.tsconfigs);
  refuseTypeScriptWithout(discovered.files);
  // Before anything reads them: a FIFO would block a read, an unreadable file stop ESLint's run.
  const { lintable, unreadable } = sortOut(cwd, discovered.files);
  /** The tsconfig of each folder, looked up once for the lint order and the uncovered files. */
  const configs = new Map<string, string | null>();
  const groups = mode.typed ? lintOrder(lintable, configs) : [lintable];
  const files = groups.flat();
  const inferred = mode.inferred && files.length > 0 ? writeInferredProject(files.map((file) => path.resolve(cwd, file))) : undefined;
  // With the project service: the files it finds no tsconfig for get one inferred project.
  const outside = mode.typed && !mode.inferred && mode.project === undefined ? uncoveredProject(cwd, files, configs) : undefined;
  try {
    // One run over the files, as with the eslint command (typescript-eslint's own switch): ESLint
    // then reuses the program index's conversion of each file instead of converting it again.
    if (mode.typed && !options.fix) process.env.TSESTREE_SINGLE_RUN ??= "true";
    const spec: EngineSpec = {
      cwd,
      config,
      rules,
      typed: mode.typed ? { project: inferred?.tsconfig ?? mode.project, uncovered: outside?.uncovered } : undefined,
      fix: options.fix ?? false,
      cache: options.cache ?? false,
      // Checked before the run: no cache is ever written through a symbolic link.
      cacheLocation: options.cache === true ? cacheFile(cwd, options.cacheLocation ?? defaultCacheLocation(cwd)) : undefined,
      concurrency: mode.typed ? "off" : (options.concurrency ?? "off"),
      // Only when a linted file imports a sibling package by name: mapped, every program that can
      // see the sibling holds its sources too.
      // Or when a tsconfig extends a base config of a sibling package: read from its folder.
      workspaces: mode.typed && resolvesWorkspaces(cwd, files, mode.tsconfigs),
      generatedBases: mode.generatedBases === true,
    };

    const typedParts = mode.typed ? typedThreadsFor(spec, groups, options.concurrency ?? "off") : undefined;
    const analyzeMode: AnalyzeMode = {
      typed: mode.typed,
      reason: outside ? `${mode.reason}, ${uncoveredReason(outside.uncovered.files.length)}` : mode.reason,
      tsconfigs: mode.tsconfigs,
      ...(typedParts ? { threads: { threads: typedParts.threads, repositories: typedParts.parts.length } } : {}),
    };
    options.onStart?.(files.length + unreadable.length, analyzeMode);
    if (mode.typed) reportUnresolved(cwd, files, discovered.tsconfigs, spec.workspaces === true);
    const { raw, rulesMeta } = await lintAll(spec, groups, typedParts);
    // Never a clean report over files that were not linted.
    if (raw.length < files.length) throw new Error(`ESLint linted ${String(raw.length)} of the ${String(files.length)} files found.`);
    const results: ESLint.LintResult[] = [];
    const records = new Map<string, FileRecord>();
    for (const entry of raw) {
      const { result, inventory } = cleanResult(entry);
      results.push(result);
      if (inventory !== undefined) records.set(result.filePath, JSON.parse(inventory) as FileRecord);
    }
    delete rulesMeta["mcp-errors-inventory/inventory"];
    results.push(...unreadable);

    const tools = buildInventory(cwd, results, records);
    const names = new Map<string, string>();
    for (const record of records.values()) for (const tool of record.tools) names.set(tool.key, tool.name ?? "(unnamed)");
    const findings: Finding[] = [];
    for (const result of results) {
      const file = relativePath(cwd, result.filePath);
      for (const message of result.messages) {
        findings.push({
          file,
          line: message.line,
          column: message.column,
          endLine: message.endLine,
          endColumn: message.endColumn,
          ruleId: message.ruleId,
          severity: message.severity === 2 ? "error" : "warning",
          message: message.message,
          tools: [...new Set(toolsOfMessage(records.get(result.filePath), message).map((key) => names.get(key) ?? "(unnamed)"))],
        });
      }
    }
    let errors = 0;
    let warnings = 0;
    let fixable = 0;
    for (const result of results) {
      errors += result.errorCount;
      warnings += result.warningCount;
      fixable += result.fixableErrorCount + result.fixableWarningCount;
    }
    return {
      cwd,
      config,
      mode: analyzeMode,
      results,
      findings,
      tools,
      rulesMeta,
      summary: {
        files: files.length + unreadable.length,
        errors,
        warnings,
        fixable,
        tools: tools.length,
        durationMs: Math.round(performance.now() - started),
      },
    };
  } finally {
    inferred?.dispose();
    outside?.dispose();
  }
}

/**
 * The files ESLint can lint; a result with one fatal error for each file it could not read (it
 * would stop the whole run); binary files left out with one notice. A run whose files are all
 * binary linted nothing: a usage error, as when no file matches.
 */
function sortOut(cwd: string, files: readonly string[]): { lintable: string[]; unreadable: ESLint.LintResult[] } {
  const lintable: string[] = [];
  const unreadable: ESLint.LintResult[] = [];
  const binary: string[] = [];
  for (const file of files) {
    const probe = probeFile(path.resolve(cwd, file));
    if (probe.kind === "text") lintable.push(file);
    else if (probe.kind === "binary") binary.push(relativePath(cwd, path.resolve(cwd, file)));
    else unreadable.push(unreadableResult(path.resolve(cwd, file), probe.reason));
  }
  if (binary.length > 0) {
    const shown = binary.slice(0, 3).join(", ") + (binary.length > 3 ? ` and ${String(binary.length - 3)} more` : "");
    process.stderr.write(`mcp-errors: skipped ${safeText(shown)}: not text (a NUL byte in the first KB), so not source code to check.\n`);
    if (binary.length === files.length) throw new UsageError(`No files to lint: the ${String(files.length)} files found are binary.`);
  }
  return { lintable, unreadable };
}

/**
 * One notice when TypeScript cannot resolve part of what it is given (dependencies or workspace
 * packages not installed, base tsconfigs from packages): cross-file analysis stops there.
 */
function reportUnresolved(cwd: string, files: readonly string[], tsconfigs: readonly string[], workspaces: boolean): void {
  if (workspaces) installWorkspacePaths(cwd);
  const {
    imports,
    files: inFiles,
    baseConfigs,
  } = countUnresolved(
    files.map((file) => path.resolve(cwd, file)),
    tsconfigs,
  );
  if (imports === 0 && baseConfigs === 0) return;
  const parts = [
    imports > 0 ? `${String(imports)} import${imports === 1 ? "" : "s"} in ${String(inFiles)} file${inFiles === 1 ? "" : "s"}` : undefined,
    baseConfigs > 0 ? `${String(baseConfigs)} base tsconfig${baseConfigs === 1 ? "" : "s"}` : undefined,
  ].filter((part) => part !== undefined);
  process.stderr.write(
    `mcp-errors: ${parts.join(" and ")} could not be resolved (dependencies not installed?): cross-file analysis does not follow them. Install the target's dependencies for a complete analysis.\n`,
  );
}

/**
 * A typed run is parallel by repository (see parallel.ts), never by ESLint's threads, each of
 * which would build every project's program and index again. One repository (a monorepo's
 * packages see one another's files) lints in one thread, and says so when threads were asked for.
 */
function typedThreadsFor(
  spec: EngineSpec,
  groups: readonly (readonly string[])[],
  concurrency: number | "auto" | "off",
): { parts: Part[]; threads: number } | undefined {
  if (concurrency === "off" || concurrency === 1) return undefined;
  // With --project every file is in one program: one part, whatever the folders.
  const parts = spec.typed?.project === undefined ? partsOf(spec.cwd, groups) : [{ root: spec.cwd, groups }];
  const threads = typedThreads(concurrency, parts.length);
  if (threads > 1) {
    // Each part's cache file is checked as the run's own is (no symbolic link on the way).
    const { cacheLocation } = spec;
    if (!spec.cache || cacheLocation === undefined) return { parts, threads };
    return { parts: parts.map((part) => ({ ...part, cacheLocation: cacheFile(spec.cwd, partCacheLocation(cacheLocation, part.root)) })), threads };
  }
  if (concurrency !== "auto" && parts.length < 2) {
    process.stderr.write(
      `mcp-errors: --concurrency is ignored in this typed run: threads take whole repositories (their programs are not shared), and ${spec.typed?.project === undefined ? "this is one" : "--project makes one program of all files"}. Use --no-types for a parallel syntactic run.\n`,
    );
  }
  return undefined;
}
