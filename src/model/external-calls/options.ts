/**
 * Reads whether a recognised call is bounded by its options: the options argument (or the object
 * among the arguments), a `signal` or non-zero `timeout` in it, a timer set on an http request,
 * and options that come from the caller.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import {
  calleeName,
  constInitializer,
  findProperty,
  findVariable,
  hasSpread,
  isFunctionNode,
  isInside,
  memberName,
  memberPath,
  objectLiteral,
  rootIdentifier,
  staticString,
  unwrap,
} from "../../util/ast.js";
import type { ClientKind, ExternalCall } from "../types.js";
import { boundFromCaller, optionsFromCaller } from "./callers.js";
import { boundAfterLiteral, builtOptions, builtWithoutBound, spreadsAddNoBound } from "./defaults.js";
import type { ClientFacts } from "./facts.js";

/** Request-signal shapes that give cancellation only. */
const CANCELLATION_SIGNAL = /^(extra|ctx|context|requestExtra|toolCtx)\.(signal|mcpReq\.signal)$|\.mcpReq\.signal$|^this\.abortSignal$/;

/** Whether an options object bounds the call: a non-zero `timeout` or any `signal`. */
export function timeoutIn(options: TSESTree.ObjectExpression, client: ClientKind): boolean | undefined {
  const timeout = findProperty(options, "timeout");
  if (timeout) {
    const value = unwrap(timeout.value);
    if (value.type === AST_NODE_TYPES.Literal && value.value === 0) return false;
    return true;
  }
  if (signalProperty(options, client)) return true;
  return undefined;
}

/** The option that carries a signal: `signal`, execa's `cancelSignal`, the AI SDK's `abortSignal`. */
function signalProperty(options: TSESTree.ObjectExpression, client: ClientKind): TSESTree.Property | undefined {
  if (client === "ai") return findProperty(options, "abortSignal");
  return findProperty(options, "signal") ?? (client === "execa" ? findProperty(options, "cancelSignal") : undefined);
}

export function ok(call: TSESTree.CallExpression, client: ClientKind, label: string): ExternalCall {
  return { call, client, label, status: "ok", options: undefined, insertOptionsAfter: undefined, property: undefined };
}

export function unknown(call: TSESTree.CallExpression, client: ClientKind, label: string): ExternalCall {
  return { call, client, label, status: "unknown", options: undefined, insertOptionsAfter: undefined, property: undefined };
}

/** Options we cannot read here; when they come from a parameter of the enclosing function, the callers decide. */
function fromCaller(facts: ClientFacts, call: TSESTree.CallExpression, client: ClientKind, label: string, options: TSESTree.Node): ExternalCall {
  const origin = optionsFromCaller(facts.sourceCode, options);
  if (!origin) return unknown(call, client, label);
  const object = options.type === AST_NODE_TYPES.ObjectExpression ? options : undefined;
  return { ...unknown(call, client, label), options: object, fromCaller: origin };
}

