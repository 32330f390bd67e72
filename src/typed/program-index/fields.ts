/**
 * Class fields set from the constructor's arguments: `this.callback = callback` in
 * `constructor({ name, callback }: ToolParams)`. A call of such a field on an instance
 * (`tool.callback(args)`, wherever `tool` comes from) runs what each `new Tool({ callback })`
 * passes, also through subclasses that hand their own argument on to `super(...)`.
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { skipOuter, unaliased } from "./declarations.js";

/** How many `super(...)` hand-overs are followed. */
const SUPER_DEPTH = 4;

/** The argument of a constructor a field's value comes from: parameter `index`, or its field `field`. */
export interface ArgumentSlot {
  readonly constructor: ts.ConstructorDeclaration;
  readonly index: number;
  readonly field: string | undefined;
}

/** What the resolver knows of the program's classes. */
export interface ClassFacts {
  constructionsOf(cls: ts.ClassLikeDeclaration): readonly ts.NewExpression[];
  subclassesOf(cls: ts.ClassLikeDeclaration): readonly ts.ClassLikeDeclaration[];
}

/** Where the field's class takes the field's value, when its constructor assigns it straight from a parameter. */
export function fieldSlot(declaration: ts.Declaration): ArgumentSlot | undefined {
  const ts = typescript;
  if (!ts.isPropertyDeclaration(declaration) || declaration.initializer) return undefined;
  const constructor = constructorOf(declaration.parent);
  const assigned = constructorValue(declaration);
  const value = assigned && skipOuter(assigned);
  return constructor && value && ts.isIdentifier(value) ? parameterSlot(constructor, value.text) : undefined;
}

/**
 * What a field without an initializer is set to at the top of its class's constructor: the right
 * side of the first `this.name = value` there (`this.pipeline = composePipeline(...)`).
 */
export function constructorValue(declaration: ts.PropertyDeclaration): ts.Expression | undefined {
  const ts = typescript;
  if (!ts.isIdentifier(declaration.name)) return undefined;
  const name = declaration.name.text;
  for (const statement of constructorOf(declaration.parent)?.body?.statements ?? []) {
    if (!ts.isExpressionStatement(statement) || !ts.isBinaryExpression(statement.expression)) continue;
    const { left, operatorToken, right } = statement.expression;
    if (operatorToken.kind !== ts.SyntaxKind.EqualsToken || !ts.isPropertyAccessExpression(left) || left.expression.kind !== ts.SyntaxKind.ThisKeyword)
      continue;
    if (left.name.text === name) return right;
  }
  return undefined;
}

function constructorOf(cls: ts.Node): ts.ConstructorDeclaration | undefined {
  if (!typescript.isClassLike(cls)) return undefined;
  return cls.members.find((member): member is ts.ConstructorDeclaration => typescript.isConstructorDeclaration(member) && member.body !== undefined);
}

/** The parameter (or destructured parameter field) a constructor binds `local` from. */
function parameterSlot(constructor: ts.ConstructorDeclaration, local: string): ArgumentSlot | undefined {
  const ts = typescript;
  for (const [index, parameter] of constructor.parameters.entries()) {
    if (ts.isIdentifier(parameter.name)) {
      if (parameter.name.text === local) return { constructor, index, field: undefined };
      continue;
    }
    if (!ts.isObjectBindingPattern(parameter.name)) continue;
    for (const element of parameter.name.elements) {
      if (element.dotDotDotToken || !ts.isIdentifier(element.name) || element.name.text !== local) continue;
      const key = element.propertyName ?? element.name;
      return ts.isIdentifier(key) ? { constructor, index, field: key.text } : undefined;
    }
  }
  return undefined;
}

/**
 * The expressions passed for a slot: at each `new C(...)` of its class, at each construction of
 * a subclass that keeps the constructor, and through the `super(...)` of subclasses that take
 * the value as an argument of their own.
 */
