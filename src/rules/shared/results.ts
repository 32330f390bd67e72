/** Facts about a tool result object literal that several rules read. */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { ToolHandler } from "../../model/index.js";
import { enclosingFunction, findProperty, unwrap } from "../../util/ast.js";

/**
 * The object is returned by a function whose return value is the tool result: a handler's own
 * function, or a named function on a handler path (a helper). An inline callback
 * (`items.map(() => ...)`) returns to its caller.
 */
export function returnsToolResult(object: TSESTree.Node, handlers: readonly ToolHandler[]): boolean {
  const fn = enclosingFunction(object);
  if (!fn) return false;
  if (handlers.some((h) => h.entry === fn || h.root === fn)) return true;
  return fn.parent.type !== AST_NODE_TYPES.CallExpression && fn.parent.type !== AST_NODE_TYPES.NewExpression;
}

/** The only part of the result's content when it is written inline: `content: [{ type: "text", text }]`. */
export function soleContentPart(result: TSESTree.ObjectExpression): TSESTree.ObjectExpression | undefined {
  const content = findProperty(result, "content");
  const array = content ? unwrap(content.value) : undefined;
  const first = array?.type === AST_NODE_TYPES.ArrayExpression && array.elements.length === 1 ? array.elements[0] : undefined;
  const part = first ? unwrap(first) : undefined;
  return part?.type === AST_NODE_TYPES.ObjectExpression ? part : undefined;
}
