/**
 * What a catch answers with, for `no-swallowed-failure`: a success result (and whether it says it
 * is partial or failed), a same-file helper's success result, or data it falls back to.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import type { ImportedSuccessHelper, McpModel, ToolResult } from "../../model/index.js";
import {
  calleeName,
  constInitializer,
  enclosingFunction,
  findProperty,
  forEachOwnNode,
  mentionsName,
  messageText,
  parameterBinding,
  staticKeyName,
  staticString,
  unwrap,
} from "../../util/ast.js";
import { soleContentPart } from "../shared/results.js";
import { DEGRADED_TEXT, FAILURE_TEXT, NO_DATA_TEXT, SuccessFlow, fallsBack, marksNothing, payloadObjects, readsOutsideData } from "./flow.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

const FAILED_STATUS = new Set(["error", "failed", "failure", "fail"]);

/** The name of a field that lists items left out: `missing`, `failedIds`, `invalidTabIds`, `not_found`, `skipped`. */
const LEFT_OUT_KEY = /^(?:missing|failed|failures|invalid|skipped|unavailable|unresolved|notFound|not_found)(?:[A-Z_]\w*)?$/u;

/** Reads the answers of a file's catch clauses. */
export class CatchAnswers {
  /** The file's result literals by object. */
  readonly results: ReadonlyMap<TSESTree.ObjectExpression, ToolResult>;

  constructor(
    private readonly sourceCode: SourceCode,
    private readonly model: McpModel,
    private readonly markers: ReadonlySet<string>,
  ) {
    this.results = new Map(model.results.map((r) => [r.object, r]));
  }

  /** The result, or a payload in it, carries a partial-result marker (`source`: the result's file). */
  isPartial(object: TSESTree.ObjectExpression, source: SourceCode = this.sourceCode): boolean {
    return [object, ...payloadObjects(source, object)].some((o) =>
      o.properties.some((p) => p.type === AST_NODE_TYPES.Property && this.markers.has(staticKeyName(p.key, p.computed) ?? "") && !marksNothing(p)),
    );
  }

  /**
   * The answer lists what it left out (`invalidTabIds: ids.filter((id) => !found.includes(id))`,
   * `missing`, `failed`): an item whose call failed and was dropped is named there, so the answer
   * says it is incomplete.
   */
  listsLeftOut(answer: TSESTree.Node): boolean {
    let found = false;
    forEachOwnNode(this.sourceCode, answer, (n) => {
      // A field of an object written in the answer, holding a list or a value made of one (not `failed: 0`).
      if (
        found ||
        n.type !== AST_NODE_TYPES.Property ||
        n.parent.type !== AST_NODE_TYPES.ObjectExpression ||
        unwrap(n.value).type === AST_NODE_TYPES.Literal
      )
        return;
      found = LEFT_OUT_KEY.test(staticKeyName(n.key, n.computed) ?? "");
    });
    return found;
  }

  /** The result every return of the called helper (of this file, or with types another's) gives, when each is a success result literal. */
  successHelper(call: TSESTree.CallExpression): ImportedSuccessHelper | undefined {
    return SuccessFlow.of(this.model).successHelper(call);
  }

  /**
   * The catch answers with data, not with its failure: it says so (`"cached"`), calls another
   * source, or returns data it already had, without failure wording or the caught error.
   * A return for selected errors only (`if (e.status === 404)`) counts unless it says it failed.
   */
  isDegradation(value: TSESTree.Node, text: string | undefined, clause: TSESTree.CatchClause, names: ReadonlySet<string>, selective: boolean): boolean {
    const sourceCode = this.sourceCode;
    if (text !== undefined && DEGRADED_TEXT.test(text)) return true;
    const failed = text !== undefined && (FAILURE_TEXT.test(text) || NO_DATA_TEXT.test(text));
    // `if (e instanceof UserFacingError) return { content: [{ text: e.message }] }`: for the
    // selected errors the answer is the failure itself, which says it failed.
    if (selective && !(text !== undefined && FAILURE_TEXT.test(text)) && !saysCaughtMessage(sourceCode, value, names)) return true;
    const mentionsError = mentionsName(sourceCode, value, names, "own-code");
    // "Collection browsing failed: <the error>": the failure itself, whatever else the text calls.
    if (failed && mentionsError) return false;
    if (fallsBack(sourceCode, this.model, clause, value, names, mentionsError)) return true;
    if (failed || mentionsError) return false;
    return readsOutsideData(sourceCode, value, clause);
  }
}

