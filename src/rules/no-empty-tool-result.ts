import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { objectLiteral, type McpModel, isReturnedValue } from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import {
  type FunctionNode,
  constInitializer,
  findProperty,
  findVariable,
  hasSpread,
  isFunctionNode,
  memberPath,
  ownReturnStatements,
  staticString,
  unwrap,
} from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { capitalized, toolSubject } from "./shared/describe.js";
import { returnsToolResult } from "./shared/results.js";
import { containsComment, quote } from "./shared/fix.js";
import { contentFilledOnlyUnderConditions, joinOfConditionalParts } from "./no-empty-tool-result/filled-later.js";

export type Options = [
  {
    reportStructuredContentOnly?: boolean;
  },
];
export type MessageIds = "emptyToolResult" | "emptyFastMcpReturn" | "describeOutcome" | "mirrorStructuredContent";

/** What the suggestions write: a placeholder the author must replace with what really happened. */
export const PLACEHOLDER = "TODO: say what happened, e.g. 'Deleted 3 records' or '0 rows matched'";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * Why a `content` value says nothing (`what`, for the message): `"no content"`, `"only empty text"`,
 * or a text that falls back to `""` (`fallback`: the value it falls back from); undefined when some
 * part carries (or may carry) something. Parts built elsewhere, spreads and non-text parts count
 * as content.
 */
function emptiness(sourceCode: SourceCode, content: TSESTree.Node): { what: string; fallback: string | undefined } | undefined {
  const array = unwrap(content);
  if (array.type !== AST_NODE_TYPES.ArrayExpression) return undefined;
  if (array.elements.length === 0) return { what: "no content", fallback: undefined };
  let fallback: string | undefined;
  for (const element of array.elements) {
    if (!element || element.type === AST_NODE_TYPES.SpreadElement) return undefined;
    const part = objectLiteral(sourceCode, element);
    if (!part || hasSpread(part)) return undefined;
    const type = findProperty(part, "type");
    const text = findProperty(part, "text");
    if (!type || !text || staticString(type.value) !== "text") return undefined;
    const value = staticString(text.value);
    if (value !== undefined && value.trim() === "") continue;
    const missing = value === undefined ? emptyFallback(sourceCode, text.value) : undefined;
    if (missing === undefined) return undefined;
    fallback ??= missing;
  }
  return { what: fallback === undefined ? "only empty text" : `a text that is empty whenever ${fallback}`, fallback };
}

/**
 * `text: context?.content || ""`, or a const initialised so (`const text = data ?? ""`), or the
 * join of an array filled only under conditions (`lines.join("\n")`): when the text is empty.
 */
function emptyFallback(sourceCode: SourceCode, node: TSESTree.Node): string | undefined {
  const joined = joinOfConditionalParts(sourceCode, node);
  if (joined !== undefined) return `nothing is pushed to \`${joined}\``;
  let value = unwrap(node);
  if (value.type === AST_NODE_TYPES.Identifier) value = constInitializer(sourceCode, value) ?? value;
  if (value.type !== AST_NODE_TYPES.LogicalExpression || (value.operator !== "||" && value.operator !== "??")) return undefined;
  const right = staticString(unwrap(value.right));
  return right !== undefined && right.trim() === "" ? `\`${sourceCode.getText(value.left)}\` is missing` : undefined;
}

function onlyReturned(sourceCode: SourceCode, declarator: TSESTree.VariableDeclarator): boolean {
  if (declarator.id.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = findVariable(sourceCode, declarator.id);
  if (!variable) return false;
  let returned = false;
  for (const reference of variable.references) {
    if (reference.init) continue;
    if (reference.isWrite()) return false;
    let use: TSESTree.Node = reference.identifier;
    while (use.parent.type === AST_NODE_TYPES.TSAsExpression || use.parent.type === AST_NODE_TYPES.TSSatisfiesExpression) use = use.parent;
    if (use.parent.type !== AST_NODE_TYPES.ReturnStatement) return false;
    returned = true;
  }
  return returned;
}

/** Inside a `catch` of its own function: a swallowed failure, `no-swallowed-failure`'s concern. */
function inCatch(node: TSESTree.Node): boolean {
  for (let current = node.parent; current && !isFunctionNode(current); current = current.parent) {
    if (current.type === AST_NODE_TYPES.CatchClause) return true;
  }
  return false;
}

/** `undefined`, `null`, `void 0`, or a whitespace-only string: FastMCP sends these as empty content. */
function isNothing(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Identifier) return n.name === "undefined";
  if (n.type === AST_NODE_TYPES.Literal && n.value === null) return true;
  if (n.type === AST_NODE_TYPES.UnaryExpression && n.operator === "void") return true;
  const text = staticString(n);
  return text !== undefined && text.trim() === "";
}

