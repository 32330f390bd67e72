/**
 * Members of the values a registration loop iterates, where the checker gives the loop variable
 * no type. `Object.values(collection)` over a union of registries (`[items(), notes()]`, each a
 * differently typed object literal) falls back to `any[]`: TypeScript cannot infer one element
 * type. The values are still known: the properties of each object type of the union. Over an
 * array literal (`[{ def: logsTool(deps) }, { def: metricsTool(deps) }].forEach(({ def }) => ...)`),
 * the union TypeScript infers drops elements whose types look alike: each element is read.
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { functionOf, onlyReturnedValue, skipOuter, unaliased } from "./declarations.js";

/** Object types followed per union, at most: a registry of registries stays bounded. */
const MAX_TYPES = 64;

/**
 * The declarations of member `member` of the values `receiver` takes, when `receiver` is the
 * variable of a loop: over `Object.values(e)` (`Object.values(e).forEach((tool) => ...)`,
 * `for (const tool of Object.values(e))`), `member` of each property value of each object type
 * `e` may have; over an array literal, `member` of each element (see `arrayElementValues`).
 * Empty when the receiver is no such variable. `written`: only members the elements of an array
 * declare themselves (for a variable whose type is an interface: what the list really holds), and
 * none unless every element declares one.
 */
export function iteratedMemberDeclarations(checker: ts.TypeChecker, receiver: ts.Node, member: string, written = false): ts.Declaration[] {
  const declaration = typescript.isIdentifier(receiver) ? checker.getSymbolAtLocation(receiver)?.valueDeclaration : undefined;
  if (!declaration) return [];
  const found: ts.Declaration[] = [];
  /** Adds what `type` declares for the member; false when (`written`) it writes none itself. */
  const add = (type: ts.Type): boolean => {
    let wrote = false;
    for (const each of objectTypes(type)) {
      for (const d of each.getProperty(member)?.declarations ?? []) {
        if (written && (typescript.isPropertySignature(d) || typescript.isMethodSignature(d))) continue;
        wrote = true;
        if (!found.includes(d)) found.push(d);
      }
    }
    return wrote;
  };
  const source = written ? undefined : iteratedObject(declaration);
  if (source) {
    const objects = objectTypes(checker.getTypeAtLocation(source));
    for (const object of objects.slice(0, MAX_TYPES)) {
      for (const property of object.getProperties()) add(checker.getTypeOfSymbolAtLocation(property, source));
    }
    return found;
  }
  // `[{ def: a(), key }, { def: b(), key }].forEach(({ def }) => ... def.handler)`: each element's value.
  for (const value of arrayElementValues(checker, declaration).slice(0, MAX_TYPES)) {
    // An element typed only by the interface (`defineTool({ ... })`): its implementations are found by the interface.
    if (!add(checker.getTypeAtLocation(value)) && written) return [];
  }
  return found;
}

/**
 * The values a loop variable takes over an array literal written in place or held by a `const`
 * (`toolDefs.forEach(({ def }) => ...)`, `for (const tool of tools)`): each element, or, for a
 * destructured key, that key's value in each element. TypeScript types such a variable by the
 * union of the elements, which drops elements whose types look alike.
 */
function arrayElementValues(checker: ts.TypeChecker, declaration: ts.Declaration): ts.Expression[] {
  let key: string | undefined;
  let variable: ts.Declaration = declaration;
  if (typescript.isBindingElement(declaration) && typescript.isObjectBindingPattern(declaration.parent) && !declaration.dotDotDotToken) {
    const name = declaration.propertyName ?? declaration.name;
    if (!typescript.isIdentifier(name)) return [];
    key = name.text;
    variable = declaration.parent.parent;
  }
  const iterated = loopSource(variable);
  const values: ts.Expression[] = [];
  for (const element of iterated ? arrayElements(checker, iterated, 0) : []) {
    if (key === undefined) {
      values.push(element);
      continue;
    }
    const object = skipOuter(element);
    if (!typescript.isObjectLiteralExpression(object)) continue;
    for (const property of object.properties) {
      if (property.name && typescript.isIdentifier(property.name) && property.name.text === key) {
        if (typescript.isPropertyAssignment(property)) values.push(property.initializer);
        else if (typescript.isShorthandPropertyAssignment(property)) values.push(property.name);
      }
    }
  }
  return values;
}

/** How many arrays deep spreads are read (`[a, ...more]` where `more` is `[b, ...others]`). */
const MAX_SPREAD = 2;

/**
 * The elements of an array literal written in place or held by a `const` of any file (also
 * imported), with the elements of the arrays held by `const`s that it spreads (`[a, ...cruxTools]`).
 */
function arrayElements(checker: ts.TypeChecker, expression: ts.Expression, depth: number): ts.Expression[] {
  let array = skipOuter(expression);
  if (typescript.isIdentifier(array)) {
    const held = unaliased(checker, checker.getSymbolAtLocation(array))?.valueDeclaration;
    array = held && typescript.isVariableDeclaration(held) && held.initializer ? skipOuter(held.initializer) : array;
  }
  // `this.routes.find(...)`, where the class writes the field with array literals (`this.routes = []` in
  // its constructor, `this.routes = [{ match, handler }, ...]` in a setup method): each one's elements.
  if (typescript.isPropertyAccessExpression(array) && array.expression.kind === typescript.SyntaxKind.ThisKeyword && depth < MAX_SPREAD)
    return fieldWrites(checker, array).flatMap((written) => arrayElements(checker, written, depth + 1));
  // `for (const tool of listTools())`, where `listTools` only returns a list: that list.
  const listed = depth < MAX_SPREAD && typescript.isCallExpression(array) ? onlyReturned(checker, array.expression) : undefined;
  if (listed) return arrayElements(checker, listed, depth + 1);
  // `...specs.map(makeTool)`: what the mapping function returns, standing for each element.
  if (typescript.isCallExpression(array)) return mappedValues(checker, array);
  if (!typescript.isArrayLiteralExpression(array)) return [];
  const elements: ts.Expression[] = [];
  for (const element of array.elements) {
    if (!typescript.isSpreadElement(element)) elements.push(element);
    else if (depth < MAX_SPREAD) elements.push(...arrayElements(checker, element.expression, depth + 1));
  }
  return elements;
}

