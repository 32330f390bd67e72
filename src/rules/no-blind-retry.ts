import { AST_NODE_TYPES, TSESLint, type TSESTree } from "@typescript-eslint/utils";
const DefinitionType = TSESLint.Scope.DefinitionType;
import { type McpModel } from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import {
  type FunctionNode,
  calleeName,
  enclosingFunction,
  findVariable,
  forEachOwnNode,
  isFunctionNode,
  isInside,
  memberName,
  memberPath,
  mentionsName,
  rootIdentifier,
  unwrap,
} from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { toolLabel } from "./shared/describe.js";
import { type ExternalFailures, alwaysExits, externalFailures, isHandledWithin, sameFileCallee } from "./shared/external-failures.js";

export type Options = [{ requireJitter?: boolean }];
export type MessageIds = "retriesEveryError" | "constantDelay" | "noDelay" | "noJitter";

type SourceCode = Readonly<TSESLint.SourceCode>;
type Loop = TSESTree.ForStatement | TSESTree.WhileStatement | TSESTree.DoWhileStatement | TSESTree.ForOfStatement | TSESTree.ForInStatement;

/** A retry: a loop around a try/catch that goes on after a failure, or a function that calls itself from its catch. */
interface RetrySite {
  readonly kind: "loop" | "recursion";
  /** The loop, or the function that calls itself: what changes from one attempt to the next lives here. */
  readonly scope: Loop | FunctionNode;
  readonly tryStatement: TSESTree.TryStatement;
  readonly catchClause: TSESTree.CatchClause;
  /** Where waits between attempts are looked for: the loop body, or the catch. */
  readonly waitArea: TSESTree.Node;
  /** The recursive call (recursion only). */
  readonly retryCall: TSESTree.CallExpression | undefined;
}

/** Functions that wait: `sleep(ms)`, `delay(ms)`, `wait(ms)`, `pause(ms)`, `setTimeout(ms)` from timers/promises. */
const WAIT_NAME = /^(sleep|delay|wait|pause|setTimeout)(Ms|Millis|Milliseconds)?$/i;
/** Predicates that classify an error: `isRetryable(err)`, `isTransient(e)`, `shouldRetry(error)`. */
const PREDICATE_NAME = /retr(y|i)able|transient|permanent|fatal|recoverable|shouldRetry|canRetry|isRetry/i;
/** Calls that only read text out of a value: `msg.includes("timeout")`. */
const TEXT_TESTS = new Set(["includes", "startsWith", "endsWith", "match", "test", "has"]);
const LOGGING_OBJECTS = /^(console|logger|log|this\.logger|this\.log)$/;
const LOGGING_METHODS = new Set(["log", "info", "warn", "error", "debug", "trace", "push", "add", "set", "captureException"]);
/** Math and number helpers a delay computation may use; anything else is a call we cannot see into. */
const PURE_MATH = new Set([
  "Math.min",
  "Math.max",
  "Math.floor",
  "Math.ceil",
  "Math.round",
  "Math.trunc",
  "Math.pow",
  "Math.abs",
  "Number",
  "parseInt",
  "parseFloat",
]);
const RANDOM = new Set(["Math.random", "crypto.randomInt", "randomInt"]);
const COMPARISONS = new Set(["===", "!==", "==", "!=", "<", "<=", ">", ">="]);

function isLoop(node: TSESTree.Node): node is Loop {
  return (
    node.type === AST_NODE_TYPES.ForStatement ||
    node.type === AST_NODE_TYPES.WhileStatement ||
    node.type === AST_NODE_TYPES.DoWhileStatement ||
    node.type === AST_NODE_TYPES.ForOfStatement ||
    node.type === AST_NODE_TYPES.ForInStatement
  );
}

