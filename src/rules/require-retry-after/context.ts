/**
 * Reads why an error is a rate-limit or unavailability error (the branch it is built in, its own
 * words, a Retry-After header read nearby) and, when the client is known, how to read the
 * Retry-After header at that place. Private to `require-retry-after`.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import type { McpModel } from "../../model/index.js";
import { constInitializer, findVariable, forEachChild, isFunctionNode, isInside, memberName, unwrap } from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Words for rate limiting in strings a test compares or searches (`"rate limit"`, `"TOO_MANY_REQUESTS"`). */
const RATE_LIMIT_TEXT = /rate[\s_-]?limit|too[\s_-]?many[\s_-]?requests|throttl/i;
/**
 * Names that say a rate limit was hit (`isRateLimited`, `RateLimitError`, `TooManyRequests`), not
 * ones that name a limiter or a setting (`rateLimiter`, `config.rateLimit`).
 */
const RATE_LIMIT_NAME = /rate[_-]?limit(ed|ing|error|exception|exceeded|hit|reached)|too[_-]?many[_-]?requests|throttl(ed|ing)/i;
/** The same in an error's own message, where a bare "429" also says it. */
const RATE_LIMIT_MESSAGE = /rate[\s_-]?limit|too[\s_-]?many[\s_-]?requests|throttl|\b429\b/i;
const RETRY_AFTER_HEADER = /^retry-after$/i;

/** Why the error is a rate-limit or unavailability error. */
export type Reason = "status-429" | "status-503" | "rate-limit" | "header";

/** Why the error is a rate-limit error, and the source text that reads the Retry-After header at it. */
export interface RateLimitContext {
  readonly reason: Reason;
  /** Source text of the header's number of seconds (`Number(res.headers.get("retry-after"))`), when known. */
  readonly header: string | undefined;
}

/** What a branch test says: a 429/503 status compared on some response, or rate-limit words. */
interface TestSignal {
  readonly reason: Reason;
  /** `res.status`, `error.response?.status`, `[429].includes(x)`'s `x`: where the status was read. */
  readonly status: TSESTree.Node | undefined;
}

function statusLiteral(node: TSESTree.Node): 429 | 503 | undefined {
  const n = unwrap(node);
  if (n.type !== AST_NODE_TYPES.Literal) return undefined;
  const value = typeof n.value === "number" ? n.value : typeof n.value === "string" ? Number(n.value) : undefined;
  return value === 429 || value === 503 ? value : undefined;
}

/**
 * Reads a branch test. Only what makes the branch *the* rate-limit branch counts: an equality
 * with 429/503, a call or a name that says "rate limit"; `!==`, `!` and ranges say the opposite
 * or too little, and are not looked into.
 */
function readTest(test: TSESTree.Node): TestSignal | undefined {
  let found: TestSignal | undefined;
  const take = (signal: TestSignal): void => {
    // A status beats words: it also tells where the response is.
    if (!found || (found.status === undefined && signal.status !== undefined)) found = signal;
  };
  const visit = (node: TSESTree.Node): void => {
    const n = unwrap(node);
    switch (n.type) {
      case AST_NODE_TYPES.LogicalExpression:
        if (n.operator === "??") return;
        visit(n.left);
        visit(n.right);
        return;
      case AST_NODE_TYPES.BinaryExpression: {
        if (n.operator === "instanceof") {
          visit(n.right);
          return;
        }
        if (n.operator !== "===" && n.operator !== "==") return;
        const left = statusLiteral(n.right) === undefined ? statusLiteral(n.left) : statusLiteral(n.right);
        if (left !== undefined) {
          const other = statusLiteral(n.right) === undefined ? n.right : n.left;
          take({ reason: left === 429 ? "status-429" : "status-503", status: other });
          return;
        }
        visit(n.left);
        visit(n.right);
        return;
      }
      case AST_NODE_TYPES.CallExpression: {
        const callee = unwrap(n.callee);
        // `[429, 503].includes(res.status)`.
        if (callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "includes") {
          const list = unwrap(callee.object);
          if (list.type === AST_NODE_TYPES.ArrayExpression) {
            const statuses = list.elements.map((e) => (e && e.type !== AST_NODE_TYPES.SpreadElement ? statusLiteral(e) : undefined));
            const status = statuses.includes(429) ? 429 : statuses.includes(503) ? 503 : undefined;
            if (status !== undefined && n.arguments[0]) take({ reason: status === 429 ? "status-429" : "status-503", status: n.arguments[0] });
            return;
          }
        }
        visit(callee);
        for (const argument of n.arguments) visit(argument);
        return;
      }
      case AST_NODE_TYPES.AwaitExpression:
        visit(n.argument);
        return;
      case AST_NODE_TYPES.MemberExpression:
        visit(n.object);
        if (!n.computed) visit(n.property);
        else if (n.property.type === AST_NODE_TYPES.Literal) visit(n.property);
        return;
      case AST_NODE_TYPES.Identifier:
        if (RATE_LIMIT_NAME.test(n.name)) take({ reason: "rate-limit", status: undefined });
        return;
      case AST_NODE_TYPES.Literal:
        if (typeof n.value === "string" && RATE_LIMIT_TEXT.test(n.value)) take({ reason: "rate-limit", status: undefined });
        if ("regex" in n && RATE_LIMIT_MESSAGE.test(n.regex.pattern)) take({ reason: "rate-limit", status: undefined });
        return;
      case AST_NODE_TYPES.TemplateLiteral:
        if (n.quasis.some((q) => RATE_LIMIT_TEXT.test(q.value.cooked ?? ""))) take({ reason: "rate-limit", status: undefined });
        return;
      default:
        return;
    }
  };
  visit(test);
  return found;
}

