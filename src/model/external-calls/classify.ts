/**
 * Recognises calls that leave the process (fetch and its packages, axios and got with their
 * instances, node's http(s), child_process, execa) and reads whether each is bounded by a
 * timeout: from its options, its instance's defaults, or a timer set on its request.
 */
import { AST_NODE_TYPES, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import {
  calleeName,
  constInitializer,
  findProperty,
  findVariable,
  hasSpread,
  isFunctionNode,
  memberName,
  memberPath,
  staticString,
  thisPropertyInitializer,
  unwrap,
} from "../../util/ast.js";
import { objectLiteral } from "../payload.js";
import type { ClientKind, ExternalCall, Instance, PassThrough } from "../types.js";

const DefinitionType = TSESLint.Scope.DefinitionType;

type SourceCode = Readonly<TSESLint.SourceCode>;

const FETCH_MODULES = new Set(["node-fetch", "undici", "cross-fetch", "isomorphic-fetch", "make-fetch-happen"]);

const CHILD_PROCESS = new Set(["child_process", "node:child_process"]);

const HTTP = new Set(["http", "https", "node:http", "node:https"]);

const CHILD_METHODS = new Set(["exec", "execFile", "spawn", "execSync", "execFileSync", "spawnSync", "fork"]);

const AXIOS_URL_CONFIG = new Set(["get", "delete", "head", "options"]);

const AXIOS_URL_DATA_CONFIG = new Set(["post", "put", "patch", "postForm", "putForm", "patchForm"]);

const GOT_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "stream", "paginate"]);

const EXECA = new Set(["execa", "execaSync", "execaCommand", "execaCommandSync", "execaNode"]);

/** Request-signal shapes that give cancellation only. */
const CANCELLATION_SIGNAL = /^(extra|ctx|context|requestExtra|toolCtx)\.(signal|mcpReq\.signal)$|\.mcpReq\.signal$|^this\.abortSignal$/;

export interface ClientFacts {
  readonly sourceCode: SourceCode;
  readonly importedFrom: ReadonlyMap<string, string>;
  /** Source text of the request signals in scope of the call's handler. */
  readonly requestSignals: readonly string[];
  readonly customClients: ReadonlySet<string>;
  /** The module `fetch` was imported from, when it was. */
  readonly fetchModule?: string;
  /** HTTP client instances imported from other files, by local name (typed analysis). */
  readonly importedInstances?: ReadonlyMap<string, Instance>;
  /** Functions that hand one of their parameters to a client as its options, by local name. */
  readonly passThrough?: ReadonlyMap<string, PassThrough>;
}

/** The instance a `const` declared in this file holds (for the program index). */
export function instanceDeclaredAs(sourceCode: SourceCode, importedFrom: ReadonlyMap<string, string>, id: TSESTree.Identifier): Instance | undefined {
  return instanceOf({ sourceCode, importedFrom, requestSignals: [], customClients: new Set() }, id);
}

/** Where a local name comes from: `axios`, `child_process#exec`, or undefined. */
function importOf(facts: ClientFacts, identifier: TSESTree.Identifier, depth = 0): string | undefined {
  const direct = facts.importedFrom.get(identifier.name);
  const variable = findVariable(facts.sourceCode, identifier);
  const def = variable?.defs[0];
  if (direct !== undefined && def && (def.type === DefinitionType.ImportBinding || def.type === DefinitionType.Variable)) {
    if (def.type === DefinitionType.ImportBinding || isRequireCall(def.node.init)) return direct;
  }
  if (depth > 2 || !def || def.type !== DefinitionType.Variable || !def.node.init) return undefined;
  const init = unwrap(def.node.init);
  // `const execAsync = promisify(exec)` / `util.promisify(cp.execFile)`.
  if (init.type === AST_NODE_TYPES.CallExpression && calleeName(init) === "promisify" && init.arguments[0]) {
    const target = unwrap(init.arguments[0]);
    if (target.type === AST_NODE_TYPES.Identifier) return importOf(facts, target, depth + 1);
    if (target.type === AST_NODE_TYPES.MemberExpression && target.object.type === AST_NODE_TYPES.Identifier) {
      const module = importOf(facts, target.object, depth + 1);
      const name = memberName(target);
      return module !== undefined && name !== undefined ? `${module}#${name}` : undefined;
    }
  }
  return undefined;
}

