/**
 * What typed linting runs on (TypeScript, typescript-eslint's parser and typescript-estree,
 * ESLint's `SourceCode`), loaded when it is first needed, not when the plugin is imported. A
 * config file that imports the plugin, a lint with another parser, or a plain JavaScript project
 * never loads the compiler (about half a second).
 *
 * The exports are live bindings: `loadTypedRuntime()` fills them, and every entry into the typed
 * layer calls it first (the parsers' `parseForESLint`, `factsAcrossProjects`, the conversions the
 * CLI calls). Types come from `import type`, as usual.
 */
import { createRequire } from "node:module";
import { resolvePeer } from "../util/resolve-peer.js";
import type * as TsParser from "@typescript-eslint/parser";
import type * as Estree from "@typescript-eslint/typescript-estree";
import type * as Eslint from "eslint";
import type Ts from "typescript";

const require = createRequire(import.meta.url);

export let typescript: typeof Ts = undefined as unknown as typeof Ts;
export let tsParser: typeof TsParser = undefined as unknown as typeof TsParser;
export let estree: typeof Estree = undefined as unknown as typeof Estree;
export let EslintSourceCode: typeof Eslint.SourceCode = undefined as unknown as typeof Eslint.SourceCode;

let loaded = false;

/**
 * What a TypeScript file or typed linting needs and a plain JavaScript project does not install:
 * the plugin has them as optional peer dependencies.
 */
export const TYPESCRIPT_PACKAGES = ["typescript", "@typescript-eslint/parser", "@typescript-eslint/typescript-estree"] as const;

/** The line that says what to install when one of `TYPESCRIPT_PACKAGES` is missing. */
export function missingTypeScriptMessage(missing: string): string {
  return `eslint-plugin-mcp-errors: TypeScript files and typed linting need ${missing}, which is not installed: npm install --save-dev typescript typescript-eslint (or typescript @typescript-eslint/parser).`;
}

/** Loads a package of the typed runtime; a missing one is named in one line. */
function load(id: string): unknown {
  const file = resolvePeer(id);
  if (file === undefined) throw new Error(missingTypeScriptMessage(id));
  return require(file);
}

/** Loads the typed runtime once per process; a no-op after the first call. */
export function loadTypedRuntime(): void {
  if (loaded) return;
  typescript = load("typescript") as typeof Ts;
  tsParser = load("@typescript-eslint/parser") as typeof TsParser;
  estree = load("@typescript-eslint/typescript-estree") as typeof Estree;
  EslintSourceCode = (load("eslint") as typeof Eslint).SourceCode;
  loaded = true;
}

let available: string | undefined | null = null;

/**
 * The first of `TYPESCRIPT_PACKAGES` that cannot be found from here, or undefined when all can:
 * looked up once per process, without loading any of them.
 */
export function missingTypeScriptPackage(): string | undefined {
  if (available === null) available = TYPESCRIPT_PACKAGES.find((id) => resolvePeer(id) === undefined);
  return available;
}

type Espree = { parse(code: string, options: Record<string, unknown>): unknown };
let espreeModule: Espree | undefined;

/** ESLint's own JavaScript parser, from ESLint's dependencies: what parses JavaScript without TypeScript (found once, not on every parse). */
export function espree(): Espree {
  espreeModule ??= createRequire(require.resolve("eslint"))("espree") as Espree;
  return espreeModule;
}

/**
 * The version of the typescript-eslint parser, read from its package.json (the parser is not
 * loaded); undefined when it is not installed.
 */
export function tsParserVersion(): string | undefined {
  const file = resolvePeer("@typescript-eslint/parser/package.json");
  return file === undefined ? undefined : (require(file) as { version: string }).version;
}
