/**
 * What `no-swallowed-failure` needs to know about a catch clause and about the values it returns:
 * which returns a catch makes, whether its try block did an access that can fail, whether it
 * falls back to another source, and whether a helper's return value reaches a successful tool
 * answer. Everything works inside one catch, one function, or along a handful of call sites.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import { answeredWithout, leftAsStarted } from "./left-as-started.js";
import { saysFailed } from "../shared/failure-flag.js";
import {
  FRAMEWORKS,
  answersInEnvelope,
  callMakesSuccess,
  classMethod,
  flagBuilderObject,
  importOf,
  splitImport,
  type ImportedCallSite,
  type ImportedSuccessHelper,
  objectLiteral,
  jsonStringifyArgument,
  successObjectsOf,
  successReturnOf,
  type McpModel,
  valueGivingCall,
  runnerCallOf,
  sameFileFunction,
} from "../../model/index.js";
import {
  type FunctionNode,
  answerCalleeName,
  calleeName,
  constInitializer,
  enclosingFunction,
  findProperty,
  findVariable,
  enclosingCatch,
  forEachOwnNode,
  someOwnNode,
  functionName,
  isFunctionNode,
  inLoop,
  isInside,
  isPropertyName,
  memberName,
  memberPath,
  mentionsName,
  messageText,
  ownReturnStatements,
  staticString,
  resolveFunction,
  rootIdentifier,
  staticKeyName,
  typeWrapped,
  unwrap,
  LEAVES,
} from "../../util/ast.js";
import { promiseCombinator } from "../shared/fan-outs.js";
import { emptyRecord } from "./empty-record.js";
import { Holder, type KnownStandIn, PRESENT, UNKNOWN, knownStandIn, takenBranch } from "./taken-branch.js";
import { type Carried, fieldDown, fieldRead, fieldValue, inField, inObject, intoField, isFixed, unlessRewritten } from "./carried.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Callees that only log, report or build an error; a call to one is not a fallback source. */
const REPORTING = /log|warn|err|fail|report|notify|track|capture|sentry|metric|emit|debug|trace|print/i;
/** Globals whose calls compute, convert or format; never another source of data. */
const BUILTINS = new Set([
  "String",
  "Number",
  "Boolean",
  "JSON",
  "Object",
  "Array",
  "Math",
  "Date",
  "Promise",
  "Error",
  "Symbol",
  "Reflect",
  "RegExp",
  "URL",
  "Buffer",
  "parseInt",
  "parseFloat",
  "encodeURIComponent",
  "decodeURIComponent",
  "console",
  "process",
]);
/** Methods of strings, arrays and numbers: a call to one transforms a value it does not fetch. */
const VALUE_METHODS = new Set([
  "trim",
  "trimStart",
  "trimEnd",
  "toLowerCase",
  "toUpperCase",
  "slice",
  "substring",
  "substr",
  "split",
  "join",
  "replace",
  "replaceAll",
  "padStart",
  "padEnd",
  "concat",
  "includes",
  "startsWith",
  "endsWith",
  "indexOf",
  "map",
  "filter",
  "reduce",
  "flatMap",
  "find",
  "some",
  "every",
  "sort",
  "toString",
  "toFixed",
  "toISOString",
  "toJSON",
  "at",
  "keys",
  "values",
  "entries",
]);

/** The return statements of a catch body; a nested catch clause is checked on its own. */
export function catchReturns(sourceCode: SourceCode, clause: TSESTree.CatchClause): TSESTree.ReturnStatement[] {
  const returns: TSESTree.ReturnStatement[] = [];
  forEachOwnNode(sourceCode, clause.body, (node) => {
    if (node.type === AST_NODE_TYPES.ReturnStatement && enclosingCatch(node) === clause) returns.push(node);
  });
  return returns;
}

/** The caught error's name, and the names of locals the catch derives from it (`const msg = e.message`, or a `let` a branch sets from it). */
export function errorNames(sourceCode: SourceCode, clause: TSESTree.CatchClause): Set<string> {
  const names = new Set<string>();
  if (clause.param?.type !== AST_NODE_TYPES.Identifier) return names;
  names.add(clause.param.name);
  /** The catch's own `let`s, which a branch may set from the error (`detail = \`Spawn failed: ${e.message}\``). */
  const locals = new Set<string>();
  for (const statement of clause.body.body) {
    if (statement.type !== AST_NODE_TYPES.VariableDeclaration) continue;
    for (const d of statement.declarations) {
      if (d.id.type !== AST_NODE_TYPES.Identifier) continue;
      if (d.init && mentionsName(sourceCode, d.init, names, "own-code")) names.add(d.id.name);
      else if (statement.kind === "let") locals.add(d.id.name);
    }
  }
  if (locals.size === 0) return names;
  forEachOwnNode(sourceCode, clause.body, (node) => {
    if (
      node.type === AST_NODE_TYPES.AssignmentExpression &&
      node.left.type === AST_NODE_TYPES.Identifier &&
      locals.has(node.left.name) &&
      mentionsName(sourceCode, node.right, names, "own-code")
    )
      names.add(node.left.name);
  });
  return names;
}

/** A test of the caught error for a failure that is only for now: a rate limit, a timeout, a dropped connection. */
const TRANSIENT_TEST = /\b429\b|rate.?limit|too many requests|ETIMEDOUT|ECONNRESET|timed? ?out/iu;

/**
 * A return the catch makes only for some errors: inside a branch that tests the error
 * (`if (e.code === "ENOENT") return []`), or any branch of a catch that rethrows the rest.
 * That is a decision about which failures are expected, not a swallowed failure.
 */
export function isSelectiveReturn(
  sourceCode: SourceCode,
  node: TSESTree.ReturnStatement,
  clause: TSESTree.CatchClause,
  names: ReadonlySet<string>,
): boolean {
  let rethrows: boolean | undefined;
  let current: TSESTree.Node = node;
  while (current !== clause.body) {
    const parent: TSESTree.Node | undefined = current.parent;
    if (!parent) return false;
    const test =
      parent.type === AST_NODE_TYPES.IfStatement || parent.type === AST_NODE_TYPES.ConditionalExpression
        ? parent.test !== current
          ? parent.test
          : undefined
        : parent.type === AST_NODE_TYPES.SwitchCase
          ? parent.parent.discriminant
          : undefined;
    if (test) {
      // `if (error.status === 429) return null`: a rate limit or a timeout is a failure to report, whatever else the catch lets through.
      if (mentionsName(sourceCode, test, names, "own-code")) return !TRANSIENT_TEST.test(sourceCode.getText(test));
      rethrows ??= containsThrow(sourceCode, clause.body);
      if (rethrows) return true;
    }
    current = parent;
  }
  return false;
}

function containsThrow(sourceCode: SourceCode, node: TSESTree.Node): boolean {
  return someOwnNode(sourceCode, node, (n) => n.type === AST_NODE_TYPES.ThrowStatement);
}

/**
 * The try block made an access that can fail: an awaited call, a call that leaves the process (a
 * request, a command, a signal sent to another process: `child.kill("SIGINT")`), or
 * a synchronous read of a file the function has checked exists (`if (!existsSync(path)) return
 * []`, then `readFileSync(path)`). Without that check the file is an optional one whose absence
 * the catch turns into a default.
 */
export function triedAccess(sourceCode: SourceCode, model: McpModel, clause: TSESTree.CatchClause): boolean {
  const existenceChecked = checkedBefore(sourceCode, model, clause.parent);
  return someOwnNode(
    sourceCode,
    clause.parent.block,
    (n) =>
      (n.type === AST_NODE_TYPES.AwaitExpression && unwrap(n.argument).type === AST_NODE_TYPES.CallExpression) ||
      (n.type === AST_NODE_TYPES.CallExpression &&
        (model.externalCall(n) !== undefined || signals(n) || (fsCall(model, n, FS_SYNC_READS) && existenceChecked(n)) || callsOut(sourceCode, model, n))),
  );
}

/** `exec("gh pr list")`, a function of the file that runs a command or makes a request itself (`execSync(cmd).trim()`). */
function callsOut(sourceCode: SourceCode, model: McpModel, call: TSESTree.CallExpression): boolean {
  const fn = sameFileFunction(sourceCode, unwrap(call.callee));
  return fn !== undefined && someOwnNode(sourceCode, fn.body, (n) => n.type === AST_NODE_TYPES.CallExpression && model.externalCall(n) !== undefined);
}

/** `session.process.kill("SIGINT")`, `process.kill(pid)`: a signal, which fails for a process that is gone or not ours. */
function signals(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "kill";
}

/** The modules of Node's file system API (and its drop-in replacements). */
const FS_MODULES = new Set(["fs", "node:fs", "fs-extra", "graceful-fs"]);
/** Their synchronous reads, which throw when the file or directory cannot be read. */
const FS_SYNC_READS = new Set(["readFileSync", "readdirSync", "statSync", "lstatSync", "opendirSync", "readlinkSync", "realpathSync"]);
const FS_EXISTS = new Set(["existsSync"]);

/** `fs.readFileSync(path)`, or `readFileSync(path)` imported from `fs`: a call of one of `names`. */
function fsCall(model: McpModel, call: TSESTree.CallExpression, names: ReadonlySet<string>): boolean {
  const facts = { sourceCode: model.sourceCode, importedFrom: model.importedFrom, requestSignals: [], customClients: new Set<string>() };
  const callee = unwrap(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) {
    const source = importOf(facts, callee);
    const [module, name] = source === undefined ? [undefined, undefined] : splitImport(source);
    return FS_MODULES.has(module ?? "") && names.has(name ?? "");
  }
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const object = unwrap(callee.object);
  const name = memberName(callee);
  return object.type === AST_NODE_TYPES.Identifier && FS_MODULES.has(importOf(facts, object) ?? "") && names.has(name ?? "");
}

/** Reads of a file or directory, by name: `readFile` of `fs/promises`, `fs.readJson`, `readdirSync`, ... */
const FILE_READS = /^(?:read(?:File|dir|Json|JSON)(?:Sync)?|l?stat(?:Sync)?|access(?:Sync)?|opendir)$/u;

/**
 * The try reads a file the function did not first check is there (`existsSync`): its failure is
 * as likely the file's absence (a first run, nothing stored yet) as a real failure.
 */
export function readsOptionalFile(sourceCode: SourceCode, model: McpModel, clause: TSESTree.CatchClause): boolean {
  const existenceChecked = checkedBefore(sourceCode, model, clause.parent);
  return someOwnNode(
    sourceCode,
    clause.parent.block,
    (n) => n.type === AST_NODE_TYPES.CallExpression && FILE_READS.test(calleeName(n) ?? "") && !existenceChecked(n),
  );
}

/** Whether the function asked `existsSync(...)` before a read in the try `statement` (the checks found once, when first asked). */
function checkedBefore(sourceCode: SourceCode, model: McpModel, statement: TSESTree.TryStatement): (read: TSESTree.CallExpression) => boolean {
  let checks: readonly number[] | undefined;
  return (read) => (checks ??= existenceChecks(sourceCode, model, statement)).some((end) => end <= read.range[0]);
}

/**
 * Where the function asks `existsSync(...)` (the end of each call) before the end of the try: a
 * synchronous read after one is of something known to be there (`if (!existsSync(dir)) return
 * []`, before the try or inside it), so its failure is a real one, not the file's absence.
 */
function existenceChecks(sourceCode: SourceCode, model: McpModel, statement: TSESTree.TryStatement): number[] {
  const fn = enclosingFunction(statement);
  const ends: number[] = [];
  if (!fn) return ends;
  forEachOwnNode(sourceCode, fn.body, (n) => {
    if (n.type === AST_NODE_TYPES.CallExpression && n.range[1] <= statement.block.range[1] && fsCall(model, n, FS_EXISTS)) ends.push(n.range[1]);
  });
  return ends;
}

/**
 * The catch body mentions a partial-result marker (`warnings.push(...)`, `result.partial = true`),
 * other than as the key of a field left empty (`return { items: [], warnings: [] }` warns of nothing).
 */