export function isRequireCall(node: TSESTree.Node | null | undefined): boolean {
  const n = node ? unwrap(node) : undefined;
  return n?.type === AST_NODE_TYPES.CallExpression && n.callee.type === AST_NODE_TYPES.Identifier && n.callee.name === "require";
}

function splitImport(source: string): [string, string | undefined] {
  const index = source.indexOf("#");
  return index === -1 ? [source, undefined] : [source.slice(0, index), source.slice(index + 1)];
}

function instanceOf(facts: ClientFacts, reference: TSESTree.Identifier | TSESTree.MemberExpression): Instance | undefined {
  const init = reference.type === AST_NODE_TYPES.Identifier ? constInitializer(facts.sourceCode, reference) : thisPropertyInitializer(reference);
  if (init?.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrap(init.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.object.type !== AST_NODE_TYPES.Identifier) return undefined;
  const module = importOf(facts, callee.object);
  const method = memberName(callee);
  let client: "axios" | "got" | undefined;
  if (module === "axios" && method === "create") client = "axios";
  if (module === "got" && method === "extend") client = "got";
  if (!client) return undefined;
  const config = init.arguments[0] ? objectLiteral(facts.sourceCode, init.arguments[0]) : undefined;
  let hasTimeout: boolean | undefined = false;
  if (init.arguments[0] && !config) hasTimeout = undefined;
  if (config) hasTimeout = timeoutIn(config, client) ?? (hasSpread(config) ? undefined : false);
  return { client, hasTimeout };
}

/** Whether an options object bounds the call: a non-zero `timeout` or any `signal`. */
function timeoutIn(options: TSESTree.ObjectExpression, client: ClientKind): boolean | undefined {
  const timeout = findProperty(options, "timeout");
  if (timeout) {
    const value = unwrap(timeout.value);
    if (value.type === AST_NODE_TYPES.Literal && value.value === 0) return false;
    return true;
  }
  if (findProperty(options, "signal") || (client === "execa" && findProperty(options, "cancelSignal"))) return true;
  return undefined;
}

/** Recognises an external call, or undefined when the call is not one we know. */
export function classifyCall(clientFacts: ClientFacts, call: TSESTree.CallExpression, fileDefaults: ReadonlySet<string>): ExternalCall | undefined {
  let facts = clientFacts;
  const callee = unwrap(call.callee);
  let client: ClientKind | undefined;
  let label = "";
  let optionsIndex: number | "object" = 1;

  if (callee.type === AST_NODE_TYPES.Identifier) {
    const source = importOf(facts, callee);
    const [module, named] = source ? splitImport(source) : [undefined, undefined];
    if (callee.name === "fetch" && (source === undefined ? !findVariable(facts.sourceCode, callee) : FETCH_MODULES.has(module ?? ""))) {
      client = "fetch";
      label = "fetch";
      if (module === "node-fetch") facts = { ...facts, fetchModule: module };
    } else if ((module === "axios" || module === "got") && named === undefined) {
      client = module;
      label = module;
      // `axios(config)` / `got(options)` vs `axios(url[, config])` / `got(url[, options])`.
      const first = call.arguments[0];
      if (call.arguments.length === 1 && first) {
        if (objectLiteral(facts.sourceCode, first)) optionsIndex = 0;
        else if (!looksLikeUrl(facts, first)) return unknown(call, client, label);
      }
    } else if (module !== undefined && CHILD_PROCESS.has(module) && named !== undefined && CHILD_METHODS.has(named)) {
      client = "child_process";
      label = named;
      optionsIndex = "object";
    } else if (module === "execa" && named !== undefined && EXECA.has(named)) {
      client = "execa";
      label = named;
      optionsIndex = "object";
    } else if (module !== undefined && HTTP.has(module) && (named === "request" || named === "get")) {
      client = "http";
      label = `${module.replace("node:", "")}.${named}`;
      optionsIndex = "object";
    } else if (facts.customClients.has(callee.name)) {
      client = "custom";
      label = callee.name;
      optionsIndex = "object";
    } else {
      const passThrough = facts.passThrough?.get(callee.name);
      if (passThrough) {
        client = passThrough.client;
        label = callee.name;
        optionsIndex = passThrough.index;
      }
    }
  } else if (callee.type === AST_NODE_TYPES.MemberExpression) {
    const method = memberName(callee);
    const object = unwrap(callee.object);
    const path = memberPath(callee);
    if (method === undefined) return undefined;
    if ((path === "globalThis.fetch" || path === "window.fetch") && method === "fetch") {
      client = "fetch";
      label = "fetch";
    } else if (
      object.type === AST_NODE_TYPES.Identifier ||
      (object.type === AST_NODE_TYPES.MemberExpression && object.object.type === AST_NODE_TYPES.ThisExpression)
    ) {
      const source = object.type === AST_NODE_TYPES.Identifier ? importOf(facts, object) : undefined;
      const [module] = source ? splitImport(source) : [undefined];
      const instance =
        source === undefined
          ? instanceOf(facts, object)
          : object.type === AST_NODE_TYPES.Identifier
            ? facts.importedInstances?.get(object.name)
            : undefined;
      const objectName = memberPath(object) ?? "client";
      if (module === "axios" || instance?.client === "axios") {
        if (AXIOS_URL_CONFIG.has(method)) optionsIndex = 1;
        else if (AXIOS_URL_DATA_CONFIG.has(method)) optionsIndex = 2;
        else if (method === "request") optionsIndex = 0;
        else return undefined;
        client = "axios";
        label = `${objectName}.${method}`;
        if (instance?.hasTimeout === true) return ok(call, client, label);
        if (instance && instance.hasTimeout === undefined) return unknown(call, client, label);
        if (fileDefaults.has(objectName)) return ok(call, client, label);
      } else if (module === "got" || instance?.client === "got") {
        if (!GOT_METHODS.has(method)) return undefined;
        client = "got";
        label = `${objectName}.${method}`;
        if (instance?.hasTimeout === true) return ok(call, client, label);
        if (instance && instance.hasTimeout === undefined) return unknown(call, client, label);
      } else if (module !== undefined && CHILD_PROCESS.has(module) && CHILD_METHODS.has(method)) {
        client = "child_process";
        label = method;
        optionsIndex = "object";
      } else if (module !== undefined && HTTP.has(module) && (method === "request" || method === "get")) {
        client = "http";
        label = `${objectName}.${method}`;
        optionsIndex = "object";
      } else if (facts.customClients.has(`${objectName}.${method}`)) {
        client = "custom";
        label = `${objectName}.${method}`;
        optionsIndex = "object";
      }
    }
  }
  if (!client) return undefined;
  // `spawn(...).unref()`: a process left to run on its own; nothing waits for it, so no timeout is owed.
  if (client === "child_process" && isDetached(facts.sourceCode, call)) return undefined;
  if (client === "axios" && fileDefaults.has("axios") && callee.type !== AST_NODE_TYPES.MemberExpression) return ok(call, client, label);
  if (client === "axios" && fileDefaults.has("axios") && callee.type === AST_NODE_TYPES.MemberExpression) {
    const object = unwrap(callee.object);
    if (object.type === AST_NODE_TYPES.Identifier && importOf(facts, object) === "axios") return ok(call, client, label);
  }
  return readOptions(facts, call, client, label, optionsIndex);
}

function ok(call: TSESTree.CallExpression, client: ClientKind, label: string): ExternalCall {
  return { call, client, label, status: "ok", options: undefined, insertOptionsAfter: undefined, property: undefined };
}

function unknown(call: TSESTree.CallExpression, client: ClientKind, label: string): ExternalCall {
  return { call, client, label, status: "unknown", options: undefined, insertOptionsAfter: undefined, property: undefined };
}

function readOptions(facts: ClientFacts, call: TSESTree.CallExpression, client: ClientKind, label: string, index: number | "object"): ExternalCall {
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
        // An array of arguments or a callback is not the options; anything else might be.
        if (!init || (init.type !== AST_NODE_TYPES.ArrayExpression && !isFunctionNode(init))) return unknown(call, client, label);
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
      if (client === "fetch" && args[0] && !looksLikeUrl(facts, args[0])) return unknown(call, client, label);
      if (args.length !== index) return unknown(call, client, label);
      insertAfter = args.at(-1);
    }
  }
  if (!optionsNode) {
    return { call, client, label, status: "missing", options: undefined, insertOptionsAfter: insertAfter, property: undefined };
  }
  const options = objectLiteral(facts.sourceCode, optionsNode);
  if (!options) return unknown(call, client, label);
  const signal = findProperty(options, "signal") ?? (client === "execa" ? findProperty(options, "cancelSignal") : undefined);
  if (signal) {
    const path = memberPath(signal.value);
    const onlyCancellation = path !== undefined && (facts.requestSignals.includes(path) || CANCELLATION_SIGNAL.test(path));
    return { call, client, label, status: onlyCancellation ? "cancellation-only" : "ok", options, insertOptionsAfter: undefined, property: signal };
  }
  const timeout = findProperty(options, "timeout");
  if (client === "fetch") {
    if (hasSpread(options)) return unknown(call, client, label);
    // node-fetch v2 honours `timeout` (v3 dropped it); the version is unknown here.
    if (timeout && facts.fetchModule === "node-fetch") return unknown(call, client, label);
    return { call, client, label, status: timeout ? "fetch-timeout-option" : "missing", options, insertOptionsAfter: undefined, property: timeout };
  }
  const bounded = timeoutIn(options, client);
  if (bounded === true) return ok(call, client, label);
  if (bounded === undefined && hasSpread(options)) return unknown(call, client, label);
  return { call, client, label, status: "missing", options, insertOptionsAfter: undefined, property: timeout };
}

