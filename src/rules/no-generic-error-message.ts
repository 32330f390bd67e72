import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { withModel } from "../lint/with-model.js";
import { type McpModel, getPayload, valueAtResult } from "../model/index.js";
import { getVocabulary } from "../settings.js";
import {
  addsNoWords,
  constInitializer,
  enclosingCatch,
  enclosingCatchParam,
  enclosingFunction,
  findProperty,
  findVariable,
  functionName,
  isFunctionNode,
  mentionsName,
  staticString,
  unwrap,
  unwrapAwait,
} from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { toolLabel } from "./shared/describe.js";
import { containsComment } from "./shared/fix.js";
import { type CauseUse, isGenericText } from "./shared/generic-text.js";
import { envelopeTexts } from "./no-generic-error-message/envelopes.js";
import { handsOnCause } from "./no-generic-error-message/cause.js";
import { fallbackTexts } from "./no-generic-error-message/fallbacks.js";
import { builderTexts } from "./no-generic-error-message/builder-texts.js";
import type { TSESLint } from "@typescript-eslint/utils";

type SourceCode = Readonly<TSESLint.SourceCode>;

export type Options = [
  {
    additionalPhrases?: string[];
    allowedPhrases?: string[];
  },
];
export type MessageIds = "genericErrorMessage" | "appendCauseMessage";

/**
 * What `answer` (an error result or a throw) does with a caught error: `dropped` in a catch that
 * had a cause and leaves it out (nothing in it reads the caught error, or a constant of the catch
 * made from it); `decided` when it answers a test in the catch (`if (e.code === "ENOENT")`, which
 * names the cause itself); `kept` when it reads the cause; `none` outside a catch.
 */
function causeUse(sourceCode: SourceCode, answer: TSESTree.Node): "dropped" | "decided" | "kept" | "none" {
  let child: TSESTree.Node = answer;
  for (let current = answer.parent; current && !isFunctionNode(current); child = current, current = current.parent) {
    if (current.type !== AST_NODE_TYPES.CatchClause) {
      if ((current.type === AST_NODE_TYPES.IfStatement || current.type === AST_NODE_TYPES.ConditionalExpression) && child !== current.test) {
        // Inside the catch, an answer under a test of anything is a decision about the cause; but
        // `e instanceof Error` only asks how to read the cause, and its other branch still drops it.
        if (enclosingCatch(current) && !isErrorInstanceTest(current.test)) return "decided";
      }
      if (current.type === AST_NODE_TYPES.SwitchCase && enclosingCatch(current)) return "decided";
      continue;
    }
    if (current.param?.type !== AST_NODE_TYPES.Identifier) return current.param === null ? "dropped" : "kept";
    const names = new Set([current.param.name]);
    for (const statement of current.body.body) {
      if (statement.type !== AST_NODE_TYPES.VariableDeclaration) continue;
      for (const d of statement.declarations) {
        if (d.id.type === AST_NODE_TYPES.Identifier && d.init && mentionsName(sourceCode, d.init, names, "subtree")) names.add(d.id.name);
      }
    }
    return mentionsName(sourceCode, answer, names, "subtree") ? "kept" : "dropped";
  }
  return "none";
}

function isErrorInstanceTest(test: TSESTree.Node): boolean {
  const node = unwrap(test);
  return (
    node.type === AST_NODE_TYPES.BinaryExpression &&
    node.operator === "instanceof" &&
    node.right.type === AST_NODE_TYPES.Identifier &&
    node.right.name === "Error"
  );
}

/** The name of the function an answer or throw is in (`parseOrderDetails`), which its text may only restate. */
function operationOf(node: TSESTree.Node): string | undefined {
  const fn = enclosingFunction(node);
  return fn ? functionName(fn) : undefined;
}

/** Escapes text for the inside of a template literal. */
function templateText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/`/g, "\\`").replace(/\$\{/g, "\\${");
}

