/**
 * Failure envelopes a catch on a tool's path answers with: `return { success: false, error:
 * message }` (or `ok: false`, or `error: { message }`, or `error: new Error(message)`), written in
 * the catch or built by a function of the file the catch hands the caught error to (`return
 * this.handleError(error)`), and the failure of a result type, `return Err({ message })`. The
 * wrapper that receives one shows its text to the model, as the error result's text or in the
 * answer's JSON.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { type McpModel, sameFileFunction } from "../../model/index.js";
import { findProperty, ownReturnStatements, returnedObjectLiterals, unwrap } from "../../util/ast.js";
import { handsOnCause } from "./cause.js";
import { saysFailed } from "../shared/failure-flag.js";

/** A failure text, and the return that answers with it. */
export interface EnvelopeText {
  readonly text: TSESTree.Node;
  readonly at: TSESTree.ReturnStatement;
}

export function envelopeTexts(sourceCode: Readonly<TSESLint.SourceCode>, model: McpModel): EnvelopeText[] {
  const found: EnvelopeText[] = [];
  for (const clause of model.catches) {
    const param = clause.param?.type === AST_NODE_TYPES.Identifier ? clause.param.name : undefined;
    for (const at of ownReturnStatements(clause.body)) {
      if (!at.argument || model.handlersAt(at).length === 0) continue;
      const value = unwrap(at.argument);
      let objects: readonly TSESTree.ObjectExpression[] = [];
      if (value.type === AST_NODE_TYPES.ObjectExpression) objects = [value];
      else if (isResultFailure(value)) {
        // `return Err({ type: "api-error", message: data.message ?? "Unknown error" })`.
        const message = findProperty(value.arguments[0], "message");
        if (message) found.push({ text: message.value, at });
        continue;
      } else if (value.type === AST_NODE_TYPES.CallExpression && param !== undefined) {
        // `return this.handleError(error)`: the envelopes of a function of the file handed the error.
        const fn = handsOnCause(sourceCode, value, param) ? sameFileFunction(sourceCode, unwrap(value.callee)) : undefined;
        objects = (fn && returnedObjectLiterals(fn)) ?? [];
      }
      for (const object of objects) {
        const text = failureText(object);
        if (text) found.push({ text, at });
      }
    }
  }
  return found;
}

/** The text of `{ success: false, error: text }`, `{ ok: false, error: { message: text } }`. */
function failureText(object: TSESTree.ObjectExpression): TSESTree.Node | undefined {
  if (!saysFailed(object)) return undefined;
  const error = findProperty(object, "error");
  if (!error) return undefined;
  const held = unwrap(error.value);
  if (held.type === AST_NODE_TYPES.ObjectExpression) return findProperty(held, "message")?.value;
  // `error: new Error("An error occurred while making the request")`: the message of the error it holds.
  if (held.type === AST_NODE_TYPES.NewExpression && held.callee.type === AST_NODE_TYPES.Identifier && /Error$/u.test(held.callee.name)) {
    return held.arguments[0];
  }
  return error.value;
}

/** `Err({ ... })`, `err({ ... })`: the failure of a result type (neverthrow, ts-results), made of an object. */
function isResultFailure(node: TSESTree.Node): node is TSESTree.CallExpression & { arguments: [TSESTree.ObjectExpression] } {
  return (
    node.type === AST_NODE_TYPES.CallExpression &&
    node.callee.type === AST_NODE_TYPES.Identifier &&
    (node.callee.name === "Err" || node.callee.name === "err") &&
    node.arguments.length === 1 &&
    node.arguments[0]?.type === AST_NODE_TYPES.ObjectExpression
  );
}
