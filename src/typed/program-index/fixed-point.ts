/**
 * The fixed point of the index: starting from the files that show MCP evidence, follow every tool
 * handler into the functions of other files it reaches (registrations whose handler is declared
 * elsewhere, calls on a handler's path), and analyse each file again whenever a new tool (or an
 * escaping path) reaches it, until nothing changes.
 */
import path from "node:path";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type ts from "typescript";
import { typescript } from "../runtime.js";
import {
  CATCHES_ALL,
  FRAMEWORKS,
  type CatchGuard,
  CatchReader,
  type ImportedCallSite,
  type ImportedRoot,
  type ImportedSuccessHelper,
  type McpModel,
  type ToolHandler,
  buildModel,
  hasCodeEvidence,
  wrapperCall,
  wrappedHandlerIndex,
} from "../../model/index.js";
import { isFunctionNode, isInside, rangeKey, returnsParam, unwrap } from "../../util/ast.js";
import { modelFacts, modelOf, successHelpersOf } from "./facts.js";
import { type FileEntries, type FileEntry, isProjectFile } from "./file-entry.js";
import type { Resolver, Target } from "./resolver.js";
import { handsFunctionsInto } from "./handed.js";
import { addRoot, rootFor, rootOrigin } from "./roots.js";
import { constructorTargets } from "./constructions.js";
import { TYPE_ORACLE } from "../oracle.js";
import { mayBeLinted, otherLintingConfig, programBase } from "../conversions.js";

const STEP_LIMIT = 10_000;

/** Files waiting for an analysis, each once. */
class WorkQueue {
  private readonly queue: FileEntry[] = [];
  private readonly queued = new Set<FileEntry>();

  get size(): number {
    return this.queue.length;
  }

  add(entry: FileEntry): void {
    if (this.queued.has(entry)) return;
    this.queued.add(entry);
    this.queue.push(entry);
  }

  take(): FileEntry {
    const entry = this.queue.shift() as FileEntry;
    this.queued.delete(entry);
    return entry;
  }
}

/** Runs the fixed point over a program: adds to each file the roots that tools of other files give it. */
export function followToolPaths(program: ts.Program, files: FileEntries, resolver: Resolver): void {
  const work = new WorkQueue();
  let importers: Map<string, string[]> | undefined;
  const handing = new Map<string, boolean>();
  const base = programBase(program);
  for (const sourceFile of program.getSourceFiles()) {
    // Test code the run does not lint registers mock tools: what they reach is no tool's path.
    // A generated API schema that only documents MCP in comments and member keys registers nothing.
    if (!isProjectFile(sourceFile) || !hasCodeEvidence(sourceFile.text) || !mayBeLinted(sourceFile.fileName, base)) continue;
    // A file of a package that its own tsconfig lints is that program's to follow, unless a file
    // of this program outside the package imports it and hands it functions of its own (a
    // registration helper of a sibling package runs the tools this program defines).
    const other = otherLintingConfig(program, sourceFile.fileName);
    if (other !== undefined) {
      importers ??= importersIn(program, resolver);
      const own = path.dirname(other) + path.sep;
      const hands = (importer: string): boolean => {
        const key = `${importer}\0${own}`;
        let known = handing.get(key);
        if (known === undefined) {
          const importerFile = program.getSourceFile(importer);
          known = importerFile === undefined || handsFunctionsInto(importerFile, own, program.getTypeChecker());
          handing.set(key, known);
        }
        return known;
      };
      if (!importedFromOutside(sourceFile.fileName, own, importers, hands)) continue;
    }
    const entry = files.entryOf(sourceFile);
    if (entry) work.add(entry);
  }

  const checker = program.getTypeChecker();
  let steps = 0;
  while (work.size > 0 && steps < STEP_LIMIT) {
    steps++;
    const entry = work.take();
    const model = analyse(entry, resolver);
    entry.model = model;
    followUnresolvedHandlers(entry, model, resolver, work);
    followWrappers(entry, model, resolver, work);
    followPathCalls(entry, model, { files, resolver }, work);
    followConstructions(entry, model, { files, checker }, work);
  }
}

/** The model of a file with the roots it has now, and the wrappers of other files around its handlers. */
function analyse(entry: FileEntry, resolver: Resolver): McpModel {
  let model = buildModel(entry.sourceCode, undefined, modelFacts(entry), TYPE_ORACLE);
  if (!entry.wrappers && (model.graph.opaqueWrapperCalls.length > 0 || model.graph.runnerCalls.length > 0)) {
    entry.wrappers = wrappersOf(entry, model, resolver);
    if (entry.wrappers.size > 0) model = buildModel(entry.sourceCode, undefined, modelFacts(entry), TYPE_ORACLE);
  }
  return model;
}

