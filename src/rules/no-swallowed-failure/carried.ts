/**
 * A value that went into a field of an object literal (`return { success: true, data: { rows } }`,
 * `details.comments = await commentsOf(id)`): which field of the object holds it, and which
 * fields the object sets to a fixed value. A caller that tests one of those (`if (!result.success)
 * throw ...`) cannot tell the value's failure apart: the flag is the same either way. So is a field
 * the object does not have, when it names all of its fields (`if ("error" in result)` of `{ data,
 * status: 200 }`): the test is for another return. The value
 * goes on only where the caller reads its field (`result.data.rows`, `const { rows } = result.data`).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { enclosingCatch, memberName, memberPath, staticKeyName, unwrap } from "../../util/ast.js";
import { PRESENT, UNKNOWN } from "./taken-branch.js";

export interface Carried {
  /** The fields from the object down to the value (`["data", "rows"]`). */
  readonly fields: readonly string[];
  /** The fields of the outermost object that hold a literal (`success: true`, `status: 200`). */
  readonly fixed: ReadonlySet<string>;
  /** Every field of the outermost object, when it names them all (no spread, no computed key). */
  readonly known?: ReadonlySet<string>;
  /** The literal each fixed field holds (`success: true`). */
  readonly literals?: ReadonlyMap<string, unknown>;
}

/** The value went in as `property`'s value: one field deeper, or lost track of for a computed key. */
export function intoField(carried: Carried | undefined, property: TSESTree.Property): Carried | undefined {
  const key = staticKeyName(property.key, property.computed);
  if (key === undefined) return undefined;
  return { fields: [key, ...(carried?.fields ?? [])], fixed: carried?.fixed ?? new Set() };
}

/** The value is the field `key` of an object (`details.comments = value`, `return { segments: null }`), which fixes nothing yet. */
export function inField(key: string): Carried {
  return { fields: [key], fixed: new Set() };
}

/** The same field, with no field fixed. */
function unfixed(carried: Carried): Carried {
  return { fields: carried.fields, fixed: new Set() };
}

/**
 * The object the value went into: its fields that hold a literal. An object made in a catch
 * (`{ success: false, data: [] }`) sets its flag for the failure, so it fixes nothing.
 */
export function inObject(carried: Carried, object: TSESTree.ObjectExpression): Carried {
  if (enclosingCatch(object)) return unfixed(carried);
  const fixed = new Set<string>();
  const literals = new Map<string, unknown>();
  let known: Set<string> | undefined = new Set<string>();
  for (const [index, property] of object.properties.entries()) {
    const key = property.type === AST_NODE_TYPES.Property ? staticKeyName(property.key, property.computed) : undefined;
    if (key === undefined) known = undefined;
    else known?.add(key);
    if (property.type !== AST_NODE_TYPES.Property) continue;
    // `{ success: true, ...outcome }`: a spread after the field may set it again.
    if (object.properties.slice(index + 1).some((later) => later.type === AST_NODE_TYPES.SpreadElement)) continue;
    const value = unwrap(property.value);
    if (key !== undefined && key !== carried.fields[0] && value.type === AST_NODE_TYPES.Literal) {
      fixed.add(key);
      literals.set(key, value.value);
    }
  }
  return { fields: carried.fields, fixed, known, literals };
}

/** The object holds the same thing in field `key` whether or not the value failed: a literal, or nothing at all. */
export function isFixed(carried: Carried, key: string): boolean {
  return key !== carried.fields[0] && (carried.fixed.has(key) || (carried.known !== undefined && !carried.known.has(key)));
}

/**
 * The fixed fields the code writes again through a variable that holds the object (`report.status
 * = 502`, `delete report.success`, `Object.assign(report, more)`) are not fixed.
 */
export function unlessRewritten(carried: Carried, references: readonly TSESLint.Scope.Reference[]): Carried {
  if (carried.fixed.size === 0 && !carried.known) return carried;
  const fixed = new Set(carried.fixed);
  const known = carried.known && new Set(carried.known);
  for (const { identifier } of references) {
    const parent = identifier.parent;
    if (parent.type === AST_NODE_TYPES.CallExpression && parent.arguments[0] === identifier && memberPath(parent.callee) === "Object.assign")
      return unfixed(carried);
    if (parent.type !== AST_NODE_TYPES.MemberExpression || parent.object !== identifier) continue;
    const written =
      (parent.parent.type === AST_NODE_TYPES.AssignmentExpression && parent.parent.left === parent) ||
      parent.parent.type === AST_NODE_TYPES.UpdateExpression ||
      (parent.parent.type === AST_NODE_TYPES.UnaryExpression && parent.parent.operator === "delete");
    const name = memberName(parent);
    if (written && name !== undefined) {
      fixed.delete(name);
      known?.add(name);
    }
    // `report[key] = value`: any field.
    if (written && name === undefined) return unfixed(carried);
  }
  if (fixed.size === carried.fixed.size && known?.size === carried.known?.size) return carried;
  return { fields: carried.fields, fixed, known, literals: carried.literals };
}

/** What a read `member` of the holding object is: the field that holds the value, a fixed flag, or another field. */
export function fieldRead(carried: Carried, member: TSESTree.MemberExpression): "value" | "fixed" | "other" {
  const name = memberName(member);
  if (name !== carried.fields[0]) return name !== undefined && isFixed(carried, name) ? "fixed" : "other";
  // `result.data.title` next to the value in `data.rows`: another field, one level down.
  let current: TSESTree.Node = member;
  for (const field of carried.fields.slice(1)) {
    const next: TSESTree.Node = current.parent;
    if (next.type !== AST_NODE_TYPES.MemberExpression || next.object !== current) break;
    if (memberName(next) !== field) return "other";
    current = next;
  }
  return "value";
}

/** One field down: what the read of the holding field holds. */
export function fieldDown(carried: Carried): Carried | undefined {
  return carried.fields.length > 1 ? { fields: carried.fields.slice(1), fixed: new Set() } : undefined;
}

/**
 * What a read of field `name` of the holding object gives, for working out a test of it: the
 * literal of a fixed field, `undefined` for a field the object does not have, `value` for the
 * field that holds the value (`PRESENT` for one that holds it further down); `UNKNOWN` when it
 * cannot be told.
 */
export function fieldValue(carried: Carried, name: string, value: unknown): unknown {
  // The field holds the value, or an object that holds it further down.
  if (name === carried.fields[0]) return carried.fields.length === 1 ? value : PRESENT;
  if (carried.fixed.has(name)) return carried.literals?.has(name) === true ? carried.literals.get(name) : UNKNOWN;
  return carried.known !== undefined && !carried.known.has(name) ? undefined : UNKNOWN;
}
