/**
 * "The first of a listing": `const latest = (await api.getPipelines({ branch }))[0]`. When the
 * list is empty the item is missing, and an error that says "Pipeline not found" answers a query
 * that worked and found nothing. A lookup by the item's own key (`getPipelines({ pipelineId })`,
 * `db.query(sql, [id])`) is a single-item lookup instead: its "not found" is a failed lookup.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import { calleeName, constInitializer, findVariable, memberName, staticKeyName, unwrap } from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** A call that lists things, and the singular of what it lists. */
export interface Listing {
  readonly call: TSESTree.CallExpression;
  /** `pipeline` for `getPipelines(...)`, `job` for `jobs.list(...)`. */
  readonly noun: string;
  /** The word it was read from: `Pipelines`, `jobs`. */
  readonly plural: string;
}

/** Verbs that lead a listing method's name: `getPipelines`, `listJobs`, `searchIssues`. */
const VERB = /^(get|list|fetch|load|search|find|query|retrieve|read)(All)?(?=[A-Z])/;
/** Method names that list what their object names: `jobs.list()`, `repo.issues.search()`. */
const LISTING_METHODS = new Set(["list", "listAll", "search", "getAll", "findAll", "findMany", "all"]);
/** Property names that hold the list in a response: `(await api.getJobs()).items[0]`. */
const LIST_FIELDS = new Set(["items", "data", "results", "records", "rows", "entries", "nodes", "values", "list"]);
/** Names that identify one item whatever its kind. */
const GENERIC_KEYS = /^(id|ids|uuid|key|slug|email|e_?mail|username|handle)$/i;

/** `Pipelines` -> `pipeline`; undefined unless the word is a regular plural. */
function singular(word: string): string | undefined {
  if (!/^[A-Za-z]+s$/.test(word) || /(ss|us|is)$/i.test(word)) return undefined;
  const stem = /ies$/.test(word) ? `${word.slice(0, -3)}y` : word.slice(0, -1);
  return stem.length > 1 ? stem.charAt(0).toLowerCase() + stem.slice(1) : undefined;
}

/** The listing `call` makes, when its name says it lists something. */
function listingOf(call: TSESTree.CallExpression): Listing | undefined {
  const name = calleeName(call);
  if (name === undefined) return undefined;
  let plural: string | undefined;
  const callee = unwrap(call.callee);
  if (LISTING_METHODS.has(name) && callee.type === AST_NODE_TYPES.MemberExpression) {
    const owner = unwrap(callee.object);
    const ownerName =
      owner.type === AST_NODE_TYPES.Identifier ? owner.name : owner.type === AST_NODE_TYPES.MemberExpression ? memberName(owner) : undefined;
    plural = ownerName;
  } else {
    const rest = name.replace(VERB, "");
    plural = rest === name ? undefined : rest;
  }
  const noun = plural === undefined ? undefined : singular(plural);
  return plural === undefined || noun === undefined ? undefined : { call, noun, plural: plural.charAt(0).toLowerCase() + plural.slice(1) };
}

/** Whether the call names one item: an argument or a field (at any depth of object literals) is a key of it. */
function namesItsItem(listing: Listing): boolean {
  const ownKey = new RegExp(`^${listing.noun}_?(id|ids|number|key|slug|name|uuid)$`, "i");
  const isKey = (name: string): boolean => GENERIC_KEYS.test(name) || ownKey.test(name);
  const visit = (node: TSESTree.Node, depth: number): boolean => {
    const n = unwrap(node);
    if (n.type === AST_NODE_TYPES.Identifier) return isKey(n.name);
    if (n.type === AST_NODE_TYPES.MemberExpression) {
      const name = memberName(n);
      return name !== undefined && isKey(name);
    }
    if (n.type !== AST_NODE_TYPES.ObjectExpression || depth > 4) return false;
    return n.properties.some((p) => {
      if (p.type !== AST_NODE_TYPES.Property) return false;
      const key = staticKeyName(p.key, p.computed);
      return (key !== undefined && isKey(key)) || visit(p.value, depth + 1);
    });
  };
  return listing.call.arguments.some((argument) => visit(argument, 0));
}