export function recordsWarning(sourceCode: SourceCode, clause: TSESTree.CatchClause, markers: ReadonlySet<string>): boolean {
  return someOwnNode(
    sourceCode,
    clause.body,
    (n) =>
      ((n.type === AST_NODE_TYPES.Identifier && markers.has(n.name)) ||
        (n.type === AST_NODE_TYPES.Literal && typeof n.value === "string" && markers.has(n.value))) &&
      !(n.parent.type === AST_NODE_TYPES.Property && n.parent.key === n && marksNothing(n.parent)),
  );
}

/** A marker field whose value says nothing: `warnings: []`, `partial: false`, `warnings: undefined`. */
export function marksNothing(property: TSESTree.Property): boolean {
  const value = unwrap(property.value);
  return emptyValue(value) !== undefined || (value.type === AST_NODE_TYPES.Literal && value.value === false);
}

/**
 * The catch falls back to another source: a call that neither logs nor reads the caught error,
 * and that is awaited, leaves the process, or gives the value the catch returns
 * (`return { content: [{ type: "text", text: JSON.stringify(await cache.get(key)) }] }`).
 */
export function fallsBack(
  sourceCode: SourceCode,
  model: McpModel,
  clause: TSESTree.CatchClause,
  returned: TSESTree.Node,
  names: ReadonlySet<string>,
  /** The returned value reads the caught error (`text: errorMessage`), as the caller already found. */
  carriesError: boolean,
): boolean {
  // Constants declared in the catch that the returned value reads.
  const usedConstants = new Set<string>();
  forEachOwnNode(sourceCode, returned, (n) => {
    if (n.type === AST_NODE_TYPES.Identifier) usedConstants.add(n.name);
  });
  let found = false;
  forEachOwnNode(sourceCode, clause.body, (n) => {
    if (found || n.type !== AST_NODE_TYPES.CallExpression || n === returned) return;
    if (!isSourceCall(sourceCode, n, names)) return;
    const parent = n.parent;
    const awaited = parent.type === AST_NODE_TYPES.AwaitExpression;
    const value = awaited ? parent : n;
    // The answer is the caught failure itself: a call whose value nothing reads (`await
    // browser.reset()`) repairs, it does not answer in the failure's place.
    if (carriesError && value.parent.type === AST_NODE_TYPES.ExpressionStatement) return;
    const declared =
      value.parent.type === AST_NODE_TYPES.VariableDeclarator &&
      value.parent.id.type === AST_NODE_TYPES.Identifier &&
      usedConstants.has(value.parent.id.name);
    const inReturned = isInside(n, returned);
    if (awaited || declared || inReturned || model.externalCall(n)) found = true;
  });
  return found;
}

function isSourceCall(sourceCode: SourceCode, call: TSESTree.CallExpression, names: ReadonlySet<string>): boolean {
  const name = calleeName(call);
  if (name === undefined || REPORTING.test(name) || VALUE_METHODS.has(name)) return false;
  const root = rootIdentifier(call.callee);
  if (root && (BUILTINS.has(root.name) || REPORTING.test(root.name))) return false;
  if (mentionsName(sourceCode, call.callee, names, "own-code")) return false;
  // `this.prefix(\`❌ **Sync failed**\`)`: a call handed only text written here formats it; it fetches nothing.
  if (call.arguments.length > 0 && call.arguments.every(isWrittenText)) return false;
  return !call.arguments.some((a) => mentionsName(sourceCode, a, names, "own-code"));
}

/** A string literal, or a template whose parts are all written in place. */
function isWrittenText(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Literal) return typeof n.value === "string";
  return n.type === AST_NODE_TYPES.TemplateLiteral && n.expressions.length === 0;
}

/** An empty value: `[]`, `{}`, `null`, `undefined`, `""`, `0`; described for the message. */
export function emptyValue(node: TSESTree.Node | null): string | undefined {
  if (!node) return "`undefined`";
  const n = unwrap(node);
  switch (n.type) {
    case AST_NODE_TYPES.ArrayExpression:
      return n.elements.length === 0 ? "an empty array" : undefined;
    case AST_NODE_TYPES.ObjectExpression:
      return n.properties.length === 0 ? "an empty object" : undefined;
    case AST_NODE_TYPES.Identifier:
      return n.name === "undefined" ? "`undefined`" : undefined;
    case AST_NODE_TYPES.Literal:
      if (n.value === null) return "`null`";
      if (n.value === "") return "an empty string";
      if (n.value === 0) return "`0`";
      return undefined;
    case AST_NODE_TYPES.TemplateLiteral:
      return n.expressions.length === 0 && n.quasis[0]?.value.cooked === "" ? "an empty string" : undefined;
    case AST_NODE_TYPES.UnaryExpression:
      return n.operator === "void" ? "`undefined`" : undefined;
    default:
      return undefined;
  }
}

/** Text that says there is nothing: "No data", "No forecast available", "None", "Not found", "Unavailable". */
export const NO_DATA_TEXT =
  /^\W*(no|nothing|none|empty|n\/a)\b|\b(not found|no (data|results?|matches|items|records|entries|rows)|not available|unavailable|nothing (was )?found|found nothing)\b/i;

/**
 * A branch of the conditional is text written in the code: fixed text (`"No matches."`), or a
 * template whose written words say there is none (`\`No active session found for PID ${pid}\``).
 * `title ? label : url` shows something else instead, and says nothing about the value.
 */
function fixedBranch(conditional: TSESTree.ConditionalExpression): boolean {
  return [conditional.consequent, conditional.alternate].some((branch) => {
    const node = unwrap(branch);
    if (staticString(node) !== undefined) return true;
    return node.type === AST_NODE_TYPES.TemplateLiteral && NO_DATA_TEXT.test(node.quasis.map((q) => q.value.cooked).join(" "));
  });
}

/**
 * Text that says it is degraded data (`"Showing cached results"`, "served from the cache"): the
 * catch fell back knowingly. A cache named as the subject ("Failed to get cache health") is not.
 */
export const DEGRADED_TEXT = /\b(?:cached|fallback|stale|partial|degraded|offline)\b|\b(?:from|using|via) (?:the |a |local |\w+ )?cache\b/i;

