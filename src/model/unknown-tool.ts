/**
 * The dispatcher's own "unknown tool" answer: a branch taken when the requested tool does not
 * exist, or an error whose text says so. Not a tool failure, so rules leave it alone.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { constInitializer, isInside, messageText, unwrap } from "../util/ast.js";
import { resultText } from "./results.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

const UNKNOWN_TOOL_TEXT = /unknown tool|tool not found|no such tool|tool .* not found|unsupported tool|invalid tool name|not a known tool/i;

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
  const argument = unwrap(node.argument);
  if (argument.type !== AST_NODE_TYPES.NewExpression && argument.type !== AST_NODE_TYPES.CallExpression) return undefined;
  for (const a of argument.arguments) {
    const message = unwrap(a);
    if (message.type !== AST_NODE_TYPES.Identifier) continue;
    const init = constInitializer(sourceCode, message);
    const text = init ? messageText(init) : undefined;
    if (text !== undefined) return text;
  }
  return undefined;
}

/** The static message of `throw new X("...")` / `throw "..."`. */
export function thrownText(node: TSESTree.ThrowStatement): string | undefined {
  const argument = unwrap(node.argument);
  if (argument.type === AST_NODE_TYPES.NewExpression || argument.type === AST_NODE_TYPES.CallExpression) {
    for (const a of argument.arguments) {
      const text = messageText(a);
      if (text !== undefined) return text;
    }
    return undefined;
  }
  return messageText(argument);
}