/** Registrations whose handler is declared in another file: that function is a root there. */
function followUnresolvedHandlers(entry: FileEntry, model: McpModel, resolver: Resolver, work: WorkQueue): void {
  for (const unresolved of model.graph.unresolvedHandlers) {
    const nameKey = nameMember(unresolved.registration, unresolved.expression);
    let targets = resolver.resolveExpression(entry, unresolved.expression);
    let { thrown, guards } = unresolved;
    // `createSearchHandler(sourceId)`: no function handed in; what the factory returns is the handler, as written.
    if (targets.length === 0 && unresolved.factory) {
      targets = resolver.returnedBy(entry, unresolved.factory);
      thrown = FRAMEWORKS[unresolved.framework].thrown;
      guards = [];
    }
    for (const target of targets) {
      const root: ImportedRoot = {
        range: target.fn.range,
        origin: `${entry.fileName}:${String(unresolved.registration.range[0])}`,
        toolName: unresolved.toolName ?? (nameKey === undefined ? undefined : target.named?.(nameKey)) ?? target.toolName,
        framework: unresolved.framework,
        thrown,
        guards: thrown === "unknown" ? [CATCHES_ALL] : [...(target.guards ?? []), ...guards],
        registered: true,
        dispatcher: unresolved.kind === "low-level",
      };
      if (addRoot(target.entry, root)) work.add(target.entry);
    }
  }
}

/**
 * A wrapper of another file around a handler of this one, registered as it comes
 * (`server.registerTool(name, config, withMcpErrorHandling(async (args) => ...))`): the function
 * the wrapper returns is what the framework calls, so its own code (a catch that turns every
 * failure into an `McpError`) is on the tool's path, with nothing around it but the framework.
 */
function followWrappers(entry: FileEntry, model: McpModel, resolver: Resolver, work: WorkQueue): void {
  for (const call of model.graph.opaqueWrapperCalls) {
    const index = wrappedHandlerIndex(call);
    // The tools registered with the wrapper's value as it comes (not one handed on, or stored first).
    const handlers = index === -1 ? [] : model.handlers.filter((h) => call.parent === h.registration);
    if (handlers.length === 0) continue;
    for (const target of resolver.resolveExpression(entry, call.callee)) {
      const wrapped = isFunctionNode(target.fn) ? wrapperCall(target.fn, index) : undefined;
      if (!wrapped) continue;
      for (const handler of handlers) {
        const root: ImportedRoot = {
          range: wrapped.fn.range,
          origin: rootOrigin(entry.fileName, handler, handler.toolName),
          toolName: handler.toolName,
          framework: handler.framework,
          thrown: FRAMEWORKS[handler.framework].thrown,
          guards: [],
          registered: true,
        };
        if (addRoot(target.entry, root)) work.add(target.entry);
      }
    }
  }
}

/**
 * The member a registration reads its tool's name from, on the object it reads the handler from:
 * `title` in `server.registerTool(tool.title, config, tool.tool)`.
 */
function nameMember(registration: TSESTree.Node, handler: TSESTree.Node): string | undefined {
  const first = registration.type === AST_NODE_TYPES.CallExpression ? registration.arguments[0] : undefined;
  const name = first ? unwrap(first) : undefined;
  const value = unwrap(handler);
  if (name?.type !== AST_NODE_TYPES.MemberExpression || value.type !== AST_NODE_TYPES.MemberExpression || name.computed) return undefined;
  const object = unwrap(name.object);
  const holder = unwrap(value.object);
  if (object.type !== AST_NODE_TYPES.Identifier || holder.type !== AST_NODE_TYPES.Identifier || object.name !== holder.name) return undefined;
  return name.property.type === AST_NODE_TYPES.Identifier ? name.property.name : undefined;
}

/** Calls on a handler's path to functions of other files: those run on the tool's path too. */
function followPathCalls(entry: FileEntry, model: McpModel, { files, resolver }: { files: FileEntries; resolver: Resolver }, work: WorkQueue): void {
  // What the calls of this file hand back goes through its answer builders: read on demand, once.
  const successHelpers = (): ReturnType<typeof successHelpersOf> => successHelpersOf(entry, files, resolver);
  for (const [call, onPath] of model.graph.pathCalls) {
    if (model.graph.localTargets(call).length > 0) continue;
    // Inside a dispatcher's case, the case's tool (not the whole dispatcher) makes the call.
    const specific = model.handlersAt(call).filter((h) => onPath.includes(h));
    const through = specific.length > 0 ? specific : onPath;
    const escaping = model.graph.escapeCalls.get(call);
    for (const target of resolver.resolveCall(entry, call)) {
      if (target.entry !== entry) recordCaller(entry, call, target, successHelpers);
      for (const handler of through) {
        if (runsWithItsCaller(entry, handler, target)) continue;
        const root = rootFor(entry.fileName, handler, target, escaping?.get(handler) ?? [CATCHES_ALL], call);
        if (target.entry === entry && model.handlersAt(target.fn).includes(handler)) continue;
        if (addRoot(target.entry, root)) work.add(target.entry);
      }
    }
  }
}

/**
 * A callback written in place at a call of a function the tool reached by a call
 * (`withSpan("x", attrs, async () => ...)`, `withSpan` running its `fn`): it runs on the path of
 * whoever wrote that call, which that file's own path follows with the catches around it (the
 * runner's included). Read through the runner, every callback any caller in the program wrote
 * would run under this tool, outside its catches. Only a handler written inside the function
 * (`addTool(name, run)` registering `async (args) => run(args)`) has no caller of its own to run them.
 */
