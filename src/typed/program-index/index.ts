/**
 * The program index: with typed linting, one analysis of the whole `ts.Program` that follows
 * tool handlers into the functions they call in other files. It is built once per program (all
 * files of a lint run share it) and answers, for the file being linted, which of its functions
 * run on the path of a tool registered elsewhere, and whether their throws reach the framework.
 *
 * Each file of interest is converted to ESTree from the program's own source file (no second
 * TypeScript parse; in a one-shot run ESLint reuses the conversion, see conversions.ts) and
 * analysed by the same model as in syntactic linting; calls the model cannot resolve within a
 * file are resolved with the type checker.
 *
 * This module holds the public entry points and the caches of indexes; the parts of an index:
 * file-entry.ts (the files, converted), resolver.ts (what a call runs, with the checker),
 * fixed-point.ts (following tools across files), roots.ts and facts.ts (what a file learns).
 */
import path from "node:path";
import type ts from "typescript";
import type { ImportedCallSite, ImportedFacts, ImportedRoot } from "../../model/index.js";
import { rangeKey } from "../../util/ast.js";
import { configFileOf, lintTargetsGeneration } from "../conversions.js";
import { NO_FACTS, callSitesOf, factsOf } from "./facts.js";
import { FileEntries, isProjectFile } from "./file-entry.js";
import { followToolPaths } from "./fixed-point.js";
import { Resolver } from "./resolver.js";
import { addRoot, rootsOf, toolOf } from "./roots.js";
import { loadTypedRuntime } from "../runtime.js";

/** What the index knows about one program. */
export interface ProgramIndex {
  /** Functions of `fileName` that run on the path of tools registered elsewhere. */
  rootsFor(fileName: string): readonly ImportedRoot[];
  /** The roots of `fileName`, and its calls to error helpers of other files. */
  factsFor(fileName: string): ImportedFacts;
  /** Every file of the program that runs on a tool's path, with its roots. */
  rootedFiles(): Iterable<[string, readonly ImportedRoot[]]>;
  /** The calls on tool paths, in this program's files, of each function of `fileName` (by the function's range). */
  callSitesFor(fileName: string): ImportedFacts["callSites"];
  /**
   * Takes the roots another project's index gives files of this program (tools that project
   * registers), once per index: the facts of those files (what their catches answer with, the
   * helpers they call) are then read for those tools too.
   */
  adoptRootsOf(other: ProgramIndex): void;
}

/** The index of each program, and the lint targets it was built for (`lintTargetsGeneration`). */
const indexes = new WeakMap<ts.Program, { readonly index: ProgramIndex; readonly generation: number }>();

/** The latest index of each project (tsconfig), with the text of each file it was built from. */
const projects = new Map<string, { readonly texts: ReadonlyMap<string, string>; readonly index: ProgramIndex; readonly generation: number }>();
const PROJECT_LIMIT = 8;

/** The programs that have an index, for `releaseIndexesNotHolding` (weakly: the project service owns them). */
const indexed = new Set<WeakRef<ts.Program>>();

/** The tsconfig a program was made from ("" for the project service's default project). */
function projectKey(program: ts.Program): string {
  return configFileOf(program) ?? "";
}

/**
 * The index of a program, built once; a new program of a project whose files all have the same
 * source as when the project was indexed gets that index (why, and how long indexes live:
 * docs/architecture.md#lifetimes).
 */
export function getProgramIndex(program: ts.Program): ProgramIndex {
  loadTypedRuntime();
  const generation = lintTargetsGeneration();
  const known = indexes.get(program);
  if (known?.generation === generation) return known.index;
  const key = projectKey(program);
  const files = program.getSourceFiles().filter(isProjectFile);
  const cached = projects.get(key);
  let index: ProgramIndex;
  if (
    cached?.generation === generation &&
    cached.texts.size === files.length &&
    files.every((file) => sameSource(cached.texts.get(file.fileName), file.text))
  ) {
    index = cached.index;
  } else {
    index = buildIndex(program);
    projects.delete(key);
    projects.set(key, { texts: new Map(files.map((file) => [file.fileName, file.text])), index, generation });
    if (projects.size > PROJECT_LIMIT) projects.delete(projects.keys().next().value as string);
  }
  indexes.set(program, { index, generation });
  // A program indexed before (for other lint targets) is in `indexed` already.
  if (!known) track(program);
  return index;
}

/** Adds a program to `indexed`, dropping references to programs that are gone (an editor session makes one per edit). */
function track(program: ts.Program): void {
  for (const ref of indexed) if (ref.deref() === undefined) indexed.delete(ref);
  indexed.add(new WeakRef(program));
}

/**
 * Lets go of every index whose program holds none of `files` (absolute paths): the files still to
 * lint. A caller that lints one project after the other (the `mcp-errors` command) calls it
 * between projects, so an index lives while its own files, or files it found on its tools' paths,
 * wait for ESLint, and not to the end of the run. Asked again, an index is built again.
 */
export function releaseIndexesNotHolding(files: ReadonlySet<string>): void {
  const needs = (program: ts.Program): boolean =>
    program.getSourceFiles().some((sourceFile) => isProjectFile(sourceFile) && files.has(path.resolve(sourceFile.fileName)));
  for (const ref of indexed) {
    const program = ref.deref();
    if (program && needs(program)) continue;
    indexed.delete(ref);
    if (program) indexes.delete(program);
  }
  for (const [key, project] of projects) {
    if (![...project.texts.keys()].some((fileName) => files.has(path.resolve(fileName)))) projects.delete(key);
  }
}

