/**
 * What a failure leaves as it started: `if (output.trim()) { for (...) totalMerges++ }` after
 * `const output = await execGit(args).catch(() => "")`. For the stand-in the branch never runs, so
 * what it would have filled (a counter, a list, a map) keeps its first value, and the answer that
 * reads it says "0 merges" for a failure.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { LEAVES, enclosingFunction, findVariable, forEachOwnNode, isInside, memberName, someOwnNode } from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Methods that fill the collection they are called on. */
const FILLS = new Set(["push", "unshift", "set", "add"]);

/**
 * The reads, after `statement`, of the variables of its function that `skipped` (the branch the
 * stand-in does not take) writes, counts or fills. None when the branch leaves (return, throw,
 * break, continue): then what runs for the stand-in is what follows it, read on its own.
 */
export function leftAsStarted(sourceCode: SourceCode, statement: TSESTree.IfStatement, skipped: TSESTree.Statement): TSESTree.Identifier[] {
  if (LEAVES.has(skipped.type) || someOwnNode(sourceCode, skipped, (n) => LEAVES.has(n.type))) return [];
  const fn = enclosingFunction(statement);
  const filled = new Set<TSESLint.Scope.Variable>();
  forEachOwnNode(sourceCode, skipped, (n) => {
    let target: TSESTree.Node | undefined;
    if (n.type === AST_NODE_TYPES.AssignmentExpression) target = n.left;
    else if (n.type === AST_NODE_TYPES.UpdateExpression) target = n.argument;
    else if (n.type === AST_NODE_TYPES.CallExpression && n.callee.type === AST_NODE_TYPES.MemberExpression && FILLS.has(memberName(n.callee) ?? ""))
      target = n.callee.object;
    if (target?.type !== AST_NODE_TYPES.Identifier) return;
    const variable = findVariable(sourceCode, target);
    const declared = variable?.defs[0]?.node;
    if (variable && declared && !isInside(declared, statement) && enclosingFunction(declared) === fn) filled.add(variable);
  });
  const reads: TSESTree.Identifier[] = [];
  for (const variable of filled) {
    for (const reference of variable.references) {
      const read = reference.identifier;
      if (read.type === AST_NODE_TYPES.Identifier && !reference.isWrite() && read.range[0] > statement.range[1] && enclosingFunction(read) === fn)
        reads.push(read);
    }
  }
  return reads;
}

/**
 * `if (readme) { const result = format(details); result.text += readme; return result }` and,
 * after it, `return format(details)`: the branch the stand-in does not take answers with the
 * value added to what the function otherwise answers. For the stand-in the function gives that
 * same answer less the value, with no word that it is missing. The return that runs next
 * (after the `if`, also once the blocks it sits in end), when the skipped branch ends with a
 * return of its own and builds what that return gives (the same expression, written in it).
 */
export function answeredWithout(sourceCode: SourceCode, statement: TSESTree.IfStatement, skipped: TSESTree.Statement): TSESTree.Node | undefined {
  const last = skipped.type === AST_NODE_TYPES.BlockStatement ? skipped.body.at(-1) : skipped;
  if (statement.alternate || last?.type !== AST_NODE_TYPES.ReturnStatement) return undefined;
  const next = nextReturn(statement);
  const value = next?.argument;
  if (!value || value.type === AST_NODE_TYPES.Literal || value.type === AST_NODE_TYPES.Identifier) return undefined;
  const text = sourceCode.getText(value);
  return sourceCode.getText(skipped).includes(text) ? value : undefined;
}

/** The `return` that runs right after `statement` when it does nothing: the next statement, or the one after the blocks that end with it. */
function nextReturn(statement: TSESTree.Statement): TSESTree.ReturnStatement | undefined {
  let current: TSESTree.Node = statement;
  for (;;) {
    const block: TSESTree.Node = current.parent;
    if (block.type !== AST_NODE_TYPES.BlockStatement) return undefined;
    const next = block.body[block.body.indexOf(current as TSESTree.Statement) + 1];
    if (next) return next.type === AST_NODE_TYPES.ReturnStatement ? next : undefined;
    const holder: TSESTree.Node = block.parent;
    // The end of an `if`'s branch, or of a `try` block, goes on after that statement.
    if (holder.type === AST_NODE_TYPES.IfStatement || (holder.type === AST_NODE_TYPES.TryStatement && holder.block === block)) current = holder;
    else return undefined;
  }
}