export default createRule<Options, MessageIds>({
  name: "no-generic-error-message",
  meta: {
    type: "suggestion",
    docs: {
      description: 'Disallow generic error text ("An error occurred", "Operation failed") that tells the agent nothing it can act on',
      recommended: "recommended",
    },
    hasSuggestions: true,
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: {
          additionalPhrases: {
            type: "array",
            items: { type: "string" },
            uniqueItems: true,
            description: "More whole messages to treat as generic (compared case-insensitively, ignoring punctuation).",
          },
          allowedPhrases: {
            type: "array",
            items: { type: "string" },
            uniqueItems: true,
            description: "Whole messages never to report, even when they look generic.",
          },
        },
      },
    ],
    defaultOptions: [{ additionalPhrases: [], allowedPhrases: [] }],
    messages: {
      genericErrorMessage:
        'The error text "{{text}}" of {{tool}} is generic: it names no cause, input, resource or next step, so the agent can neither fix its call nor explain the failure. Say what failed, why, and what to do next.',
      appendCauseMessage: "Append the caught error's message (`{{name}}`).",
    },
  },
  create(context, [options]) {
    return withModel(context, (model) => {
      if (!model.isMcpFile) return;
      const vocabulary = getVocabulary(context.settings);
      const sourceCode = context.sourceCode;
      const reported = new Set<TSESTree.Node>();

      /** Checks each text the node may hold: both branches of `a ? b : c`, and the fallback of `a || b`. */
      function check(node: TSESTree.Node | undefined, toolAt: TSESTree.Node): void {
        if (node) for (const alternative of alternatives(node, sourceCode)) checkText(alternative, toolAt);
      }

      /** `cause`: what the answer does with the caught error, when the text's place already tells. */
      function checkText(node: TSESTree.Node, toolAt: TSESTree.Node, cause?: CauseUse): void {
        if (reported.has(node)) return;
        const text = staticString(node);
        if (
          text === undefined ||
          !isGenericText(text, options, model.toolNamesAt(toolAt), cause ?? (() => causeUse(sourceCode, toolAt)), operationOf(toolAt))
        )
          return;
        reported.add(node);
        const caught = enclosingCatchParam(node);
        const n = unwrap(node);
        const canFix =
          caught !== undefined && (n.type === AST_NODE_TYPES.Literal || n.type === AST_NODE_TYPES.TemplateLiteral) && !containsComment(sourceCode, n);
        context.report({
          node,
          messageId: "genericErrorMessage",
          data: { text: text.length > 60 ? `${text.slice(0, 57)}...` : text, tool: toolLabel(model.toolNamesAt(toolAt)) },
          suggest: canFix
            ? [
                {
                  messageId: "appendCauseMessage",
                  data: { name: caught },
                  fix: (fixer) =>
                    fixer.replaceText(
                      n,
                      `\`${templateText(text.replace(/[.:\s]+$/, ""))}: \${${caught} instanceof Error ? ${caught}.message : String(${caught})}\``,
                    ),
                },
              ]
            : [],
        });
      }

      for (const result of model.errorResults) {
        if (model.isUnknownToolBranch(result.node)) continue;
        const payload = getPayload(model, result, vocabulary);
        const fields = [vocabulary.description, "message"];
        if (result.helperCall) {
          // Text the helper reads from its parameters is whatever the caller passes.
          for (const text of payload.texts) {
            const parameter = onlyInterpolated(text);
            if (parameter) check(valueAtResult(result, parameter), result.node);
          }
          for (const object of payload.objects) {
            for (const field of fields) {
              const property = findProperty(object, field);
              if (property && unwrap(property.value).type === AST_NODE_TYPES.Identifier) check(valueAtResult(result, property.value), result.node);
            }
          }
          continue;
        }
        // A generic first line followed by a part that gives the cause is fine as a whole.
        const isGenericPart = (text: TSESTree.Node): boolean => {
          const value = staticString(text);
          return value !== undefined && isGenericText(value, options, model.toolNamesAt(result.node), () => causeUse(sourceCode, result.node));
        };
        if (payload.texts.length === 1 || payload.texts.every(isGenericPart)) {
          for (const text of payload.texts) check(text, result.node);
        }
        // `text: \`Error: ${result.error.message}\``: the message the call that made `result` chose.
        for (const text of payload.texts) check(chosenFailureText(sourceCode, model, text), result.node);
        for (const object of payload.objects) {
          for (const field of fields) check(findProperty(object, field)?.value, result.node);
        }
        // `JSON.stringify(makeEnvelope(code, "Invalid request.", id))`: the text a builder's field takes from the call.
        if (!result.helperSource) for (const text of builderTexts(sourceCode, model, result.object, fields)) check(text, result.node);
      }

      // A result made an error after it was built: the texts pushed after the assignment, in its block.
      for (const result of model.mutatedErrorResults) {
        if (model.isUnknownToolBranch(result.node)) continue;
        for (const part of errorParts(result.node, result.pushedParts)) check(findProperty(part, "text")?.value, result.node);
      }

      // `classifyToolCatchError(error, "Failed to get count")`, which keeps the error's message only at debug level.
      for (const { text, call } of fallbackTexts(sourceCode, model)) checkText(text, call, "dropped");

      // `return { success: false, error: message }` from a catch on a tool's path: the text its wrapper shows.
      for (const envelope of envelopeTexts(sourceCode, model)) check(envelope.text, envelope.at);

      // A throw a catch turns into an error result that says its message is read as that result's text.
      for (const site of [...model.escapingThrows, ...model.carriedThrows]) {
        const argument = unwrap(site.node.argument);
        if (argument.type === AST_NODE_TYPES.NewExpression || argument.type === AST_NODE_TYPES.CallExpression) {
          // `throw handleAxiosError(error, "Failed to fetch workflows")`: a helper handed the cause may say it.
          if (argument.type === AST_NODE_TYPES.CallExpression && handsOnCause(sourceCode, argument)) continue;
          // The message is the first argument for Error and its usual subclasses; McpError's is the second.
          const texts = argument.arguments.filter(
            (a) => staticString(a) !== undefined || a.type === AST_NODE_TYPES.TemplateLiteral || alternatives(a, sourceCode).length > 1,
          );
          // `createError("NOT_FOUND", "Documentation not found at ...")`, `new QBOError(error.message, "REQUEST_ERROR")`:
          // beside other arguments, a code is not the message.
          const coded = (text: TSESTree.Node): boolean => argument.arguments.length > 1 && ERROR_CODE.test(staticString(text) ?? "");
          check(
            texts.find((text) => !coded(text)),
            site.node,
          );
        } else {
          check(argument, site.node);
        }
      }
    });
  },
});

