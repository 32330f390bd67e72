/**
 * What a try/catch does with an error on the way out of a function: whether a node sits in a
 * `try` that catches, and whether a wrapper's catch really catches or only records and rethrows.
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, forEachChild, isFunctionNode, ownReturnStatements, unwrap } from "../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The function a higher-order function returns (`fn => async (...a) => ...`). */
export function returnedFunction(fn: FunctionNode): FunctionNode | undefined {
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) {
    const body = unwrap(fn.body);
    return isFunctionNode(body) ? body : undefined;
  }
  for (const statement of fn.body.body) {
    if (statement.type === AST_NODE_TYPES.ReturnStatement && statement.argument) {
      const argument = unwrap(statement.argument);
      if (isFunctionNode(argument)) return argument;
    }
  }
  return undefined;
}

/**
 * Whether every call of `param` inside `fn` sits in a `try` block whose `catch` does something
 * with the error; a `catch` that only records it and rethrows it (`throw error`) lets it through.
 */
export function callsParamInsideTry(sourceCode: SourceCode, fn: FunctionNode, param: string): boolean {
  const state = { found: false, allCaught: true };
  const visit = (node: TSESTree.Node): void => {
    if (node.type === AST_NODE_TYPES.CallExpression) {
      const callee = unwrap(node.callee);
      if (callee.type === AST_NODE_TYPES.Identifier && callee.name === param) {
        state.found = true;
        const caughtBy = catchingTry(node, fn);
        if (!caughtBy || rethrowsUnchanged(caughtBy)) state.allCaught = false;
      }
    }
    forEachChild(node, sourceCode.visitorKeys, visit);
  };
  visit(fn.body);
  return state.found && state.allCaught;
}

/**
 * Whether the `catch` of `statement` ends by rethrowing what it caught
 * (`catch (error) { span.recordException(error); throw error; }`), and neither it nor a
 * `finally` returns instead.
 */
function rethrowsUnchanged(statement: TSESTree.TryStatement): boolean {
  const clause = statement.handler;
  if (clause?.param?.type !== AST_NODE_TYPES.Identifier) return false;
  const last = clause.body.body.at(-1);
  if (last?.type !== AST_NODE_TYPES.ThrowStatement) return false;
  const thrown = unwrap(last.argument);
  if (thrown.type !== AST_NODE_TYPES.Identifier || thrown.name !== clause.param.name) return false;
  return ownReturnStatements(clause.body).length === 0 && (!statement.finalizer || ownReturnStatements(statement.finalizer).length === 0);
}

/** Whether `node` sits in the `try` block of a try/catch inside `boundary` (not crossing functions). */
export function isCaughtWithin(node: TSESTree.Node, boundary: TSESTree.Node): boolean {
  return catchingTry(node, boundary) !== undefined;
}

/** The innermost try/catch inside `boundary` (not crossing functions) whose `try` block holds `node`. */
function catchingTry(node: TSESTree.Node, boundary: TSESTree.Node): TSESTree.TryStatement | undefined {
  let child: TSESTree.Node = node;
  let current = node.parent;
  while (current && current !== boundary) {
    if (current.type === AST_NODE_TYPES.TryStatement && current.handler && current.block === child) {
      return current;
    }
    if (isFunctionNode(current)) return undefined;
    child = current;
    current = current.parent;
  }
  return undefined;
}