/** The loop whose body holds the try statement, through blocks, `if`s and labels only. */
function loopAround(tryStatement: TSESTree.TryStatement): Loop | undefined {
  let current: TSESTree.Node = tryStatement;
  for (;;) {
    const parent: TSESTree.Node = current.parent;
    if (isLoop(parent)) return parent.body === current ? parent : undefined;
    if (parent.type !== AST_NODE_TYPES.BlockStatement && parent.type !== AST_NODE_TYPES.IfStatement && parent.type !== AST_NODE_TYPES.LabeledStatement) {
      return undefined;
    }
    current = parent;
  }
}

/**
 * The try leaves the loop when the call succeeds: it ends with `return` / `break`, sets a variable
 * the loop condition reads (`done = true`), or the statement after it breaks out and the catch
 * `continue`s. A loop that goes on after a success is polling or a walk over items, not a retry.
 */
function leavesOnSuccess(sourceCode: SourceCode, loop: Loop, tryStatement: TSESTree.TryStatement, catchClause: TSESTree.CatchClause): boolean {
  const last = tryStatement.block.body.at(-1);
  if (last?.type === AST_NODE_TYPES.ReturnStatement || last?.type === AST_NODE_TYPES.BreakStatement) return true;
  const test = loop.type === AST_NODE_TYPES.ForOfStatement || loop.type === AST_NODE_TYPES.ForInStatement ? null : loop.test;
  if (test) {
    for (const statement of tryStatement.block.body) {
      if (statement.type !== AST_NODE_TYPES.ExpressionStatement) continue;
      const e = statement.expression;
      if (
        e.type === AST_NODE_TYPES.AssignmentExpression &&
        e.left.type === AST_NODE_TYPES.Identifier &&
        mentionsName(sourceCode, test, new Set([e.left.name]), "subtree")
      ) {
        return true;
      }
    }
  }
  const block = tryStatement.parent;
  if (block.type === AST_NODE_TYPES.BlockStatement) {
    const next = block.body[block.body.indexOf(tryStatement) + 1];
    const catchBody = catchClause.body;
    if (
      (next?.type === AST_NODE_TYPES.BreakStatement || next?.type === AST_NODE_TYPES.ReturnStatement) &&
      alwaysExits(catchBody, true) &&
      !alwaysExits(catchBody)
    ) {
      return true;
    }
  }
  return false;
}

/**
 * A loop over items or alternatives (`for (const url of mirrors)`, `urls[i]`) tries each one once:
 * the try reads the loop's own variable.
 */
function walksItems(sourceCode: SourceCode, loop: Loop, tryBlock: TSESTree.BlockStatement): boolean {
  if (loop.type === AST_NODE_TYPES.ForOfStatement || loop.type === AST_NODE_TYPES.ForInStatement) {
    const names = new Set<string>();
    for (const variable of sourceCode.getDeclaredVariables(loop.left)) names.add(variable.name);
    if (loop.left.type === AST_NODE_TYPES.Identifier) names.add(loop.left.name);
    return mentionsName(sourceCode, tryBlock, names, "subtree");
  }
  if (loop.type === AST_NODE_TYPES.ForStatement && loop.init?.type === AST_NODE_TYPES.VariableDeclaration) {
    const names = new Set(sourceCode.getDeclaredVariables(loop.init).map((v) => v.name));
    let indexed = false;
    forEachOwnNode(sourceCode, tryBlock, (node) => {
      if (node.type === AST_NODE_TYPES.MemberExpression && node.computed && mentionsName(sourceCode, node.property, names, "subtree")) indexed = true;
    });
    return indexed;
  }
  return false;
}

/** The try makes an outside call whose failure reaches the catch (or calls the operation a retry helper was given). */
function triesOutsideCall(sourceCode: SourceCode, external: ExternalFailures, tryBlock: TSESTree.BlockStatement): boolean {
  const owner = enclosingFunction(tryBlock);
  let found = false;
  forEachOwnNode(sourceCode, tryBlock, (node) => {
    if (found || node.type !== AST_NODE_TYPES.CallExpression || isHandledWithin(node, tryBlock)) return;
    if (external.isExternal(node)) {
      found = true;
      return;
    }
    // `withRetry(fn)`: the operation is a parameter of the function that holds the loop.
    const callee = unwrap(node.callee);
    if (callee.type !== AST_NODE_TYPES.Identifier || !owner) return;
    const def = findVariable(sourceCode, callee)?.defs[0];
    if (def?.type === DefinitionType.Parameter && def.node === owner) found = true;
  });
  return found;
}