/** Text that says something went wrong. */
export const FAILURE_TEXT =
  /\b(errors?|fail(ed|ure|s)?|could ?n[o']t|unable|cannot|can't|problem|exception|went wrong|unavailable|timed? ?out|unreachable|not (be )?(available|reachable|accessible)|inaccessible|denied|invalid|refused)\b/i;

/**
 * The text variable a message is added to was declared with text that says the request failed or
 * found nothing (`let message = \`Content "${id}" not found.\``): what is added are hints to a
 * failure message, not an answer the agent takes as the truth.
 */
function startsAsFailure(sourceCode: SourceCode, target: TSESTree.Identifier): boolean {
  const def = findVariable(sourceCode, target)?.defs[0]?.node;
  const init = def?.type === AST_NODE_TYPES.VariableDeclarator ? def.init : null;
  const text = init?.type === AST_NODE_TYPES.Literal || init?.type === AST_NODE_TYPES.TemplateLiteral ? messageText(init) : undefined;
  return text !== undefined && (FAILURE_TEXT.test(text) || NO_DATA_TEXT.test(text));
}

/**
 * The returned value reads data from outside the catch (a variable or parameter of the function,
 * directly or through a constant of the catch): the catch answers with what it already had, not
 * with the failure (`catch { return { content: [{ type: "text", text: rawJson }] } }`).
 */
export function readsOutsideData(sourceCode: SourceCode, value: TSESTree.Node, clause: TSESTree.CatchClause, depth = 0): boolean {
  let found = false;
  forEachOwnNode(sourceCode, value, (n) => {
    if (found || n.type !== AST_NODE_TYPES.Identifier || isNameOnly(n)) return;
    const variable = findVariable(sourceCode, n);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (!def || (def.type !== DefinitionType.Variable && def.type !== DefinitionType.Parameter)) return;
    if (def.type === DefinitionType.Parameter && isInside(def.name, clause)) return;
    if (!isInside(def.name, clause)) found = true;
    else if (depth < 2 && def.type === DefinitionType.Variable && def.node.init) found = readsOutsideData(sourceCode, def.node.init, clause, depth + 1);
  });
  return found;
}

/** An identifier that names a property or a callee, not a value read. */
function isNameOnly(n: TSESTree.Identifier): boolean {
  return isPropertyName(n) || (n.parent.type === AST_NODE_TYPES.CallExpression && n.parent.callee === n);
}

/** Calls and callbacks a value may go through on its way to an answer (nested fan-outs, helpers of other files, a wrapper). */
const MAX_HOPS = 6;

/** Words of a note that may tell a failure: a warning, an error, something unavailable or down. */
const NOTES_FAILURE = /warn|error|fail|unavailable|unreachable|down|missing|partial|incomplete/i;

/** `buildWarnings`, `addWarning`, `dataQualityWarningsFor`: functions that make the answer's warnings of what they are handed. */
const WARNING_BUILDER = /warnings|^(build|make|add|collect|push|compute)\w*warning/i;

/** `buildWarnings(hits)`, `addWarning(hits as string[])`: the read is an argument of a warnings builder. */
function handedToWarnings(read: TSESTree.Node): boolean {
  const node = typeWrapped(read);
  const call = node.parent;
  return call?.type === AST_NODE_TYPES.CallExpression && call.callee !== node && WARNING_BUILDER.test(calleeName(call) ?? "");
}

/** `errorResult`, `toolError`, `fail`, `createErrorResponse`: names of functions that build error answers. */
const ERROR_BUILDER_NAME = /error|fail/i;

/** How the code after a test reacts: returns a success result, or fails. */
type Outcome = "success" | "error" | undefined;

/** Decides whether a value reaches a successful tool answer; memoizes call sites per function. */
export class SuccessFlow {
  private callsByName: Map<string, TSESTree.CallExpression[]> | undefined;
  private readonly successObjects: ReadonlySet<TSESTree.ObjectExpression>;
  private readonly errorObjects: ReadonlySet<TSESTree.ObjectExpression>;
  private readonly successHelpers = new Map<FunctionNode, ImportedSuccessHelper | null>();
  /** The variables `constantReaches` is following now: a value handed round in a loop (`const next = shape(current); current = next`) is followed once. */
  private readonly following = new Set<TSESLint.Scope.Variable>();
  /** The fields of what each function returns that a walk followed the value in (`visited`). */
  private readonly fieldVisits = new WeakMap<Set<FunctionNode>, Map<FunctionNode, Set<string>>>();

  constructor(
    private readonly sourceCode: SourceCode,
    private readonly model: McpModel,
  ) {
    // `{ content, ...(result.isError && { isError: true }) }`: an error result for the values that
    // say they failed, which the caught failure may be. Neither answer is known.
    const flagged = new Set(model.errorResults.flatMap((r) => (r.node === r.object ? [] : [r.object])));
    const successes = successObjectsOf(model.results);
    this.successObjects = flagged.size === 0 ? successes : new Set([...successes].filter((o) => !flagged.has(o)));
    this.errorObjects = new Set([...model.results.filter((r) => r.isError).map((r) => r.object), ...flagged]);
  }

  /** A value-converting framework takes `fn`'s return value as the tool's answer. */
  isValueHandler(fn: FunctionNode): boolean {
    // A function of this file that a tool of another file only calls: its callers decide.
    return this.model
      .handlersAt(fn.body)
      .some((h) => (h.entry === fn || h.root === fn) && (h.kind !== "imported" || h.registered === true) && FRAMEWORKS[h.framework].convertsValues);
  }

  /**
   * Where what `fn` returns becomes a successful answer of a tool (through at most a few calls):
   * the success result it ends up in, or the handler a framework takes a plain value from.
   */
  successAnswer(fn: FunctionNode, depth = 0, seen = new Set<FunctionNode>(), built = false, carried?: Carried): TSESTree.Node | undefined {
    if (depth > MAX_HOPS || this.visited(seen, fn, carried)) return undefined;
    if (this.isValueHandler(fn)) return fn;
    // A handler a wrapper of the file runs (`withResult(async (args) => ...)`): what the wrapper makes of its value.
    const wrapped = this.model.handlers.find((h) => h.kind !== "imported" && h.entry === fn && h.root !== fn);
    if (wrapped) return this.wrapperAnswer(wrapped.root, depth, seen, built);
    // A handler's own return is the result itself, judged by the result checks (a function that a
    // tool of another file calls is no handler of its own: its callers are followed below).
    if (this.model.handlers.some((h) => h.kind !== "imported" && (h.entry === fn || h.root === fn))) return undefined;
    // `ids.map(async (id) => load(id))`: what the callback returns is an element of the mapped array.
    const mapped = mappingCall(this.sourceCode, fn);
    if (mapped) return this.reaches(mapped, depth + 1, seen, built);
    // `rateLimited(jobs.map((job) => async () => load(job)))`: a runner of the project runs the
    // thunks, and what one returns is an element of what the runner gives back.
    const runner = thunkRunner(this.sourceCode, fn);
    if (runner) return this.reaches(runner, depth + 1, seen, built);
    // `return withDataCache(key, async () => fetchPage(id))`: the call gives back what the callback returns.
    const giving = valueGivingCall(this.sourceCode, fn) ?? this.typedGivingCall(fn);
    const given = giving ? this.reaches(giving, depth + 1, seen, built, carried) : undefined;
    if (given) return given;
    // `execute(async () => ..., format)`: a runner of the file calls the callback, and its value goes on from that call.
    const ran = giving ? undefined : runnerCallOf(this.sourceCode, fn);
    const answered = ran ? this.reaches(ran, depth + 1, seen, built, carried) : undefined;
    if (answered) return answered;
    for (const call of this.callSites(fn)) {
      if (this.model.handlersAt(call).length === 0) continue;
      const answer = this.reaches(call, depth + 1, seen, built, carried);
      if (answer) return answer;
    }
    // Calls on tool paths in other files (typed analysis), followed in their own file.
    for (const site of this.model.importedCallSites(fn)) {
      const other = site.model();
      if (other.handlersAt(site.call).length === 0) continue;
      const answer = SuccessFlow.of(other, site).reaches(site.call, depth + 1, seen, built, carried);
      if (answer) return answer;
    }
    return undefined;
  }

  /** `queue.add(async () => load(id))`, whose signature gives back what the callback returns (typed). */
  private typedGivingCall(fn: FunctionNode): TSESTree.CallExpression | undefined {
    const call = fn.parent;
    if (call.type !== AST_NODE_TYPES.CallExpression) return undefined;
    const index = call.arguments.indexOf(fn as TSESTree.CallExpressionArgument);
    return index >= 0 && this.model.types.givesBackCallback(this.sourceCode, call, index) ? call : undefined;
  }

  /**
   * `fn` was already followed in this walk: for the whole value, or for the same field of what it
   * returns. A value read twice on its way into two fields of one object (`return { count, level
   * }`) goes on in each, whichever is read first.
   */
  private visited(walk: Set<FunctionNode>, fn: FunctionNode, carried: Carried | undefined): boolean {
    if (walk.has(fn)) return true;
    if (!carried) {
      walk.add(fn);
      return false;
    }
    let byFunction = this.fieldVisits.get(walk);
    if (!byFunction) this.fieldVisits.set(walk, (byFunction = new Map<FunctionNode, Set<string>>()));
    let fields = byFunction.get(fn);
    if (!fields) byFunction.set(fn, (fields = new Set<string>()));
    const key = carried.fields.join(".");
    if (fields.has(key)) return true;
    fields.add(key);
    return false;
  }

  /**
   * A wrapper's function that calls the handler it was given (`const response = await handler(args);
   * return { content: [{ type: "text", text: response }] }`): where the handler's value becomes a
   * success result in it. Handing the value back as it is (`return await handler(args)`) makes it
   * the result itself, judged by the result checks.
   */
  private wrapperAnswer(root: FunctionNode, depth: number, seen: Set<FunctionNode>, built: boolean): TSESTree.Node | undefined {
    const factory = enclosingFunction(root);
    const params = new Set(factory ? factory.params.flatMap((p) => (p.type === AST_NODE_TYPES.Identifier ? [p.name] : [])) : []);
    let answer: TSESTree.Node | undefined;
    forEachOwnNode(this.sourceCode, root.body, (node) => {
      if (answer || node.type !== AST_NODE_TYPES.CallExpression) return;
      const callee = unwrap(node.callee);
      if (callee.type === AST_NODE_TYPES.Identifier && params.has(callee.name)) answer = this.reaches(node, depth + 1, seen, built);
    });
    return answer;
  }

  /**
   * Where `fn` answers successfully after `node`: what it returns becoming a successful answer,
   * or a return of its own after `node` that is no error result (`return createToolResponse(json)`).
   */
  answerAfter(fn: FunctionNode, node: TSESTree.Node): TSESTree.Node | undefined {
    const answer = this.successAnswer(fn);
    if (answer) return answer;
    if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return undefined;
    return ownReturnStatements(fn.body).find((r) => {
      const value = r.argument ? unwrap(r.argument) : undefined;
      if (!value || r.range[0] < node.range[1]) return false;
      if (value.type === AST_NODE_TYPES.ObjectExpression) return this.successObjects.has(value);
      return value.type === AST_NODE_TYPES.CallExpression && !this.buildsError(value);
    });
  }

  /** `fn` is a handler whose return value is the tool's result (registered as such, not only called by a tool). */
  private answersWithReturn(fn: FunctionNode): boolean {
    return this.model.handlers.some(
      (h) => (h.entry === fn || h.root === fn) && (h.kind !== "imported" || h.registered === true) && !answersInEnvelope(h.framework),
    );
  }

  /** A call that makes an error result: of an error helper, or of one the file cannot see whose name says it builds errors. */
  private buildsError(call: TSESTree.CallExpression): boolean {
    return this.errorHelperCalls().has(call) || ERROR_BUILDER_NAME.test(calleeName(call) ?? "");
  }

  /** The calls of error helpers (this file's, and with types those of other files): they make error results. */
  private errorHelperCalls(): ReadonlySet<TSESTree.Node> {
    this.helperCalls ??= new Set(this.model.errorResults.flatMap((r) => (r.helperCall ? [r.helperCall] : [])));
    return this.helperCalls;
  }

  private helperCalls: Set<TSESTree.Node> | undefined;

  /**
   * The result every return of the called helper gives, when each is a success result literal
   * (`return toResult(data)`): a helper of this file, or with types one of another file.
   */
  successHelper(call: TSESTree.CallExpression): ImportedSuccessHelper | undefined {
    const callee = unwrap(call.callee);
    const name = answerCalleeName(call);
    if (name === undefined) return undefined;
    // `this.toResult(data)`: a method of the enclosing class, or with types one a base class of another file declares.
    const fn = callee.type === AST_NODE_TYPES.Identifier ? resolveFunction(this.sourceCode, callee) : classMethod(call, name.slice("this.".length));
    let helper = fn ? this.successHelpers.get(fn) : this.importedSuccessHelpers().get(name);
    if (fn && helper === undefined) {
      const object = successReturnOf(this.model.results, fn, this.sourceCode.visitorKeys);
      const flagged = object ? undefined : flagBuilderObject(fn);
      helper = object ? { object, source: this.sourceCode } : flagged ? { object: flagged, source: this.sourceCode, builder: fn } : null;
      this.successHelpers.set(fn, helper);
    }
    // `reply(text)` of `reply(text, isError = false)`: a success only when the call says so.
    if (!helper || (helper.builder && !callMakesSuccess(helper.builder, helper.object, call))) return undefined;
    return helper;
  }

  /** The success helpers the file imports: from its model, or, for a model the index built, from the call site that led here. */
  private importedSuccessHelpers(): ReadonlyMap<string, ImportedSuccessHelper> {
    if (this.model.importedSuccessHelpers.size > 0 || !this.site?.successHelpers) return this.model.importedSuccessHelpers;
    return this.site.successHelpers();
  }

  private site: ImportedCallSite | undefined;

  private static readonly flows = new WeakMap<McpModel, SuccessFlow>();

  /** The flow of another file's model (one per model), reached from `site`. */
  static of(model: McpModel, site?: ImportedCallSite): SuccessFlow {
    let flow = SuccessFlow.flows.get(model);
    if (!flow) SuccessFlow.flows.set(model, (flow = new SuccessFlow(model.sourceCode, model)));
    flow.site ??= site;
    return flow;
  }

  /**
   * Where the value of `node` ends up in a successful answer: a success result, or returned on.
   * `built`: the value went into a call that builds something of it (`formatLogs(logs)`), so a
   * handler that returns what it got answers with it, in a result that another function made.
   */
  reaches(node: TSESTree.Node, depth: number, seen: Set<FunctionNode>, built = false, carried?: Carried): TSESTree.Node | undefined {
    let current = node;
    /** The field of an object that holds the value, while it goes on in that object. */
    let carrying = carried;
    /** The position of the value in the last array literal it went through (`Promise.all([a, b])`). */
    let element: number | undefined;
    /** The array went into `Promise.allSettled`: each element comes back as an outcome. */
    let settled = false;
    for (;;) {
      const parent: TSESTree.Node = current.parent as TSESTree.Node;
      switch (parent.type) {
        case AST_NODE_TYPES.ObjectExpression:
          if (this.successObjects.has(parent)) return parent;
          if (this.errorObjects.has(parent)) return undefined;
          if (carrying) carrying = inObject(carrying, parent);
          break;
        case AST_NODE_TYPES.ReturnStatement: {
          const fn = enclosingFunction(parent);
          if (!fn) return undefined;
          return built && this.answersWithReturn(fn) ? parent : this.successAnswer(fn, depth, seen, built, carrying);
        }
        case AST_NODE_TYPES.ArrowFunctionExpression:
          if (parent.body !== current) return undefined;
          return built && this.answersWithReturn(parent) ? parent.body : this.successAnswer(parent, depth, seen, built, carrying);
        // `if (!(await isAvailable(skill))) return "Not available."`: a test of the value itself, whose branch answers.
        case AST_NODE_TYPES.UnaryExpression:
          if (parent.operator !== "!" || parent.parent.type !== AST_NODE_TYPES.IfStatement || parent.parent.test !== parent) return undefined;
          break;
        case AST_NODE_TYPES.IfStatement:
          return parent.test === current && this.branchOutcome(current) === "success" ? current : undefined;
        case AST_NODE_TYPES.VariableDeclarator:
          return parent.init === current ? this.declaredReaches(parent.id, { element, settled, carrying }, depth, seen, built) : undefined;
        case AST_NODE_TYPES.CallExpression:
          // An argument of a formatter (`JSON.stringify(x)`) carries on; the callee itself does not.
          if (parent.callee === current && unwrap(current).type !== AST_NODE_TYPES.MemberExpression) return undefined;
          // `return toolResult(data)`: a helper of the file that makes a success result of it.
          if (parent.callee !== current && this.successHelper(parent)) return parent;
          if (parent.callee !== current && promiseCombinator(this.model, parent, "allSettled")) settled = true;
          // `results.push(...found)`: the value is now part of the list, which goes on from there.
          if (parent.callee !== current) {
            const list = pushedInto(this.sourceCode, parent);
            if (list) return depth < 6 ? this.constantReaches(list, depth + 1, seen, built) : undefined;
            // Into an error result (`return errorResult(formatError(e))`): no success answer. A
            // helper this file cannot see whose name says it builds errors counts as one.
            if (this.buildsError(parent)) return undefined;
            built = true;
          }
          // `Promise.all([...])` gives back each element as it was (the array kept the field only
          // for it, below); any other call makes something of its arguments.
          if (current.type !== AST_NODE_TYPES.ArrayExpression) carrying = undefined;
          break;
        case AST_NODE_TYPES.ArrayExpression:
          element = parent.elements.indexOf(current as TSESTree.Expression);
          if (parent.parent.type !== AST_NODE_TYPES.CallExpression || !promiseCombinator(this.model, parent.parent, "all")) carrying = undefined;
          break;
        // `for (const device of devices) found.push({ id: device.id })`: each item goes on as the loop's variable.
        case AST_NODE_TYPES.ForOfStatement:
          return parent.right === current ? this.itemsReach(parent, settled, depth, seen, built, carrying) : undefined;
        case AST_NODE_TYPES.AssignmentExpression: {
          const target = parent.left;
          // `message += \` It has ${accounts.length} accounts.\``: the text is now part of the message.
          // A message that starts by saying the request failed (`let message = "Not found."`): its hints are no answer.
          if (parent.right === current && parent.operator === "+=" && target.type === AST_NODE_TYPES.Identifier)
            return startsAsFailure(this.sourceCode, target) ? undefined : this.constantReaches(target, depth, seen, true, target);
          if (parent.right !== current || parent.operator !== "=") return undefined;
          if (target.type === AST_NODE_TYPES.Identifier) return this.constantReaches(target, depth, seen, built, target, carrying);
          // `details.comments = await commentsOf(id)` (or a field further down, `report.totals.done = n`): the object goes on.
          const holder = fieldHolder(target);
          const key =
            holder && unwrap((target as TSESTree.MemberExpression).object) === holder ? memberName(target as TSESTree.MemberExpression) : undefined;
          return holder && depth < 6
            ? this.constantReaches(holder, depth + 1, seen, built, undefined, key === undefined ? undefined : inField(key))
            : undefined;
        }
        // `result.data` of an object whose field `data` holds the value; another field does not.
        case AST_NODE_TYPES.MemberExpression:
          if (carrying && parent.object === current) {
            if (fieldRead(carrying, parent) !== "value") return undefined;
            carrying = fieldDown(carrying);
          }
          break;
        case AST_NODE_TYPES.Property:
          carrying = parent.value === current && parent.parent.type === AST_NODE_TYPES.ObjectExpression ? intoField(carrying, parent) : undefined;
          break;
        // `{ ...page, items }`: the fields go on in the new object; `[...items]`, `f(...items)` make something else of them.
        case AST_NODE_TYPES.SpreadElement:
          if (parent.parent.type !== AST_NODE_TYPES.ObjectExpression) carrying = undefined;
          break;
        case AST_NODE_TYPES.TemplateLiteral:
          carrying = undefined;
          break;
        case AST_NODE_TYPES.AwaitExpression:
        case AST_NODE_TYPES.ChainExpression:
        case AST_NODE_TYPES.TSAsExpression:
        case AST_NODE_TYPES.TSNonNullExpression:
        case AST_NODE_TYPES.TSSatisfiesExpression:
          break;
        case AST_NODE_TYPES.BinaryExpression:
          if (parent.operator !== "+") return undefined;
          carrying = undefined;
          break;
        // `(await load(id)) ?? []`, `items || []` of what was built of it: an empty stand-in goes on, as itself or
        // as the default (no branch is worked out then); `?? defaults` is a fallback, `found.data ?? ""` the field's.
        case AST_NODE_TYPES.LogicalExpression:
          if (parent.left !== current || parent.operator === "&&" || carrying || emptyValue(parent.right) === undefined) return undefined;
          if (!(seen instanceof StandInWalk) || (!built && unwrap(current).type === AST_NODE_TYPES.MemberExpression)) return undefined;
          return this.reaches(parent, depth, new Set(seen), built, carrying);
        // `typeof response === "string" ? response : response.text`: the same value either way, reshaped.
        case AST_NODE_TYPES.ConditionalExpression:
          // `result === undefined ? null : clone(result)`, for an empty list: the branch that carries it.
          if (parent.test !== current && seen instanceof TruthyStandInWalk && this.presenceBranch(parent.test, current)) break;
          if (!this.eitherBranch(parent, current, seen)) return undefined;
          carrying = undefined;
          break;
        default:
          return undefined;
      }
      current = parent;
    }
  }

  /**
   * The conditional gives back the value in `current`, its branch, whichever branch it takes:
   * the other branch reshapes the same variable, or reads another source (`platform === "github"
   * ? getGithubPrUrl(branch) : getGitlabMrUrl(branch)`, for a stand-in). (`wanted ? await
   * listTools() : undefined` chooses whether a part is there: not followed.)
   */
  private eitherBranch(parent: TSESTree.ConditionalExpression, current: TSESTree.Node, seen: Set<FunctionNode>): boolean {
    if (parent.test === current) return false;
    const other = parent.consequent === current ? parent.alternate : parent.consequent;
    if (seen instanceof StandInWalk && isCallValue(current) && isCallValue(other)) return true;
    return current.type === AST_NODE_TYPES.Identifier && mentionsName(this.sourceCode, other, new Set([current.name]), "subtree");
  }

  /**
   * The variables a declaration binds the value to: `const items = ...`; one element of an array
   * (`const [order, notes] = await Promise.all([loadOrder(id), loadNotes(id)])`); an outcome of
   * `Promise.allSettled`; or, for a value in a field, the variable of that field (`const { rows } =
   * result.data`, `const [{ segments }, issues] = await Promise.all([...])`).
   */
  private declaredReaches(
    id: TSESTree.Node,
    at: { readonly element: number | undefined; readonly settled: boolean; readonly carrying: Carried | undefined },
    depth: number,
    seen: Set<FunctionNode>,
    built: boolean,
  ): TSESTree.Node | undefined {
    if (id.type === AST_NODE_TYPES.Identifier && (at.settled || at.element !== undefined))
      return at.settled ? this.outcomesReach(id, depth, seen, built) : this.constantReaches(id, depth, seen, built);
    if (at.element === undefined) return this.bindingReaches(id, depth, seen, built, at.carrying);
    const bound = id.type === AST_NODE_TYPES.ArrayPattern ? id.elements[at.element] : undefined;
    if (at.settled) return bound?.type === AST_NODE_TYPES.Identifier ? this.outcomeReaches(bound, depth, seen, built) : undefined;
    return bound ? this.bindingReaches(bound, depth, seen, built, at.carrying) : undefined;
  }

  /** A variable the value is bound to, or the variable of the field that holds it. */
  private bindingReaches(
    id: TSESTree.Node,
    depth: number,
    seen: Set<FunctionNode>,
    built: boolean,
    carried: Carried | undefined,
  ): TSESTree.Node | undefined {
    if (id.type === AST_NODE_TYPES.Identifier) return this.constantReaches(id, depth, seen, built, undefined, carried);
    if (id.type !== AST_NODE_TYPES.ObjectPattern || !carried) return undefined;
    // `const { data, error } = await load(id); if (error) throw ...`: a field next to the value may tell the failure apart.
    if (siblingTested(this.sourceCode, id, carried)) return undefined;
    const bound = fieldBinding(id, carried.fields[0]);
    return bound ? this.constantReaches(bound, depth, seen, built, undefined, fieldDown(carried)) : undefined;
  }

  /** The variable of a `for...of` over the value: each item, or each outcome of `Promise.allSettled`. */
  private itemsReach(
    loop: TSESTree.ForOfStatement,
    settled: boolean,
    depth: number,
    seen: Set<FunctionNode>,
    built: boolean,
    carried: Carried | undefined,
  ): TSESTree.Node | undefined {
    const declared = loop.left.type === AST_NODE_TYPES.VariableDeclaration ? loop.left.declarations[0].id : undefined;
    // `for (const { accountId, calendars } of perAccount)`: each item's fields.
    if (declared?.type === AST_NODE_TYPES.ObjectPattern && !settled) return this.itemFieldsReach(declared, depth, seen, built, carried);
    if (declared?.type !== AST_NODE_TYPES.Identifier) return undefined;
    return settled ? this.outcomeReaches(declared, depth, seen, built) : this.constantReaches(declared, depth, seen, built);
  }

  /**
   * `for (const { accountId, calendars } of perAccount)`: the field that holds the value, when it
   * is known; else every field, as reads of a whole item would (`entry.calendars`), unless one of
   * them is tested (`if (error) continue`): a field next to the value may tell the failure apart.
   */
  private itemFieldsReach(
    pattern: TSESTree.ObjectPattern,
    depth: number,
    seen: Set<FunctionNode>,
    built: boolean,
    carried: Carried | undefined,
  ): TSESTree.Node | undefined {
    if (carried) return this.bindingReaches(pattern, depth, seen, built, carried);
    if (siblingTested(this.sourceCode, pattern, { fields: [], fixed: new Set() })) return undefined;
    let reached: TSESTree.Node | undefined;
    for (const property of pattern.properties) {
      const bound = property.type === AST_NODE_TYPES.Property ? property.value : property.argument;
      if (bound.type === AST_NODE_TYPES.Identifier) reached ??= this.constantReaches(bound, depth, seen, built);
    }
    return reached;
  }

  /**
   * `const [local] = await Promise.allSettled([searchLocal(q)])`: the value goes on where the
   * outcome's `value` is read (`local.status === "fulfilled" ? local.value : []`, the whole
   * conditional when its test reads the outcome). Reads of `status` and `reason` only test it.
   */
  private outcomeReaches(outcome: TSESTree.Identifier, depth: number, seen: Set<FunctionNode>, built: boolean): TSESTree.Node | undefined {
    const variable = findVariable(this.sourceCode, outcome);
    let reached: TSESTree.Node | undefined;
    for (const reference of variable?.references ?? []) {
      // `outcome.value`, also `(outcome as PromiseFulfilledResult<Note[]>).value`.
      const object = typeWrapped(reference.identifier);
      const member = object.parent;
      if (reference.init || member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== object || memberName(member) !== "value") continue;
      // `local.status === "fulfilled" ? local.value : []`: the value either way.
      const conditional = member.parent;
      if (
        conditional.type === AST_NODE_TYPES.ConditionalExpression &&
        conditional.consequent === member &&
        comparedStatus(unwrap(conditional.test), new Set([outcome.name])) === "fulfilled"
      ) {
        reached ??= this.reaches(conditional, depth, seen, built);
        continue;
      }
      const test = testOf(member);
      // `o.status === "fulfilled" && o.value && Array.isArray(o.value)`: an empty list passes.
      if (test && seen instanceof TruthyStandInWalk && asksPresentOnly(this.sourceCode, test, member)) continue;
      // Any other test of the value (`local.value.length === 0`) may tell the failure apart.
      if (test) return undefined;
      reached ??= this.reaches(member, depth, seen, built);
    }
    return reached;
  }

  /**
   * `const outcomes = await Promise.allSettled(searches)`: each outcome, taken one at a time
   * (`for (const outcome of outcomes)`, `outcomes.forEach((outcome) => ...)`, `.map`, also after a
   * `.filter`), goes on where its `value` is read.
   */
  private outcomesReach(list: TSESTree.Identifier, depth: number, seen: Set<FunctionNode>, built: boolean): TSESTree.Node | undefined {
    let reached: TSESTree.Node | undefined;
    for (const reference of findVariable(this.sourceCode, list)?.references ?? []) {
      if (reference.init || !reference.isRead()) continue;
      const item = outcomeItem(reference.identifier);
      if (item) reached ??= this.outcomeReaches(item, depth, seen, built);
    }
    return reached;
  }

  /** `branch` reads a value that `test` only asks the presence of (`result === undefined ? null : clone(result)`). */
  private presenceBranch(test: TSESTree.Node, branch: TSESTree.Node): boolean {
    let found = false;
    forEachOwnNode(this.sourceCode, test, (n) => {
      if (found || n.type !== AST_NODE_TYPES.Identifier) return;
      const variable = findVariable(this.sourceCode, n);
      if (!variable || !asksPresenceOnly(this.sourceCode, test, variable)) return;
      const reads = referenceNodes(variable);
      found = someOwnNode(this.sourceCode, branch, (m) => reads.has(m));
    });
    return found;
  }

  /**
   * `return { data: message }` from a catch of `fn`: the successful answer that a caller's read of
   * `data` from `fn`'s value ends up in (same-file calls on tool paths, and with types the calls
   * of other files). `const r = await fn()` then `r.data`, `const { data } = await fn()`, or
   * `(await fn()).data`; a caller that tests the field and fails on it tells the failure apart.
   */
  fieldAnswer(fn: FunctionNode, field: string, depth = 0): TSESTree.Node | undefined {
    for (const call of this.callSites(fn)) {
      if (this.model.handlersAt(call).length === 0) continue;
      const answer = this.fieldReaches(call, field) ?? this.fieldPassedOn(call, field, depth);
      if (answer) return answer;
    }
    for (const site of this.model.importedCallSites(fn)) {
      const other = site.model();
      if (other.handlersAt(site.call).length === 0) continue;
      const flow = SuccessFlow.of(other, site);
      const answer = flow.fieldReaches(site.call, field) ?? flow.fieldPassedOn(site.call, field, depth);
      if (answer) return answer;
    }
    return undefined;
  }

  /**
   * A caller that hands the value on as it is (`return await this.perform(input)`, `const result
   * = await run(); return result;`): the field reaches what the callers of that caller make of it.
   */
  private fieldPassedOn(call: TSESTree.CallExpression, field: string, depth: number): TSESTree.Node | undefined {
    if (depth >= PASS_ON_LIMIT) return undefined;
    const outer = returnedAsIs(this.sourceCode, call);
    return outer ? this.fieldAnswer(outer, field, depth + 1) : undefined;
  }

  private fieldReaches(call: TSESTree.CallExpression, field: string): TSESTree.Node | undefined {
    const holder = valueHolder(call);
    const parent = holder.parent;
    const seen = new Set<FunctionNode>();
    if (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === holder)
      return memberName(parent) === field ? this.reaches(throughDefaults(parent), 1, seen) : undefined;
    if (parent.type !== AST_NODE_TYPES.VariableDeclarator || parent.init !== holder) return undefined;
    if (parent.id.type === AST_NODE_TYPES.ObjectPattern) {
      const bound = fieldBinding(parent.id, field);
      return bound ? this.constantReaches(bound, 1, seen) : undefined;
    }
    if (parent.id.type !== AST_NODE_TYPES.Identifier) return undefined;
    let reached: TSESTree.Node | undefined;
    for (const reference of findVariable(this.sourceCode, parent.id)?.references ?? []) {
      if (reference.init) continue;
      if (reference.isWrite()) return undefined;
      const member = reference.identifier.parent;
      if (member.type !== AST_NODE_TYPES.MemberExpression || member.object !== reference.identifier || memberName(member) !== field) continue;
      const test = testOf(member);
      if (test && isBranchTest(test)) {
        if (this.branchOutcome(test) === "error") return undefined;
        continue;
      }
      reached ??= this.reaches(throughDefaults(member), 1, seen);
    }
    return reached;
  }

  /**
   * `const items = await load()`: some read of `items` reaches a success answer, and no read is
   * tested by a branch that fails (`if (!items) throw ...`), since then the caller tells failures apart.
   * A test whose branch answers successfully (`if (items.length === 0) return { content: ["None"] }`)
   * is a success answer too. Also a `let` whose one write is `assigned` (`let result; try {
   * result = await run() } ...`).
   */
  private constantReaches(
    id: TSESTree.Identifier,
    depth: number,
    seen: Set<FunctionNode>,
    built = false,
    assigned?: TSESTree.Identifier,
    carried?: Carried,
  ): TSESTree.Node | undefined {
    const variable = findVariable(this.sourceCode, id);
    if (!variable || this.following.has(variable)) return undefined;
    this.following.add(variable);
    try {
      return this.referencesReach(variable, depth, seen, built, assigned, carried);
    } finally {
      this.following.delete(variable);
    }
  }

  private referencesReach(
    variable: TSESLint.Scope.Variable,
    depth: number,
    seen: Set<FunctionNode>,
    built: boolean,
    assigned: TSESTree.Identifier | undefined,
    holding: Carried | undefined,
  ): TSESTree.Node | undefined {
    let reached: TSESTree.Node | undefined;
    // `report.status = 502` after `{ status: 200, ... }`: the field is not fixed after all.
    const carried = holding && unlessRewritten(holding, variable.references);
    // The value as the catch gave it: the branches of an `if` it does not take do not run for it.
    const standIn = !built && seen instanceof StandInWalk && boundToCall(variable, assigned) ? standInOf(seen, carried) : undefined;
    const notTaken: TSESTree.Node[] = [];
    for (const reference of variable.references) {
      if (reference.init || notTaken.some((branch) => isInside(reference.identifier, branch))) continue;
      // `let rules = cache.get(id); if (rules === undefined) rules = load(id)`: what runs before the
      // write does not see the value. (Something built of the value, `entry = await create({ name })`,
      // keeps every reference: what the entry holds besides the value is unknown.)
      if (assigned && !built && runsBefore(reference.identifier, assigned)) continue;
      // `filtered = filtered.filter(...)`: the same value, narrowed or reshaped, goes on.
      if (reference.isWrite() && reshapesItself(this.sourceCode, reference, variable)) continue;
      if (reference.isWrite() && reference.identifier !== assigned && !(assigned && exclusiveBranches(reference.identifier, assigned))) return undefined;
      if (reference.isWrite()) continue;
      // `typeof response === "string" ? response : response.text`: a test of the value's kind, not of what it says.
      const parent = reference.identifier.parent;
      if (parent.type === AST_NODE_TYPES.UnaryExpression && parent.operator === "typeof") continue;
      // `if (!result.success) throw ...` of an object that sets `success` itself: the same either way.
      const field =
        carried && parent.type === AST_NODE_TYPES.MemberExpression && parent.object === reference.identifier ? fieldRead(carried, parent) : undefined;
      if (field === "fixed") continue;
      // `if ("error" in result)` of `{ data, status: 200 }`: a test for another return.
      if (carried && parent.type === AST_NODE_TYPES.BinaryExpression && parent.operator === "in" && parent.right === reference.identifier) {
        const key = staticString(parent.left);
        if (key !== undefined && isFixed(carried, key)) continue;
      }
      // `buildCommitteeWarnings(committee, documents)` with the helper's value as it came: the
      // answer notes what is missing. (An object made of it, `buildWarnings(sources)`, may leave it out.)
      if (!built && handedToWarnings(reference.identifier)) return undefined;
      const test = testOf(reference.identifier);
      // `if (isCallToolResult(output)) return output;`: a test of the value's kind, whose branch hands it on.
      if (test && handsItOn(test, variable)) continue;
      // `hits.length ? hits.join("\n") : "No matches found"`: the answer says "none" for the failure
      // too. Only a fixed text in a branch says so; `title ? label : url` shows something else instead.
      const conditional = test?.parent;
      // `result === undefined ? null : clone(result)`: an empty list takes the branch that carries it.
      if (
        conditional?.type === AST_NODE_TYPES.ConditionalExpression &&
        seen instanceof TruthyStandInWalk &&
        asksPresenceOnly(this.sourceCode, conditional.test, variable)
      )
        continue;
      if (conditional?.type === AST_NODE_TYPES.ConditionalExpression && conditional.test === test) {
        // `suggestion: hits.length ? undefined : hint()`: a note only one case gets; the value goes on in its other reads.
        if (addsNoteOnly(this.sourceCode, conditional, variable)) continue;
        const says = fixedBranch(conditional);
        // Another field of the object (`result.error ? ... : ...`) may tell the failure apart, and is not the value.
        if (!says || field === "other") return undefined;
        reached ??= this.reaches(conditional, depth, seen, built);
        continue;
      }
      if (test) {
        // `if (all.length === 0) return emptyResult()` on a list the stand-in is part of: nothing
        // again, which goes on as the value whichever branch the stand-in takes.
        const statement = test.parent;
        const emptied =
          !standIn && statement?.type === AST_NODE_TYPES.IfStatement && statement.test === test
            ? emptiedReturn(this.sourceCode, statement.consequent)
            : undefined;
        if (emptied) {
          reached ??= this.reaches(emptied, depth, new Set(seen), built);
          continue;
        }
        const outcome = this.branchOutcome(test);
        // `if (!results || !Array.isArray(results.data)) throw ...`: an empty list goes through.
        if (outcome === "error" && seen instanceof TruthyStandInWalk && asksPresenceOnly(this.sourceCode, test, variable)) continue;
        // `if (accounts && accounts.length > 0) {...} else { message += " No accounts were found." }`
        // for `[]`: only the branch it takes decides.
        const branch = standIn ? takenBranch(test, variable.name, standIn) : undefined;
        const elseTaken = outcome === "success" && this.failsInElse(test, branch?.taken);
        // `if (image) items.push(image)` in a loop: the failed item is dropped from the answer unseen.
        if ((outcome !== "success" || elseTaken) && !skipsItem(this.sourceCode, test, reference.identifier)) {
          if (branch) {
            if (branch.skipped) notTaken.push(branch.skipped);
            if (!branch.taken) {
              // `if (output.trim()) { ... totalMerges++ }`: what the branch would have filled stays as it started.
              const statement = test.parent as TSESTree.IfStatement;
              for (const read of branch.skipped ? leftAsStarted(this.sourceCode, statement, branch.skipped) : []) {
                reached ??= this.reaches(read, depth, seen, true);
              }
              // `if (readme) { ...; return withReadme } return plain`: the same answer, less the value.
              const without = branch.skipped ? answeredWithout(this.sourceCode, statement, branch.skipped) : undefined;
              if (without) reached ??= this.reaches(without, depth, seen, true);
              continue;
            }
            // `if (all.length === 0) return emptyResult()`: nothing again, which goes on as the value
            // (no longer the stand-in itself, so no branch of it can be worked out).
            const emptied = emptiedReturn(this.sourceCode, branch.taken, standIn);
            if (emptied) {
              reached ??= this.reaches(emptied, depth, new Set(seen), built);
              continue;
            }
            if (branchNotes(this.sourceCode, branch.taken, referenceNodes(variable))) return undefined;
            const added = addedText(branch.taken);
            if (added) reached ??= this.reaches(added, depth, seen, true);
            continue;
          }
          // `if (accounts.length > 0) {...} else { message += " No accounts were found." }`: what follows runs either way.
          if (outcome === undefined && goesOnEitherWay(this.sourceCode, test, variable)) continue;
          return undefined;
        }
        // A branch on another field of the object (`if (result.data.title) return ...`) answers without the value.
        if (field !== "other") reached ??= test;
        continue;
      }
      reached ??= this.reaches(reference.identifier, depth, seen, built, carried);
    }
    return reached;
  }

  /**
   * `return { context: "", isRagWorking: false }` from a catch: the callers on tool paths that
   * test that flag, and answer with a success result when it says the call failed. The success
   * result of the first such caller.
   */
  flagAnswer(fn: FunctionNode, flag: string): TSESTree.ObjectExpression | undefined {
    for (const call of this.callSites(fn)) {
      if (this.model.handlersAt(call).length === 0) continue;
      let holder: TSESTree.Node = call;
      while (holder.parent.type === AST_NODE_TYPES.AwaitExpression || holder.parent.type === AST_NODE_TYPES.TSAsExpression) holder = holder.parent;
      const declarator = holder.parent;
      if (declarator.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id.type !== AST_NODE_TYPES.Identifier) continue;
      for (const reference of findVariable(this.sourceCode, declarator.id)?.references ?? []) {
        const member = reference.identifier.parent;
        if (member.type !== AST_NODE_TYPES.MemberExpression || member.object !== reference.identifier || memberName(member) !== flag) continue;
        const answer = this.failingBranchAnswer(member);
        if (answer) return answer;
      }
    }
    return undefined;
  }

  /** `if (r.ok) {...} else { return <success> }` / `if (!r.ok) return <success>`: the success result of the branch taken when the flag is false. */
  private failingBranchAnswer(read: TSESTree.MemberExpression): TSESTree.ObjectExpression | undefined {
    const negated = read.parent.type === AST_NODE_TYPES.UnaryExpression && read.parent.operator === "!";
    const test = negated ? read.parent : read;
    const statement = test.parent;
    if (statement?.type !== AST_NODE_TYPES.IfStatement || statement.test !== test) return undefined;
    const branch = negated ? statement.consequent : statement.alternate;
    if (!branch) return undefined;
    const found: { answer?: TSESTree.ObjectExpression; fails: boolean } = { fails: false };
    forEachOwnNode(this.sourceCode, branch, (n) => {
      if (n.type === AST_NODE_TYPES.ThrowStatement) found.fails = true;
      if (n.type !== AST_NODE_TYPES.ReturnStatement || !n.argument) return;
      const value = unwrap(n.argument);
      if (value.type === AST_NODE_TYPES.ObjectExpression && this.successObjects.has(value)) found.answer ??= value;
      else found.fails = true;
    });
    return found.fails ? undefined : found.answer;
  }

  /**
   * Where a read of a value after a try reaches a successful answer: as `reaches`, and through a
   * conditional whose test it sits in when a branch is fixed text (`found.length === 0 ? "No
   * matches." : found.join("\\n")`): the answer says "none" for the failure too.
   */
  readReaches(read: TSESTree.Node, seen: Set<FunctionNode>): TSESTree.Node | undefined {
    const test = testOf(read);
    const conditional = test?.parent;
    if (conditional?.type === AST_NODE_TYPES.ConditionalExpression && conditional.test === test && fixedBranch(conditional))
      return this.reaches(conditional, 0, seen);
    return this.reaches(read, 0, seen);
  }

  /**
   * A read of a list the code after a try goes on with sits in a test whose branch may fail
   * (`if (!useCli || devices.length === 0) { ... fall back, or return an error ... }`): the code
   * tells the failure apart. (A test that only ends a loop, `if (found.length >= limit) break`, does not.)
   */
  tellsApart(read: TSESTree.Node): boolean {
    const test = testOf(read);
    return test?.parent?.type === AST_NODE_TYPES.IfStatement && this.branchOutcome(test) === "error";
  }

  /** What the branch that a test guards does first: answer successfully, or fail. */
  private branchOutcome(test: TSESTree.Node): Outcome {
    const statement = test.parent;
    if (statement?.type !== AST_NODE_TYPES.IfStatement || statement.test !== test) return undefined;
    return this.outcomeOf(statement.consequent);
  }

  /** `if (connected) { return ok } else { throw ... }` for a predicate's `false`: the `else` it takes (`taken`) fails the tool. */
  private failsInElse(test: TSESTree.Node, taken: TSESTree.Statement | null | undefined): boolean {
    return taken != null && taken === (test.parent as TSESTree.IfStatement).alternate && this.outcomeOf(taken) === "error";
  }

  /** What a branch does first: answer successfully, or fail. */
  private outcomeOf(branch: TSESTree.Statement): Outcome {
    let outcome: Outcome;
    forEachOwnNode(this.sourceCode, branch, (n) => {
      if (outcome) return;
      if (n.type === AST_NODE_TYPES.ThrowStatement) outcome = "error";
      if (n.type === AST_NODE_TYPES.ReturnStatement && n.argument) {
        const value = unwrap(n.argument);
        const fn = enclosingFunction(n);
        // Text a framework, or a wrapper of the file (`tool(name, ..., async (args) => text)`), makes the answer of.
        const plain = fn !== undefined && messageText(value) !== undefined && this.successAnswer(fn) !== undefined;
        // `return successResponse("No branches found.")`: a helper (of this file or, with types, another) that makes a success result,
        // unless what it is handed says it failed (`envelope({ ok: false, error })`: the failure is told apart there).
        const helped = value.type === AST_NODE_TYPES.CallExpression && this.successHelper(value) !== undefined && !value.arguments.some(saysFailed);
        outcome = (value.type === AST_NODE_TYPES.ObjectExpression && this.successObjects.has(value)) || plain || helped ? "success" : "error";
      }
    });
    return outcome;
  }

  /** Same-file calls of `fn`: by its name, `this.name()` inside its class, or as the model resolved them. */
  callSites(fn: FunctionNode): TSESTree.CallExpression[] {
    const name = functionName(fn);
    if (name === undefined) return [...this.model.localCallsOf(fn)];
    if (!this.callsByName) {
      this.callsByName = new Map();
      for (const call of this.model.calls) {
        const n = calleeName(call);
        if (n === undefined) continue;
        let list = this.callsByName.get(n);
        if (!list) this.callsByName.set(n, (list = []));
        list.push(call);
      }
    }
    const isMethod = fn.parent.type === AST_NODE_TYPES.MethodDefinition || fn.parent.type === AST_NODE_TYPES.PropertyDefinition;
    const byName = (this.callsByName.get(name) ?? []).filter((call) => {
      const callee = unwrap(call.callee);
      if (callee.type === AST_NODE_TYPES.Identifier) return !isMethod && resolveFunction(this.sourceCode, callee) === fn;
      if (isMethod && callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type === AST_NODE_TYPES.ThisExpression) {
        return memberName(callee) === name && sameClass(call, fn);
      }
      return false;
    });
    // Calls the model resolved another way (`tool.cb(args)` over a table of the file).
    const more = this.model.localCallsOf(fn).filter((call) => !byName.includes(call));
    return more.length > 0 ? [...byName, ...more] : byName;
  }
}

/**
 * What the variable holds when the catch gave its stand-in, to work out tests of it: the stand-in
 * itself, or, for an object that holds it in a field (`{ success: true, data: items }`), that
 * object, whose fixed fields hold their literals and whose field of the value holds the stand-in
 * (or something there, for a list the catch left items out of).
 */
function standInOf(walk: StandInWalk, carried: Carried | undefined): KnownStandIn | { readonly value: Holder } | undefined {
  if (!carried) return walk.standIn;
  const value = walk.standIn ? walk.standIn.value : walk instanceof TruthyStandInWalk ? PRESENT : UNKNOWN;
  return { value: new Holder((field) => fieldValue(carried, field, value)) };
}

/** The identifiers that read or write `variable`, to find them in an expression. */
function referenceNodes(variable: TSESLint.Scope.Variable): Set<TSESTree.Node> {
  return new Set<TSESTree.Node>(variable.references.map((r) => r.identifier));
}

/** `items = items.filter(...)`, `items = [...items].sort()`, `text += more`: a write of the variable made from its own value. */
function reshapesItself(sourceCode: SourceCode, reference: TSESLint.Scope.Reference, variable: TSESLint.Scope.Variable): boolean {
  const write = reference.identifier.parent;
  if (write.type !== AST_NODE_TYPES.AssignmentExpression || write.left !== reference.identifier) return false;
  if (write.operator === "+=") return true;
  if (write.operator !== "=") return false;
  const reads = referenceNodes(variable);
  return someOwnNode(sourceCode, write.right, (n) => reads.has(n));
}

/**
 * The functions a walk has followed, for a stand-in that passes a presence test: an empty list or
 * object, or a list missing the failed call's items. `if (!items) throw ...` lets it through, so
 * such a test does not tell the failure apart.
 */
export class StandInWalk extends Set<FunctionNode> {
  /** `standIn`: the value the catch gives, when known (`[]`, `null`): the branch of an `if` it takes can be worked out. */
  constructor(readonly standIn?: KnownStandIn) {
    super();
  }
}

export class TruthyStandInWalk extends StandInWalk {}

/** Stand-ins that a presence test lets through (descriptions as `emptyValue` gives them). */
export function isTruthyStandIn(empty: string): boolean {
  return empty === "an empty array" || empty === "an empty object";
}

/**
 * Every part of `test` that reads `variable` only asks whether it is there, or of the right kind:
 * `!items`, `items == null`, `!Array.isArray(items.data)`, `typeof items !== "object"`. A test of
 * its size or content (`items.length === 0`) is not one.
 */
function asksPresenceOnly(sourceCode: SourceCode, test: TSESTree.Node, variable: TSESLint.Scope.Variable): boolean {
  const reads = referenceNodes(variable);
  let asked = false;
  for (const operand of operandsOf(test, "||")) {
    const about = presenceOperand(operand);
    if (about && reads.has(about)) {
      asked = true;
      continue;
    }
    // Any other part that reads the value asks something else of it.
    if (someOwnNode(sourceCode, operand, (n) => reads.has(n))) return false;
  }
  return asked;
}

/**
 * `test` asks of `read` only that it is there: each part of an `&&` chain that reads it is the
 * read itself, `Array.isArray(read)`, or `read != null` (`o.status === "fulfilled" && o.value &&
 * Array.isArray(o.value)`). A value that is there, an empty list too, passes.
 */
function asksPresentOnly(sourceCode: SourceCode, test: TSESTree.Node, read: TSESTree.MemberExpression): boolean {
  const path = memberPath(read);
  const same = (node: TSESTree.Node | undefined): boolean =>
    path !== undefined && node !== undefined && unwrap(node).type === AST_NODE_TYPES.MemberExpression && memberPath(node) === path;
  let asked = false;
  for (const operand of operandsOf(unwrap(test), "&&").map((node) => unwrap(node))) {
    const present =
      same(operand) ||
      (operand.type === AST_NODE_TYPES.CallExpression && calleeName(operand) === "isArray" && same(operand.arguments[0])) ||
      (operand.type === AST_NODE_TYPES.BinaryExpression &&
        (operand.operator === "!=" || operand.operator === "!==") &&
        ((same(operand.left) && isNothing(operand.right)) || (same(operand.right) && isNothing(operand.left))));
    if (present) asked = true;
    else if (someOwnNode(sourceCode, operand, same)) return false;
  }
  return asked;
}

/** The parts of a chain of `operator` (`a || b || c`: `a`, `b`, `c`). */
function operandsOf(node: TSESTree.Node, operator: "&&" | "||"): TSESTree.Node[] {
  return node.type === AST_NODE_TYPES.LogicalExpression && node.operator === operator
    ? [...operandsOf(node.left, operator), ...operandsOf(node.right, operator)]
    : [node];
}

/** The value a presence test asks about (`!v`, `v == null`, `!Array.isArray(v.data)`, `typeof v !== "object"`). */
function presenceOperand(node: TSESTree.Node): TSESTree.Node | undefined {
  if (node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "!") {
    const argument = unwrap(node.argument);
    if (argument.type === AST_NODE_TYPES.Identifier) return argument;
    // `!Array.isArray(v)`, `!Array.isArray(v.data)`.
    if (argument.type === AST_NODE_TYPES.CallExpression && calleeName(argument) === "isArray" && argument.arguments[0]) {
      return rootIdentifier(argument.arguments[0]);
    }
    return undefined;
  }
  if (node.type !== AST_NODE_TYPES.BinaryExpression || !["==", "===", "!==", "!="].includes(node.operator)) return undefined;
  const [value, other] = isNothing(node.right) ? [node.left, node.right] : [node.right, node.left];
  if (isNothing(other) && (node.operator === "==" || node.operator === "===")) {
    const target = unwrap(value);
    return target.type === AST_NODE_TYPES.Identifier ? target : undefined;
  }
  // `typeof v !== "object"`.
  if (value.type === AST_NODE_TYPES.UnaryExpression && value.operator === "typeof" && (node.operator === "!==" || node.operator === "!=")) {
    const target = unwrap(value.argument);
    return target.type === AST_NODE_TYPES.Identifier ? target : undefined;
  }
  return undefined;
}

/**
 * A conditional on a value whose branches do not read it, one of them nothing (`hits.length ?
 * undefined : hint()`): a field only one case has. What the value is goes on elsewhere.
 */
function addsNoteOnly(sourceCode: SourceCode, conditional: TSESTree.ConditionalExpression, variable: TSESLint.Scope.Variable): boolean {
  const note = isNothing(conditional.consequent) ? conditional.alternate : isNothing(conditional.alternate) ? conditional.consequent : undefined;
  if (!note) return false;
  // A note that may say the call failed (`warning: hits.length ? undefined : "The service may be down"`) tells it.
  const text = staticString(note);
  const key = conditional.parent.type === AST_NODE_TYPES.Property ? staticKeyName(conditional.parent.key, conditional.parent.computed) : undefined;
  if (text === undefined ? note.type !== AST_NODE_TYPES.CallExpression || NOTES_FAILURE.test(calleeName(note) ?? "") : NOTES_FAILURE.test(text))
    return false;
  if (key !== undefined && NOTES_FAILURE.test(key)) return false;
  const reads = referenceNodes(variable);
  return !someOwnNode(sourceCode, conditional.consequent, (n) => reads.has(n)) && !someOwnNode(sourceCode, conditional.alternate, (n) => reads.has(n));
}

/**
 * `outcome.status === "fulfilled"` (or `"rejected"`) on an outcome of `names`: the status it
 * compares with, when the node is that one comparison.
 */
export function comparedStatus(node: TSESTree.Node, names: ReadonlySet<string>): "fulfilled" | "rejected" | undefined {
  if (node.type !== AST_NODE_TYPES.BinaryExpression || (node.operator !== "===" && node.operator !== "==")) return undefined;
  const [member, literal] = node.left.type === AST_NODE_TYPES.MemberExpression ? [node.left, node.right] : [node.right, node.left];
  if (member.type !== AST_NODE_TYPES.MemberExpression || memberName(member) !== "status") return undefined;
  const object = unwrap(member.object);
  if (object.type !== AST_NODE_TYPES.Identifier || !names.has(object.name)) return undefined;
  const status = staticString(literal);
  return status === "fulfilled" || status === "rejected" ? status : undefined;
}

/** Methods that hand each item of a list to their callback's first parameter. */
const ITEM_CALLBACKS = new Set(["forEach", "map", "flatMap"]);

/**
 * The variable that takes one item at a time from a read of a list: a `for...of` over it, or the
 * first parameter of the callback of `list.forEach(...)` / `.map(...)` (after any `.filter(...)`).
 */
function outcomeItem(read: TSESTree.Node): TSESTree.Identifier | undefined {
  let list = read;
  for (;;) {
    const member = list.parent;
    if (member?.type === AST_NODE_TYPES.ForOfStatement && member.right === list) {
      const declared = member.left.type === AST_NODE_TYPES.VariableDeclaration ? member.left.declarations[0].id : undefined;
      return declared?.type === AST_NODE_TYPES.Identifier ? declared : undefined;
    }
    if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== list) return undefined;
    const call = member.parent;
    if (call.type !== AST_NODE_TYPES.CallExpression || call.callee !== member) return undefined;
    const name = memberName(member);
    if (name === "filter") {
      list = call;
      continue;
    }
    const callback = call.arguments[0];
    if (!name || !ITEM_CALLBACKS.has(name) || !callback || !isFunctionNode(callback)) return undefined;
    const param = callback.params[0];
    return param?.type === AST_NODE_TYPES.Identifier ? param : undefined;
  }
}

