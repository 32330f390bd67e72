/**
 * What `require-timeout` reports for an external call without a timeout, and the fix that gives
 * it one in the client's own terms (a signal for fetch, a `timeout` option for the others).
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { ExternalCall } from "../../model/index.js";
import { enclosingFunction, isFunctionNode } from "../../util/ast.js";
import { containsComment, insertProperty, prependProperties } from "../shared/fix.js";

export type ReportId = "missingTimeout" | "missingTimeoutFromCallers" | "fetchTimeoutIgnored" | "cancellationIsNotTimeout";
export type FixId = "addTimeoutSignal" | "addTimeoutOption" | "combineWithTimeout" | "replaceTimeoutWithSignal" | "addDefaultSignal";

export interface TimeoutRemedy {
  readonly messageId: ReportId;
  /** The suggestion's message, when the fix is offered as one. */
  readonly fixId: FixId | undefined;
  /** Null where no fix is safe (an options object shared with other calls, a comment in the way). */
  readonly fix: TSESLint.ReportFixFunction | null;
}

/** The report and fix for `call`; `signal` is the signal a fetch fix passes. */
export function timeoutRemedy(
  sourceCode: Readonly<TSESLint.SourceCode>,
  call: TSESTree.CallExpression,
  external: ExternalCall,
  ms: number,
  signal: string,
): TimeoutRemedy {
  let messageId: ReportId = external.fromCaller ? "missingTimeoutFromCallers" : "missingTimeout";
  let fixId: FixId | undefined;
  let fix: TSESLint.ReportFixFunction | null = null;
  const { property } = external;
  // An options object declared elsewhere (module scope, another function) is shared: leave it.
  const object = external.options && enclosingFunction(external.options) === enclosingFunction(call) ? external.options : undefined;
  const sharedOptions = external.options !== undefined && object === undefined;
  // Options spread from the caller's: put the bound first, so a caller that passes one still wins.
  const add = (fixer: TSESLint.RuleFixer, target: TSESTree.ObjectExpression, text: string): TSESLint.RuleFix =>
    external.fromCaller ? prependProperties(fixer, target, text) : insertProperty(fixer, target, text);
  if (external.status === "fetch-timeout-option" && property) {
    messageId = "fetchTimeoutIgnored";
    fixId = "replaceTimeoutWithSignal";
    if (!containsComment(sourceCode, property)) {
      fix = (fixer) => fixer.replaceText(property, `signal: AbortSignal.timeout(${sourceCode.getText(property.value)})`);
    }
  } else if (external.fromCaller && property) {
    // `{ method, signal }` with the caller's signal: a default where the caller passes none.
    fixId = "addDefaultSignal";
    if (!containsComment(sourceCode, property)) {
      fix = (fixer) => fixer.replaceText(property, `${sourceCode.getText(property.key)}: ${sourceCode.getText(property.value)} ?? ${signal}`);
    }
  } else if (sharedOptions) {
    fixId = undefined;
  } else if (external.status === "cancellation-only" && property) {
    messageId = "cancellationIsNotTimeout";
    fixId = "combineWithTimeout";
    fix = (fixer) => fixer.replaceText(property.value, `AbortSignal.any([${sourceCode.getText(property.value)}, AbortSignal.timeout(${String(ms)})])`);
    if (property.shorthand) {
      fix = (fixer) =>
        fixer.replaceText(
          property,
          `${sourceCode.getText(property.key)}: AbortSignal.any([${sourceCode.getText(property.value)}, AbortSignal.timeout(${String(ms)})])`,
        );
    }
  } else if (external.client === "fetch" || external.client === "ai") {
    fixId = "addTimeoutSignal";
    const key = external.client === "ai" ? "abortSignal" : "signal";
    if (object) fix = (fixer) => add(fixer, object, `${key}: ${signal}`);
    else if (external.insertOptionsAfter) {
      const after = external.insertOptionsAfter;
      fix = (fixer) => fixer.insertTextAfter(after, `, { ${key}: ${signal} }`);
    }
  } else {
    fixId = "addTimeoutOption";
    const value = external.client === "got" ? `{ request: ${String(ms)} }` : String(ms);
    const zero = property;
    if (zero) fix = (fixer) => fixer.replaceText(zero.value, value);
    else if (object) fix = (fixer) => add(fixer, object, `timeout: ${value}`);
    else if (external.insertOptionsAfter) {
      const after = external.insertOptionsAfter;
      fix = (fixer) => fixer.insertTextAfter(after, `, { timeout: ${value} }`);
    } else if (external.client === "child_process" && call.arguments.length === 2 && isFunctionNode(call.arguments[1])) {
      const callback = call.arguments[1];
      fix = (fixer) => fixer.insertTextBefore(callback, `{ timeout: ${value} }, `);
    }
  }
  return { messageId, fixId, fix };
}