/** The value reads the caught error's message: `e.message`, `String(e)`, `` `${e}` ``. */
function saysCaughtMessage(sourceCode: SourceCode, value: TSESTree.Node, names: ReadonlySet<string>): boolean {
  const isCaught = (node: TSESTree.Node): boolean => {
    const n = unwrap(node);
    return n.type === AST_NODE_TYPES.Identifier && names.has(n.name);
  };
  let found = false;
  forEachOwnNode(sourceCode, value, (node) => {
    if (found) return;
    if (node.type === AST_NODE_TYPES.MemberExpression) found = staticKeyName(node.property, node.computed) === "message" && isCaught(node.object);
    else if (node.type === AST_NODE_TYPES.TemplateLiteral) found = node.expressions.some(isCaught);
    else if (node.type === AST_NODE_TYPES.CallExpression) found = calleeName(node) === "String" && node.arguments.some(isCaught);
  });
  return found;
}

/** The text of the only content part, when it is a message (not a JSON payload). */
export function textOf(object: TSESTree.ObjectExpression): TSESTree.Node | undefined {
  const part = soleContentPart(object);
  const text = part ? findProperty(part, "text") : undefined;
  const value = text ? unwrap(text.value) : undefined;
  if (!value) return undefined;
  if (messageText(value) !== undefined) return value;
  // `text: this.prefix(\`❌ Failed to ...\`)`: a formatter around the one message it is given.
  const [only, ...more] = value.type === AST_NODE_TYPES.CallExpression ? value.arguments : [];
  return only && more.length === 0 && messageText(only) !== undefined ? only : undefined;
}

/**
 * The argument of a success helper's call that becomes the result's text: the one passed for the
 * parameter the helper writes as its text (`reply(data, summary)` building `text: summary`), else
 * the first that is text (`toolResponse(text)`), else the first.
 */
export function helperTextArgument(call: TSESTree.CallExpression, object: TSESTree.ObjectExpression): TSESTree.Node | undefined {
  const part = soleContentPart(object);
  const text = part ? findProperty(part, "text") : undefined;
  const value = text ? unwrap(text.value) : undefined;
  const fn = value?.type === AST_NODE_TYPES.Identifier ? enclosingFunction(object) : undefined;
  const binding = fn && value?.type === AST_NODE_TYPES.Identifier ? parameterBinding(fn, value.name) : undefined;
  const index = binding?.field === undefined ? (binding?.index ?? -1) : -1;
  // Not a parameter (`content.push({ type: "text", text })` in a builder): what the call says in words.
  const argument = index >= 0 ? call.arguments[index] : (call.arguments.find((a) => messageText(a) !== undefined) ?? call.arguments[0]);
  return argument?.type === AST_NODE_TYPES.SpreadElement ? undefined : argument;
}

/** A string the node holds: a literal, a template, or a const initialised with one. */
export function staticText(sourceCode: SourceCode, node: TSESTree.Node): string | undefined {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Identifier) {
    const init = constInitializer(sourceCode, n);
    return init ? staticString(init) : undefined;
  }
  return messageText(n);
}

/**
 * A top-level payload field that says the call failed: `success: false`, `status: "error"`, or an
 * `error` whose value is surely there (a literal, an object, or read from the caught error).
 */
export function failedField(sourceCode: SourceCode, object: TSESTree.ObjectExpression, names: ReadonlySet<string>): TSESTree.Property | undefined {
  for (const payload of payloadObjects(sourceCode, object)) {
    const field = failureField(sourceCode, payload, names);
    if (field) return field;
  }
  return undefined;
}

/** A field of one payload object that says the call failed (see `failedField`). */
export function failureField(sourceCode: SourceCode, payload: TSESTree.ObjectExpression, names: ReadonlySet<string>): TSESTree.Property | undefined {
  for (const p of payload.properties) {
    if (p.type !== AST_NODE_TYPES.Property) continue;
    const name = staticKeyName(p.key, p.computed);
    const value = unwrap(p.value);
    if (name === "success" && value.type === AST_NODE_TYPES.Literal && value.value === false) return p;
    if (name === "status") {
      const text = staticString(value);
      if (text !== undefined && FAILED_STATUS.has(text.toLowerCase())) return p;
    }
    if (name === "error" && isPresent(sourceCode, value, names)) return p;
  }
  return undefined;
}

function isPresent(sourceCode: SourceCode, value: TSESTree.Node, names: ReadonlySet<string>): boolean {
  switch (value.type) {
    case AST_NODE_TYPES.Literal:
      return value.value !== null && value.value !== false && value.value !== "";
    case AST_NODE_TYPES.TemplateLiteral:
    case AST_NODE_TYPES.ObjectExpression:
    case AST_NODE_TYPES.NewExpression:
      return true;
    default:
      return mentionsName(sourceCode, value, names, "own-code");
  }
}
