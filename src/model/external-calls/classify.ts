/**
 * Recognises calls that leave the process (fetch and its packages, axios and got with their
 * instances, node's http(s), child_process, execa) and reads whether each is bounded by a
 * timeout: from its options, its instance's defaults, or a timer set on its request.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  calleeName,
  constInitializer,
  enclosingFunction,
  findVariable,
  forEachChild,
  functionName,
  hasSpread,
  isFunctionNode,
  memberName,
  memberPath,
  objectLiteral,
  someOwnNode,
  thisPropertyInitializer,
  unwrap,
} from "../../util/ast.js";
import { optionsFromCaller } from "./callers.js";
import type { ClientKind, ExternalCall, Instance } from "../types.js";
import { type ClientFacts, importOf, splitImport } from "./facts.js";
import { generatedCall, generatedClientOf } from "./generated.js";
import { looksLikeUrl, ok, readOptions, timeoutIn, unknown } from "./options.js";

export { type ClientFacts, isRequireCall } from "./facts.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

const FETCH_MODULES = new Set(["node-fetch", "undici", "cross-fetch", "isomorphic-fetch", "make-fetch-happen"]);

const CHILD_PROCESS = new Set(["child_process", "node:child_process"]);

const HTTP = new Set(["http", "https", "node:http", "node:https"]);

const CHILD_METHODS = new Set(["exec", "execFile", "spawn", "execSync", "execFileSync", "spawnSync", "fork"]);

const AXIOS_URL_CONFIG = new Set(["get", "delete", "head", "options"]);

const AXIOS_URL_DATA_CONFIG = new Set(["post", "put", "patch", "postForm", "putForm", "patchForm"]);

const GOT_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "stream", "paginate"]);

const EXECA = new Set(["execa", "execaSync", "execaCommand", "execaCommandSync", "execaNode"]);

/** The Vercel AI SDK's calls of a model, each taking one options object. */
const AI_SDK_CALLS = new Set(["generateText", "streamText", "generateObject", "streamObject", "embed", "embedMany"]);

/** Packages whose named calls leave the process, and where each call's options are. */
const PACKAGE_CALLS: ReadonlyMap<string, { readonly client: ClientKind; readonly calls: ReadonlySet<string>; readonly index: number | "object" }> =
  new Map([
    ["execa", { client: "execa", calls: EXECA, index: "object" }],
    ["ai", { client: "ai", calls: AI_SDK_CALLS, index: 0 }],
  ]);

