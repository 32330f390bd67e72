/**
 * Which calls fail because something outside the process failed: a call the model recognises as
 * external (`model.externalCall`), or a call of a same-file function that makes one and lets its
 * failure reach the caller. Shared by `prefer-partial-results` and `no-blind-retry`; a candidate
 * for the model (`model.failsExternally(fn)`) once a third rule needs it.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import type { McpModel } from "../../model/index.js";
import { type FunctionNode, forEachOwnNode, isFunctionNode, memberName, resolveFunction, staticKeyName, unwrap } from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Whether a statement leaves its block on every path (`throw`, `return`, `break`, `continue`). */
export function alwaysExits(statement: TSESTree.Statement | undefined, withContinue = false): boolean {
  if (!statement) return false;
  switch (statement.type) {
    case AST_NODE_TYPES.ThrowStatement:
    case AST_NODE_TYPES.ReturnStatement:
    case AST_NODE_TYPES.BreakStatement:
      return true;
    case AST_NODE_TYPES.ContinueStatement:
      return withContinue;
    case AST_NODE_TYPES.BlockStatement:
      return alwaysExits(statement.body.at(-1), withContinue);
    case AST_NODE_TYPES.IfStatement:
      return alwaysExits(statement.consequent, withContinue) && alwaysExits(statement.alternate ?? undefined, withContinue);
    default:
      return false;
  }
}

/** Whether every path through the catch clause ends in a `throw` (the caught error goes on). */
function alwaysRethrows(statement: TSESTree.Statement | undefined): boolean {
  if (!statement) return false;
  if (statement.type === AST_NODE_TYPES.ThrowStatement) return true;
  if (statement.type === AST_NODE_TYPES.BlockStatement) return alwaysRethrows(statement.body.at(-1));
  if (statement.type === AST_NODE_TYPES.IfStatement) return alwaysRethrows(statement.consequent) && alwaysRethrows(statement.alternate ?? undefined);
  return false;
}

/**
 * Whether a rejection of `node` is handled before it leaves `fn`: a `.catch(...)` or a two-argument
 * `.then(...)` on it, or a `try` whose catch does not always rethrow.
 */
export function isHandledWithin(node: TSESTree.Node, fn: TSESTree.Node): boolean {
  let current: TSESTree.Node = node;
  while (current !== fn) {
    const parent: TSESTree.Node | undefined = current.parent;
    if (!parent) return false;
    if (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === current && parent.parent.type === AST_NODE_TYPES.CallExpression) {
      const name = memberName(parent);
      if (name === "catch") return true;
      if (name === "then" && parent.parent.arguments.length >= 2) return true;
    }
    if (parent.type === AST_NODE_TYPES.TryStatement && parent.block === current && parent.handler && !alwaysRethrows(parent.handler.body)) {
      return true;
    }
    current = parent;
  }
  return false;
}

/** The same-file function a call runs: `f()` for a declared function, `this.m()` for a method of the enclosing class. */
export function sameFileCallee(sourceCode: SourceCode, call: TSESTree.CallExpression): FunctionNode | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) return resolveFunction(sourceCode, callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.object.type !== AST_NODE_TYPES.ThisExpression) return undefined;
  const name = memberName(callee);
  let current: TSESTree.Node | undefined = call.parent;
  while (current && current.type !== AST_NODE_TYPES.ClassBody) current = current.parent;
  if (!current || name === undefined) return undefined;
  for (const member of current.body) {
    if (member.type !== AST_NODE_TYPES.MethodDefinition && member.type !== AST_NODE_TYPES.PropertyDefinition) continue;
    if (member.static || staticKeyName(member.key, member.computed) !== name) continue;
    const value = member.value ? unwrap(member.value) : undefined;
    return isFunctionNode(value) ? value : undefined;
  }
  return undefined;
}

/** Answers "does this fail when something outside the process fails?", memoized per function. */
export interface ExternalFailures {
  /** The call is external, or runs a same-file function with an unhandled external call (one level). */
  isExternal(call: TSESTree.CallExpression): boolean;
  /**
   * An external call in `fn` (or, with `depth` 1, in a same-file function it calls) whose
   * failure is not handled inside `fn`.
   */
  failsExternally(fn: FunctionNode, depth: 0 | 1): boolean;
}

export function externalFailures(model: McpModel): ExternalFailures {
  const sourceCode = model.sourceCode;
  const memo = [new Map<FunctionNode, boolean>(), new Map<FunctionNode, boolean>()] as const;

  const failsExternally = (fn: FunctionNode, depth: 0 | 1): boolean => {
    const cache = memo[depth];
    const known = cache.get(fn);
    if (known !== undefined) return known;
    // Recursion and cycles: assume no until proven.
    cache.set(fn, false);
    let found = false;
    forEachOwnNode(sourceCode, fn.body, (node) => {
      if (found || node.type !== AST_NODE_TYPES.CallExpression) return;
      if (isHandledWithin(node, fn)) return;
      if (model.externalCall(node)) found = true;
      else if (depth === 1) {
        const target = sameFileCallee(sourceCode, node);
        if (target && target !== fn && failsExternally(target, 0)) found = true;
      }
    });
    cache.set(fn, found);
    return found;
  };

  const isExternal = (call: TSESTree.CallExpression): boolean => {
    if (model.externalCall(call)) return true;
    const callee = unwrap(call.callee);
    // An immediately invoked `(async () => { ... })()`: its own code is the call.
    if (isFunctionNode(callee)) return failsExternally(callee, 1);
    const target = sameFileCallee(sourceCode, call);
    return target !== undefined && failsExternally(target, 0);
  };

  return { isExternal, failsExternally };
}