/** `retries - 1`, `attempt + 1`, `++n`, `{ ...opts, attempt: attempt + 1 }`: the argument counts attempts. */
function countsAttempts(argument: TSESTree.Node): boolean {
  const n = unwrap(argument);
  if (n.type === AST_NODE_TYPES.UpdateExpression) return true;
  if (n.type === AST_NODE_TYPES.BinaryExpression && (n.operator === "+" || n.operator === "-")) {
    const isNumber = (x: TSESTree.Node): boolean => x.type === AST_NODE_TYPES.Literal && typeof x.value === "number";
    return isNumber(n.right) || isNumber(n.left);
  }
  if (n.type === AST_NODE_TYPES.ObjectExpression) {
    return n.properties.some((p) => p.type === AST_NODE_TYPES.Property && countsAttempts(p.value));
  }
  return false;
}

/** The call in the catch that runs the enclosing function again with an attempt counter. */
function recursiveRetry(sourceCode: SourceCode, catchClause: TSESTree.CatchClause, fn: FunctionNode): TSESTree.CallExpression | undefined {
  let found: TSESTree.CallExpression | undefined;
  forEachOwnNode(sourceCode, catchClause.body, (node) => {
    if (found || node.type !== AST_NODE_TYPES.CallExpression) return;
    if (sameFileCallee(sourceCode, node) === fn && node.arguments.some(countsAttempts)) found = node;
  });
  return found;
}

/** Finds the retry that a catch clause belongs to, if any. */
function retrySite(sourceCode: SourceCode, external: ExternalFailures, catchClause: TSESTree.CatchClause): RetrySite | undefined {
  const tryStatement = catchClause.parent;
  const loop = loopAround(tryStatement);
  if (loop) {
    if (!leavesOnSuccess(sourceCode, loop, tryStatement, catchClause)) return undefined;
    // A catch that throws, returns or breaks on every path ends the loop: no retry.
    if (alwaysExits(catchClause.body)) return undefined;
    if (walksItems(sourceCode, loop, tryStatement.block)) return undefined;
    if (!triesOutsideCall(sourceCode, external, tryStatement.block)) return undefined;
    return { kind: "loop", scope: loop, tryStatement, catchClause, waitArea: loop.body, retryCall: undefined };
  }
  const fn = enclosingFunction(catchClause);
  if (!fn) return undefined;
  const retryCall = recursiveRetry(sourceCode, catchClause, fn);
  if (!retryCall || !triesOutsideCall(sourceCode, external, tryStatement.block)) return undefined;
  return { kind: "recursion", scope: fn, tryStatement, catchClause, waitArea: catchClause.body, retryCall };
}

/**
 * The catch looks at what failed before retrying: compares a field or a value derived from the
 * error, tests it with `instanceof` (other than `Error`), asks a predicate (`isRetryable(err)`),
 * or hands it to a call whose result we cannot see (which may rethrow the permanent ones).
 */
