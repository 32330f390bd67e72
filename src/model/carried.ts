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
  findProperty,
  forEachOwnNode,
  jsonStringifyArgument,
  memberName,
  mentionsName,
  objectLiteral,
  ownReturnStatements,
  someOwnNode,
  staticKeyName,
  unwrap,
} from "../util/ast.js";
import { sameFileFunction } from "./targets.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The fields of an error result the model reads as its text. */
const TEXT_FIELDS = new Set(["text", "message", "description"]);

/**
 * Whether the catch's error result (or that of `body`, a branch of the catch) says the caught
 * error's message and nothing more. Two shapes:
 * - a result literal with `isError: true` in the catch, with a text field that is the message
 *   (`text: error.message`, `String(error)`, `` `Error: ${error.message}` ``);
 * - the error handed to an output object (`response.setError(error)`) that decides the `isError`
 *   of its function's result (`if (response.error) result.isError = true`).
 */
export function carriesMessage(sourceCode: SourceCode, clause: TSESTree.CatchClause, param: string, body: TSESTree.Node = clause.body): boolean {
  return saysCaughtMessage(sourceCode, body, param, enclosingFunction(clause), 0);
}

/**
 * Whether `body` (a catch's, or that of a function the catch hands its error to) makes an error
 * result that says the message of the error named `param`. A function of this file the error is
 * handed to counts (`return this.handleError(error)`, two calls deep at most), as for the catch itself.
 */
function saysCaughtMessage(sourceCode: SourceCode, body: TSESTree.Node, param: string, fn: FunctionNode | undefined, depth: number): boolean {
  const names = new Set([param]);
  const messages = messageVariables(sourceCode, body, names);
  return someOwnNode(sourceCode, body, (node) => {
    if (node.type === AST_NODE_TYPES.ObjectExpression)
      return (isErrorLiteral(node) && saysMessage(sourceCode, node, names, messages)) || stringifiedFailure(sourceCode, node, names, messages);
    if (node.type !== AST_NODE_TYPES.CallExpression) return false;
    const index = node.arguments.findIndex((a) => isMessageOf(a, names, messages));
    if (index < 0) return false;
    const callee = unwrap(node.callee);
    if (
      fn &&
      callee.type === AST_NODE_TYPES.MemberExpression &&
      callee.object.type === AST_NODE_TYPES.Identifier &&
      decidesIsError(sourceCode, fn, callee.object.name)
    )
      return true;
    const handler = depth < 2 ? sameFileFunction(sourceCode, callee) : undefined;
    const parameter = handler?.params[index];
    const name = parameter?.type === AST_NODE_TYPES.AssignmentPattern ? parameter.left : parameter;
    return handler !== undefined && name?.type === AST_NODE_TYPES.Identifier && saysCaughtMessage(sourceCode, handler.body, name.name, handler, depth + 1);
  });
}

/**
 * The variables of a block that hold the error's message: a `const` made from it
 * (`const raw = e instanceof Error ? e.message : String(e)`, `const shown = redact(raw)`), and a
 * `let` made from it that is only ever added more of the error to (`text += \`Cause: ${e.cause}\``).
 */
function messageVariables(sourceCode: SourceCode, body: TSESTree.Node, names: ReadonlySet<string>): Set<string> {
  const messages = new Set<string>();
  if (body.type !== AST_NODE_TYPES.BlockStatement) return messages;
  for (const statement of body.body) {
    if (statement.type !== AST_NODE_TYPES.VariableDeclaration || statement.kind === "var") continue;
    for (const d of statement.declarations) {
      if (d.id.type !== AST_NODE_TYPES.Identifier || !d.init || !isMessageOf(d.init, names, messages)) continue;
      if (statement.kind === "let" && !onlyAddsTheError(sourceCode, body, d.id.name, names)) continue;
      messages.add(d.id.name);
    }
  }
  return messages;
}

/** Every assignment to `variable` in `body` is `variable += <more of the error>`. */
function onlyAddsTheError(sourceCode: SourceCode, body: TSESTree.Node, variable: string, names: ReadonlySet<string>): boolean {
  return !someOwnNode(
    sourceCode,
    body,
    (node) =>
      (node.type === AST_NODE_TYPES.AssignmentExpression &&
        node.left.type === AST_NODE_TYPES.Identifier &&
        node.left.name === variable &&
        (node.operator !== "+=" || !mentionsName(sourceCode, node.right, names, "subtree"))) ||
      (node.type === AST_NODE_TYPES.UpdateExpression && node.argument.type === AST_NODE_TYPES.Identifier && node.argument.name === variable),
  );
}