/** The tests of the branches around `node` inside its function, innermost first. */
function enclosingTests(node: TSESTree.Node): { test: TSESTree.Node; branch: TSESTree.Node; discriminant?: TSESTree.Node }[] {
  const tests: { test: TSESTree.Node; branch: TSESTree.Node; discriminant?: TSESTree.Node }[] = [];
  let current: TSESTree.Node = node;
  while (current.parent && !isFunctionNode(current)) {
    const parent: TSESTree.Node = current.parent;
    if ((parent.type === AST_NODE_TYPES.IfStatement || parent.type === AST_NODE_TYPES.ConditionalExpression) && parent.consequent === current) {
      tests.push({ test: parent.test, branch: current });
    }
    if (parent.type === AST_NODE_TYPES.SwitchCase && parent.consequent.includes(current as TSESTree.Statement)) {
      // `case 429: case 503: ...`: the empty cases above fall through into this one.
      const cases = parent.parent.cases;
      for (let i = cases.indexOf(parent); i >= 0; i--) {
        const c = cases[i];
        if (!c) break;
        if (c !== parent && c.consequent.length > 0) break;
        if (c.test) tests.push({ test: c.test, branch: parent, discriminant: parent.parent.discriminant });
      }
    }
    current = parent;
  }
  return tests;
}

/** `switch (res.status) { case 429: }`: the case literal compared with the discriminant. */
function readCase(test: TSESTree.Node, discriminant: TSESTree.Node): TestSignal | undefined {
  const status = statusLiteral(test);
  if (status !== undefined) return { reason: status === 429 ? "status-429" : "status-503", status: discriminant };
  return readTest(test);
}

/**
 * The expression that reads the Retry-After header of the response whose status was compared,
 * when the client is known: a fetch `Response` (`res.headers.get(...)`), an axios or got response
 * (`res.headers["retry-after"]`), or an axios error (`error.response?.headers["retry-after"]`).
 * Anything else (an SDK error class, a status passed in from elsewhere) is unknown.
 */
function headerReadFor(sourceCode: SourceCode, model: McpModel, statusNode: TSESTree.Node): string | undefined {
  const status = unwrap(statusNode);
  if (status.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const property = memberName(status);
  const response = unwrap(status.object);
  if (property === "status" && response.type === AST_NODE_TYPES.MemberExpression && memberName(response) === "response") {
    // `error.response.status` is axios' error shape; ky and Octokit errors look alike, so only with axios imported.
    if (![...model.importedFrom.values()].some((source) => source === "axios" || source.startsWith("axios#"))) return undefined;
    return `${sourceCode.getText(response)}${status.optional ? "?." : "."}headers["retry-after"]`;
  }
  if (response.type !== AST_NODE_TYPES.Identifier) return undefined;
  const client = clientOf(sourceCode, model, response);
  if (client === "fetch" && property === "status") return `${response.name}.headers.get("retry-after")`;
  if ((client === "axios" && property === "status") || (client === "got" && property === "statusCode")) {
    return `${response.name}.headers["retry-after"]`;
  }
  return undefined;
}

/** The HTTP client that produced the value an identifier holds: `const res = await fetch(...)`, `(res: Response)`. */
function clientOf(sourceCode: SourceCode, model: McpModel, identifier: TSESTree.Identifier): "fetch" | "axios" | "got" | undefined {
  const init = constInitializer(sourceCode, identifier);
  if (init) {
    const value = init.type === AST_NODE_TYPES.AwaitExpression ? unwrap(init.argument) : init;
    if (value.type !== AST_NODE_TYPES.CallExpression) return undefined;
    const client = model.externalCall(value)?.client;
    return client === "fetch" || client === "axios" || client === "got" ? client : undefined;
  }
  const variable = findVariable(sourceCode, identifier);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type !== DefinitionType.Parameter || def.name.type !== AST_NODE_TYPES.Identifier) return undefined;
  const annotation = def.name.typeAnnotation?.typeAnnotation;
  return annotation?.type === AST_NODE_TYPES.TSTypeReference &&
    annotation.typeName.type === AST_NODE_TYPES.Identifier &&
    annotation.typeName.name === "Response"
    ? "fetch"
    : undefined;
}

