import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import { type McpModel, type Payload, getPayload, isReturnedValue, payloadField, valueAtResult, thrownText, errorFlagProperty } from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import { getVocabulary } from "../settings.js";
import {
  calleeName,
  constInitializer,
  writtenBefore,
  enclosingCatch,
  enclosingFunction,
  findProperty,
  findVariable,
  isFunctionNode,
  memberName,
  memberPath,
  messageText,
  resolveFunction,
  unwrap,
} from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { capitalized, toolLabel } from "./shared/describe.js";
import { containsComment, removeProperty, removeStatement } from "./shared/fix.js";
import { onlyActions } from "./no-error-on-empty-result/action-tools.js";
import { firstOfListing } from "./no-error-on-empty-result/first-of-listing.js";
import { CONVERSIONS, computesLocally } from "./no-error-on-empty-result/local-computation.js";

export type Options = [{ reportSingleItemLookup?: boolean }];
export type MessageIds = "errorOnEmptyResult" | "returnEmptySuccess";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Error text that says the operation ran and found nothing. */
const NO_RESULTS_TEXT =
  /\b(no (\w+ )?(results?|matches|matching \w+|records|items|entries|rows|hits|documents|files|pages|issues)( (were |was )?(found|returned))?|nothing (was )?(found|matched)|found nothing|0 (results|matches|items|rows|records|hits)|zero (results|matches)|returned no (results|matches|items|rows|records|hits)|no \w+s (were )?found|did not match any|didn't match any)\b/i;
/**
 * "Unable to retrieve a summary": the text says the operation did not work, and the model cannot
 * tell it wrong. "Could not find" is how a search says it found nothing, so it is not one of them.
 */
const FAILED_TEXT = /\b(unable to|could not|couldn't|cannot|can't|failed to) (?!find\b|locate\b|match\b)/i;
/**
 * Text that asks the caller for an input (`"Provide content and/or a source URI."`, `"query is
 * required"`, "This invoice line needs a category. Provide its id.", "Query must contain at least
 * one term"): the branch rejects what
 * was asked, whatever it tested, and is validation.
 */
const ASKS_FOR_INPUT =
  /(?:^|[.!?:]\s+)\W*(?:please\s+)?(?:provide|specify|supply)\b|\b(?:is|are) required\b|\bmissing required\b|\bmust (?:contain|be|have|include|match)\b/i;
/**
 * Text that asks for a step before this one (`"No accounts found. Please log in first."`, "Run
 * `init` first"): the list is empty because a precondition does not hold, which is no answer.
 */
const ASKS_FOR_STEP =
  /\b(?:log ?in|sign ?in|authenticate|connect|run|call|create|add|configure|install|set ?up|initiali[sz]e|open|upload)\b[^.!?]{0,40}\bfirst\b/i;

/** A JSON payload's own words (`{ error: "Query must contain at least one term" }`), for a text made of it. */
function payloadWords(payload: Payload, description: string): string | undefined {
  const said = ["error", description, "message"].map((field) => payloadField(payload, field)).find(Boolean);
  return said && messageText(said.value);
}

function asksCaller(text: string): boolean {
  return ASKS_FOR_INPUT.test(text) || ASKS_FOR_STEP.test(text);
}
/** "User 42 not found", "No user found with email ...": a single-item lookup (by a key that names one item). */
const NOT_FOUND_TEXT =
  /\b(not found|(does|may|might) not exist|doesn't exist|no such|no \w+ found (with|for) (the )?(id|email|e-mail|username|unique name|key|slug|uuid)\b)/i;
/**
 * "with ID 'x'", "for key k", "by slug": the text names the key a single item was looked up by, so
 * the first item of a listing it tests for is a single-item lookup, not a listing.
 */
const KEYED_LOOKUP_TEXT = /\b(with|by|for|of) (the )?(id|key|slug|uuid|email|e-mail|username|handle)\b/i;
/** "No failed jobs found", "no runs yet": text that says there is none (of a listing's items). */
const NONE_TEXT = /\bno ([\w-]+ ){0,3}(found|returned|available|yet|exists?)\b/i;

const COUNT_PROPERTIES = new Set(["count", "total", "totalCount", "total_count", "totalResults", "resultCount", "hits", "numResults"]);
const SIZE_PROPERTIES = new Set(["length", "size"]);

type Origin = "call" | "input" | "unknown";

/** `settled[0]`, `settled`, or `first` of `const [first] = await Promise.allSettled([...])`. */
function readsSettled(sourceCode: SourceCode, node: TSESTree.Node): boolean {
  let n = unwrap(node);
  while (n.type === AST_NODE_TYPES.MemberExpression) n = unwrap(n.object);
  if (n.type !== AST_NODE_TYPES.Identifier) return false;
  const def = findVariable(sourceCode, n)?.defs[0];
  let init: TSESTree.Node | null | undefined = def?.type === DefinitionType.Variable && def.parent.kind === "const" ? def.node.init : undefined;
  if (init?.type === AST_NODE_TYPES.AwaitExpression) init = unwrap(init.argument);
  return (
    init?.type === AST_NODE_TYPES.CallExpression &&
    init.callee.type === AST_NODE_TYPES.MemberExpression &&
    memberPath(init.callee) === "Promise.allSettled"
  );
}

/** Where a value comes from: a call made in the handler, the tool's input, or unknown. */
function originOf(sourceCode: SourceCode, node: TSESTree.Node, depth = 0): Origin {
  if (depth > 6) return "unknown";
  const n = unwrap(node);
  switch (n.type) {
    case AST_NODE_TYPES.AwaitExpression:
      return originOf(sourceCode, n.argument, depth + 1);
    case AST_NODE_TYPES.ChainExpression:
      return originOf(sourceCode, n.expression, depth + 1);
    case AST_NODE_TYPES.LogicalExpression:
      return originOf(sourceCode, n.left, depth + 1);
    case AST_NODE_TYPES.MemberExpression: {
      // `const data = { results: found.slice(0, n) }; data.results`: the field's own value.
      const object = unwrap(n.object);
      const init = object.type === AST_NODE_TYPES.Identifier ? constInitializer(sourceCode, object) : undefined;
      const field = init?.type === AST_NODE_TYPES.ObjectExpression ? findProperty(init, memberName(n) ?? "") : undefined;
      return originOf(sourceCode, field ? field.value : n.object, depth + 1);
    }
    case AST_NODE_TYPES.CallExpression: {
      const callee = unwrap(n.callee);
      // `args.items.filter(...)` works on the input; `Object.keys(x)`, `JSON.parse(x)` follow x.
      if (callee.type === AST_NODE_TYPES.MemberExpression) {
        const path = memberPath(callee);
        if (path === "Object.keys" || path === "Object.values" || path === "Object.entries" || path === "JSON.parse" || path === "Array.from") {
          return n.arguments[0] ? originOf(sourceCode, n.arguments[0], depth + 1) : "unknown";
        }
        if (path === "Promise.allSettled") return "unknown";
        return originOf(sourceCode, callee.object, depth + 1) === "input" ? "input" : "call";
      }
      // `String(args.query)`, `Number(x)`: a conversion keeps the origin of what it converts.
      if (callee.type === AST_NODE_TYPES.Identifier && CONVERSIONS.has(callee.name)) {
        return n.arguments[0] ? originOf(sourceCode, n.arguments[0], depth + 1) : "unknown";
      }
      // `valueOf(settled[0])`: what a settled call gave, nothing when it failed. Empty may be a failure.
      if (n.arguments.some((argument) => readsSettled(sourceCode, argument))) return "unknown";
      // `buildFilter(filterEmpty({ id, code }))`: computed from its arguments, which say where it comes from.
      if (computesLocally(sourceCode, n)) return argumentsOrigin(sourceCode, n.arguments, depth);
      return "call";
    }
    case AST_NODE_TYPES.Identifier: {
      const variable = findVariable(sourceCode, n);
      const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
      if (!def) return "unknown";
      if (def.type === DefinitionType.Parameter) return "input";
      if (def.type !== DefinitionType.Variable) return "unknown";
      // `for (const result of data.results)`: an item of what it iterates.
      const iterated = loopIterable(def);
      if (iterated) return originOf(sourceCode, iterated, depth + 1);
      if (!def.node.init || !variable) return "unknown";
      if (def.parent.kind !== "const" && writtenBefore(variable, n)) return "unknown";
      const init = unwrap(def.node.init);
      // `const urls: string[] = []`, then `urls.push(result.imageUrl)`: what is pushed.
      if (init.type === AST_NODE_TYPES.ArrayExpression && init.elements.length === 0) return pushedOrigin(sourceCode, variable, depth);
      return originOf(sourceCode, init, depth + 1);
    }
    default:
      return "unknown";
  }
}

/** The origin of what a computation is made of: a call's data if any argument is, the input if all are. */
function argumentsOrigin(sourceCode: SourceCode, args: readonly TSESTree.CallExpressionArgument[], depth: number): Origin {
  const origins = new Set(args.map((argument) => originOf(sourceCode, argument, depth + 1)));
  if (origins.has("call")) return "call";
  return origins.size === 1 && origins.has("input") ? "input" : "unknown";
}

/** What an array that starts empty is filled with, by `push`: a call's data, the input, or unknown (never filled). */
function pushedOrigin(sourceCode: SourceCode, variable: TSESLint.Scope.Variable, depth: number): Origin {
  const origins = new Set<Origin>();
  for (const reference of variable.references) {
    const member = reference.identifier.parent;
    const call = member.parent;
    if (member.type !== AST_NODE_TYPES.MemberExpression || member.object !== reference.identifier || call?.type !== AST_NODE_TYPES.CallExpression)
      continue;
    if (call.callee !== member || memberName(member) !== "push") continue;
    // Items picked from what a loop iterates (`for (const r of data.results) urls.push(r.url)`), not what each step makes.
    for (const argument of call.arguments) origins.add(loopItemOrigin(sourceCode, argument, depth));
  }
  if (origins.has("call")) return "call";
  return origins.size === 1 && origins.has("input") ? "input" : "unknown";
}

/**
 * The functions whose parameters hold the tool's input: each handler's entry, and a function of
 * the file it hands only its input to (`return handleToolCall(request.params)`).
 */
function inputTakers(sourceCode: SourceCode, model: McpModel): Set<TSESTree.Node> {
  const entries = new Set<TSESTree.Node>(model.handlers.map((h) => h.entry));
  for (const call of model.calls) {
    if (call.callee.type !== AST_NODE_TYPES.Identifier || call.arguments.length === 0) continue;
    const caller = enclosingFunction(call);
    if (!caller || !entries.has(caller) || !call.arguments.every((a) => isInputData(sourceCode, a, entries, 0))) continue;
    const fn = resolveFunction(sourceCode, call.callee);
    if (fn) entries.add(fn);
  }
  return entries;
}

/** `documents.length === 0` on the tool's own arguments: an empty input is a bad call, whatever the branch says. */
function testsEmptyInput(sourceCode: SourceCode, test: TSESTree.Expression, entries: ReadonlySet<TSESTree.Node>): boolean {
  const subject = emptinessSubject(test) ?? nonEmptinessSubject(test);
  return subject !== undefined && isInputData(sourceCode, subject, entries, 0);
}

/** Functions named for reading their argument apart (`parseBlocks(patch)`): called on the input, not awaited, they give input. */
const PARSES = /^(parse|extract|split|tokeni[sz]e|decode)[A-Z_]/u;

/** A schema's methods that give back the value they check. */
const SCHEMA_PARSES = new Set(["parse", "parseAsync"]);

/** Methods that give back part of the value they are called on: `args.ids.filter(...)`, `args.query.trim()`. */
const INPUT_VIEWS = new Set(["filter", "map", "slice", "split", "trim", "toLowerCase", "toUpperCase", "flat"]);

/**
 * Data of a tool handler's own arguments: a parameter of the handler (`entries`), a field of one, a
 * constant made of one, or a part of one (`INPUT_VIEWS`, `Object.keys(args.filters)`). Not what a
 * call on a parameter gives (`await connection.getProjects()`).
 */
function isInputData(sourceCode: SourceCode, node: TSESTree.Node, entries: ReadonlySet<TSESTree.Node>, depth: number): boolean {
  const n = unwrap(node);
  if (depth > 6) return false;
  if (n.type === AST_NODE_TYPES.ChainExpression) return isInputData(sourceCode, n.expression, entries, depth + 1);
  if (n.type === AST_NODE_TYPES.MemberExpression) return isInputData(sourceCode, n.object, entries, depth + 1);
  if (n.type === AST_NODE_TYPES.CallExpression) {
    const callee = unwrap(n.callee);
    // `const blocks = parseSearchReplaceBlocks(args.patch)`: what parsing the input finds is input.
    if (callee.type === AST_NODE_TYPES.Identifier) {
      return PARSES.test(callee.name) && n.arguments.length > 0 && n.arguments.every((a) => isInputData(sourceCode, a, entries, depth + 1));
    }
    if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
    const path = memberPath(callee);
    if (path === "Object.keys" || path === "Object.values" || path === "Object.entries")
      return n.arguments[0] !== undefined && isInputData(sourceCode, n.arguments[0], entries, depth + 1);
    // `const args = GetThingSchema.parse(request.params.arguments)`: the input, checked.
    if (SCHEMA_PARSES.has(memberName(callee) ?? "")) return n.arguments[0] !== undefined && isInputData(sourceCode, n.arguments[0], entries, depth + 1);
    return INPUT_VIEWS.has(memberName(callee) ?? "") && isInputData(sourceCode, callee.object, entries, depth + 1);
  }
  if (n.type !== AST_NODE_TYPES.Identifier) return false;
  const def = findVariable(sourceCode, n)?.defs[0];
  if (def?.type === DefinitionType.Parameter) return entries.has(def.node);
  // `const ids = args.ids`, `const { documents } = args`.
  return (
    def?.type === DefinitionType.Variable &&
    def.parent.kind === "const" &&
    def.node.init !== null &&
    isInputData(sourceCode, def.node.init, entries, depth + 1)
  );
}

/** The origin of what a `for ... of` iterates, for a value read from its item (`r.url`); unknown for any other value. */
function loopItemOrigin(sourceCode: SourceCode, node: TSESTree.Node, depth: number): Origin {
  let n = unwrap(node);
  while (n.type === AST_NODE_TYPES.MemberExpression || n.type === AST_NODE_TYPES.ChainExpression)
    n = unwrap(n.type === AST_NODE_TYPES.ChainExpression ? n.expression : n.object);
  const def = n.type === AST_NODE_TYPES.Identifier ? findVariable(sourceCode, n)?.defs[0] : undefined;
  const iterated = def ? loopIterable(def) : undefined;
  return iterated ? originOf(sourceCode, iterated, depth + 1) : "unknown";
}

/** What a `for (const item of xs)` iterates (`xs`), when `def` declares its item. */
function loopIterable(def: TSESLint.Scope.Definition): TSESTree.Expression | undefined {
  if (def.type !== DefinitionType.Variable) return undefined;
  const loop = def.parent.parent;
  return loop.type === AST_NODE_TYPES.ForOfStatement && loop.left === def.parent ? loop.right : undefined;
}

function isZero(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.Literal && n.value === 0;
}
function isOne(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.Literal && n.value === 1;
}

/** For `x.length`, `x.size`, `Object.keys(x).length`, `x.count`, `count`: the value whose emptiness is tested. */
function measuredValue(node: TSESTree.Node): TSESTree.Node | undefined {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.MemberExpression) {
    const name = memberName(n);
    if (name !== undefined && SIZE_PROPERTIES.has(name)) return n.object;
    if (name !== undefined && COUNT_PROPERTIES.has(name)) return n;
  }
  if (n.type === AST_NODE_TYPES.Identifier && /^(count|total|totalCount|resultCount|numResults|hits)$/i.test(n.name)) return n;
  return undefined;
}

/** The value an emptiness check tests (`x.length === 0`, `!x.length`, `x.size < 1`, ...). */
function emptinessSubject(test: TSESTree.Node): TSESTree.Node | undefined {
  const n = unwrap(test);
  if (n.type === AST_NODE_TYPES.UnaryExpression && n.operator === "!") {
    const inner = unwrap(n.argument);
    return inner.type === AST_NODE_TYPES.MemberExpression ? measuredValue(inner) : undefined;
  }
  if (n.type === AST_NODE_TYPES.BinaryExpression) {
    const { operator, left, right } = n;
    if ((operator === "===" || operator === "==") && isZero(right)) return measuredValue(left);
    if ((operator === "===" || operator === "==") && isZero(left)) return measuredValue(right);
    if (operator === "<" && isOne(right)) return measuredValue(left);
    if (operator === "<=" && isZero(right)) return measuredValue(left);
    if (operator === ">" && isOne(left)) return measuredValue(right);
  }
  if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator === "||") {
    // `!x || x.length === 0`, `!web || !Array.isArray(web.results) || web.results.length < 1`:
    // some sides test emptiness, every other side tests that one of those values (or an object
    // it hangs from) is missing or not an array.
    const sides: TSESTree.Node[] = [];
    const flatten = (side: TSESTree.Node): void => {
      const s = unwrap(side);
      if (s.type === AST_NODE_TYPES.LogicalExpression && s.operator === "||") {
        flatten(s.left);
        flatten(s.right);
      } else sides.push(s);
    };
    flatten(n);
    const subjects = sides.map(emptinessSubject);
    const subject = subjects.find((x) => x !== undefined);
    if (!subject) return undefined;
    const paths = subjects.flatMap((x) => (x ? [memberPath(x)] : []));
    for (const [i, side] of sides.entries()) {
      if (subjects[i]) continue;
      const guarded = missingOrNotArray(side);
      const path = guarded ? memberPath(guarded) : undefined;
      if (path === undefined || !paths.some((p) => p !== undefined && (p === path || p.startsWith(`${path}.`)))) return undefined;
    }
    return subject;
  }
  return undefined;
}