/**
 * The values a class writes to the field `access` reads (`this.routes = [...]`, or its initializer),
 * when each of them is an array literal; none when the field is also written otherwise.
 */
function fieldWrites(checker: ts.TypeChecker, access: ts.PropertyAccessExpression): ts.Expression[] {
  const values: ts.Expression[] = [];
  for (const declaration of checker.getSymbolAtLocation(access.name)?.declarations ?? []) {
    let value: ts.Expression | undefined;
    if (typescript.isPropertyDeclaration(declaration)) value = declaration.initializer;
    else if (typescript.isBinaryExpression(declaration) && declaration.operatorToken.kind === typescript.SyntaxKind.EqualsToken) value = declaration.right;
    else if (typescript.isPropertyAccessExpression(declaration) && typescript.isBinaryExpression(declaration.parent)) value = declaration.parent.right;
    if (!value || !typescript.isArrayLiteralExpression(skipOuter(value))) return [];
    values.push(value);
  }
  return values;
}

/** The expression a function returns, when `callee` names (or is) one whose only statement returns it (`return tools`, `() => tools`). */
function onlyReturned(checker: ts.TypeChecker, callee: ts.Expression): ts.Expression | undefined {
  const fn = functionNamed(checker, callee);
  return fn ? onlyReturnedValue(fn) : undefined;
}

/** The object literals a `map` callback returns, for `list.map(make)` or `list.map((spec) => ({ ... }))`. */
function mappedValues(checker: ts.TypeChecker, call: ts.CallExpression): ts.Expression[] {
  const callee = call.expression;
  const [mapper] = call.arguments;
  if (!typescript.isPropertyAccessExpression(callee) || callee.name.text !== "map" || !mapper) return [];
  const fn = functionNamed(checker, mapper);
  if (!fn?.body) return [];
  const returned = typescript.isBlock(fn.body)
    ? fn.body.statements.flatMap((s) => (typescript.isReturnStatement(s) && s.expression ? [s.expression] : []))
    : [fn.body];
  return returned.filter((value) => typescript.isObjectLiteralExpression(skipOuter(value)));
}

/** The function `node` is (an arrow or function expression) or names (a function declaration, a `const` arrow). */
function functionNamed(checker: ts.TypeChecker, node: ts.Expression): ts.FunctionLikeDeclaration | undefined {
  const expression = skipOuter(node);
  if (typescript.isArrowFunction(expression) || typescript.isFunctionExpression(expression)) return expression;
  if (!typescript.isIdentifier(expression)) return undefined;
  const declaration = unaliased(checker, checker.getSymbolAtLocation(expression))?.valueDeclaration;
  return declaration ? functionOf(declaration) : undefined;
}

/** `e` of `Object.values(e)`, when `declaration` is the variable of a loop over it. */
function iteratedObject(declaration: ts.Declaration): ts.Expression | undefined {
  const iterated = loopSource(declaration);
  const call = iterated ? skipOuter(iterated) : undefined;
  if (!call || !typescript.isCallExpression(call) || call.arguments.length !== 1) return undefined;
  const callee = call.expression;
  const isObjectValues =
    typescript.isPropertyAccessExpression(callee) &&
    typescript.isIdentifier(callee.expression) &&
    callee.expression.text === "Object" &&
    callee.name.text === "values";
  return isObjectValues ? call.arguments[0] : undefined;
}

/**
 * What a loop variable iterates: `x` of `x.forEach((v) => ...)` (also `map`, `flatMap`), or of
 * `for (const v of x)`; and for `const v = x.find(...)`, the `x` it is one element of.
 */
export function loopSource(declaration: ts.Declaration): ts.Expression | undefined {
  let iterated: ts.Expression | undefined;
  // `Object.values(e).forEach((tool) => ...)`: the callback's first parameter.
  if (typescript.isParameter(declaration) && declaration.parent.parameters[0] === declaration) {
    const fn = declaration.parent;
    const call = fn.parent;
    if (
      (typescript.isArrowFunction(fn) || typescript.isFunctionExpression(fn)) &&
      typescript.isCallExpression(call) &&
      call.arguments[0] === fn &&
      typescript.isPropertyAccessExpression(call.expression) &&
      ["forEach", "map", "flatMap"].includes(call.expression.name.text)
    ) {
      iterated = call.expression.expression;
    }
  }
  // `for (const tool of Object.values(e))`.
  if (typescript.isVariableDeclaration(declaration)) {
    const list = declaration.parent;
    const loop = list.parent;
    if (typescript.isForOfStatement(loop) && loop.initializer === list) iterated = loop.expression;
    // `const tool = tools.find((t) => t.name === name)`: one of the values, as in a loop.
    const found = declaration.initializer ? skipOuter(declaration.initializer) : undefined;
    if (
      found &&
      typescript.isCallExpression(found) &&
      typescript.isPropertyAccessExpression(found.expression) &&
      ["find", "findLast"].includes(found.expression.name.text)
    )
      iterated = found.expression.expression;
  }
  return iterated;
}

/** The object types a type stands for: itself, or each member of a union. */
function objectTypes(type: ts.Type): ts.Type[] {
  const each = type.isUnion() ? type.types : [type];
  return each.filter((t) => (t.flags & typescript.TypeFlags.Object) !== 0);
}
