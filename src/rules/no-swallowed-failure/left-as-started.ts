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
