/**
 * Whether a file hands functions of its own to a package that another tsconfig lints. A program
 * that resolves a sibling package of its monorepo holds that package's files; the tools the
 * package registers are its own program's to follow, and following them again here only
 * matters when this program's code takes part in them: a registration helper of the package
 * that runs tools defined here (`serveTools("quotes", [quote])`), a tool object or a callback
 * passed in, a class of the package extended here. An application that only configures and
 * starts the package (`new Toolkit({ token, mode })`, `toolkit.connect(transport)`) hands it
 * data and objects of other libraries, and nothing of this program runs on the package's tools.
 *
 * Unknown means yes: a value the checker cannot type is taken to carry functions, except an
 * import that did not resolve (an uninstalled dependency's value is not this program's code).
 */
import path from "node:path";
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { unaliased } from "./declarations.js";

const DEPTH = 2;
const PROPERTY_LIMIT = 64;

/** Whether `sourceFile` passes values that carry functions of this program (outside `own`) into code of `own` (a package folder, ending in a separator). */
export function handsFunctionsInto(sourceFile: ts.SourceFile, own: string, checker: ts.TypeChecker): boolean {
  const ts = typescript;
  const fromPackage = new Set<string>();
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    if (!statement.moduleSpecifier || !inPackage(statement.moduleSpecifier, own, checker)) continue;
    // A re-export hands the package's names to files this check does not read.
    if (ts.isExportDeclaration(statement)) return true;
    const clause = statement.importClause;
    // Names imported only as types never reach a call or an argument: they can stay in the set.
    if (!clause) continue;
    if (clause.name) fromPackage.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) fromPackage.add(bindings.name.text);
    else if (bindings) for (const element of bindings.elements) fromPackage.add(element.name.text);
  }
  if (fromPackage.size === 0) return false;

  // Names that hold what the package made: `const toolkit = new Toolkit(...)`, `this.client = ...`.
  const derived = new Set(fromPackage);
  const isDerived = (node: ts.Expression): boolean => {
    const root = rootName(node);
    return root !== undefined && derived.has(root);
  };
  let grew = true;
  while (grew) {
    grew = false;
    visit(sourceFile, (node) => {
      const target =
        ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)
          ? node.name
          : ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken
            ? node.left
            : undefined;
      const value =
        ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node) ? node.initializer : ts.isBinaryExpression(node) ? node.right : undefined;
      if (!target || !value || !isDerived(value)) return;
      for (const name of boundNames(target)) {
        if (derived.has(name)) continue;
        derived.add(name);
        grew = true;
      }
    });
  }

  const handsAt = (node: ts.Node): boolean => {
    // A call of what the package made, with code of this program among its arguments.
    if (
      (ts.isCallExpression(node) || ts.isNewExpression(node)) &&
      isDerived(node.expression) &&
      !isPromiseMethod(node.expression) &&
      (node.arguments ?? []).some((argument) => carries(argument, checker, own, DEPTH))
    ) {
      return true;
    }
    if (ts.isHeritageClause(node) && node.token === ts.SyntaxKind.ExtendsKeyword) return node.types.some((type) => isDerived(type.expression));
    if (ts.isDecorator(node)) return isDerived(node.expression);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && isDerived(node.left))
      return carries(node.right, checker, own, DEPTH);
    // What the package made, handed on to code this check does not read (an exported variable included).
    const exported = ts.isVariableDeclaration(node) && node.initializer !== undefined && isDerived(node.initializer) && isExported(node);
    if (exported) return acceptsFunctions(checker.getTypeAtLocation(node.name), checker);
    return (
      ts.isExpression(node) &&
      isDerived(node) &&
      escapes(node, checker) &&
      typeCarries(checker.getTypeAtLocation(node), checker, undefined, DEPTH, new Set())
    );
  };
  let hands = false;
  visit(sourceFile, (node) => {
    if (!hands) hands = handsAt(node);
  });
  return hands;
}

function inPackage(specifier: ts.Expression, own: string, checker: ts.TypeChecker): boolean {
  const declaration = checker.getSymbolAtLocation(specifier)?.valueDeclaration;
  return declaration !== undefined && typescript.isSourceFile(declaration) && path.resolve(declaration.fileName).startsWith(own);
}

function visit(node: ts.Node, callback: (node: ts.Node) => void): void {
  callback(node);
  typescript.forEachChild(node, (child) => {
    visit(child, callback);
  });
}

