/**
 * `return false` from the catch of a predicate (`isSkillAvailable`, `repositoryExists`): a stand-in
 * when the function's `false` means a real "no" too. That is so where the try computes its answer
 * from what the call gave back (`return skills.includes(skill)`, `return repo !== null`), or where
 * the function answers `false` elsewhere (`if (!session) return false`). A probe whose failure is
 * the answer (`try { await access(path); return true } catch { return false }`) is no stand-in.
 * Likewise `return true` from a predicate that fails open (`isAvailable`), where its `true` is a
 * real "yes" too. `falseAfterCatch`: the same `false`, where the catch only logs and the function
 * goes on to it.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { LEAVES, enclosingFunction, isInside, ownReturnStatements, someOwnNode, unwrap } from "../../util/ast.js";

/**
 * The catch's `false` stands in for a "no" the caller cannot tell from the failure; or its `true`
 * (a predicate that fails open: `catch { return true }` in `isAvailable`, `isKeyValid`) for a
 * "yes" the function also answers where the try computes it or answers `true` itself, or
 * elsewhere. A try that only ever answers the other literal is a probe. The literal, or undefined.
 */
export function booleanAnswer(value: TSESTree.Node | null, clause: TSESTree.CatchClause): boolean | undefined {
  const answer = value ? [false, true].find((literal) => isBoolean(value, literal)) : undefined;
  const fn = enclosingFunction(clause);
  const statement = clause.parent;
  if (answer === undefined || fn?.body.type !== AST_NODE_TYPES.BlockStatement) return undefined;
  let computed = false;
  let elsewhere = false;
  for (const r of ownReturnStatements(fn.body)) {
    if (isInside(r, statement.block)) computed ||= r.argument !== null && !isBoolean(r.argument, !answer);
    else if (!isInside(r, statement)) elsewhere ||= r.argument !== null && isBoolean(r.argument, answer);
  }
  return computed || elsewhere ? answer : undefined;
}

function isBoolean(node: TSESTree.Node, value: boolean): boolean {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.Literal && n.value === value;
}

/**
 * `try { const memory = await find(id); if (memory) { await remove(memory); return true } } catch
 * (e) { log(e) } return false`: the catch neither returns nor leaves, and the function goes on to
 * the same `return false` that answers when the try finds nothing to do. The caller cannot tell
 * the failure from that "no". A try that always returns (`await access(path); return true`) is a
 * probe: its `false` answers only the failure.
 */
export function falseAfterCatch(sourceCode: Readonly<TSESLint.SourceCode>, clause: TSESTree.CatchClause): boolean {
  const next = returnAfterCatch(sourceCode, clause);
  if (!next?.argument || !isBoolean(next.argument, false)) return false;
  // A predicate: the try answers `true` where it did what it was asked.
  return triedReturns(clause).some((r) => r.argument !== null && isBoolean(r.argument, true));
}

/**
 * The `return` right after the try of a catch that neither returns nor leaves: the value that
 * answers a failure (and, when the try may go on to it too, a try that found nothing). With
 * `shared`, only when the try may go on to it (its last statement does not leave).
 */
export function returnAfterCatch(
  sourceCode: Readonly<TSESLint.SourceCode>,
  clause: TSESTree.CatchClause,
  shared = true,
): TSESTree.ReturnStatement | undefined {
  const statement = clause.parent;
  const block = statement.parent;
  if (statement.finalizer || block.type !== AST_NODE_TYPES.BlockStatement) return undefined;
  const next = block.body[block.body.indexOf(statement) + 1];
  if (next?.type !== AST_NODE_TYPES.ReturnStatement) return undefined;
  const last = statement.block.body.at(-1);
  if (!last || (shared && LEAVES.has(last.type)) || someOwnNode(sourceCode, clause.body, (n) => LEAVES.has(n.type))) return undefined;
  return next;
}

/** The `return` statements of the catch's try, of the try's own function. */
export function triedReturns(clause: TSESTree.CatchClause): TSESTree.ReturnStatement[] {
  const fn = enclosingFunction(clause);
  if (fn?.body.type !== AST_NODE_TYPES.BlockStatement) return [];
  return ownReturnStatements(fn.body).filter((r) => isInside(r, clause.parent.block));
}