export function slotArguments(slot: ArgumentSlot, classes: ClassFacts, depth = 0): ts.Node[] {
  if (depth > SUPER_DEPTH) return [];
  const found: ts.Node[] = [];
  const pick = (args: readonly ts.Expression[] | undefined): ts.Node[] => {
    const argument = args?.[slot.index];
    if (!argument) return [];
    if (slot.field === undefined) return [argument];
    const literal = skipOuter(argument);
    return typescript.isObjectLiteralExpression(literal) ? memberValues(literal, slot.field) : [];
  };
  const visit = (cls: ts.ClassLikeDeclaration, seen: Set<ts.ClassLikeDeclaration>): void => {
    for (const construction of classes.constructionsOf(cls)) found.push(...pick(construction.arguments));
    for (const sub of classes.subclassesOf(cls)) {
      if (seen.has(sub)) continue;
      seen.add(sub);
      const own = constructorOf(sub);
      if (!own) {
        visit(sub, seen);
        continue;
      }
      for (const value of pick(superArguments(own))) {
        const expression = typescript.isShorthandPropertyAssignment(value)
          ? value.name
          : typescript.isPropertyAssignment(value)
            ? skipOuter(value.initializer)
            : value;
        const passed = typescript.isIdentifier(expression) ? parameterSlot(own, expression.text) : undefined;
        if (passed) found.push(...slotArguments(passed, classes, depth + 1));
        else found.push(value);
      }
    }
  };
  visit(slot.constructor.parent, new Set());
  return found;
}

function superArguments(constructor: ts.ConstructorDeclaration): readonly ts.Expression[] | undefined {
  for (const statement of constructor.body?.statements ?? []) {
    if (!typescript.isExpressionStatement(statement) || !typescript.isCallExpression(statement.expression)) continue;
    if (statement.expression.expression.kind === typescript.SyntaxKind.SuperKeyword) return statement.expression.arguments;
  }
  return undefined;
}

/** `{ callback: run }`, `{ callback }`, `{ callback() {...} }`: the members of a literal that give the field its value. */
function memberValues(literal: ts.ObjectLiteralExpression, field: string): ts.ObjectLiteralElementLike[] {
  const ts = typescript;
  return literal.properties.filter(
    (property) =>
      (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property) || ts.isMethodDeclaration(property)) &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) &&
      property.name.text === field,
  );
}

/**
 * `const run = await Provider.from(tool.callback)`: the argument a variable's initializer hands
 * back, when the call returns a function typed as one type of the argument's union (a value, or
 * a provider of it).
 */
