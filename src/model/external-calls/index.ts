/**
 * Calls that leave the process (HTTP clients, child processes) and whether they are bounded by a
 * timeout: `classify.ts` recognises the clients and reads their options, `guards.ts` what bounds
 * a call from outside. Read by `require-timeout`, the other rules (through `model.externalCall`)
 * and the program index.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  enclosingFunction,
  findVariable,
  isFunctionNode,
  memberName,
  functionName,
  recordImport,
  recordRequireBinding,
  resolveFunction,
  staticString,
  unwrap,
} from "../../util/ast.js";
import type { CallerOptions, ExternalCall, GeneratedClientFact, Instance, PassThrough, TypeOracle } from "../types.js";
import { boundByCallers } from "./callers.js";
import { mayLeaveProcess, promisifiedNames } from "./candidates.js";
import { classifyCall, isRequireCall } from "./classify.js";
import { collectDefaultTimeouts, isGuarded, passThroughOf } from "./guards.js";
import { isWrappedFetch } from "./wrapped-fetch.js";

export { mayLeaveProcess, promisifiedNames } from "./candidates.js";
export { type ClientFacts, classifyCall, instanceDeclaredAs } from "./classify.js";
export { importOf, splitImport } from "./facts.js";
export { collectDefaultTimeouts, isGuarded, passThroughOf } from "./guards.js";
export { fetchWrapperOf } from "./wrapped-fetch.js";
export { generatedClientReturnedBy } from "./generated.js";
export { callerOptions } from "./callers.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * The import map of a file the MCP model skipped (no MCP evidence): top-level imports and
 * `require` bindings, for `scope: "everywhere"`.
 */
export function collectImports(program: TSESTree.Program): Map<string, string> {
  const map = new Map<string, string>();
  for (const statement of program.body) {
    if (statement.type === AST_NODE_TYPES.ImportDeclaration) {
      recordImport(statement, map);
    } else if (statement.type === AST_NODE_TYPES.VariableDeclaration) {
      for (const declarator of statement.declarations) {
        const init = declarator.init ? unwrap(declarator.init) : undefined;
        if (init?.type !== AST_NODE_TYPES.CallExpression || !isRequireCall(init) || !init.arguments[0]) continue;
        const source = staticString(init.arguments[0]);
        if (source !== undefined) recordRequireBinding(declarator.id, source, map);
      }
    }
  }
  return map;
}

/** What the project says about its own clients and guards (`settings["mcp-errors"]`, shared by every rule). */
export interface CallSettings {
  /** More functions that leave the process (`callApi`, `client.request`). */
  readonly clients: ReadonlySet<string>;
  /** Functions that bound what they wrap, beyond names that say timeout or deadline. */
  readonly wrappers: ReadonlySet<string>;
}

export const NO_CALL_SETTINGS: CallSettings = { clients: new Set(), wrappers: new Set() };

/** What the reader needs to know about the file. */
export interface CallReading {
  readonly sourceCode: SourceCode;
  readonly calls: readonly TSESTree.CallExpression[];
  readonly importedFrom: ReadonlyMap<string, string>;
  readonly importedInstances: ReadonlyMap<string, Instance>;
  /** Functions of other files that return a client generated from an OpenAPI description. */
  readonly importedGeneratedFactories: ReadonlyMap<string, GeneratedClientFact>;
  /** Functions of other files that hand a parameter to a client as its options. */
  readonly importedPassThrough: ReadonlyMap<string, PassThrough>;
  readonly settings: CallSettings;
  /** The request signals of the handlers whose path runs through a call (a signal forwarded alone is no timeout). */
  readonly signalsAt: (call: TSESTree.CallExpression) => readonly string[];
  /** Functions a guard cannot reach past (the tool handlers). */
  readonly boundaries: ReadonlySet<TSESTree.Node>;
  /** The parameters that receive the tools' input arguments. */
  readonly inputParams?: ReadonlySet<TSESTree.Node>;
  /** What the calls of a function pass it (this file's calls, and those on tool paths in other files). */
  readonly callersOf: (fn: FunctionNode) => readonly CallerOptions[];
  /** What the checker can tell (a value typed as `fetch`); nothing without types. */
  readonly types?: TypeOracle;
}

/**
 * The one answer to "does this call leave the process, and is it bounded?", for every rule and
 * the inventory: the client and how its options bound it, calls of same-file and imported
 * functions that pass their options to a client, and guards around the call (`Promise.race`, a
 * wrapper named for a timeout). Memoized per call; the file-wide facts are read on first use.
 */