/** `null` or `undefined`. */
function isNothing(node: TSESTree.Node): boolean {
  return (node.type === AST_NODE_TYPES.Literal && node.value === null) || (node.type === AST_NODE_TYPES.Identifier && node.name === "undefined");
}

/**
 * A test that drops an item of a loop when the value is empty: `if (v) list.push(v)` (no else, no
 * way out of the function in the branch) or `if (!v) continue;`, inside a loop of the function.
 */
function skipsItem(sourceCode: SourceCode, test: TSESTree.Node, read: TSESTree.Node): boolean {
  const statement = test.parent;
  if (statement?.type !== AST_NODE_TYPES.IfStatement || statement.test !== test || statement.alternate) return false;
  if (!inLoop(statement)) return false;
  const body = branchStatements(statement.consequent);
  if (test === read) {
    // The branch uses the item and goes on: nothing in it answers, fails or leaves the loop.
    let exits = false;
    forEachOwnNode(sourceCode, statement.consequent, (n) => {
      if (EXITS.has(n.type)) exits = true;
    });
    return !exits;
  }
  const negated = test.type === AST_NODE_TYPES.UnaryExpression && test.operator === "!" && test.argument === read;
  return negated && body.length === 1 && body[0]?.type === AST_NODE_TYPES.ContinueStatement;
}