function catchInspects(sourceCode: SourceCode, catchClause: TSESTree.CatchClause): boolean {
  const param = catchClause.param;
  if (!param) return false;
  // `catch ({ status })`: reads fields of the error.
  if (param.type !== AST_NODE_TYPES.Identifier) return true;
  const names = new Set([param.name]);
  let inspects = false;
  const isErrorValue = (node: TSESTree.Node): boolean => {
    const n = unwrap(node);
    if (n.type === AST_NODE_TYPES.Identifier) return names.has(n.name);
    if (n.type === AST_NODE_TYPES.MemberExpression) {
      const root = rootIdentifier(n);
      return root !== undefined && names.has(root.name);
    }
    if (n.type === AST_NODE_TYPES.CallExpression) return mentionsName(sourceCode, n, names, "subtree");
    return false;
  };
  const isTestOf = (test: TSESTree.Node): boolean => {
    let t = unwrap(test);
    while (t.type === AST_NODE_TYPES.UnaryExpression && t.operator === "!") t = unwrap(t.argument);
    if (t.type === AST_NODE_TYPES.LogicalExpression) return isTestOf(t.left) || isTestOf(t.right);
    // `if (err.retryable)`, `if (isNetworkError(e))`: a field or a predicate of the error decides.
    if (t.type === AST_NODE_TYPES.MemberExpression) return isErrorValue(t);
    if (t.type === AST_NODE_TYPES.CallExpression) return t.arguments.some((a) => mentionsName(sourceCode, a, names, "subtree")) || isErrorValue(t);
    return false;
  };
  forEachOwnNode(sourceCode, catchClause.body, (node) => {
    if (inspects) return;
    switch (node.type) {
      case AST_NODE_TYPES.VariableDeclarator:
        if (node.id.type === AST_NODE_TYPES.Identifier && node.init && mentionsName(sourceCode, node.init, names, "subtree")) names.add(node.id.name);
        break;
      case AST_NODE_TYPES.IfStatement:
      case AST_NODE_TYPES.ConditionalExpression:
        if (isTestOf(node.test)) inspects = true;
        break;
      case AST_NODE_TYPES.SwitchStatement:
        if (mentionsName(sourceCode, node.discriminant, names, "subtree")) inspects = true;
        break;
      case AST_NODE_TYPES.BinaryExpression: {
        if (node.operator === "instanceof") {
          const right = unwrap(node.right);
          if (isErrorValue(node.left) && !(right.type === AST_NODE_TYPES.Identifier && right.name === "Error")) inspects = true;
        } else if (COMPARISONS.has(node.operator)) {
          // `err.status === 404`, `code !== "ENOENT"`; not `typeof err === "string"` or `err == null`.
          const sides = [node.left, node.right];
          const errorSide = sides.find((s) => s.type !== AST_NODE_TYPES.UnaryExpression && isErrorValue(s));
          const other = sides.find((s) => s !== errorSide);
          const isNullish =
            other !== undefined &&
            ((other.type === AST_NODE_TYPES.Literal && other.value === null) || (other.type === AST_NODE_TYPES.Identifier && other.name === "undefined"));
          if (errorSide && other && !isNullish && !mentionsName(sourceCode, other, names, "subtree")) inspects = true;
        }
        break;
      }
      case AST_NODE_TYPES.CallExpression: {
        const name = calleeName(node);
        const callee = unwrap(node.callee);
        const argsMention = node.arguments.some((a) => mentionsName(sourceCode, a, names, "subtree"));
        if (name !== undefined && PREDICATE_NAME.test(name) && argsMention) inspects = true;
        else if (
          name !== undefined &&
          TEXT_TESTS.has(name) &&
          callee.type === AST_NODE_TYPES.MemberExpression &&
          (isErrorValue(callee.object) || argsMention)
        ) {
          inspects = true;
        } else if (argsMention && isStatementCall(node) && !isLogging(callee)) {
          // `handleError(err);` may rethrow what must not be retried: we cannot tell.
          inspects = true;
        }
        break;
      }
      default:
        break;
    }
  });
  return inspects;
}

function isStatementCall(call: TSESTree.CallExpression): boolean {
  let current: TSESTree.Node = call;
  if (current.parent.type === AST_NODE_TYPES.AwaitExpression) current = current.parent;
  return current.parent.type === AST_NODE_TYPES.ExpressionStatement;
}

function isLogging(callee: TSESTree.Node): boolean {
  if (callee.type === AST_NODE_TYPES.Identifier) return /^(log|logError|logWarning|debug|warn)$/i.test(callee.name);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const name = memberName(callee);
  const object = memberPath(callee.object);
  return (name !== undefined && LOGGING_METHODS.has(name)) || (object !== undefined && LOGGING_OBJECTS.test(object));
}

