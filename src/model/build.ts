/**
 * Builds the MCP model of one file, as a pipeline of named stages: collect the nodes, find the
 * tool handlers, find the error helpers, walk the handler paths, find the throws that escape,
 * read the results. Each stage lives in its own module; this one only wires them and answers the
 * model's questions (memoized per node, since several rules ask the same ones).
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, enclosingFunction, rangeKey } from "../util/ast.js";
import { CatchReader } from "./catches.js";
import { Collector, traversalSteps } from "./collect.js";
import { type CallSettings, NO_CALL_SETTINGS, callerOptions, externalCallReader } from "./external-calls/index.js";
import { importedFrameworks } from "./frameworks.js";
import {
  type HandlerSearch,
  addCallToolResultFunction,
  addImportedHandlers,
  collectAliasNames,
  expandRegistrationHelpers,
  returnsCallToolResult,
  visitClass,
  visitJsonRpcDispatch,
  visitRegistrationCall,
  visitToolDefinitions,
  visitXmcpModule,
} from "./handlers/index.js";
import { type Escape, type Escapes, type HandlerPaths, findEscapes, handlersThrough, walkHandlerPaths } from "./paths.js";
import { collectErrorResults, collectMutatedErrorResults, collectResults, findErrorHelpers } from "./results.js";
import { Interceptors } from "./interceptors.js";
import { CallTargets } from "./targets.js";
import { NO_PAYLOAD_FACTS } from "./payload.js";
import { clientToolCallReader } from "./tool-calls/index.js";
import type { CallerOptions, ImportedFacts, McpModel, ModelGraph, ThrowSite, ToolHandler, TypeOracle } from "./types.js";
import { NO_TYPES } from "./type-oracle.js";
import { isUnknownToolAnswer } from "./unknown-tool.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Text without which a file cannot hold a tool handler or result (`tools/call`: what a hand-written JSON-RPC endpoint dispatches on): its model is empty. */
export const MCP_EVIDENCE = /mcp|modelcontextprotocol|isError|registerTool|CallToolResult|tools\/call/i;

/**
 * A text part of a tool result written out (`{ type: "text", text }`): a module of tool handlers
 * that a registry of another file loads may name nothing of MCP but the result it answers with.
 */