const EXITS = new Set<string>([AST_NODE_TYPES.ReturnStatement, AST_NODE_TYPES.ThrowStatement, AST_NODE_TYPES.BreakStatement]);

/**
 * `if (accounts.length > 0) { ... } else { message += " No billing accounts were found." }`: an
 * `if` whose branches neither leave (return, throw, break, continue) nor note a failure, so what
 * follows runs either way and the test tells nothing apart. A note is a flag or counter written
 * (`failed = true`), a warning or error list or builder (`warnings.push(...)`, `missing = ...`), or
 * text that says something failed or is degraded. A branch that writes the value itself
 * (`if (notes === undefined) notes = await loadNotes(id)`) guards it: the test may come round again.
 */
function goesOnEitherWay(sourceCode: SourceCode, test: TSESTree.Node, variable: TSESLint.Scope.Variable): boolean {
  const statement = test.parent;
  if (statement?.type !== AST_NODE_TYPES.IfStatement || statement.test !== test) return false;
  const writes = referenceNodes(variable);
  return [statement.consequent, statement.alternate].every((branch) => !branch || !branchNotes(sourceCode, branch, writes));
}

/**
 * The branch leaves (return, throw, break, continue) or notes a failure: writes the value itself
 * (`writes`, its references), a flag or counter, a warning or error list or builder, or has text
 * that says something failed or is degraded.
 */
