/**
 * Types for precision at a registration: `agent.tool("lookup", fn)` looks like an MCP tool
 * registration, but when the checker knows that `tool` is a method of a dependency that is no MCP
 * framework (a chat-agent library's own tool registry, say), it is not one. Without type
 * information, or when the method is the project's own (a wrapper that may forward to a server)
 * or an MCP package's, the syntactic answer stands. No `typescript` import: the syntactic configs
 * must load without TypeScript installed.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";

/** The installed package a file belongs to (`@scope/name` or `name`), if any. */
const PACKAGE_OF_FILE = /[/\\]node_modules[/\\]((?:@[^/\\]+[/\\])?[^/\\]+)[/\\](?!.*[/\\]node_modules[/\\])/u;

/** MCP frameworks: a package whose name says so (`@modelcontextprotocol/sdk`, `fastmcp`, `@mastra/mcp`), or Cloudflare's `agents` (McpAgent). */
function isMcpPackage(name: string): boolean {
  return /mcp|modelcontextprotocol/iu.test(name) || name === "agents";
}

interface Declaration {
  getSourceFile(): { fileName: string };
}

export function isMethodOfNonMcpDependency(sourceCode: Readonly<TSESLint.SourceCode>, callee: TSESTree.MemberExpression, method: string): boolean {
  const services = sourceCode.parserServices;
  const program = services?.program;
  if (!services || !program) return false;
  const tsNode = services.esTreeNodeToTSNodeMap?.get(callee.object);
  if (!tsNode) return false;
  const checker = program.getTypeChecker();
  const type = checker.getApparentType(checker.getTypeAtLocation(tsNode));
  // `any`, `unknown` and unresolved types (a dependency that is not installed) tell nothing.
  const intrinsic = (type as { intrinsicName?: string }).intrinsicName;
  if (intrinsic !== undefined) return false;
  const declarations = (checker.getPropertyOfType(type, method)?.declarations ?? []) as Declaration[];
  if (declarations.length === 0) return false;
  return declarations.every((declaration) => {
    const name = PACKAGE_OF_FILE.exec(declaration.getSourceFile().fileName)?.[1];
    return name !== undefined && !isMcpPackage(name);
  });
}
