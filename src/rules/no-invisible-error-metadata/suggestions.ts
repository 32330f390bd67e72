/**
 * The suggestions of `no-invisible-error-metadata`: move (or copy) classification fields into
 * `structuredContent`, and mirror them in a plain content text as JSON where that is safe.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { jsonStringifyArgument } from "../../model/index.js";
import type { Vocabulary } from "../../settings.js";
import { findProperty, staticString, unwrap } from "../../util/ast.js";
import { containsComment, insertProperty, isEditableObject, propertyKey } from "../shared/fix.js";
import { soleContentPart } from "../shared/results.js";
import { nameOf } from "./fields.js";

/** A suggestion's fix, and whether it also mirrors the fields in the content text. */
export interface FieldsFix {
  readonly mirrored: boolean;
  readonly fix: TSESLint.ReportFixFunction;
}
type SourceCode = Readonly<TSESLint.SourceCode>;

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

/** The text part the content is made of, when it is exactly one inline plain-text part. */
function singlePlainText(result: TSESTree.ObjectExpression): TSESTree.Node | undefined {
  const part = soleContentPart(result);
  if (!part || !isEditableObject(part)) return undefined;
  const type = findProperty(part, "type");
  const text = findProperty(part, "text");
  if (!type || staticString(type.value) !== "text" || !text || jsonStringifyArgument(text.value)) return undefined;
  return text.value;
}

/** Builds the suggestions' fixes for one file, in its vocabulary. */
export class StructuredContentFixes {
  /** The vocabulary's fields sit at the top of a payload (no container). */
  private readonly flat: boolean;

  constructor(
    private readonly sourceCode: SourceCode,
    private readonly vocabulary: Vocabulary,
  ) {
    this.flat = vocabulary.container.length === 0;
  }

  /** Moves top-level classification fields of a result into `structuredContent`. */
  move(object: TSESTree.ObjectExpression, moved: readonly TSESTree.Property[], fieldList: readonly string[], isError: boolean): FieldsFix | undefined {
    if (!isEditableObject(object) || containsComment(this.sourceCode, object)) return undefined;
    const target = this.structuredTarget(object, fieldList);
    if (!target) return undefined;
    const fieldsText = moved.map((p) => this.sourceCode.getText(p)).join(", ");
    const text = singlePlainText(object);
    const mirror = isError && text ? this.mirrorText(moved, text) : undefined;
    const properties = object.properties as TSESTree.Property[];
    return {
      mirrored: mirror !== undefined,
      fix: (fixer) => {
        const fixes: TSESLint.RuleFix[] = [];
        // Without a structuredContent, the first moved field's place takes the new one.
        const kept = target === "none" ? moved[0] : undefined;
        if (kept) fixes.push(fixer.replaceText(kept, this.newStructuredContent(fieldsText)));
        else if (target !== "none") fixes.push(insertProperty(fixer, target, fieldsText));
        const removed = new Set<TSESTree.Node>(moved.filter((p) => p !== kept));
        // Runs of neighbouring removed properties go in one range, so no two edits overlap.
        for (let i = 0; i < properties.length;) {
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

  /** Copies classification fields of `_meta` into `structuredContent`. */
  copy(
    object: TSESTree.ObjectExpression,
    meta: TSESTree.ObjectExpression,
    metaProperty: TSESTree.Property,
    copied: readonly TSESTree.Property[],
    fieldList: readonly string[],
  ): FieldsFix | undefined {
    // Copying writes each value twice: only plain values, straight from an inline `_meta`.
    if (!this.flat || unwrap(metaProperty.value) !== meta || !copied.every((p) => p.parent === meta && isPure(p.value))) return undefined;
    if (!isEditableObject(object) || containsComment(this.sourceCode, object)) return undefined;
    const target = this.structuredTarget(object, fieldList);
    if (!target) return undefined;
    const fieldsText = copied.map((p) => this.sourceCode.getText(p)).join(", ");
    const text = singlePlainText(object);
    const mirror = text ? this.mirrorText(copied, text) : undefined;
    return {
      mirrored: mirror !== undefined,
      fix: (fixer) => {
        const fixes = [
          target === "none"
            ? fixer.insertTextAfter(metaProperty, `, ${this.newStructuredContent(fieldsText)}`)
            : insertProperty(fixer, target, fieldsText),
        ];
        if (mirror && text) fixes.push(fixer.replaceText(text, mirror));
        return fixes;
      },
    };
  }

  /** The JSON text to put in the content: the fields plus the old text as the description. */
  private mirrorText(fields: readonly TSESTree.Property[], text: TSESTree.Node): string | undefined {
    if (!this.flat || containsComment(this.sourceCode, text)) return undefined;
    if (fields.some((f) => nameOf(f) === this.vocabulary.description || !isPure(f.value))) return undefined;
    const old = unwrap(text).type === AST_NODE_TYPES.SequenceExpression ? `(${this.sourceCode.getText(text)})` : this.sourceCode.getText(text);
    return `JSON.stringify({ ${fields.map((f) => this.sourceCode.getText(f)).join(", ")}, ${propertyKey(this.vocabulary.description)}: ${old} })`;
  }

  /** `structuredContent: { ... }` text for new fields, inside the vocabulary's container. */
  private newStructuredContent(fieldsText: string): string {
    let inner = `{ ${fieldsText} }`;
    for (const key of [...this.vocabulary.container].reverse()) inner = `{ ${propertyKey(key)}: ${inner} }`;
    return `structuredContent: ${inner}`;
  }

  /** The literal `structuredContent` object new fields may go into, or "none", or undefined when we cannot edit it. */
  private structuredTarget(result: TSESTree.ObjectExpression, fieldNamesToAdd: readonly string[]): TSESTree.ObjectExpression | "none" | undefined {
    const property = findProperty(result, "structuredContent");
    if (!property) return "none";
    // Fields go straight into an inline object; with a container we only create a new one.
    const value = unwrap(property.value);
    if (!this.flat || value.type !== AST_NODE_TYPES.ObjectExpression || !isEditableObject(value) || containsComment(this.sourceCode, value))
      return undefined;
    if (fieldNamesToAdd.some((n) => findProperty(value, n))) return undefined;
    return value;
  }
}
