/**
 * Joins the per-file inventory records into one entry per tool: where it is registered and
 * handled, its error paths and how many are classified, its external calls and how many are
 * bounded by a timeout, its resilience scorecard (scorecard.ts), and the findings on its path.
 */
import type { ESLint, Linter } from "eslint";
import { relativePath } from "./discover.js";
import type { FileRecord, Position, ScopeRecord } from "./inventory-rule.js";
import { type Scorecard, type ScorecardRecords, ScorecardTally } from "./scorecard.js";

export interface Location {
  /** Relative to the analyzer's `cwd`, with forward slashes. */
  readonly file: string;
  readonly line: number;
}

export interface ToolInventory {
  /** The tool's name; undefined when it is computed at run time (a registry loop, a parameter). */
  readonly name: string | undefined;
  /** The framework the tool is registered with (`mcp-sdk`, `fastmcp`, ...). */
  readonly framework: string;
  readonly registration: Location | undefined;
  readonly handler: Location | undefined;
  /** The handler lives in another file that could not be followed (syntactic mode). */
  readonly handlerUnresolved: boolean;
  /** Error results and throws that reach the framework, on the tool's path. */
  readonly errorPaths: number;
  /** Error paths that carry a category and a retryability. */
  readonly classified: number;
  /** How many error paths name each category (literal values only). */
  readonly categories: Readonly<Record<string, number>>;
  readonly externalCalls: number;
  /** External calls bounded by a timeout (or a signal). */
  readonly withTimeout: number;
  readonly findings: number;
  /** Findings per rule id. */
  readonly findingsByRule: Readonly<Record<string, number>>;
  /** What the tool's path does about failures: timeouts, retries, breaker, partial results, classified errors, logged failures. */
  readonly scorecard: Scorecard;
}

interface Builder {
  name: string | undefined;
  framework: string;
  registration: Location | undefined;
  handler: Location | undefined;
  /** The registration's handler is not a function of its file. */
  unresolved: boolean;
  /** Some file holds a function on this tool's path. */
  followed: boolean;
  /** An unnamed registration whose tools the index found under their own names. */
  covered: boolean;
  /** For an unresolved registration: the name its handler expression ends in. */
  handlerName: string | undefined;
  /** Functions of other files on this tool's path, with their names (one of them is the handler). */
  roots: (Location & { readonly name: string | undefined })[];
  /** For a function found only by its return type: the tools it serves. */
  servedBy: readonly string[] | undefined;
  errorPaths: Set<string>;
  classified: Set<string>;
  /** Category -> the error paths that name it. */
  categories: Map<string, Set<string>>;
  externalCalls: Set<string>;
  withTimeout: Set<string>;
  scorecard: ScorecardTally;
  findings: Map<string, number>;
  order: number;
}

function splitKey(key: string): [string, string] {
  const bar = key.lastIndexOf("|");
  return [key.slice(0, bar), key.slice(bar + 1)];
}

/** A position as one comparable number (lines are far shorter than a million columns). */
const at = (position: Position): number => position.line * 1_000_000 + position.column;

/**
 * The tools a finding belongs to: those of the innermost region around it. Several records of
 * one region (a helper of another file serves each of its tools through its own record) add up.
 */
export function toolsOfMessage(record: FileRecord | undefined, message: Linter.LintMessage): readonly string[] {
  if (!record) return [];
  const point = at(message);
  let best: ScopeRecord | undefined;
  const tools = new Set<string>();
  for (const scope of record.scopes) {
    const start = at(scope.start);
    const end = at(scope.end);
    if (point < start || point > end) continue;
    if (best && start === at(best.start) && end === at(best.end)) {
      for (const tool of scope.tools) tools.add(tool);
    } else if (!best || (start >= at(best.start) && end <= at(best.end))) {
      best = scope;
      tools.clear();
      for (const tool of scope.tools) tools.add(tool);
    }
  }
  return [...tools];
}

/** The tool entries, by key, as the records of each file name them; created on first mention. */
class Tools extends Map<string, Builder> {
  entry(key: string, name: string | undefined, framework: string): Builder {
    let entry = this.get(key);
    if (!entry) {
      entry = {
        name,
        framework,
        registration: undefined,
        handler: undefined,
        unresolved: false,
        followed: false,
        covered: false,
        servedBy: undefined,
        handlerName: undefined,
        roots: [],
        errorPaths: new Set(),
        classified: new Set(),
        categories: new Map(),
        externalCalls: new Set(),
        withTimeout: new Set(),
        scorecard: new ScorecardTally(),
        findings: new Map(),
        order: this.size,
      };
      this.set(key, entry);
    }
    entry.name ??= name;
    if (entry.framework === "unknown") entry.framework = framework;
    return entry;
  }
}

