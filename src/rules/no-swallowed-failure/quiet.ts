/**
 * Failures swallowed without a `return` in the catch: a catch that only logs (or does nothing)
 * and falls through, leaving the default a variable had before the try; and a promise's
 * `.catch(() => [])`. In both, an empty value stands in for the failed call's result.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import { type McpModel, inlineCallbacks, valueGivingCall } from "../../model/index.js";
import {
  enclosingFunction,
  findProperty,
  findVariable,
  forEachOwnNode,
  someOwnNode,
  type FunctionNode,
  isFunctionNode,
  isInside,
  memberName,
  mentionsName,
  returnedValues,
  rootIdentifier,
  staticKeyName,
  unwrap,
} from "../../util/ast.js";
import { emptyValue } from "./flow.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Defaults an answer reports as a fact when they are left in place: no items, no fields, a zero count. */
const FACT_DEFAULTS = new Set(["an empty array", "an empty object", "`0`"]);

/** A value left in place of a failed call's result. */
export interface QuietFailure {
  /** Where to report: the catch clause, or the empty value a `.catch` callback gives. */
  readonly node: TSESTree.Node;
  /** What stands in: "an empty array", "`null`", ... */
  readonly empty: string;
  /** Reads that carry the value on (references after the try, or the `.catch` call). */
  readonly reads: readonly TSESTree.Node[];
  /** The failed call's items are missing from a list (`empty` names it), not replaced by an empty value. */
  readonly dropped?: boolean;
  /** The catch adds an item of its own in place of the failed one, with the fetched part empty (`empty` describes it). */
  readonly emptied?: boolean;
  /** The stand-in says the call worked (`'{"success": true}'`): `empty` shows it. */
  readonly claimed?: boolean;
}

/** Fields whose `true` (or `"ok"`, `"success"`) says that an operation worked. */
const SUCCESS_FIELDS = new Set(["success", "ok", "succeeded", "status"]);

function saysSuccess(key: string, value: unknown): boolean {
  if (!SUCCESS_FIELDS.has(key)) return false;
  return key === "status" ? typeof value === "string" && /^(ok|success|succeeded)$/iu.test(value) : value === true;
}

/**
 * A stand-in that says the failed call worked: text of JSON whose object says so
 * (`'{"success": true}'`), or an object literal of constants that does (`{ ok: true }`).
 * Described for the message.
 */
function claimedSuccess(node: TSESTree.Node): string | undefined {
  const n = unwrap(node);
  const text =
    n.type === AST_NODE_TYPES.Literal && typeof n.value === "string"
      ? n.value
      : n.type === AST_NODE_TYPES.TemplateLiteral && n.expressions.length === 0
        ? n.quasis[0]?.value.cooked
        : undefined;
  if (typeof text === "string") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return undefined;
    }
    const says = typeof parsed === "object" && parsed !== null && Object.entries(parsed).some(([key, value]) => saysSuccess(key, value));
    return says ? `made-up success text (\`${text}\`)` : undefined;
  }
  if (n.type !== AST_NODE_TYPES.ObjectExpression || n.properties.length === 0) return undefined;
  const constant = n.properties.every((p) => p.type === AST_NODE_TYPES.Property && !p.computed && unwrap(p.value).type === AST_NODE_TYPES.Literal);
  const says = n.properties.some(
    (p) =>
      p.type === AST_NODE_TYPES.Property &&
      p.key.type === AST_NODE_TYPES.Identifier &&
      unwrap(p.value).type === AST_NODE_TYPES.Literal &&
      saysSuccess(p.key.name, (unwrap(p.value) as TSESTree.Literal).value),
  );
  return constant && says ? "a made-up success object" : undefined;
}

/**
 * `let tags = []; try { tags = await listTags(id); } catch { /* ignore *\/ }`: the catch neither
 * returns nor throws nor assigns, so what the try meant to assign keeps its empty default.
 */
