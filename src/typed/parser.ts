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
import { loadTypedRuntime, tsParser, tsParserVersion } from "./runtime.js";

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

/**
 * typescript-eslint's parser for the syntactic configs, loaded on the first parse rather than
 * when a config file imports the plugin. Its meta is the parser's own, so caches keyed on it
 * stay valid.
 */
export const syntacticParser: TSESLint.FlatConfig.Parser = {
  meta: { name: "typescript-eslint/parser", version: tsParserVersion() },
  parseForESLint(code: string, options?: ParserOptions): ReturnType<typeof TsParser.parseForESLint> {
    loadTypedRuntime();
    return tsParser.parseForESLint(code, options);
  },
};