/**
 * What the index knows about a file, plus the roots other projects give it. In a monorepo a
 * package's helper is linted under its own package's program, which holds no tool; the program
 * of the package that registers the tool (and imports the helper) knows it runs on a tool path.
 * Only projects indexed earlier in the run can tell (the CLI lints registering files first).
 * Once one does, the program takes the roots that project gives any of its files, so the facts
 * of this file (the success helpers its catches answer with, in a file with no MCP evidence of
 * its own) are read for those tools.
 */
export function factsAcrossProjects(program: ts.Program, fileName: string): ImportedFacts {
  loadTypedRuntime();
  const index = getProgramIndex(program);
  const facts = index.factsFor(fileName);
  const seen = new Set(facts.roots.map((root) => `${toolOf(root)}@${rangeKey(root.range)}`));
  const extra: ImportedRoot[] = [];
  for (const other of projects.values()) {
    if (other.index === index || other.generation !== lintTargetsGeneration()) continue;
    for (const root of other.index.rootsFor(fileName)) {
      const key = `${toolOf(root)}@${rangeKey(root.range)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      extra.push(root);
    }
  }
  if (extra.length === 0) return facts.roots.length > 0 ? withCallSitesOf(index, fileName, facts) : facts;
  for (const other of projects.values()) if (other.index !== index && other.generation === lintTargetsGeneration()) index.adoptRootsOf(other.index);
  const adopted = index.factsFor(fileName);
  return withCallSitesOf(index, fileName, adopted.roots.length > 0 ? adopted : { ...facts, roots: [...facts.roots, ...extra] });
}

/**
 * The facts, with the calls that the projects which gave the file its roots make of its
 * functions (`fetchReadme(name)` in the package that registers the tool): adopted roots do not
 * make this program follow those callers again, and what a function's value becomes is decided
 * there.
 */
function withCallSitesOf(index: ProgramIndex, fileName: string, facts: ImportedFacts): ImportedFacts {
  let merged: Map<string, readonly ImportedCallSite[]> | undefined;
  for (const other of projects.values()) {
    if (other.index === index || other.generation !== lintTargetsGeneration()) continue;
    for (const [fn, sites] of other.index.callSitesFor(fileName)) {
      if (facts.callSites.has(fn) || merged?.has(fn)) continue;
      merged ??= new Map(facts.callSites);
      merged.set(fn, sites);
    }
  }
  return merged ? { ...facts, callSites: merged } : facts;
}

/**
 * Equal, or equal but for ESLint's shebang: ESLint lints `#!/usr/bin/env node` as a `//` comment
 * (same length, so every range of the index holds). TypeScript drops a BOM when it reads a file,
 * as ESLint does, so a BOM never makes the two differ.
 */
function sameSource(cached: string | undefined, text: string): boolean {
  if (cached === text) return true;
  if (cached === undefined) return false;
  const comment = (source: string): string => (source.startsWith("#!") ? `//${source.slice(2)}` : source);
  return comment(cached) === comment(text);
}

/** Follows the program's tools to a fixed point, then answers questions about its files. */
function buildIndex(program: ts.Program): ProgramIndex {
  const files = new FileEntries(program);
  const resolver = new Resolver(program, files);
  followToolPaths(program, files, resolver);
  const factsCache = new Map<string, ImportedFacts>();
  const adopted = new WeakSet<ProgramIndex>();
  return {
    rootsFor(fileName) {
      const sourceFile = program.getSourceFile(fileName);
      const entry = sourceFile ? files.known(sourceFile.fileName) : undefined;
      return entry ? rootsOf(entry) : [];
    },
    factsFor(fileName) {
      const sourceFile = program.getSourceFile(fileName);
      if (!sourceFile || !isProjectFile(sourceFile)) return NO_FACTS;
      let facts = factsCache.get(sourceFile.fileName);
      if (!facts) {
        facts = factsOf(sourceFile, files, resolver);
        factsCache.set(sourceFile.fileName, facts);
      }
      return facts;
    },
    callSitesFor(fileName) {
      const sourceFile = program.getSourceFile(fileName);
      const entry = sourceFile && isProjectFile(sourceFile) ? files.known(sourceFile.fileName) : undefined;
      return entry ? callSitesOf(entry) : NO_FACTS.callSites;
    },
    *rootedFiles() {
      for (const [fileName, entry] of files.all()) if (entry.roots.size > 0) yield [fileName, rootsOf(entry)];
    },
    adoptRootsOf(other) {
      if (adopted.has(other)) return;
      adopted.add(other);
      let changed = false;
      for (const [fileName, roots] of other.rootedFiles()) {
        const sourceFile = program.getSourceFile(fileName);
        const entry = sourceFile && isProjectFile(sourceFile) ? files.entryOf(sourceFile) : undefined;
        if (!entry) continue;
        let added = false;
        for (const root of roots) added = addRoot(entry, root) || added;
        if (added) entry.model = undefined;
        changed ||= added;
      }
      // A file's facts read the models of the files it calls: every one is read again.
      if (changed) factsCache.clear();
    },
  };
}