function looksLikeUrl(facts: ClientFacts, node: TSESTree.Node): boolean {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Literal || n.type === AST_NODE_TYPES.TemplateLiteral || n.type === AST_NODE_TYPES.BinaryExpression) return true;
  if (n.type === AST_NODE_TYPES.NewExpression) return calleeName(n) === "URL";
  if (n.type === AST_NODE_TYPES.CallExpression) return calleeName(n) === "toString" || calleeName(n) === "String";
  if (n.type === AST_NODE_TYPES.MemberExpression) return memberName(n) === "href" || /url/i.test(memberName(n) ?? "");
  if (n.type === AST_NODE_TYPES.Identifier) {
    if (/url|uri|endpoint|href/i.test(n.name)) return true;
    const init = constInitializer(facts.sourceCode, n);
    return init ? looksLikeUrl(facts, init) : false;
  }
  return false;
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

/** `spawn(...).unref()`, or `const child = spawn(...); child.unref()`: the caller lets the process go. */
function isDetached(sourceCode: SourceCode, call: TSESTree.CallExpression): boolean {
  const unrefs = (node: TSESTree.Node): boolean => {
    const parent = node.parent;
    return (
      parent?.type === AST_NODE_TYPES.MemberExpression &&
      parent.object === node &&
      memberName(parent) === "unref" &&
      parent.parent.type === AST_NODE_TYPES.CallExpression
    );
  };
  if (unrefs(call)) return true;
  const declarator = call.parent;
  if (declarator.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id.type !== AST_NODE_TYPES.Identifier || declarator.init !== call) return false;
  return findVariable(sourceCode, declarator.id)?.references.some((reference) => unrefs(reference.identifier)) ?? false;
}
