/**
 * Callbacks a call runs while the caller waits, so that what they throw leaves the call: array
 * methods' plain callbacks, the async callbacks of a fan-out a combinator hands on, a promise's
 * `.then`/`.catch`/`.finally`, and library runners (tracing spans, `AsyncLocalStorage.run`).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  calleeName,
  constInitializer,
  forEachOwnNode,
  isFunctionNode,
  memberName,
  memberPath,
  ownReturnStatements,
  resolveFunction,
  unwrap,
} from "../util/ast.js";
import { SYNC_CALLBACK_METHODS } from "../util/builtins.js";

/**
 * Library functions that run the callback they are given and settle with its result or its
 * error: tracing spans (Sentry, OpenTelemetry), error-reporting scopes, locks. Only for calls the
 * project does not declare (a project function is followed into).
 */
const PASS_THROUGH_RUNNERS = new Set(["startSpan", "startActiveSpan", "startSpanManual", "withScope", "withIsolationScope", "runExclusive"]);

/** The inline functions handed to a pass-through runner (`startSpan({ name }, async (span) => ...)`). */
export function runnerCallbacks(sourceCode: Readonly<TSESLint.SourceCode>, call: TSESTree.CallExpression): FunctionNode[] {
  return PASS_THROUGH_RUNNERS.has(calleeName(call) ?? "") || runsInContext(sourceCode, call) ? inlineCallbacks(call) : [];
}

/**
 * `context.run(store, async () => ...)` on a `new AsyncLocalStorage()` of this file: Node runs
 * the callback at once and hands back what it returns or throws.
 */
function runsInContext(sourceCode: Readonly<TSESLint.SourceCode>, call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "run") return false;
  const object = unwrap(callee.object);
  const made = object.type === AST_NODE_TYPES.Identifier ? constInitializer(sourceCode, object) : undefined;
  return made?.type === AST_NODE_TYPES.NewExpression && made.callee.type === AST_NODE_TYPES.Identifier && made.callee.name === "AsyncLocalStorage";
}

/**
 * Runners named for what they do that settle with what the callback returns: `withCache(key, ()
 * => ...)`, `withRetry`, `withTimeoutAndAbort`, `retry`, `pRetry`, `backOff`, and a promise's `.then`.
 */
const VALUE_RUNNER_NAME = /^(with[A-Z]\w*|p?[Rr]etry\w*|backOff|then)$/u;

/**
 * The call a function written in place is handed to, when what the call gives back is what the
 * function returns: a runner named for it (above), a library runner (`startSpan`), or a function
 * of the file that returns its call of the callback (`return await load()`). Unknown calls
 * (`pollUntil(async () => ...)`, where `undefined` means "poll again") give nothing back.
 */
