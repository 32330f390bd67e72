/**
 * Catches that stop a failure on purpose and have nothing to log: a deliberate drop (an empty
 * body with a comment, a bare `continue`) and a cleanup on the way out of another failure.
 * `require-error-logging` leaves them alone; the CLI's scorecard does not count them.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { isFunctionNode } from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * The catch says the failure is meant to be dropped: an empty body with a comment in it, or a
 * body that is only `continue` (the item is skipped on purpose, as a directory walk skips an
 * entry it may not read).
 */
export function isDeliberate(sourceCode: SourceCode, clause: TSESTree.CatchClause): boolean {
  const [only, ...rest] = clause.body.body;
  if (!only) return sourceCode.getCommentsInside(clause.body).length > 0;
  return rest.length === 0 && only.type === AST_NODE_TYPES.ContinueStatement;
}

/**
 * The try sits in a catch or a `finally` of its function: a cleanup on the way out of another
 * failure (`catch (error) { try { await unlink(tmp) } catch {} throw error }`). The failure that
 * matters is the one being handled; a cleanup that fails too adds nothing to log.
 */
export function onFailurePath(clause: TSESTree.CatchClause): boolean {
  let child: TSESTree.Node = clause.parent;
  for (let current: TSESTree.Node | undefined = child.parent; current && !isFunctionNode(current); current = current.parent) {
    if (current.type === AST_NODE_TYPES.CatchClause) return true;
    if (current.type === AST_NODE_TYPES.TryStatement && current.finalizer === child) return true;
    child = current;
  }
  return false;
}
