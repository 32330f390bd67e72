/**
 * Whether a failure that a catch clause stops leaves a trace the operator can see: a log line
 * (`console`, a logger, the MCP logging notification of the framework table), or the caught
 * error handed to code that may log it. What a call we cannot see into does is unknown, and
 * unknown counts as a trace: rules stay silent.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  findVariable,
  forEachChild,
  memberName,
  memberPath,
  mentionsName,
  resolveFunction,
  staticString,
  unwrap,
} from "../util/ast.js";
import { FRAMEWORKS } from "./frameworks.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** What a catch does that the operator could see. */
export type FailureTrace =
  /** It logs (a logging call in the catch, or in a same-file function it calls). */
  | { readonly kind: "logged"; readonly call: TSESTree.CallExpression }
  /** The caught error (or a value derived from it) goes to a call that may log, or is stored outside the catch. */
  | { readonly kind: "passed-on"; readonly node: TSESTree.Node }
  | { readonly kind: "none" };

/** Methods of a logger: `logger.error(...)`, `log.warn(...)`, `this.logger.info(...)`. */
const LOGGER_METHODS = new Set([
  "error",
  "warn",
  "warning",
  "info",
  "debug",
  "fatal",
  "trace",
  "log",
  "notice",
  "critical",
  "crit",
  "alert",
  "verbose",
  "silly",
]);
/** Logger objects whose names do not say "log". */
const LOGGER_NAMES = new Set(["console", "winston", "pino", "bunyan", "consola", "signale"]);

/** The framework table's logging methods, notification methods and context loggers, across frameworks. */
const MCP_LOGGING = (() => {
  const methods = new Set<string>();
  const notify = new Set<string>();
  const contextLoggers = new Set<string>();
  for (const profile of Object.values(FRAMEWORKS)) {
    for (const method of profile.logging.methods) methods.add(method);
    for (const method of profile.logging.notify) notify.add(method);
    if (profile.logging.contextLogger !== undefined) contextLoggers.add(profile.logging.contextLogger);
  }
  return { methods, notify, contextLoggers };
})();

/** Calls that compute a value from the error and cannot log: `String(e)`, `JSON.stringify(e)`, `Object.keys(e)`. */
const PURE_FUNCTIONS = new Set([
  "String",
  "Number",
  "Boolean",
  "BigInt",
  "Symbol",
  "parseInt",
  "parseFloat",
  "isNaN",
  "encodeURIComponent",
  "decodeURIComponent",
  "encodeURI",
  "decodeURI",
]);
const PURE_OBJECTS = new Set(["JSON", "Object", "Array", "Math", "Number", "Date", "Promise", "Reflect", "Buffer", "util", "path"]);
/** Methods that test, look up or transform a value they are given: `codes.includes(e.code)`, `text.replace(x, e.message)`. */
const VALUE_METHODS = new Set([
  "includes",
  "startsWith",
  "endsWith",
  "indexOf",
  "lastIndexOf",
  "replace",
  "replaceAll",
  "split",
  "join",
  "concat",
  "slice",
  "match",
  "matchAll",
  "search",
  "test",
  "exec",
  "has",
  "get",
  "find",
  "some",
  "every",
  "filter",
  "map",
  "padStart",
  "padEnd",
  "inspect",
  "format",
]);

/** The name of a callee's receiver: `logger` in `logger.error`, `this.logger.error` and `ctx.logger.error`. */
function receiverName(callee: TSESTree.MemberExpression): string | undefined {
  const object = unwrap(callee.object);
  if (object.type === AST_NODE_TYPES.Identifier) return object.name;
  if (object.type === AST_NODE_TYPES.MemberExpression) return memberName(object);
  return undefined;
}

/** The words of an identifier: `logError` -> log, error; `write_log` -> write, log. */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/gu, "$1 $2")
    .toLowerCase()
    .split(/[\s_$]+/u);
}

const LOG_WORDS = new Set(["log", "logs", "logger", "logging"]);

/**
 * A call that writes a log line the operator can see: `console.error(...)`, a logger's method
 * (`logger.warn`, `this.log.error`, `winston.error`; a method named `log` on anything), a
 * function named for logging (`logError(...)`), `process.stderr.write(...)`, or the MCP logging
 * notification (`server.sendLoggingMessage(...)`, `extra.sendNotification({ method:
 * "notifications/message" })`, FastMCP's `context.log.error(...)`).
 */
export function isLoggingCall(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) return words(callee.name).some((word) => LOG_WORDS.has(word));
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const method = memberName(callee);
  if (method === undefined) return false;
  if (method === "log" || MCP_LOGGING.methods.has(method)) return true;
  if (MCP_LOGGING.notify.has(method)) return sendsLogMessage(call);
  if (method === "write") return memberPath(callee.object) === "process.stderr";
  if (!LOGGER_METHODS.has(method)) return false;
  const receiver = receiverName(callee);
  if (receiver === undefined) return false;
  return LOGGER_NAMES.has(receiver) || MCP_LOGGING.contextLoggers.has(receiver) || /log/iu.test(receiver);
}

/** `notify({ method: "notifications/message", params })`. */
function sendsLogMessage(call: TSESTree.CallExpression): boolean {
  const first = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
  if (first?.type !== AST_NODE_TYPES.ObjectExpression) return false;
  return first.properties.some(
    (p) =>
      p.type === AST_NODE_TYPES.Property &&
      !p.computed &&
      p.key.type === AST_NODE_TYPES.Identifier &&
      p.key.name === "method" &&
      staticString(p.value) === "notifications/message",
  );
}

