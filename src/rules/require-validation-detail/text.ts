/**
 * Judges the static text of a validation error: does it name one of the tool's parameters, or
 * describe the expected form of a value? Private to `require-validation-detail`.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { memberPath, rootIdentifier, unwrap } from "../../util/ast.js";

/**
 * Words and marks that describe the expected form of a value: a constraint ("must", "between",
 * "at least", "one of"), a format ("ISO 8601", "YYYY-MM-DD", "a URL"), an example ("e.g.",
 * a quoted literal, a range like "1-100") or a pattern.
 */
const FORM_TEXT = new RegExp(
  [
    String.raw`\b(must|should|shall|expect(s|ed|ing)?|format(ted)?|between|at (least|most)|up to|no (more|longer|shorter|fewer|less) than`,
    String.raw`(more|less|greater|fewer|longer|shorter|larger|smaller|higher|lower) than|(one|any|either|none) of|or more|or less|or fewer`,
    String.raw`for example|such as|allowed|accepted|accepts?|supported|valid \w+( \w+)? (is|are)|only|like|range|maximum|minimum|max|min`,
    String.raw`characters?|chars|digits?|bytes|integer|number|numeric|string|boolean|array|object|url|uri|email|uuid|json|date|timestamp|iso|yyyy|hex|base64`,
    String.raw`pattern|regex|regexp|match(es)?|positive|negative|non-?empty|absolute|relative)\b`,
    String.raw`\be\.g\.|\bi\.e\.|\/\^|\\d|\\w|\[[a-z0-9]-[a-z0-9]\]|\b\d+\s*(-|\.\.|to)\s*\d+\b|[<>]=?\s*\d`,
  ].join("|"),
  "i",
);
/** A quoted literal in the static text (`use "asc" or "desc"`), not a quoted interpolation. */
const QUOTED = /"[^"…]+"|'[^'…]{2,}'|`[^`…]+`|“[^”…]+”/;
/** Interpolated values that may carry the parameter name (a validator's message, an error, its path). */
const DETAIL_NAME = /err|message|msg|issue|detail|reason|path|zod|valid|problem/i;

/** The words of a name: `startDate`, `start_date`, `start-date` -> ["start", "date"]. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A matcher for the ways a text may name a parameter: as written, in snake, camel, kebab or
 * spaced form (`start_date`, `startDate`, `start-date`, "start date"), by the last word of a
 * multi-word name ("path" for `filePath`), or by a longer word it starts ("repository" for
 * `repo`; four letters at least), case-insensitively.
 */
export function nameMatcher(names: ReadonlySet<string>): RegExp | undefined {
  const alternatives = new Set<string>();
  const add = (pattern: string, length: number): void => {
    alternatives.add(length >= 4 ? `${pattern}[a-z]*` : pattern);
  };
  for (const name of names) {
    add(escape(name), name.length);
    const words = wordsOf(name);
    if (words.length === 0) continue;
    add(words.map(escape).join(String.raw`[\s_-]?`), name.length);
    const last = words.at(-1);
    if (words.length > 1 && last !== undefined && last.length >= 3) add(escape(last), last.length);
  }
  if (alternatives.size === 0) return undefined;
  return new RegExp(String.raw`(?<![A-Za-z0-9_])(${[...alternatives].join("|")})(?![A-Za-z0-9_])`, "i");
}

/** The expressions interpolated into a message (`${x}` in a template, `"a" + x`). */
export function interpolations(node: TSESTree.Node): TSESTree.Node[] {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.TemplateLiteral) return [...n.expressions];
  if (n.type === AST_NODE_TYPES.BinaryExpression && n.operator === "+") {
    const parts: TSESTree.Node[] = [];
    for (const side of [n.left, n.right]) {
      const s = unwrap(side);
      if (s.type === AST_NODE_TYPES.Literal || s.type === AST_NODE_TYPES.TemplateLiteral || s.type === AST_NODE_TYPES.BinaryExpression)
        parts.push(...interpolations(s));
      else if (s.type !== AST_NODE_TYPES.PrivateIdentifier) parts.push(s);
    }
    return parts;
  }
  return [];
}

/**
 * An interpolated value tells the agent which argument is meant: the argument itself (`${city}`,
 * `${args.city}`), or a validator's message or an error, which may name it.
 */
export function interpolationNames(expression: TSESTree.Node, matcher: RegExp, argsName: string | undefined): boolean {
  let n = unwrap(expression);
  // `String(x)`, `JSON.stringify(x)`: the value is still x.
  while (n.type === AST_NODE_TYPES.CallExpression && n.arguments[0] && n.callee.type !== AST_NODE_TYPES.Super) {
    const callee = memberPath(n.callee) ?? "";
    if (!/^(String|Number|JSON\.stringify)$/.test(callee)) break;
    n = unwrap(n.arguments[0]);
  }
  const path = memberPath(n);
  if (path !== undefined) {
    const parts = path.split(".");
    if (argsName !== undefined && parts[0] === argsName) return true;
    if (parts.some((part) => matcher.test(part) || DETAIL_NAME.test(part))) return true;
  }
  const root = rootIdentifier(n);
  if (root && (DETAIL_NAME.test(root.name) || root.name === argsName)) return true;
  // Anything we cannot read (a call, a conditional) may say anything.
  return path === undefined;
}

/** Whether a static message names a parameter or describes the expected form. */
export function isSpecific(text: string, matcher: RegExp): boolean {
  return matcher.test(text) || FORM_TEXT.test(text) || QUOTED.test(text);
}
