/**
 * Clients generated from an OpenAPI description, whose operations are HTTP calls under any name.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { constInitializer, findProperty, hasSpread, memberName, unwrap } from "../../util/ast.js";
import { objectLiteral } from "../payload.js";
import type { ExternalCall } from "../types.js";
import { type ClientFacts, importOf } from "./facts.js";
import { ok, readOptions, timeoutIn, unknown } from "./options.js";

/**
 * A client generated from an OpenAPI description: openapi-client-axios (`await
 * new OpenAPIClientAxios({ axiosConfigDefaults }).init()`, every method an operation that takes
 * `(params, data, config)`) or openapi-fetch (`createClient({ baseUrl })`, `client.GET(path, init)`).
 */
export interface GeneratedClient {
  readonly kind: "openapi-client-axios" | "openapi-fetch";
  /** The instance-wide bound: true, false, or undefined when its options cannot be read. */
  readonly hasTimeout: boolean | undefined;
}

const OPENAPI_FETCH_METHODS = new Set(["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"]);

export function generatedClientOf(facts: ClientFacts, object: TSESTree.Identifier): GeneratedClient | undefined {
  const init = constInitializer(facts.sourceCode, object);
  if (!init) return undefined;
  const value = unwrap(init.type === AST_NODE_TYPES.AwaitExpression ? init.argument : init);
  if (value.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrap(value.callee);
  // openapi-fetch: `const client = createClient<paths>({ baseUrl })`.
  if (callee.type === AST_NODE_TYPES.Identifier && importOf(facts, callee) === "openapi-fetch") {
    const options = value.arguments[0] ? objectLiteral(facts.sourceCode, value.arguments[0]) : undefined;
    // A custom `fetch` (or options we cannot read) may bound every call.
    const opaque = value.arguments[0] !== undefined && (!options || hasSpread(options) || findProperty(options, "fetch") !== undefined);
    return { kind: "openapi-fetch", hasTimeout: opaque ? undefined : options && findProperty(options, "signal") ? undefined : false };
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