export function fallThrough(sourceCode: SourceCode, clause: TSESTree.CatchClause): QuietFailure | undefined {
  const fn = quietCatchFunction(sourceCode, clause);
  if (!fn) return undefined;
  const statement = clause.parent;
  const reads: TSESTree.Node[] = [];
  let empty: string | undefined;
  forEachOwnNode(sourceCode, statement.block, (n) => {
    if (n.type !== AST_NODE_TYPES.AssignmentExpression || n.operator !== "=") return;
    if (n.left.type === AST_NODE_TYPES.MemberExpression) {
      const left = fieldLeftEmpty(sourceCode, n.left, clause, fn);
      if (left) {
        empty ??= left.empty;
        reads.push(...left.reads);
      }
      return;
    }
    if (n.left.type !== AST_NODE_TYPES.Identifier) return;
    const variable = findVariable(sourceCode, n.left);
    const def = variable?.defs[0];
    if (
      !variable ||
      def?.node.type !== AST_NODE_TYPES.VariableDeclarator ||
      def.parent?.type !== AST_NODE_TYPES.VariableDeclaration ||
      def.parent.kind !== "let"
    )
      return;
    // Declared before the try, in the same function, with an empty value the catch leaves alone.
    if (def.node.range[1] > statement.range[0] || enclosingFunction(def.node) !== fn) return;
    // A count or a list (`0`, `[]`, `{}`): what the answer then states as a fact. An empty string or
    // `undefined` default is mostly an optional note or a value the answer tests first.
    const initial = def.node.init ? emptyValue(def.node.init) : undefined;
    if (initial === undefined || !FACT_DEFAULTS.has(initial)) return;
    if (variable.references.some((r) => r.isWrite() && !r.init && isInside(r.identifier, clause))) return;
    const after = readsAfter(variable, statement);
    if (after.length === 0) return;
    empty ??= initial;
    reads.push(...after);
  });
  return empty === undefined ? undefined : { node: clause, empty, reads };
}

/** The reads of `variable` after `statement` (the try): what carries a value left there on. */
function readsAfter(variable: TSESLint.Scope.Variable, statement: TSESTree.Node): TSESTree.Identifier[] {
  return variable.references.filter((r) => r.isRead() && r.identifier.range[0] > statement.range[1]).map((r) => r.identifier as TSESTree.Identifier);
}

/**
 * `const usage = { label, cards: [] }; try { usage.cards = await listCards(board) } catch { log(e) }`:
 * the field the try meant to fill keeps the empty value the object was declared with, and the
 * object goes on. What it starts as (for the message), and the reads of the object after the try.
 */
function fieldLeftEmpty(
  sourceCode: SourceCode,
  left: TSESTree.MemberExpression,
  clause: TSESTree.CatchClause,
  fn: FunctionNode,
): { readonly empty: string; readonly reads: readonly TSESTree.Node[] } | undefined {
  const object = unwrap(left.object);
  const field = left.computed ? undefined : memberName(left);
  if (object.type !== AST_NODE_TYPES.Identifier || field === undefined) return undefined;
  const variable = findVariable(sourceCode, object);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  const statement = clause.parent;
  if (!variable || def?.node.type !== AST_NODE_TYPES.VariableDeclarator || def.node.range[1] > statement.range[0] || enclosingFunction(def.node) !== fn)
    return undefined;
  const init = def.node.init ? unwrap(def.node.init) : undefined;
  const start = init?.type === AST_NODE_TYPES.ObjectExpression ? findProperty(init, field) : undefined;
  const initial = start ? emptyValue(start.value) : undefined;
  if (initial === undefined || !FACT_DEFAULTS.has(initial)) return undefined;
  // The catch writes the object (or the field) itself: what it writes is judged instead.
  if (
    variable.references.some(
      (r) =>
        isInside(r.identifier, clause) &&
        (r.isWrite() ||
          (r.identifier.parent.type === AST_NODE_TYPES.MemberExpression && r.identifier.parent.parent.type === AST_NODE_TYPES.AssignmentExpression)),
    )
  )
    return undefined;
  const reads = readsAfter(variable, statement);
  return reads.length > 0 ? { empty: `${initial} in \`${field}\``, reads } : undefined;
}

