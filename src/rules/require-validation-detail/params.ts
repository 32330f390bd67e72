/**
 * The input parameter names of a tool, read from its registration: the `inputSchema` of
 * `registerTool`, the raw shape of `tool()`, FastMCP's `parameters`, mcp-framework's `schema`,
 * a decorator's `parameters`, xmcp's exported `schema`, or, for a low-level server, the
 * `ListTools` handler's entry of the same name. A schema the file does not show (imported,
 * spread, built by a call we do not know) is unknown.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import { type HandlerKind, objectLiteral, type McpModel, type ToolHandler } from "../../model/index.js";
import {
  constInitializer,
  findProperty,
  findVariable,
  forEachChild,
  isFunctionNode,
  memberName,
  staticKeyName,
  staticString,
  unwrap,
} from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * The initializer of a never-reassigned variable, also when a type of the same name sits beside
 * it (`const Input = z.object({...}); type Input = z.infer<typeof Input>`), which `constInitializer`
 * reads as two definitions.
 */
function initializerOf(sourceCode: SourceCode, identifier: TSESTree.Identifier): TSESTree.Node | undefined {
  const direct = constInitializer(sourceCode, identifier);
  if (direct) return direct;
  const variable = findVariable(sourceCode, identifier);
  const defs = variable?.defs.filter((d) => d.type !== DefinitionType.Type) ?? [];
  const def = defs.length === 1 ? defs[0] : undefined;
  if (def?.type !== DefinitionType.Variable || def.parent.kind !== "const" || !def.node.init) return undefined;
  return unwrap(def.node.init);
}

/** Schema methods that keep the object's keys (`z.object({...}).strict().describe("...")`). */
const KEEPS_KEYS = new Set([
  "strict",
  "strip",
  "passthrough",
  "describe",
  "refine",
  "superRefine",
  "transform",
  "default",
  "optional",
  "nullable",
  "nullish",
  "catchall",
  "meta",
  "openapi",
  "brand",
  "readonly",
  "partial",
  "required",
  "deepPartial",
]);
const OBJECT_FACTORIES = new Set(["object", "strictObject", "looseObject", "Object"]);
const TO_JSON_SCHEMA = new Set(["zodToJsonSchema", "toJsonSchema", "toJSONSchema", "zodToJSONSchema"]);
const JSON_SCHEMA_KEYWORDS = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "description",
  "title",
  "$schema",
  "$id",
  "definitions",
  "$defs",
]);

/** The keys an object literal declares, or undefined for a computed key or a spread we cannot read. */
function ownKeys(sourceCode: SourceCode, object: TSESTree.ObjectExpression, depth: number): Set<string> | undefined {
  const keys = new Set<string>();
  for (const property of object.properties) {
    if (property.type === AST_NODE_TYPES.SpreadElement) {
      // `...Base.shape`, `...baseShape`: the spread's keys when we can read them.
      const spread = schemaKeys(sourceCode, property.argument, depth + 1);
      if (!spread) return undefined;
      for (const key of spread) keys.add(key);
      continue;
    }
    const key = staticKeyName(property.key, property.computed);
    if (key === undefined) return undefined;
    keys.add(key);
  }
  return keys;
}

/** A JSON schema `{ type: "object", properties: {...} }` (not a raw shape that has a `properties` key). */
function jsonSchemaProperties(object: TSESTree.ObjectExpression): TSESTree.Property | undefined {
  const properties = findProperty(object, "properties");
  if (!properties) return undefined;
  const type = findProperty(object, "type");
  if (type && staticString(type.value) === "object") return properties;
  const onlyKeywords = object.properties.every(
    (p) => p.type === AST_NODE_TYPES.Property && JSON_SCHEMA_KEYWORDS.has(staticKeyName(p.key, p.computed) ?? ""),
  );
  return onlyKeywords ? properties : undefined;
}

/**
 * The parameter names a schema expression declares: a raw shape `{ city: z.string() }`, a JSON
 * schema's `properties`, `z.object({...})` with key-keeping methods, `.extend()`, `.merge()`,
 * `.pick()`, `.omit()`, `zodToJsonSchema(X)`, `X.shape`, and consts of these.
 */
