/**
 * JSON-RPC protocol errors of the MCP SDK thrown in tool code: `McpError` (SDK v1, by name or
 * import, unless built with a code of the project's own: `ownCode`) and `ProtocolError` (SDK v2,
 * only when imported from the SDK: a project's own class of that name is an ordinary error).
 * no-protocol-error-in-tool reports them; the other rules leave them to it, so each throw is
 * reported once.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { constInitializer, memberName, unwrap } from "../util/ast.js";
import { classifiesMcpErrors } from "./frameworks.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** `ErrorCode` (SDK v1) and `ProtocolErrorCode` (SDK v2) members, by name. */
const ERROR_CODES: Readonly<Record<string, number>> = {
  ConnectionClosed: -32000,
  RequestTimeout: -32001,
  ResourceNotFound: -32002,
  MissingRequiredClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
  UrlElicitationRequired: -32042,
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
};
export interface ProtocolThrow {
  /** `McpError` (SDK v1: the message gets an "MCP error <code>:" prefix) or `ProtocolError` (v2). */
  readonly className: "McpError" | "ProtocolError";
  /** The constructor or `fromError` call. */
  readonly construction: TSESTree.NewExpression | TSESTree.CallExpression;
  /** The numeric code, when known at lint time. */
  readonly code: number | undefined;
}

/** The MCP SDK class a callee names: `McpError` by name or import, `ProtocolError` only from the SDK. */
function protocolClass(importedFrom: ReadonlyMap<string, string>, callee: TSESTree.Node): ProtocolThrow["className"] | undefined {
  const node = unwrap(callee);
  let name: string | undefined;
  let fromSdk = false;
  if (node.type === AST_NODE_TYPES.Identifier) {
    const source = importedFrom.get(node.name);
    const hash = source?.lastIndexOf("#") ?? -1;
    name = source !== undefined && hash >= 0 ? source.slice(hash + 1) : node.name;
    fromSdk = source?.startsWith("@modelcontextprotocol/") === true;
    // mcp-ts-core's McpError is its classified tool error, not a protocol error.
    if (classifiesMcpErrors(source)) return undefined;
  } else if (node.type === AST_NODE_TYPES.MemberExpression && node.object.type === AST_NODE_TYPES.Identifier) {
    // `import * as types from "@modelcontextprotocol/sdk/types.js"; new types.McpError(...)`.
    const source = importedFrom.get(node.object.name);
    if (source?.startsWith("@modelcontextprotocol/") !== true) return undefined;
    name = memberName(node);
    fromSdk = true;
  }
  if (name === "McpError") return "McpError";
  if (name === "ProtocolError" && fromSdk) return "ProtocolError";
  return undefined;
}

/** The numeric value of `ErrorCode.InvalidParams`, `ProtocolErrorCode.X`, `-32602`. */
function codeValue(node: TSESTree.Node | undefined): number | undefined {
  if (!node) return undefined;
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Literal && typeof n.value === "number") return n.value;
  if (n.type === AST_NODE_TYPES.UnaryExpression && n.operator === "-") {
    const inner = unwrap(n.argument);
    return inner.type === AST_NODE_TYPES.Literal && typeof inner.value === "number" ? -inner.value : undefined;
  }
  if (n.type === AST_NODE_TYPES.MemberExpression) {
    const name = memberName(n);
    return name !== undefined && Object.hasOwn(ERROR_CODES, name) ? ERROR_CODES[name] : undefined;
  }
  return undefined;
}

/** `throw new McpError(...)`, `throw McpError.fromError(...)`, or a const holding one. */
export function protocolThrow(
  sourceCode: SourceCode,
  importedFrom: ReadonlyMap<string, string>,
  node: TSESTree.ThrowStatement,
): ProtocolThrow | undefined {
  let argument = unwrap(node.argument);
  if (argument.type === AST_NODE_TYPES.Identifier) {
    const init = constInitializer(sourceCode, argument);
    if (!init) return undefined;
    argument = init;
  }
  let className: ProtocolThrow["className"] | undefined;
  if (argument.type === AST_NODE_TYPES.NewExpression) {
    className = protocolClass(importedFrom, argument.callee);
  } else if (argument.type === AST_NODE_TYPES.CallExpression) {
    const callee = unwrap(argument.callee);
    if (callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "fromError") {
      className = protocolClass(importedFrom, callee.object);
    }
  }
  if (!className || (argument.type !== AST_NODE_TYPES.NewExpression && argument.type !== AST_NODE_TYPES.CallExpression)) return undefined;
  if (className === "McpError" && ownCode(importedFrom, argument)) return undefined;
  return { className, construction: argument, code: codeValue(argument.arguments[0]) };
}

/**
 * A project's own class named `McpError`, told apart by the code it is built with: a member of a
 * code table that is not the SDK's (`new McpError(ErrorCode.E_INVALID_INPUT, ...)`, `ErrorCode`
 * of the project's `errors.ts`), or a string. The SDK's takes a JSON-RPC number. Such a class is
 * an ordinary error, whatever its name.
 */
function ownCode(importedFrom: ReadonlyMap<string, string>, construction: TSESTree.NewExpression | TSESTree.CallExpression): boolean {
  const fromSdk = (node: TSESTree.Node): boolean => {
    const n = unwrap(node);
    const root = n.type === AST_NODE_TYPES.MemberExpression ? unwrap(n.object) : n;
    return root.type === AST_NODE_TYPES.Identifier && importedFrom.get(root.name)?.startsWith("@modelcontextprotocol/") === true;
  };
  const callee = unwrap(construction.callee);
  if (fromSdk(callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "fromError" ? callee.object : callee)) return false;
  const code = construction.arguments[0] ? unwrap(construction.arguments[0]) : undefined;
  if (code?.type === AST_NODE_TYPES.Literal) return typeof code.value === "string";
  if (code?.type !== AST_NODE_TYPES.MemberExpression || fromSdk(code)) return false;
  const name = memberName(code);
  return name !== undefined && !Object.hasOwn(ERROR_CODES, name);
}
