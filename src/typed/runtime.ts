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

/** Loads the typed runtime once per process; a no-op after the first call. */
export function loadTypedRuntime(): void {
  if (loaded) return;
  typescript = require("typescript") as typeof Ts;
  tsParser = require("@typescript-eslint/parser") as typeof TsParser;
  estree = require("@typescript-eslint/typescript-estree") as typeof Estree;
  EslintSourceCode = (require("eslint") as typeof Eslint).SourceCode;
  loaded = true;
}

/** The version of the typescript-eslint parser, read from its package.json (the parser is not loaded). */
export function tsParserVersion(): string {
  return (require("@typescript-eslint/parser/package.json") as { version: string }).version;
}
