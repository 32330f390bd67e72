/**
 * Failure envelopes a catch on a tool's path answers with: `return { success: false, error:
 * message }` (or `ok: false`, or `error: { message }`), written in the catch or built by a function
 * of the file the catch hands the caught error to (`return this.handleError(error)`). The wrapper
 * that receives one shows its text to the model, as the error result's text or in the answer's JSON.
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
      if (!at.argument || model.toolNamesAt(at).length === 0) continue;
      const value = unwrap(at.argument);
      let objects: readonly TSESTree.ObjectExpression[] = [];
      if (value.type === AST_NODE_TYPES.ObjectExpression) objects = [value];
      else if (value.type === AST_NODE_TYPES.CallExpression && param !== undefined) {
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
  return held.type === AST_NODE_TYPES.ObjectExpression ? findProperty(held, "message")?.value : error.value;
}