/**
 * The try itself sends some HTTP statuses out of the loop before anything is thrown
 * (`if (res.status === 404) return null;`): the catch then sees only what is left.
 */
function tryFilters(sourceCode: SourceCode, tryBlock: TSESTree.BlockStatement): boolean {
  let filters = false;
  forEachOwnNode(sourceCode, tryBlock, (node) => {
    if (filters || node.type !== AST_NODE_TYPES.IfStatement) return;
    const exit = node.consequent.type === AST_NODE_TYPES.BlockStatement ? node.consequent.body.at(-1) : node.consequent;
    if (exit?.type !== AST_NODE_TYPES.ReturnStatement && exit?.type !== AST_NODE_TYPES.BreakStatement) return;
    forEachOwnNode(sourceCode, node.test, (n) => {
      if (n.type !== AST_NODE_TYPES.BinaryExpression || !COMPARISONS.has(n.operator)) return;
      const status = [n.left, n.right].some(
        (s) => s.type === AST_NODE_TYPES.MemberExpression && /^(status|statusCode|status_code)$/.test(memberName(s) ?? ""),
      );
      const code = [n.left, n.right].some((s) => s.type === AST_NODE_TYPES.Literal && typeof s.value === "number" && s.value >= 400 && s.value < 600);
      if (status && code) filters = true;
    });
  });
  return filters;
}

interface Wait {
  readonly call: TSESTree.CallExpression;
  /** The delay expression, when the wait has one. */
  readonly delay: TSESTree.Node | undefined;
}

/** The waits in the area: awaited `sleep(ms)`-like calls and `new Promise((r) => setTimeout(r, ms))`. */
function findWaits(sourceCode: SourceCode, area: TSESTree.Node): Wait[] {
  const waits: Wait[] = [];
  const visit = (root: TSESTree.Node, inPromise: boolean): void => {
    forEachOwnNode(sourceCode, root, (node) => {
      if (node.type === AST_NODE_TYPES.NewExpression && calleeName(node) === "Promise") {
        const executor = node.arguments[0] ? unwrap(node.arguments[0]) : undefined;
        if (isFunctionNode(executor)) visit(executor.body, true);
        return;
      }
      if (node.type !== AST_NODE_TYPES.CallExpression) return;
      const name = calleeName(node);
      if (name === undefined || !WAIT_NAME.test(name)) return;
      const awaited = node.parent.type === AST_NODE_TYPES.AwaitExpression;
      if (name === "setTimeout") {
        // `setTimeout(r, ms)` in a promise executor; `await setTimeout(ms)` from timers/promises.
        if (inPromise && node.arguments.length >= 2) waits.push({ call: node, delay: node.arguments[1] });
        else if (awaited) waits.push({ call: node, delay: node.arguments[0] });
        return;
      }
      if (awaited || inPromise) waits.push({ call: node, delay: node.arguments[0] });
    });
  };
  visit(area, false);
  return waits;
}

/** Whether anything besides the tried call and the retry itself is awaited (it may wait). */
function awaitsSomethingElse(sourceCode: SourceCode, site: RetrySite): boolean {
  let found = false;
  forEachOwnNode(sourceCode, site.waitArea, (node) => {
    if (found || node.type !== AST_NODE_TYPES.AwaitExpression) return;
    if (isInside(node, site.tryStatement.block)) return;
    if (site.retryCall && unwrap(node.argument) === site.retryCall) return;
    found = true;
  });
  return found;
}

interface DelayFacts {
  /** Depends on something that changes from one attempt to the next (a counter, a doubled variable). */
  varies: boolean;
  random: boolean;
  /** A call or value we cannot see into: say nothing. */
  unknown: boolean;
}

