/**
 * Which calls of a file call an MCP tool as a client: `client.callTool({ name, arguments })` on a
 * receiver that is an SDK `Client`, and `client.request({ method: "tools/call", params }, schema)`.
 * `callTool` is a common method name in agent libraries that have nothing to do with MCP, so a
 * receiver counts only with evidence: an instance of the client class the file imports (`new
 * Client(...)`), a variable, parameter or property typed with that class, or, under typed
 * linting, a method the checker places in an MCP client package. Everything else is unknown.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  findProperty,
  findVariable,
  forEachChild,
  memberName,
  propertyValue,
  resolveFunction,
  staticKeyName,
  staticString,
  unwrap,
  unwrapAwait,
} from "../../util/ast.js";
import { type ClientProfile, FRAMEWORKS } from "../frameworks.js";
import { classMethod } from "../targets.js";
import type { TypeOracle } from "../types.js";

/** How many aliases deep a receiver is followed (`const session = this.session`). */
const MAX_DEPTH = 3;

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The clients of the framework table, with the modules that mark a file as using their SDK. */
const CLIENTS: readonly { readonly profile: ClientProfile; readonly modules: readonly string[] }[] = Object.values(FRAMEWORKS).flatMap((row) =>
  row.client ? [{ profile: row.client, modules: [...row.imports, ...row.client.imports] }] : [],
);

function matchesModule(source: string, module: string): boolean {
  return source === module || source.startsWith(`${module}/`);
}

/** A call that runs a tool, with the tool's name when a literal gives it. */
export interface RecognisedToolCall {
  readonly call: TSESTree.CallExpression;
  readonly toolName: string | undefined;
}

/** Recognises the tool calls of one file; asks about receivers only for calls of the right shape. */
export class ClientCalls {
  /** Local names bound to a client class (`Client`, `McpClient` for `Client as McpClient`). */
  private readonly classNames = new Set<string>();
  /** The file imports an SDK that has a client (`@modelcontextprotocol/sdk/...`). */
  private readonly importsSdk: boolean;
  private readonly callMethods = new Set<string>();
  private readonly requestMethods = new Set<string>();
  /** Property names the file declares or assigns as a client (`client: Client`, `this.client = new Client()`). */
  private clientProperties: ReadonlySet<string> | undefined;

  constructor(
    private readonly sourceCode: SourceCode,
    importedFrom: ReadonlyMap<string, string>,
    private readonly types: TypeOracle,
  ) {
    let importsSdk = false;
    for (const { profile, modules } of CLIENTS) {
      this.callMethods.add(profile.callMethod);
      this.requestMethods.add(profile.requestMethod);
      for (const [local, from] of importedFrom) {
        const [source = "", exported] = from.split("#");
        if (modules.some((module) => matchesModule(source, module))) importsSdk = true;
        if (exported === profile.className && profile.imports.some((module) => matchesModule(source, module))) this.classNames.add(local);
      }
    }
    this.importsSdk = importsSdk;
  }

