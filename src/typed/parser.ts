/**
 * The parser of the typed configs: `@typescript-eslint/parser` with the project service, and a
 * fallback to syntactic parsing for a file the project cannot type (not included by any
 * tsconfig, a project that cannot be loaded, or a program TypeScript failed on because of
 * another file). Real users lint fresh clones and monorepos; one
 * notice beats a parse error on every file, and the rules simply lose the cross-file analysis
 * for that file.
 */
import type * as TsParser from "@typescript-eslint/parser";
import type { TSESLint } from "@typescript-eslint/utils";
import { beforeParse } from "./conversions.js";
import { espree, loadTypedRuntime, missingTypeScriptMessage, missingTypeScriptPackage, tsParser, tsParserVersion } from "./runtime.js";

type ParserOptions = Record<string, unknown>;

/** Errors that say "no type information for this file", as opposed to a syntax error. */
const PROJECT_ERROR =
  /project service|parserOptions\.project|tsconfig|not found by the project|none of those TSConfigs include this file|allowDefaultProject|Cannot read file/i;

let noticed = false;

function notice(filePath: string, error: unknown): void {
  if (noticed) return;
  noticed = true;
  const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
  process.stderr.write(
    `mcp-errors: no type information for ${filePath} (${reason.replace(filePath, "it")}); files like it are checked without cross-file analysis.\n`,
  );
}

export function parseForESLint(code: string, options: ParserOptions = {}): ReturnType<typeof TsParser.parseForESLint> {
  loadTypedRuntime();
  // The program index may have converted this very file already (see conversions.ts).
  const converted = beforeParse(code, options);
  if (converted) return converted;
  try {
    return tsParser.parseForESLint(code, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const syntactic = { ...options };
    delete syntactic.project;
    delete syntactic.projectService;
    delete syntactic.programs;
    const filePath = typeof options.filePath === "string" ? options.filePath : "a file";
    if (PROJECT_ERROR.test(message)) {
      notice(filePath, error);
      return tsParser.parseForESLint(code, syntactic);
    }
    // TypeScript can fail on the whole program for one file of it (a file nested too deep for
    // its recursion): every other file then fails to parse with types. A file that parses on its
    // own is not at fault: it is checked without types. A file that does not is reported.
    let alone: ReturnType<typeof TsParser.parseForESLint>;
    try {
      alone = tsParser.parseForESLint(code, syntactic);
    } catch {
      throw error;
    }
    notice(filePath, error);
    return alone;
  }
}

export const meta = { name: "eslint-plugin-mcp-errors/typed-parser", version: "0.1.0" };

export const typedParser: TSESLint.FlatConfig.Parser = { meta, parseForESLint };

/** Files ESLint's own parser reads: what a project without TypeScript can lint. */
export const JAVASCRIPT_FILE = /\.(?:[cm]?js|jsx)$/u;

const parserVersion = tsParserVersion();

/**
 * The syntactic configs' parser. With TypeScript installed, typescript-eslint's parser, loaded on
 * the first parse rather than when a config file imports the plugin (its own meta, so caches keyed
 * on it stay valid). Without TypeScript (a plain JavaScript project, where the plugin installs
 * none), JavaScript files are read by ESLint's own parser, and a TypeScript file gets one line
 * that says what to install.
 */
export const syntacticParser: TSESLint.FlatConfig.Parser = {
  meta:
    parserVersion === undefined
      ? { name: "eslint-plugin-mcp-errors/javascript-parser", version: meta.version }
      : { name: "typescript-eslint/parser", version: parserVersion },
  parseForESLint(code: string, options: ParserOptions = {}): ReturnType<typeof TsParser.parseForESLint> {
    const missing = missingTypeScriptPackage();
    if (missing !== undefined) {
      const filePath = typeof options.filePath === "string" ? options.filePath : "";
      if (!JAVASCRIPT_FILE.test(filePath)) throw new Error(missingTypeScriptMessage(missing));
      return parseJavaScript(code, options) as ReturnType<typeof TsParser.parseForESLint>;
    }
    loadTypedRuntime();
    return tsParser.parseForESLint(code, options);
  },
};

/**
 * A JavaScript file read by espree, as ESLint reads it by default (ESLint passes the ECMAScript
 * version, the source type, and asks for ranges, locations, tokens and comments); ESLint then
 * analyses its scopes itself. JSX is on for `.jsx` files.
 */
export function parseJavaScript(code: string, options: ParserOptions = {}): { ast: unknown } {
  const filePath = typeof options.filePath === "string" ? options.filePath : "";
  const features = (options.ecmaFeatures ?? {}) as Record<string, unknown>;
  return {
    ast: espree().parse(code, {
      ecmaVersion: "latest",
      sourceType: "module",
      ...options,
      range: true,
      loc: true,
      tokens: true,
      comment: true,
      ecmaFeatures: { ...features, jsx: features.jsx === true || filePath.endsWith(".jsx") },
    }),
  };
}