/** The name an expression starts from: `toolkit` in `toolkit.tools.add`, `client` in `this.client.get`, `Toolkit` in `new Toolkit()`. */
function rootName(node: ts.Expression): string | undefined {
  const ts = typescript;
  let current = node;
  for (;;) {
    if (ts.isParenthesizedExpression(current) || ts.isAwaitExpression(current) || ts.isAsExpression(current) || ts.isNonNullExpression(current))
      current = current.expression;
    else if ((ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) && current.expression.kind === ts.SyntaxKind.ThisKeyword) {
      return ts.isPropertyAccessExpression(current) ? current.name.text : undefined;
    } else if (
      ts.isPropertyAccessExpression(current) ||
      ts.isElementAccessExpression(current) ||
      ts.isCallExpression(current) ||
      ts.isNewExpression(current)
    )
      current = current.expression;
    else return ts.isIdentifier(current) ? current.text : undefined;
  }
}

function isExported(declaration: ts.VariableDeclaration): boolean {
  const statement = declaration.parent.parent;
  return (
    typescript.isVariableStatement(statement) && (statement.modifiers ?? []).some((modifier) => modifier.kind === typescript.SyntaxKind.ExportKeyword)
  );
}

/** `.then(...)`, `.catch(...)`, `.finally(...)`: what they are given runs on a promise's outcome, not in the package. */
function isPromiseMethod(callee: ts.Expression): boolean {
  return typescript.isPropertyAccessExpression(callee) && ["then", "catch", "finally"].includes(callee.name.text);
}

function boundNames(name: ts.Node): string[] {
  const ts = typescript;
  if (ts.isIdentifier(name)) return [name.text];
  if (ts.isPropertyAccessExpression(name) && name.expression.kind === ts.SyntaxKind.ThisKeyword) return [name.name.text];
  if (ts.isObjectBindingPattern(name) || ts.isArrayBindingPattern(name)) {
    return name.elements.flatMap((element) => (ts.isBindingElement(element) ? boundNames(element.name) : []));
  }
  return [];
}

/**
 * A value that leaves the file's own reading for code of this program that may hand it code in
 * turn: an argument of a function of the program (directly or inside a literal), a returned or
 * exported value. An argument of a library's function (a declaration file, an import that did
 * not resolve) stays with the library.
 */
function escapes(node: ts.Expression, checker: ts.TypeChecker): boolean {
  const ts = typescript;
  let value: ts.Node = node;
  for (;;) {
    const parent: ts.Node = value.parent;
    if (ts.isArrayLiteralExpression(parent) || ts.isSpreadElement(parent) || ts.isObjectLiteralExpression(parent)) value = parent;
    else if ((ts.isPropertyAssignment(parent) && parent.initializer === value) || ts.isShorthandPropertyAssignment(parent)) value = parent;
    else if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
      if (!parent.arguments?.includes(value as ts.Expression)) return false;
      const declaration = unaliased(checker, checker.getSymbolAtLocation(parent.expression))?.declarations?.[0];
      return declaration !== undefined && ownDeclaration(declaration, undefined);
    } else
      return (
        ts.isReturnStatement(parent) ||
        ts.isExportAssignment(parent) ||
        ts.isExportSpecifier(parent) ||
        (value !== node && ts.isVariableDeclaration(parent))
      );
  }
}

/** Whether a value passed to the package carries functions of this program. */
function carries(node: ts.Expression, checker: ts.TypeChecker, own: string, depth: number): boolean {
  const ts = typescript;
  if (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isAwaitExpression(node)
  ) {
    return carries(node.expression, checker, own, depth);
  }
  if (ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isClassExpression(node)) return true;
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.some((property) =>
      ts.isPropertyAssignment(property)
        ? carries(property.initializer, checker, own, depth)
        : ts.isShorthandPropertyAssignment(property)
          ? carries(property.name, checker, own, depth)
          : ts.isSpreadAssignment(property)
            ? carries(property.expression, checker, own, depth)
            : true,
    );
  }
  if (ts.isArrayLiteralExpression(node))
    return node.elements.some((element) => carries(ts.isSpreadElement(element) ? element.expression : element, checker, own, depth));
  if (ts.isConditionalExpression(node)) return carries(node.whenTrue, checker, own, depth) || carries(node.whenFalse, checker, own, depth);
  if (ts.isBinaryExpression(node)) return carries(node.left, checker, own, depth) || carries(node.right, checker, own, depth);
  if (
    ts.isStringLiteralLike(node) ||
    ts.isNumericLiteral(node) ||
    ts.isTemplateExpression(node) ||
    ts.isPrefixUnaryExpression(node) ||
    ts.isTypeOfExpression(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword
  ) {
    return false;
  }
  // `defineTool({ run() {...} })`: the functions are in the arguments, whatever the result's declared type.
  if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && (node.arguments ?? []).some((argument) => carries(argument, checker, own, depth)))
    return true;
  if (ts.isIdentifier(node) && isCaughtError(node, checker)) return false;
  // A name typed `any` may hold anything; a member read off an untyped value (a library's
  // callback parameter, a field of parsed JSON) is data.
  const anyCarries = ts.isIdentifier(node);
  return typeCarries(checker.getTypeAtLocation(node), checker, own, depth, new Set(), anyCarries);
}

