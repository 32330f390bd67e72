/**
 * The project's named types a value was declared with, read from the syntax. Where the checker
 * knows no type (a type built from a dependency that is not installed, such as
 * `z.infer<typeof ToolSchema> & { call: ... }`, is `any`), the names the code wrote still hold:
 * `tool: ToolEntry` in a parameter's type, `const search: ToolEntry = ...`, `satisfies HelperTool`.
 * A call `tool.call(args)` on such a value runs the `call` members of the object literals
 * declared with one of those names, and only where those types declare `call` themselves.
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { skipOuter, unaliased } from "./declarations.js";

/** How deep type references and bindings are followed (aliases of aliases, destructured parameters). */
const MAX_DEPTH = 6;

/** The type node a declaration gives its value, through destructuring and `const t = tool`. */
export function declaredTypeNode(checker: ts.TypeChecker, declaration: ts.Declaration | undefined, depth = 0): ts.TypeNode | undefined {
  if (!declaration || depth > MAX_DEPTH) return undefined;
  if (typescript.isParameter(declaration) || typescript.isVariableDeclaration(declaration) || typescript.isPropertySignature(declaration)) {
    if (declaration.type) return declaration.type;
    const init = typescript.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
    return init && typescript.isIdentifier(init) ? declaredTypeNode(checker, checker.getSymbolAtLocation(init)?.valueDeclaration, depth + 1) : undefined;
  }
  if (typescript.isBindingElement(declaration) && typescript.isObjectBindingPattern(declaration.parent) && !declaration.dotDotDotToken) {
    const key = declaration.propertyName ?? declaration.name;
    if (!typescript.isIdentifier(key)) return undefined;
    const whole = declaredTypeNode(checker, declaration.parent.parent, depth + 1);
    return whole ? memberTypeNode(checker, whole, key.text, depth + 1) : undefined;
  }
  return undefined;
}

/** The type node of member `name` in a type written as a literal, an interface, an alias or an intersection of them. */
function memberTypeNode(checker: ts.TypeChecker, node: ts.TypeNode, name: string, depth: number): ts.TypeNode | undefined {
  if (depth > MAX_DEPTH) return undefined;
  for (const members of memberLists(checker, node, depth)) {
    for (const member of members) {
      if (typescript.isPropertySignature(member) && typescript.isIdentifier(member.name) && member.name.text === name) return member.type;
    }
  }
  return undefined;
}

/** The member lists a written type is made of: its type literals and interfaces, through aliases and intersections. */
function memberLists(checker: ts.TypeChecker, node: ts.TypeNode, depth: number): (readonly ts.TypeElement[])[] {
  if (depth > MAX_DEPTH) return [];
  if (typescript.isTypeLiteralNode(node)) return [node.members];
  if (typescript.isParenthesizedTypeNode(node)) return memberLists(checker, node.type, depth + 1);
  if (typescript.isIntersectionTypeNode(node)) return node.types.flatMap((part) => memberLists(checker, part, depth + 1));
  if (!typescript.isTypeReferenceNode(node)) return [];
  const declarations = unaliased(checker, checker.getSymbolAtLocation(node.typeName))?.declarations ?? [];
  return declarations.flatMap((declaration) =>
    typescript.isInterfaceDeclaration(declaration)
      ? [declaration.members]
      : typescript.isTypeAliasDeclaration(declaration)
        ? memberLists(checker, declaration.type, depth + 1)
        : [],
  );
}

/**
 * The named types a written type stands for, with the members of the unions its aliases name
 * (`ToolEntry = HelperTool | ActorTool`: all three), each with whether it declares `member`.
 */
export function namedTypes(checker: ts.TypeChecker, node: ts.TypeNode, member: string): Map<ts.Symbol, boolean> {
  const found = new Map<ts.Symbol, boolean>();
  const visit = (typeNode: ts.TypeNode, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (typescript.isParenthesizedTypeNode(typeNode)) {
      visit(typeNode.type, depth + 1);
      return;
    }
    if (typescript.isUnionTypeNode(typeNode)) {
      for (const part of typeNode.types) visit(part, depth + 1);
      return;
    }
    if (!typescript.isTypeReferenceNode(typeNode)) return;
    const symbol = unaliased(checker, checker.getSymbolAtLocation(typeNode.typeName));
    if (!symbol || found.has(symbol) || !(symbol.flags & (typescript.SymbolFlags.TypeAlias | typescript.SymbolFlags.Interface))) return;
    found.set(symbol, memberTypeNode(checker, typeNode, member, depth + 1) !== undefined);
    for (const declaration of symbol.declarations ?? []) {
      if (typescript.isTypeAliasDeclaration(declaration) && typescript.isUnionTypeNode(declaration.type)) visit(declaration.type, depth + 1);
    }
  };
  visit(node, 0);
  return found;
}

/**
 * The type nodes an object literal is declared with: `satisfies X` and `as X` around it, and the
 * annotation of the variable it initializes, also through a helper that hands it back
 * (`const tool: ToolEntry = Object.freeze({ ... })`; `handsBack` says which calls do).
 */
export function literalTypeNodes(literal: ts.ObjectLiteralExpression, handsBack: (call: ts.CallExpression, index: number) => boolean): ts.TypeNode[] {
  const nodes: ts.TypeNode[] = [];
  let node: ts.Node = literal;
  for (;;) {
    const parent: ts.Node = node.parent;
    if (typescript.isSatisfiesExpression(parent) || typescript.isAsExpression(parent)) {
      if (!typescript.isConstTypeReference(parent.type)) nodes.push(parent.type);
    } else if (typescript.isCallExpression(parent)) {
      const index = parent.arguments.indexOf(node as ts.Expression);
      if (index < 0 || !handsBack(parent, index)) break;
    } else if (!typescript.isParenthesizedExpression(parent)) {
      if (typescript.isVariableDeclaration(parent) && parent.type) nodes.push(parent.type);
      break;
    }
    node = parent;
  }
  return nodes;
}

/**
 * Member `member` of the values a variable may hold when it is written as a choice the checker
 * types as `any` (`const breaker = options.breaker || defaultBreaker`: `any || CircuitBreaker` is
 * `any`): the member each typed side declares. A side the checker knows nothing of adds nothing.
 */
export function alternativeMembers(checker: ts.TypeChecker, declaration: ts.Declaration | undefined, member: string): ts.Declaration[] {
  const init = declaration && typescript.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
  if (!init) return [];
  const sides: ts.Expression[] = [];
  const visit = (node: ts.Expression, depth: number): void => {
    const n = skipOuter(node);
    const kind = typescript.isBinaryExpression(n) ? n.operatorToken.kind : undefined;
    if (
      depth < MAX_DEPTH &&
      typescript.isBinaryExpression(n) &&
      (kind === typescript.SyntaxKind.BarBarToken || kind === typescript.SyntaxKind.QuestionQuestionToken)
    ) {
      visit(n.left, depth + 1);
      visit(n.right, depth + 1);
    } else sides.push(n);
  };
  visit(init, 0);
  if (sides.length < 2) return [];
  return sides.flatMap((side) => {
    const type = checker.getTypeAtLocation(side);
    return type.flags & typescript.TypeFlags.Any ? [] : (checker.getPropertyOfType(type, member)?.declarations ?? []);
  });
}