/** Every tool the records mention, with where it is registered and handled. */
function collectTools(cwd: string, files: readonly string[], records: ReadonlyMap<string, FileRecord>): Tools {
  const tools = new Tools();
  for (const file of files) {
    const record = records.get(file) as FileRecord;
    for (const tool of record.tools) {
      const entry = tools.entry(tool.key, tool.name, tool.framework);
      if (tool.registration) entry.registration = { file: relativePath(cwd, file), line: tool.registration.line };
      if (tool.handler) entry.handler = { file: relativePath(cwd, file), line: tool.handler.line };
      if (tool.handlerName !== undefined) entry.handlerName = tool.handlerName;
      if (tool.root) entry.roots.push({ file: relativePath(cwd, file), line: tool.root.line, name: tool.root.name });
      if (tool.servedBy) entry.servedBy = [...(entry.servedBy ?? []), ...tool.servedBy];
      if (tool.unresolved) entry.unresolved = true;
      else entry.followed = true;
    }
  }
  return tools;
}

/** Each tool's error paths (classified or not, by category) and outside calls (bounded or not). */
function addPathsAndCalls(tools: Tools, files: readonly string[], records: ReadonlyMap<string, FileRecord>): void {
  for (const file of files) {
    const record = records.get(file) as FileRecord;
    for (const errorPath of record.errorPaths) {
      const id = `${file}:${String(errorPath.line)}:${errorPath.kind}`;
      for (const key of errorPath.tools) {
        const entry = tools.get(key);
        if (!entry || entry.errorPaths.has(id)) continue;
        entry.errorPaths.add(id);
        if (errorPath.classified) entry.classified.add(id);
        for (const category of errorPath.categories) addTo(entry.categories, category, id);
      }
    }
    for (const call of record.externalCalls) {
      const id = `${file}:${String(call.line)}:${call.label}`;
      for (const key of call.tools) {
        const entry = tools.get(key);
        if (!entry) continue;
        entry.externalCalls.add(id);
        if (call.timeout === "ok") entry.withTimeout.add(id);
      }
    }
  }
}

/** Each tool's retries, breaker calls, fan-outs and catches, for its scorecard. */
function addScorecardFacts(tools: Tools, files: readonly string[], records: ReadonlyMap<string, FileRecord>): void {
  const each = <T extends { readonly line: number; readonly tools: readonly string[] }>(
    file: string,
    kind: string,
    list: readonly T[],
    add: (tally: ScorecardTally, id: string, record: T) => void,
  ): void => {
    for (const record of list) {
      const id = `${file}:${String(record.line)}:${kind}`;
      for (const key of record.tools) {
        const entry = tools.get(key);
        if (entry) add(entry.scorecard, id, record);
      }
    }
  };
  for (const file of files) {
    // A record from the cache of an older version has none of these.
    const { retries = [], breakers = [], fanOuts = [], catches = [] } = records.get(file) as Partial<ScorecardRecords>;
    each(file, "retry", retries, (tally, id, record) => {
      tally.addRetry(id, record);
    });
    each(file, "breaker", breakers, (tally, id) => {
      tally.addBreaker(id);
    });
    each(file, "fan-out", fanOuts, (tally, id, record) => {
      tally.addFanOut(id, record);
    });
    each(file, "catch", catches, (tally, id, record) => {
      tally.addCatch(id, record);
    });
  }
}

/** Each tool's findings, by rule. */
function addFindings(tools: Tools, results: readonly ESLint.LintResult[], records: ReadonlyMap<string, FileRecord>): void {
  for (const result of results) {
    const record = records.get(result.filePath);
    for (const message of result.messages) {
      if (message.ruleId === null) continue;
      for (const key of toolsOfMessage(record, message)) {
        const entry = tools.get(key);
        if (entry) entry.findings.set(message.ruleId, (entry.findings.get(message.ruleId) ?? 0) + 1);
      }
    }
  }
}

/**
 * The index names the tools it finds through a registration by the registration's origin:
 * `file:offset` when the handler lives in another file (a registry loop registers many tools at
 * one place), `file:offset:entry:region:name` when a handler of the registration's file calls
 * into them (a dispatcher that runs registry entries, a base class calling `this.execute`).
 */
