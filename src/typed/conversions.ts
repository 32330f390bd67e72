/**
 * One ESTree conversion per file and program. The program index converts every file it
 * analyses; without sharing, ESLint then parses each of those files again when it lints them
 * (a second conversion of the same `ts.SourceFile`). In a one-shot run the index converts with
 * `@typescript-eslint/parser` itself and the options ESLint passed for the file being linted,
 * so its result is what ESLint would get; the typed parser hands it to ESLint when the file
 * comes up, if nothing could make the two differ:
 *
 * - the text ESLint lints is the text the program holds (no edit in the editor, no shebang);
 * - ESLint's parser options are the same (a `.cjs` file gets `sourceType: "commonjs"`);
 * - the project service would give the same program: the file is a root of the program, whose
 *   tsconfig is the nearest one above the file, or the first project that a solution-style
 *   nearest tsconfig refers to (the service's own choice). Anything else (the default project,
 *   a later reference, a file only imported by the project) parses as usual.
 *
 * A conversion is handed out once; a second lint of the file (a fix pass) parses again. How long
 * conversions, their tokens and their scopes live: docs/architecture.md#lifetimes.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { type ScopeManager, analyze } from "@typescript-eslint/scope-manager";
import type ts from "typescript";
import { isTestFile } from "../util/test-files.js";
import { estree, tsParser, typescript } from "./runtime.js";

type ParserOptions = Record<string, unknown>;
export type ParseResult = ReturnType<typeof tsParser.parseForESLint>;

interface Stored {
  readonly text: string;
  readonly key: string;
  readonly result: ParseResult;
  readonly tokens: unknown[];
  readonly comments: unknown[];
  /** How long the conversion took: ESLint's parse, done ahead of it (`sharingStats.takenMs`). */
  readonly ms: number;
}

interface ProgramWithTokens {
  tokens: unknown[];
  comments: unknown[];
}

/** The options of the latest typed parse: ESLint's for the file whose lint builds the index. */
let latestOptions: ParserOptions | undefined;
/** What the index needs to know of them, worked out when it first converts (not on every parse). */
let latestFacts: { readonly key: string | undefined; readonly singleRun: boolean } | undefined;

/** ESLint's options of the latest parse, when this is a one-shot run whose conversions may be shared. */
function sharingOptions(): { readonly options: ParserOptions; readonly key: string } | undefined {
  if (!latestOptions) return undefined;
  latestFacts ??= { key: optionsKey(latestOptions), singleRun: isSingleRun(latestOptions) };
  return latestFacts.singleRun && latestFacts.key !== undefined ? { options: latestOptions, key: latestFacts.key } : undefined;
}

const stored = new Map<string, Stored>();

/** Files ESLint has parsed in this process: converting one of them for ESLint again is waste. */
const parsed = new Set<string>();

/** The files the run will lint, when the caller knows them (the `mcp-errors` command does). */
let lintTargets: ReadonlySet<string> | undefined;
/** Changes with the lint targets: an index built for other targets may have started from other files (`mayBeLinted`). */
let lintTargetsVersion = 0;
export function lintTargetsGeneration(): number {
  return lintTargetsVersion;
}

/**
 * Tells which files this run lints: a conversion is kept only for those (the index also reads
 * files the run skips, test files in the `mcp-errors` command). `undefined`: any file may be.
 */
export function setLintTargets(files: Iterable<string> | undefined): void {
  // A new run: what an earlier run parsed is to be parsed again.
  if (files !== undefined) parsed.clear();
  lintTargets = files === undefined ? undefined : new Set([...files].map((file) => path.resolve(file)));
  lintTargetsVersion++;
}

/**
 * Whether `fileName` may be linted in this run: test code (judged below `base`, the project's
 * folder) is linted only when the caller says so (`mcp-errors --include-tests`); the configs
 * ignore it. The program index starts only from code that may be linted.
 */
export function mayBeLinted(fileName: string, base: string): boolean {
  return !isTestFile(fileName, base) || lintTargets?.has(path.resolve(fileName)) === true;
}

/**
 * How many files the index converted, how many of those were kept for ESLint and how many it
 * took (read by the tests), and how long the conversions ESLint took had taken: parsing ESLint
 * no longer does, which its stats count as the time of the rule that built the index (read by
 * `npm run bench -- --typed`).
 */
export const sharingStats = { indexed: 0, kept: 0, taken: 0, takenMs: 0 };

/** Parser options without the file they were given for; undefined when they do not serialise. */
function optionsKey(options: ParserOptions): string | undefined {
  try {
    return JSON.stringify(options, (key, value: unknown) => (key === "filePath" ? undefined : value));
  } catch {
    return undefined;
  }
}

/**
 * The tree last handed to ESLint. The index keeps its trees, but only ESLint reads tokens and
 * comments: once ESLint moves on to the next file, they are let go.
 */
let handedOut: ProgramWithTokens | undefined;

