/**
 * What an options object is made of beyond its literal: writes after it (`init.signal = ...`),
 * and spreads of defaults the file shows in full (`{ ...this.defaultRequest, method }`, where the
 * class only ever assigns `this.defaultRequest = { headers: {...} }`).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  constInitializer,
  findVariable,
  forEachChild,
  objectLiteral,
  resolveFunction,
  returnedObjectLiterals,
  unwrap,
} from "../../util/ast.js";
import { classMethod } from "../targets.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Option names that bound a call. */
export const BOUNDS = new Set(["signal", "timeout", "cancelSignal"]);

/** `init.signal = ...` (or a computed member) on the variable: the bound may come after its literal. `init.headers = ...` does not. */
export function writesBound(variable: TSESLint.Scope.Variable): boolean {
  return variable.references.some((r) => {
    const parent = r.identifier.parent;
    return (
      parent.type === AST_NODE_TYPES.MemberExpression &&
      parent.object === r.identifier &&
      parent.parent.type === AST_NODE_TYPES.AssignmentExpression &&
      parent.parent.left === parent &&
      (parent.computed || parent.property.type !== AST_NODE_TYPES.Identifier || BOUNDS.has(parent.property.name))
    );
  });
}

/** The options argument is a variable that gets a bound (or an unknown member) after its literal. */
export function boundAfterLiteral(sourceCode: SourceCode, node: TSESTree.Node): boolean {
  const n = unwrap(node);
  if (n.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = findVariable(sourceCode, n);
  return variable !== undefined && writesBound(variable);
}

/** A literal with no bound and no spread among its own keys: what it passes on holds no bound. */
function holdsNoBound(object: TSESTree.ObjectExpression): boolean {
  return object.properties.every(isUnbounded);
}

/** A key of a literal that is no bound: not `signal`, `timeout`, `cancelSignal`, nor computed. */
function isUnbounded(p: TSESTree.ObjectLiteralElement): boolean {
  return p.type === AST_NODE_TYPES.Property && !p.computed && !(p.key.type === AST_NODE_TYPES.Identifier && BOUNDS.has(p.key.name));
}

/**
 * Every spread of `options` is of defaults the file shows in full, none with a bound: a `const`
 * object literal, or a field of the enclosing class that the class only ever assigns such a
 * literal (in its declaration or as `this.field = {...}`). Then the spreads add no bound.
 */
export function spreadsAddNoBound(sourceCode: SourceCode, options: TSESTree.ObjectExpression): boolean {
  return options.properties.every((p) => p.type !== AST_NODE_TYPES.SpreadElement || addsNoBound(sourceCode, p.argument));
}

/**
 * What a spread adds holds no bound: such defaults, or a literal written in place, also in
 * either branch of a condition (`...(options?.body && { body: options.body })`).
 */
export function addsNoBound(sourceCode: SourceCode, node: TSESTree.Node): boolean {
  const spread = unwrap(node);
  switch (spread.type) {
    case AST_NODE_TYPES.ObjectExpression:
      return holdsNoBound(spread);
    case AST_NODE_TYPES.LogicalExpression:
      return spread.operator === "&&" && addsNoBound(sourceCode, spread.right);
    case AST_NODE_TYPES.ConditionalExpression:
      return addsNoBound(sourceCode, spread.consequent) && addsNoBound(sourceCode, spread.alternate);
    case AST_NODE_TYPES.Literal:
      return true;
    case AST_NODE_TYPES.Identifier: {
      if (spread.name === "undefined") return true;
      const literal = objectLiteral(sourceCode, spread);
      return literal !== undefined && holdsNoBound(literal) && !boundAfterLiteral(sourceCode, spread);
    }
    case AST_NODE_TYPES.MemberExpression:
      return classDefaultsHoldNoBound(sourceCode, spread);
    case AST_NODE_TYPES.CallExpression:
      return builderHoldsNoBound(sourceCode, spread);
    default:
      return false;
  }
}

/** `...getFetchConfig()`: a same-file function whose every return is a literal without a bound. */
function builderHoldsNoBound(sourceCode: SourceCode, call: TSESTree.CallExpression): boolean {
  const literals = builtLiterals(sourceCode, call);
  return literals !== undefined && literals.every(holdsNoBound);
}

/**
 * The object literals a call of a same-file function (or of a method of the enclosing class,
 * `this.buildInit(options)`) returns, when it returns nothing else. An async one only where the
 * call is awaited: what the await gives is what it returns.
 */
function builtLiterals(sourceCode: SourceCode, call: TSESTree.CallExpression): TSESTree.ObjectExpression[] | undefined {
  const callee = unwrap(call.callee);
  let fn: FunctionNode | undefined;
  if (callee.type === AST_NODE_TYPES.Identifier) fn = resolveFunction(sourceCode, callee);
  else if (callee.type === AST_NODE_TYPES.MemberExpression && unwrap(callee.object).type === AST_NODE_TYPES.ThisExpression && !callee.computed)
    fn = callee.property.type === AST_NODE_TYPES.Identifier ? classMethod(call, callee.property.name) : undefined;
  if (!fn || fn.generator || (fn.async && call.parent.type !== AST_NODE_TYPES.AwaitExpression)) return undefined;
  return returnedObjectLiterals(fn);
}

/**
 * `const init = await this.buildInit(options); fetch(url, init)`: the options come from a builder
 * of the file whose every return is a literal with no bound, nor any in what it spreads (`...(body
 * ? { headers, body } : {})`), and nothing writes a bound into the variable afterwards.
 */
export function builtWithoutBound(sourceCode: SourceCode, node: TSESTree.Node): boolean {
  let value = unwrap(node);
  if (value.type === AST_NODE_TYPES.Identifier) {
    if (boundAfterLiteral(sourceCode, value)) return false;
    const init = constInitializer(sourceCode, value);
    value = init ? unwrap(init) : value;
  }
  if (value.type === AST_NODE_TYPES.AwaitExpression) value = unwrap(value.argument);
  if (value.type !== AST_NODE_TYPES.CallExpression) return false;
  const literals = builtLiterals(sourceCode, value);
  return (
    literals !== undefined &&
    literals.every((o) => o.properties.every((p) => (p.type === AST_NODE_TYPES.SpreadElement ? addsNoBound(sourceCode, p.argument) : isUnbounded(p))))
  );
}

/** `fetch(url, getFetchConfig())`: the options literal the one return of a same-file builder makes. */
export function builtOptions(sourceCode: SourceCode, node: TSESTree.Node): TSESTree.ObjectExpression | undefined {
  const call = unwrap(node);
  const literals = call.type === AST_NODE_TYPES.CallExpression ? builtLiterals(sourceCode, call) : undefined;
  return literals?.length === 1 ? literals[0] : undefined;
}

/** `this.defaults`: every value the class gives the field is a literal without a bound, and nothing writes into it. */
function classDefaultsHoldNoBound(sourceCode: SourceCode, member: TSESTree.MemberExpression): boolean {
  if (unwrap(member.object).type !== AST_NODE_TYPES.ThisExpression || member.computed || member.property.type !== AST_NODE_TYPES.Identifier) return false;
  const field = member.property.name;
  let cls: TSESTree.Node | undefined = member.parent;
  while (cls && cls.type !== AST_NODE_TYPES.ClassBody) cls = cls.parent;
  if (!cls) return false;
  // Written by the walk: how many literals the field gets, and whether it gets anything else.
  const seen = { values: 0, settled: true };
  const visit = (node: TSESTree.Node): void => {
    if (!seen.settled) return;
    if (
      node.type === AST_NODE_TYPES.PropertyDefinition &&
      !node.computed &&
      node.key.type === AST_NODE_TYPES.Identifier &&
      node.key.name === field &&
      node.value
    ) {
      const value = unwrap(node.value);
      if (value.type === AST_NODE_TYPES.ObjectExpression && holdsNoBound(value)) seen.values++;
      else seen.settled = false;
    }
    if (node.type === AST_NODE_TYPES.AssignmentExpression) {
      const target = unwrap(node.left);
      if (isThisField(target, field)) {
        const value = unwrap(node.right);
        if (node.operator === "=" && value.type === AST_NODE_TYPES.ObjectExpression && holdsNoBound(value)) seen.values++;
        else seen.settled = false;
      } else if (target.type === AST_NODE_TYPES.MemberExpression && isThisField(unwrap(target.object), field)) {
        // `this.defaults.signal = ...`, or any write into the defaults.
        seen.settled = false;
      }
    }
    forEachChild(node, sourceCode.visitorKeys, visit);
  };
  visit(cls);
  return seen.settled && seen.values > 0;
}

function isThisField(node: TSESTree.Node, field: string): boolean {
  return (
    node.type === AST_NODE_TYPES.MemberExpression &&
    unwrap(node.object).type === AST_NODE_TYPES.ThisExpression &&
    !node.computed &&
    node.property.type === AST_NODE_TYPES.Identifier &&
    node.property.name === field
  );
}
