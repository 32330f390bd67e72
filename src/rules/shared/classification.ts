/**
 * Which classification a fix or suggestion proposes: the categories a branch points at and the
 * retryability that goes with each. Shared by the rules that offer to classify an error.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { CATEGORIES, type Category } from "../../settings.js";
import { isFunctionNode } from "../../util/ast.js";

/** The retryability that goes with each category (validation: configurable). */
export function retryableFor(category: Category, validationRetryable: boolean): boolean {
  if (category === "transient") return true;
  if (category === "validation") return validationRetryable;
  return false;
}

/** Categories the surrounding branch points at (HTTP status, error code), most likely first. */
export function likelyCategories(node: TSESTree.Node): Category[] {
  const hints: Category[] = [];
  const add = (c: Category): void => {
    if (!hints.includes(c)) hints.push(c);
  };
  const readTest = (test: TSESTree.Node): void => {
    const visit = (n: TSESTree.Node): void => {
      if (n.type === AST_NODE_TYPES.LogicalExpression) {
        visit(n.left);
        visit(n.right);
        return;
      }
      if (n.type === AST_NODE_TYPES.BinaryExpression) {
        // Only an equality (or `>= 500`) points at a category; `!== 403` says the opposite.
        if (n.operator === "===" || n.operator === "==") {
          visit(n.left);
          visit(n.right);
        } else if (
          (n.operator === ">=" || n.operator === ">") &&
          n.right.type === AST_NODE_TYPES.Literal &&
          typeof n.right.value === "number" &&
          n.right.value >= 499
        ) {
          add("transient");
        }
        return;
      }
      if (n.type === AST_NODE_TYPES.Literal) {
        if (typeof n.value === "number") {
          if (n.value === 429 || n.value === 408 || (n.value >= 500 && n.value < 600)) add("transient");
          else if (n.value === 401 || n.value === 403) add("permission");
          else if (n.value === 400 || n.value === 422) add("validation");
          else if (n.value === 404 || n.value === 409) add("business");
        } else if (typeof n.value === "string") {
          if (/^(ETIMEDOUT|ECONNRESET|ECONNREFUSED|EAI_AGAIN|ENOTFOUND|ECONNABORTED|EPIPE)$/.test(n.value)) add("transient");
          else if (/^(EACCES|EPERM)$/.test(n.value)) add("permission");
          else if (n.value === "ENOENT") add("business");
        }
      }
    };
    visit(test);
  };
  let current: TSESTree.Node | undefined = node;
  while (current && !isFunctionNode(current)) {
    const parent: TSESTree.Node | undefined = current.parent;
    if (parent?.type === AST_NODE_TYPES.IfStatement && parent.consequent === current) readTest(parent.test);
    if (parent?.type === AST_NODE_TYPES.ConditionalExpression && parent.consequent === current) readTest(parent.test);
    if (parent?.type === AST_NODE_TYPES.SwitchCase && parent.test) readTest(parent.test);
    current = parent;
  }
  return hints;
}

/**
 * Every category, in the order suggestions offer them: `first` when the caller knows one (a
 * JSON-RPC code), then those the branch around `node` points at, then the rest.
 */
export function orderedCategories(node: TSESTree.Node, first?: Category): Category[] {
  const order: Category[] = first ? [first] : [];
  for (const c of [...likelyCategories(node), ...CATEGORIES]) if (!order.includes(c)) order.push(c);
  return order;
}
