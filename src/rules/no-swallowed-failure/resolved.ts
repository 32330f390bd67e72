/**
 * A catch inside a promise's executor that settles the promise with an empty value: `return new
 * Promise((resolve) => { ... } catch (e) { log(e); resolve("") } })`, directly or through a
 * local helper that hands its argument on (`const finish = (value) => { cleanup(); resolve(value) }`,
 * then `finish("")`). The function that returns the promise answers the failure with that value,
 * as if its catch had returned it.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import {
  type FunctionNode,
  calleeName,
  enclosingFunction,
  findVariable,
  forEachOwnNode,
  isFunctionNode,
  isInside,
  mentionsName,
  unwrap,
} from "../../util/ast.js";
import { emptyValue } from "./flow.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** An empty value a catch settles a returned promise with. */
export interface ResolvedStandIn {
  /** The call that settles it: `resolve("")`, `finish("")`. */
  readonly call: TSESTree.CallExpression;
  /** How the message names the value (`an empty string`). */
  readonly value: string;
  /** The function whose returned promise the value settles. */
  readonly fn: FunctionNode;
}

/** The catch's own statement that settles the enclosing function's returned promise with an empty value. */
export function resolvedStandIn(sourceCode: SourceCode, clause: TSESTree.CatchClause, names: ReadonlySet<string>): ResolvedStandIn | undefined {
  const statements: TSESTree.ExpressionStatement[] = [];
  forEachOwnNode(sourceCode, clause.body, (node) => {
    if (node.type === AST_NODE_TYPES.ExpressionStatement && !selected(sourceCode, node, clause, names)) statements.push(node);
  });
  for (const statement of statements) {
    let expression = unwrap(statement.expression);
    if (expression.type === AST_NODE_TYPES.UnaryExpression && expression.operator === "void") expression = unwrap(expression.argument);
    if (expression.type === AST_NODE_TYPES.AwaitExpression) expression = unwrap(expression.argument);
    if (expression.type !== AST_NODE_TYPES.CallExpression || expression.arguments.length !== 1) continue;
    const [argument] = expression.arguments;
    const value = argument && argument.type !== AST_NODE_TYPES.SpreadElement ? emptyValue(argument) : undefined;
    const callee = unwrap(expression.callee);
    if (value === undefined || callee.type !== AST_NODE_TYPES.Identifier) continue;
    const executor = executorOf(sourceCode, callee, true);
    const fn = executor && isInside(clause, executor.body) ? promiseReturner(executor) : undefined;
    if (fn) return { call: expression, value, fn };
  }
  return undefined;
}

/**
 * The statement runs only for errors a test picks out (`if (e.code === "ENOENT") resolve("")`): an
 * answer for those, not the failure. The `else` of such a test is every other failure.
 */
function selected(sourceCode: SourceCode, statement: TSESTree.Node, clause: TSESTree.CatchClause, names: ReadonlySet<string>): boolean {
  let child: TSESTree.Node = statement;
  for (let current = statement.parent; current && current !== clause; child = current, current = current.parent) {
    if (current.type === AST_NODE_TYPES.IfStatement && current.consequent === child && mentionsName(sourceCode, current.test, names, "own-code"))
      return true;
  }
  return false;
}

/**
 * The promise executor whose `resolve` a name is: its first parameter, or (`helper`) a local
 * function that calls that `resolve` with its own first parameter.
 */
function executorOf(sourceCode: SourceCode, name: TSESTree.Identifier, helper: boolean): FunctionNode | undefined {
  const def = findVariable(sourceCode, name)?.defs[0];
  if (!def) return undefined;
  if (def.type === DefinitionType.Parameter) {
    const fn = def.node;
    const created = fn.parent;
    const isExecutor = isFunctionNode(fn) && fn.params[0] === def.name && created.type === AST_NODE_TYPES.NewExpression && created.arguments[0] === fn;
    return isExecutor && calleeName(created) === "Promise" ? fn : undefined;
  }
  if (!helper || def.type !== DefinitionType.Variable || def.node.id.type !== AST_NODE_TYPES.Identifier || def.parent.kind !== "const") return undefined;
  const local = def.node.init ? unwrap(def.node.init) : undefined;
  const param = local && isFunctionNode(local) ? local.params[0] : undefined;
  if (!local || !isFunctionNode(local) || param?.type !== AST_NODE_TYPES.Identifier) return undefined;
  // `(value) => { ...; resolve(value) }`: the helper settles the promise with what it is given.
  let executor: FunctionNode | undefined;
  forEachOwnNode(sourceCode, local.body, (node) => {
    if (executor || node.type !== AST_NODE_TYPES.CallExpression || node.arguments.length !== 1) return;
    const [argument] = node.arguments;
    const callee = unwrap(node.callee);
    if (argument?.type !== AST_NODE_TYPES.Identifier || argument.name !== param.name || callee.type !== AST_NODE_TYPES.Identifier) return;
    executor = executorOf(sourceCode, callee, false);
  });
  return executor;
}

/** The function that returns the promise an executor makes: `return new Promise(executor)`, or an arrow whose body it is. */
function promiseReturner(executor: FunctionNode): FunctionNode | undefined {
  const created = executor.parent;
  const parent = created.parent;
  if (parent?.type === AST_NODE_TYPES.ReturnStatement) return enclosingFunction(parent);
  return parent && isFunctionNode(parent) && parent.body === created ? parent : undefined;
}