/** `!x` and `!Array.isArray(x)`: the `x` such a test finds missing or of the wrong kind. */
function missingOrNotArray(test: TSESTree.Node): TSESTree.Node | undefined {
  const n = unwrap(test);
  if (n.type !== AST_NODE_TYPES.UnaryExpression || n.operator !== "!") return undefined;
  const argument = unwrap(n.argument);
  if (argument.type === AST_NODE_TYPES.CallExpression && memberPath(argument.callee) === "Array.isArray") return argument.arguments[0];
  return argument;
}

/** For the `else` of `x.length > 0`, `x.length !== 0`, `x.length >= 1`, `x.length`: the value. */
function nonEmptinessSubject(test: TSESTree.Node): TSESTree.Node | undefined {
  const n = unwrap(test);
  if (n.type === AST_NODE_TYPES.MemberExpression) return measuredValue(n);
  if (n.type === AST_NODE_TYPES.BinaryExpression) {
    const { operator, left, right } = n;
    if ((operator === ">" || operator === "!==" || operator === "!=") && isZero(right)) return measuredValue(left);
    if ((operator === "!==" || operator === "!=") && isZero(left)) return measuredValue(right);
    if (operator === ">=" && isOne(right)) return measuredValue(left);
  }
  return undefined;
}

/** `!x`, `x === null`, `x == undefined`: a single-item lookup that found nothing. */
function missingItemSubject(test: TSESTree.Node): TSESTree.Node | undefined {
  const n = unwrap(test);
  if (n.type === AST_NODE_TYPES.UnaryExpression && n.operator === "!") return n.argument;
  if (n.type === AST_NODE_TYPES.BinaryExpression && (n.operator === "===" || n.operator === "==")) {
    const isNullish = (x: TSESTree.Node): boolean => {
      const u = unwrap(x);
      return (u.type === AST_NODE_TYPES.Literal && u.value === null) || (u.type === AST_NODE_TYPES.Identifier && u.name === "undefined");
    };
    if (isNullish(n.right)) return n.left;
    if (isNullish(n.left)) return n.right;
  }
  return undefined;
}

