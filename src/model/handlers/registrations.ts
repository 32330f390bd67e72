/**
 * Registration calls, one recogniser per method name (`server.registerTool(...)`,
 * `server.tool(...)` in its overloads, FastMCP's `addTool`, Mastra's `createTool`, the low-level
 * `setRequestHandler(CallToolRequestSchema, ...)`, ...), looked up by the called method's name;
 * a method of the project's own that has the shape of a registration falls to `own-method`.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { constInitializer, enclosingFunction, findProperty, isFunctionNode, memberName, parameterIndex, staticString, unwrap } from "../../util/ast.js";
import type { Framework } from "../types.js";
import { findDispatch, nameBindings } from "./dispatch.js";
import { type HandlerSearch, addHandler, toolNameOf } from "./search.js";

/**
 * Text that shows a file registers tools or dispatches tool calls, in any shape the recognisers
 * of this folder know (`update` only re-registers a tool the file registered already). The CLI
 * lints such files first in typed mode, so the program index sees the registrations early.
 */
export const REGISTRATION_TEXT =
  /registerTool|\.tool\s*\(|\.addTool\s*\(|setRequestHandler|CallToolRequestSchema|McpAgent|MCPTool|@Tool\s*\(|createTool\s*\(/u;

/** The names bound to a `.tool.bind(...)` / `.registerTool.bind(...)` call among these calls. */
export function collectAliasNames(calls: readonly TSESTree.CallExpression[]): Set<string> {
  const names = new Set<string>();
  for (const call of calls) {
    // `const registerTool = server.registerTool.bind(server) as RegisterToolFn`: the cast keeps the alias.
    let parent = call.parent;
    while (parent.type === AST_NODE_TYPES.TSAsExpression || parent.type === AST_NODE_TYPES.TSSatisfiesExpression) parent = parent.parent;
    if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier && bindAlias(call)) {
      names.add(parent.id.name);
    }
  }
  return names;
}

/** SDK v1 `tool()` middle arguments: is any of them a params schema (vs. description/annotations)? */
function toolOverloadHasSchema(middle: readonly TSESTree.CallExpressionArgument[]): boolean | undefined {
  for (const argument of middle) {
    const node = unwrap(argument);
    if (node.type === AST_NODE_TYPES.Literal || node.type === AST_NODE_TYPES.TemplateLiteral) continue;
    if (node.type === AST_NODE_TYPES.ObjectExpression) {
      // An empty object counts as a raw shape; an object of primitives only is annotations.
      if (node.properties.length === 0) return true;
      const primitivesOnly = node.properties.every((p) => p.type === AST_NODE_TYPES.Property && unwrap(p.value).type === AST_NODE_TYPES.Literal);
      if (!primitivesOnly) return true;
      continue;
    }
    // An identifier or `schema.shape`: most likely a schema; the handler's arity decides.
    return undefined;
  }
  return false;
}

/** Aliases such as `const reg = server.tool.bind(server)`. */
export function bindAlias(init: TSESTree.Node): "tool" | "registerTool" | undefined {
  const node = unwrap(init);
  if (node.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrap(node.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "bind") return undefined;
  const target = unwrap(callee.object);
  if (target.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const name = memberName(target);
  return name === "tool" || name === "registerTool" ? name : undefined;
}

/** Registration methods whose receiver the checker can confirm. */
const TYPED_RECEIVER_METHODS = new Set(["tool", "registerTool", "addTool"]);

/** A recogniser: reads one registration call of its method and adds the handler(s) it registers. */
type Recogniser = (search: HandlerSearch, call: TSESTree.CallExpression, callee: TSESTree.Node) => void;

/** `server.tool(name, [description], [schema], [annotations], handler)`, and the object forms of tmcp, mcp-use and mcp-lite. */
function recogniseTool(search: HandlerSearch, call: TSESTree.CallExpression): void {
  const args = call.arguments;
  const last = args.at(-1);
  if (!last || args.length < 2) return;
  const first = unwrap(args[0] as TSESTree.Node);
  const lastNode = unwrap(last);
  if (first.type === AST_NODE_TYPES.ObjectExpression) {
    // tmcp / mcp-use: `server.tool({ name, schema }, execute)`.
    const name = findProperty(first, "name");
    const framework: Framework = search.imports.has("tmcp") ? "tmcp" : search.imports.has("mcp-sdk-v2") ? "mcp-sdk-v2" : "unknown";
    const hasSchema = findProperty(first, "schema") ?? findProperty(first, "inputSchema");
    addHandler(search, {
      kind: "tool",
      toolName: name ? toolNameOf(search, name.value) : undefined,
      expression: last,
      registration: call,
      hasArgs: hasSchema !== undefined,
      framework,
    });
    return;
  }
  const mcpLite = lastNode.type === AST_NODE_TYPES.ObjectExpression ? findProperty(lastNode, "handler") : undefined;
  if (mcpLite) {
    // mcp-lite: `mcp.tool(name, { handler })`.
    addHandler(search, {
      kind: "tool",
      toolName: toolNameOf(search, args[0]),
      expression: mcpLite.value,
      registration: call,
      hasArgs: true,
      framework: search.imports.has("mcp-lite") ? "mcp-lite" : "unknown",
    });
    return;
  }
  const used = withoutIgnoredTail(args);
  const handler = used.at(-1);
  if (!handler || cannotBeFunction(handler)) return;
  addHandler(search, {
    kind: "tool",
    toolName: toolNameOf(search, args[0]),
    expression: handler,
    registration: call,
    hasArgs: toolOverloadHasSchema(used.slice(1, -1)),
  });
}

/**
 * SDK v1 `tool()` takes the first argument after the description, schema and annotations as its
 * handler and ignores any after it (`tool(name, description, schema, handler, annotations)` runs
 * `handler`): arguments at the end that cannot be functions are dropped, down to the name and one more.
 */
function withoutIgnoredTail(args: readonly TSESTree.CallExpressionArgument[]): readonly TSESTree.CallExpressionArgument[] {
  let end = args.length;
  while (end > 2 && cannotBeFunction(args[end - 1] as TSESTree.Node)) end -= 1;
  return args.slice(0, end);
}

/** An argument whose value is never a function: a literal, an object or array literal, `undefined`, or a choice of these. */
function cannotBeFunction(argument: TSESTree.Node): boolean {
  const node = unwrap(argument);
  switch (node.type) {
    case AST_NODE_TYPES.Literal:
    case AST_NODE_TYPES.TemplateLiteral:
    case AST_NODE_TYPES.ObjectExpression:
    case AST_NODE_TYPES.ArrayExpression:
      return true;
    case AST_NODE_TYPES.Identifier:
      return node.name === "undefined";
    case AST_NODE_TYPES.ConditionalExpression:
      return cannotBeFunction(node.consequent) && cannotBeFunction(node.alternate);
    default:
      return false;
  }
}

/** `server.registerTool(name, config, handler)`. */
function recogniseRegisterTool(search: HandlerSearch, call: TSESTree.CallExpression): void {
  const args = call.arguments;
  const last = args.at(-1);
  if (args.length !== 3 || !last) return;
  const config = unwrap(args[1] as TSESTree.Node);
  let hasArgs: boolean | undefined;
  if (config.type === AST_NODE_TYPES.ObjectExpression) {
    hasArgs =
      findProperty(config, "inputSchema") !== undefined
        ? true
        : config.properties.some((p) => p.type === AST_NODE_TYPES.SpreadElement)
          ? undefined
          : false;
  }
  addHandler(search, { kind: "registerTool", toolName: toolNameOf(search, args[0]), expression: last, registration: call, hasArgs });
}

/** `const t = server.tool(...); t.update({ callback })`: a new handler for a registered tool. */
function recogniseUpdate(search: HandlerSearch, call: TSESTree.CallExpression, callee: TSESTree.Node): void {
  const object = callee.type === AST_NODE_TYPES.MemberExpression ? unwrap(callee.object) : undefined;
  const argument = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
  if (object?.type !== AST_NODE_TYPES.Identifier || argument?.type !== AST_NODE_TYPES.ObjectExpression) return;
  const registered = constInitializer(search.sourceCode, object);
  if (registered?.type !== AST_NODE_TYPES.CallExpression) return;
  const registeredCallee = unwrap(registered.callee);
  const registeredMethod = registeredCallee.type === AST_NODE_TYPES.MemberExpression ? memberName(registeredCallee) : undefined;
  if (registeredMethod !== "tool" && registeredMethod !== "registerTool") return;
  const callback = findProperty(argument, "callback");
  if (!callback) return;
  addHandler(search, {
    kind: "update",
    toolName: toolNameOf(search, registered.arguments[0]),
    expression: callback.value,
    registration: call,
    hasArgs: undefined,
  });
}

/**
 * FastMCP `server.addTool({ name, execute })` and `addTools([...])`, definitions inline or in a
 * `const`; or a parameter of a registration helper of the project's own (`const register =
 * (definition) => { if (enabled(definition.name)) server.addTool(definition) }`), whose calls
 * pass the definitions (expanded with the file's calls in helpers.ts).
 */
function recogniseAddTool(search: HandlerSearch, call: TSESTree.CallExpression): void {
  const argument = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
  const definitions = argument?.type === AST_NODE_TYPES.ArrayExpression ? argument.elements : argument ? [argument] : [];
  for (const element of definitions) {
    if (!element) continue;
    let definition = unwrap(element);
    if (definition.type === AST_NODE_TYPES.Identifier) {
      const helper = element === argument ? enclosingFunction(call) : undefined;
      const index = helper ? parameterIndex(helper, definition.name) : -1;
      if (helper && index !== -1) {
        search.passedDefinitions.push({ helper, index });
        continue;
      }
      definition = constInitializer(search.sourceCode, definition) ?? definition;
    }
    if (definition.type === AST_NODE_TYPES.ObjectExpression) addToolDefinition(search, definition);
  }
}

/** The handler of a FastMCP tool definition (`{ name, execute }`), wherever the file registers it. */
export function addToolDefinition(search: HandlerSearch, definition: TSESTree.ObjectExpression): void {
  const execute = findProperty(definition, "execute");
  if (!execute) return;
  const name = findProperty(definition, "name");
  addHandler(search, {
    kind: "addTool",
    toolName: name ? toolNameOf(search, name.value) : undefined,
    expression: execute.value,
    registration: definition,
    hasArgs: true,
  });
}

/** Mastra `createTool({ id, execute })`. */
function recogniseCreateTool(search: HandlerSearch, call: TSESTree.CallExpression): void {
  const argument = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
  if (argument?.type !== AST_NODE_TYPES.ObjectExpression) return;
  const execute = findProperty(argument, "execute");
  const id = findProperty(argument, "id");
  if (!execute || !id) return;
  addHandler(search, { kind: "mastra", toolName: toolNameOf(search, id.value), expression: execute.value, registration: call, hasArgs: true });
}

/** mcp-ts-core's `tool("name", { description, input, output, handler })`: the framework serves the definition. */
function recogniseCoreTool(search: HandlerSearch, call: TSESTree.CallExpression): void {
  const [name, definition] = call.arguments.map((argument) => unwrap(argument));
  if (!name || definition?.type !== AST_NODE_TYPES.ObjectExpression) return;
  const handler = findProperty(definition, "handler");
  if (!handler) return;
  addHandler(search, { kind: "mcp-ts-core", toolName: toolNameOf(search, name), expression: handler.value, registration: call, hasArgs: true });
}

/** The low-level `server.setRequestHandler(CallToolRequestSchema, dispatcher)`, and its dispatched cases. */
function recogniseSetRequestHandler(search: HandlerSearch, call: TSESTree.CallExpression): void {
  const args = call.arguments;
  const last = args.at(-1);
  const schema = args[0] ? unwrap(args[0]) : undefined;
  if (!schema || !last || args.length !== 2) return;
  const isCallTool =
    staticString(schema) === "tools/call" ||
    (schema.type === AST_NODE_TYPES.Identifier && schema.name === "CallToolRequestSchema") ||
    (schema.type === AST_NODE_TYPES.MemberExpression && memberName(schema) === "CallToolRequestSchema");
  if (!isCallTool) return;
  const dispatcher = addHandler(search, { kind: "low-level", toolName: undefined, expression: last, registration: call, hasArgs: true });
  if (dispatcher) findDispatch(search, dispatcher, dispatcher.entry, nameBindings(dispatcher.entry), dispatcher.entryGuards, 0);
}

/** The recogniser of each registration method, by the method's name. */
const RECOGNISERS: ReadonlyMap<string, Recogniser> = new Map<string, Recogniser>([
  ["tool", recogniseTool],
  ["registerTool", recogniseRegisterTool],
  ["update", recogniseUpdate],
  ["addTool", recogniseAddTool],
  ["addTools", recogniseAddTool],
  ["createTool", recogniseCreateTool],
  ["defineCoreTool", recogniseCoreTool],
  ["setRequestHandler", recogniseSetRequestHandler],
]);

/** The method a call registers through: `x.method(...)`, Mastra's bare `createTool(...)`, mcp-ts-core's bare `tool(...)`, or an alias of `x.tool.bind(x)`. */
function registrationMethod(search: HandlerSearch, callee: TSESTree.Node): string | undefined {
  if (callee.type === AST_NODE_TYPES.MemberExpression) {
    const method = memberName(callee);
    // With types: a `tool` method of a dependency that is no MCP framework registers no MCP tool.
    if (method !== undefined && TYPED_RECEIVER_METHODS.has(method) && search.types.isMethodOfNonMcpDependency(search.sourceCode, callee, method))
      return undefined;
    return method;
  }
  if (callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  if (callee.name === "createTool") return "createTool";
  // mcp-ts-core's `tool("name", { input, output, handler })`.
  if (callee.name === "tool" && search.imports.has("mcp-ts-core")) return "defineCoreTool";
  if (!search.aliasNames.has(callee.name)) return undefined;
  // Only names bound to `x.tool.bind(x)` somewhere in the file are worth resolving.
  const init = constInitializer(search.sourceCode, callee);
  return init ? bindAlias(init) : undefined;
}

/** Recognises a registration call; adds its handler. */
export function visitRegistrationCall(search: HandlerSearch, call: TSESTree.CallExpression): void {
  const callee = unwrap(call.callee);
  const method = registrationMethod(search, callee);
  if (method === undefined) return;
  const recognise = RECOGNISERS.get(method);
  if (recognise) {
    recognise(search, call, callee);
    return;
  }
  const args = call.arguments;
  // With types: `server.addToolWithReadAccess("stories-get", "Get a story", schema, async (args) => ...)`,
  // a method of the project's own `McpServer` subclass that hands the handler on to the SDK.
  if (callee.type === AST_NODE_TYPES.MemberExpression && isForwardToMcpServer(search, callee, method, args)) {
    addHandler(search, {
      kind: "own-method",
      toolName: toolNameOf(search, args[0]),
      expression: args.at(-1) as TSESTree.Node,
      registration: call,
      hasArgs: args.length > 2,
      framework: search.imports.has("mcp-sdk-v2") ? "mcp-sdk-v2" : "mcp-sdk",
    });
    return;
  }
  // `context.accountTool("list_scans", { inputSchema }, async (args) => ...)`.
  if (callee.type === AST_NODE_TYPES.MemberExpression && isOwnRegistration(search, callee, method, args)) {
    addHandler(search, {
      kind: "own-method",
      toolName: toolNameOf(search, args[0]),
      expression: args[2] as TSESTree.Node,
      registration: call,
      hasArgs: true,
    });
  }
}

/**
 * A tool registration through a method of the project's own subclass of the SDK's `McpServer`
 * (the checker says so): a method whose name says tool, called with a literal (or `const`) tool
 * name first and an inline handler last. The SDK then does with a thrown error what it always does.
 */
function isForwardToMcpServer(
  search: HandlerSearch,
  callee: TSESTree.MemberExpression,
  method: string,
  args: readonly TSESTree.CallExpressionArgument[],
): boolean {
  if (args.length < 2 || !/tool/i.test(method) || RECOGNISERS.has(method)) return false;
  const handler = unwrap(args.at(-1) as TSESTree.Node);
  if (toolNameOf(search, args[0]) === undefined || !isFunctionNode(handler)) return false;
  return search.types.isOwnMcpServerMethod(search.sourceCode, callee, method);
}

/**
 * A registration method of the project's own, recognised by its shape alone: a method whose name
 * says tool, called with a literal (or `const`) tool name, a config object that declares an
 * `inputSchema`, and an inline handler. What it does with a thrown error is unknown, so throws
 * are not judged.
 */
function isOwnRegistration(
  search: HandlerSearch,
  callee: TSESTree.MemberExpression,
  method: string,
  args: readonly TSESTree.CallExpressionArgument[],
): boolean {
  if (args.length !== 3 || !/tool/i.test(method)) return false;
  const [name, config, handler] = args.map((a) => unwrap(a));
  if (!name || toolNameOf(search, name) === undefined || !isFunctionNode(handler)) return false;
  if (config?.type !== AST_NODE_TYPES.ObjectExpression || !findProperty(config, "inputSchema")) return false;
  // With types: a method of a dependency that is no MCP framework registers no MCP tool.
  return !search.types.isMethodOfNonMcpDependency(search.sourceCode, callee, method);
}