export function valueGivingCall(sourceCode: Readonly<TSESLint.SourceCode>, fn: FunctionNode): TSESTree.CallExpression | undefined {
  const call = fn.parent;
  if (call.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const index = call.arguments.indexOf(fn as TSESTree.CallExpressionArgument);
  if (index < 0) return undefined;
  const name = calleeName(call) ?? "";
  if (VALUE_RUNNER_NAME.test(name) || PASS_THROUGH_RUNNERS.has(name) || runsInContext(sourceCode, call)) return call;
  const handed = handedTo(sourceCode, call, index);
  if (!handed || handed.runner.body.type !== AST_NODE_TYPES.BlockStatement) return undefined;
  const returnsItsCall = ownReturnStatements(handed.runner.body).some((r) => {
    const value = r.argument ? unwrap(r.argument) : undefined;
    return callsParameter(value?.type === AST_NODE_TYPES.AwaitExpression ? unwrap(value.argument) : value, handed.param);
  });
  return returnsItsCall ? call : undefined;
}

/**
 * `execute(async () => load(id), (value) => JSON.stringify(value))`: the call a function of the
 * file makes of the parameter `fn` is handed as (`const value = await operation()`), where what
 * the callback gives back goes on. Undefined when `fn` is handed to no function of the file, or
 * that function calls its parameter in no statement of its own.
 */
export function runnerCallOf(sourceCode: Readonly<TSESLint.SourceCode>, fn: FunctionNode): TSESTree.CallExpression | undefined {
  const call = fn.parent;
  if (call.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const handed = handedTo(sourceCode, call, call.arguments.indexOf(fn as TSESTree.CallExpressionArgument));
  if (!handed) return undefined;
  let found: TSESTree.CallExpression | undefined;
  forEachOwnNode(sourceCode, handed.runner.body, (node) => {
    if (!found && callsParameter(node, handed.param)) found = node as TSESTree.CallExpression;
  });
  return found;
}

/** The function of the file a call hands its argument at `index` to, and the plain parameter it takes it as. */
function handedTo(
  sourceCode: Readonly<TSESLint.SourceCode>,
  call: TSESTree.CallExpression,
  index: number,
): { runner: FunctionNode; param: TSESTree.Identifier } | undefined {
  const callee = unwrap(call.callee);
  const runner = index >= 0 && callee.type === AST_NODE_TYPES.Identifier ? resolveFunction(sourceCode, callee) : undefined;
  const param = runner?.params[index];
  return runner && param?.type === AST_NODE_TYPES.Identifier ? { runner, param } : undefined;
}

/** `operation(...)`: a call of the parameter itself. */
function callsParameter(node: TSESTree.Node | undefined, param: TSESTree.Identifier): boolean {
  const callee = node?.type === AST_NODE_TYPES.CallExpression ? unwrap(node.callee) : undefined;
  return callee?.type === AST_NODE_TYPES.Identifier && callee.name === param.name;
}

/** The functions written in place among a call's arguments (`execute(() => run(args))`). */
export function inlineCallbacks(call: TSESTree.CallExpression): FunctionNode[] {
  return call.arguments.map((argument) => unwrap(argument)).filter((argument): argument is FunctionNode => isFunctionNode(argument));
}

/** The inline callbacks of a promise's `.then`, `.catch` or `.finally`: what they throw settles the promise. */
export function settlingCallbacks(call: TSESTree.CallExpression): FunctionNode[] {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || !SETTLING_METHODS.has(memberName(callee) ?? "")) return [];
  return inlineCallbacks(call);
}

const SETTLING_METHODS = new Set(["then", "catch", "finally"]);

/** `Promise.all` and `Promise.race` reject with the first rejection of what they are given. */
const REJECTING_COMBINATORS = new Set(["Promise.all", "Promise.race"]);

/**
 * The async callbacks of a fan-out whose promises a combinator hands on:
 * `Promise.all(ids.map(async (id) => ...))`. Each one's throw rejects the combined promise.
 */
export function fanOutCallbacks(call: TSESTree.CallExpression): FunctionNode[] {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || !REJECTING_COMBINATORS.has(memberPath(callee) ?? "")) return [];
  const mapped = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
  if (mapped?.type !== AST_NODE_TYPES.CallExpression) return [];
  const method = unwrap(mapped.callee);
  if (method.type !== AST_NODE_TYPES.MemberExpression || !["map", "flatMap"].includes(memberName(method) ?? "")) return [];
  const callback = mapped.arguments[0] ? unwrap(mapped.arguments[0]) : undefined;
  return callback && isFunctionNode(callback) && callback.async ? [callback] : [];
}

/**
 * The inline callbacks a call runs before it returns: plain (not async, not generator) functions
 * passed to an array method (`items.map((item) => ...)`). An async callback's throw is a rejected
 * promise, which leaves only where the promise is awaited.
 */
export function syncCallbacks(call: TSESTree.CallExpression): FunctionNode[] {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || !SYNC_CALLBACK_METHODS.has(memberName(callee) ?? "")) return [];
  const found: FunctionNode[] = [];
  for (const argument of call.arguments) {
    const fn = unwrap(argument);
    if ((fn.type === AST_NODE_TYPES.ArrowFunctionExpression || fn.type === AST_NODE_TYPES.FunctionExpression) && !fn.async && !fn.generator)
      found.push(fn);
  }
  return found;
}
