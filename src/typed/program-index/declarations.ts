/**
 * What a TypeScript declaration stands for, for the index: the function it declares, that
 * function in the ESTree conversion, and the tool name written beside it.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { isFunctionNode } from "../../util/ast.js";

/** The symbol an import (or re-export) stands for; any other symbol as it is. */
export function unaliased(checker: ts.TypeChecker, symbol: ts.Symbol | undefined): ts.Symbol | undefined {
  return symbol && symbol.flags & typescript.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** The function-like node a declaration stands for (`function f`, `const f = () => ...`, methods). */
export function functionOf(declaration: ts.Declaration): ts.FunctionLikeDeclaration | undefined {
  let node: ts.Node | undefined = declaration;
  if (typescript.isVariableDeclaration(declaration) || typescript.isPropertyAssignment(declaration) || typescript.isPropertyDeclaration(declaration)) {
    node = declaration.initializer;
    while (node && (typescript.isParenthesizedExpression(node) || typescript.isAsExpression(node) || typescript.isSatisfiesExpression(node)))
      node = node.expression;
  }
  if (!node) return undefined;
  if (
    typescript.isFunctionDeclaration(node) ||
    typescript.isMethodDeclaration(node) ||
    typescript.isFunctionExpression(node) ||
    typescript.isArrowFunction(node)
  ) {
    return node.body ? node : undefined;
  }
  return undefined;
}

/** The function an object member's value names: `{ execute }`, `{ execute: run }`. */
export function functionOfNamedValue(checker: ts.TypeChecker, declaration: ts.Declaration): ts.FunctionLikeDeclaration | undefined {
  let symbol: ts.Symbol | undefined;
  if (typescript.isShorthandPropertyAssignment(declaration)) symbol = checker.getShorthandAssignmentValueSymbol(declaration);
  else if (typescript.isPropertyAssignment(declaration) && typescript.isIdentifier(declaration.initializer))
    symbol = checker.getSymbolAtLocation(declaration.initializer);
  const value = unaliased(checker, symbol)?.valueDeclaration;
  return value ? functionOf(value) : undefined;
}

/** The ESTree function of a converted declaration (a method's value, a property's function). */
export function functionValue(node: TSESTree.Node): TSESTree.Node | undefined {
  if (isFunctionNode(node)) return node;
  if (
    (node.type === AST_NODE_TYPES.MethodDefinition || node.type === AST_NODE_TYPES.Property || node.type === AST_NODE_TYPES.PropertyDefinition) &&
    node.value &&
    isFunctionNode(node.value)
  ) {
    return node.value;
  }
  return undefined;
}

/**
 * The tool name beside a member: `{ name: "x", handler }`, `{ schema: { name: "x" }, handle }`, or
 * a class field `readonly name = "x"` of the class (or a base class) that implements the method.
 * A name held in a `const` is read through the checker. `key`: the member the registration reads
 * the name from (`registerTool(tool.title, ..., tool.handler)` reads `title`).
 */
export function toolNameNear(checker: ts.TypeChecker, declaration: ts.Declaration, key = "name"): string | undefined {
  /** The string a `const` holds: `const NAME = "x"`. */
  const constString = (symbol: ts.Symbol | undefined): string | undefined => {
    const value = symbol?.valueDeclaration;
    return value && typescript.isVariableDeclaration(value) && value.initializer && typescript.isStringLiteralLike(value.initializer)
      ? value.initializer.text
      : undefined;
  };
  const stringOf = (node: ts.Expression | undefined): string | undefined => {
    if (!node) return undefined;
    if (typescript.isStringLiteralLike(node)) return node.text;
    if (typescript.isIdentifier(node)) return constString(unaliased(checker, checker.getSymbolAtLocation(node)));
    return undefined;
  };
  const parent = declaration.parent;
  if (typescript.isObjectLiteralExpression(parent)) {
    const nameIn = (literal: ts.ObjectLiteralExpression): string | undefined => {
      // `{ name, version, ... }` is a server's (or client's) own info, as MCP's `Implementation`: its name is no tool's.
      if (literal.properties.some((property) => property.name !== undefined && typescript.isIdentifier(property.name) && property.name.text === "version"))
        return undefined;
      for (const property of literal.properties) {
        if (typescript.isPropertyAssignment(property) && typescript.isIdentifier(property.name) && property.name.text === key)
          return stringOf(property.initializer);
        // `{ name, execute }` with `export const name = "find_city"`.
        if (typescript.isShorthandPropertyAssignment(property) && property.name.text === key) {
          const name = constString(checker.getShorthandAssignmentValueSymbol(property));
          if (name !== undefined) return name;
        }
      }
      return undefined;
    };
    const direct = nameIn(parent);
    if (direct !== undefined) return direct;
    for (const property of parent.properties) {
      if (typescript.isPropertyAssignment(property) && typescript.isObjectLiteralExpression(property.initializer)) {
        const nested = nameIn(property.initializer);
        if (nested !== undefined) return nested;
      }
    }
    return undefined;
  }
  // An error class's `name` (`override readonly name = "ActorLoadError"`) labels the error, not a tool.
  if (typescript.isClassLike(parent) && !isErrorClass(parent)) {
    for (const member of parent.members) {
      if (typescript.isPropertyDeclaration(member) && typescript.isIdentifier(member.name) && member.name.text === key) {
        return stringOf(member.initializer);
      }
    }
  }
  return undefined;
}

/** `class NotFound extends Error`, `class ActorLoadError extends BaseError`: by its name or its base's. */
function isErrorClass(cls: ts.ClassLikeDeclaration): boolean {
  const errorLike = (text: string): boolean => /(Error|Exception)$/u.test(text);
  if (cls.name && errorLike(cls.name.text)) return true;
  return (cls.heritageClauses ?? []).some(
    (clause) => clause.token === typescript.SyntaxKind.ExtendsKeyword && clause.types.some((type) => errorLike(type.expression.getText())),
  );
}

/** The object literal names every required member of the interface (or type literal) that declares `symbol`. */
export function hasRequiredMembers(literal: ts.ObjectLiteralExpression, symbol: ts.Symbol): boolean {
  const owner = symbol.declarations?.[0]?.parent;
  if (!owner || !(typescript.isInterfaceDeclaration(owner) || typescript.isTypeLiteralNode(owner))) return false;
  const names = new Set(
    literal.properties.flatMap((p) => (p.name && (typescript.isIdentifier(p.name) || typescript.isStringLiteralLike(p.name)) ? [p.name.text] : [])),
  );
  return owner.members.every(
    (m) =>
      !typescript.isPropertySignature(m) ||
      m.questionToken !== undefined ||
      !m.name ||
      !(typescript.isIdentifier(m.name) || typescript.isStringLiteralLike(m.name)) ||
      names.has(m.name.text),
  );
}

/** An expression without the parentheses and type assertions around it. */
export function skipOuter(node: ts.Expression): ts.Expression {
  let current = node;
  while (
    typescript.isParenthesizedExpression(current) ||
    typescript.isAsExpression(current) ||
    typescript.isSatisfiesExpression(current) ||
    typescript.isNonNullExpression(current)
  ) {
    current = current.expression;
  }
  return current;
}

/**
 * The text of a property name: `get_widget`, `"get_widget"`, or a computed `[fetchUrlTool.name]`
 * whose value is a string the program shows (a literal type, or a property set to a string literal).
 */
export function keyText(checker: ts.TypeChecker, name: ts.PropertyName): string | undefined {
  if (typescript.isIdentifier(name) || typescript.isStringLiteralLike(name)) return name.text;
  if (!typescript.isComputedPropertyName(name)) return undefined;
  const type = checker.getTypeAtLocation(name.expression);
  if (type.isStringLiteral()) return type.value;
  const declaration = checker.getSymbolAtLocation(name.expression)?.valueDeclaration;
  const value = declaration && typescript.isPropertyAssignment(declaration) ? skipOuter(declaration.initializer) : undefined;
  return value && typescript.isStringLiteralLike(value) ? value.text : undefined;
}

/** `constructor(private readonly run: () => void)`: a constructor parameter that is also a property. */
export function isParameterProperty(declaration: ts.Declaration): boolean {
  return (
    typescript.isParameter(declaration) &&
    typescript.isConstructorDeclaration(declaration.parent) &&
    (typescript.getCombinedModifierFlags(declaration) & typescript.ModifierFlags.ParameterPropertyModifier) !== 0
  );
}

/** A function declaration, a function expression or an arrow: code that runs. */
export function isFunctionValue(declaration: ts.Declaration): boolean {
  return typescript.isFunctionDeclaration(declaration) || typescript.isArrowFunction(declaration) || typescript.isFunctionExpression(declaration);
}

/** `fn` returns a call: an arrow's body, or a `return` among the statements of its body. */
export function returnsCall(fn: ts.FunctionLikeDeclaration): boolean {
  const body = fn.body;
  if (!body) return false;
  if (!typescript.isBlock(body)) return typescript.isCallExpression(skipOuter(body));
  return body.statements.some(
    (s) => typescript.isReturnStatement(s) && s.expression !== undefined && typescript.isCallExpression(skipOuter(s.expression)),
  );
}

/** The function a property signature's type names (`callTool: typeof handleCallTool`). */
export function queriedFunctions(checker: ts.TypeChecker, declaration: ts.Declaration): ts.Declaration[] {
  if (!typescript.isPropertySignature(declaration) || !declaration.type || !typescript.isTypeQueryNode(declaration.type)) return [];
  const queried = unaliased(checker, checker.getSymbolAtLocation(declaration.type.exprName));
  return (queried?.declarations ?? []).filter(isFunctionValue);
}

/** The symbol a name stands for: the value a shorthand holds (`{ tool, executor }`), not the member it writes. */
export function valueSymbol(checker: ts.TypeChecker, name: ts.Node): ts.Symbol | undefined {
  const parent = name.parent;
  return typescript.isShorthandPropertyAssignment(parent) && parent.name === name
    ? checker.getShorthandAssignmentValueSymbol(parent)
    : checker.getSymbolAtLocation(name);
}

/** A method of a class's instances (not a static one): subclasses may override it. */
export function isInstanceMethod(declaration: ts.Declaration): declaration is ts.MethodDeclaration {
  return typescript.isMethodDeclaration(declaration) && (typescript.getCombinedModifierFlags(declaration) & typescript.ModifierFlags.Static) === 0;
}

/** Constituents of a union type read, at most: a list of many modules' exports stays bounded. */
const MAX_UNION = 64;

/**
 * The functions a value's inferred type comes from: the one function, or each function of a
 * union (`handler` of `for (const { handler } of modules)`, each module exporting its own).
 */
export function inferredFunctions(checker: ts.TypeChecker, node: ts.Node): ts.Declaration[] {
  const type = checker.getTypeAtLocation(node);
  const types = type.isUnion() ? type.types.slice(0, MAX_UNION) : [type];
  return types.flatMap((each) => (each.getSymbol()?.declarations ?? []).filter(isFunctionValue));
}

/** The constructor with a body that a class declaration holds (none for a class that declares none). */
export function declaredConstructor(declaration: ts.Declaration | undefined): ts.ConstructorDeclaration | undefined {
  if (!declaration || !typescript.isClassDeclaration(declaration)) return undefined;
  return declaration.members.find(
    (member): member is ts.ConstructorDeclaration => typescript.isConstructorDeclaration(member) && member.body !== undefined,
  );
}

/** What a function whose only statement returns a value gives back: that value (`return tools`), or an arrow's expression body. */
export function onlyReturnedValue(fn: ts.FunctionLikeDeclaration): ts.Expression | undefined {
  const body = fn.body;
  if (!body) return undefined;
  if (!typescript.isBlock(body)) return body;
  const [only] = body.statements;
  return body.statements.length === 1 && only && typescript.isReturnStatement(only) ? only.expression : undefined;
}