function branchNotes(sourceCode: SourceCode, branch: TSESTree.Node, writes: ReadonlySet<TSESTree.Node>): boolean {
  let notes = false;
  forEachOwnNode(sourceCode, branch, (n) => {
    if (notes) return;
    if (LEAVES.has(n.type)) notes = true;
    else if (n.type === AST_NODE_TYPES.AssignmentExpression)
      notes = writes.has(n.left) || NOTES_FAILURE.test(sourceCode.getText(n.left)) || isFlagValue(n.right);
    else if (n.type === AST_NODE_TYPES.CallExpression)
      notes = NOTES_FAILURE.test(sourceCode.getText(n.callee)) || WARNING_BUILDER.test(calleeName(n) ?? "");
    else if (n.type === AST_NODE_TYPES.Literal || n.type === AST_NODE_TYPES.TemplateElement) {
      const text = n.type === AST_NODE_TYPES.Literal ? (typeof n.value === "string" ? n.value : "") : (n.value.cooked ?? "");
      notes = FAILURE_TEXT.test(text) || DEGRADED_TEXT.test(text);
    }
  });
  return notes;
}

/**
 * The variable holds what a call gave back, as it gave it (`const accounts = await
 * listAccounts()`, or its one write `accounts = await listAccounts()`): the stand-in the walk
 * follows, not a list or an object that holds it somewhere inside (`const lines = []`).
 */