/**
 * `text: \`Error: ${result.error.message}\``, where `const result = await safeExecute(run, "Tool
 * execution failed")` and the callee answers every failure it catches with the message it was
 * handed (with types: `failureMessageArgument`): the text the call passes.
 */
function chosenFailureText(sourceCode: SourceCode, model: McpModel, text: TSESTree.Node): TSESTree.Node | undefined {
  // `const errorMessage = \`Error: ${result.error?.message}\``, then `text: errorMessage`.
  const held = unwrap(text);
  const n = held.type === AST_NODE_TYPES.Identifier ? unwrap(constInitializer(sourceCode, held) ?? held) : held;
  const [only] = n.type === AST_NODE_TYPES.TemplateLiteral && addsNoWords(n) ? n.expressions : [];
  const path: string[] = [];
  let read = unwrap(only ?? n);
  while (read.type === AST_NODE_TYPES.MemberExpression && !read.computed && read.property.type === AST_NODE_TYPES.Identifier) {
    path.unshift(read.property.name);
    read = unwrap(read.object);
  }
  const made = read.type === AST_NODE_TYPES.Identifier && path.length > 0 ? constInitializer(sourceCode, read) : undefined;
  const call = made ? unwrapAwait(made) : undefined;
  if (call?.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const index = model.types.failureMessageArgument(sourceCode, call, path);
  return index === undefined ? undefined : call.arguments[index];
}

/** A code written as a constant's name (`NOT_FOUND`, `E_TIMEOUT`), which an error factory takes before its message. */
const ERROR_CODE = /^[A-Z][A-Z0-9_]+$/u;

/**
 * The object literals pushed into a result's content in the block of `assignment` (`response.isError
 * = true`): after it, or anywhere in a branch that ends so (`if (!image) { push("Failed to get
 * screenshot"); response.isError = true }`). What that error says; pushes elsewhere (the success
 * branch) are not.
 */
function errorParts(assignment: TSESTree.AssignmentExpression, pushed: readonly TSESTree.Node[]): TSESTree.ObjectExpression[] {
  const statement = assignment.parent;
  const block = statement.parent;
  if (statement.type !== AST_NODE_TYPES.ExpressionStatement || block?.type !== AST_NODE_TYPES.BlockStatement) return [];
  const from = block.parent.type === AST_NODE_TYPES.IfStatement ? block.range[0] : statement.range[1];
  return pushed
    .map((part) => unwrap(part))
    .filter(
      (part): part is TSESTree.ObjectExpression =>
        part.type === AST_NODE_TYPES.ObjectExpression && part.range[0] > from && part.range[1] <= block.range[1],
    );
}

/**
 * The texts an expression may evaluate to: each branch of a conditional, and the fallback of
 * `a || "..."` / `a ?? "..."` (what the model reads when the first operand is empty). A generic
 * text in one branch is generic there, whatever the other branch says.
 */
/**
 * The one value a helper's text is made of: the text itself (`text: message`), or the value in a
 * template whose own words say nothing more (`\`Error: ${message}\``).
 */
function onlyInterpolated(text: TSESTree.Node): TSESTree.Node | undefined {
  const n = unwrap(text);
  if (n.type === AST_NODE_TYPES.Identifier) return n;
  if (n.type !== AST_NODE_TYPES.TemplateLiteral || n.expressions.length !== 1) return undefined;
  const expression = n.expressions[0];
  if (expression?.type !== AST_NODE_TYPES.Identifier) return undefined;
  return addsNoWords(n) ? expression : undefined;
}

function alternatives(node: TSESTree.Node, sourceCode: SourceCode, depth = 0): TSESTree.Node[] {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.ConditionalExpression)
    return [...alternatives(n.consequent, sourceCode, depth), ...alternatives(n.alternate, sourceCode, depth)];
  if (n.type === AST_NODE_TYPES.LogicalExpression && (n.operator === "||" || n.operator === "??")) {
    // `error.message ?? ""`: a value kept a string when the error has none, not a message written for the model.
    const right = unwrap(n.right);
    if (right.type === AST_NODE_TYPES.Literal && right.value === "") return [n.left];
    return [n.left, ...alternatives(n.right, sourceCode, depth)];
  }
  // `const message = details || "Unknown error"`: the constant's own alternatives, where they are written;
  // `error = message || "Unknown error"; throw new Error(error)`: those of the write just before.
  if (n.type === AST_NODE_TYPES.Identifier && depth < 3) {
    const init = constInitializer(sourceCode, n) ?? assignedJustBefore(n);
    if (init?.type === AST_NODE_TYPES.ConditionalExpression || init?.type === AST_NODE_TYPES.LogicalExpression)
      return alternatives(init, sourceCode, depth + 1);
    // `let errorMessage` written in each branch of an `if` (`errorMessage = "An unexpected error occurred"` in one).
    if (!init) {
      const written = branchWrites(sourceCode, n);
      if (written) return written.flatMap((value) => alternatives(value, sourceCode, depth + 1));
    }
  }
  return [node];
}

