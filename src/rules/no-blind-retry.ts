import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { type McpModel } from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import { calleeName, forEachOwnNode, memberName, memberPath, mentionsName, rootIdentifier, unwrap } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { toolLabel } from "./shared/describe.js";
import { type ExternalFailures, externalFailures } from "./shared/external-failures.js";
import { pacingOf, retrySite } from "./shared/retries.js";

export type Options = [{ requireJitter?: boolean }];
export type MessageIds = "retriesEveryError" | "constantDelay" | "noDelay" | "noJitter";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Predicates that classify an error: `isRetryable(err)`, `isTransient(e)`, `shouldRetry(error)`. */
const PREDICATE_NAME = /retr(y|i)able|transient|permanent|fatal|recoverable|shouldRetry|canRetry|isRetry/i;
/** Calls that only read text out of a value: `msg.includes("timeout")`. */
const TEXT_TESTS = new Set(["includes", "startsWith", "endsWith", "match", "test", "has"]);
const LOGGING_OBJECTS = /^(console|logger|log|this\.logger|this\.log)$/;
const LOGGING_METHODS = new Set(["log", "info", "warn", "error", "debug", "trace", "push", "add", "set", "captureException"]);
const COMPARISONS = new Set(["===", "!==", "==", "!=", "<", "<=", ">", ">="]);

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

        const pacing = pacingOf(sourceCode, site);
        if (pacing.kind === "none") {
          const anchor = site.kind === "loop" ? sourceCode.getFirstToken(site.scope) : undefined;
          context.report({
            node: site.retryCall ? site.retryCall.callee : site.scope,
            ...(anchor ? { loc: anchor.loc } : {}),
            messageId: "noDelay",
            data: { tool },
          });
        } else if (pacing.kind === "constant") {
          // One report for a delay that never grows; its advice covers jitter too.
          context.report({ node: pacing.delay, messageId: "constantDelay", data: { tool, delay: sourceCode.getText(pacing.delay) } });
        } else if (pacing.kind === "backoff" && requireJitter && !pacing.jitter) {
          context.report({ node: pacing.delay, messageId: "noJitter", data: { tool, delay: sourceCode.getText(pacing.delay) } });
        }
      }
    });
  },
});