export default createRule<Options, MessageIds>({
  name: "no-error-on-empty-result",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow reporting an error when an operation succeeded and found nothing: an empty result is an answer, not a failure",
      recommended: "recommended",
    },
    hasSuggestions: true,
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: {
          reportSingleItemLookup: {
            type: "boolean",
            description: 'Also report an error for a lookup by id that found nothing (`if (!user) return error("User 42 not found")`).',
          },
        },
      },
    ],
    defaultOptions: [{ reportSingleItemLookup: false }],
    messages: {
      errorOnEmptyResult:
        '{{tool}} {{reports}} an error when {{what}}: the operation worked and found nothing. The agent will retry or give up instead of answering "none". Return a successful result that says the query ran and matched nothing.',
      returnEmptySuccess: "Return a successful result that says nothing matched.",
    },
  },
  create(context, [options]) {
    return withModel(context, (model) => {
      if (!model.isMcpFile) return;
      const sourceCode = context.sourceCode;
      const vocabulary = getVocabulary(context.settings);
      const reportSingle = options.reportSingleItemLookup;
      const entries = inputTakers(sourceCode, model);
      /** The emptiness test of an enclosing branch, when the tested value came from a call. */
      function emptyBranch(node: TSESTree.Node, text: string | undefined): string | undefined {
        // "No items at docs/: the path may not exist": the text says the requested thing is
        // missing, which is a lookup that failed (see `reportSingleItemLookup`), not an answer.
        const saysMissing = text !== undefined && NOT_FOUND_TEXT.test(text);
        const saysNoResults = text !== undefined && NO_RESULTS_TEXT.test(text);
        const saysNone = text !== undefined && NONE_TEXT.test(text);
        const byKey = saysMissing && !reportSingle && KEYED_LOOKUP_TEXT.test(text);
        if (text !== undefined && (FAILED_TEXT.test(text) || asksCaller(text))) return undefined;
        let current: TSESTree.Node = node;
        while (current.parent && !isFunctionNode(current.parent)) {
          const parent: TSESTree.Node = current.parent;
          // A failure caught inside the branch is its own failure, not the empty result; and one
          // in a catch answers a failure, whatever it says (`catch { throw new Error("No blocks found") }`).
          if (parent.type === AST_NODE_TYPES.CatchClause) return undefined;
          const inBranch = (parent.type === AST_NODE_TYPES.IfStatement || parent.type === AST_NODE_TYPES.ConditionalExpression) && parent.test !== current;
          // An emptiness test of the tool's own arguments is validation, whatever the branch says.
          if (inBranch && testsEmptyInput(sourceCode, parent.test, entries)) return undefined;
          if (inBranch && parent.alternate === current) {
            const subject = nonEmptinessSubject(parent.test);
            if (subject && originOf(sourceCode, subject) === "call") return `\`${sourceCode.getText(parent.test)}\` is false`;
          }
          if (inBranch && parent.consequent === current) {
            const subject = emptinessSubject(parent.test);
            if (subject && originOf(sourceCode, subject) === "call" && (reportSingle || !saysMissing)) return `\`${sourceCode.getText(parent.test)}\``;
            const missing = missingItemSubject(parent.test);
            if (reportSingle && saysMissing && missing && originOf(sourceCode, missing) === "call") return `\`${sourceCode.getText(parent.test)}\``;
            // `const latest = pipelines[0]; if (!latest) throw new Error("Pipeline not found")`; not "Channel with ID 'x' not found".
            const listing = missing && !byKey && (saysMissing || saysNoResults || saysNone) ? firstOfListing(sourceCode, missing) : undefined;
            if (listing) return `\`${calleeName(listing.call) ?? "the call"}\` listed no ${listing.plural} (\`${sourceCode.getText(parent.test)}\`)`;
          }
          // Under another condition (`if (failures.length > 0)` inside the empty branch), the
          // error answers that condition, not the emptiness.
          if (inBranch) break;
          current = parent;
        }
        if (saysNoResults && (reportSingle || !saysMissing)) return "nothing matched";
        return undefined;
      }

      const helperObjects = new Set(model.errorHelpers.values());
      for (const result of model.errorResults) {
        if (!result.helperCall && helperObjects.has(result.object)) continue;
        if (model.isUnknownToolBranch(result.node)) continue;
        const payload = getPayload(model, result, vocabulary);
        const textNode = payload.texts[0];
        const textValue = textNode ? valueAtResult(result, textNode) : undefined;
        const text = textValue ? messageText(textValue) : payloadWords(payload, vocabulary.description);
        // Emptiness of the tool's own arguments is validation; `originOf` only accepts call results.
        const what = emptyBranch(result.node, text);
        if (what === undefined) continue;
        let fix: TSESLint.ReportFixFunction | null = null;
        if (!result.helperCall) {
          const isError = errorFlagProperty(result);
          if (isError && !containsComment(sourceCode, isError)) fix = (fixer) => removeProperty(fixer, sourceCode, isError);
        } else if (textValue && result.helperCall.parent.type === AST_NODE_TYPES.ReturnStatement) {
          const call = result.helperCall;
          fix = (fixer) => fixer.replaceText(call, `{ content: [{ type: "text", text: ${sourceCode.getText(textValue)} }] }`);
        }
        reportEmpty(context, model, result.node, what, fix);
      }

      // `response.isError = true` on a result built before (`const response = { content: [] }`),
      // with its text pushed in the same block.
      for (const result of model.results) {
        let declarator = result.object.parent;
        while (declarator.type === AST_NODE_TYPES.TSAsExpression || declarator.type === AST_NODE_TYPES.TSSatisfiesExpression)
          declarator = declarator.parent;
        if (
          declarator.type !== AST_NODE_TYPES.VariableDeclarator ||
          !declarator.init ||
          unwrap(declarator.init) !== result.object ||
          declarator.id.type !== AST_NODE_TYPES.Identifier
        )
          continue;
        const variable = findVariable(sourceCode, declarator.id);
        if (!variable) continue;
        for (const reference of variable.references) {
          const statement = reference.identifier.type === AST_NODE_TYPES.Identifier ? isErrorAssignment(reference.identifier) : undefined;
          if (!statement || model.isUnknownToolBranch(statement)) continue;
          const textValue = pushedText(statement, variable.references);
          const what = emptyBranch(statement, textValue ? messageText(textValue) : undefined);
          if (what === undefined) continue;
          reportEmpty(
            context,
            model,
            statement,
            what,
            containsComment(sourceCode, statement) ? null : (fixer) => removeStatement(fixer, sourceCode, statement),
          );
        }
      }

      reportEnvelopes(context, model, emptyBranch);

      // A throw that a catch on the way turns into an error result is the same answer.
      for (const site of [...model.escapingThrows, ...model.carriedThrows, ...model.reportedThrows]) {
        // `catch (err) { ...; if (suggestions.length === 0) throw err; }`: the caught failure goes on as it was.
        if (rethrowsCaught(site.node) || asksForInput(site.node)) continue;
        const text = thrownText(site.node);
        const what = emptyBranch(site.node, text);
        if (what === undefined) continue;
        const argument = unwrap(site.node.argument);
        const message = argument.type === AST_NODE_TYPES.NewExpression && argument.arguments.length === 1 ? argument.arguments[0] : undefined;
        const inHandler = site.handlers.some((h) => h.entry === site.node.parent || isDirectlyIn(site.node, h.entry));
        const fix: TSESLint.ReportFixFunction | null =
          message && inHandler && !containsComment(sourceCode, site.node)
            ? (fixer) => fixer.replaceText(site.node, `return { content: [{ type: "text", text: ${sourceCode.getText(message)} }] };`)
            : null;
        reportEmpty(context, model, site.node, what, fix);
      }
    });
  },
});

