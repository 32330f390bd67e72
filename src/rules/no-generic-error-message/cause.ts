/** Calls that are handed the error a catch caught: a helper that may say its message. */
import type { TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { calleeName, enclosingCatchParam, isPlainErrorName, mentionsName } from "../../util/ast.js";

/**
 * A call (not `Error(...)`) that is handed the error its catch caught (`caught`, by default the
 * parameter of the catch the call sits in), beside whatever else it gets.
 */
export function handsOnCause(
  sourceCode: Readonly<TSESLint.SourceCode>,
  call: TSESTree.CallExpression,
  caught: string | undefined = enclosingCatchParam(call),
): boolean {
  if (isPlainErrorName(calleeName(call))) return false;
  return caught !== undefined && call.arguments.some((a) => mentionsName(sourceCode, a, new Set([caught]), "subtree"));
}