/** The listing call a list value comes from: `await api.getJobs()`, `jobs` of `const jobs = ...`, `response.items`. */
function listSource(sourceCode: SourceCode, node: TSESTree.Node, depth: number): TSESTree.CallExpression | undefined {
  if (depth > 4) return undefined;
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.AwaitExpression) return listSource(sourceCode, n.argument, depth + 1);
  if (n.type === AST_NODE_TYPES.ChainExpression) return listSource(sourceCode, n.expression, depth + 1);
  if (n.type === AST_NODE_TYPES.CallExpression) return n;
  if (n.type === AST_NODE_TYPES.MemberExpression) {
    const name = memberName(n);
    return name !== undefined && LIST_FIELDS.has(name) ? listSource(sourceCode, n.object, depth + 1) : undefined;
  }
  if (n.type !== AST_NODE_TYPES.Identifier) return undefined;
  const init = constInitializer(sourceCode, n);
  return init ? listSource(sourceCode, init, depth + 1) : undefined;
}

/** The list of `list[0]`, `list?.[0]`, `list.at(0)`. */
function firstOf(node: TSESTree.Node): TSESTree.Node | undefined {
  let n = unwrap(node);
  if (n.type === AST_NODE_TYPES.ChainExpression) n = unwrap(n.expression);
  if (n.type === AST_NODE_TYPES.MemberExpression && n.computed && n.property.type === AST_NODE_TYPES.Literal && n.property.value === 0) return n.object;
  if (
    n.type === AST_NODE_TYPES.CallExpression &&
    n.callee.type === AST_NODE_TYPES.MemberExpression &&
    memberName(n.callee) === "at" &&
    n.arguments.length === 1 &&
    n.arguments[0]?.type === AST_NODE_TYPES.Literal &&
    n.arguments[0].value === 0
  )
    return n.callee.object;
  return undefined;
}

/** The listing whose first item `list` is, when the call names no item of its own. */
function listingOfList(sourceCode: SourceCode, list: TSESTree.Node): Listing | undefined {
  const call = listSource(sourceCode, list, 0);
  const listing = call ? listingOf(call) : undefined;
  return listing && !namesItsItem(listing) ? listing : undefined;
}

/**
 * For the `x` of `!x`: the listing whose first item `x` holds (`x = list[0]`, `const [x] = list`,
 * or `list[0]` itself). A variable written several times qualifies when one of its writes does:
 * on that path, an empty list makes it missing.
 */
export function firstOfListing(sourceCode: SourceCode, subject: TSESTree.Node): Listing | undefined {
  const direct = firstOf(subject);
  if (direct) return listingOfList(sourceCode, direct);
  const n = unwrap(subject);
  if (n.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = findVariable(sourceCode, n);
  if (!variable || variable.defs.length !== 1) return undefined;
  const def = variable.defs[0];
  if (def?.type !== DefinitionType.Variable) return undefined;
  // `const [latest] = await api.getPipelines(...)`
  if (def.node.id.type === AST_NODE_TYPES.ArrayPattern && def.node.init) {
    const first = def.node.id.elements[0];
    return first?.type === AST_NODE_TYPES.Identifier && first.name === n.name ? listingOfList(sourceCode, def.node.init) : undefined;
  }
  const written: TSESTree.Node[] = def.node.init ? [def.node.init] : [];
  for (const reference of variable.references) {
    const parent = reference.identifier.parent;
    if (reference.isWrite() && !reference.init && parent.type === AST_NODE_TYPES.AssignmentExpression && parent.operator === "=")
      written.push(parent.right);
  }
  for (const value of written) {
    const list = firstOf(value);
    const listing = list ? listingOfList(sourceCode, list) : undefined;
    if (listing) return listing;
  }
  return undefined;
}
