/** Objects that say they failed: the envelopes of `{ ok: false, ... }` and `{ success: false, ... }`. */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { findProperty, unwrap } from "../../util/ast.js";

/** An object literal whose `ok` or `success` is `false`. */
export function saysFailed(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  if (n.type !== AST_NODE_TYPES.ObjectExpression) return false;
  return ["ok", "success"].some((flag) => {
    const value = findProperty(n, flag)?.value;
    const literal = value ? unwrap(value) : undefined;
    return literal?.type === AST_NODE_TYPES.Literal && literal.value === false;
  });
}