/** Reads a delay expression: does it grow with the attempts, is there jitter, or can we not tell. */
function readDelay(sourceCode: SourceCode, site: RetrySite, delay: TSESTree.Node): DelayFacts {
  const facts: DelayFacts = { varies: false, random: false, unknown: false };
  const scope = site.scope;
  let assignedPaths: Set<string> | undefined;
  const assignedInScope = (path: string): boolean => {
    if (!assignedPaths) {
      const paths = new Set<string>();
      forEachOwnNode(sourceCode, scope, (node) => {
        const target =
          node.type === AST_NODE_TYPES.AssignmentExpression ? node.left : node.type === AST_NODE_TYPES.UpdateExpression ? node.argument : undefined;
        const p = target ? memberPath(target) : undefined;
        if (p !== undefined) paths.add(p);
      });
      assignedPaths = paths;
    }
    return assignedPaths.has(path);
  };
  const identifier = (id: TSESTree.Identifier, depth: number): void => {
    if (/jitter/i.test(id.name)) facts.random = true;
    const variable = findVariable(sourceCode, id);
    // An undeclared global (`RETRY_DELAY` from elsewhere): the same every time.
    if (!variable || variable.defs.length === 0) return;
    const def = variable.defs[0];
    if (variable.defs.length !== 1 || !def) {
      facts.unknown = true;
      return;
    }
    const writes = variable.references.filter((r) => r.isWrite() && isInside(r.identifier, scope));
    if (def.type === DefinitionType.Parameter) {
      if ((site.kind === "recursion" && def.node === scope) || writes.length > 0) facts.varies = true;
      return;
    }
    if (def.type === DefinitionType.CatchClause) {
      // `err.retryAfter`: the server's own delay; whether it needs jitter is not ours to say.
      facts.unknown = true;
      return;
    }
    if (!isInside(def.name, scope)) {
      if (writes.length > 0) facts.varies = true;
      return;
    }
    if (def.type !== DefinitionType.Variable) {
      facts.unknown = true;
      return;
    }
    const declaration = def.parent;
    const holder = declaration.parent;
    if ((holder.type === AST_NODE_TYPES.ForOfStatement || holder.type === AST_NODE_TYPES.ForInStatement) && holder.left === declaration) {
      facts.varies = true;
      return;
    }
    if (writes.some((r) => r.identifier !== def.node.id)) {
      facts.varies = true;
      return;
    }
    if (def.node.init) expression(def.node.init, depth + 1);
    else facts.unknown = true;
  };
  const expression = (node: TSESTree.Node, depth: number): void => {
    if (depth > 8) {
      facts.unknown = true;
      return;
    }
    const n = unwrap(node);
    switch (n.type) {
      case AST_NODE_TYPES.Literal:
        return;
      case AST_NODE_TYPES.Identifier:
        identifier(n, depth);
        return;
      case AST_NODE_TYPES.MemberExpression: {
        const path = memberPath(n);
        if (path !== undefined && assignedInScope(path)) facts.varies = true;
        if (n.object.type !== AST_NODE_TYPES.ThisExpression) expression(n.object, depth + 1);
        if (n.computed) expression(n.property, depth + 1);
        return;
      }
      case AST_NODE_TYPES.BinaryExpression:
        if (n.left.type !== AST_NODE_TYPES.PrivateIdentifier) expression(n.left, depth + 1);
        expression(n.right, depth + 1);
        return;
      case AST_NODE_TYPES.LogicalExpression:
        expression(n.left, depth + 1);
        expression(n.right, depth + 1);
        return;
      case AST_NODE_TYPES.UnaryExpression:
        expression(n.argument, depth + 1);
        return;
      case AST_NODE_TYPES.ConditionalExpression:
        expression(n.test, depth + 1);
        expression(n.consequent, depth + 1);
        expression(n.alternate, depth + 1);
        return;
      case AST_NODE_TYPES.CallExpression: {
        const path = memberPath(n.callee);
        if (path !== undefined && RANDOM.has(path)) {
          facts.random = true;
          return;
        }
        if (path === undefined || !PURE_MATH.has(path)) {
          facts.unknown = true;
          return;
        }
        for (const a of n.arguments) expression(a, depth + 1);
        return;
      }
      default:
        facts.unknown = true;
    }
  };
  expression(delay, 0);
  return facts;
}