export function readOptions(facts: ClientFacts, call: TSESTree.CallExpression, client: ClientKind, label: string, index: number | "object"): ExternalCall {
  const args = call.arguments;
  if (args.some((a) => a.type === AST_NODE_TYPES.SpreadElement)) return unknown(call, client, label);
  let optionsNode: TSESTree.Node | undefined;
  let insertAfter: TSESTree.Node | undefined;
  if (index === "object") {
    // Child processes and http take the options object among other arguments.
    for (let i = 1; i < args.length; i++) {
      const a = unwrap(args[i] as TSESTree.Node);
      if (a.type === AST_NODE_TYPES.ObjectExpression) {
        optionsNode = a;
        break;
      }
      if (a.type === AST_NODE_TYPES.Identifier || a.type === AST_NODE_TYPES.MemberExpression) {
        const literal = objectLiteral(facts.sourceCode, a);
        if (literal) {
          optionsNode = literal;
          break;
        }
        const init = a.type === AST_NODE_TYPES.Identifier ? constInitializer(facts.sourceCode, a) : undefined;
        // An array of arguments or a callback is not the options; anything else might be, unless an
        // object literal comes after it (`spawn(command, args, { stdio: "pipe" })`: `args` is the array).
        const literalAfter = args.slice(i + 1).some((later) => unwrap(later).type === AST_NODE_TYPES.ObjectExpression);
        if (!literalAfter && (!init || (init.type !== AST_NODE_TYPES.ArrayExpression && !isFunctionNode(init)))) return unknown(call, client, label);
      }
      if (
        a.type !== AST_NODE_TYPES.ArrayExpression &&
        !isFunctionNode(a) &&
        a.type !== AST_NODE_TYPES.Identifier &&
        a.type !== AST_NODE_TYPES.MemberExpression
      ) {
        return unknown(call, client, label);
      }
    }
    if (client === "http" && !optionsNode && args[0]) {
      // `http.request(options[, cb])`: the options may come first; unknown unless it is a URL.
      optionsNode = objectLiteral(facts.sourceCode, args[0]);
      if (!optionsNode && !looksLikeUrl(facts, args[0])) return unknown(call, client, label);
    }
    // `req.setTimeout(ms, ...)` on the request bounds it, whatever the options say.
    if (client === "http" && hasSetTimeout(call)) return ok(call, client, label);
    if (!optionsNode) {
      const last = args.at(-1);
      const lastIsCallback = last ? isFunctionNode(unwrap(last)) : false;
      insertAfter = lastIsCallback ? undefined : last;
    }
  } else {
    if (args.length > index) {
      optionsNode = args[index];
    } else {
      // `fetch(request)`: a Request object carries its own signal; we cannot tell.
      if (client === "fetch" && args[0] && !isAddress(facts, args[0])) return unknown(call, client, label);
      // `instance.post(url)`: axios takes its config after the data, and there is neither.
      if (client === "axios" && index === 2 && args.length === 1)
        return { call, client, label, status: "missing", options: undefined, insertOptionsAfter: undefined, property: undefined };
      if (args.length !== index) return unknown(call, client, label);
      insertAfter = args.at(-1);
    }
  }
  if (!optionsNode) {
    return { call, client, label, status: "missing", options: undefined, insertOptionsAfter: insertAfter, property: undefined };
  }
  const options = objectLiteral(facts.sourceCode, optionsNode) ?? builtOptions(facts.sourceCode, optionsNode);
  if (!options) {
    // Built by a function of the file from literals that name no bound (no one literal to add it to).
    if (builtWithoutBound(facts.sourceCode, optionsNode))
      return { call, client, label, status: "missing", options: undefined, insertOptionsAfter: undefined, property: undefined };
    return fromCaller(facts, call, client, label, optionsNode);
  }
  // `const init = { method }; init.signal = AbortSignal.timeout(5_000)`: the bound came after the literal.
  if (boundAfterLiteral(facts.sourceCode, optionsNode)) return unknown(call, client, label);
  // `{ ...this.defaultRequest, method }` with defaults the class shows in full: the spreads add no bound.
  const spreads = hasSpread(options) && !spreadsAddNoBound(facts.sourceCode, options);
  const signal = signalProperty(options, client);
  if (signal) {
    const path = memberPath(signal.value);
    const onlyCancellation = path !== undefined && (facts.requestSignals.includes(path) || CANCELLATION_SIGNAL.test(path));
    // `{ method, signal }` with the signal taken from the caller's options: the callers decide.
    const passed = onlyCancellation ? undefined : boundFromCaller(facts.sourceCode, options, signal);
    if (passed) return { ...unknown(call, client, label), options, property: signal, fromCaller: passed };
    return { call, client, label, status: onlyCancellation ? "cancellation-only" : "ok", options, insertOptionsAfter: undefined, property: signal };
  }
  const timeout = findProperty(options, "timeout");
  if (client === "fetch") {
    if (spreads) return fromCaller(facts, call, client, label, options);
    // node-fetch v2 honours `timeout` (v3 dropped it); the version is unknown here.
    if (timeout && facts.fetchModule === "node-fetch") return unknown(call, client, label);
    return { call, client, label, status: timeout ? "fetch-timeout-option" : "missing", options, insertOptionsAfter: undefined, property: timeout };
  }
  const bounded = timeoutIn(options, client);
  if (bounded === true) return ok(call, client, label);
  if (bounded === undefined && spreads) return fromCaller(facts, call, client, label, options);
  return { call, client, label, status: "missing", options, insertOptionsAfter: undefined, property: timeout };
}

