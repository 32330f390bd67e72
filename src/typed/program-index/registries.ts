/**
 * Registries a class of the project keeps: entries handed to a method in a list
 * (`catalog.addAll(notesTools(service))`, then `list.forEach(({ spec, run }) => this.add(spec, run))`),
 * kept in a collection (`this.specs.set(spec.name, spec)`), and read back by an accessor
 * (`runnerFor(name) { return this.specs.get(name)?.run }`) whose value a dispatcher calls.
 * The checker types each hop by a different declaration (the list's element type, the entry's
 * interface, the accessor's return type), so the values are followed instead: the elements a list
 * is built from, and the member an accessor returns.
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { type CallsOf, calledFunction, isPlainParameter, returnedValues } from "./arguments.js";
import { skipOuter, unaliased } from "./declarations.js";
import { loopSource } from "./iterated.js";

/** How many hops (variables, factories, callers) an iterated list is followed back. */
const MAX_LIST_DEPTH = 5;

/**
 * For a binding destructured from the variable of a loop (`list.forEach(({ spec, run }) => ...)`,
 * `for (const { run } of list)`), the members it names in the object literals the list holds:
 * written in place, held by a `const`, returned by a project function (`notesTools(service)`,
 * also through another that returns its call), spread into it, or passed by the callers when
 * the list is a parameter. Undefined when the binding is not destructured from a loop variable.
 */
export function loopedMembers(checker: ts.TypeChecker, calls: CallsOf, binding: ts.BindingElement): ts.ObjectLiteralElementLike[] | undefined {
  const pattern = binding.parent;
  const key = binding.propertyName ?? binding.name;
  if (!typescript.isObjectBindingPattern(pattern) || binding.dotDotDotToken || !typescript.isIdentifier(key)) return undefined;
  const list = loopSource(pattern.parent);
  if (!list) return undefined;
  const found: ts.ObjectLiteralElementLike[] = [];
  elementMembers(checker, calls, list, key.text, 0, found, new Set());
  return found;
}

/** The property `key` of a type, where an object literal declares it. */
function literalMembers(type: ts.Type, key: string): ts.ObjectLiteralElementLike[] {
  return (type.getProperty(key)?.declarations ?? []).filter(
    (d): d is ts.ObjectLiteralElementLike => typescript.isObjectLiteralElementLike(d) && typescript.isObjectLiteralExpression(d.parent),
  );
}

function elementMembers(
  checker: ts.TypeChecker,
  calls: CallsOf,
  expression: ts.Expression,
  key: string,
  depth: number,
  found: ts.ObjectLiteralElementLike[],
  seen: Set<ts.Node>,
): void {
  let value = skipOuter(expression);
  if (typescript.isAwaitExpression(value)) value = skipOuter(value.expression);
  if (depth > MAX_LIST_DEPTH || seen.has(value)) return;
  seen.add(value);
  const next = (inner: ts.Expression): void => {
    elementMembers(checker, calls, inner, key, depth + 1, found, seen);
  };
  if (typescript.isArrayLiteralExpression(value)) {
    for (const element of value.elements) {
      if (typescript.isSpreadElement(element)) next(element.expression);
      else {
        const object = skipOuter(element);
        if (typescript.isObjectLiteralExpression(object)) found.push(...object.properties.filter((p) => named(p, key)));
        // `[require("./restock.js"), listShelf]`: the member of the object literal the element's type was inferred from.
        else found.push(...literalMembers(checker.getTypeAtLocation(object), key));
      }
    }
    return;
  }
  if (typescript.isIdentifier(value)) {
    const declaration = unaliased(checker, checker.getSymbolAtLocation(value))?.valueDeclaration;
    if (declaration && typescript.isVariableDeclaration(declaration) && declaration.initializer) next(declaration.initializer);
    else if (declaration && isPlainParameter(declaration)) for (const argument of calls.argumentsFor(declaration)) next(argument);
    return;
  }
  if (typescript.isCallExpression(value)) {
    const fn = calledFunction(checker, value);
    for (const returned of fn ? returnedValues(fn) : []) next(returned);
  }
}

/** The values an expression may give: each branch of `entry ? entry.run : null`. */
function branches(value: ts.Expression): ts.Expression[] {
  const n = skipOuter(value);
  return typescript.isConditionalExpression(n) ? [...branches(n.whenTrue), ...branches(n.whenFalse)] : [n];
}