/** The file imports FastMCP itself (not a look-alike `addTool` API such as LiteMCP's). */
function importsFastMcp(model: McpModel): boolean {
  for (const source of model.importedFrom.values()) {
    if (source === "fastmcp" || source.startsWith("fastmcp#")) return true;
  }
  return false;
}

export default createRule<Options, MessageIds>({
  name: "no-empty-tool-result",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow successful tool results with no content or only empty text",
      recommended: "recommended",
    },
    hasSuggestions: true,
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: {
          reportStructuredContentOnly: {
            type: "boolean",
            description:
              "Also report a successful result whose content is empty while `structuredContent` carries the data (clients that read only `content` show the model nothing).",
          },
        },
      },
    ],
    defaultOptions: [{ reportStructuredContentOnly: false }],
    messages: {
      emptyToolResult:
        '{{tool}} returns a successful result with {{what}}{{structured}}. The model gets no words about what happened, and clients fill the gap with a placeholder such as "(tool completed with no output)", so the agent cannot tell whether the call did anything. Say what happened in a text part ("Deleted 3 records", "0 rows matched").',
      emptyFastMcpReturn:
        '{{tool}} {{what}}, which FastMCP sends as a result with no content. The model gets no words about what happened, so the agent cannot tell whether the call did anything. Return a sentence that says what happened ("Deleted 3 records", "0 rows matched").',
      describeOutcome: "Add a text part to fill in with what happened.",
      mirrorStructuredContent: "Add a text part with the structured content as JSON.",
    },
  },
  create(context, [options]) {
    const reportStructured = options.reportStructuredContentOnly;
    return withModel(context, (model) => {
      if (!model.isMcpFile || model.handlers.length === 0) return;
      const sourceCode = context.sourceCode;
      const label = (node: TSESTree.Node): string => capitalized(toolSubject(model.toolNamesAt(node)));

      for (const result of model.results) {
        if (result.isError) continue;
        const object = result.object;
        const content = findProperty(object, "content");
        if (!content) continue;
        const empty = emptiness(sourceCode, content.value);
        if (empty === undefined) continue;
        const structured = findProperty(object, "structuredContent");
        if (structured && !reportStructured) continue;
        const handlers = model.handlersAt(object);
        if (handlers.length === 0 || inCatch(object)) continue;
        // `content: []` filled by later `response.content.push(...)` calls, each behind a condition.
        let filledLater = false;
        if (!isReturnedValue(object, (declarator) => onlyReturned(sourceCode, declarator))) {
          filledLater = empty.what === "no content" && isReturnedValue(object, (declarator) => contentFilledOnlyUnderConditions(sourceCode, declarator));
          if (!filledLater) continue;
        }
        if (!returnsToolResult(object, handlers)) continue;

        const array = unwrap(content.value);
        const suggest: TSESLint.ReportSuggestionArray<MessageIds> = [];
        // A text that is there unless its value is missing: the fix is in the fallback, not the parts.
        if (empty.fallback === undefined && !filledLater && !containsComment(sourceCode, array)) {
          // Mirroring needs a value that can be read twice: a name, not an expression that runs.
          const mirrored = structured ? memberPath(structured.value) : undefined;
          suggest.push(
            mirrored === undefined
              ? {
                  messageId: "describeOutcome",
                  fix: (fixer) => fixer.replaceText(array, `[{ type: "text", text: ${quote(PLACEHOLDER)} }]`),
                }
              : {
                  messageId: "mirrorStructuredContent",
                  fix: (fixer) => fixer.replaceText(array, `[{ type: "text", text: JSON.stringify(${mirrored}) }]`),
                },
          );
        }
        context.report({
          node: content,
          messageId: "emptyToolResult",
          data: {
            tool: label(object),
            what: filledLater ? "no content whenever none of the parts it adds under conditions is added" : empty.what,
            structured: structured ? " (the data is only in `structuredContent`, which clients that read `content` never show)" : "",
          },
          suggest,
        });
      }

      checkFastMcp(context, model);
    });
  },
});

/**
 * FastMCP turns an `execute` that returns nothing (or an empty string) into `{ content: [] }`.
 * Only direct FastMCP handlers: a wrapper around `execute` may turn the value into something else.
 */
