/**
 * Types for precision at a registration: `agent.tool("lookup", fn)` looks like an MCP tool
 * registration, but when the checker knows that `tool` is a method of a dependency that is no MCP
 * framework (a chat-agent library's own tool registry, say), it is not one. Without type
 * information, or when the method is the project's own (a wrapper that may forward to a server)
 * or an MCP package's, the syntactic answer stands. No `typescript` import: the syntactic configs
 * must load without TypeScript installed.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { checkedNode } from "./values.js";

/** The installed package a file belongs to (`@scope/name` or `name`), if any. */
const PACKAGE_OF_FILE = /[/\\]node_modules[/\\]((?:@[^/\\]+[/\\])?[^/\\]+)[/\\](?!.*[/\\]node_modules[/\\])/u;

/** MCP frameworks: a package whose name says so (`@modelcontextprotocol/sdk`, `fastmcp`, `@mastra/mcp`), or Cloudflare's `agents` (McpAgent). */
function isMcpPackage(name: string): boolean {
  return /mcp|modelcontextprotocol/iu.test(name) || name === "agents";
}

interface Declaration {
  getSourceFile(): { fileName: string };
  readonly parent?: unknown;
}

/**
 * The declarations of `method` on the type of the callee's object, or undefined when the checker
 * cannot tell: no program, `any`, `unknown` and unresolved types (a dependency that is not installed).
 */
function methodDeclarations(
  sourceCode: Readonly<TSESLint.SourceCode>,
  callee: TSESTree.MemberExpression,
  method: string,
  nonNullable = false,
): Declaration[] | undefined {
  const checked = checkedNode(sourceCode, callee.object);
  if (!checked) return undefined;
  const { checker } = checked;
  const typeAt = checker.getTypeAtLocation(checked.tsNode);
  // `client?.callTool()` on a `Client | undefined`: the client's method.
  const type = checker.getApparentType(nonNullable ? checker.getNonNullableType(typeAt) : typeAt);
  const intrinsic = (type as { intrinsicName?: string }).intrinsicName;
  if (intrinsic !== undefined) return undefined;
  const declarations = (checker.getPropertyOfType(type, method)?.declarations ?? []) as Declaration[];
  return declarations.length === 0 ? undefined : declarations;
}

export function isMethodOfNonMcpDependency(sourceCode: Readonly<TSESLint.SourceCode>, callee: TSESTree.MemberExpression, method: string): boolean {
  const declarations = methodDeclarations(sourceCode, callee, method);
  return (
    declarations?.every((declaration) => {
      const name = PACKAGE_OF_FILE.exec(declaration.getSourceFile().fileName)?.[1];
      return name !== undefined && !isMcpPackage(name);
    }) ?? false
  );
}

/** The modules of the MCP SDK's clients: `@modelcontextprotocol/sdk` (v1) and `@modelcontextprotocol/client` (v2). */
const MCP_CLIENT_PACKAGE = /^@modelcontextprotocol\/(?:sdk|client|core)(?:\/|$)/u;

/** A declaration's package: the installed package its file belongs to, or the module an ambient `declare module "..."` names. */
function packageOf(declaration: Declaration): string | undefined {
  const installed = PACKAGE_OF_FILE.exec(declaration.getSourceFile().fileName)?.[1];
  if (installed !== undefined) return installed.replaceAll("\\", "/");
  let node = declaration.parent as { parent?: unknown; name?: { text?: unknown } } | undefined;
  while (node) {
    if (typeof node.name?.text === "string" && node.name.text.startsWith("@")) return node.name.text;
    node = node.parent as typeof node;
  }
  return undefined;
}

/**
 * `x.callTool(...)` where the checker places `callTool` in the MCP SDK's client (through the
 * receiver's type, however it was obtained: a factory, another file, a field of an interface
 * declared elsewhere). `any`, `unknown` and unresolved types say no.
 */
export function isMcpClientMethod(sourceCode: Readonly<TSESLint.SourceCode>, callee: TSESTree.MemberExpression, method: string): boolean {
  const declarations = methodDeclarations(sourceCode, callee, method, true);
  return declarations?.every((declaration) => MCP_CLIENT_PACKAGE.test(packageOf(declaration) ?? "")) ?? false;
}
