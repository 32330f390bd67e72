/**
 * Which throws leave a tool with no classification the agent can read: not an error class the
 * project classifies itself, not a protocol error (no-protocol-error-in-tool's report), not a
 * FastMCP UserError with classified extras, not a rethrow of what a callee threw.
 */
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { type McpModel, objectLiteral, protocolThrow, type ThrowSite, type ToolHandler } from "../../model/index.js";
import type { Vocabulary } from "../../settings.js";
import { calleeName, findProperty, isFunctionNode, unwrap } from "../../util/ast.js";

/** The handler whose framework decides what the throw becomes, and the class the throw builds. */
export interface UnclassifiedThrow {
  readonly handler: ToolHandler;
  readonly className: string | undefined;
}

/** The throw escapes a tool unclassified; undefined when it carries (or may carry) a classification. */
export function unclassifiedThrow(
  sourceCode: Readonly<TSESLint.SourceCode>,
  model: McpModel,
  site: ThrowSite,
  classified: ReadonlySet<string>,
  vocabulary: Vocabulary,
): UnclassifiedThrow | undefined {
  const handler = site.handlers[0];
  if (!handler || handler.thrown === "unknown") return undefined;
  const argument = unwrap(site.node.argument);
  const className = argument.type === AST_NODE_TYPES.NewExpression || argument.type === AST_NODE_TYPES.CallExpression ? calleeName(argument) : undefined;
  if (className !== undefined && classified.has(className)) return undefined;
  // A thrown McpError / ProtocolError of the SDK is no-protocol-error-in-tool's report, with
  // the framework's own handling of it in the message: one report per line.
  if (protocolThrow(sourceCode, model.importedFrom, site.node)) return undefined;
  // FastMCP `UserError(message, extras)`: extras become structuredContent.
  if (
    className === "UserError" &&
    handler.framework === "fastmcp" &&
    (argument.type === AST_NODE_TYPES.NewExpression || argument.type === AST_NODE_TYPES.CallExpression)
  ) {
    const extras = argument.arguments[1] ? objectLiteral(sourceCode, argument.arguments[1]) : undefined;
    if (argument.arguments[1] && !extras) return undefined;
    if (extras && findProperty(extras, vocabulary.category) && findProperty(extras, vocabulary.retryable)) return undefined;
  }
  // Rethrowing what a callee threw may carry its classification; only literal constructions are known.
  if (argument.type === AST_NODE_TYPES.Identifier || argument.type === AST_NODE_TYPES.MemberExpression) {
    if (!isCaughtErrorRethrow(site.node, argument)) return undefined;
  }
  if (argument.type === AST_NODE_TYPES.CallExpression && !isErrorFactoryName(calleeName(argument))) return undefined;
  return { handler, className };
}

/** `catch (e) { throw e; }`: the caught error escapes as it is. */
function isCaughtErrorRethrow(node: TSESTree.ThrowStatement, argument: TSESTree.Node): boolean {
  if (argument.type !== AST_NODE_TYPES.Identifier) return false;
  let current: TSESTree.Node | undefined = node.parent;
  while (current && !isFunctionNode(current)) {
    if (current.type === AST_NODE_TYPES.CatchClause) {
      return current.param?.type === AST_NODE_TYPES.Identifier && current.param.name === argument.name;
    }
    current = current.parent;
  }
  return false;
}

/** `throw Error("x")` / `throw createError(...)`: a call we read as building a plain error. */
function isErrorFactoryName(name: string | undefined): boolean {
  return name !== undefined && /^(Error|TypeError|RangeError)$/.test(name);
}