  /** The call runs a tool on an MCP server, or undefined (not one, or no evidence that it is). */
  recognise(call: TSESTree.CallExpression): RecognisedToolCall | undefined {
    const callee = unwrap(call.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
    const method = memberName(callee);
    if (method === undefined) return undefined;
    const first = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
    const params = first?.type === AST_NODE_TYPES.ObjectExpression ? first : undefined;
    if (this.callMethods.has(method)) {
      if (!this.isClient(callee.object) && !this.types.isMcpClientMethod(this.sourceCode, callee, method)) return undefined;
      return { call, toolName: params ? nameIn(params) : undefined };
    }
    if (this.requestMethods.has(method) && params) {
      const requested = findProperty(params, "method");
      if (!requested || staticString(propertyValue(requested)) !== "tools/call") return undefined;
      // `{ method: "tools/call" }` is the protocol's own wording: an SDK import is evidence enough.
      if (!this.importsSdk && !this.isClient(callee.object) && !this.types.isMcpClientMethod(this.sourceCode, callee, method)) return undefined;
      const inner = findProperty(params, "params");
      const value = inner ? propertyValue(inner) : undefined;
      return { call, toolName: value?.type === AST_NODE_TYPES.ObjectExpression ? nameIn(value) : undefined };
    }
    return undefined;
  }

  /** Whether the file shows an expression to be a client instance. */
  private isClient(node: TSESTree.Node, depth = 0): boolean {
    if (this.classNames.size === 0 || depth > MAX_DEPTH) return false;
    const receiver = unwrap(node);
    if (receiver.type === AST_NODE_TYPES.Identifier) return this.isClientVariable(receiver, depth);
    if (receiver.type === AST_NODE_TYPES.MemberExpression) {
      const name = memberName(receiver);
      return name !== undefined && this.properties().has(name);
    }
    return false;
  }

  private isClientVariable(identifier: TSESTree.Identifier, depth: number): boolean {
    const variable = findVariable(this.sourceCode, identifier);
    if (!variable) return false;
    for (const def of variable.defs) {
      if (def.type === DefinitionType.Parameter && this.isClientType(typeOf(def.name))) return true;
      if (def.type === DefinitionType.Variable) {
        if (this.isClientType(typeOf(def.node.id)) || (def.node.init && this.isClientValue(def.node.init, depth))) return true;
      }
    }
    // `let client; ... client = new Client(...)`.
    return variable.references.some(
      (reference) => reference.writeExpr !== null && reference.writeExpr !== undefined && this.isNewClient(reference.writeExpr),
    );
  }

  /**
   * A value that is a client: `new Client(...)`, another client (`const session = this.session`),
   * or what a same-file function declared to return one gives (`await this.ensureConnected()`).
   */
  private isClientValue(node: TSESTree.Node, depth: number): boolean {
    const value = unwrapAwait(node);
    if (this.isNewClient(value)) return true;
    if (value.type === AST_NODE_TYPES.CallExpression) {
      const callee = unwrap(value.callee);
      let fn: FunctionNode | undefined;
      if (callee.type === AST_NODE_TYPES.Identifier) fn = resolveFunction(this.sourceCode, callee);
      else if (callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type === AST_NODE_TYPES.ThisExpression) {
        const name = memberName(callee);
        fn = name === undefined ? undefined : classMethod(value, name);
      }
      return fn !== undefined && this.isClientType(promised(fn.returnType?.typeAnnotation));
    }
    return this.isClient(value, depth + 1);
  }

  private isNewClient(node: TSESTree.Node): boolean {
    const value = unwrap(node);
    return value.type === AST_NODE_TYPES.NewExpression && value.callee.type === AST_NODE_TYPES.Identifier && this.classNames.has(value.callee.name);
  }

  /** `Client`, `Client | null`, `Client | undefined`. */
  private isClientType(type: TSESTree.TypeNode | undefined): boolean {
    if (!type) return false;
    if (type.type === AST_NODE_TYPES.TSUnionType) return type.types.some((member) => this.isClientType(member));
    return type.type === AST_NODE_TYPES.TSTypeReference && type.typeName.type === AST_NODE_TYPES.Identifier && this.classNames.has(type.typeName.name);
  }

  /** The property names the file gives a client: declared with the client type, or assigned a new client. */
  private properties(): ReadonlySet<string> {
    if (this.clientProperties) return this.clientProperties;
    const names = new Set<string>();
    const keys = this.sourceCode.visitorKeys;
    const add = (key: TSESTree.Node, computed: boolean): void => {
      const name = staticKeyName(key, computed);
      if (name !== undefined) names.add(name);
    };
    const visit = (node: TSESTree.Node): void => {
      switch (node.type) {
        case AST_NODE_TYPES.PropertyDefinition:
        case AST_NODE_TYPES.TSPropertySignature:
          if (
            this.isClientType(node.typeAnnotation?.typeAnnotation) ||
            (node.type === AST_NODE_TYPES.PropertyDefinition && node.value && this.isNewClient(node.value))
          ) {
            add(node.key, node.computed);
          }
          break;
        case AST_NODE_TYPES.TSParameterProperty:
          if (node.parameter.type === AST_NODE_TYPES.Identifier && this.isClientType(typeOf(node.parameter))) names.add(node.parameter.name);
          break;
        case AST_NODE_TYPES.AssignmentExpression:
          if (node.left.type === AST_NODE_TYPES.MemberExpression && this.isNewClient(node.right)) add(node.left.property, node.left.computed);
          break;
        case AST_NODE_TYPES.Property:
          if (this.isNewClient(node.value)) add(node.key, node.computed);
          break;
        default:
          break;
      }
      // Every key: property signatures live in interfaces and in the type literals of annotations.
      forEachChild(node, keys, visit);
    };
    visit(this.sourceCode.ast);
    this.clientProperties = names;
    return names;
  }
}

/** `T` of `Promise<T>`; any other type as it is. */
function promised(type: TSESTree.TypeNode | undefined): TSESTree.TypeNode | undefined {
  if (
    type?.type === AST_NODE_TYPES.TSTypeReference &&
    type.typeName.type === AST_NODE_TYPES.Identifier &&
    type.typeName.name === "Promise" &&
    type.typeArguments?.params.length === 1
  ) {
    return type.typeArguments.params[0];
  }
  return type;
}

/** The type annotation of a declared name (`client: Client`, `client?: Client`, `client: Client = ...`). */
function typeOf(node: TSESTree.Node): TSESTree.TypeNode | undefined {
  if (node.type === AST_NODE_TYPES.AssignmentPattern) return typeOf(node.left);
  if (node.type === AST_NODE_TYPES.Identifier) return node.typeAnnotation?.typeAnnotation;
  return undefined;
}

/** The literal `name` of a tool call's parameters (`{ name: "search", arguments }`). */
function nameIn(params: TSESTree.ObjectExpression): string | undefined {
  const property = findProperty(params, "name");
  return property ? staticString(propertyValue(property)) : undefined;
}