/** Every return of the catch gives an object literal with `isError: true` (whatever its text says). */
export function returnsErrorResults(sourceCode: SourceCode, clause: TSESTree.CatchClause): boolean {
  const returns = ownReturnStatements(clause.body);
  return (
    returns.length > 0 &&
    returns.every((statement) => {
      const value = statement.argument ? objectLiteral(sourceCode, statement.argument) : undefined;
      return value !== undefined && isErrorLiteral(value);
    })
  );
}

/** `{ isError: true, ... }`. */
function isErrorLiteral(object: TSESTree.ObjectExpression): boolean {
  return object.properties.some((p) => {
    if (p.type !== AST_NODE_TYPES.Property || staticKeyName(p.key, p.computed) !== "isError") return false;
    const value = unwrap(p.value);
    return value.type === AST_NODE_TYPES.Literal && value.value === true;
  });
}

/**
 * `return JSON.stringify({ error: { message: e.message } })` (or `{ error: e.message }`): a failure
 * payload made text, which the function's caller shows as it is.
 */
function stringifiedFailure(
  sourceCode: SourceCode,
  object: TSESTree.ObjectExpression,
  names: ReadonlySet<string>,
  messages: ReadonlySet<string>,
): boolean {
  const call = object.parent;
  if (call.type !== AST_NODE_TYPES.CallExpression || jsonStringifyArgument(call) !== object) return false;
  if (call.parent.type !== AST_NODE_TYPES.ReturnStatement && !(call.parent.type === AST_NODE_TYPES.ArrowFunctionExpression && call.parent.body === call))
    return false;
  const error = findProperty(object, "error");
  const value = error ? unwrap(error.value) : undefined;
  if (!value) return false;
  return value.type === AST_NODE_TYPES.ObjectExpression ? saysMessage(sourceCode, value, names, messages) : isMessageOf(value, names, messages);
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
      const name =
        callee.type === AST_NODE_TYPES.Identifier ? callee.name : callee.type === AST_NODE_TYPES.MemberExpression ? memberName(callee) : undefined;
      return name !== undefined && (name === "String" || SANITIZER.test(name)) && first !== undefined && isMessageOf(first, names, messages);
    }
    case AST_NODE_TYPES.LogicalExpression:
      return isMessageOf(n.left, names, messages);
    case AST_NODE_TYPES.ConditionalExpression: {
      const branches = [n.consequent, n.alternate];
      return branches.some((b) => isMessageOf(b, names, messages)) && branches.every((b) => isMessageOf(b, names, messages) || isStatic(b));
    }
    case AST_NODE_TYPES.TemplateLiteral: {
      if (!n.expressions.some((e) => isMessageOf(e, names, messages))) return false;
      if (addsNoWords(n) && n.expressions.every((e) => isMessageOf(e, names, messages))) return true;
      // `Error running ${this.name}: ${message}`: the words say only that the tool named failed.
      return n.expressions.every((e) => isMessageOf(e, names, messages) || isToolName(e)) && onlyFailureWords(n);
    }
    default:
      return false;
  }
}

/** Functions that return the text they are given with secrets or length cut: `redact(message, secrets)`, `truncate(message, 500)`. */
const SANITIZER = /^(redact|sanitize|sanitise|scrub|mask|truncate|strip|escape)/iu;

/** The tool's own name: `this.name`, `this.toolName`, `tool.name`, `toolName`. */
function isToolName(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Identifier) return n.name === "toolName";
  if (n.type !== AST_NODE_TYPES.MemberExpression) return false;
  const object = unwrap(n.object);
  const name = memberName(n);
  if (object.type === AST_NODE_TYPES.ThisExpression) return name === "name" || name === "toolName";
  return object.type === AST_NODE_TYPES.Identifier && object.name === "tool" && name === "name";
}

/** Words a prefix may have and still say only that a tool failed: "Error running", "Tool execution failed". */
const FAILURE_WORDS = new Set(["error", "running", "executing", "calling", "in", "while", "tool", "execution", "failed"]);

function onlyFailureWords(template: TSESTree.TemplateLiteral): boolean {
  const words = template.quasis
    .map((q) => q.value.cooked)
    .join(" ")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.every((word) => FAILURE_WORDS.has(word));
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