/**
 * Called by the typed parser before each parse, with the options ESLint passes: the index's
 * conversion of this very file when it is exactly what ESLint would get, else undefined.
 */
export function beforeParse(code: string, options: ParserOptions): ParseResult | undefined {
  if (handedOut) {
    handedOut.tokens = [];
    handedOut.comments = [];
    releaseCallbacks.get(handedOut)?.();
    releaseCallbacks.delete(handedOut);
    handedOut = undefined;
  }
  if (latestOptions !== options) {
    latestOptions = options;
    latestFacts = undefined;
  }
  if (typeof options.filePath !== "string") return undefined;
  const file = path.resolve(options.filePath);
  parsed.add(file);
  return takeConversion(file, code, options);
}

/**
 * Whether this is a one-shot lint (the `eslint` or `mcp-errors` command, CI) rather than an
 * editor session: typescript-estree's own inference, with its `TSESTREE_SINGLE_RUN` switch.
 */
function isSingleRun(options: ParserOptions): boolean {
  if (options.programs != null || (options.project == null && !options.projectService)) return false;
  const flag = process.env.TSESTREE_SINGLE_RUN;
  if (flag === "false") return false;
  if (flag === "true") return true;
  if (options.disallowAutomaticSingleRunInference === true) return false;
  const bin = process.argv[1] ?? "";
  const eslintBin = ["node_modules/.bin/eslint", "node_modules/eslint/bin/eslint.js"].some((b) => bin.endsWith(path.normalize(b)));
  return (process.env.CI === "true" || eslintBin) && !process.argv.includes("--fix");
}

/** What the index reads of a file: its tree (no tokens or comments), scopes and services. */
export interface IndexConversion {
  readonly ast: ParseResult["ast"];
  readonly scopeManager: ScopeManager;
  readonly services: ParseResult["services"];
  /** The conversion is kept for ESLint, and its scopes are ESLint's (see `onRelease`). */
  readonly shared: boolean;
}

/** Called once ESLint is done with a shared tree (the index then lets go of ESLint's scopes). */
const releaseCallbacks = new WeakMap<object, () => void>();

export function onRelease(ast: ParseResult["ast"], callback: () => void): void {
  releaseCallbacks.set(ast, callback);
}

/**
 * Converts a file of `program` for the index. In a one-shot run, a file ESLint will lint with
 * this program is converted by the parser itself with ESLint's options, and the result kept for
 * ESLint's parse (see `takeConversion`); otherwise (the editor, where the linted text is rarely
 * the one on disk) the index converts only what it reads.
 */
export function convertForIndex(sourceFile: ts.SourceFile, program: ts.Program): IndexConversion {
  const fileName = sourceFile.fileName;
  const file = path.resolve(fileName);
  const lint = sharingOptions();
  sharingStats.indexed++;
  if (lint && !parsed.has(file) && (!lintTargets || lintTargets.has(file)) && isServedBy(program, fileName)) {
    const options: ParserOptions = { ...lint.options, filePath: fileName, programs: [program] };
    delete options.project;
    delete options.projectService;
    const start = performance.now();
    const result = tsParser.parseForESLint(sourceFile.text, options);
    const ms = performance.now() - start;
    const ast = result.ast as unknown as ProgramWithTokens;
    sharingStats.kept++;
    stored.set(file, { text: sourceFile.text, key: lint.key, result, tokens: ast.tokens, comments: ast.comments, ms });
    // The index reads neither; ESLint gets them back with the tree.
    ast.tokens = [];
    ast.comments = [];
    // The index reads ESLint's scopes until ESLint has linted the file, then lighter ones.
    return { ast: result.ast, services: result.services, scopeManager: result.scopeManager, shared: true };
  }
  const { ast, services } = estree.parseAndGenerateServices(sourceFile.text, {
    filePath: fileName,
    programs: [program],
    range: true,
    loc: true,
    tokens: false,
    comment: false,
    preserveNodeMaps: true,
  });
  const tree = ast as unknown as ProgramWithTokens;
  tree.tokens = [];
  tree.comments = [];
  return { ast: ast as ParseResult["ast"], services, scopeManager: lightScopes(ast as ParseResult["ast"]), shared: false };
}

/** The scopes the index reads when it has no conversion of ESLint's: ES2018 globals only. */
export function lightScopes(ast: ParseResult["ast"]): ScopeManager {
  return analyze(ast, { sourceType: "module" });
}

/** The index's conversion of the file ESLint is about to parse, when it is exactly what ESLint would get. */
function takeConversion(file: string, code: string, options: ParserOptions): ParseResult | undefined {
  const entry = stored.get(file);
  if (!entry) return undefined;
  stored.delete(file);
  if (entry.text !== code || entry.key !== optionsKey(options)) return undefined;
  const ast = entry.result.ast as unknown as ProgramWithTokens;
  ast.tokens = entry.tokens;
  ast.comments = entry.comments;
  handedOut = ast;
  sharingStats.taken++;
  sharingStats.takenMs += entry.ms;
  return entry.result;
}

