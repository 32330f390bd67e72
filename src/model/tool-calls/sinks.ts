/**
 * Where a value read from a tool result's content ends up. Read to be shown (a console print, the
 * message of a thrown error), to be asserted on (`assert.equal(text, ...)`, `expect(data)...`: a
 * failed call fails the assertion) or only tested (`if (block.type === "text")`), it is not taken
 * for the answer; read into anything else (returned, stored, passed on, handed to the model), it is.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { findVariable, rootIdentifier } from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Callees whose arguments are only shown or asserted on: `console.log(...)`, `assert.equal(...)`, `expect(...)`. */
const SHOWING = new Set(["console", "assert", "expect", "check"]);

/** Functions that turn the text into another value of it: the value still flows on. */
const CONVERSIONS = new Set(["JSON.parse", "JSON.stringify", "Number", "String", "Boolean", "parseInt", "parseFloat"]);

/** How many variables deep a read is followed. */
const MAX_DEPTH = 3;

function calleeText(callee: TSESTree.Node): string | undefined {
  if (callee.type === AST_NODE_TYPES.Identifier) return callee.name;
  if (
    callee.type === AST_NODE_TYPES.MemberExpression &&
    callee.object.type === AST_NODE_TYPES.Identifier &&
    callee.property.type === AST_NODE_TYPES.Identifier
  ) {
    return `${callee.object.name}.${callee.property.name}`;
  }
  return undefined;
}

/** Whether the value of `node` (a read of the content) is only shown, asserted on or tested. */
export function isOnlyShown(sourceCode: SourceCode, node: TSESTree.Node, depth = 0): boolean {
  let current = node;
  for (;;) {
    const parent = current.parent;
    if (!parent) return false;
    switch (parent.type) {
      case AST_NODE_TYPES.MemberExpression:
        if (parent.object !== current) return false;
        break;
      case AST_NODE_TYPES.ChainExpression:
      case AST_NODE_TYPES.TSAsExpression:
      case AST_NODE_TYPES.TSSatisfiesExpression:
      case AST_NODE_TYPES.TSNonNullExpression:
      case AST_NODE_TYPES.TSTypeAssertion:
      case AST_NODE_TYPES.AwaitExpression:
      case AST_NODE_TYPES.UnaryExpression:
      case AST_NODE_TYPES.BinaryExpression:
      case AST_NODE_TYPES.LogicalExpression:
      case AST_NODE_TYPES.TemplateLiteral:
        break;
      case AST_NODE_TYPES.ConditionalExpression:
        if (parent.test === current) return true;
        break;
      case AST_NODE_TYPES.IfStatement:
      case AST_NODE_TYPES.WhileStatement:
      case AST_NODE_TYPES.DoWhileStatement:
      case AST_NODE_TYPES.SwitchStatement:
      case AST_NODE_TYPES.SwitchCase:
      case AST_NODE_TYPES.ExpressionStatement:
        return true;
      case AST_NODE_TYPES.CallExpression: {
        // A method of the value (`content.map(...)`, `text.trim()`): its result is read on.
        if (parent.callee === current) break;
        const root = rootIdentifier(parent.callee);
        if (root && SHOWING.has(root.name)) return true;
        const name = calleeText(parent.callee);
        if (name === undefined || !CONVERSIONS.has(name)) return false;
        break;
      }
      case AST_NODE_TYPES.NewExpression:
        // The message of an error: the failure path, where the text is shown, not taken for an answer.
        return parent.callee.type === AST_NODE_TYPES.Identifier && parent.callee.name.endsWith("Error");
      case AST_NODE_TYPES.ThrowStatement:
        return true;
      case AST_NODE_TYPES.VariableDeclarator:
        return parent.init === current && readsOnlyShown(sourceCode, parent.id, depth);
      case AST_NODE_TYPES.ForOfStatement: {
        const declaration = parent.left.type === AST_NODE_TYPES.VariableDeclaration ? parent.left.declarations[0] : undefined;
        return parent.right === current && declaration !== undefined && readsOnlyShown(sourceCode, declaration.id, depth);
      }
      default:
        return false;
    }
    current = parent;
  }
}

/** Whether every read of the variable a declaration binds is only shown (none at all: nothing flows on). */
export function readsOnlyShown(sourceCode: SourceCode, id: TSESTree.Node, depth: number): boolean {
  const target = id.type === AST_NODE_TYPES.AssignmentPattern ? id.left : id;
  if (target.type !== AST_NODE_TYPES.Identifier || depth >= MAX_DEPTH) return false;
  const variable = findVariable(sourceCode, target);
  if (!variable) return false;
  return variable.references.every((reference) => !reference.isRead() || isOnlyShown(sourceCode, reference.identifier, depth + 1));
}