export default createRule<Options, MessageIds>({
  name: "no-blind-retry",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow retry loops that retry every error, without backoff or without jitter",
      recommended: "strict",
    },
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: {
          requireJitter: {
            type: "boolean",
            description:
              "Report a growing backoff that has no random part (`Math.random()`). Turn off when a single client calls the service, so retries from many callers cannot line up.",
          },
        },
      },
    ],
    defaultOptions: [{ requireJitter: true }],
    messages: {
      retriesEveryError:
        "The retry in {{tool}} retries every error without looking at it, permanent ones too (permission, validation, not found): the agent waits through every attempt only to get the same failure, or a timeout instead of it. Inspect the error in the catch (status, code or an `isRetryable(error)` check) and rethrow the permanent ones at once.",
      constantDelay:
        "The retry in {{tool}} waits `{{delay}}` before every attempt and never longer: retries hit a struggling service at a steady rate and all callers retry in step, so the call is more likely to fail after the agent waited for all of it. Grow the delay with each attempt (`base * 2 ** attempt`) and add jitter (`Math.random()`).",
      noDelay:
        "The retry in {{tool}} tries again at once, without waiting: the attempts are spent within milliseconds, before a failing service can recover, and the agent gets the failure anyway. Wait between attempts with an exponential backoff and jitter (`base * 2 ** attempt * Math.random()`).",
      noJitter:
        "The backoff `{{delay}}` of the retry in {{tool}} has no jitter: concurrent tool calls that failed together retry at the same moments and collide again. Add a random part to the delay (for example `delay * (0.5 + Math.random())`).",
    },
  },
  create(context, [options]) {
    const requireJitter = options.requireJitter;
    return withModel(context, (model: McpModel) => {
      if (!model.isMcpFile || model.catches.length === 0) return;
      const sourceCode = context.sourceCode;
      let external: ExternalFailures | undefined;
      const seen = new Set<TSESTree.Node>();
      for (const catchClause of model.catches) {
        if (model.handlersAt(catchClause).length === 0) continue;
        external ??= externalFailures(model);
        const site = retrySite(sourceCode, external, catchClause);
        if (!site || seen.has(site.scope)) continue;
        seen.add(site.scope);
        const tool = toolLabel(model.toolNamesAt(catchClause));

        if (!catchInspects(sourceCode, catchClause) && !tryFilters(sourceCode, site.tryStatement.block)) {
          const keyword = sourceCode.getFirstToken(catchClause);
          context.report({ node: catchClause, ...(keyword ? { loc: keyword.loc } : {}), messageId: "retriesEveryError", data: { tool } });
        }

        const waits = findWaits(sourceCode, site.waitArea);
        if (waits.length === 0) {
          if (awaitsSomethingElse(sourceCode, site)) continue;
          const anchor = site.kind === "loop" ? sourceCode.getFirstToken(site.scope) : undefined;
          context.report({
            node: site.retryCall ? site.retryCall.callee : site.scope,
            ...(anchor ? { loc: anchor.loc } : {}),
            messageId: "noDelay",
            data: { tool },
          });
          continue;
        }
        const delays = waits.map((w) => w.delay);
        if (delays.some((d) => d === undefined)) continue;
        const facts = (delays as TSESTree.Node[]).map((d) => readDelay(sourceCode, site, d));
        if (facts.some((f) => f.unknown)) continue;
        const first = delays[0] as TSESTree.Node;
        const delay = sourceCode.getText(first);
        if (!facts.some((f) => f.varies)) {
          // One report for a delay that never grows; its advice covers jitter too.
          context.report({ node: first, messageId: "constantDelay", data: { tool, delay } });
          continue;
        }
        if (requireJitter && !facts.some((f) => f.random)) {
          const growing = delays[facts.findIndex((f) => f.varies)] ?? first;
          context.report({ node: growing, messageId: "noJitter", data: { tool, delay: sourceCode.getText(growing) } });
        }
      }
    });
  },
});
