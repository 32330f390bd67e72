/**
 * Clients generated from an OpenAPI description, whose operations are HTTP calls under any name.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import {
  type FunctionNode,
  constInitializer,
  findProperty,
  findVariable,
  hasSpread,
  memberName,
  objectLiteral,
  returnedValues,
  resolveFunction,
  unwrap,
} from "../../util/ast.js";
import type { ExternalCall, GeneratedClientFact } from "../types.js";
import { type ClientFacts, importOf } from "./facts.js";
import { ok, readOptions, timeoutIn, unknown } from "./options.js";

/**
 * A client generated from an OpenAPI description: openapi-client-axios (`await
 * new OpenAPIClientAxios({ axiosConfigDefaults }).init()`, every method an operation that takes
 * `(params, data, config)`) or openapi-fetch (`createClient({ baseUrl })`, `client.GET(path, init)`).
 */
export type GeneratedClient = GeneratedClientFact;

const OPENAPI_FETCH_METHODS = new Set(["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]);

/** `client.GET(...)`: a method name only an openapi-fetch client has (the filter of candidates.ts lets these through). */
export function isOpenapiFetchMethod(name: string): boolean {
  return OPENAPI_FETCH_METHODS.has(name);
}

/**
 * The generated client a variable holds: every value it is given (its initializer, and each
 * later `x = ...`) makes one of the same kind. Made by the generator itself, by a same-file
 * function whose every return makes one, or by such a function of another file (typed analysis).
 * Mixed bounds make the bound unknown.
 */
export function generatedClientOf(facts: ClientFacts, object: TSESTree.Identifier): GeneratedClient | undefined {
  const values = assignedValues(facts, object);
  if (!values) return undefined;
  let combined: GeneratedClient | undefined;
  for (const value of values) {
    const client = clientMadeBy(facts, value, 0);
    if (!client || (combined && combined.kind !== client.kind)) return undefined;
    combined = combined && combined.hasTimeout !== client.hasTimeout ? { kind: client.kind, hasTimeout: undefined } : client;
  }
  return combined;
}

/** The initializer of a variable with one declaration, and the right side of every `x = ...`; undefined for anything else. */
function assignedValues(facts: ClientFacts, identifier: TSESTree.Identifier): TSESTree.Node[] | undefined {
  const variable = findVariable(facts.sourceCode, identifier);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type !== DefinitionType.Variable || def.node.id.type !== AST_NODE_TYPES.Identifier || !def.node.init) return undefined;
  const values: TSESTree.Node[] = [def.node.init];
  for (const reference of variable?.references ?? []) {
    if (!reference.isWrite() || reference.identifier === def.node.id) continue;
    const parent = reference.identifier.parent;
    if (parent.type !== AST_NODE_TYPES.AssignmentExpression || parent.operator !== "=" || parent.left !== reference.identifier) return undefined;
    values.push(parent.right);
  }
  return values;
}

/** The generated client a value makes: `createClient({...})`, `await generated.init()`, or a call of a factory that returns one. */
function clientMadeBy(facts: ClientFacts, node: TSESTree.Node, depth: number): GeneratedClient | undefined {
  const value = unwrap(node.type === AST_NODE_TYPES.AwaitExpression ? node.argument : node);
  if (value.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrap(value.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) {
    // openapi-fetch: `createClient<paths>({ baseUrl })`.
    if (importOf(facts, callee) === "openapi-fetch") return openapiFetchClient(facts, value);
    const imported = facts.generatedFactories?.get(callee.name);
    if (imported) return imported;
    // A same-file factory: `function makeClient() { return createClient({ baseUrl }); }`.
    const fn = depth === 0 ? resolveFunction(facts.sourceCode, callee) : undefined;
    return fn ? generatedClientReturnedBy(facts, fn, depth + 1) : undefined;
  }
  // openapi-client-axios: `const api = await generated.init()` (or `initSync()`, `getClient()`).
  if (callee.type !== AST_NODE_TYPES.MemberExpression || !["init", "initSync", "getClient"].includes(memberName(callee) ?? "")) return undefined;
  const owner = unwrap(callee.object);
  const made = owner.type === AST_NODE_TYPES.Identifier ? constInitializer(facts.sourceCode, owner) : undefined;
  if (made?.type !== AST_NODE_TYPES.NewExpression || made.callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  if (importOf(facts, made.callee) !== "openapi-client-axios") return undefined;
  const options = made.arguments[0] ? objectLiteral(facts.sourceCode, made.arguments[0]) : undefined;
  if (!options) return { kind: "openapi-client-axios", hasTimeout: undefined };
  const defaults = findProperty(options, "axiosConfigDefaults");
  if (!defaults) return { kind: "openapi-client-axios", hasTimeout: hasSpread(options) ? undefined : false };
  const config = objectLiteral(facts.sourceCode, defaults.value);
  return { kind: "openapi-client-axios", hasTimeout: config ? (timeoutIn(config, "axios") ?? (hasSpread(config) ? undefined : false)) : undefined };
}

/** `createClient({ baseUrl })`: no bound unless a custom `fetch` or a `signal` (or options it cannot read) may give one. */
function openapiFetchClient(facts: ClientFacts, call: TSESTree.CallExpression): GeneratedClient {
  const options = call.arguments[0] ? objectLiteral(facts.sourceCode, call.arguments[0]) : undefined;
  const opaque = call.arguments[0] !== undefined && (!options || hasSpread(options) || findProperty(options, "fetch") !== undefined);
  return { kind: "openapi-fetch", hasTimeout: opaque ? undefined : options && findProperty(options, "signal") ? undefined : false };
}

/**
 * The generated client every return of `fn` makes (`return createClient({ baseUrl, headers })`),
 * or undefined. The program index asks it of imported functions, in their own file.
 */
export function generatedClientReturnedBy(facts: ClientFacts, fn: FunctionNode, depth = 1): GeneratedClient | undefined {
  const values = returnedValues(fn);
  if (values.length === 0) return undefined;
  let combined: GeneratedClient | undefined;
  for (const value of values) {
    const client = value ? clientMadeBy(facts, value, depth) : undefined;
    if (!client || (combined && (combined.kind !== client.kind || combined.hasTimeout !== client.hasTimeout))) return undefined;
    combined = client;
  }
  return combined;
}

/** An operation call on a generated client: bounded by the instance, or by the call's own config. */
export function generatedCall(
  facts: ClientFacts,
  call: TSESTree.CallExpression,
  generated: GeneratedClient,
  object: string,
  method: string | undefined,
): ExternalCall | undefined {
  const label = `${object}.${method ?? "[operation]"}`;
  if (generated.kind === "openapi-fetch") {
    if (method === undefined || !OPENAPI_FETCH_METHODS.has(method)) return undefined;
    if (generated.hasTimeout === undefined) return unknown(call, "fetch", label);
    return readOptions(facts, call, "fetch", label, 1);
  }
  // `api.defaults.timeout = ...` or `axios.defaults` on the instance are read by the caller.
  if (method === "defaults" || method === "interceptors") return undefined;
  if (generated.hasTimeout === true) return ok(call, "axios", label);
  if (generated.hasTimeout === undefined) return unknown(call, "axios", label);
  // An operation takes (params, data, config): the config is the third argument.
  if (call.arguments.length < 3)
    return { call, client: "axios", label, status: "missing", options: undefined, insertOptionsAfter: undefined, property: undefined };
  return readOptions(facts, call, "axios", label, 2);
}