/** The tsconfig.json (or jsconfig.json) the project service picks for a file: the nearest above it. */
export function nearestConfig(directory: string, configByDirectory: Map<string, string | null>): string | undefined {
  const known = configByDirectory.get(directory);
  if (known !== undefined) return known ?? undefined;
  let found: string | undefined;
  for (const name of ["tsconfig.json", "jsconfig.json"]) {
    const candidate = path.join(directory, name);
    if (existsSync(candidate)) {
      found = candidate;
      break;
    }
  }
  const parent = path.dirname(directory);
  if (found === undefined && parent !== directory) found = nearestConfig(parent, configByDirectory);
  configByDirectory.set(directory, found ?? null);
  return found;
}

/** Per program (so a tsconfig added later is seen): its root files, and the config of each directory. */
const programFacts = new WeakMap<ts.Program, { readonly roots: ReadonlySet<string>; readonly configs: Map<string, string | null> }>();

function programFactsOf(program: ts.Program): { readonly roots: ReadonlySet<string>; readonly configs: Map<string, string | null> } {
  let facts = programFacts.get(program);
  if (!facts) {
    facts = { roots: new Set(program.getRootFileNames().map((name) => path.resolve(name))), configs: new Map() };
    programFacts.set(program, facts);
  }
  return facts;
}

/** The tsconfig a program was made from; undefined for the project service's default project. */
export function configFileOf(program: ts.Program): string | undefined {
  const configFilePath = (program.getCompilerOptions() as { configFilePath?: unknown }).configFilePath;
  return typeof configFilePath === "string" ? configFilePath : undefined;
}

/** The folder test code is judged below for a program: its tsconfig's, else the program's own. */
export function programBase(program: ts.Program): string {
  const config = configFileOf(program);
  return config === undefined ? program.getCurrentDirectory() : path.dirname(config);
}

/** Whether the project service would lint `fileName` with this very program. */
function isServedBy(program: ts.Program, fileName: string): boolean {
  const configFilePath = configFileOf(program);
  if (configFilePath === undefined) return false;
  const facts = programFactsOf(program);
  const file = path.resolve(fileName);
  if (!facts.roots.has(file)) return false;
  const nearest = nearestConfig(path.dirname(file), facts.configs);
  if (nearest === undefined) return false;
  const config = path.resolve(configFilePath);
  return nearest === config || firstReference(nearest) === config;
}

/** The root files of each tsconfig the project service may pick, read once (resolved paths). */
const configRoots = new Map<string, ReadonlySet<string>>();

function rootsOfConfig(configFile: string): ReadonlySet<string> {
  let roots = configRoots.get(configFile);
  if (!roots) {
    const parsed = typescript.getParsedCommandLineOfConfigFile(
      configFile,
      {},
      { ...typescript.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
    );
    roots = new Set((parsed?.fileNames ?? []).map((name) => path.resolve(name)));
    configRoots.set(configFile, roots);
  }
  return roots;
}

/**
 * The tsconfig other than `program`'s that the lint takes `fileName` with: the project service
 * picks the nearest tsconfig, and that one has the file among its roots. Undefined whenever
 * unsure (no project service, no tsconfig, or the nearest is this program's).
 */
export function otherLintingConfig(program: ts.Program, fileName: string): string | undefined {
  const options = latestOptions;
  if (!options || !(options.projectService || options.project === true)) return undefined;
  const config = configFileOf(program);
  if (config === undefined) return undefined;
  const file = path.resolve(fileName);
  const nearest = nearestConfig(path.dirname(file), programFactsOf(program).configs);
  if (nearest === undefined || nearest === path.resolve(config) || firstReference(nearest) === path.resolve(config)) return undefined;
  return rootsOfConfig(nearest).has(file) ? nearest : undefined;
}

const firstReferences = new Map<string, string | null>();

/**
 * The first project a solution-style tsconfig (`"files": []` and `references`) refers to. The
 * project service looks for the file in the referenced projects in order and takes the first
 * that has it; a root of the first one is therefore always served by it.
 */
function firstReference(configFile: string): string | undefined {
  const known = firstReferences.get(configFile);
  if (known !== undefined) return known ?? undefined;
  let found: string | undefined;
  const { config } = typescript.readConfigFile(configFile, (file) => typescript.sys.readFile(file)) as {
    config?: { files?: unknown; include?: unknown; references?: unknown };
  };
  const reference = Array.isArray(config?.references) ? (config.references[0] as { path?: unknown } | undefined) : undefined;
  if (Array.isArray(config?.files) && config.files.length === 0 && config.include === undefined && typeof reference?.path === "string") {
    const target = path.resolve(path.dirname(configFile), reference.path);
    found = target.endsWith(".json") ? target : path.join(target, "tsconfig.json");
  }
  firstReferences.set(configFile, found ?? null);
  return found;
}
