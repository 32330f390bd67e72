import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { FRAMEWORKS, jsonStringifyArgument, objectLiteral, type ToolHandler } from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import { type Vocabulary, getVocabulary } from "../settings.js";
import { findProperty, hasSpread, messageText, staticKeyName, staticString, unwrap } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { toolLabel } from "./shared/describe.js";
import { containsComment, insertProperty, isEditableObject, propertyKey } from "./shared/fix.js";
import { returnsToolResult, soleContentPart } from "./shared/results.js";

export type Options = [];
export type MessageIds = "topLevelMetadata" | "metaOnlyMetadata" | "moveToStructuredContent" | "copyToStructuredContent";

/** The standard-track `_meta` key for tool failures: clients are meant to read it. */
export const TOOL_FAILURE_KEY = "io.modelcontextprotocol/toolFailure";

/** Common spellings of classification fields, besides the configured vocabulary. */
const CLASSIFICATION_NAMES = [
  "errorCategory",
  "category",
  "errorCode",
  "error_code",
  "code",
  "errorType",
  "error_type",
  "isRetryable",
  "retryable",
  "retry_recommended",
  "retryAfter",
  "retryAfterSeconds",
  "retryAfterMs",
  "retry_after",
  "retry_after_seconds",
  "errorMessage",
  "error_message",
];

type SourceCode = Readonly<TSESLint.SourceCode>;

const namesCache = new WeakMap<Vocabulary, { error: ReadonlySet<string>; success: ReadonlySet<string> }>();

/**
 * Field names that classify an error: on an error result, the vocabulary's fields and the common
 * spellings; on a success result only those that say "error" or "retry" (a `category` or `code`
 * beside the content of a success is more likely data).
 */
function fieldNames(vocabulary: Vocabulary): { error: ReadonlySet<string>; success: ReadonlySet<string> } {
  let names = namesCache.get(vocabulary);
  if (!names) {
    const classification = [vocabulary.category, vocabulary.retryable, vocabulary.retryAfter, ...CLASSIFICATION_NAMES];
    const error = new Set([...classification, vocabulary.description, ...(vocabulary.userMessage === undefined ? [] : [vocabulary.userMessage])]);
    const success = new Set(classification.filter((n) => /error|retry/i.test(n)));
    names = { error, success };
    namesCache.set(vocabulary, names);
  }
  return names;
}

function nameOf(property: TSESTree.ObjectLiteralElement): string | undefined {
  return property.type === AST_NODE_TYPES.Property ? staticKeyName(property.key, property.computed) : undefined;
}

/** A value that can be written twice without running anything twice (no calls, no assignments). */
function isPure(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  switch (n.type) {
    case AST_NODE_TYPES.Literal:
    case AST_NODE_TYPES.Identifier:
    case AST_NODE_TYPES.ThisExpression:
      return true;
    case AST_NODE_TYPES.TemplateLiteral:
      return n.expressions.every(isPure);
    case AST_NODE_TYPES.MemberExpression:
      return isPure(n.object) && (!n.computed || isPure(n.property));
    case AST_NODE_TYPES.UnaryExpression:
      return n.operator !== "delete" && isPure(n.argument);
    case AST_NODE_TYPES.BinaryExpression:
    case AST_NODE_TYPES.LogicalExpression:
      return n.left.type !== AST_NODE_TYPES.PrivateIdentifier && isPure(n.left) && isPure(n.right);
    case AST_NODE_TYPES.ConditionalExpression:
      return isPure(n.test) && isPure(n.consequent) && isPure(n.alternate);
    default:
      return false;
  }
}

