import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { FRAMEWORKS, type ProtocolThrow, protocolThrow, type ToolHandler, thrownText } from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import { type Category, type Vocabulary, getVocabulary } from "../settings.js";
import { enclosingFunction, isFunctionNode, isInside, unwrap } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { orderedCategories, retryableFor } from "./shared/classification.js";
import { classificationData, toolLabel, toolNamesOf } from "./shared/describe.js";
import { classificationFields, containsComment, propertyKey } from "./shared/fix.js";

export type Options = [];
export type MessageIds = "protocolErrorInTool" | "returnErrorResult";

const URL_ELICITATION_REQUIRED = -32042;

/**
 * The category a code points at. Bad params, a malformed request or an unsupported operation
 * named in the arguments are the caller's input; a timeout or a closed connection is transient.
 * `InternalError` (and anything else) says nothing about the cause: no preference.
 */
const CODE_CATEGORY: ReadonlyMap<number, Category> = new Map([
  [-32602, "validation"],
  [-32600, "validation"],
  [-32601, "validation"],
  [-32001, "transient"],
  [-32000, "transient"],
]);

/** Request-level failures about the tool *name* (not its arguments) are protocol errors. */
const TOOL_NAME_TEXT =
  /\btool name\b|\b(unknown|unsupported|invalid|missing|no) tool\b|\btools? \S+ (is )?(disabled|not (enabled|available|allowed|registered|supported|implemented))\b/i;

/** What the framework does with this throw, as a clause for the message. */
function outcome(handler: ToolHandler, thrown: ProtocolThrow): string {
  const framework = FRAMEWORKS[handler.framework];
  const name = framework.displayName;
  const code = thrown.code === undefined ? "<code>" : String(thrown.code);
  // Only the v1 `McpError` constructor prefixes the message.
  const text = thrown.className === "McpError" ? `MCP error ${code}: <message>` : "<message>";
  const rethrown = framework.rethrowsProtocolErrors;
  const rethrows = rethrown === "all" || (rethrown === "ProtocolError" && thrown.className === "ProtocolError");
  if (handler.thrown === "protocol-error" || rethrows) {
    const keepsCode = framework.keepsProtocolCode || rethrows;
    const codeClause = keepsCode && thrown.code !== undefined ? ` with code ${code}` : "";
    return `${name} ${rethrows ? "re-throws" : "sends"} it as a JSON-RPC error${codeClause}, which the model never sees`;
  }
  if (handler.framework === "fastmcp") {
    return `FastMCP turns it into an isError result whose only text is "Tool '${handler.toolName ?? "<name>"}' execution failed: ${text}", with no classification`;
  }
  if (handler.framework === "mastra") {
    return "Mastra's MCPServer wraps it in a MastraError and returns that error's JSON as the only text, with no classification the agent can act on";
  }
  return `${name} turns it into an isError result whose only text is "${text}", with no classification`;
}

/** The `return { content, isError }` statement that replaces the throw, in the project's vocabulary. */
function errorResultText(vocabulary: Vocabulary, category: Category, message: string): string {
  const fields = `${classificationFields(vocabulary, category, retryableFor(category, false))}, ${propertyKey(vocabulary.description)}: ${message}`;
  if (vocabulary.preset === "tool-failure" && vocabulary.container.length === 1) {
    // The tool-failure extension reads its fields from `_meta`; the text stays readable.
    return `return { content: [{ type: "text", text: ${message} }], isError: true, _meta: { ${propertyKey(vocabulary.container[0] ?? "")}: { ${fields} } } };`;
  }
  let payload = `{ ${fields} }`;
  for (const key of [...vocabulary.container].reverse()) payload = `{ ${propertyKey(key)}: ${payload} }`;
  return `return { content: [{ type: "text", text: JSON.stringify(${payload}) }], isError: true };`;
}