export function externalCallReader(reading: CallReading): (call: TSESTree.CallExpression) => ExternalCall | undefined {
  const { sourceCode, calls, importedFrom, settings } = reading;
  let promisified: Set<string> | undefined;
  let defaults: Set<string> | undefined;
  let local: Map<string, { fn: FunctionNode; passThrough: PassThrough }> | undefined;
  const cache = new Map<TSESTree.CallExpression, ExternalCall | undefined>();
  const passing = new Map<FunctionNode, boolean>();
  const passesOn = (fn: FunctionNode): boolean => {
    let answer = passing.get(fn);
    if (answer === undefined) passing.set(fn, (answer = passThroughOf(sourceCode, importedFrom, fn) !== undefined));
    return answer;
  };
  const classify = (call: TSESTree.CallExpression, passThrough: ReadonlyMap<string, PassThrough>, typedFetch = false): ExternalCall | undefined => {
    defaults ??= collectDefaultTimeouts(sourceCode.ast);
    const facts = {
      sourceCode,
      importedFrom,
      requestSignals: reading.signalsAt(call),
      customClients: settings.clients,
      importedInstances: reading.importedInstances,
      generatedFactories: reading.importedGeneratedFactories,
      passThrough,
      typedFetch,
      isAddressText: reading.types ? (node: TSESTree.Node) => reading.types?.isAddressText(sourceCode, node) === true : undefined,
      inputParams: reading.inputParams,
    };
    let external = classifyCall(facts, call, defaults);
    // Options from a parameter: unbounded when no caller passes a bound in it. A function that
    // only passes its parameter on is checked at its calls instead (they are the client's calls).
    const origin = external?.fromCaller;
    if (external && origin && !passesOn(origin.fn)) {
      const status = boundByCallers(reading.callersOf(origin.fn), origin.index, origin.field);
      if (status !== "unknown") external = { ...external, status };
    }
    if (!external || external.status === "ok" || external.status === "unknown") return external;
    return isGuarded(call, settings.wrappers, reading.boundaries) ? { ...external, status: "ok" } : external;
  };
  return (call) => {
    if (cache.has(call)) return cache.get(call);
    promisified ??= promisifiedNames(calls);
    const callee = call.callee;
    let external: ExternalCall | undefined;
    // A call of a function listed in `wrappers` is bounded by it.
    const listed = callee.type === AST_NODE_TYPES.Identifier && settings.wrappers.has(callee.name);
    if (!listed && mayLeaveProcess(call, importedFrom, settings.clients, promisified)) external = classify(call, reading.importedPassThrough);
    // `const doFetch = obtainFetch(); doFetch(url)`, or `this.fetch(url)` on a field set from a
    // constructor parameter (a client method by its name, else): a value the checker types as `fetch`.
    if (!listed && !external) {
      if (mayHoldFetch(sourceCode, callee) && reading.types?.isFetchFunction(sourceCode, callee)) {
        external = classify(call, reading.importedPassThrough, true);
      } else if (callee.type === AST_NODE_TYPES.Identifier) {
        // `run(file, args, { encoding })` where a same-file `run` hands its options to `execFileSync`.
        local ??= localPassThroughs(reading, promisified);
        const found = local.get(callee.name);
        if (found && resolveFunction(sourceCode, callee) === found.fn) external = classify(call, new Map([[callee.name, found.passThrough]]));
      }
    }
    // `let fetch = wrapWithAuthRetry(nodeFetch, config)`: fetch, through a wrapper that hands the options on.
    if (!external && callee.type === AST_NODE_TYPES.Identifier && isWrappedFetch(sourceCode, importedFrom, reading.importedPassThrough, callee)) {
      external = classify(call, reading.importedPassThrough, true);
    }
    cache.set(call, external);
    return external;
  };
}

/**
 * A callee that may hold `fetch` under another name: a variable or parameter of the file
 * (`doFetch`, `fetchImpl`) or a `this.` member named for fetch. Only those are worth a question
 * to the checker.
 */
function mayHoldFetch(sourceCode: SourceCode, callee: TSESTree.Node): boolean {
  if (callee.type === AST_NODE_TYPES.MemberExpression) {
    return callee.object.type === AST_NODE_TYPES.ThisExpression && /fetch/i.test(memberName(callee) ?? "");
  }
  if (callee.type !== AST_NODE_TYPES.Identifier) return false;
  const def = findVariable(sourceCode, callee)?.defs[0];
  return def?.type === DefinitionType.Parameter || (def?.type === DefinitionType.Variable && !isFunctionNode(def.node.init));
}

/**
 * Same-file functions that hand a parameter to a client (`run(file, args, options)`), by name:
 * only a function that makes such a call can be one, and most files have none.
 */
function localPassThroughs(reading: CallReading, promisified: ReadonlySet<string>): Map<string, { fn: FunctionNode; passThrough: PassThrough }> {
  const found = new Map<string, { fn: FunctionNode; passThrough: PassThrough }>();
  const read = new Set<FunctionNode>();
  for (const call of reading.calls) {
    const last = call.arguments.at(-1);
    if (last?.type !== AST_NODE_TYPES.Identifier) continue;
    if (call.callee.type === AST_NODE_TYPES.Identifier && reading.settings.wrappers.has(call.callee.name)) continue;
    if (!mayLeaveProcess(call, reading.importedFrom, reading.settings.clients, promisified)) continue;
    const fn = enclosingFunction(call);
    const name = fn ? functionName(fn) : undefined;
    if (!fn || name === undefined || read.has(fn)) continue;
    read.add(fn);
    const passThrough = passThroughOf(reading.sourceCode, reading.importedFrom, fn);
    if (passThrough) found.set(name, { fn, passThrough });
  }
  return found;
}
