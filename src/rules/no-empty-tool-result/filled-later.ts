/**
 * Content that starts empty and is filled by later statements: `const response = { content: [] }`
 * followed by `response.content.push(...)`, or `text: lines.join("\n")` after `const lines = []`
 * and `lines.push(...)`. The result says nothing whenever no part is added, which is certain to
 * happen only where every `push` sits behind a condition. Loops count as running (a list may be
 * checked for emptiness before them); anything the code does with the array besides pushing and
 * returning it makes the answer unknown, and unknown stays silent.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  constInitializer,
  enclosingFunction,
  findVariable,
  isFunctionNode,
  isInside,
  isLoop,
  memberName,
  someOwnNode,
  typeWrapped,
  unwrap,
} from "../../util/ast.js";
import { alwaysExits } from "../shared/external-failures.js";

type SourceCode = Readonly<TSESLint.SourceCode>;
type Pushes = ReadonlySet<TSESTree.Node>;

/**
 * A result object held by a variable (`const response = { content: [], isError: false }`) that is
 * returned, written to only by `response.content.push(...)` and assignments to its other
 * properties, and whose pushes all sit behind conditions.
 */
export function contentFilledOnlyUnderConditions(sourceCode: SourceCode, declarator: TSESTree.VariableDeclarator): boolean {
  if (declarator.id.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = findVariable(sourceCode, declarator.id);
  if (!variable) return false;
  const pushes = new Set<TSESTree.Node>();
  let returned = false;
  for (const reference of variable.references) {
    if (reference.init) continue;
    if (reference.isWrite()) return false;
    const use = typeWrapped(reference.identifier);
    const member = use.parent;
    if (member?.type === AST_NODE_TYPES.ReturnStatement) {
      returned = true;
      continue;
    }
    if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== use) return false;
    if (memberName(member) === "content") {
      const statement = pushStatement(member);
      if (!statement) return false;
      pushes.add(statement);
    } else if (member.parent.type !== AST_NODE_TYPES.AssignmentExpression || member.parent.left !== member) {
      return false;
    }
  }
  return returned && pushes.size > 0 && !addedForSure(sourceCode, declarator, pushes);
}

/**
 * `lines.join(...)` (directly, or through a const holding it) where `lines` starts as `[]` and is
 * only pushed to, each push behind a condition: the name of the array, for the message.
 */
export function joinOfConditionalParts(sourceCode: SourceCode, node: TSESTree.Node): string | undefined {
  let value: TSESTree.Node | undefined = unwrap(node);
  if (value.type === AST_NODE_TYPES.Identifier) value = constInitializer(sourceCode, value);
  if (!value) return undefined;
  if (value.type !== AST_NODE_TYPES.CallExpression || value.callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const joined = value.callee.object;
  if (memberName(value.callee) !== "join" || joined.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = findVariable(sourceCode, joined);
  const declarator = variable?.defs.length === 1 ? variable.defs[0]?.node : undefined;
  if (!variable || declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id.type !== AST_NODE_TYPES.Identifier) return undefined;
  const init = declarator.init && unwrap(declarator.init);
  if (init?.type !== AST_NODE_TYPES.ArrayExpression || init.elements.length > 0) return undefined;
  const pushes = new Set<TSESTree.Node>();
  for (const reference of variable.references) {
    if (reference.init) continue;
    if (reference.isWrite()) return undefined;
    const use = typeWrapped(reference.identifier);
    if (use === typeWrapped(joined)) continue;
    const statement = pushStatement(use);
    if (!statement) return undefined;
    pushes.add(statement);
  }
  if (pushes.size === 0 || addedForSure(sourceCode, declarator, pushes)) return undefined;
  return joined.name;
}

/** `<array>.push(...);` as a statement of its own: the statement, given the array expression. */
function pushStatement(array: TSESTree.Node): TSESTree.ExpressionStatement | undefined {
  const member = array.parent;
  if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== array || memberName(member) !== "push") return undefined;
  const call = member.parent;
  if (call.type !== AST_NODE_TYPES.CallExpression || call.callee !== member) return undefined;
  return call.parent.type === AST_NODE_TYPES.ExpressionStatement ? call.parent : undefined;
}

/**
 * Whether the function holding the declaration adds a part on every path that goes on, or might.
 * An `if` after the declaration that leaves (`if (!web?.results.length) { ...; return }`) may
 * make the conditions of later pushes hold: unknown, so counted as adding.
 */
function addedForSure(sourceCode: SourceCode, declarator: TSESTree.VariableDeclarator, pushes: Pushes): boolean {
  const fn = enclosingFunction(declarator);
  if (!fn || fn.body.type !== AST_NODE_TYPES.BlockStatement) return true;
  const guarded = someOwnNode(
    sourceCode,
    fn.body,
    (node) =>
      node.type === AST_NODE_TYPES.IfStatement &&
      node.range[0] > declarator.range[1] &&
      (alwaysExits(node.consequent) || (node.alternate !== null && alwaysExits(node.alternate))),
  );
  return guarded || surely(fn.body, pushes);
}

/**
 * Whether running the statement adds a part, or might for all we know. Loops are taken to run,
 * and so are callbacks handed to `forEach`; an `if` adds one only when each of its branches adds
 * one or leaves.
 */
function surely(statement: TSESTree.Statement, pushes: Pushes): boolean {
  if (pushes.has(statement)) return true;
  if (isLoop(statement)) return surely(statement.body, pushes);
  switch (statement.type) {
    case AST_NODE_TYPES.BlockStatement:
      return statement.body.some((s) => surely(s, pushes));
    case AST_NODE_TYPES.IfStatement: {
      const branch = (s: TSESTree.Statement | null): boolean => s !== null && (surely(s, pushes) || alwaysExits(s));
      return branch(statement.consequent) && branch(statement.alternate);
    }
    case AST_NODE_TYPES.TryStatement:
      return surely(statement.block, pushes) || (statement.finalizer !== null && surely(statement.finalizer, pushes));
    case AST_NODE_TYPES.LabeledStatement:
      return surely(statement.body, pushes);
    case AST_NODE_TYPES.ExpressionStatement: {
      const callback = iterationCallback(statement.expression);
      if (callback) return callback.body.type === AST_NODE_TYPES.BlockStatement ? surely(callback.body, pushes) : false;
      return containsPush(statement, pushes);
    }
    default:
      return containsPush(statement, pushes);
  }
}

/** `items.forEach((item) => { ... })`: the callback, which runs once per item. */
function iterationCallback(expression: TSESTree.Expression): TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression | undefined {
  const call = unwrap(expression);
  if (call.type !== AST_NODE_TYPES.CallExpression || call.callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  if (memberName(call.callee) !== "forEach") return undefined;
  const callback = call.arguments[0];
  return callback && isFunctionNode(callback) ? callback : undefined;
}

/** Some push statement anywhere inside (under conditions nobody reads here: counted as adding). */
function containsPush(node: TSESTree.Node, pushes: Pushes): boolean {
  for (const push of pushes) if (isInside(push, node)) return true;
  return false;
}
