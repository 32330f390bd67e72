/**
 * The branch of an `if` that a catch's stand-in takes, where the test can be worked out for it:
 * `if (accounts && accounts.length > 0) {...} else { message += " No billing accounts were
 * found." }` takes the `else` for `[]`, and `if (!readme)` the consequent for `null`. Only
 * that branch runs when the call failed; what the other does says nothing about the failure.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { memberName, unwrap } from "../../util/ast.js";

/** A stand-in whose value is known: `[]`, `{}`, `null`, `undefined`, `""`, `0` as the catch gives them. */
export interface KnownStandIn {
  readonly value: unknown;
}

/** The stand-in of an empty value as `emptyValue` describes it; undefined for others. */
export function knownStandIn(description: string): KnownStandIn | undefined {
  switch (description) {
    case "an empty array":
      return { value: [] };
    case "an empty object":
      return { value: {} };
    case "`null`":
      return { value: null };
    case "`undefined`":
      return { value: undefined };
    case "an empty string":
      return { value: "" };
    case "`0`":
      return { value: 0 };
    default:
      return undefined;
  }
}

/**
 * The branch of the `if` whose test is `test` that runs when `name` holds the stand-in (null for
 * a missing `else`), and the one that does not; undefined when the test cannot be worked out.
 */
export function takenBranch(
  test: TSESTree.Node,
  name: string,
  standIn: KnownStandIn | { readonly value: Holder },
): { readonly taken: TSESTree.Statement | null; readonly skipped: TSESTree.Statement | null } | undefined {
  const statement = test.parent;
  if (statement?.type !== AST_NODE_TYPES.IfStatement || statement.test !== test) return undefined;
  const truth = truthOf(test, name, standIn.value);
  if (truth === undefined) return undefined;
  return truth ? { taken: statement.consequent, skipped: statement.alternate } : { taken: statement.alternate, skipped: statement.consequent };
}

/** Nothing known about a value. */
export const UNKNOWN = Symbol("unknown");

/** A value known to be there (a list the catch left items out of), and nothing more. */
export const PRESENT = Symbol("present");

/**
 * An object that holds the stand-in in one of its fields (`{ success: true, data: items }`):
 * `read` gives what each field holds, `UNKNOWN` when it cannot be told.
 */
export class Holder {
  constructor(readonly read: (field: string) => unknown) {}
}

function truthOf(node: TSESTree.Node, name: string, standIn: unknown): boolean | undefined {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.UnaryExpression && n.operator === "!") {
    const inner = truthOf(n.argument, name, standIn);
    return inner === undefined ? undefined : !inner;
  }
  if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator !== "??") {
    const left = truthOf(n.left, name, standIn);
    const right = truthOf(n.right, name, standIn);
    const decides = n.operator === "&&" ? false : true;
    if (left === decides || right === decides) return decides;
    return left === !decides && right === !decides ? !decides : undefined;
  }
  const value = valueOf(n, name, standIn);
  return value === UNKNOWN ? undefined : Boolean(value);
}

function valueOf(node: TSESTree.Node, name: string, standIn: unknown): unknown {
  const n = unwrap(node);
  switch (n.type) {
    case AST_NODE_TYPES.Identifier:
      if (n.name === name) return standIn;
      return n.name === "undefined" ? undefined : UNKNOWN;
    case AST_NODE_TYPES.Literal:
      return n.value === null || ["string", "number", "boolean"].includes(typeof n.value) ? n.value : UNKNOWN;
    case AST_NODE_TYPES.ChainExpression:
      return valueOf(n.expression, name, standIn);
    case AST_NODE_TYPES.MemberExpression: {
      const object = valueOf(n.object, name, standIn);
      // `result.success`, `result.data` of the object that holds the value.
      if (object instanceof Holder) return n.computed || memberName(n) === undefined ? UNKNOWN : object.read(memberName(n) ?? "");
      if (memberName(n) !== "length" || n.computed) return UNKNOWN;
      if (Array.isArray(object) || typeof object === "string") return object.length;
      if (object === null || object === undefined) return n.optional ? undefined : UNKNOWN;
      return typeof object === "object" ? undefined : UNKNOWN;
    }
    case AST_NODE_TYPES.BinaryExpression:
      return compared(n, name, standIn);
    case AST_NODE_TYPES.CallExpression: {
      // `output.trim()` of the empty string: still empty.
      if (n.callee.type !== AST_NODE_TYPES.MemberExpression || n.arguments.length > 0 || !SAME_TEXT.has(memberName(n.callee) ?? "")) return UNKNOWN;
      const object = valueOf(n.callee.object, name, standIn);
      return object === "" ? "" : UNKNOWN;
    }
    default:
      return UNKNOWN;
  }
}

/** String methods that leave the empty string empty. */
const SAME_TEXT = new Set(["trim", "trimStart", "trimEnd", "toLowerCase", "toUpperCase"]);

/** `accounts.length > 0`, `readme === null`: both sides known. */
function compared(n: TSESTree.BinaryExpression, name: string, standIn: unknown): unknown {
  if (n.left.type === AST_NODE_TYPES.PrivateIdentifier) return UNKNOWN;
  const left = valueOf(n.left, name, standIn);
  const right = valueOf(n.right, name, standIn);
  if (left === UNKNOWN || right === UNKNOWN) return UNKNOWN;
  // Something there is neither `null` nor `undefined`; nothing else is known of it.
  if (left === PRESENT || right === PRESENT) {
    const other = left === PRESENT ? right : left;
    if (other !== null && other !== undefined) return UNKNOWN;
    if (n.operator === "===" || n.operator === "==") return false;
    return n.operator === "!==" || n.operator === "!=" ? true : UNKNOWN;
  }
  // Objects compare by identity: `x === []` is never what a test means.
  if ((typeof left === "object" && left !== null) || (typeof right === "object" && right !== null)) return UNKNOWN;
  const a = left as number | string | boolean | null | undefined;
  const b = right as number | string | boolean | null | undefined;
  switch (n.operator) {
    case "===":
      return a === b;
    case "!==":
      return a !== b;
    case "==":
      return a == b;
    case "!=":
      return a != b;
    case ">":
      return (a as number) > (b as number);
    case ">=":
      return (a as number) >= (b as number);
    case "<":
      return (a as number) < (b as number);
    case "<=":
      return (a as number) <= (b as number);
    default:
      return UNKNOWN;
  }
}
