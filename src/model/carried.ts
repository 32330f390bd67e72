/**
 * Catches that carry an error's own message to the model. A catch that converts errors into an
 * error result whose text is just the caught error's message hands the model whatever text the
 * throw built, however far away: a generic text thrown three calls down is what the agent reads.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  addsNoWords,
  enclosingFunction,
  forEachOwnNode,
  memberName,
  mentionsName,
  someOwnNode,
  staticKeyName,
  unwrap,
} from "../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The fields of an error result the model reads as its text. */
const TEXT_FIELDS = new Set(["text", "message", "description"]);

/**
 * Whether the catch's error result says the caught error's message and nothing more. Two shapes:
 * - a result literal with `isError: true` in the catch, with a text field that is the message
 *   (`text: error.message`, `String(error)`, `` `Error: ${error.message}` ``);
 * - the error handed to an output object (`response.setError(error)`) that decides the `isError`
 *   of its function's result (`if (response.error) result.isError = true`).
 */
export function carriesMessage(sourceCode: SourceCode, clause: TSESTree.CatchClause, param: string): boolean {
  const names = new Set([param]);
  const messages = new Set<string>();
  for (const statement of clause.body.body) {
    if (statement.type !== AST_NODE_TYPES.VariableDeclaration || statement.kind !== "const") continue;
    for (const d of statement.declarations) {
      if (d.id.type === AST_NODE_TYPES.Identifier && d.init && isMessageOf(d.init, names, messages)) messages.add(d.id.name);
    }
  }
  const fn = enclosingFunction(clause);
  return someOwnNode(sourceCode, clause.body, (node) => {
    if (node.type === AST_NODE_TYPES.ObjectExpression) return isErrorLiteral(node) && saysMessage(sourceCode, node, names, messages);
    if (node.type !== AST_NODE_TYPES.CallExpression || !fn) return false;
    const callee = unwrap(node.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.object.type !== AST_NODE_TYPES.Identifier) return false;
    const receiver = callee.object.name;
    return node.arguments.some((a) => isMessageOf(a, names, messages)) && decidesIsError(sourceCode, fn, receiver);
  });
}

/** `{ isError: true, ... }`. */
function isErrorLiteral(object: TSESTree.ObjectExpression): boolean {
  return object.properties.some((p) => {
    if (p.type !== AST_NODE_TYPES.Property || staticKeyName(p.key, p.computed) !== "isError") return false;
    const value = unwrap(p.value);
    return value.type === AST_NODE_TYPES.Literal && value.value === true;
  });
}

/** Some text field anywhere in the result is the message. */
function saysMessage(sourceCode: SourceCode, object: TSESTree.ObjectExpression, names: ReadonlySet<string>, messages: ReadonlySet<string>): boolean {
  let found = false;
  forEachOwnNode(sourceCode, object, (node) => {
    if (found || node.type !== AST_NODE_TYPES.Property) return;
    const key = staticKeyName(node.key, node.computed);
    found = key !== undefined && TEXT_FIELDS.has(key) && isMessageOf(node.value, names, messages);
  });
  return found;
}

/**
 * The caught error's message and nothing more: `e`, `e.message`, `String(e)`, a constant holding
 * one, `e.message || "..."`, either branch of `e instanceof Error ? e.message : String(e)`, or a
 * template whose own words are at most "Error".
 */
function isMessageOf(node: TSESTree.Node, names: ReadonlySet<string>, messages: ReadonlySet<string>): boolean {
  const n = unwrap(node);
  switch (n.type) {
    case AST_NODE_TYPES.Identifier:
      return names.has(n.name) || messages.has(n.name);
    case AST_NODE_TYPES.MemberExpression: {
      const object = unwrap(n.object);
      return memberName(n) === "message" && object.type === AST_NODE_TYPES.Identifier && names.has(object.name);
    }
    case AST_NODE_TYPES.CallExpression: {
      const callee = unwrap(n.callee);
      const [first] = n.arguments;
      return callee.type === AST_NODE_TYPES.Identifier && callee.name === "String" && first !== undefined && isMessageOf(first, names, messages);
    }
    case AST_NODE_TYPES.LogicalExpression:
      return isMessageOf(n.left, names, messages);
    case AST_NODE_TYPES.ConditionalExpression: {
      const branches = [n.consequent, n.alternate];
      return branches.some((b) => isMessageOf(b, names, messages)) && branches.every((b) => isMessageOf(b, names, messages) || isStatic(b));
    }
    case AST_NODE_TYPES.TemplateLiteral: {
      return addsNoWords(n) && n.expressions.length > 0 && n.expressions.every((e) => isMessageOf(e, names, messages));
    }
    default:
      return false;
  }
}

function isStatic(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.Literal || (n.type === AST_NODE_TYPES.TemplateLiteral && n.expressions.length === 0);
}

/** Whether `receiver` decides the `isError` of a result in `fn`: `isError: receiver.failed`, or `result.isError = true` under `if (receiver.error)`. */
function decidesIsError(sourceCode: SourceCode, fn: FunctionNode, receiver: string): boolean {
  const names = new Set([receiver]);
  return someOwnNode(sourceCode, fn.body, (node) => {
    if (node.type === AST_NODE_TYPES.Property)
      return staticKeyName(node.key, node.computed) === "isError" && mentionsName(sourceCode, node.value, names, "subtree");
    if (node.type !== AST_NODE_TYPES.AssignmentExpression || node.left.type !== AST_NODE_TYPES.MemberExpression || memberName(node.left) !== "isError")
      return false;
    if (mentionsName(sourceCode, node.right, names, "subtree")) return true;
    for (let current: TSESTree.Node | undefined = node.parent; current && current !== fn; current = current.parent) {
      if (current.type === AST_NODE_TYPES.IfStatement && mentionsName(sourceCode, current.test, names, "subtree")) return true;
    }
    return false;
  });
}
