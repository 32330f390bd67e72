/**
 * Which classification fields of a result the model cannot read, for `no-invisible-error-metadata`:
 * the names that count as classification, and the fields that sit only in `_meta` while the
 * content is plain text.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { jsonStringifyArgument, objectLiteral } from "../../model/index.js";
import type { Vocabulary } from "../../settings.js";
import { findProperty, findVariable, hasSpread, messageText, staticKeyName, unwrap } from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

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

const namesCache = new WeakMap<Vocabulary, { error: ReadonlySet<string>; success: ReadonlySet<string> }>();

/**
 * Field names that classify an error: on an error result, the vocabulary's fields and the common
 * spellings; on a success result only those that say "error" or "retry" (a `category` or `code`
 * beside the content of a success is more likely data).
 */
export function fieldNames(vocabulary: Vocabulary): { error: ReadonlySet<string>; success: ReadonlySet<string> } {
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

/** Keys of the MCP result shape, and `_meta` (judged on its own): what sits under them is no server-made container. */
const RESULT_KEYS = new Set(["content", "structuredContent", "_meta", "isError"]);

/**
 * A top-level key of the server's own (`metadata`, `details`) whose object literal holds
 * classification fields, in the literal or set on its variable afterwards (`payload.code =
 * status`): the key, its property and the names of those fields.
 */
export function nestedFields(
  sourceCode: SourceCode,
  object: TSESTree.ObjectExpression,
  accepted: ReadonlySet<string>,
): { key: string; container: TSESTree.Property; fields: string[] } | undefined {
  for (const container of object.properties) {
    const key = nameOf(container);
    if (container.type !== AST_NODE_TYPES.Property || key === undefined || RESULT_KEYS.has(key)) continue;
    const inner = objectLiteral(sourceCode, container.value);
    if (!inner) continue;
    const names = [...inner.properties.map((p) => nameOf(p) ?? ""), ...fieldsSetLater(sourceCode, container.value)];
    const fields = [...new Set(names.filter((name) => accepted.has(name)))];
    if (fields.length > 0) return { key, container, fields };
  }
  return undefined;
}

/** `payload.code = status` on the variable an object literal is kept in: the names of the fields set on it. */
function fieldsSetLater(sourceCode: SourceCode, node: TSESTree.Node): string[] {
  const value = unwrap(node);
  if (value.type !== AST_NODE_TYPES.Identifier) return [];
  const names: string[] = [];
  for (const reference of findVariable(sourceCode, value)?.references ?? []) {
    const member = reference.identifier.parent;
    if (member.type !== AST_NODE_TYPES.MemberExpression || member.object !== reference.identifier || member.computed) continue;
    const write = member.parent;
    if (write.type === AST_NODE_TYPES.AssignmentExpression && write.left === member && member.property.type === AST_NODE_TYPES.Identifier) {
      names.push(member.property.name);
    }
  }
  return names;
}

export function nameOf(property: TSESTree.ObjectLiteralElement): string | undefined {
  return property.type === AST_NODE_TYPES.Property ? staticKeyName(property.key, property.computed) : undefined;
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

/** Classification fields that sit only in `_meta`, where clients do not show them to the model. */
export interface MetaOnlyFields {
  readonly metaProperty: TSESTree.Property;
  /** The `_meta` object literal. */
  readonly meta: TSESTree.ObjectExpression;
  readonly fields: readonly TSESTree.Property[];
}

/**
 * The classification fields of an error result's `_meta` that the model reads nowhere else: not
 * in a JSON text part, not in `structuredContent`, not shown by a plain text. Undefined when there
 * are none, or when a part of the result cannot be read.
 */
export function metaOnlyFields(sourceCode: SourceCode, vocabulary: Vocabulary, object: TSESTree.ObjectExpression): MetaOnlyFields | undefined {
  const metaProperty = findProperty(object, "_meta");
  const meta = metaProperty ? objectLiteral(sourceCode, metaProperty.value) : undefined;
  if (!metaProperty || !meta) return undefined;
  const fields = metaFields(sourceCode, vocabulary, meta);
  if (fields.length === 0) return undefined;
  const visible = readableFields(sourceCode, vocabulary, object);
  if (!visible) return undefined;
  const invisible = fields.filter((f) => !visible.keys.has(nameOf(f) ?? "") && !mentionedIn(sourceCode, visible.texts, f.value));
  return invisible.length === 0 ? undefined : { metaProperty, meta, fields: invisible };
}

/** The classification fields in `_meta` (or its `error`, or the vocabulary's container there). */
function metaFields(sourceCode: SourceCode, vocabulary: Vocabulary, meta: TSESTree.ObjectExpression): TSESTree.Property[] {
  const names = fieldNames(vocabulary);
  const holders: TSESTree.ObjectExpression[] = [];
  if (vocabulary.container.length === 0) {
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
  return fields;
}

/**
 * Where the model can read fields: the keys of JSON text parts and of `structuredContent`, and
 * the plain texts and values of those. Undefined when a part is built where we cannot see it.
 */
function readableFields(
  sourceCode: SourceCode,
  vocabulary: Vocabulary,
  object: TSESTree.ObjectExpression,
): { keys: ReadonlySet<string>; texts: readonly TSESTree.Node[] } | undefined {
  const flat = vocabulary.container.length === 0;
  const readable = new Set<string>();
  const texts: TSESTree.Node[] = [];
  const addKeys = (o: TSESTree.ObjectExpression): boolean => {
    if (hasSpread(o)) return false;
    for (const p of o.properties) {
      const name = nameOf(p);
      if (name !== undefined) readable.add(name);
      // A value the JSON shows under another key (`error: "not_found"` for `_meta.errorCode`) is read too.
      if (p.type === AST_NODE_TYPES.Property) texts.push(p.value);
    }
    const inner = flat ? descend(sourceCode, o, ["error"]) : descend(sourceCode, o, vocabulary.container);
    return !inner || addKeys(inner);
  };
  const content = findProperty(object, "content");
  const array = content ? unwrap(content.value) : undefined;
  if (array?.type !== AST_NODE_TYPES.ArrayExpression) return undefined;
  for (const element of array.elements) {
    const part = element && element.type !== AST_NODE_TYPES.SpreadElement ? objectLiteral(sourceCode, element) : undefined;
    if (!part || hasSpread(part)) return undefined;
    const text = findProperty(part, "text");
    if (!text) continue;
    const json = jsonStringifyArgument(text.value);
    if (json) {
      const payload = objectLiteral(sourceCode, json);
      if (!payload || !addKeys(payload)) return undefined;
    } else {
      texts.push(text.value);
    }
  }
  const structured = findProperty(object, "structuredContent");
  if (structured) {
    const payload = objectLiteral(sourceCode, structured.value);
    if (!payload || !addKeys(payload)) return undefined;
  }
  return { keys: readable, texts };
}

/** Whether a plain text shows the field's value: the same expression, or its literal text. */
function mentionedIn(sourceCode: SourceCode, texts: readonly TSESTree.Node[], value: TSESTree.Node): boolean {
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