/**
 * The values a `let` of the function gets when it is only ever set with `=` (its initializer,
 * if any, and each assignment): the texts it may hold where it is read. Undefined for anything
 * else (a `+=`, a destructuring, a variable of another function).
 */
function branchWrites(sourceCode: SourceCode, read: TSESTree.Identifier): TSESTree.Node[] | undefined {
  const variable = findVariable(sourceCode, read);
  const declarator = variable?.defs.length === 1 ? variable.defs[0]?.node : undefined;
  if (!variable || declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.parent.kind !== "let") return undefined;
  if (enclosingFunction(declarator) !== enclosingFunction(read)) return undefined;
  // `let message = ""`, then a text in some branch and `if (message) throw ...`: "" is "not set", no text.
  if (declarator.init && staticString(declarator.init) !== "") return undefined;
  const writes: TSESTree.AssignmentExpression[] = [];
  for (const reference of variable.references) {
    if (!reference.isWrite() || reference.init) continue;
    const write = reference.identifier.parent;
    if (write.type !== AST_NODE_TYPES.AssignmentExpression || write.operator !== "=" || write.left !== reference.identifier) return undefined;
    writes.push(write);
  }
  // Each path sets it once: a later write may replace an earlier one otherwise (a fallback, then maybe better text).
  const once = writes.every((a, i) => writes.slice(i + 1).every((b) => otherBranches(a, b)));
  return writes.length > 1 && once ? writes.map((write) => write.right) : undefined;
}

/** `a` and `b` sit in the two branches of one `if` (`if (x) a; else if (y) b`): at most one of them runs. */
function otherBranches(a: TSESTree.Node, b: TSESTree.Node): boolean {
  const above = new Set<TSESTree.Node>();
  for (let node: TSESTree.Node | undefined = a; node; node = node.parent) above.add(node);
  let under: TSESTree.Node = b;
  while (under.parent && !above.has(under.parent)) under = under.parent;
  const shared = under.parent;
  if (shared?.type !== AST_NODE_TYPES.IfStatement) return false;
  let mine: TSESTree.Node = a;
  while (mine.parent !== shared) mine = mine.parent as TSESTree.Node;
  const branches = [shared.consequent, shared.alternate];
  return mine !== under && branches.includes(mine as TSESTree.Statement) && branches.includes(under as TSESTree.Statement);
}

/**
 * The value `name = value;` gives the variable `read` reads, when that assignment is the last
 * statement before the read's own, in the same block, to write it (`error = message || "Unknown
 * error"; throw new Error(error)`). A statement in between that assigns it otherwise stops the search.
 */
function assignedJustBefore(read: TSESTree.Identifier): TSESTree.Node | undefined {
  let statement: TSESTree.Node = read;
  while (statement.parent && statement.parent.type !== AST_NODE_TYPES.BlockStatement) {
    if (isFunctionNode(statement.parent)) return undefined;
    statement = statement.parent;
  }
  const block = statement.parent;
  if (!block) return undefined;
  const before = block.body.slice(0, block.body.indexOf(statement as TSESTree.Statement)).reverse();
  for (const sibling of before) {
    const expression = sibling.type === AST_NODE_TYPES.ExpressionStatement ? sibling.expression : undefined;
    if (
      expression?.type === AST_NODE_TYPES.AssignmentExpression &&
      expression.left.type === AST_NODE_TYPES.Identifier &&
      expression.left.name === read.name
    )
      return expression.operator === "=" ? unwrap(expression.right) : undefined;
    if (sibling.type !== AST_NODE_TYPES.ExpressionStatement && sibling.type !== AST_NODE_TYPES.VariableDeclaration) return undefined;
  }
  return undefined;
}
