/**
 * Result literals a function holds in a `const` before returning it: `const response: Reply =
 * { isError: false }; response.content = content; return response`.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { type FunctionNode, forEachChild, memberName, unwrap } from "../util/ast.js";

export type VisitorKeys = Readonly<Record<string, readonly string[] | undefined>>;

/**
 * The object literal a returned value is: itself, or the literal a `const` of the function's own
 * body holds (`const response: Reply = { isError: false }; response.content = content; return response`).
 */
export function heldObject(fn: FunctionNode, value: TSESTree.Node, visitorKeys: VisitorKeys): TSESTree.Node {
  if (value.type !== AST_NODE_TYPES.Identifier || fn.body.type !== AST_NODE_TYPES.BlockStatement) return value;
  const name = value.name;
  for (const statement of fn.body.body) {
    if (statement.type !== AST_NODE_TYPES.VariableDeclaration || statement.kind !== "const") continue;
    for (const declarator of statement.declarations) {
      if (declarator.id.type === AST_NODE_TYPES.Identifier && declarator.id.name === name && declarator.init)
        return setsFlag(fn.body, name, visitorKeys) ? value : unwrap(declarator.init);
    }
  }
  return value;
}

/** `response.isError = ...` (or `response["isError"]`) anywhere in `root`. */
function setsFlag(root: TSESTree.Node, name: string, visitorKeys: VisitorKeys): boolean {
  let found = false;
  const visit = (node: TSESTree.Node): void => {
    if (found) return;
    if (node.type === AST_NODE_TYPES.AssignmentExpression && node.left.type === AST_NODE_TYPES.MemberExpression) {
      const { object } = node.left;
      found = object.type === AST_NODE_TYPES.Identifier && object.name === name && memberName(node.left) === "isError";
    }
    forEachChild(node, visitorKeys, visit);
  };
  visit(root);
  return found;
}