export function passedThrough(checker: ts.TypeChecker, declaration: ts.Declaration): ts.Expression | undefined {
  const ts = typescript;
  if (!ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  let call: ts.Expression = skipOuter(declaration.initializer);
  if (ts.isAwaitExpression(call)) call = skipOuter(call.expression);
  if (!ts.isCallExpression(call)) return undefined;
  const returned = checker.getTypeAtLocation(declaration.name);
  if (returned.getCallSignatures().length > 0) {
    // The same type in and out is a wrapper's (`withMetrics(name, handler)`): its own function runs.
    return call.arguments.find((argument) => {
      const given = checker.getTypeAtLocation(argument);
      return given.isUnion() && given.types.includes(returned);
    });
  }
  // Where the checker cannot type the value (the callback's type comes from a dependency that is
  // not installed), the callee's own generic signature says it: `from<T>(value: T | Provider<T>): Promise<T>`.
  const index = unwrappingParameter(checker, call.expression);
  return index === undefined ? undefined : call.arguments[index];
}

/** The parameter a generic function hands back unwrapped: typed `T | Something<T>`, returning `T` or `Promise<T>`. */
function unwrappingParameter(checker: ts.TypeChecker, callee: ts.Expression): number | undefined {
  const ts = typescript;
  for (const declaration of unaliased(checker, checker.getSymbolAtLocation(callee))?.declarations ?? []) {
    if (!ts.isFunctionLike(declaration) || !declaration.typeParameters?.length) continue;
    const signature = checker.getSignatureFromDeclaration(declaration);
    const returned = signature ? promised(checker, checker.getReturnTypeOfSignature(signature)) : undefined;
    if (!signature || !returned || !(returned.flags & ts.TypeFlags.TypeParameter)) continue;
    const index = signature.getParameters().findIndex((parameter) => {
      const type = checker.getTypeOfSymbolAtLocation(parameter, declaration);
      return type.isUnion() && type.types.includes(returned);
    });
    if (index >= 0) return index;
  }
  return undefined;
}

/** `T` of `Promise<T>` (as written: `Awaited<T>` would hide the type parameter), else the type. */
function promised(checker: ts.TypeChecker, type: ts.Type): ts.Type {
  if (type.getSymbol()?.name !== "Promise" || !(type.flags & typescript.TypeFlags.Object)) return type;
  return checker.getTypeArguments(type as ts.TypeReference)[0] ?? type;
}

/**
 * `this.manager.start()` where the checker knows no such member, the field being `any`
 * (`this.manager = manager || new ProcessManager()` in JavaScript): the member `name` of the
 * project classes the class constructs the field as, in its assignments to it.
 */
export function constructedFieldMembers(checker: ts.TypeChecker, receiver: ts.Node, name: string): ts.Declaration[] {
  const ts = typescript;
  if (!ts.isPropertyAccessExpression(receiver) || receiver.expression.kind !== ts.SyntaxKind.ThisKeyword) return [];
  const cls = ts.findAncestor(receiver, ts.isClassLike);
  const found: ts.Declaration[] = [];
  for (const construction of cls ? (fieldConstructions(cls).get(receiver.name.text) ?? []) : []) {
    for (const declaration of checker.getTypeAtLocation(construction).getProperty(name)?.declarations ?? []) {
      if (!declaration.getSourceFile().isDeclarationFile && !found.includes(declaration)) found.push(declaration);
    }
  }
  return found;
}

const constructionsByClass = new WeakMap<ts.ClassLikeDeclaration, Map<string, ts.NewExpression[]>>();

/**
 * The `new C(...)` each field of a class is set to (`this.manager = manager || new ProcessManager()`),
 * read once per class, in its members and the arrows inside them (not a nested `function`).
 */
function fieldConstructions(cls: ts.ClassLikeDeclaration): Map<string, ts.NewExpression[]> {
  const ts = typescript;
  let byField = constructionsByClass.get(cls);
  if (byField) return byField;
  const found = new Map<string, ts.NewExpression[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && isThisField(node.left)) {
      const field = node.left.name.text;
      found.set(field, [...(found.get(field) ?? []), ...constructions(node.right)]);
    }
    // A function or class of its own has its own `this`.
    if (ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node) || (ts.isClassLike(node) && node !== cls)) return;
    ts.forEachChild(node, visit);
  };
  visit(cls);
  constructionsByClass.set(cls, (byField = found));
  return byField;
}

function isThisField(node: ts.Node): node is ts.PropertyAccessExpression {
  const ts = typescript;
  return ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword;
}

/** The `new C(...)` a value may be: itself, either side of `||` / `??`, either branch of `?:`. */
function constructions(expression: ts.Expression): ts.NewExpression[] {
  const ts = typescript;
  const value = skipOuter(expression);
  if (ts.isNewExpression(value)) return [value];
  if (ts.isConditionalExpression(value)) return [...constructions(value.whenTrue), ...constructions(value.whenFalse)];
  const logical =
    ts.isBinaryExpression(value) &&
    (value.operatorToken.kind === ts.SyntaxKind.BarBarToken || value.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken);
  return logical ? [...constructions(value.left), ...constructions(value.right)] : [];
}
