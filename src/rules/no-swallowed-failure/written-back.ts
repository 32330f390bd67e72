/**
 * A stand-in written back over what it stands in for: `let scripts = []; try { scripts = (await
 * api.getScripts(site)).scripts } catch { scripts = [] } scripts.push(added); await
 * api.upsertScripts(site, { scripts })`. The read failed, the catch made it "nothing stored", and
 * the write replaces what was stored with that nothing plus the new item: the failure destroys
 * data, and nothing tells the agent.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { calleeName, isFunctionNode, memberPath, mentionsName, unwrap } from "../../util/ast.js";

/** Calls that store what they are given in place of what was there: `writeFileSync`, `upsertCustomCode`, `saveTasks`, `putObject`. */
const WRITES = /^(?:write|upsert|save|persist|put|replace|overwrite)(?:[A-Z]\w*)?$/u;

const CACHE = /cache/iu;

/**
 * The write that one of `reads` goes into, as an argument (or inside one: a field of an object, an
 * item of a list, `JSON.stringify(...)`, none of which leaves the function), in no branch that tests the
 * value first (`if (tasks.length > 0) save(tasks)`); undefined when there is none.
 */
export function writtenBack(sourceCode: Readonly<TSESLint.SourceCode>, reads: readonly TSESTree.Node[]): TSESTree.CallExpression | undefined {
  for (const read of reads) {
    let child: TSESTree.Node = read;
    let parent = read.parent;
    while (parent && carries(parent, child)) {
      child = parent;
      parent = parent.parent;
    }
    if (parent?.type !== AST_NODE_TYPES.CallExpression || !parent.arguments.includes(child as TSESTree.CallExpressionArgument)) continue;
    if (!WRITES.test(calleeName(parent) ?? "") || testedOnTheWay(sourceCode, parent, read)) continue;
    // `cache = {}` after a corrupt cache file, then `writeFileSync(CACHE_FILE, ...)`: a cache holds copies, and rebuilding it loses nothing.
    if (CACHE.test(sourceCode.getText(read)) || CACHE.test(sourceCode.getText(parent))) continue;
    return parent;
  }
  return undefined;
}

/** `parent` hands `child` on whole: a field's value, an item, a spread, a cast, `JSON.stringify(child)`. */
function carries(parent: TSESTree.Node, child: TSESTree.Node): boolean {
  switch (parent.type) {
    case AST_NODE_TYPES.Property:
      return parent.value === child;
    case AST_NODE_TYPES.ObjectExpression:
    case AST_NODE_TYPES.ArrayExpression:
    case AST_NODE_TYPES.SpreadElement:
    case AST_NODE_TYPES.TSAsExpression:
    case AST_NODE_TYPES.TSNonNullExpression:
    case AST_NODE_TYPES.AwaitExpression:
      return true;
    case AST_NODE_TYPES.CallExpression:
      return memberPath(unwrap(parent.callee)) === "JSON.stringify" && parent.arguments[0] === child;
    default:
      return false;
  }
}

/** Between the write and its function, an `if` or `?:` whose test reads the variable the stand-in is in. */
function testedOnTheWay(sourceCode: Readonly<TSESLint.SourceCode>, write: TSESTree.Node, read: TSESTree.Node): boolean {
  if (read.type !== AST_NODE_TYPES.Identifier) return false;
  const names = new Set([read.name]);
  for (let current = write.parent; current && !isFunctionNode(current); current = current.parent) {
    if (
      (current.type === AST_NODE_TYPES.IfStatement || current.type === AST_NODE_TYPES.ConditionalExpression) &&
      mentionsName(sourceCode, current.test, names, "subtree")
    )
      return true;
  }
  return false;
}