/** A Retry-After read in a function: the read itself, and the const it is stored in, if any. */
export interface HeaderRead {
  readonly node: TSESTree.Node;
  readonly declarator: TSESTree.VariableDeclarator | undefined;
}

/** `x.headers.get("retry-after")`, `x.headers["retry-after"]` directly in `fn` (not nested functions). */
function headerReadsIn(sourceCode: SourceCode, fn: TSESTree.Node): HeaderRead[] {
  const reads: HeaderRead[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (node !== fn && isFunctionNode(node)) return;
    let read: TSESTree.Node | undefined;
    if (node.type === AST_NODE_TYPES.CallExpression) {
      const callee = unwrap(node.callee);
      const first = node.arguments[0];
      if (
        callee.type === AST_NODE_TYPES.MemberExpression &&
        memberName(callee) === "get" &&
        first?.type === AST_NODE_TYPES.Literal &&
        typeof first.value === "string" &&
        RETRY_AFTER_HEADER.test(first.value)
      ) {
        read = node;
      }
    } else if (
      node.type === AST_NODE_TYPES.MemberExpression &&
      node.computed &&
      node.property.type === AST_NODE_TYPES.Literal &&
      typeof node.property.value === "string" &&
      RETRY_AFTER_HEADER.test(node.property.value)
    ) {
      read = node;
    }
    if (read) {
      reads.push({ node: read, declarator: storedIn(read) });
      return;
    }
    forEachChild(node, sourceCode.visitorKeys, visit);
  };
  visit(fn);
  return reads;
}

/** The `const x = <...read...>` whose initializer holds the read (through `Number()`, `??`, `await`). */
function storedIn(read: TSESTree.Node): TSESTree.VariableDeclarator | undefined {
  let current: TSESTree.Node = read;
  while (current.parent) {
    const parent: TSESTree.Node = current.parent;
    if (parent.type === AST_NODE_TYPES.VariableDeclarator) {
      return parent.init === current && parent.id.type === AST_NODE_TYPES.Identifier ? parent : undefined;
    }
    if (
      parent.type !== AST_NODE_TYPES.CallExpression &&
      parent.type !== AST_NODE_TYPES.LogicalExpression &&
      parent.type !== AST_NODE_TYPES.ChainExpression &&
      parent.type !== AST_NODE_TYPES.AwaitExpression &&
      parent.type !== AST_NODE_TYPES.UnaryExpression &&
      parent.type !== AST_NODE_TYPES.TSAsExpression &&
      parent.type !== AST_NODE_TYPES.TSNonNullExpression
    ) {
      return undefined;
    }
    current = parent;
  }
  return undefined;
}

/** The nearest function around a node. */
function functionOf(node: TSESTree.Node): TSESTree.Node | undefined {
  let current = node.parent;
  while (current && !isFunctionNode(current)) current = current.parent;
  return current;
}

/**
 * The rate-limit context of an error built at `node`: an enclosing branch on 429/503 or on
 * rate-limit words, else rate-limit words in the error's own `texts`, else a Retry-After read in
 * the same function. `reads` memoizes the header reads per function.
 */
export function rateLimitContext(
  sourceCode: SourceCode,
  model: McpModel,
  node: TSESTree.Node,
  texts: readonly string[],
  reads: Map<TSESTree.Node, HeaderRead[]>,
): RateLimitContext | undefined {
  let signal: TestSignal | undefined;
  for (const { test, discriminant } of enclosingTests(node)) {
    const read = discriminant ? readCase(test, discriminant) : readTest(test);
    if (read && (!signal || (signal.status === undefined && read.status !== undefined))) signal = read;
    if (signal?.status !== undefined) break;
  }
  const fn = functionOf(node);
  let inFunction: HeaderRead[] = [];
  if (fn) {
    inFunction = reads.get(fn) ?? headerReadsIn(sourceCode, fn);
    reads.set(fn, inFunction);
  }
  const reason: Reason | undefined =
    signal?.reason ?? (texts.some((t) => RATE_LIMIT_MESSAGE.test(t)) ? "rate-limit" : inFunction.length > 0 ? "header" : undefined);
  if (reason === undefined) return undefined;
  // A const that already holds the header, declared before the error and in scope there.
  const stored = inFunction.find((r) => {
    const declaration = r.declarator?.parent;
    return declaration !== undefined && declaration.range[1] <= node.range[0] && isInside(node, declaration.parent);
  })?.declarator;
  if (stored?.id.type === AST_NODE_TYPES.Identifier) {
    const init = stored.init ? unwrap(stored.init) : undefined;
    const converted =
      init?.type === AST_NODE_TYPES.CallExpression &&
      init.callee.type === AST_NODE_TYPES.Identifier &&
      /^(Number|parseInt|parseFloat)$/.test(init.callee.name);
    return { reason, header: converted ? stored.id.name : `Number(${stored.id.name})` };
  }
  const read = signal?.status ? headerReadFor(sourceCode, model, signal.status) : undefined;
  return { reason, header: read === undefined ? undefined : `Number(${read})` };
}