/** The instance a `const` declared in this file holds (for the program index). */
export function instanceDeclaredAs(sourceCode: SourceCode, importedFrom: ReadonlyMap<string, string>, id: TSESTree.Identifier): Instance | undefined {
  return instanceOf({ sourceCode, importedFrom, requestSignals: [], customClients: new Set() }, id);
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
/** Recognises an external call, or undefined when the call is not one we know. */
export function classifyCall(clientFacts: ClientFacts, call: TSESTree.CallExpression, fileDefaults: ReadonlySet<string>): ExternalCall | undefined {
  let facts = clientFacts;
  const callee = unwrap(call.callee);
  let client: ClientKind | undefined;
  let label = "";
  let optionsIndex: number | "object" = 1;

  if (facts.typedFetch) {
    client = "fetch";
    label = "fetch";
  } else if (callee.type === AST_NODE_TYPES.Identifier) {
    const source = importOf(facts, callee);
    const [module, named] = source ? splitImport(source) : [undefined, undefined];
    const packaged = packageCall(module, named);
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
        // `(config) => axios(config)`: the config its callers pass, judged at them (a URL they pass is unknown).
        if (objectLiteral(facts.sourceCode, first) || (!looksLikeUrl(facts, first) && optionsFromCaller(facts.sourceCode, first))) optionsIndex = 0;
        else if (!looksLikeUrl(facts, first)) return unknown(call, client, label);
      }
    } else if (module !== undefined && CHILD_PROCESS.has(module) && named !== undefined && CHILD_METHODS.has(named)) {
      client = "child_process";
      label = named;
      optionsIndex = "object";
    } else if (packaged) {
      ({ client, index: optionsIndex, label } = packaged);
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
      if (passThrough && passThrough.wraps === undefined) {
        client = passThrough.client;
        label = callee.name;
        optionsIndex = passThrough.index;
      }
    }
  } else if (callee.type === AST_NODE_TYPES.MemberExpression) {
    const method = memberName(callee);
    const written = unwrap(callee.object);
    const object = namespaceDefault(facts, written) ?? written;
    const path = memberPath(callee);
    const generated = object.type === AST_NODE_TYPES.Identifier ? generatedClientOf(facts, object) : undefined;
    if (generated && object.type === AST_NODE_TYPES.Identifier) return generatedCall(facts, call, generated, object.name, method);
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
      const objectName = memberPath(written) ?? "client";
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
  if (client === "child_process" && isKilledByTimer(facts.sourceCode, call)) return ok(call, client, label);
  if (underPromiseDeadline(facts.sourceCode, call)) return ok(call, client, label);
  // `fetch(dataUrl)`: the bytes are in the address; nothing goes over the network that could hang.
  if (client === "fetch" && call.arguments[0] && isInlineAddress(facts.sourceCode, call.arguments[0])) return undefined;
  if (client === "axios" && fileDefaults.has("axios") && callee.type !== AST_NODE_TYPES.MemberExpression) return ok(call, client, label);
  if (client === "axios" && fileDefaults.has("axios") && callee.type === AST_NODE_TYPES.MemberExpression) {
    const object = unwrap(callee.object);
    if (object.type === AST_NODE_TYPES.Identifier && importOf(facts, object) === "axios") return ok(call, client, label);
  }
  return readOptions(facts, call, client, label, optionsIndex);
}
/** A `data:` or `blob:` address, `URL.createObjectURL(...)`, or, when its value is not in the file, an address named so (`dataUrl`, `blobURL`). */
function isInlineAddress(sourceCode: SourceCode, node: TSESTree.Node, depth = 0): boolean {
  const n = unwrap(node);
  if (depth > 4) return false;
  if (n.type === AST_NODE_TYPES.Literal) return typeof n.value === "string" && INLINE_SCHEME.test(n.value);
  if (n.type === AST_NODE_TYPES.TemplateLiteral) return INLINE_SCHEME.test(n.quasis[0]?.value.cooked ?? "");
  if (n.type === AST_NODE_TYPES.CallExpression) return n.callee.type === AST_NODE_TYPES.MemberExpression && memberPath(n.callee) === "URL.createObjectURL";
  if (n.type === AST_NODE_TYPES.Identifier) {
    // The value decides when the file shows it (`const dataUrl = \`${API}/data.json\`` is an endpoint); else the name.
    const init = constInitializer(sourceCode, n);
    return init === undefined ? INLINE_NAME.test(n.name) : isInlineAddress(sourceCode, init, depth + 1);
  }
  return false;
}
const INLINE_SCHEME = /^(?:data|blob):/iu;
const INLINE_NAME = /^(?:data|blob|object)ur[il]$/iu;

/**
 * `const child = spawn(...)` and `setTimeout(() => child.kill(), ms)`: a timer ends the process, as
 * a `timeout` option would.
 */
function isKilledByTimer(sourceCode: SourceCode, call: TSESTree.CallExpression): boolean {
  const declarator = call.parent;
  if (declarator.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id.type !== AST_NODE_TYPES.Identifier || declarator.init !== call) return false;
  return (
    findVariable(sourceCode, declarator.id)?.references.some((reference) => {
      const member = reference.identifier.parent;
      if (member.type !== AST_NODE_TYPES.MemberExpression || member.object !== reference.identifier || memberName(member) !== "kill") return false;
      if (member.parent.type !== AST_NODE_TYPES.CallExpression || member.parent.callee !== member) return false;
      const callback = enclosingFunction(member);
      const timer = callback?.parent;
      return timer?.type === AST_NODE_TYPES.CallExpression && timer.arguments[0] === callback && calleeName(timer) === "setTimeout";
    }) ?? false
  );
}

/**
 * A call made in the executor of a promise that a timer of the executor rejects (`new
 * Promise((resolve, reject) => { const timer = setTimeout(() => reject(new Error("...")), ms);
 * this.child = spawn(...) })`): the caller's wait has a deadline, as a `timeout` option would give.
 */
