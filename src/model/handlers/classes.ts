/**
 * Handlers that are not passed to a registration call: mcp-framework tool classes, `@Tool()`
 * decorated methods (MCP-Nest, EasyMCP), xmcp tool modules, FastMCP tool definitions another
 * file registers, functions typed to return a `CallToolResult`, and functions of this file that
 * tools of other files call (typed analysis).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import {
  type FunctionNode,
  calledTopLevelFunction,
  findProperty,
  isFunctionNode,
  rangeKey,
  returnedValues,
  staticKeyName,
  staticString,
  unwrap,
} from "../../util/ast.js";
import type { TSESLint } from "@typescript-eslint/utils";
import type { ImportedRoot, ToolHandler, TypeOracle } from "../types.js";
import { addToolDefinition } from "./registrations.js";
import { type HandlerSearch, addHandler, toolNameOf } from "./search.js";

/** mcp-framework `class X extends MCPTool { execute() }` and `@Tool()`-decorated methods. */
export function visitClass(search: HandlerSearch, node: TSESTree.ClassDeclaration | TSESTree.ClassExpression): void {
  const superClass = node.superClass ? unwrap(node.superClass) : undefined;
  const isMcpTool = superClass?.type === AST_NODE_TYPES.Identifier && superClass.name === "MCPTool";
  let toolName: string | undefined;
  if (isMcpTool) {
    for (const member of node.body.body) {
      if (member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && staticKeyName(member.key, member.computed) === "name" && member.value) {
        toolName = staticString(member.value);
      }
    }
  }
  for (const member of node.body.body) {
    if (member.type !== AST_NODE_TYPES.MethodDefinition && member.type !== AST_NODE_TYPES.PropertyDefinition) continue;
    const value = member.value ? unwrap(member.value) : undefined;
    if (!isFunctionNode(value)) continue;
    if (isMcpTool && !member.static && staticKeyName(member.key, member.computed) === "execute") {
      addHandler(search, { kind: "mcp-framework", toolName, expression: value, registration: node, hasArgs: true });
      continue;
    }
    // ESLint's own parser (JavaScript without TypeScript installed) gives no `decorators` key.
    const decorators = member.decorators as readonly TSESTree.Decorator[] | undefined;
    for (const decorator of decorators ?? []) {
      const expression = unwrap(decorator.expression);
      const decoratorCall = expression.type === AST_NODE_TYPES.CallExpression ? expression : undefined;
      const callee = decoratorCall ? unwrap(decoratorCall.callee) : expression;
      if (callee.type !== AST_NODE_TYPES.Identifier || callee.name !== "Tool") continue;
      const options = decoratorCall?.arguments[0] ? unwrap(decoratorCall.arguments[0]) : undefined;
      const name = options?.type === AST_NODE_TYPES.ObjectExpression ? findProperty(options, "name") : undefined;
      addHandler(search, {
        kind: "decorator",
        toolName: name ? toolNameOf(search, name.value) : staticKeyName(member.key, member.computed),
        expression: value,
        registration: decorator,
        hasArgs: true,
      });
    }
  }
}

/** xmcp: `export default` handler beside `export const metadata`/`schema`, in a file that imports xmcp. */
export function visitXmcpModule(search: HandlerSearch, program: TSESTree.Program): void {
  if (!search.imports.has("xmcp")) return;
  let handler: TSESTree.Node | undefined;
  let metadata: TSESTree.ObjectExpression | undefined;
  let exportsSchema = false;
  for (const statement of program.body) {
    if (statement.type === AST_NODE_TYPES.ExportDefaultDeclaration) handler = statement.declaration;
    if (statement.type === AST_NODE_TYPES.ExportNamedDeclaration && statement.declaration?.type === AST_NODE_TYPES.VariableDeclaration) {
      for (const declarator of statement.declaration.declarations) {
        if (declarator.id.type !== AST_NODE_TYPES.Identifier || !declarator.init) continue;
        if (declarator.id.name === "metadata") {
          exportsSchema = true;
          const init = unwrap(declarator.init);
          if (init.type === AST_NODE_TYPES.ObjectExpression) metadata = init;
        }
        if (declarator.id.name === "schema") exportsSchema = true;
      }
    }
  }
  if (!handler || !exportsSchema) return;
  const name = metadata ? findProperty(metadata, "name") : undefined;
  addHandler(search, {
    kind: "xmcp",
    toolName: name ? toolNameOf(search, name.value) : undefined,
    expression: handler,
    registration: handler,
    hasArgs: true,
  });
}

/**
 * FastMCP tool definitions no call of this file registers: `const navigate = { name, parameters,
 * execute }` or `export const tools = [{ name, execute }, ...]` at the top level of a file that
 * imports FastMCP. Another file registers them (`for (const tool of tools) server.addTool(tool)`),
 * which a file's own analysis cannot see; the definition is FastMCP's tool shape all the same.
 * In a file without FastMCP, definitions in MCP's listing shape (`addListedToolDefinition`).
 */
