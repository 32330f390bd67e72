/**
 * The parser of the typed configs: `@typescript-eslint/parser` with the project service, and a
 * fallback to syntactic parsing for a file the project cannot type (not included by any
 * tsconfig, a project that cannot be loaded, or a program TypeScript failed on because of
 * another file). Real users lint fresh clones and monorepos; one
 * notice beats a parse error on every file, and the rules simply lose the cross-file analysis
 * for that file.
 */
import * as tsParser from "@typescript-eslint/parser";
import type { TSESLint } from "@typescript-eslint/utils";
import { beforeParse } from "./conversions.js";

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

export function parseForESLint(code: string, options: ParserOptions = {}): ReturnType<typeof tsParser.parseForESLint> {
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
    let alone: ReturnType<typeof tsParser.parseForESLint>;
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
