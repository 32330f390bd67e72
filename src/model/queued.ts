/**
 * Callbacks a function queues for later with its promise's `reject`: their failure settles the
 * promise the function returns.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { type FunctionNode, forEachChild, isFunctionNode, unwrap } from "../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * `return new Promise((resolve, reject) => { queue.push({ operation, resolve, reject }) })`: the
 * function hands the callback on with the promise's own `reject`, for a queue to run later; the
 * callback's failure settles the promise the function returns, with no catch of its own between.
 */
export function queuedWithReject(sourceCode: SourceCode, fn: FunctionNode, param: string): boolean {
  const keys = sourceCode.visitorKeys;
  let found = false;
  const visit = (node: TSESTree.Node): void => {
    if (found) return;
    if (node.type === AST_NODE_TYPES.NewExpression && node.callee.type === AST_NODE_TYPES.Identifier && node.callee.name === "Promise") {
      const executor = node.arguments[0] ? unwrap(node.arguments[0]) : undefined;
      const reject = isFunctionNode(executor) ? executor.params[1] : undefined;
      if (isFunctionNode(executor) && reject?.type === AST_NODE_TYPES.Identifier && holdsBoth(keys, executor.body, param, reject.name)) found = true;
      return;
    }
    forEachChild(node, keys, visit);
  };
  visit(fn.body);
  return found;
}

/** An object literal under `node` with a member that is `a` and one that is `b` (`{ operation, resolve, reject }`). */
function holdsBoth(keys: SourceCode["visitorKeys"], node: TSESTree.Node, a: string, b: string): boolean {
  let found = false;
  const visit = (n: TSESTree.Node): void => {
    if (found) return;
    if (n.type === AST_NODE_TYPES.ObjectExpression) {
      const values = new Set<string>();
      for (const p of n.properties) if (p.type === AST_NODE_TYPES.Property && p.value.type === AST_NODE_TYPES.Identifier) values.add(p.value.name);
      if (values.has(a) && values.has(b)) found = true;
    }
    forEachChild(n, keys, visit);
  };
  visit(node);
  return found;
}

/**
 * `catch (error) { reject(error) }` in a task a function queues inside `new Promise((resolve,
 * reject) => ...)`: the error is not stopped; it goes on as the rejection of the promise the
 * function returns.
 */
export function rejectsCaught(clause: TSESTree.CatchClause, param: string): boolean {
  return clause.body.body.some((statement) => {
    const call = statement.type === AST_NODE_TYPES.ExpressionStatement ? unwrap(statement.expression) : undefined;
    if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee.type !== AST_NODE_TYPES.Identifier) return false;
    const [argument] = call.arguments;
    return argument?.type === AST_NODE_TYPES.Identifier && argument.name === param && isExecutorReject(clause, call.callee.name);
  });
}

/** `name` is the `reject` of the nearest `new Promise(...)` executor around `from` (no function between declares it). */
function isExecutorReject(from: TSESTree.Node, name: string): boolean {
  for (let node = from.parent; node; node = node.parent) {
    if (!isFunctionNode(node)) continue;
    const owner = node.parent;
    if (owner.type === AST_NODE_TYPES.NewExpression && owner.callee.type === AST_NODE_TYPES.Identifier && owner.callee.name === "Promise") {
      const reject = owner.arguments[0] === node ? node.params[1] : undefined;
      return reject?.type === AST_NODE_TYPES.Identifier && reject.name === name;
    }
    if (node.params.some((p) => p.type === AST_NODE_TYPES.Identifier && p.name === name)) return false;
  }
  return false;
}
