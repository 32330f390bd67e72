/**
 * Calls through a cast that only restates a member of the value's own type:
 * `(mcp as unknown as { executeTool(...): Promise<unknown> }).executeTool(name, args)`. The checker
 * places `executeTool` in the type literal the cast wrote; the call still runs the method of the
 * value's own type (a class method), which is what the index follows.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { unaliased } from "./declarations.js";
import type { FileEntry } from "./file-entry.js";

/** The member of the uncast value's type that `symbol` (a member of a cast's type literal) restates; undefined otherwise. */
export function uncastMember(
  checker: ts.TypeChecker,
  entry: FileEntry,
  callee: TSESTree.MemberExpression,
  symbol: ts.Symbol | undefined,
): ts.Symbol | undefined {
  const declarations = symbol?.declarations ?? [];
  if (!symbol || declarations.length === 0 || !declarations.every((d) => typescript.isTypeLiteralNode(d.parent))) return undefined;
  let inner: TSESTree.Node = callee.object;
  let cast = false;
  while (
    inner.type === AST_NODE_TYPES.TSAsExpression ||
    inner.type === AST_NODE_TYPES.TSTypeAssertion ||
    inner.type === AST_NODE_TYPES.TSNonNullExpression
  ) {
    cast ||= inner.type !== AST_NODE_TYPES.TSNonNullExpression;
    inner = inner.expression;
  }
  if (!cast) return undefined;
  const type = checker.getTypeAtLocation(entry.services.esTreeNodeToTSNodeMap.get(inner));
  const own = checker.getPropertyOfType(checker.getApparentType(type), symbol.name);
  return own?.declarations?.some((d) => !typescript.isTypeLiteralNode(d.parent)) ? unaliased(checker, own) : undefined;
}