/**
 * `for (const org of orgs) { try { results.push(...(await search(org))) } catch { continue } }`:
 * the catch neither returns nor throws nor adds anything, so the failed call's items are missing
 * from a list declared before the try, and the answer made of that list looks complete.
 */
export function droppedItems(sourceCode: SourceCode, clause: TSESTree.CatchClause): QuietFailure | undefined {
  const fn = quietCatchFunction(sourceCode, clause);
  if (!fn) return undefined;
  const statement = clause.parent;
  // `failed.push({ id, error })`: the failure goes into a list of its own that the answer reads on.
  if (listsFailureAside(sourceCode, clause)) return undefined;
  let found: QuietFailure | undefined;
  forEachRunNode(sourceCode, statement.block, (n) => {
    if (found || n.type !== AST_NODE_TYPES.CallExpression) return;
    const callee = unwrap(n.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "push") return;
    const list = unwrap(callee.object);
    if (list.type === AST_NODE_TYPES.MemberExpression) {
      found = droppedFromField(sourceCode, clause, fn, list);
      return;
    }
    if (list.type !== AST_NODE_TYPES.Identifier) return;
    const variable = findVariable(sourceCode, list);
    const def = variable?.defs[0];
    // An empty list declared before the try, in the same function.
    if (!variable || def?.node.type !== AST_NODE_TYPES.VariableDeclarator || !def.node.init || emptyValue(def.node.init) !== "an empty array") return;
    if (def.node.range[1] > statement.range[0] || enclosingFunction(def.node) !== fn) return;
    const after = readsAfter(variable, statement);
    const inCatch = variable.references.filter((r) => isInside(r.identifier, clause));
    // A catch that adds an item in place of the failed one: one that says it failed tells the
    // failure apart; one that is the usual item with the fetched part emptied does not.
    if (inCatch.length > 0) {
      const only = inCatch.length === 1 ? inCatch[0]?.identifier.parent.parent : undefined;
      const standIn = only ? standInItem(sourceCode, clause, only) : undefined;
      if (standIn !== undefined && after.length > 0)
        found = { node: clause, empty: `an item of \`${list.name}\` with ${standIn}`, reads: after, emptied: true };
      return;
    }
    if (after.length > 0) found = { node: clause, empty: `\`${list.name}\``, reads: after, dropped: true };
  });
  return found;
}

/** Field names that say an item stands for a failure (or may): such an item tells the failure apart. */
const FAILURE_FIELD = /error|fail|status|reason|warn|message|partial|missing|unavailable|skipped|^ok$|success/iu;

/**
 * `projects.push({ project, tasks: [] })` in a catch, for the list its try fills: an item made of
 * values the function already had, with at least one field empty and none that speaks of the
 * failure. Described for the message ("an empty array in `tasks`").
 */