function underPromiseDeadline(sourceCode: SourceCode, call: TSESTree.CallExpression): boolean {
  for (let fn = enclosingFunction(call); fn; fn = enclosingFunction(fn)) {
    const promise = fn.parent;
    if (promise.type !== AST_NODE_TYPES.NewExpression || promise.arguments[0] !== fn) continue;
    const reject = fn.params[1];
    if (calleeName(promise) !== "Promise" || reject?.type !== AST_NODE_TYPES.Identifier) return false;
    const rejects = (node: TSESTree.Node): boolean =>
      node.type === AST_NODE_TYPES.CallExpression && unwrap(node.callee).type === AST_NODE_TYPES.Identifier && calleeName(node) === reject.name;
    return someOwnNode(sourceCode, fn.body, (node) => {
      if (node.type !== AST_NODE_TYPES.CallExpression || calleeName(node) !== "setTimeout") return false;
      const callback = node.arguments[0];
      return callback !== undefined && isFunctionNode(callback) && someOwnNode(sourceCode, callback, rejects);
    });
  }
  return false;
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
  const letGo = (value: TSESTree.Node): boolean => {
    if (unrefs(value)) return true;
    const declarator = value.parent;
    if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id.type !== AST_NODE_TYPES.Identifier || declarator.init !== value)
      return false;
    return findVariable(sourceCode, declarator.id)?.references.some((reference) => unrefs(reference.identifier)) ?? false;
  };
  if (letGo(call)) return true;
  // `return spawn(...)` from a helper of the file (`spawnHelper(...)`) whose every call lets the process go.
  const fn = call.parent.type === AST_NODE_TYPES.ReturnStatement ? enclosingFunction(call) : undefined;
  const name = fn ? functionName(fn) : undefined;
  if (!name) return false;
  const calls = callsNamed(sourceCode, name).filter((each) => each !== call);
  return calls.length > 0 && calls.every((each) => letGo(valueOf(each)));
}

/** The calls of each file by the name they call, gathered on first ask (a file may return many spawns). */
const CALLS_BY_NAME = new WeakMap<TSESTree.Program, Map<string, TSESTree.CallExpression[]>>();

/** The calls of the file to a function or method named `name` (`spawnHelper(...)`, `this.spawnHelper(...)`). */
function callsNamed(sourceCode: SourceCode, name: string): readonly TSESTree.CallExpression[] {
  let byName = CALLS_BY_NAME.get(sourceCode.ast);
  if (!byName) {
    const found = new Map<string, TSESTree.CallExpression[]>();
    const visit = (node: TSESTree.Node): void => {
      if (node.type === AST_NODE_TYPES.CallExpression) {
        const callee = unwrap(node.callee);
        const named =
          callee.type === AST_NODE_TYPES.Identifier ? callee.name : callee.type === AST_NODE_TYPES.MemberExpression ? memberName(callee) : undefined;
        const list = named === undefined ? undefined : found.get(named);
        if (list) list.push(node);
        else if (named !== undefined) found.set(named, [node]);
      }
      forEachChild(node, sourceCode.visitorKeys, visit);
    };
    visit(sourceCode.ast);
    CALLS_BY_NAME.set(sourceCode.ast, (byName = found));
  }
  return byName.get(name) ?? [];
}

/** What holds a call's value: `await call(...)` where it is awaited, the call otherwise. */
function valueOf(node: TSESTree.Node): TSESTree.Node {
  return node.parent?.type === AST_NODE_TYPES.AwaitExpression ? node.parent : node;
}

/** `requests.default` of `import * as requests from "axios"`: the module's default export, read as `requests` itself. */
function namespaceDefault(facts: ClientFacts, object: TSESTree.Node): TSESTree.Identifier | undefined {
  if (object.type !== AST_NODE_TYPES.MemberExpression || object.computed || memberName(object) !== "default") return undefined;
  return object.object.type === AST_NODE_TYPES.Identifier && importOf(facts, object.object) !== undefined ? object.object : undefined;
}

/** `execa(...)` of `execa`, `generateText(...)` of `ai`: the client, where its options are, and the label. */
function packageCall(
  module: string | undefined,
  named: string | undefined,
): { readonly client: ClientKind; readonly index: number | "object"; readonly label: string } | undefined {
  const known = module === undefined ? undefined : PACKAGE_CALLS.get(module);
  return known && named !== undefined && known.calls.has(named) ? { client: known.client, index: known.index, label: named } : undefined;
}