const RESULT_EVIDENCE = /\btype\s*:\s*["'`]text["'`]/;

/** The word at `lastIndex` (sticky). */
const WORD = /\w*/uy;

/**
 * MCP evidence in code: not only in comments, nor only as the key of a declared member (a
 * generated API schema that documents an "MCP tool" event, `mcp_server?: Maybe<string>`, holds
 * no tool). A file whose evidence is all of that kind registers nothing.
 */
export function hasCodeEvidence(text: string): boolean {
  const evidence = new RegExp(MCP_EVIDENCE.source, "gi");
  for (let match = evidence.exec(text); match; match = evidence.exec(text)) {
    const lineStart = text.lastIndexOf("\n", match.index) + 1;
    const before = text.slice(lineStart, match.index);
    const line = before.trimStart();
    if (line.startsWith("*") || line.startsWith("//") || line.startsWith("/*")) continue;
    // `mcp_server?: Maybe<...>`: the key of a member, written first on its line.
    WORD.lastIndex = match.index;
    const word = WORD.exec(text)?.[0] ?? "";
    const after = text.slice(match.index + word.length, match.index + word.length + 3);
    if (/^\w*$/u.test(line) && /^\??\s*:/u.test(after)) continue;
    return true;
  }
  // A module of tool definitions in MCP's listing shape (`{ name, inputSchema, execute }`) that a
  // registry elsewhere (often generated) loads: it answers with text parts and names nothing of MCP.
  return RESULT_EVIDENCE.test(text) && /\binputSchema\b/.test(text);
}

const EMPTY: readonly never[] = [];

function emptyModel(sourceCode: SourceCode, types: TypeOracle): McpModel {
  return {
    sourceCode,
    types,
    isMcpFile: false,
    handlers: EMPTY,
    handlerFunctions: new Set(),
    errorResults: EMPTY,
    mutatedErrorResults: EMPTY,
    errorHelpers: new Map(),
    escapingThrows: EMPTY,
    carriedThrows: EMPTY,
    reportedThrows: EMPTY,
    handlersAt: () => EMPTY,
    toolNameAt: () => undefined,
    toolNamesAt: () => EMPTY,
    isUnknownToolBranch: () => false,
    calls: EMPTY,
    importedFrom: new Map(),
    results: EMPTY,
    catches: EMPTY,
    clientToolCalls: () => EMPTY,
    externalCall: () => undefined,
    callersOf: () => EMPTY,
    localCallsOf: () => EMPTY,
    importedCallSites: () => EMPTY,
    importedInstances: new Map(),
    importedGeneratedFactories: new Map(),
    importedPassThrough: new Map(),
    importedPayloadFacts: NO_PAYLOAD_FACTS,
    importedSuccessHelpers: new Map(),
    graph: {
      pathCalls: new Map(),
      escapeCalls: new Map(),
      pathConstructions: new Map(),
      escapeConstructions: new Map(),
      localTargets: () => EMPTY,
      unresolvedHandlers: EMPTY,
      opaqueWrapperCalls: EMPTY,
      runnerCalls: EMPTY,
    },
    payloads: new Map(),
  };
}

function hasFacts(facts: ImportedFacts | undefined): boolean {
  return (
    facts !== undefined &&
    (facts.roots.length > 0 ||
      facts.helperCalls.length > 0 ||
      facts.instances.size > 0 ||
      facts.generatedFactories.size > 0 ||
      facts.wrappers.size > 0 ||
      facts.callSites.size > 0)
  );
}

/** Stage 1: one pass over the tree, from ESLint's traversal steps when there are some. */
function collect(sourceCode: SourceCode, mode: "traversal" | "walk"): Collector {
  const collected = new Collector();
  const steps = mode === "traversal" ? traversalSteps(sourceCode) : undefined;
  if (steps) collected.replay(steps);
  else collected.walk(sourceCode);
  return collected;
}

/** Stage 2: the handlers the file registers, and the search state later stages read (dispatch edges, wrappers). */
function findHandlers(sourceCode: SourceCode, collected: Collector, imported: ImportedFacts | undefined, types: TypeOracle): HandlerSearch {
  const search: HandlerSearch = {
    sourceCode,
    imports: importedFrameworks(collected.importSources),
    handlers: [],
    wrapperBindings: new Map(),
    unknownToolBranches: [],
    dispatchEdges: new Map(),
    aliasNames: collectAliasNames(collected.calls),
    unresolved: [],
    opaqueWrapperCalls: [],
    wrapperFacts: imported?.wrappers ?? new Map(),
    passedDefinitions: [],
    catches: new CatchReader(sourceCode, types),
    types,
  };
  for (const call of collected.calls) visitRegistrationCall(search, call);
  for (const node of collected.classes) visitClass(search, node);
  visitXmcpModule(search, sourceCode.ast);
  expandRegistrationHelpers(search, collected.calls);
  visitToolDefinitions(search, sourceCode.ast);
  visitJsonRpcDispatch(search, sourceCode.ast);
  return search;
}

/**
 * The throws of `found` (but those `skip` says), in source order, with the handlers they leave and
 * the wraps on their way out: none when some way out has none (the error leaves that tool as it
 * was thrown, whatever a catch on another tool's way makes of it).
 */
function throwSites(found: ReadonlyMap<TSESTree.ThrowStatement, readonly Escape[]>, skip: (node: TSESTree.ThrowStatement) => boolean): ThrowSite[] {
  const sites: ThrowSite[] = [];
  for (const [node, list] of found) {
    if (skip(node)) continue;
    const wraps = list.some((escape) => escape.wraps.length === 0) ? [] : (list[0]?.wraps ?? []);
    sites.push({ node, handlers: list.map((e) => e.handler), wraps });
  }
  return sites.sort((a, b) => a.node.range[0] - b.node.range[0]);
}

/**
 * Builds the model of a file. `traversal`: read the nodes from ESLint's traversal of the linted file
 * (walk when there is none); `walk`: walk the tree, as for files the lint is not at. `imported`:
 * what the program index knows about the file (typed linting); `types`: what the checker can tell.
 */
export function buildModel(
  sourceCode: SourceCode,
  mode: "traversal" | "walk" = "walk",
  imported?: ImportedFacts,
  types: TypeOracle = NO_TYPES,
  callSettings: CallSettings = NO_CALL_SETTINGS,
): McpModel {
  if (!MCP_EVIDENCE.test(sourceCode.text) && !RESULT_EVIDENCE.test(sourceCode.text) && !hasFacts(imported)) return emptyModel(sourceCode, types);
  const collected = collect(sourceCode, mode);
  const { calls, functions, importedFrom } = collected;
  const search = findHandlers(sourceCode, collected, imported, types);

  // Stage 3: error helpers, then functions typed to return a tool result (unless they are helpers).
  const errorHelpers = findErrorHelpers(sourceCode, functions, entryAndRoots(search.handlers));
  for (const fn of functions) {
    if (!errorHelpers.has(fn) && returnsCallToolResult(fn, types, sourceCode)) addCallToolResultFunction(search, fn);
  }
  const handlers = search.handlers;
  if (imported && imported.roots.length > 0) addImportedHandlers(handlers, functions, imported.roots);

  // Stage 4: handler paths and escaping throws. The call graph is for the program index (syntactic linting never reads it).
  const targets = new CallTargets(sourceCode, search, collected.functionNames, collected.objectNames, new Interceptors(sourceCode, calls));
  const graphed = imported !== undefined;
  const pathInputs = { handlers, facts: collected.facts, targets, catches: search.catches, sourceCode, graphed, runnerGuards: search.wrapperFacts, types };
  const paths = walkHandlerPaths(pathInputs);
  const escapes = findEscapes(pathInputs);

  // Several rules ask about the same result or throw: compute each answer once.
  const isUnknownToolBranch = memoizeByNode((node) => isUnknownToolAnswer(sourceCode, search.unknownToolBranches, node));
  const escapingThrows = throwSites(escapes.throws, isUnknownToolBranch);
  // A throw that escapes on one path is judged as escaping; carried only where it never escapes.
  const carriedThrows = throwSites(escapes.carried, (node) => escapes.throws.has(node) || isUnknownToolBranch(node));
  const reportedThrows = throwSites(escapes.reported, (node) => escapes.throws.has(node) || escapes.carried.has(node) || isUnknownToolBranch(node));

  const handlersAt = memoizeByNode((node) => handlersThrough(paths, node));
  const toolNamesAt = memoizeByNode((node): readonly string[] => {
    const names = new Set<string>();
    for (const h of handlersAt(node)) if (h.toolName !== undefined) names.add(h.toolName);
    return [...names];
  });
  const toolNameAt = (node: TSESTree.Node): string | undefined => {
    const names = toolNamesAt(node);
    return names.length === 1 ? names[0] : undefined;
  };

  // Stage 5: results.
  const resultInputs = {
    sourceCode,
    types,
    calls,
    isErrorObjects: collected.isErrorObjects,
    resultObjects: collected.resultObjects,
    errorHelpers,
    imported,
    handlersAt,
  };
  const importedInstances = imported?.instances ?? new Map<string, never>();
  const importedPassThrough = imported?.passThrough ?? new Map<string, never>();
  const importedGeneratedFactories = imported?.generatedFactories ?? new Map<string, never>();
  const handlerFunctions = entryAndRoots(handlers);
  const signalsAt = signalReader(handlersAt);
  const localCallsOf = localCallIndex(calls, targets);
  const callersOf = callerReader(sourceCode, localCallsOf, imported);
  return {
    sourceCode,
    types,
    isMcpFile: true,
    handlers,
    handlerFunctions,
    errorResults: collectErrorResults(resultInputs),
    mutatedErrorResults: collectMutatedErrorResults(resultInputs),
    errorHelpers,
    escapingThrows,
    carriedThrows,
    reportedThrows,
    handlersAt,
    toolNameAt,
    toolNamesAt,
    isUnknownToolBranch,
    calls,
    importedFrom,
    results: collectResults(resultInputs),
    catches: collected.catches,
    clientToolCalls: clientToolCallReader(sourceCode, calls, importedFrom, types),
    externalCall: externalCallReader({
      sourceCode,
      calls,
      importedFrom,
      importedInstances,
      importedGeneratedFactories,
      importedPassThrough,
      settings: callSettings,
      signalsAt,
      boundaries: handlerFunctions,
      inputParams: new Set(handlers.flatMap((h) => (h.argsParam ? [h.argsParam] : []))),
      callersOf,
      types,
    }),
    callersOf,
    localCallsOf,
    importedCallSites: (fn) => imported?.callSites.get(rangeKey(fn.range)) ?? EMPTY,
    importedInstances,
    importedGeneratedFactories,
    importedPassThrough,
    importedPayloadFacts: imported ?? NO_PAYLOAD_FACTS,
    importedSuccessHelpers: imported?.successHelpers ?? new Map(),
    payloads: new Map(),
    graph: graphOf(paths, escapes, search, targets),
  };
}

/** The call graph of the handler paths that the program index reads. */
function graphOf(paths: HandlerPaths, escapes: Escapes, search: HandlerSearch, targets: CallTargets): ModelGraph {
  return {
    pathCalls: paths.pathCalls,
    escapeCalls: escapes.calls,
    pathConstructions: paths.pathConstructions,
    escapeConstructions: escapes.constructions,
    unresolvedHandlers: search.unresolved,
    opaqueWrapperCalls: search.opaqueWrapperCalls,
    runnerCalls: escapes.runnerCalls,
    localTargets: (call) => {
      const within = enclosingFunction(call);
      return within ? targets.of(call, within) : EMPTY;
    },
  };
}

/** The request signals of the handlers at a call: one array per handler set, shared. */
function signalReader(handlersAt: (node: TSESTree.Node) => readonly ToolHandler[]): (call: TSESTree.CallExpression) => readonly string[] {
  const signals = new Map<readonly ToolHandler[], readonly string[]>();
  return (call) => {
    const at = handlersAt(call);
    let list = signals.get(at);
    if (!list) signals.set(at, (list = at.flatMap((h) => (h.requestSignal === undefined ? [] : [h.requestSignal]))));
    return list;
  };
}

/** This file's calls that run each function of the file: found on first use, in one pass over the calls. */
function localCallIndex(calls: readonly TSESTree.CallExpression[], targets: CallTargets): (fn: FunctionNode) => readonly TSESTree.CallExpression[] {
  let local: Map<FunctionNode, TSESTree.CallExpression[]> | undefined;
  return (fn) => {
    if (!local) {
      local = new Map();
      for (const call of calls) {
        const within = enclosingFunction(call);
        for (const target of within ? targets.of(call, within) : EMPTY) {
          let list = local.get(target);
          if (!list) local.set(target, (list = []));
          list.push(call);
        }
      }
    }
    return local.get(fn) ?? EMPTY;
  };
}

/**
 * What the calls of a function pass it: this file's calls (read once per function) and the calls
 * on tool paths in other files that the program index saw.
 */
function callerReader(
  sourceCode: SourceCode,
  localCallsOf: (fn: FunctionNode) => readonly TSESTree.CallExpression[],
  imported: ImportedFacts | undefined,
): (fn: FunctionNode) => readonly CallerOptions[] {
  const own = new Map<FunctionNode, readonly CallerOptions[]>();
  return (fn) => {
    let local = own.get(fn);
    if (!local) own.set(fn, (local = localCallsOf(fn).map((call) => callerOptions(sourceCode, call))));
    // The calls of other files, read as options in their own file when first asked about.
    const other = (imported?.callSites.get(rangeKey(fn.range)) ?? EMPTY).map((site) => callerOptions(site.model().sourceCode, site.call));
    return other.length === 0 ? local : [...local, ...other];
  };
}

/** The entry and root function of each handler. */
function entryAndRoots(handlers: readonly ToolHandler[]): Set<TSESTree.Node> {
  const functions = new Set<TSESTree.Node>();
  for (const handler of handlers) {
    functions.add(handler.entry);
    functions.add(handler.root);
  }
  return functions;
}

/** Memoizes a question about a node for one model: rules ask the same ones (handlers, tool names) of the same nodes. */
function memoizeByNode<T>(compute: (node: TSESTree.Node) => T): (node: TSESTree.Node) => T {
  const answers = new Map<TSESTree.Node, T>();
  return (node) => {
    if (answers.has(node)) return answers.get(node) as T;
    const answer = compute(node);
    answers.set(node, answer);
    return answer;
  };
}