function boundToCall(variable: TSESLint.Scope.Variable, assigned: TSESTree.Identifier | undefined): boolean {
  const write = assigned?.parent;
  const def = variable.defs[0]?.node;
  const value =
    write?.type === AST_NODE_TYPES.AssignmentExpression && write.operator === "="
      ? write.right
      : def?.type === AST_NODE_TYPES.VariableDeclarator
        ? def.init
        : null;
  if (!value) return false;
  let n = unwrap(value);
  if (n.type === AST_NODE_TYPES.AwaitExpression) n = unwrap(n.argument);
  return n.type === AST_NODE_TYPES.CallExpression;
}

/**
 * `message += " No billing accounts were found."`, `lines.push("Create the repository by hand.")`
 * at the top of a branch: the text it adds to a message or a list of lines.
 */
function addedText(branch: TSESTree.Statement): TSESTree.Node | undefined {
  const statements = branchStatements(branch);
  for (const statement of statements) {
    if (statement.type !== AST_NODE_TYPES.ExpressionStatement) continue;
    const write = statement.expression;
    let text: TSESTree.Node | undefined;
    if (write.type === AST_NODE_TYPES.AssignmentExpression && write.operator === "+=" && write.left.type === AST_NODE_TYPES.Identifier) text = write.right;
    else if (write.type === AST_NODE_TYPES.CallExpression && listPush(write) && write.arguments.length === 1) text = write.arguments[0];
    if (text?.type === AST_NODE_TYPES.Literal || text?.type === AST_NODE_TYPES.TemplateLiteral) return text;
  }
  return undefined;
}

/**
 * What a branch returns when that is nothing again: the same empty value as the stand-in (`if
 * (!response) return null` for `null`), an empty list, or a result whose lists are empty. (An
 * empty value of another kind, `{}` for `undefined`, may be something else left out, such as
 * metadata.)
 */
function emptiedReturn(sourceCode: SourceCode, branch: TSESTree.Statement, standIn?: KnownStandIn): TSESTree.Node | undefined {
  const last = branchStatements(branch).at(-1);
  const value = last?.type === AST_NODE_TYPES.ReturnStatement ? last.argument : null;
  if (!value) return undefined;
  const empty = emptyValue(value);
  if (empty === "an empty array" || emptyRecord(sourceCode, value) !== undefined) return value;
  const same = empty !== undefined && standIn !== undefined ? knownStandIn(empty) : undefined;
  return same && typeof same.value !== "object" && Object.is(same.value, standIn?.value) ? value : undefined;
}

/** The statements of a branch: those of its block, or the one statement. */
function branchStatements(branch: TSESTree.Statement): readonly TSESTree.Statement[] {
  return branch.type === AST_NODE_TYPES.BlockStatement ? branch.body : [branch];
}

/** `true`, `false`, `1`: what a flag or counter is set to. */
function isFlagValue(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.Literal && (typeof n.value === "boolean" || typeof n.value === "number");
}

/**
 * The test a reference sits in: the test of an `if` or `?:` (`if (!items.length)`), or the
 * operand of a logical expression or switch that decides something by the value.
 */
function testOf(identifier: TSESTree.Node): TSESTree.Node | undefined {
  let current = identifier;
  let logical: TSESTree.Node | undefined;
  for (;;) {
    const parent = current.parent;
    if (!parent || isFunctionNode(parent)) return logical;
    if ((parent.type === AST_NODE_TYPES.IfStatement || parent.type === AST_NODE_TYPES.ConditionalExpression) && parent.test === current) return current;
    if (parent.type === AST_NODE_TYPES.SwitchStatement || parent.type === AST_NODE_TYPES.WhileStatement) return current;
    // `ready && rows.length > 0` guards; `cal.summary || cal.id` and `name ?? "?"` pick a value.
    if (parent.type === AST_NODE_TYPES.LogicalExpression && parent.operator === "&&") logical ??= current;
    if (parent.type.endsWith("Statement") || parent.type === AST_NODE_TYPES.VariableDeclarator || parent.type === AST_NODE_TYPES.Property) return logical;
    current = parent;
  }
}

/**
 * The test of an `if` whose branch only returns the value itself, or a call of it that builds no
 * error (`if (isCallToolResult(output)) return output;`, `if (isStructured(output)) return
 * toResult(output);`): a test of what kind the value is, which tells no failure apart.
 */
function handsItOn(test: TSESTree.Node, variable: TSESLint.Scope.Variable): boolean {
  const statement = test.parent;
  const kind = unwrap(test);
  // A predicate of the value (`isResult(output)`, `output instanceof Report`), not a test of its presence.
  const asksKind =
    (kind.type === AST_NODE_TYPES.CallExpression && kind.arguments.length > 0) ||
    (kind.type === AST_NODE_TYPES.BinaryExpression && kind.operator === "instanceof");
  if (!asksKind || statement?.type !== AST_NODE_TYPES.IfStatement || statement.test !== test) return false;
  const branch = branchStatements(statement.consequent);
  const only = branch.length === 1 ? branch[0] : undefined;
  if (only?.type !== AST_NODE_TYPES.ReturnStatement || !only.argument) return false;
  const returned = unwrap(only.argument);
  // `return toResult(output)`, by a helper whose name does not say it builds errors.
  const handed = returned.type === AST_NODE_TYPES.CallExpression && !ERROR_BUILDER_NAME.test(calleeName(returned) ?? "") ? returned.arguments : [];
  const [first] = handed;
  const value = handed.length === 1 && first ? unwrap(first) : returned;
  return value.type === AST_NODE_TYPES.Identifier && variable.references.some((r) => r.identifier === value);
}

/**
 * `field ?? "None"`, `field || fallback`: the default of a field that holds failure text, which
 * is set; the value goes on as the whole expression's.
 */
function throughDefaults(read: TSESTree.Node): TSESTree.Node {
  let current = read;
  while (current.parent?.type === AST_NODE_TYPES.LogicalExpression && current.parent.operator !== "&&" && current.parent.left === current)
    current = current.parent;
  return current;
}

/** The test of an `if` or a conditional expression (not a `??` or `||` default). */
function isBranchTest(test: TSESTree.Node): boolean {
  const parent = test.parent;
  return (parent?.type === AST_NODE_TYPES.IfStatement || parent?.type === AST_NODE_TYPES.ConditionalExpression) && parent.test === test;
}

function sameClass(a: TSESTree.Node, b: TSESTree.Node): boolean {
  const classOf = (node: TSESTree.Node): TSESTree.Node | undefined => {
    let current = node.parent;
    while (current && current.type !== AST_NODE_TYPES.ClassBody) current = current.parent;
    return current;
  };
  const ca = classOf(a);
  return ca !== undefined && ca === classOf(b);
}