/**
 * The caught error's names in a catch: its parameter (or the names a destructuring parameter
 * binds), and the variables of the catch whose value is derived from them (`const text = e.message`).
 */
export function caughtNames(sourceCode: SourceCode, clause: TSESTree.CatchClause): Set<string> {
  const names = new Set<string>();
  const param = clause.param;
  if (!param) return names;
  for (const variable of sourceCode.getDeclaredVariables(clause)) names.add(variable.name);
  deriveNames(sourceCode, clause.body, names);
  return names;
}

/** Adds the variables declared under `root` whose initial value mentions one of `names`, in source order. */
function deriveNames(sourceCode: SourceCode, root: TSESTree.Node, names: Set<string>): void {
  const visit = (node: TSESTree.Node): void => {
    if (node.type === AST_NODE_TYPES.VariableDeclarator && node.init && node.id.type === AST_NODE_TYPES.Identifier) {
      if (mentionsName(sourceCode, node.init, names, "subtree")) names.add(node.id.name);
    }
    forEachChild(node, sourceCode.visitorKeys, visit);
  };
  visit(root);
}

/** Reads what catches do with their failures; memoizes the same-file functions it looks into. */
export class TraceReader {
  private readonly logs = new Map<FunctionNode, boolean>();

  constructor(private readonly sourceCode: SourceCode) {}

  /** Whether the failure a catch stops is logged, handed on, or lost. Nested functions in the catch count. */
  of(clause: TSESTree.CatchClause): FailureTrace {
    return this.trace(clause.body, caughtNames(this.sourceCode, clause), 0);
  }

  private trace(root: TSESTree.Node, names: ReadonlySet<string>, depth: number): FailureTrace {
    const sourceCode = this.sourceCode;
    let found: FailureTrace = { kind: "none" };
    const visit = (node: TSESTree.Node): void => {
      if (found.kind === "logged") return;
      if (node.type === AST_NODE_TYPES.CallExpression) {
        if (isLoggingCall(node) || this.callsLogger(node, depth)) {
          found = { kind: "logged", call: node };
          return;
        }
        if (found.kind === "none" && node.arguments.some((a) => mentionsName(sourceCode, a, names, "subtree")) && this.mayLog(node, depth)) {
          found = { kind: "passed-on", node };
        }
      } else if (found.kind === "none" && node.type === AST_NODE_TYPES.AssignmentExpression && isOutside(sourceCode, node.left, root)) {
        if (mentionsName(sourceCode, node.right, names, "subtree")) found = { kind: "passed-on", node };
      }
      forEachChild(node, sourceCode.visitorKeys, visit);
    };
    visit(root);
    return found;
  }

  /** A same-file function, called by name, that logs (one level of calls, then two). */
  private callsLogger(call: TSESTree.CallExpression, depth: number): boolean {
    const fn = this.localTarget(call);
    return fn !== undefined && depth < 2 && this.logsInside(fn, depth + 1);
  }

  /** A call given the error that may log it: anything but pure functions, value methods and same-file functions that do not. */
  private mayLog(call: TSESTree.CallExpression, depth: number): boolean {
    const callee = unwrap(call.callee);
    if (callee.type === AST_NODE_TYPES.Identifier) {
      if (PURE_FUNCTIONS.has(callee.name) || /^(?:is|has)[A-Z]/u.test(callee.name)) return false;
    } else if (callee.type === AST_NODE_TYPES.MemberExpression) {
      const method = memberName(callee);
      const object = unwrap(callee.object);
      if (object.type === AST_NODE_TYPES.Identifier && PURE_OBJECTS.has(object.name)) return false;
      if (method !== undefined && (VALUE_METHODS.has(method) || /^(?:is|has)[A-Z]/u.test(method))) return false;
    }
    const fn = this.localTarget(call);
    if (!fn) return true;
    // A same-file function: it may log if it logs, or hands what it was given to code that may.
    if (depth >= 2) return true;
    return this.trace(fn.body, new Set(paramNames(this.sourceCode, fn)), depth + 1).kind !== "none";
  }

  private logsInside(fn: FunctionNode, depth: number): boolean {
    let logs = this.logs.get(fn);
    if (logs === undefined) {
      logs = false;
      // Cycles end here: a function being read counts as not logging.
      this.logs.set(fn, false);
      const visit = (node: TSESTree.Node): void => {
        if (logs) return;
        if (node.type === AST_NODE_TYPES.CallExpression && (isLoggingCall(node) || this.callsLogger(node, depth))) logs = true;
        else forEachChild(node, this.sourceCode.visitorKeys, visit);
      };
      visit(fn.body);
      this.logs.set(fn, logs);
    }
    return logs;
  }

  private localTarget(call: TSESTree.CallExpression): FunctionNode | undefined {
    const callee = unwrap(call.callee);
    return callee.type === AST_NODE_TYPES.Identifier ? resolveFunction(this.sourceCode, callee) : undefined;
  }
}

/** The names a function's parameters bind. */
function paramNames(sourceCode: SourceCode, fn: FunctionNode): string[] {
  return sourceCode.getDeclaredVariables(fn).map((variable) => variable.name);
}

/** The assignment target is a variable or property that lives on after `root` (not one declared inside it). */
function isOutside(sourceCode: SourceCode, target: TSESTree.Node, root: TSESTree.Node): boolean {
  const n = unwrap(target);
  if (n.type !== AST_NODE_TYPES.Identifier) return true;
  const declared = findVariable(sourceCode, n)?.defs[0]?.name;
  return declared === undefined || declared.range[0] < root.range[0] || declared.range[1] > root.range[1];
}