/**
 * `return { success: false, error: "No channels found" }`: a failure envelope of the project's own,
 * which its dispatcher turns into an error result (or the agent reads as one).
 */
function reportEnvelopes(
  context: Readonly<TSESLint.RuleContext<"errorOnEmptyResult" | "returnEmptySuccess", readonly unknown[]>>,
  model: McpModel,
  emptyBranch: (node: TSESTree.Node, text: string | undefined) => string | undefined,
): void {
  for (const envelope of failureEnvelopes(context.sourceCode)) {
    if (model.handlersAt(envelope.object).length === 0 || model.isUnknownToolBranch(envelope.object)) continue;
    const what = emptyBranch(envelope.object, envelope.text);
    if (what !== undefined) reportEmpty(context, model, envelope.failed, what, null);
  }
}

/** Array methods whose callback answers for one item. */
const ITEM_METHODS = new Set(["map", "flatMap", "forEach", "filter", "reduce", "some", "every", "find"]);

const FAILED_FLAG = /\bsuccess["']?\s*:\s*false\b/gu;

/**
 * `return { success: false, error: "No channels found for ..." }`: an object a function returns
 * that says it failed, with its text (`error` or `message`), found from the text of the file.
 */
function failureEnvelopes(sourceCode: SourceCode): { object: TSESTree.ObjectExpression; failed: TSESTree.Property; text: string | undefined }[] {
  const found: { object: TSESTree.ObjectExpression; failed: TSESTree.Property; text: string | undefined }[] = [];
  for (const match of sourceCode.text.matchAll(FAILED_FLAG)) {
    const key = sourceCode.getNodeByRangeIndex(match.index);
    const property = key?.parent;
    if (property?.type !== AST_NODE_TYPES.Property || property.key !== key) continue;
    const object = property.parent;
    if (object.type !== AST_NODE_TYPES.ObjectExpression || findProperty(object, "isError") || findProperty(object, "content")) continue;
    // Returned (also `as const`, or from a branch of a conditional), and not by a per-item callback (`items.map((item) => ...)`).
    const fn = enclosingFunction(object);
    const call = fn?.parent;
    const perItem =
      call?.type === AST_NODE_TYPES.CallExpression &&
      call.callee.type === AST_NODE_TYPES.MemberExpression &&
      ITEM_METHODS.has(memberName(call.callee) ?? "");
    if (!isReturnedValue(object) || perItem) continue;
    const message = findProperty(object, "error") ?? findProperty(object, "message");
    found.push({ object, failed: property, text: message ? messageText(message.value) : undefined });
  }
  return found;
}

/** One finding at `node`, unless every tool it belongs to acts (`action-tools.ts`). */
function reportEmpty(
  context: Readonly<TSESLint.RuleContext<"errorOnEmptyResult" | "returnEmptySuccess", readonly unknown[]>>,
  model: McpModel,
  node: TSESTree.Node,
  what: string,
  fix: TSESLint.ReportFixFunction | null,
): void {
  const names = model.toolNamesAt(node);
  if (onlyActions(names)) return;
  context.report({
    node,
    messageId: "errorOnEmptyResult",
    data: { tool: capitalized(toolLabel(names)), reports: names.length > 1 ? "report" : "reports", what },
    suggest: fix ? [{ messageId: "returnEmptySuccess", fix }] : [],
  });
}

/** For the `x` of `x.isError = true;` alone in a block: that statement. */
function isErrorAssignment(identifier: TSESTree.Identifier): TSESTree.ExpressionStatement | undefined {
  const member = identifier.parent;
  if (member.type !== AST_NODE_TYPES.MemberExpression || member.object !== identifier || memberName(member) !== "isError") return undefined;
  const assignment = member.parent;
  if (assignment.type !== AST_NODE_TYPES.AssignmentExpression || assignment.operator !== "=" || assignment.left !== member) return undefined;
  const value = unwrap(assignment.right);
  if (value.type !== AST_NODE_TYPES.Literal || value.value !== true) return undefined;
  const statement = assignment.parent;
  // In a block, so that removing it (the suggestion) leaves the code around it as it was.
  return statement.type === AST_NODE_TYPES.ExpressionStatement && statement.parent.type === AST_NODE_TYPES.BlockStatement ? statement : undefined;
}

/** The text of `x.content.push({ type: "text", text })` in the block of `statement`, for the same `x`. */
function pushedText(statement: TSESTree.ExpressionStatement, references: readonly TSESLint.Scope.Reference[]): TSESTree.Node | undefined {
  const block = statement.parent as TSESTree.BlockStatement;
  for (const sibling of block.body) {
    if (sibling.type !== AST_NODE_TYPES.ExpressionStatement) continue;
    const call = unwrap(sibling.expression);
    if (call.type !== AST_NODE_TYPES.CallExpression || call.callee.type !== AST_NODE_TYPES.MemberExpression || memberName(call.callee) !== "push")
      continue;
    const content = call.callee.object;
    if (content.type !== AST_NODE_TYPES.MemberExpression || memberName(content) !== "content") continue;
    if (!references.some((r) => r.identifier === content.object)) continue;
    const part = call.arguments[0] ? unwrap(call.arguments[0]) : undefined;
    const text = part?.type === AST_NODE_TYPES.ObjectExpression ? findProperty(part, "text") : undefined;
    if (text) return text.value;
  }
  return undefined;
}

/** Whether `node` belongs to `fn` itself (not a nested function). */
function isDirectlyIn(node: TSESTree.Node, fn: TSESTree.Node): boolean {
  let current = node.parent;
  while (current) {
    if (current === fn) return true;
    if (isFunctionNode(current)) return false;
    current = current.parent;
  }
  return false;
}

/** `throw new TrainError("CONTENT_REQUIRED", "Provide content ...")`: any text of the construction asks for an input or a step first. */
function asksForInput(node: TSESTree.ThrowStatement): boolean {
  const argument = unwrap(node.argument);
  if (argument.type !== AST_NODE_TYPES.NewExpression && argument.type !== AST_NODE_TYPES.CallExpression) return false;
  return argument.arguments.some((a) => asksCaller(messageText(a) ?? ""));
}

function rethrowsCaught(node: TSESTree.ThrowStatement): boolean {
  const argument = unwrap(node.argument);
  const param = enclosingCatch(node)?.param;
  return argument.type === AST_NODE_TYPES.Identifier && param?.type === AST_NODE_TYPES.Identifier && param.name === argument.name;
}