function standInItem(sourceCode: SourceCode, clause: TSESTree.CatchClause, call: TSESTree.Node): string | undefined {
  if (call.type !== AST_NODE_TYPES.CallExpression || call.arguments.length !== 1) return undefined;
  const member = unwrap(call.callee);
  if (member.type !== AST_NODE_TYPES.MemberExpression || memberName(member) !== "push") return undefined;
  const item = unwrap(call.arguments[0] as TSESTree.Node);
  if (item.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  const fields = plainFields(item);
  if (!fields) return undefined;
  let emptied: string | undefined;
  for (const [key, value] of fields) {
    if (FAILURE_FIELD.test(key)) return undefined;
    const empty = emptyValue(value);
    if (empty !== undefined) {
      emptied ??= `${empty} in \`${key}\``;
      continue;
    }
    // Something the function had before the try: the loop's item, or a part of it.
    const root = rootIdentifier(unwrap(value));
    if (!root || (value.type !== AST_NODE_TYPES.Identifier && value.type !== AST_NODE_TYPES.MemberExpression)) return undefined;
    const variable = findVariable(sourceCode, root);
    const def = variable?.defs[0]?.node;
    if (!def || isInside(def, clause.parent)) return undefined;
  }
  return emptied;
}

/**
 * `overview.channels.push(...)` where `const overview = { channels: [], ... }` is declared before
 * the try in the same function: the list is that field, read after the try as `overview.channels`,
 * or with the whole object (`return overview`).
 */
function droppedFromField(
  sourceCode: SourceCode,
  clause: TSESTree.CatchClause,
  fn: FunctionNode,
  list: TSESTree.MemberExpression,
): QuietFailure | undefined {
  const holder = unwrap(list.object);
  const field = memberName(list);
  if (holder.type !== AST_NODE_TYPES.Identifier || field === undefined || list.computed) return undefined;
  const variable = findVariable(sourceCode, holder);
  const def = variable?.defs[0];
  const statement = clause.parent;
  if (!variable || def?.node.type !== AST_NODE_TYPES.VariableDeclarator || def.node.init?.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  if (def.node.range[1] > statement.range[0] || enclosingFunction(def.node) !== fn) return undefined;
  const property = findProperty(def.node.init, field);
  if (!property || emptyValue(property.value) !== "an empty array") return undefined;
  // A catch that touches the object (an item that says it failed, a flag) may tell the failure apart.
  if (variable.references.some((r) => isInside(r.identifier, clause) || (r.isWrite() && !r.init))) return undefined;
  // Reads of the list (`overview.channels`), or of the whole object that holds it (`return overview`).
  const reads = variable.references.flatMap((r): TSESTree.Node[] => {
    if (r.identifier.range[0] <= statement.range[1]) return [];
    const member = r.identifier.parent;
    if (member.type !== AST_NODE_TYPES.MemberExpression || member.object !== r.identifier) return [r.identifier];
    return memberName(member) === field ? [member] : [];
  });
  return reads.length > 0 ? { node: clause, empty: `\`${holder.name}.${field}\``, reads, dropped: true } : undefined;
}

/**
 * The nodes a block runs: its own, and those of the callbacks its calls are handed inline
 * (`await session.executeRead(async (tx) => { ...; results.push(...items) })`, `rows.forEach(...)`),
 * which run, and fail, inside it.
 */
function forEachRunNode(sourceCode: SourceCode, block: TSESTree.Node, visit: (node: TSESTree.Node) => void, depth = 0): void {
  forEachOwnNode(sourceCode, block, (n) => {
    visit(n);
    if (n.type !== AST_NODE_TYPES.CallExpression || depth >= 2) return;
    for (const argument of n.arguments) if (isFunctionNode(argument)) forEachRunNode(sourceCode, argument.body, visit, depth + 1);
  });
}

/**
 * `let pr = { ...found }; try { pr = { ...pr, labels: await listLabels(id) }; } catch { pr = { ...pr, labels: {} }; }`:
 * the catch (returning nothing, throwing nothing) writes the variable the try writes, with an
 * empty list or object where the try put the call's result: the answer then states "no labels".
 */
export function emptyAssignment(sourceCode: SourceCode, clause: TSESTree.CatchClause): QuietFailure | undefined {
  const fn = quietCatchFunction(sourceCode, clause);
  if (!fn) return undefined;
  const statement = clause.parent;
  let found: QuietFailure | undefined;
  forEachOwnNode(sourceCode, clause.body, (n) => {
    if (found || n.type !== AST_NODE_TYPES.AssignmentExpression || n.operator !== "=" || n.left.type !== AST_NODE_TYPES.Identifier) return;
    const variable = findVariable(sourceCode, n.left);
    const def = variable?.defs[0];
    if (!variable || def?.node.type !== AST_NODE_TYPES.VariableDeclarator || def.node.range[1] > statement.range[0] || enclosingFunction(def.node) !== fn)
      return;
    // The try writes it too: the catch's value stands in for the call's.
    if (!variable.references.some((r) => r.isWrite() && isInside(r.identifier, statement.block))) return;
    const empty = emptiedField(unwrap(n.right), n.left.name);
    if (empty === undefined || cancelled(sourceCode, n, clause)) return;
    const after = readsAfter(variable, statement);
    if (after.length > 0) found = { node: clause, empty, reads: after };
  });
  return found;
}

/** Tests that the request was cancelled: `signal.aborted`, `error.name === "AbortError"`, `isCancel(error)`. */
const CANCELLED_TEST = /\.aborted\b|\bAbortError\b|\bisCancel/;

/**
 * `if (signal.aborted) { result = {}; break; }`: the client cancelled the request, which then gets
 * no answer at all. The stand-in answers nobody; it hides no failure.
 */
function cancelled(sourceCode: SourceCode, node: TSESTree.Node, clause: TSESTree.CatchClause): boolean {
  for (let current: TSESTree.Node = node; current !== clause.body; current = current.parent as TSESTree.Node) {
    const parent = current.parent as TSESTree.Node;
    if ((parent.type === AST_NODE_TYPES.IfStatement || parent.type === AST_NODE_TYPES.ConditionalExpression) && parent.consequent === current) {
      if (CANCELLED_TEST.test(sourceCode.getText(parent.test))) return true;
    }
  }
  return false;
}

/** `[]` or `{}`, or `{ ...name, field: {} }`: the same object with a field emptied. */
function emptiedField(value: TSESTree.Node, name: string): string | undefined {
  const empty = emptyValue(value);
  if (empty === "an empty array" || empty === "an empty object") return empty;
  if (value.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  const keeps = value.properties.some(
    (p) =>
      p.type === AST_NODE_TYPES.SpreadElement &&
      unwrap(p.argument).type === AST_NODE_TYPES.Identifier &&
      (unwrap(p.argument) as TSESTree.Identifier).name === name,
  );
  if (!keeps) return undefined;
  for (const p of value.properties) {
    if (p.type !== AST_NODE_TYPES.Property || p.key.type !== AST_NODE_TYPES.Identifier) continue;
    const field = emptyValue(p.value);
    if (field === "an empty array" || field === "an empty object") return `${field} in \`${p.key.name}\``;
  }
  return undefined;
}

/** `load().catch(() => [])`: the callback answers any rejection with an empty value. */
export function promiseCatches(model: McpModel): QuietFailure[] {
  const found: QuietFailure[] = [];
  for (const call of model.calls) {
    const callee = unwrap(call.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "catch" || call.arguments.length !== 1) continue;
    if (unwrap(callee.object).type !== AST_NODE_TYPES.CallExpression) continue;
    const callback = unwrap(call.arguments[0] as TSESTree.Node);
    const value = isFunctionNode(callback) ? onlyReturned(callback) : undefined;
    if (!value || model.handlersAt(call).length === 0) continue;
    const empty = emptyValue(value);
    const claimed = empty === undefined ? claimedSuccess(value) : undefined;
    if (empty !== undefined) found.push({ node: value, empty, reads: [call] });
    else if (claimed !== undefined) found.push({ node: value, empty: claimed, reads: [call], claimed: true });
  }
  return found;
}

/** What a callback answers: its expression body, or the value of a body that is one `return`. */
function onlyReturned(callback: FunctionNode): TSESTree.Node | undefined {
  if (callback.body.type !== AST_NODE_TYPES.BlockStatement) return callback.body;
  const [only, ...rest] = callback.body.body;
  return rest.length === 0 && only?.type === AST_NODE_TYPES.ReturnStatement ? (only.argument ?? undefined) : undefined;
}

/**
 * The catch pushes into a list declared before its try statement and read after it: with
 * `names`, something that reads the caught error, so the answer can tell what failed.
 */
export function listsFailureAside(sourceCode: SourceCode, clause: TSESTree.CatchClause, names?: ReadonlySet<string>): boolean {
  const statement = clause.parent;
  return someOwnNode(sourceCode, clause.body, (n) => {
    if (n.type !== AST_NODE_TYPES.CallExpression) return false;
    // With `names`: what goes in says why (`failures.push({ accountId, reason })`, `reason` read from the error).
    if (names && !n.arguments.some((argument) => mentionsName(sourceCode, argument, names, "own-code"))) return false;
    const callee = unwrap(n.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "push") return false;
    // The usual item with the fetched part emptied stands in for the failed one: it lists nothing aside.
    if (standInItem(sourceCode, clause, n) !== undefined) return false;
    let list = unwrap(callee.object);
    // `outcomes.get(id)?.push({ id, outcome: "service-error", detail })`: the list one map keeps per item.
    if (list.type === AST_NODE_TYPES.CallExpression && list.callee.type === AST_NODE_TYPES.MemberExpression && memberName(list.callee) === "get")
      list = unwrap(list.callee.object);
    // `results.errors.push({ phase, error })`: a list of an object the function was handed, or made before.
    const holder = list.type === AST_NODE_TYPES.MemberExpression && !list.computed ? rootIdentifier(list) : undefined;
    const named = holder ?? (list.type === AST_NODE_TYPES.Identifier ? list : undefined);
    const variable = named ? findVariable(sourceCode, named) : undefined;
    const def = variable?.defs[0];
    if (!variable || !def) return false;
    // The caller that handed the object in reads it on.
    if (holder && def.type === DefinitionType.Parameter) return true;
    if (def.node.range[1] > statement.range[0]) return false;
    return readsAfter(variable, statement).length > 0;
  });
}

/** The function around a catch that neither returns nor throws: its try's values are what the function goes on with. */
function quietCatchFunction(sourceCode: SourceCode, clause: TSESTree.CatchClause): ReturnType<typeof enclosingFunction> {
  if (someOwnNode(sourceCode, clause.body, (n) => n.type === AST_NODE_TYPES.ReturnStatement || n.type === AST_NODE_TYPES.ThrowStatement)) return undefined;
  return enclosingFunction(clause.parent);
}

/**
 * `return { jobNumber: job.number, artifacts: [] }` in a catch whose try returns
 * `{ jobNumber: job.number, artifacts }`: the same item, with the failed call's field emptied.
 * Described for the message ("an empty array in `artifacts`"). Also `return { segments: null }`
 * where the try returns `{ segments }`: the value alone, in the field it is handed back in.
 */
export function emptiedItem(
  sourceCode: SourceCode,
  value: TSESTree.ObjectExpression,
  clause: TSESTree.CatchClause,
): { readonly value: string; readonly field?: string } | undefined {
  const fields = plainFields(value);
  if (!fields || !enclosingFunction(clause)) return undefined;
  for (const returned of triedObjects(sourceCode, clause)) {
    const found = emptiedFrom(sourceCode, fields, returned);
    if (found) return found;
  }
  return undefined;
}

/** The object literals the try of a catch returns, from the catch's own function (see `returnedObjects`). */
function triedObjects(sourceCode: SourceCode, clause: TSESTree.CatchClause): TSESTree.ObjectExpression[] {
  const fn = enclosingFunction(clause);
  const objects: TSESTree.ObjectExpression[] = [];
  forEachOwnNode(sourceCode, clause.parent.block, (node) => {
    if (node.type === AST_NODE_TYPES.ReturnStatement && node.argument && enclosingFunction(node) === fn)
      objects.push(...returnedObjects(sourceCode, node.argument));
  });
  return objects;
}

/**
 * The objects a return of the try gives back: a literal, or those the function handed to a
 * runner returns, when the runner gives back what it returns (`return await withSession(async
 * () => { ...; return { success: true, fromId } })`).
 */
function returnedObjects(sourceCode: SourceCode, argument: TSESTree.Node): TSESTree.ObjectExpression[] {
  let returned = unwrap(argument);
  if (returned.type === AST_NODE_TYPES.AwaitExpression) returned = unwrap(returned.argument);
  if (returned.type === AST_NODE_TYPES.ObjectExpression) return [returned];
  if (returned.type !== AST_NODE_TYPES.CallExpression) return [];
  const call = returned;
  return inlineCallbacks(call)
    .filter((callback) => valueGivingCall(sourceCode, callback) === call)
    .flatMap((callback) => returnedValues(callback))
    .flatMap((value) => {
      const object = value ? unwrap(value) : undefined;
      return object?.type === AST_NODE_TYPES.ObjectExpression ? [object] : [];
    });
}

/** The item `fields` of a catch's object stand for, when they are `returned`'s with the failed call's field emptied. */
function emptiedFrom(
  sourceCode: SourceCode,
  fields: ReadonlyMap<string, TSESTree.Node>,
  returned: TSESTree.ObjectExpression,
): { value: string; field?: string } | undefined {
  const tried = plainFields(returned);
  if (tried?.size !== fields.size) return undefined;
  let emptied: { value: string; field: string } | undefined;
  let kept = 0;
  for (const [key, standIn] of fields) {
    const original = tried.get(key);
    if (!original) return undefined;
    const empty = emptyValue(standIn);
    if (empty !== undefined && emptyValue(original) === undefined) emptied ??= { value: `${empty} in \`${key}\``, field: key };
    else if (sourceCode.getText(standIn) === sourceCode.getText(original)) kept++;
    else return undefined;
  }
  // Some of the item is kept (its id, its name): it stands for that item.
  if (kept > 0 && emptied) return { value: emptied.value };
  // The one field there is: the value handed back in it.
  return fields.size === 1 ? emptied : undefined;
}

/**
 * `return response.data` in a catch whose try returns `{ createResult: response.data, sendResult }`,
 * `sendResult` awaited in the try: the same item, with the failed call's field left out. Described
 * for the message ("`response.data` without `sendResult`").
 */
export function partOfItem(sourceCode: SourceCode, value: TSESTree.Node, clause: TSESTree.CatchClause): { readonly value: string } | undefined {
  const kept = unwrap(value);
  if (kept.type !== AST_NODE_TYPES.Identifier && kept.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const text = sourceCode.getText(kept);
  for (const returned of triedObjects(sourceCode, clause)) {
    const fields = plainFields(returned);
    if (!fields || ![...fields.values()].some((v) => sourceCode.getText(v) === text)) continue;
    const left = [...fields].find(([, v]) => awaitedIn(sourceCode, v, clause.parent.block));
    if (left) return { value: `\`${text}\` without \`${left[0]}\`` };
  }
  return undefined;
}

/** The field's value is what a call awaited in the try gave (`const sent = await send(id)`, or written in place). */
function awaitedIn(sourceCode: SourceCode, value: TSESTree.Node, block: TSESTree.BlockStatement): boolean {
  const n = unwrap(value);
  if (n.type === AST_NODE_TYPES.AwaitExpression) return true;
  if (n.type !== AST_NODE_TYPES.Identifier) return false;
  const def = findVariable(sourceCode, n)?.defs[0]?.node;
  return def?.type === AST_NODE_TYPES.VariableDeclarator && isInside(def, block) && def.init?.type === AST_NODE_TYPES.AwaitExpression;
}

/** The fields of an object literal by name, when each is a plain property with a static name. */
function plainFields(object: TSESTree.ObjectExpression): Map<string, TSESTree.Node> | undefined {
  const fields = new Map<string, TSESTree.Node>();
  for (const property of object.properties) {
    if (property.type !== AST_NODE_TYPES.Property || property.computed || property.kind !== "init") return undefined;
    const key = staticKeyName(property.key, false);
    if (key === undefined) return undefined;
    fields.set(key, property.value);
  }
  return fields.size > 0 ? fields : undefined;
}
