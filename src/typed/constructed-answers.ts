/**
 * Types for recall at an answer a class builds: `return new PromptResponse(text).promptResponse`,
 * where the class (of this file or another) sets the field in its constructor to a tool result
 * literal (`this.promptResponse = { role: "assistant", content: [{ type: "text", text: content }] }`).
 * The checker finds the class the construction names, wherever it is declared.
 */
import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type ts from "typescript";
import { loadTypedRuntime, typescript } from "./runtime.js";
import { declaredConstructor, unaliased } from "./program-index/declarations.js";
import { checkedNode } from "./values.js";

/**
 * For `new C(args).field`, where C's constructor sets `this.field` to a successful tool result
 * literal (a `content` list and no `isError`): the index of the constructor parameter that is the
 * text of its one text part, or -1 when the text is no parameter. Undefined for anything else.
 */
export function constructedAnswerText(sourceCode: Readonly<TSESLint.SourceCode>, member: TSESTree.MemberExpression): number | undefined {
  if (member.object.type !== AST_NODE_TYPES.NewExpression || member.computed || member.property.type !== AST_NODE_TYPES.Identifier) return undefined;
  const checked = checkedNode(sourceCode, member.object.callee);
  if (!checked) return undefined;
  loadTypedRuntime();
  const ctor = declaredConstructor(unaliased(checked.checker, checked.checker.getSymbolAtLocation(checked.tsNode))?.valueDeclaration);
  const literal = ctor ? fieldLiteral(ctor, member.property.name) : undefined;
  if (!ctor || !literal || property(literal, "isError") || !property(literal, "content")) return undefined;
  const content = property(literal, "content");
  const parts = content && typescript.isArrayLiteralExpression(content) ? content.elements : [];
  const [part] = parts;
  const text = parts.length === 1 && part && typescript.isObjectLiteralExpression(part) ? property(part, "text") : undefined;
  if (!text || !typescript.isIdentifier(text)) return -1;
  return ctor.parameters.findIndex((parameter) => typescript.isIdentifier(parameter.name) && parameter.name.text === text.text);
}

/** The object literal the constructor assigns to `this.<name>`, when it assigns one. */
function fieldLiteral(ctor: ts.ConstructorDeclaration, name: string): ts.ObjectLiteralExpression | undefined {
  for (const statement of ctor.body?.statements ?? []) {
    if (!typescript.isExpressionStatement(statement)) continue;
    const assignment = statement.expression;
    if (!typescript.isBinaryExpression(assignment) || assignment.operatorToken.kind !== typescript.SyntaxKind.EqualsToken) continue;
    const target = assignment.left;
    if (!typescript.isPropertyAccessExpression(target) || target.expression.kind !== typescript.SyntaxKind.ThisKeyword || target.name.text !== name)
      continue;
    return typescript.isObjectLiteralExpression(assignment.right) ? assignment.right : undefined;
  }
  return undefined;
}

/** The value of a literal's property `name`, written `name: value` (or as the shorthand `name`). */
export function property(literal: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of literal.properties) {
    if (!p.name || !typescript.isIdentifier(p.name) || p.name.text !== name) continue;
    if (typescript.isPropertyAssignment(p)) return p.initializer;
    if (typescript.isShorthandPropertyAssignment(p)) return p.name;
  }
  return undefined;
}
