/**
 * Members of the values a registration loop iterates, where the checker gives the loop variable
 * no type. `Object.values(collection)` over a union of registries (`[items(), notes()]`, each a
 * differently typed object literal) falls back to `any[]`: TypeScript cannot infer one element
 * type. The values are still known: the properties of each object type of the union.
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { skipOuter } from "./declarations.js";

/** Object types followed per union, at most: a registry of registries stays bounded. */
const MAX_TYPES = 64;

/**
 * The declarations of member `member` of the values `receiver` takes, when `receiver` is the
 * variable of a loop over `Object.values(e)` (`Object.values(e).forEach((tool) => ...)`,
 * `for (const tool of Object.values(e))`): `member` of each property value of each object type
 * `e` may have. Empty when the receiver is no such variable.
 */
export function iteratedMemberDeclarations(checker: ts.TypeChecker, receiver: ts.Node, member: string): ts.Declaration[] {
  const declaration = typescript.isIdentifier(receiver) ? checker.getSymbolAtLocation(receiver)?.valueDeclaration : undefined;
  const source = declaration ? iteratedObject(declaration) : undefined;
  if (!source) return [];
  const found: ts.Declaration[] = [];
  const objects = objectTypes(checker.getTypeAtLocation(source));
  for (const object of objects.slice(0, MAX_TYPES)) {
    for (const property of object.getProperties()) {
      const value = checker.getTypeOfSymbolAtLocation(property, source);
      for (const each of objectTypes(value)) {
        for (const d of each.getProperty(member)?.declarations ?? []) if (!found.includes(d)) found.push(d);
      }
    }
  }
  return found;
}

/** `e` of `Object.values(e)`, when `declaration` is the variable of a loop over it. */
function iteratedObject(declaration: ts.Declaration): ts.Expression | undefined {
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
  if (typescript.isVariableDeclaration(declaration) && typescript.isIdentifier(declaration.name)) {
    const list = declaration.parent;
    const loop = list.parent;
    if (typescript.isForOfStatement(loop) && loop.initializer === list) iterated = loop.expression;
  }
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

/** The object types a type stands for: itself, or each member of a union. */
function objectTypes(type: ts.Type): ts.Type[] {
  const each = type.isUnion() ? type.types : [type];
  return each.filter((t) => (t.flags & typescript.TypeFlags.Object) !== 0);
}