/** The variable of a catch clause: an error, whatever the checker types it as. */
function isCaughtError(node: ts.Identifier, checker: ts.TypeChecker): boolean {
  const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
  return declaration !== undefined && typescript.isVariableDeclaration(declaration) && typescript.isCatchClause(declaration.parent);
}

/**
 * Whether a value of this type carries functions declared in this program outside `own`: call
 * signatures of the type, of its members and of its elements, `depth` levels down. With `own`
 * undefined, any function of the program counts.
 */
function typeCarries(type: ts.Type, checker: ts.TypeChecker, own: string | undefined, depth: number, seen: Set<ts.Type>, anyCarries = false): boolean {
  const ts = typescript;
  if (seen.has(type)) return false;
  seen.add(type);
  const intrinsic = (type as { intrinsicName?: string }).intrinsicName;
  // An import that did not resolve is typed as the error type: not this program's code.
  if (intrinsic === "error") return false;
  if (type.flags & ts.TypeFlags.Any) return anyCarries;
  // `unknown` is what errors and parsed input are typed as; a function handed on would be typed.
  if (type.flags & ts.TypeFlags.Unknown) return false;
  if (type.flags & ts.TypeFlags.TypeParameter) return true;
  if (type.isUnionOrIntersection()) return type.types.some((part) => typeCarries(part, checker, own, depth, seen, anyCarries));
  if (!(type.flags & ts.TypeFlags.Object)) return false;
  const signatures = [...type.getCallSignatures(), ...type.getConstructSignatures()];
  if (signatures.some((signature) => ownDeclaration(signature.getDeclaration(), own))) return true;
  if (depth === 0) return false;
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    return checker.getTypeArguments(type as ts.TypeReference).some((element) => typeCarries(element, checker, own, depth - 1, seen));
  }
  return type
    .getProperties()
    .slice(0, PROPERTY_LIMIT)
    .some((property) => {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (declaration && ts.isMethodDeclaration(declaration)) return ownDeclaration(declaration, own);
      return declaration !== undefined && typeCarries(checker.getTypeOfSymbolAtLocation(property, declaration), checker, own, depth - 1, seen);
    });
}

/**
 * Whether code that holds a value of this type can hand it functions: a function, or a method of
 * an object, with a parameter whose type carries functions (`add(spec: ToolSpec)`,
 * `use(handler: Handler)`). A hook such as `beforeSend(event, hint)` takes data only.
 */
function acceptsFunctions(type: ts.Type, checker: ts.TypeChecker): boolean {
  const takes = (signature: ts.Signature): boolean =>
    signature.getParameters().some((parameter) => {
      const declaration = parameter.valueDeclaration ?? parameter.declarations?.[0];
      return (
        declaration !== undefined && typeCarries(checker.getTypeOfSymbolAtLocation(parameter, declaration), checker, undefined, DEPTH, new Set(), true)
      );
    });
  const callable = (part: ts.Type): boolean => [...part.getCallSignatures(), ...part.getConstructSignatures()].some(takes);
  if (callable(type)) return true;
  return type
    .getProperties()
    .slice(0, PROPERTY_LIMIT)
    .some((property) => {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      return declaration !== undefined && callable(checker.getTypeOfSymbolAtLocation(property, declaration));
    });
}

/** Whether a function's declaration is code of this program outside `own`; one with no declaration is taken to be. */
function ownDeclaration(declaration: ts.Node | undefined, own: string | undefined): boolean {
  if (!declaration) return true;
  const file = declaration.getSourceFile();
  if (file.isDeclarationFile || file.fileName.includes("/node_modules/")) return false;
  return own === undefined || !path.resolve(file.fileName).startsWith(own);
}