function linkRegistrations(tools: Tools): void {
  for (const [key, entry] of tools) {
    if (entry.registration) continue;
    const [origin] = splitKey(key);
    const name = entry.name ?? "";
    const candidates = [`${origin}|${name}`, `${origin}|`];
    if (name !== "" && origin.endsWith(`:${name}`)) candidates.push(`${origin.slice(0, origin.length - name.length)}|`);
    // A function found only by its return type is no registration, even when tools pass through it.
    const registration = candidates
      .map((candidate) => tools.get(candidate))
      .find((found) => found !== undefined && found !== entry && found.registration !== undefined && found.servedBy === undefined);
    if (!registration) continue;
    entry.registration = registration.registration;
    // The registration names its handler (`tool.handler`, `translate`): the function of that name
    // among those on the tool's path is it.
    entry.handler ??= namedRoot(entry, registration.handlerName) ?? registration.handler;
    if (registration.name === undefined) registration.covered = true;
  }
  for (const entry of tools.values()) entry.handler ??= namedRoot(entry, entry.handlerName);
}

/**
 * One tool, several entries: a dispatcher that handles a tool in two branches, or its own
 * remainder (the unnamed part around the cases). Entries of one registration and one name merge;
 * an unnamed one goes when the registration has named tools.
 */
function listTools(tools: Tools): Builder[] {
  const listed = new Map<string, Builder>();
  const namedAt = new Set<string>();
  const where = (entry: Builder): string => (entry.registration ? `${entry.registration.file}:${String(entry.registration.line)}` : "");
  const sorted = [...tools.values()].sort((a, b) => a.order - b.order);
  for (const entry of sorted) if (entry.name !== undefined) namedAt.add(where(entry));
  for (const entry of sorted) {
    if (entry.covered) continue;
    // A function found only by its `CallToolResult` return type is not a registration: it is a
    // helper of the tools that call it, or of tools registered where we cannot see.
    if (entry.servedBy !== undefined) continue;
    // A function of this file serving a tool whose registration we never saw (a test calling a
    // handler, say) is not a tool of this server.
    if (!entry.registration && !entry.unresolved) continue;
    if (entry.name === undefined && entry.registration && namedAt.has(where(entry))) continue;
    const id = entry.name === undefined ? `#${String(entry.order)}` : `${where(entry)}|${entry.name}`;
    const same = listed.get(id);
    if (same) merge(same, entry);
    else listed.set(id, entry);
  }
  return [...listed.values()];
}

export function buildInventory(cwd: string, results: readonly ESLint.LintResult[], records: ReadonlyMap<string, FileRecord>): ToolInventory[] {
  const files = [...records.keys()].sort();
  const tools = collectTools(cwd, files, records);
  addPathsAndCalls(tools, files, records);
  addScorecardFacts(tools, files, records);
  addFindings(tools, results, records);
  linkRegistrations(tools);
  const inventory: ToolInventory[] = [];
  for (const entry of listTools(tools)) {
    let findings = 0;
    for (const n of entry.findings.values()) findings += n;
    inventory.push({
      name: entry.name,
      framework: entry.framework,
      registration: entry.registration,
      handler: entry.handler,
      handlerUnresolved: entry.unresolved && !entry.followed,
      errorPaths: entry.errorPaths.size,
      classified: entry.classified.size,
      categories: Object.fromEntries([...entry.categories].sort().map(([category, paths]) => [category, paths.size])),
      externalCalls: entry.externalCalls.size,
      withTimeout: entry.withTimeout.size,
      findings,
      findingsByRule: Object.fromEntries([...entry.findings].sort()),
      scorecard: entry.scorecard.scorecard({
        externalCalls: entry.externalCalls.size,
        withTimeout: entry.withTimeout.size,
        errorPaths: entry.errorPaths.size,
        classified: entry.classified.size,
      }),
    });
  }
  return inventory.sort((a, b) => compareLocation(a.registration, b.registration));
}

/** The function on the tool's path that the registration names as its handler. */
function namedRoot(entry: Builder, name: string | undefined): Location | undefined {
  const root = name === undefined ? undefined : entry.roots.find((candidate) => candidate.name === name);
  return root ? { file: root.file, line: root.line } : undefined;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function merge(into: Builder, from: Builder): void {
  for (const id of from.errorPaths) into.errorPaths.add(id);
  for (const id of from.classified) into.classified.add(id);
  for (const [category, paths] of from.categories) for (const id of paths) addTo(into.categories, category, id);
  for (const id of from.externalCalls) into.externalCalls.add(id);
  for (const id of from.withTimeout) into.withTimeout.add(id);
  into.scorecard.merge(from.scorecard);
  for (const [rule, n] of from.findings) into.findings.set(rule, (into.findings.get(rule) ?? 0) + n);
}

function compareLocation(a: Location | undefined, b: Location | undefined): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0;
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line;
}