export function looksLikeUrl(facts: ClientFacts, node: TSESTree.Node, depth = 0): boolean {
  const n = unwrap(node);
  if (depth > 4) return false;
  if (n.type === AST_NODE_TYPES.Literal || n.type === AST_NODE_TYPES.TemplateLiteral || n.type === AST_NODE_TYPES.BinaryExpression) return true;
  if (n.type === AST_NODE_TYPES.NewExpression) return calleeName(n) === "URL";
  if (n.type === AST_NODE_TYPES.CallExpression) return calleeName(n) === "toString" || calleeName(n) === "String";
  if (n.type === AST_NODE_TYPES.MemberExpression) return memberName(n) === "href" || /url/i.test(memberName(n) ?? "");
  if (n.type === AST_NODE_TYPES.Identifier) {
    if (/url|uri|endpoint|href/i.test(n.name) || declaredAsText(facts, n)) return true;
    const init = constInitializer(facts.sourceCode, n);
    return init ? looksLikeUrl(facts, init, depth + 1) : false;
  }
  return false;
}

/** Known to be an address, not a `Request`: written like one, typed as text, or a tool's input. */
function isAddress(facts: ClientFacts, node: TSESTree.Node): boolean {
  return looksLikeUrl(facts, node) || facts.isAddressText?.(node) === true || fromToolInput(facts, node);
}

/**
 * `fetch(fileSource)` with `fileSource` an argument of the tool (`async ({ fileSource }) => ...`,
 * `args.url`, or a `const` of one): the tool's input is decoded JSON, which holds no `Request`.
 */
function fromToolInput(facts: ClientFacts, node: TSESTree.Node, depth = 0): boolean {
  const inputs = facts.inputParams;
  if (!inputs || inputs.size === 0 || depth > 4) return false;
  const n = unwrap(node);
  const root = n.type === AST_NODE_TYPES.MemberExpression ? rootIdentifier(n) : n.type === AST_NODE_TYPES.Identifier ? n : undefined;
  const variable = root ? findVariable(facts.sourceCode, root) : undefined;
  const def = variable?.defs[0];
  if (!def) return false;
  if (def.type === DefinitionType.Parameter) return [...inputs].some((param) => isInside(def.name, param));
  const init = n.type === AST_NODE_TYPES.Identifier ? constInitializer(facts.sourceCode, n) : undefined;
  return init !== undefined && fromToolInput(facts, init, depth + 1);
}

/**
 * A parameter or variable declared as a string or a `URL` (`source: string`, `target: string |
 * URL`): an address, never a `Request` that may carry its own signal.
 */
function declaredAsText(facts: ClientFacts, identifier: TSESTree.Identifier): boolean {
  const declared = findVariable(facts.sourceCode, identifier)?.defs[0]?.name;
  const annotation = declared?.type === AST_NODE_TYPES.Identifier ? declared.typeAnnotation?.typeAnnotation : undefined;
  const isText = (type: TSESTree.TypeNode): boolean =>
    type.type === AST_NODE_TYPES.TSStringKeyword ||
    (type.type === AST_NODE_TYPES.TSTypeReference && type.typeName.type === AST_NODE_TYPES.Identifier && type.typeName.name === "URL") ||
    (type.type === AST_NODE_TYPES.TSUnionType && type.types.every(isText));
  return annotation !== undefined && isText(annotation);
}

/** `http.get(...).setTimeout(...)` or `req.setTimeout(...)` / `req.on("timeout")` on the result. */
function hasSetTimeout(call: TSESTree.CallExpression): boolean {
  const parent = call.parent;
  if (parent.type === AST_NODE_TYPES.MemberExpression && memberName(parent) === "setTimeout") return true;
  if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier) {
    const scopeNode = parent.parent.parent;
    const text = scopeNode.type === AST_NODE_TYPES.BlockStatement || scopeNode.type === AST_NODE_TYPES.Program ? scopeNode : undefined;
    const name = parent.id.name;
    return text !== undefined && text.body.some((s) => statementCallsSetTimeoutOn(s, name));
  }
  return false;
}

function statementCallsSetTimeoutOn(statement: TSESTree.Statement, name: string): boolean {
  if (statement.type !== AST_NODE_TYPES.ExpressionStatement) return false;
  const e = unwrap(statement.expression);
  if (e.type !== AST_NODE_TYPES.CallExpression) return false;
  const path = memberPath(e.callee);
  if (path === `${name}.setTimeout`) return true;
  const event = e.arguments[0];
  return (path === `${name}.on` || path === `${name}.once`) && event !== undefined && staticString(event) === "timeout";
}
