/**
 * Types for precision at a registration: `agent.tool("lookup", fn)` looks like an MCP tool
 * registration, but when the checker knows that `tool` is a method of a dependency that is no MCP
 * framework (a chat-agent library's own tool registry, say), it is not one. Without type
 * information, or when the method is the project's own (a wrapper that may forward to a server)
 * or an MCP package's, the syntactic answer stands. TypeScript only through the typed runtime (loaded
 * before any program exists): the syntactic configs must load without TypeScript installed.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type ts from "typescript";
import { typescript } from "./runtime.js";
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

/** The SDK modules that export the high-level `McpServer` (v1 and v2). */
const MCP_SERVER_MODULE = /^@modelcontextprotocol\/(?:sdk\/server\/mcp(?:\.js)?|server)$/u;

/** How many classes up an `extends` chain is read, and how many of a class's own methods deep a forward is followed. */
const CHAIN_DEPTH = 4;

/**
 * `server.addToolWithReadAccess("stories-get", "Get a story", schema, async (args) => ...)`: a
 * method the project declares on its own subclass of the SDK's `McpServer`, which hands the
 * callback on to the server's registration. The method and the methods of its class that it calls
 * (`this.register(...)`) must catch nothing on the way: a wrapper whose catch converts errors
 * would decide what a thrown error becomes, and that stays unknown.
 */
export function isOwnMcpServerMethod(sourceCode: Readonly<TSESLint.SourceCode>, callee: TSESTree.MemberExpression, method: string): boolean {
  const checked = checkedNode(sourceCode, callee.object);
  const declarations = methodDeclarations(sourceCode, callee, method) as unknown as ts.Declaration[] | undefined;
  if (!checked || !declarations) return false;
  const bodies = declarations.filter((d): d is ts.MethodDeclaration => typescript.isMethodDeclaration(d) && d.body !== undefined);
  return (
    bodies.length > 0 &&
    bodies.every((body) => {
      const cls = body.parent;
      return (
        typescript.isClassDeclaration(cls) &&
        !cls.getSourceFile().isDeclarationFile &&
        extendsMcpServer(checked.checker, cls, 0) &&
        !catchesOnTheWay(cls, body, new Set(), 0)
      );
    })
  );
}

/** The class extends the SDK's `McpServer`, directly or through classes of the project. */
function extendsMcpServer(checker: ts.TypeChecker, cls: ts.ClassLikeDeclaration, depth: number): boolean {
  if (depth >= CHAIN_DEPTH) return false;
  const base = cls.heritageClauses?.find((clause) => clause.token === typescript.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
  if (!base || !typescript.isIdentifier(base)) return false;
  const symbol = checker.getSymbolAtLocation(base);
  for (const declaration of symbol?.declarations ?? []) {
    if (typescript.isImportSpecifier(declaration)) {
      const imported = (declaration.propertyName ?? declaration.name).text;
      const specifier = declaration.parent.parent.parent.moduleSpecifier;
      if (imported === "McpServer" && typescript.isStringLiteral(specifier) && MCP_SERVER_MODULE.test(specifier.text)) return true;
    }
  }
  const aliased = symbol && symbol.flags & typescript.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const own = aliased?.declarations?.find((d): d is ts.ClassDeclaration => typescript.isClassDeclaration(d) && !d.getSourceFile().isDeclarationFile);
  return own !== undefined && extendsMcpServer(checker, own, depth + 1);
}

/** A `try` with a `catch` in the method, or in a method of its class it calls (`this.register(...)`). */
function catchesOnTheWay(cls: ts.ClassDeclaration, method: ts.MethodDeclaration, seen: Set<ts.Node>, depth: number): boolean {
  if (seen.has(method) || depth >= CHAIN_DEPTH) return false;
  seen.add(method);
  const called = new Set<string>();
  const catches = (node: ts.Node): boolean => {
    if (typescript.isTryStatement(node) && node.catchClause) return true;
    if (
      typescript.isCallExpression(node) &&
      typescript.isPropertyAccessExpression(node.expression) &&
      node.expression.expression.kind === typescript.SyntaxKind.ThisKeyword
    )
      called.add(node.expression.name.text);
    return typescript.forEachChild(node, catches) === true;
  };
  if (method.body && catches(method.body)) return true;
  return cls.members.some(
    (member) =>
      typescript.isMethodDeclaration(member) &&
      member.body !== undefined &&
      typescript.isIdentifier(member.name) &&
      called.has(member.name.text) &&
      catchesOnTheWay(cls, member, seen, depth + 1),
  );
}