/** A member of an object literal written with the name `key` (`run: ...`, `run`, `run() {}`). */
function named(property: ts.ObjectLiteralElementLike, key: string): boolean {
  return property.name !== undefined && typescript.isIdentifier(property.name) && property.name.text === key;
}

/**
 * `const run = catalog.runnerFor(name)` (or awaited), where the project method returns a member it
 * reads (`return this.specs.get(name)?.run`): the member's symbol (`ToolSpec.run`). Undefined
 * unless every return of the method reads that one member.
 */
function accessedMember(checker: ts.TypeChecker, declaration: ts.Declaration): ts.Symbol | undefined {
  if (!typescript.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  let call = skipOuter(declaration.initializer);
  if (typescript.isAwaitExpression(call)) call = skipOuter(call.expression);
  const fn = typescript.isCallExpression(call) ? calledFunction(checker, call) : undefined;
  const returned = fn ? returnedValues(fn).flatMap(branches) : [];
  let member: ts.Symbol | undefined;
  for (const value of returned) {
    if (value.kind === typescript.SyntaxKind.NullKeyword || (typescript.isIdentifier(value) && value.text === "undefined")) continue;
    if (!typescript.isPropertyAccessExpression(value)) return undefined;
    const symbol = checker.getSymbolAtLocation(value.name);
    if (!symbol || (member && symbol !== member)) return undefined;
    member = symbol;
  }
  return member;
}

/** What a registry gives, where its entries are written: the functions and members a read of it may be (empty when it is none). */
export function registryValues(
  checker: ts.TypeChecker,
  calls: CallsOf,
  literals: { of(member: ts.Symbol): ts.Declaration[]; writtenTo(member: ts.Symbol): ts.Expression[] },
  declaration: ts.Declaration,
): ts.Node[] {
  const member = accessedMember(checker, declaration);
  if (member) return [...literals.of(member), ...literals.writtenTo(member)];
  return mapValueMembers(checker, calls, declaration) ?? [];
}

/**
 * `const handler = toolHandlers.get(name)`, where the file's `const toolHandlers = new Map()` is
 * filled in a loop over tool definitions (`for (const tool of allTools) toolHandlers.set(tool.name,
 * tool.handler)`): the members each value reads, in the object literals the list holds. Undefined
 * unless the declaration reads such a map.
 */
function mapValueMembers(checker: ts.TypeChecker, calls: CallsOf, declaration: ts.Declaration): ts.ObjectLiteralElementLike[] | undefined {
  if (!typescript.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  const read = skipOuter(declaration.initializer);
  const map = typescript.isCallExpression(read) ? mapCalled(checker, read, "get") : undefined;
  const made = map?.valueDeclaration;
  if (!map || !made || !typescript.isVariableDeclaration(made) || !made.initializer) return undefined;
  const init = skipOuter(made.initializer);
  if (!typescript.isNewExpression(init) || !typescript.isIdentifier(init.expression) || init.expression.text !== "Map") return undefined;
  const found: ts.ObjectLiteralElementLike[] = [];
  const visit = (node: ts.Node): void => {
    const value =
      typescript.isCallExpression(node) && node.arguments.length === 2 && mapCalled(checker, node, "set") === map ? node.arguments[1] : undefined;
    const member = value ? skipOuter(value) : undefined;
    if (member && typescript.isPropertyAccessExpression(member) && typescript.isIdentifier(member.expression)) {
      const entry = checker.getSymbolAtLocation(member.expression)?.valueDeclaration;
      const list = entry ? loopSource(entry) : undefined;
      if (list) elementMembers(checker, calls, list, member.name.text, 0, found, new Set());
    }
    typescript.forEachChild(node, visit);
  };
  visit(made.getSourceFile());
  return found;
}

/** The variable a `map.get(...)` / `map.set(...)` call is made on. */
function mapCalled(checker: ts.TypeChecker, call: ts.CallExpression, method: string): ts.Symbol | undefined {
  const callee = call.expression;
  if (!typescript.isPropertyAccessExpression(callee) || callee.name.text !== method || !typescript.isIdentifier(callee.expression)) return undefined;
  return unaliased(checker, checker.getSymbolAtLocation(callee.expression));
}
