/**
 * A tsconfig TypeScript finds fault with (broken JSON, an unknown or mistyped option, a base
 * config that is not there) still gives a typed run: the project service reads what it can and
 * says nothing, and the cross-file analysis quietly loses what the broken part would have given.
 * The CLI names the tsconfig and TypeScript's own message instead.
 */
import path from "node:path";
import type ts from "typescript";
import { loadTypedRuntime, typescript } from "../typed/runtime.js";

/** TS6053: a base config of a package not installed (the "could not be resolved" notice says so). TS18003: no inputs. */
const NOT_INVALID = new Set([6053, 18003]);

export interface TsconfigProblem {
  /** TypeScript's first message, with its code and line. */
  readonly message: string;
  /** How many problems TypeScript reports. */
  readonly count: number;
}

function describe(diagnostic: ts.Diagnostic): string {
  const text = typescript.flattenDiagnosticMessageText(diagnostic.messageText, " ");
  const line =
    diagnostic.file && diagnostic.start !== undefined ? `, line ${String(diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1)}` : "";
  return `${text} (TS${String(diagnostic.code)}${line})`;
}

/** What TypeScript says is wrong with `file` (absolute), or undefined when nothing is. */
export function tsconfigProblem(file: string): TsconfigProblem | undefined {
  loadTypedRuntime();
  const problems: ts.Diagnostic[] = [];
  // The JSON itself: TypeScript's tolerant parser recovers from syntax errors, and only
  // readConfigFile reports them.
  const read = typescript.readConfigFile(file, (name) => typescript.sys.readFile(name));
  if (read.error) problems.push(read.error);
  const parsed = typescript.getParsedCommandLineOfConfigFile(path.resolve(file), undefined, {
    ...typescript.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => problems.push(diagnostic),
  });
  for (const error of parsed?.errors ?? []) if (!NOT_INVALID.has(error.code)) problems.push(error);
  const [first] = problems;
  return first ? { message: describe(first), count: problems.length } : undefined;
}