export default createRule<Options, MessageIds>({
  name: "no-protocol-error-in-tool",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow throwing JSON-RPC protocol errors (McpError, ProtocolError) for failures of a tool's own operation",
      recommended: "recommended",
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      protocolErrorInTool:
        "This {{errorClass}} reports a failure of {{tool}} as a protocol error: {{outcome}}. Return an error result (`isError: true`) with `{{category}}` and `{{retryable}}` instead, so the agent can tell whether to fix its input, retry, or stop.",
      returnErrorResult: "Return an error result classified as {{category}} (`{{categoryField}}: {{code}}`, `{{retryable}}: {{value}}`).",
    },
  },
  create(context) {
    return withModel(context, (model) => {
      if (!model.isMcpFile || model.escapingThrows.length === 0) return;
      const sourceCode = context.sourceCode;
      const vocabulary = getVocabulary(context.settings);
      /** Dispatchers that route to tool cases. */
      /** Dispatchers that route to tool cases, with those cases. */
      const routes = new Map<TSESTree.Node, ToolHandler[]>();
      for (const h of model.handlers) {
        if (h.kind !== "low-level-case") continue;
        const list = routes.get(h.root) ?? [];
        list.push(h);
        routes.set(h.root, list);
      }

      for (const site of model.escapingThrows) {
        // A table dispatcher is listed with the tool it runs: the tool's own handler decides.
        const specific = site.handlers.filter((h) => h.kind !== "low-level");
        // Only the dispatcher, and it routes to tools: a throw before routing is a request check
        // (a server-wide API key); one in a catch around the routing wraps the tools' failures.
        let dispatched: ToolHandler[] | undefined;
        if (specific.length === 0 && site.handlers.every((h) => routes.has(h.root))) {
          dispatched = site.handlers.flatMap((h) => routes.get(h.root) ?? []);
          if (!catchesRouting(site.node, dispatched)) continue;
        }
        const handlers = specific.length > 0 ? specific : site.handlers;
        const handler = handlers[0];
        if (!handler || handler.thrown === "unknown") continue;
        const thrown = protocolThrow(sourceCode, model.importedFrom, site.node);
        if (!thrown) continue;
        // Wrapped on the way out into an error that is no protocol error: that error is what the client gets.
        const last = site.wraps.at(-1);
        if (last && !(last.site ? protocolThrow(sourceCode, model.importedFrom, last.site) : last.as === "McpError" || last.as === "ProtocolError"))
          continue;
        // -32042 is meant to reach the client as a protocol error (it asks for a URL elicitation).
        if (thrown.code === URL_ELICITATION_REQUIRED) continue;
        if (model.isUnknownToolBranch(site.node)) continue;
        const text = thrownText(site.node);
        if (text !== undefined && TOOL_NAME_TEXT.test(text)) continue;

        const tool = toolLabel(toolNamesOf(dispatched ?? handlers));
        const message = thrown.construction.arguments[1];
        // A return ends the handler only in its entry function; data (a third argument) would be lost.
        const canReturn =
          message !== undefined &&
          thrown.construction.arguments.length === 2 &&
          message.type !== AST_NODE_TYPES.SpreadElement &&
          unwrap(site.node.argument) === thrown.construction &&
          handlers.every((h) => enclosingFunction(site.node) === h.entry && FRAMEWORKS[h.framework].returnsResults && returnsResult(h)) &&
          !containsComment(sourceCode, site.node);
        const suggest: TSESLint.ReportSuggestionArray<MessageIds> = canReturn
          ? orderedCategories(site.node, thrown.code === undefined ? undefined : CODE_CATEGORY.get(thrown.code)).map((category) => ({
              messageId: "returnErrorResult" as const,
              data: classificationData(vocabulary, category, retryableFor(category, false)),
              fix: (fixer) => fixer.replaceText(site.node, errorResultText(vocabulary, category, sourceCode.getText(message))),
            }))
          : [];
        context.report({
          node: site.node,
          messageId: "protocolErrorInTool",
          data: {
            tool,
            errorClass: thrown.className,
            outcome: outcome(handler, thrown),
            category: vocabulary.category,
            retryable: vocabulary.retryable,
          },
          suggest,
        });
      }
    });
  },
});

/**
 * The throw sits in a `catch` of the dispatcher whose `try` runs the tools: a case's region lies
 * inside the `try`, or the tools are run through a table (no regions to compare).
 */
function catchesRouting(node: TSESTree.Node, cases: readonly ToolHandler[]): boolean {
  let current: TSESTree.Node | undefined = node.parent;
  while (current && !isFunctionNode(current)) {
    if (current.type === AST_NODE_TYPES.CatchClause) {
      const block = current.parent.block;
      if (cases.some((h) => !h.region || isInside(h.region, block))) return true;
    }
    current = current.parent;
  }
  return false;
}

/**
 * The entry may return a tool result: no return type, or one that names a result type. A handler
 * declared to return `Promise<string>` would not type-check with the suggested object.
 */
function returnsResult(handler: ToolHandler): boolean {
  const annotation = handler.entry.returnType?.typeAnnotation;
  if (!annotation) return true;
  return /ToolResult|ContentResult|\bany\b|\bunknown\b/.test(typeText(annotation));
}

/** The names in a type annotation, enough to match result type names. */
function typeText(node: TSESTree.TypeNode): string {
  if (node.type === AST_NODE_TYPES.TSTypeReference) {
    const typeName = node.typeName;
    const name = typeName.type === AST_NODE_TYPES.Identifier ? typeName.name : typeName.type === AST_NODE_TYPES.TSQualifiedName ? typeName.right.name : "";
    const args = node.typeArguments?.params.map(typeText).join(" ") ?? "";
    return `${name} ${args}`;
  }
  if (node.type === AST_NODE_TYPES.TSUnionType) return node.types.map(typeText).join(" ");
  if (node.type === AST_NODE_TYPES.TSAnyKeyword) return "any";
  if (node.type === AST_NODE_TYPES.TSUnknownKeyword) return "unknown";
  return "";
}