/** `` `a` `` / `` `a` and `b` `` / `` `a`, `b` and `c` ``. */
function listFields(names: readonly string[]): string {
  const quoted = names.map((n) => `\`${n}\``);
  return quoted.length <= 1 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1) ?? ""}`;
}

function mirrorClause(count: number): string {
  return ` and mirror ${count === 1 ? "it" : "them"} in the content text as JSON`;
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

/** The object at `path` inside an object literal (through `const`s), or undefined. */
function descend(sourceCode: SourceCode, object: TSESTree.ObjectExpression, path: readonly string[]): TSESTree.ObjectExpression | undefined {
  let current: TSESTree.ObjectExpression | undefined = object;
  for (const key of path) {
    const property: TSESTree.Property | undefined = current ? findProperty(current, key) : undefined;
    current = property ? objectLiteral(sourceCode, property.value) : undefined;
  }
  return current;
}

/** The text part the content is made of, when it is exactly one inline plain-text part. */
function singlePlainText(result: TSESTree.ObjectExpression): TSESTree.Node | undefined {
  const part = soleContentPart(result);
  if (!part || !isEditableObject(part)) return undefined;
  const type = findProperty(part, "type");
  const text = findProperty(part, "text");
  if (!type || staticString(type.value) !== "text" || !text || jsonStringifyArgument(text.value)) return undefined;
  return text.value;
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
      metaOnlyMetadata:
        "The error result of {{tool}} carries {{fields}} only in `_meta`, and its content is plain text: clients do not show `_meta` to the model, so the agent cannot tell whether to retry, fix its input or stop. Put {{them}} in `structuredContent` and mirror {{them}} in the content text.",
      moveToStructuredContent: "Move {{fields}} into `structuredContent`{{mirror}}.",
      copyToStructuredContent: "Copy {{fields}} into `structuredContent`{{mirror}}.",
    },
  },
  create(context) {
    return withModel(context, (model) => {
      if (!model.isMcpFile) return;
      const sourceCode = context.sourceCode;
      const vocabulary = getVocabulary(context.settings);
      const names = fieldNames(vocabulary);
      const flat = vocabulary.container.length === 0;

      /** The JSON text to put in the content: the fields plus the old text as the description. */
      function mirrorText(fields: readonly TSESTree.Property[], text: TSESTree.Node): string | undefined {
        if (!flat || containsComment(sourceCode, text)) return undefined;
        if (fields.some((f) => nameOf(f) === vocabulary.description || !isPure(f.value))) return undefined;
        const old = unwrap(text).type === AST_NODE_TYPES.SequenceExpression ? `(${sourceCode.getText(text)})` : sourceCode.getText(text);
        return `JSON.stringify({ ${fields.map((f) => sourceCode.getText(f)).join(", ")}, ${propertyKey(vocabulary.description)}: ${old} })`;
      }

      /** `structuredContent: { ... }` text for new fields, inside the vocabulary's container. */
      function newStructuredContent(fieldsText: string): string {
        let inner = `{ ${fieldsText} }`;
        for (const key of [...vocabulary.container].reverse()) inner = `{ ${propertyKey(key)}: ${inner} }`;
        return `structuredContent: ${inner}`;
      }

      /** The literal `structuredContent` object new fields may go into, or "none", or undefined when we cannot edit it. */
      function structuredTarget(result: TSESTree.ObjectExpression, fieldNamesToAdd: readonly string[]): TSESTree.ObjectExpression | "none" | undefined {
        const property = findProperty(result, "structuredContent");
        if (!property) return "none";
        // Fields go straight into an inline object; with a container we only create a new one.
        const value = unwrap(property.value);
        if (!flat || value.type !== AST_NODE_TYPES.ObjectExpression || !isEditableObject(value) || containsComment(sourceCode, value)) return undefined;
        if (fieldNamesToAdd.some((n) => findProperty(value, n))) return undefined;
        return value;
      }

      for (const result of model.results) {
        const object = result.object;
        // Cheap checks first: most results have neither kind of field.
        const accepted = result.isError ? names.error : names.success;
        const topLevel = object.properties.filter((p): p is TSESTree.Property => {
          const name = nameOf(p);
          return name !== undefined && accepted.has(name);
        });
        const hasMeta = result.isError && findProperty(object, "_meta") !== undefined;
        if (topLevel.length === 0 && !hasMeta) continue;
        const handlers = model.handlersAt(object);
        if (handlers.length > 0 && handlers.every((h) => FRAMEWORKS[h.framework].serialisesReturns)) continue;
        if (!result.isError && (handlers.length === 0 || !returnsToolResult(object, handlers))) continue;
        const tool = (): string => toolLabel(model.toolNamesAt(object));

        // 1. Classification fields as top-level keys of the result.
        const [first] = topLevel;
        if (first) {
          const fieldList = topLevel.map((p) => nameOf(p) ?? "");
          const suggestion = moveSuggestion(object, topLevel, fieldList, result.isError);
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
            suggest: suggestion ? [suggestion] : [],
          });
        }

        // 2. Classification fields only in `_meta`, beside plain-text content.
        if (hasMeta) checkMeta(object, tool);
      }

      function moveSuggestion(
        object: TSESTree.ObjectExpression,
        moved: readonly TSESTree.Property[],
        fieldList: readonly string[],
        isError: boolean,
      ): TSESLint.SuggestionReportDescriptor<MessageIds> | undefined {
        if (!isEditableObject(object) || containsComment(sourceCode, object)) return undefined;
        const target = structuredTarget(object, fieldList);
        if (!target) return undefined;
        const fieldsText = moved.map((p) => sourceCode.getText(p)).join(", ");
        const text = singlePlainText(object);
        const mirror = isError && text ? mirrorText(moved, text) : undefined;
        const properties = object.properties as TSESTree.Property[];
        return {
          messageId: "moveToStructuredContent",
          data: { fields: listFields(fieldList), mirror: mirror ? mirrorClause(fieldList.length) : "" },
          fix(fixer) {
            const fixes: TSESLint.RuleFix[] = [];
            // Without a structuredContent, the first moved field's place takes the new one.
            const kept = target === "none" ? moved[0] : undefined;
            if (kept) fixes.push(fixer.replaceText(kept, newStructuredContent(fieldsText)));
            else if (target !== "none") fixes.push(insertProperty(fixer, target, fieldsText));
            const removed = new Set<TSESTree.Node>(moved.filter((p) => p !== kept));
            // Runs of neighbouring removed properties go in one range, so no two edits overlap.
            for (let i = 0; i < properties.length; ) {
              const start = properties[i] as TSESTree.Property;
              if (!removed.has(start)) {
                i++;
                continue;
              }
              let j = i;
              while (j + 1 < properties.length && removed.has(properties[j + 1] as TSESTree.Property)) j++;
              const end = properties[j] as TSESTree.Property;
              const next = properties[j + 1];
              const previous = properties[i - 1];
              if (next) fixes.push(fixer.removeRange([start.range[0], next.range[0]]));
              else if (previous) fixes.push(fixer.removeRange([previous.range[1], end.range[1]]));
              i = j + 1;
            }
            if (mirror && text) fixes.push(fixer.replaceText(text, mirror));
            return fixes;
          },
        };
      }

      function checkMeta(object: TSESTree.ObjectExpression, tool: () => string): void {
        const metaProperty = findProperty(object, "_meta");
        const meta = metaProperty ? objectLiteral(sourceCode, metaProperty.value) : undefined;
        if (!metaProperty || !meta) return;
        const holders: TSESTree.ObjectExpression[] = [];
        if (flat) {
          holders.push(meta);
          const nested = descend(sourceCode, meta, ["error"]);
          if (nested) holders.push(nested);
        } else if (vocabulary.container[0] !== TOOL_FAILURE_KEY) {
          const inner = descend(sourceCode, meta, vocabulary.container);
          if (inner) holders.push(inner);
        }
        const fields: TSESTree.Property[] = [];
        for (const holder of holders) {
          for (const p of holder.properties) {
            const name = nameOf(p);
            if (name !== undefined && names.error.has(name)) fields.push(p as TSESTree.Property);
          }
        }
        if (fields.length === 0) return;

        // Where the model can read fields: JSON text parts and structuredContent.
        const readable = new Set<string>();
        const texts: TSESTree.Node[] = [];
        const addKeys = (o: TSESTree.ObjectExpression): boolean => {
          if (hasSpread(o)) return false;
          for (const p of o.properties) {
            const name = nameOf(p);
            if (name !== undefined) readable.add(name);
          }
          const inner = flat ? descend(sourceCode, o, ["error"]) : descend(sourceCode, o, vocabulary.container);
          return !inner || addKeys(inner);
        };
        const content = findProperty(object, "content");
        const array = content ? unwrap(content.value) : undefined;
        if (array?.type !== AST_NODE_TYPES.ArrayExpression) return;
        for (const element of array.elements) {
          const part = element && element.type !== AST_NODE_TYPES.SpreadElement ? objectLiteral(sourceCode, element) : undefined;
          if (!part || hasSpread(part)) return;
          const text = findProperty(part, "text");
          if (!text) continue;
          const json = jsonStringifyArgument(text.value);
          if (json) {
            const payload = objectLiteral(sourceCode, json);
            if (!payload || !addKeys(payload)) return;
          } else {
            texts.push(text.value);
          }
        }
        const structured = findProperty(object, "structuredContent");
        if (structured) {
          const payload = objectLiteral(sourceCode, structured.value);
          if (!payload || !addKeys(payload)) return;
        }
        const invisible = fields.filter((f) => !readable.has(nameOf(f) ?? "") && !mentionedIn(texts, f.value));
        if (invisible.length === 0) return;

        const fieldList = invisible.map((p) => nameOf(p) ?? "");
        const suggestion = copySuggestion(object, meta, metaProperty, invisible, fieldList);
        context.report({
          node: metaProperty.key,
          messageId: "metaOnlyMetadata",
          data: { tool: tool(), fields: listFields(fieldList), them: invisible.length === 1 ? "it" : "them" },
          suggest: suggestion ? [suggestion] : [],
        });
      }

      /** Whether a plain text shows the field's value: the same expression, or its literal text. */
      function mentionedIn(texts: readonly TSESTree.Node[], value: TSESTree.Node): boolean {
        const v = unwrap(value);
        const literal = v.type === AST_NODE_TYPES.Literal && v.value !== null && typeof v.value !== "boolean" ? String(v.value) : undefined;
        const source = sourceCode.getText(v);
        return texts.some((t) => {
          const n = unwrap(t);
          if (literal !== undefined) return messageText(n)?.includes(literal) ?? false;
          const parts = n.type === AST_NODE_TYPES.TemplateLiteral ? n.expressions : [n];
          return parts.some((e) => sourceCode.getText(e) === source);
        });
      }

      function copySuggestion(
        object: TSESTree.ObjectExpression,
        meta: TSESTree.ObjectExpression,
        metaProperty: TSESTree.Property,
        copied: readonly TSESTree.Property[],
        fieldList: readonly string[],
      ): TSESLint.SuggestionReportDescriptor<MessageIds> | undefined {
        // Copying writes each value twice: only plain values, straight from an inline `_meta`.
        if (!flat || unwrap(metaProperty.value) !== meta || !copied.every((p) => p.parent === meta && isPure(p.value))) return undefined;
        if (!isEditableObject(object) || containsComment(sourceCode, object)) return undefined;
        const target = structuredTarget(object, fieldList);
        if (!target) return undefined;
        const fieldsText = copied.map((p) => sourceCode.getText(p)).join(", ");
        const text = singlePlainText(object);
        const mirror = text ? mirrorText(copied, text) : undefined;
        return {
          messageId: "copyToStructuredContent",
          data: { fields: listFields(fieldList), mirror: mirror ? mirrorClause(fieldList.length) : "" },
          fix(fixer) {
            const fixes = [
              target === "none"
                ? fixer.insertTextAfter(metaProperty, `, ${newStructuredContent(fieldsText)}`)
                : insertProperty(fixer, target, fieldsText),
            ];
            if (mirror && text) fixes.push(fixer.replaceText(text, mirror));
            return fixes;
          },
        };
      }
    });
  },
});
