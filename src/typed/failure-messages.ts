/**
 * Types for recall at a failure message a caller chose: `const result = await safeExecute(run,
 * "Tool execution failed")`, then `text: \`Error: ${result.error.message}\``, where the function
 * (of this file or another) answers every failure it catches with an object that carries one of
 * its parameters at that place, itself or through a builder (`return createError(code, message)`,
 * the builder returning `{ success: false, error: { code, message } }`). The text the agent reads
 * is then what the caller passed for that parameter.
 */
import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type ts from "typescript";
import { loadTypedRuntime, typescript } from "./runtime.js";
import { unaliased } from "./program-index/declarations.js";
import { property } from "./constructed-answers.js";
import { checkedNode } from "./values.js";

/** Builders followed from a function to the object it returns (`createError` inside `safeExecute`). */
const DEPTH = 2;

/**
 * For `call` (`safeExecute(run, "Tool execution failed")`): the index of the parameter whose value
 * every object the callee returns from a `catch` holds at `path` (`["error", "message"]`).
 * Undefined when a return holds anything else there, or the callee is unknown.
 */
export function failureMessageArgument(
  sourceCode: Readonly<TSESLint.SourceCode>,
  call: TSESTree.CallExpression,
  path: readonly string[],
): number | undefined {
  if (path.length === 0 || call.callee.type === AST_NODE_TYPES.Super) return undefined;
  const checked = checkedNode(sourceCode, call.callee);
  if (!checked) return undefined;
  loadTypedRuntime();
  const fn = declaredFunction(checked.checker, checked.tsNode);
  if (!fn?.body || !typescript.isBlock(fn.body)) return undefined;
  const returns = ownReturns(fn.body, true);
  if (returns.length === 0) return undefined;
  const found = new Set(returns.map((value) => parameterAt(checked.checker, fn, value, path, DEPTH)));
  const [only] = found;
  return found.size === 1 && only !== undefined && only >= 0 ? only : undefined;
}

/** The function a callee names (a function declaration, a `const` holding one, a method). */
function declaredFunction(checker: ts.TypeChecker, callee: ts.Node): ts.FunctionLikeDeclaration | undefined {
  const name = typescript.isPropertyAccessExpression(callee) ? callee.name : callee;
  const declaration = unaliased(checker, checker.getSymbolAtLocation(name))?.valueDeclaration;
  if (!declaration) return undefined;
  if (typescript.isFunctionDeclaration(declaration) || typescript.isMethodDeclaration(declaration)) return declaration;
  if (typescript.isVariableDeclaration(declaration) && declaration.initializer) {
    const init = declaration.initializer;
    if (typescript.isArrowFunction(init) || typescript.isFunctionExpression(init)) return init;
  }
  return undefined;
}

/** The values a function body returns, not those of nested functions; in `catch` clauses only, when asked. */
function ownReturns(body: ts.Block, caughtOnly: boolean): ts.Expression[] {
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node, caught: boolean): void => {
    if (typescript.isFunctionLike(node)) return;
    if (typescript.isReturnStatement(node) && (caught || !caughtOnly)) {
      if (node.expression) found.push(node.expression);
      return;
    }
    typescript.forEachChild(node, (child) => {
      visit(child, caught || typescript.isCatchClause(node));
    });
  };
  typescript.forEachChild(body, (child) => {
    visit(child, false);
  });
  return found;
}

/**
 * The index of `fn`'s parameter that `value` holds at `path`: an object literal's member (also
 * nested: `{ error: { message } }`), or what a builder returns there for an argument that is one of
 * `fn`'s parameters. -1 for anything else.
 */
function parameterAt(checker: ts.TypeChecker, fn: ts.FunctionLikeDeclaration, value: ts.Expression, path: readonly string[], depth: number): number {
  const expression = skipped(value);
  if (typescript.isObjectLiteralExpression(expression)) {
    const [key, ...rest] = path;
    const member = key === undefined ? undefined : property(expression, key);
    if (!member) return -1;
    return rest.length === 0 ? parameterIndex(fn, member) : parameterAt(checker, fn, member, rest, depth);
  }
  if (!typescript.isCallExpression(expression) || depth === 0) return -1;
  const builder = declaredFunction(checker, expression.expression);
  if (!builder?.body) return -1;
  const returned = typescript.isBlock(builder.body) ? ownReturns(builder.body, false) : [builder.body];
  const inBuilder = new Set(returned.map((r) => parameterAt(checker, builder, r, path, depth - 1)));
  const [only] = inBuilder;
  if (inBuilder.size !== 1 || only === undefined || only < 0) return -1;
  const argument = expression.arguments[only];
  return argument ? parameterIndex(fn, argument) : -1;
}

function skipped(node: ts.Expression): ts.Expression {
  let current = node;
  while (typescript.isParenthesizedExpression(current) || typescript.isAwaitExpression(current) || typescript.isAsExpression(current))
    current = current.expression;
  return current;
}

/** The index of the parameter of `fn` the expression names, or -1. */
function parameterIndex(fn: ts.FunctionLikeDeclaration, value: ts.Expression): number {
  const expression = skipped(value);
  if (!typescript.isIdentifier(expression)) return -1;
  return fn.parameters.findIndex((parameter) => typescript.isIdentifier(parameter.name) && parameter.name.text === expression.text);
}

/**
 * For `call` (`classifyToolCatchError(error, "Failed to get count")`): whether the callee, or a
 * function it hands that parameter on to (a few levels), takes the parameter at `index` alone as
 * one branch of a choice: `getLogLevel() === "DEBUG" ? error.message : fallback`, `detail ?? fallback`.
 * The text the caller passes is then all the agent gets whenever the other branch is not taken.
 */
export function isFallbackArgument(sourceCode: Readonly<TSESLint.SourceCode>, call: TSESTree.CallExpression, index: number): boolean {
  if (call.callee.type === AST_NODE_TYPES.Super) return false;
  const checked = checkedNode(sourceCode, call.callee);
  if (!checked) return false;
  loadTypedRuntime();
  const fn = declaredFunction(checked.checker, checked.tsNode);
  return fn !== undefined && choosesAlone(checked.checker, fn, index, DEPTH);
}

function choosesAlone(checker: ts.TypeChecker, fn: ts.FunctionLikeDeclaration, index: number, depth: number): boolean {
  const parameter = fn.parameters[index]?.name;
  if (!fn.body || !parameter || !typescript.isIdentifier(parameter)) return false;
  const isParameter = (node: ts.Expression): boolean => {
    const expression = skipped(node);
    return typescript.isIdentifier(expression) && expression.text === parameter.text;
  };
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found || (node !== fn.body && typescript.isFunctionLike(node))) return;
    if (typescript.isConditionalExpression(node) && isParameter(node.whenTrue) !== isParameter(node.whenFalse)) found = true;
    else if (typescript.isBinaryExpression(node) && isFallbackOperator(node.operatorToken.kind) && isParameter(node.right) && !isParameter(node.left))
      found = true;
    else if (typescript.isCallExpression(node) && depth > 0) {
      const at = node.arguments.findIndex(isParameter);
      const callee = at < 0 ? undefined : declaredFunction(checker, node.expression);
      if (callee && callee !== fn) found = choosesAlone(checker, callee, at, depth - 1);
    }
    if (!found) typescript.forEachChild(node, visit);
  };
  visit(fn.body);
  return found;
}

/** `detail ?? fallback`, `detail || fallback`. */
function isFallbackOperator(kind: ts.SyntaxKind): boolean {
  return kind === typescript.SyntaxKind.QuestionQuestionToken || kind === typescript.SyntaxKind.BarBarToken;
}