function checkFastMcp(context: Readonly<TSESLint.RuleContext<MessageIds, Options>>, model: McpModel): void {
  const handlers = model.handlers.filter((h) => h.kind === "addTool" && h.framework === "fastmcp" && h.root === h.entry);
  if (handlers.length === 0 || !importsFastMcp(model)) return;
  const sourceCode = context.sourceCode;
  const seen = new Set<FunctionNode>();
  for (const handler of handlers) {
    const fn = handler.entry;
    if (seen.has(fn) || fn.generator) continue;
    seen.add(fn);
    const found = emptyReturns(sourceCode, fn);
    // Streamed content reaches the client as notifications; the final empty result is expected.
    if (found.length === 0 || sourceCode.getText(fn).includes("streamContent")) continue;
    const tool = toolSubject(model.toolNamesAt(fn));
    for (const { what, ...descriptor } of found) {
      context.report({ ...descriptor, messageId: "emptyFastMcpReturn", data: { tool: capitalized(tool), what } });
    }
  }
}

type Found = { what: string; suggest: TSESLint.ReportSuggestionArray<MessageIds> } & ({ node: TSESTree.Node } | { loc: TSESTree.SourceLocation });

/** Where `execute` gives FastMCP nothing: empty values, bare `return`s, or the end of its body. */
function emptyReturns(sourceCode: SourceCode, fn: FunctionNode): Found[] {
  // `void work()` still runs `work()`: only a plain value may be replaced.
  const replaceWith = (node: TSESTree.Node): TSESLint.ReportSuggestionArray<MessageIds> =>
    containsComment(sourceCode, node) || unwrap(node).type === AST_NODE_TYPES.UnaryExpression
      ? []
      : [{ messageId: "describeOutcome", fix: (fixer) => fixer.replaceText(node, quote(PLACEHOLDER)) }];
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) {
    return isNothing(fn.body) ? [{ node: fn.body, what: `returns ${describeNothing(fn.body)}`, suggest: replaceWith(fn.body) }] : [];
  }
  const block = fn.body;
  const found: Found[] = [];
  const returns = ownReturnStatements(block);
  for (const statement of returns) {
    const argument = statement.argument;
    if ((argument && !isNothing(argument)) || inCatch(statement)) continue;
    found.push({
      node: statement,
      what: argument ? `returns ${describeNothing(argument)}` : "returns without a value",
      suggest: argument
        ? replaceWith(argument)
        : containsComment(sourceCode, statement)
          ? []
          : [{ messageId: "describeOutcome", fix: (fixer) => fixer.replaceText(statement, `return ${quote(PLACEHOLDER)};`) }],
    });
  }
  // No `return` at all: every path that does not throw ends with `undefined`. (With early
  // `return;` statements, those are reported instead, once each.)
  if (returns.length === 0 && !endsWithThrow(block)) {
    found.push({
      loc: { start: headStart(fn), end: sourceCode.getTokenBefore(block)?.loc.end ?? block.loc.start },
      what: "ends without returning anything",
      suggest: [{ messageId: "describeOutcome", fix: (fixer) => appendReturn(fixer, sourceCode, block) }],
    });
  }
  return found;
}

function describeNothing(node: TSESTree.Node): string {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Identifier || (n.type === AST_NODE_TYPES.UnaryExpression && n.operator === "void")) return "`undefined`";
  if (n.type === AST_NODE_TYPES.Literal && n.value === null) return "`null`";
  return "an empty string";
}

function endsWithThrow(block: TSESTree.BlockStatement): boolean {
  return block.body.at(-1)?.type === AST_NODE_TYPES.ThrowStatement;
}

/** Where the function's head starts: at the property for `execute: ...` and `async execute() {}`. */
function headStart(fn: FunctionNode): TSESTree.Position {
  const parent = fn.parent;
  if ((parent.type === AST_NODE_TYPES.Property || parent.type === AST_NODE_TYPES.MethodDefinition) && parent.value === fn) return parent.loc.start;
  return fn.loc.start;
}

/** `return "<placeholder>";` after the last statement, on its own line with the same indent. */
function appendReturn(fixer: TSESLint.RuleFixer, sourceCode: SourceCode, block: TSESTree.BlockStatement): TSESLint.RuleFix {
  const last = block.body.at(-1);
  const statement = `return ${quote(PLACEHOLDER)};`;
  if (!last) return fixer.replaceText(block, `{ ${statement} }`);
  const line = sourceCode.lines[last.loc.start.line - 1] ?? "";
  const indent = /^\s*/.exec(line)?.[0] ?? "";
  return fixer.insertTextAfter(last, `\n${indent}${statement}`);
}