function runsWithItsCaller(entry: FileEntry, handler: ToolHandler, target: Target): boolean {
  const written = target.writtenFor;
  return written !== undefined && written.entry === entry && !(handler.entry !== written.fn && isInside(handler.entry, written.fn));
}

/** Constructions on a handler's path of classes of other files (`new CruxClient()`): their constructors run on the tool's path too. */
function followConstructions(
  entry: FileEntry,
  model: McpModel,
  { files, checker }: { files: FileEntries; checker: ts.TypeChecker },
  work: WorkQueue,
): void {
  for (const [construction, onPath] of model.graph.pathConstructions) {
    const specific = model.handlersAt(construction).filter((h) => onPath.includes(h));
    const escaping = model.graph.escapeConstructions.get(construction);
    for (const target of constructorTargets(checker, files, entry, construction)) {
      for (const handler of specific.length > 0 ? specific : onPath) {
        if (addRoot(target.entry, rootFor(entry.fileName, handler, target, escaping?.get(handler) ?? [CATCHES_ALL]))) work.add(target.entry);
      }
    }
  }
}

/** A call on a tool path of a function of another file: for what it passes (options taken from a parameter there) and what it does with the value. */
function recordCaller(
  entry: FileEntry,
  call: TSESTree.CallExpression,
  target: Target,
  successHelpers: () => ReadonlyMap<string, ImportedSuccessHelper>,
): void {
  const key = rangeKey(target.fn.range);
  const callKey = `${entry.fileName}:${rangeKey(call.range)}`;
  let sites = target.entry.callSites.get(key);
  if (!sites) target.entry.callSites.set(key, (sites = new Map<string, ImportedCallSite>()));
  if (sites.has(callKey)) return;
  sites.set(callKey, { call, model: () => modelOf(entry), successHelpers });
  // The target's model holds the call sites it was built with: a walk that reaches it later (from a
  // file linted after this one) must see this call too, whatever order ESLint lints the files in.
  target.entry.model = undefined;
}

/** Reads each wrapper of another file around a handler: the catches around its returned function's call of the handler. */
function wrappersOf(entry: FileEntry, model: McpModel, resolver: Resolver): Map<string, readonly CatchGuard[]> {
  const found = new Map<string, readonly CatchGuard[]>();
  for (const call of model.graph.opaqueWrapperCalls) {
    const innerIndex = wrappedHandlerIndex(call);
    for (const target of resolver.resolveExpression(entry, call.callee)) {
      if (!isFunctionNode(target.fn)) continue;
      const wrapped = wrapperCall(target.fn, innerIndex);
      if (!wrapped) {
        // `gated(ok, handler)` handing back what it was given: no catch around it.
        if (returnsParam(target.entry.sourceCode, target.fn, innerIndex)) found.set(rangeKey(call.range), []);
        continue;
      }
      found.set(rangeKey(call.range), new CatchReader(target.entry.sourceCode).aroundParamCalls(wrapped.fn, wrapped.param) ?? []);
    }
  }
  for (const call of model.graph.runnerCalls) {
    const index = call.arguments.findIndex((argument) => isFunctionNode(unwrap(argument)));
    for (const target of resolver.resolveCall(entry, call)) {
      if (!isFunctionNode(target.fn)) continue;
      const param = target.fn.params[index];
      if (param?.type !== AST_NODE_TYPES.Identifier) continue;
      // A runner that never calls what it is given (it stores it, or hands it on) stays unknown.
      const guards = new CatchReader(target.entry.sourceCode).aroundParamCalls(target.fn, param.name);
      if (guards) found.set(rangeKey(call.range), guards);
    }
  }
  return found;
}

/** The project files of a program that import each file (static imports and re-exports), by file name. */
function importersIn(program: ts.Program, resolver: Resolver): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const sourceFile of program.getSourceFiles()) {
    if (!isProjectFile(sourceFile)) continue;
    for (const statement of sourceFile.statements) {
      const specifier = typescript.isImportDeclaration(statement) || typescript.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
      const target = specifier ? resolver.moduleFile(specifier) : undefined;
      if (!target) continue;
      const list = found.get(target.fileName);
      if (list) list.push(sourceFile.fileName);
      else found.set(target.fileName, [sourceFile.fileName]);
    }
  }
  return found;
}

/**
 * Whether a file outside `own` (a package's folder) imports `fileName`, directly or through files
 * of the package (a barrel), and hands the package functions of its own (`hands`).
 */
function importedFromOutside(
  fileName: string,
  own: string,
  importers: ReadonlyMap<string, readonly string[]>,
  hands: (importer: string) => boolean,
): boolean {
  const seen = new Set([fileName]);
  const queue = [fileName];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const importer of importers.get(file) ?? []) {
      if (!path.resolve(importer).startsWith(own)) {
        if (hands(importer)) return true;
        continue;
      }
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return false;
}
