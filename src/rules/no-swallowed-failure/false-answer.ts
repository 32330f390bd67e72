/**
 * `return false` from the catch of a predicate (`isSkillAvailable`, `repositoryExists`): a stand-in
 * when the function's `false` means a real "no" too. That is so where the try computes its answer
 * from what the call gave back (`return skills.includes(skill)`, `return repo !== null`), or where
 * the function answers `false` elsewhere (`if (!session) return false`). A probe whose failure is
 * the answer (`try { await access(path); return true } catch { return false }`) is no stand-in.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { enclosingFunction, isInside, ownReturnStatements, unwrap } from "../../util/ast.js";

/** The catch's `false` stands in for a "no" the caller cannot tell from the failure. */
export function falseAnswer(value: TSESTree.Node | null, clause: TSESTree.CatchClause): boolean {
  if (!value || !isBoolean(value, false)) return false;
  const fn = enclosingFunction(clause);
  const statement = clause.parent;
  if (fn?.body.type !== AST_NODE_TYPES.BlockStatement) return false;
  let computed = false;
  let elsewhere = false;
  for (const r of ownReturnStatements(fn.body)) {
    if (isInside(r, statement.block)) computed ||= r.argument !== null && !isBoolean(r.argument, true);
    else if (!isInside(r, statement)) elsewhere ||= r.argument !== null && isBoolean(r.argument, false);
  }
  return computed || elsewhere;
}

function isBoolean(node: TSESTree.Node, value: boolean): boolean {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.Literal && n.value === value;
}
