/**
 * Fixed data a catch answers with in place of what its try fetched: a list written out in the
 * code (`return ["accordion", "alert", ...]`), or a call of a same-file function that returns
 * only such lists (`return getFallbackComponents()`), or a conditional between them. The agent
 * cannot tell the stand-in from what the upstream holds.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { constInitializer, resolveFunction, returnedValues, unwrap } from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** How many functions deep a fallback is followed (`fallback()` returning `defaults()`). */
const MAX_DEPTH = 2;

/** What the catch's value is, when it is fixed data: "a fixed list", "the fixed list of `fallback()`". */
export function fixedData(sourceCode: SourceCode, value: TSESTree.Node | null): string | undefined {
  if (!value || !isFixed(sourceCode, value, 0)) return undefined;
  const node = unwrap(value);
  if (node.type === AST_NODE_TYPES.Identifier) return `the fixed value of \`${node.name}\``;
  const callee = node.type === AST_NODE_TYPES.CallExpression ? unwrap(node.callee) : undefined;
  return callee?.type === AST_NODE_TYPES.Identifier ? `the fixed list of \`${callee.name}()\`` : "a fixed list";
}

function isFixed(sourceCode: SourceCode, value: TSESTree.Node, depth: number): boolean {
  const node = unwrap(value);
  switch (node.type) {
    case AST_NODE_TYPES.ArrayExpression:
      return node.elements.length > 0 && node.elements.every((element) => element !== null && isConstant(element));
    case AST_NODE_TYPES.ConditionalExpression:
      return isFixed(sourceCode, node.consequent, depth) && isFixed(sourceCode, node.alternate, depth);
    // `return fallbackCoordinates`, a const of the file written out in the code (`{ latitude: 0, longitude: 0, label: "Unknown" }`).
    case AST_NODE_TYPES.Identifier: {
      const init = depth < MAX_DEPTH ? constInitializer(sourceCode, node) : undefined;
      return init !== undefined && (isFixed(sourceCode, init, depth + 1) || (unwrap(init).type === AST_NODE_TYPES.ObjectExpression && isConstant(init)));
    }
    case AST_NODE_TYPES.CallExpression: {
      const callee = unwrap(node.callee);
      if (depth >= MAX_DEPTH || node.arguments.length > 0 || callee.type !== AST_NODE_TYPES.Identifier) return false;
      const fn = resolveFunction(sourceCode, callee);
      const returned = fn && fn.params.length === 0 && !fn.async ? returnedValues(fn) : [];
      return returned.length > 0 && returned.every((r) => r !== null && isFixed(sourceCode, r, depth + 1));
    }
    default:
      return false;
  }
}

/** A literal, a template without expressions, or an object of those (one record of a list). */
function isConstant(node: TSESTree.Node): boolean {
  const value = unwrap(node);
  if (value.type === AST_NODE_TYPES.Literal) return true;
  if (value.type === AST_NODE_TYPES.TemplateLiteral) return value.expressions.length === 0;
  if (value.type === AST_NODE_TYPES.ObjectExpression) {
    return value.properties.length > 0 && value.properties.every((p) => p.type === AST_NODE_TYPES.Property && !p.computed && isConstant(p.value));
  }
  return false;
}