export function schemaKeys(sourceCode: SourceCode, node: TSESTree.Node, depth = 0): Set<string> | undefined {
  if (depth > 8) return undefined;
  const n = unwrap(node);
  switch (n.type) {
    case AST_NODE_TYPES.ObjectExpression: {
      const properties = jsonSchemaProperties(n);
      if (properties) {
        const object = objectLiteral(sourceCode, properties.value);
        return object ? ownKeys(sourceCode, object, depth) : undefined;
      }
      return ownKeys(sourceCode, n, depth);
    }
    case AST_NODE_TYPES.Identifier: {
      const init = initializerOf(sourceCode, n);
      return init ? schemaKeys(sourceCode, init, depth + 1) : undefined;
    }
    case AST_NODE_TYPES.ConditionalExpression: {
      // `...(SAFE_MODE ? {} : { actions })`: either side's keys may be served; both are names.
      const consequent = schemaKeys(sourceCode, n.consequent, depth + 1);
      const alternate = schemaKeys(sourceCode, n.alternate, depth + 1);
      return consequent && alternate ? new Set([...consequent, ...alternate]) : undefined;
    }
    case AST_NODE_TYPES.LogicalExpression:
      return n.operator === "&&" ? schemaKeys(sourceCode, n.right, depth + 1) : undefined;
    case AST_NODE_TYPES.MemberExpression:
      return memberName(n) === "shape" ? schemaKeys(sourceCode, n.object, depth + 1) : undefined;
    case AST_NODE_TYPES.CallExpression: {
      const callee = unwrap(n.callee);
      const first = n.arguments[0];
      if (callee.type === AST_NODE_TYPES.Identifier) {
        return TO_JSON_SCHEMA.has(callee.name) && first ? schemaKeys(sourceCode, first, depth + 1) : undefined;
      }
      if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
      const method = memberName(callee);
      if (method === undefined) return undefined;
      if (OBJECT_FACTORIES.has(method) || TO_JSON_SCHEMA.has(method)) return first ? schemaKeys(sourceCode, first, depth + 1) : undefined;
      if (KEEPS_KEYS.has(method)) return schemaKeys(sourceCode, callee.object, depth + 1);
      if (method === "extend" || method === "merge" || method === "safeExtend" || method === "omit" || method === "pick") {
        const base = method === "pick" ? new Set<string>() : schemaKeys(sourceCode, callee.object, depth + 1);
        const other = first ? schemaKeys(sourceCode, first, depth + 1) : undefined;
        if (!base || !other) return undefined;
        if (method === "omit") return new Set([...base].filter((k) => !other.has(k)));
        return new Set([...base, ...other]);
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The schema a property of an options object holds (`inputSchema`, `parameters`, ...), when there is one. */
function schemaIn(sourceCode: SourceCode, options: TSESTree.Node | undefined, keys: readonly string[]): Set<string> | undefined {
  const object = options ? objectLiteral(sourceCode, options) : undefined;
  if (!object) return undefined;
  for (const key of keys) {
    const property = findProperty(object, key);
    if (property) return schemaKeys(sourceCode, property.value);
  }
  // No schema at all: a tool without inputs (unless a spread may bring one).
  return object.properties.some((p) => p.type === AST_NODE_TYPES.SpreadElement) ? undefined : new Set();
}

/** `server.tool(name, [description], [shape], [annotations], cb)` and `server.tool({ name, schema }, cb)`. */
function toolCallKeys(sourceCode: SourceCode, call: TSESTree.CallExpression): Set<string> | undefined {
  const args = call.arguments;
  const first = args[0] ? unwrap(args[0]) : undefined;
  if (first?.type === AST_NODE_TYPES.ObjectExpression) return schemaIn(sourceCode, first, ["schema", "inputSchema"]);
  const last = args.at(-1) ? unwrap(args.at(-1) as TSESTree.Node) : undefined;
  if (last?.type === AST_NODE_TYPES.ObjectExpression) return schemaIn(sourceCode, last, ["inputSchema", "schema"]);
  for (const argument of args.slice(1, -1)) {
    const node = unwrap(argument);
    // The description, also when it is a const (`execDescription`).
    const value = node.type === AST_NODE_TYPES.Identifier ? (initializerOf(sourceCode, node) ?? node) : node;
    if (staticString(value) !== undefined || value.type === AST_NODE_TYPES.TemplateLiteral) continue;
    const object = objectLiteral(sourceCode, node);
    // An object of literals only is the annotations; the shape comes before it.
    if (
      object &&
      object.properties.length > 0 &&
      object.properties.every((p) => p.type === AST_NODE_TYPES.Property && unwrap(p.value).type === AST_NODE_TYPES.Literal)
    ) {
      return new Set();
    }
    return schemaKeys(sourceCode, node);
  }
  return new Set();
}

function registrationKeys(sourceCode: SourceCode, registration: TSESTree.Node, depth = 0): Set<string> | undefined {
  if (depth > 2) return undefined;
  const node = unwrap(registration);
  if (node.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrap(node.callee);
  const method =
    callee.type === AST_NODE_TYPES.MemberExpression ? memberName(callee) : callee.type === AST_NODE_TYPES.Identifier ? callee.name : undefined;
  switch (method) {
    case "registerTool":
      return schemaIn(sourceCode, node.arguments[1], ["inputSchema"]);
    case "createTool":
      return schemaIn(sourceCode, node.arguments[0], ["inputSchema"]);
    case "update": {
      // `registered.update({ paramsSchema, callback })` replaces the schema when it has one.
      const options = node.arguments[0] ? objectLiteral(sourceCode, node.arguments[0]) : undefined;
      const replaced = options ? findProperty(options, "paramsSchema") : undefined;
      if (replaced) return schemaKeys(sourceCode, replaced.value);
      const object = callee.type === AST_NODE_TYPES.MemberExpression ? unwrap(callee.object) : undefined;
      const registered = object?.type === AST_NODE_TYPES.Identifier ? constInitializer(sourceCode, object) : undefined;
      return registered ? registrationKeys(sourceCode, registered, depth + 1) : undefined;
    }
    default:
      // `tool(...)`, a bound alias of it.
      return toolCallKeys(sourceCode, node);
  }
}

/** The `name -> parameter names` map of a low-level server's ListTools handler(s), once per file. */
const listToolsCache = new WeakMap<SourceCode, Map<string, Set<string> | undefined>>();

function listedTools(sourceCode: SourceCode, model: McpModel): Map<string, Set<string> | undefined> {
  let tools = listToolsCache.get(sourceCode);
  if (tools) return tools;
  tools = new Map();
  listToolsCache.set(sourceCode, tools);
  for (const call of model.calls) {
    const callee = unwrap(call.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "setRequestHandler" || call.arguments.length !== 2) continue;
    const schema = unwrap(call.arguments[0] as TSESTree.Node);
    const isListTools =
      staticString(schema) === "tools/list" ||
      (schema.type === AST_NODE_TYPES.Identifier && schema.name === "ListToolsRequestSchema") ||
      (schema.type === AST_NODE_TYPES.MemberExpression && memberName(schema) === "ListToolsRequestSchema");
    const handler = call.arguments[1] ? unwrap(call.arguments[1]) : undefined;
    if (isListTools && isFunctionNode(handler)) collectListed(sourceCode, handler, tools);
  }
  return tools;
}

/** Reads every `tools: [...]` the handler returns (inline, a const array, spreads of const arrays). */
function collectListed(sourceCode: SourceCode, handler: TSESTree.Node, tools: Map<string, Set<string> | undefined>): void {
  const addArray = (node: TSESTree.Node, depth: number): void => {
    if (depth > 4) return;
    let n = unwrap(node);
    if (n.type === AST_NODE_TYPES.Identifier) n = constInitializer(sourceCode, n) ?? n;
    if (n.type !== AST_NODE_TYPES.ArrayExpression) return;
    for (const element of n.elements) {
      if (!element) continue;
      if (element.type === AST_NODE_TYPES.SpreadElement) {
        addArray(element.argument, depth + 1);
        continue;
      }
      const tool = objectLiteral(sourceCode, element);
      const name = tool ? findProperty(tool, "name") : undefined;
      const toolName = name ? staticString(name.value) : undefined;
      if (!tool || toolName === undefined) continue;
      const inputSchema = findProperty(tool, "inputSchema");
      const keys = inputSchema ? schemaKeys(sourceCode, inputSchema.value) : new Set<string>();
      // Two entries of one name with different schemas: we cannot tell which one is served.
      tools.set(toolName, tools.has(toolName) ? undefined : keys);
    }
  };
  const visit = (node: TSESTree.Node): void => {
    if (node.type === AST_NODE_TYPES.Property && staticKeyName(node.key, node.computed) === "tools") {
      addArray(node.value, 0);
      return;
    }
    if (node !== handler && isFunctionNode(node)) return;
    forEachChild(node, sourceCode.visitorKeys, visit);
  };
  visit(handler);
}

/** xmcp: `export const schema = { ... }` at the top of the file. */
function xmcpSchema(sourceCode: SourceCode): Set<string> | undefined {
  for (const statement of sourceCode.ast.body) {
    if (statement.type !== AST_NODE_TYPES.ExportNamedDeclaration || statement.declaration?.type !== AST_NODE_TYPES.VariableDeclaration) continue;
    for (const declarator of statement.declaration.declarations) {
      if (declarator.id.type === AST_NODE_TYPES.Identifier && declarator.id.name === "schema" && declarator.init) {
        return schemaKeys(sourceCode, declarator.init);
      }
    }
  }
  return undefined;
}

/** The keys of the handler's argument: `({ city, units }) =>`, `(args: { city: string })`. */
function argsParamKeys(param: TSESTree.Parameter | undefined): Set<string> | undefined {
  if (!param) return undefined;
  const target = param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param;
  if (target.type === AST_NODE_TYPES.ObjectPattern) {
    const keys = new Set<string>();
    for (const p of target.properties) {
      if (p.type === AST_NODE_TYPES.RestElement) return undefined;
      const key = staticKeyName(p.key, p.computed);
      if (key === undefined) return undefined;
      keys.add(key);
    }
    return keys;
  }
  if (target.type === AST_NODE_TYPES.Identifier) {
    const type = target.typeAnnotation?.typeAnnotation;
    if (type?.type !== AST_NODE_TYPES.TSTypeLiteral) return undefined;
    const keys = new Set<string>();
    for (const member of type.members) {
      if (member.type !== AST_NODE_TYPES.TSPropertySignature) return undefined;
      const key = staticKeyName(member.key, member.computed);
      if (key === undefined) return undefined;
      keys.add(key);
    }
    return keys;
  }
  return undefined;
}

/** Reads a tool's input parameter names where its kind of registration declares them. */
type ParameterReader = (handler: ToolHandler, sourceCode: SourceCode, model: McpModel) => Set<string> | undefined;

/** The schema of the registration, else the keys of the handler's argument. */
const fromRegistration: ParameterReader = (handler, sourceCode) => registrationKeys(sourceCode, handler.registration) ?? argsParamKeys(handler.argsParam);
/** No schema to read: the keys of the handler's argument. */
const fromArguments: ParameterReader = (handler) => argsParamKeys(handler.argsParam);

/** How each kind of handler declares its input: a `Record`, so that a new kind cannot be forgotten. */
const PARAMETER_READERS: Readonly<Record<HandlerKind, ParameterReader>> = {
  tool: fromRegistration,
  registerTool: fromRegistration,
  update: fromRegistration,
  // Mastra's execute receives `{ context }`, not the arguments.
  mastra: (handler, sourceCode) => registrationKeys(sourceCode, handler.registration),
  // Recognised by its `inputSchema` (see the model): `accountTool(name, { inputSchema }, handler)`.
  "own-method": (handler, sourceCode) =>
    (handler.registration.type === AST_NODE_TYPES.CallExpression ? schemaIn(sourceCode, handler.registration.arguments[1], ["inputSchema"]) : undefined) ??
    argsParamKeys(handler.argsParam),
  addTool: (handler, sourceCode) => schemaIn(sourceCode, handler.registration, ["parameters"]) ?? argsParamKeys(handler.argsParam),
  // `tool("name", { input: z.object({ ... }), handler })`.
  "mcp-ts-core": (handler, sourceCode) =>
    (handler.registration.type === AST_NODE_TYPES.CallExpression ? schemaIn(sourceCode, handler.registration.arguments[1], ["input"]) : undefined) ??
    argsParamKeys(handler.argsParam),
  decorator: (handler, sourceCode) => {
    const registration = handler.registration;
    const expression = registration.type === AST_NODE_TYPES.Decorator ? unwrap(registration.expression) : undefined;
    const keys =
      expression?.type === AST_NODE_TYPES.CallExpression
        ? schemaIn(sourceCode, expression.arguments[0], ["parameters", "inputSchema", "schema"])
        : undefined;
    return keys ?? argsParamKeys(handler.argsParam);
  },
  "mcp-framework": (handler, sourceCode) => classSchemaKeys(sourceCode, handler.registration) ?? argsParamKeys(handler.argsParam),
  xmcp: (handler, sourceCode) => xmcpSchema(sourceCode) ?? argsParamKeys(handler.argsParam),
  "low-level-case": (handler, sourceCode, model) => (handler.toolName === undefined ? undefined : listedTools(sourceCode, model).get(handler.toolName)),
  // The dispatcher itself: its first parameter is the request, not the arguments.
  "low-level": () => undefined,
  "call-tool-result": fromArguments,
  imported: fromArguments,
};

/** mcp-framework: the `schema` property of the tool class. */
function classSchemaKeys(sourceCode: SourceCode, registration: TSESTree.Node): Set<string> | undefined {
  if (registration.type !== AST_NODE_TYPES.ClassDeclaration && registration.type !== AST_NODE_TYPES.ClassExpression) return undefined;
  let keys: Set<string> | undefined;
  for (const member of registration.body.body) {
    if (member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && staticKeyName(member.key, member.computed) === "schema" && member.value) {
      keys = schemaKeys(sourceCode, member.value);
    }
  }
  return keys;
}

const cache = new WeakMap<ToolHandler, Set<string> | undefined>();

/** The tool's input parameter names, or undefined when the file does not show them. */
export function inputParameters(sourceCode: SourceCode, model: McpModel, handler: ToolHandler): ReadonlySet<string> | undefined {
  if (cache.has(handler)) return cache.get(handler);
  const keys = PARAMETER_READERS[handler.kind](handler, sourceCode, model);
  cache.set(handler, keys);
  return keys;
}
