import type { TSESTree } from "@typescript-eslint/utils";
import { FRAMEWORKS, type ToolHandler } from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import { getVocabulary } from "../settings.js";
import { findProperty } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { listed, toolLabel } from "./shared/describe.js";
import { returnsToolResult } from "./shared/results.js";
import { fieldNames, metaOnlyFields, nameOf, nestedFields } from "./no-invisible-error-metadata/fields.js";
import { StructuredContentFixes } from "./no-invisible-error-metadata/suggestions.js";

export type Options = [];
export type MessageIds = "topLevelMetadata" | "nestedMetadata" | "metaOnlyMetadata" | "moveToStructuredContent" | "copyToStructuredContent";

/** `` `a` `` / `` `a` and `b` `` / `` `a`, `b` and `c` ``. */
function listFields(names: readonly string[]): string {
  return listed(names.map((n) => `\`${n}\``));
}

/** The suggestion's `{{mirror}}`: what it does to the content text, if anything. */
function mirrorClause(mirrored: boolean, count: number): string {
  return mirrored ? ` and mirror ${count === 1 ? "it" : "them"} in the content text as JSON` : "";
}

/** What the framework does with unknown top-level keys of a result, as a clause for the message. */
function topLevelEffect(handlers: readonly ToolHandler[]): string {
  const strict = handlers.find((h) => FRAMEWORKS[h.framework].extraKeys === "rejected");
  if (strict) {
    return `${FRAMEWORKS[strict.framework].displayName} validates results strictly and rejects unknown keys, so the agent gets "Tool '${strict.toolName ?? "<name>"}' execution failed" instead of this result`;
  }
  const dropping = handlers.find((h) => FRAMEWORKS[h.framework].extraKeys === "dropped");
  if (dropping) return `${FRAMEWORKS[dropping.framework].displayName} rebuilds the result as \`{ content }\` and drops them`;
  return "the SDK passes unknown keys on, but clients show the model only `content` and `structuredContent`";
}

export default createRule<Options, MessageIds>({
  name: "no-invisible-error-metadata",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow error classification fields placed where the model cannot read them",
      recommended: "recommended",
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      topLevelMetadata:
        "The result of {{tool}} has {{fields}} as top-level {{keys}}, outside the MCP result shape: {{effect}}. Move {{them}} into `structuredContent` and mirror {{them}} in the content text, where the agent can use {{them}} to decide whether to retry, fix its input or stop.",
      nestedMetadata:
        "The result of {{tool}} has {{fields}} under `{{key}}`, a top-level key outside the MCP result shape: {{effect}}. Move {{them}} into `structuredContent` and mirror {{them}} in the content text, where the agent can use {{them}} to decide whether to retry, fix its input or stop.",
      metaOnlyMetadata:
        "The error result of {{tool}} carries {{fields}} only in `_meta`, and its content is plain text: clients do not show `_meta` to the model, so the agent cannot tell whether to retry, fix its input or stop. Put {{them}} in `structuredContent` and mirror {{them}} in the content text.",
      moveToStructuredContent: "Move {{fields}} into `structuredContent`{{mirror}}.",
      copyToStructuredContent: "Copy {{fields}} into `structuredContent`{{mirror}}.",
    },
  },
  create(context) {
    return withModel(context, (model) => {
      if (!model.isMcpFile) return;
      const vocabulary = getVocabulary(context.settings);
      const names = fieldNames(vocabulary);
      const fixes = new StructuredContentFixes(context.sourceCode, vocabulary);

      for (const result of model.results) {
        const object = result.object;
        // Cheap checks first: most results have neither kind of field.
        const accepted = result.isError ? names.error : names.success;
        const topLevel = object.properties.filter((p): p is TSESTree.Property => {
          const name = nameOf(p);
          return name !== undefined && accepted.has(name);
        });
        const hasMeta = result.isError && findProperty(object, "_meta") !== undefined;
        // `metadata: { errorType, statusCode }`: the fields one level down, in a key of the server's own.
        const nested = topLevel.length === 0 ? nestedFields(context.sourceCode, object, accepted) : undefined;
        if (topLevel.length === 0 && !hasMeta && !nested) continue;
        const handlers = model.handlersAt(object);
        if (handlers.length > 0 && handlers.every((h) => FRAMEWORKS[h.framework].serialisesReturns)) continue;
        if (!result.isError && (handlers.length === 0 || !returnsToolResult(object, handlers))) continue;
        const tool = (): string => toolLabel(model.toolNamesAt(object));

        // 1. Classification fields as top-level keys of the result.
        const [first] = topLevel;
        if (first) {
          const fieldList = topLevel.map((p) => nameOf(p) ?? "");
          const move = fixes.move(object, topLevel, fieldList, result.isError);
          context.report({
            node: first,
            messageId: "topLevelMetadata",
            data: {
              tool: tool(),
              fields: listFields(fieldList),
              keys: topLevel.length === 1 ? "key" : "keys",
              them: topLevel.length === 1 ? "it" : "them",
              effect: topLevelEffect(handlers),
            },
            suggest: move
              ? [
                  {
                    messageId: "moveToStructuredContent",
                    data: { fields: listFields(fieldList), mirror: mirrorClause(move.mirrored, fieldList.length) },
                    fix: move.fix,
                  },
                ]
              : [],
          });
        }

        // 1b. Classification fields in an object under a top-level key of the server's own.
        if (nested) {
          context.report({
            node: nested.container,
            messageId: "nestedMetadata",
            data: {
              tool: tool(),
              fields: listFields(nested.fields),
              key: nested.key,
              them: nested.fields.length === 1 ? "it" : "them",
              effect: topLevelEffect(handlers),
            },
          });
        }

        // 2. Classification fields only in `_meta`, beside plain-text content.
        const found = hasMeta ? metaOnlyFields(context.sourceCode, vocabulary, object) : undefined;
        if (found) {
          const fieldList = found.fields.map((p) => nameOf(p) ?? "");
          const copy = fixes.copy(object, found.meta, found.metaProperty, found.fields, fieldList);
          context.report({
            node: found.metaProperty.key,
            messageId: "metaOnlyMetadata",
            data: { tool: tool(), fields: listFields(fieldList), them: found.fields.length === 1 ? "it" : "them" },
            suggest: copy
              ? [
                  {
                    messageId: "copyToStructuredContent",
                    data: { fields: listFields(fieldList), mirror: mirrorClause(copy.mirrored, fieldList.length) },
                    fix: copy.fix,
                  },
                ]
              : [],
          });
        }
      }
    });
  },
});
