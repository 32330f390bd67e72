/**
 * The dispatcher's own "unknown tool" answer: a branch taken when the requested tool does not
 * exist, or an error whose text says so. Not a tool failure, so rules leave it alone.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { constInitializer, findProperty, isInside, messageText, unwrap } from "../util/ast.js";
import { resultText } from "./results.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

const UNKNOWN_TOOL_TEXT =
  /unknown (?:[\w-]+ ){0,2}tool\b|tool not found|no such tool|tool .* not found|unsupported tool|invalid tool name|not a known tool|\btool\b.{0,40}\b(?:is disabled|not in the enabled tools)/i;

/**
 * Whether a node is (inside) an unknown-tool answer: one of the dispatcher's unknown-tool
 * branches, or a throw or result whose text names a missing tool.
 */
export function isUnknownToolAnswer(sourceCode: SourceCode, branches: readonly TSESTree.Node[], node: TSESTree.Node): boolean {
  if (branches.some((b) => isInside(node, b))) return true;
  const text =
    node.type === AST_NODE_TYPES.ThrowStatement
      ? (thrownText(node) ?? thrownVariableText(sourceCode, node))
      : node.type === AST_NODE_TYPES.ObjectExpression
        ? resultText(node)
        : undefined;
  return text !== undefined && UNKNOWN_TOOL_TEXT.test(text);
}

/**
 * `const message = \`Unknown tool: ${name}\`; throw new Error(message)`, and the message as
 * the second argument of `new McpError(ErrorCode.InvalidParams, message)`.
 */
function thrownVariableText(sourceCode: SourceCode, node: TSESTree.ThrowStatement): string | undefined {
  let argument = unwrap(node.argument);
  // `const error = new Error("Unknown tool: " + name); error.name = "UnknownToolError"; throw error`.
  if (argument.type === AST_NODE_TYPES.Identifier) argument = unwrap(constInitializer(sourceCode, argument) ?? argument);
  // `throw { code: -32601, message: reason }`, `reason` a const choosing between two texts.
  if (argument.type === AST_NODE_TYPES.ObjectExpression) {
    const message = findProperty(argument, "message")?.value;
    const held = message ? unwrap(message) : undefined;
    const init = held?.type === AST_NODE_TYPES.Identifier ? constInitializer(sourceCode, held) : undefined;
    const choice = init ? unwrap(init) : undefined;
    const texts = choice?.type === AST_NODE_TYPES.ConditionalExpression ? [choice.consequent, choice.alternate] : choice ? [choice] : [];
    return texts.map((text) => messageText(text) ?? "").join(" ") || undefined;
  }
  if (argument.type !== AST_NODE_TYPES.NewExpression && argument.type !== AST_NODE_TYPES.CallExpression) return undefined;
  for (const a of argument.arguments) {
    const message = unwrap(a);
    const init = message.type === AST_NODE_TYPES.Identifier ? constInitializer(sourceCode, message) : message;
    const text = init ? messageText(init) : undefined;
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The static message of `throw new X("...")` / `throw "..."` / `throw { code, message: "..." }`. */
export function thrownText(node: TSESTree.ThrowStatement): string | undefined {
  const argument = unwrap(node.argument);
  if (argument.type === AST_NODE_TYPES.ObjectExpression) {
    const message = findProperty(argument, "message");
    return message ? messageText(message.value) : undefined;
  }
  if (argument.type === AST_NODE_TYPES.NewExpression || argument.type === AST_NODE_TYPES.CallExpression) {
    for (const a of argument.arguments) {
      const text = messageText(a);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  return messageText(argument);
}