export function visitToolDefinitions(search: HandlerSearch, program: TSESTree.Program): void {
  const fastMcp = search.imports.has("fastmcp") || search.imports.has("fastmcp-edge");
  const registered = new Set(search.handlers.map((handler) => handler.registration));
  const consider = (node: TSESTree.Node | null): void => {
    const value = node ? unwrap(node) : undefined;
    if (value?.type === AST_NODE_TYPES.ArrayExpression) for (const element of value.elements) consider(element);
    if (value?.type !== AST_NODE_TYPES.ObjectExpression || registered.has(value)) return;
    const name = findProperty(value, "name");
    if (!name || staticString(unwrap(name.value)) === undefined) return;
    if (fastMcp) addToolDefinition(search, value);
    else addListedToolDefinition(search, value, name);
  };
  for (const statement of program.body) {
    const declaration = statement.type === AST_NODE_TYPES.ExportNamedDeclaration ? statement.declaration : statement;
    if (declaration?.type !== AST_NODE_TYPES.VariableDeclaration) continue;
    for (const declarator of declaration.declarations) consider(declarator.init);
  }
}

/**
 * A tool definition in MCP's own listing shape, with no framework of this file to serve it:
 * `const ciRunStatus: HandlerDef = { name: "ci_run_status", description, inputSchema, execute }`,
 * collected into a registry elsewhere (often a generated one) whose dispatcher calls `execute`.
 * The `name` and `inputSchema` of the tools list, beside a function written in place, are a tool;
 * what the dispatcher does with a thrown error is not known.
 */
function addListedToolDefinition(search: HandlerSearch, definition: TSESTree.ObjectExpression, name: TSESTree.Property): void {
  if (!findProperty(definition, "inputSchema")) return;
  const run = findProperty(definition, "execute") ?? findProperty(definition, "handler");
  const fn = run ? unwrap(run.value) : undefined;
  if (!isFunctionNode(fn) || !answersWithContent(fn)) return;
  addHandler(search, {
    kind: "addTool",
    toolName: toolNameOf(search, name.value),
    expression: fn,
    registration: definition,
    hasArgs: true,
    framework: "unknown",
  });
}

/**
 * Some return of `fn` is a tool result written out (`{ content: [...] }`), or one a function of
 * the file builds (`return envelope({ ok: true, data })`): a definition whose function answers
 * with plain objects is served by something that converts them, not known here.
 */
function answersWithContent(fn: FunctionNode, depth = 0): boolean {
  return returnedValues(fn).some((value) => {
    const returned = value ? unwrap(value) : undefined;
    if (returned?.type === AST_NODE_TYPES.ObjectExpression) return findProperty(returned, "content") !== undefined;
    const inner = returned?.type === AST_NODE_TYPES.CallExpression && depth < 1 ? calledTopLevelFunction(fn, returned) : undefined;
    return inner !== undefined && answersWithContent(inner, depth + 1);
  });
}

/** Names a return type wraps the result in, or that are no result: not worth asking the checker about. */
const LIB_TYPES: ReadonlySet<string> = new Set(["Promise", "Array", "Record", "Partial", "Readonly", "Awaited", "Map", "Set"]);

/**
 * A function whose declared return type names `CallToolResult` (`Promise<CallToolResult>` too),
 * or, with types, the project's own type built on it (`Promise<ToolResult>`, `interface ToolResult
 * extends CallToolResult`).
 */
export function returnsCallToolResult(fn: FunctionNode, types: TypeOracle, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const annotation = fn.returnType?.typeAnnotation;
  if (!annotation) return false;
  let found = false;
  const visit = (node: TSESTree.Node): void => {
    if (found) return;
    if (node.type === AST_NODE_TYPES.TSTypeReference) {
      const name =
        node.typeName.type === AST_NODE_TYPES.Identifier
          ? node.typeName.name
          : node.typeName.type === AST_NODE_TYPES.TSQualifiedName
            ? node.typeName.right.name
            : undefined;
      if (name === "CallToolResult" || (name !== undefined && !LIB_TYPES.has(name) && types.isToolResultType(sourceCode, node.typeName))) {
        found = true;
        return;
      }
      for (const parameter of node.typeArguments?.params ?? []) visit(parameter);
    } else if (node.type === AST_NODE_TYPES.TSUnionType) {
      for (const t of node.types) visit(t);
    }
  };
  visit(annotation);
  return found;
}

export function addCallToolResultFunction(search: HandlerSearch, fn: FunctionNode): void {
  if (search.handlers.some((h) => h.entry === fn || h.root === fn)) return;
  addHandler(search, { kind: "call-tool-result", toolName: undefined, expression: fn, registration: fn, hasArgs: undefined });
}

/** Stands a function of this file in for the tools of other files that call it. */
export function addImportedHandlers(handlers: ToolHandler[], functions: readonly FunctionNode[], imported: readonly ImportedRoot[]): void {
  const byRange = new Map<string, FunctionNode>();
  for (const fn of functions) byRange.set(rangeKey(fn.range), fn);
  for (const root of imported) {
    const fn = byRange.get(rangeKey(root.range));
    if (!fn) continue;
    handlers.push({
      kind: "imported",
      toolName: root.toolName,
      framework: root.framework,
      thrown: root.thrown,
      root: fn,
      entry: fn,
      region: undefined,
      entryGuards: root.guards,
      requestSignal: undefined,
      argsParam: undefined,
      registration: fn,
      origin: root.origin,
      registered: root.registered === true,
      dispatcher: root.dispatcher === true,
    });
  }
}