/** The object literals of a result's payload: `structuredContent`, `_meta`, and JSON text parts. */
export function payloadObjects(sourceCode: SourceCode, result: TSESTree.ObjectExpression): TSESTree.ObjectExpression[] {
  const objects: TSESTree.ObjectExpression[] = [];
  const content = findProperty(result, "content");
  const array = content ? unwrap(content.value) : undefined;
  if (array?.type === AST_NODE_TYPES.ArrayExpression) {
    for (const element of array.elements) {
      const part = element ? objectLiteral(sourceCode, element) : undefined;
      const text = part ? findProperty(part, "text") : undefined;
      const json = text ? jsonStringifyArgument(text.value) : undefined;
      const object = json ? objectLiteral(sourceCode, json) : undefined;
      if (object) objects.push(object);
    }
  }
  for (const key of ["structuredContent", "_meta"]) {
    const property = findProperty(result, key);
    const object = property ? objectLiteral(sourceCode, property.value) : undefined;
    if (object) objects.push(object);
  }
  return objects;
}

/** `fn` is the callback of a `map` over the inputs: it answers for one item of a fan-out. */
export function isFanOutItem(sourceCode: SourceCode, fn: FunctionNode): boolean {
  if (mappingCall(sourceCode, fn) !== undefined) return true;
  // `xs.map((x) => withDeadline(async () => {...}, ms))`: handed to the call whose value is the item.
  const call = fn.parent;
  if (call.type !== AST_NODE_TYPES.CallExpression || !call.arguments.some((a) => a === fn)) return false;
  const at = call.parent;
  const callback = at.type === AST_NODE_TYPES.ReturnStatement ? enclosingFunction(at) : isFunctionNode(at) && at.body === call ? at : undefined;
  return callback !== undefined && mappingCall(sourceCode, callback) !== undefined;
}

/**
 * For a thunk that a map callback makes (`(job) => async () => {...}`), the call that the mapped
 * thunks are handed to (`rateLimited(jobs.map(...))`, or through the one const that holds them):
 * not one of `Promise`'s, which take promises.
 */
function thunkRunner(sourceCode: SourceCode, fn: FunctionNode): TSESTree.CallExpression | undefined {
  const maker = fn.parent;
  if (maker.type !== AST_NODE_TYPES.ArrowFunctionExpression || maker.body !== fn) return undefined;
  const mapped = mappingCall(sourceCode, maker);
  if (!mapped) return undefined;
  // `const tasks = jobs.map(...); await limitConcurrency(tasks, 3)`: the one use of the thunks.
  let handed: TSESTree.Node = mapped;
  const holder = mapped.parent;
  if (holder.type === AST_NODE_TYPES.VariableDeclarator && holder.init === mapped && holder.id.type === AST_NODE_TYPES.Identifier) {
    const [use, ...more] = findVariable(sourceCode, holder.id)?.references.filter((r) => !r.init) ?? [];
    if (!use || more.length > 0 || use.isWrite()) return undefined;
    handed = use.identifier;
  }
  const runner = handed.parent;
  if (runner.type !== AST_NODE_TYPES.CallExpression || !runner.arguments.includes(handed as TSESTree.Expression)) return undefined;
  return memberPath(runner.callee)?.startsWith("Promise.") ? undefined : runner;
}

/** The `xs.map(fn)` / `xs.flatMap(fn)` call that `fn` is the callback of. */
function mappingCall(sourceCode: SourceCode, fn: FunctionNode): TSESTree.CallExpression | undefined {
  // `ids.map(async (id) => ...)`, or `ids.map(scanChannel)` for a const the call is the one use of.
  const call = fn.parent.type === AST_NODE_TYPES.VariableDeclarator ? handedByName(sourceCode, fn) : fn.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || (call === fn.parent && call.arguments[0] !== fn)) return undefined;
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const name = memberName(callee);
  return name === "map" || name === "flatMap" ? call : undefined;
}

/**
 * `const scanChannel = async (id) => {...}` whose one use is as the first argument of a call
 * (`ids.map(scanChannel)`): that call. A function also called, or handed anywhere else, has no
 * one call that decides what becomes of its value.
 */
function handedByName(sourceCode: SourceCode, fn: FunctionNode): TSESTree.CallExpression | undefined {
  const declarator = fn.parent;
  if (
    declarator.type !== AST_NODE_TYPES.VariableDeclarator ||
    declarator.init !== fn ||
    declarator.id.type !== AST_NODE_TYPES.Identifier ||
    declarator.parent.kind !== "const"
  )
    return undefined;
  const uses = findVariable(sourceCode, declarator.id)?.references.filter((r) => !r.init) ?? [];
  const use = uses.length === 1 ? uses[0]?.identifier : undefined;
  const call = use?.parent;
  return call?.type === AST_NODE_TYPES.CallExpression && call.arguments[0] === use ? call : undefined;
}

/** `list.push(x)` or `list.unshift(x)` on a variable. */
function listPush(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  return (
    callee.type === AST_NODE_TYPES.MemberExpression &&
    unwrap(callee.object).type === AST_NODE_TYPES.Identifier &&
    (memberName(callee) === "push" || memberName(callee) === "unshift")
  );
}

/** What a method puts into the collection of a variable made as the class says: `new Map()`'s `set`, `new Set()`'s `add`. */
const COLLECTING = new Map([
  ["set", "Map"],
  ["add", "Set"],
]);

/**
 * `list.push(x)` or `list.unshift(x)` on a variable, or `byId.set(id, x)` on a `new Map()`,
 * `seen.add(x)` on a `new Set()`: the variable.
 */
function pushedInto(sourceCode: SourceCode, call: TSESTree.CallExpression): TSESTree.Identifier | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const list = unwrap(callee.object);
  if (list.type !== AST_NODE_TYPES.Identifier) return undefined;
  if (listPush(call)) return list;
  const method = memberName(callee) ?? "";
  const made = COLLECTING.has(method) ? constInitializer(sourceCode, list) : undefined;
  return made?.type === AST_NODE_TYPES.NewExpression && made.callee.type === AST_NODE_TYPES.Identifier && made.callee.name === COLLECTING.get(method)
    ? list
    : undefined;
}

/** `node` comes before `write` in the same function, and no loop around the write brings it round again. */
function runsBefore(node: TSESTree.Node, write: TSESTree.Node): boolean {
  return node.range[1] <= write.range[0] && enclosingFunction(node) === enclosingFunction(write) && !inLoop(write);
}

/** A destructuring binds, next to the field that holds the value, one that is not fixed and is tested. */
function siblingTested(sourceCode: SourceCode, pattern: TSESTree.ObjectPattern, carried: Carried): boolean {
  return pattern.properties.some((property) => {
    const key = property.type === AST_NODE_TYPES.Property ? staticKeyName(property.key, property.computed) : undefined;
    if (key !== undefined && (key === carried.fields[0] || isFixed(carried, key))) return false;
    const bound = property.type === AST_NODE_TYPES.Property ? property.value : property.argument;
    if (bound.type !== AST_NODE_TYPES.Identifier) return true;
    return (findVariable(sourceCode, bound)?.references ?? []).some((reference) => !reference.init && testOf(reference.identifier) !== undefined);
  });
}

/** `{ rows }` or `{ rows: found }` of a destructuring: the variable bound to the field. */
function fieldBinding(pattern: TSESTree.ObjectPattern, field: string | undefined): TSESTree.Identifier | undefined {
  for (const property of pattern.properties) {
    if (property.type !== AST_NODE_TYPES.Property || staticKeyName(property.key, property.computed) !== field) continue;
    return property.value.type === AST_NODE_TYPES.Identifier ? property.value : undefined;
  }
  return undefined;
}

/** `details.comments = ...`: the local object whose field is set, as in `pushedInto`. */
function fieldHolder(target: TSESTree.Node): TSESTree.Identifier | undefined {
  if (target.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const object = unwrap(target.object);
  return object.type === AST_NODE_TYPES.Identifier ? object : fieldHolder(object);
}

/** A call's value, awaited or not; not `Promise.resolve(known)`, which wraps a value the code already has. */
function isCallValue(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  const call = n.type === AST_NODE_TYPES.AwaitExpression ? unwrap(n.argument) : n;
  if (call.type !== AST_NODE_TYPES.CallExpression) return false;
  const callee = unwrap(call.callee);
  return !(callee.type === AST_NODE_TYPES.MemberExpression && memberPath(callee) === "Promise.resolve");
}

/** Callers that hand a value on as it is, followed at most. */
const PASS_ON_LIMIT = 3;

/** The function that returns the call's value unchanged: `return call`, or a `const` holding it that is only returned. */
function returnedAsIs(sourceCode: Readonly<TSESLint.SourceCode>, call: TSESTree.CallExpression): FunctionNode | undefined {
  const holder = valueHolder(call);
  const parent = holder.parent;
  if (parent.type === AST_NODE_TYPES.ReturnStatement) return enclosingFunction(parent);
  if (parent.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === holder) return parent;
  if (parent.type !== AST_NODE_TYPES.VariableDeclarator || parent.init !== holder || parent.id.type !== AST_NODE_TYPES.Identifier) return undefined;
  const reads = (findVariable(sourceCode, parent.id)?.references ?? []).filter((reference) => !reference.init);
  const onlyReturned =
    reads.length > 0 && reads.every((reference) => !reference.isWrite() && reference.identifier.parent.type === AST_NODE_TYPES.ReturnStatement);
  return onlyReturned ? enclosingFunction(parent) : undefined;
}

/** The call with what only passes its value through around it (`await`, `as`, `!`). */
function valueHolder(
  call: TSESTree.CallExpression,
): TSESTree.CallExpression | TSESTree.AwaitExpression | TSESTree.TSAsExpression | TSESTree.TSNonNullExpression {
  let holder: TSESTree.CallExpression | TSESTree.AwaitExpression | TSESTree.TSAsExpression | TSESTree.TSNonNullExpression = call;
  while (
    holder.parent.type === AST_NODE_TYPES.AwaitExpression ||
    holder.parent.type === AST_NODE_TYPES.TSAsExpression ||
    holder.parent.type === AST_NODE_TYPES.TSNonNullExpression
  ) {
    holder = holder.parent;
  }
  return holder;
}

/**
 * Two nodes of which at most one runs: in different cases of one `switch`
 * (`case "table": results = await searchTables(); break; case "view": results = ...`), or in
 * the two branches of one `if`.
 */
/** The block's last statement is `target = ...`, so nothing after the write can throw. */
function writesLast(block: TSESTree.BlockStatement, target: TSESTree.Node): boolean {
  const last = block.body.at(-1);
  return (
    last?.type === AST_NODE_TYPES.ExpressionStatement && last.expression.type === AST_NODE_TYPES.AssignmentExpression && last.expression.left === target
  );
}

function exclusiveBranches(a: TSESTree.Node, b: TSESTree.Node): boolean {
  const branchOf = (node: TSESTree.Node, holder: TSESTree.Node): TSESTree.Node | undefined => {
    let current = node;
    while (current.parent && current.parent !== holder) current = current.parent;
    return current.parent === holder ? current : undefined;
  };
  for (let holder: TSESTree.Node | undefined = a.parent; holder; holder = holder.parent) {
    if (isFunctionNode(holder)) return false;
    // `try { status = await check() } catch { status = "unknown" }`: the catch runs only when the
    // try's last statement, the write, did not complete.
    if (holder.type === AST_NODE_TYPES.TryStatement && holder.handler) {
      const tried = branchOf(a, holder) === holder.block ? a : branchOf(b, holder) === holder.block ? b : undefined;
      const caught = branchOf(a, holder) === holder.handler ? a : branchOf(b, holder) === holder.handler ? b : undefined;
      if (tried && caught) return writesLast(holder.block, tried);
      continue;
    }
    if (holder.type !== AST_NODE_TYPES.SwitchStatement && holder.type !== AST_NODE_TYPES.IfStatement) continue;
    const mine = branchOf(a, holder);
    const theirs = branchOf(b, holder);
    if (!theirs) continue;
    if (holder.type === AST_NODE_TYPES.SwitchStatement) return mine !== theirs && mine !== holder.discriminant && theirs !== holder.discriminant;
    return mine !== theirs && mine !== holder.test && theirs !== holder.test;
  }
  return false;
}
