/**
 * The suggestion of `require-tool-error-check`: before the statement that first reads the
 * content, `if (result.isError) { throw new Error(<the content as text>, { cause: result }); }`.
 * Offered only where the result is a `const` or `let` of a block and the statement lies in that
 * block's scope after the declaration; any other shape gets no suggestion.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { isInside } from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Nodes whose body is a list of statements a guard can join. */
function isStatementList(node: TSESTree.Node): boolean {
  return (
    node.type === AST_NODE_TYPES.BlockStatement ||
    node.type === AST_NODE_TYPES.Program ||
    node.type === AST_NODE_TYPES.StaticBlock ||
    node.type === AST_NODE_TYPES.SwitchCase
  );
}

/** The statement of a list that holds `node`. */
function listStatement(node: TSESTree.Node): TSESTree.Node | undefined {
  let current: TSESTree.Node = node;
  while (current.parent && !isStatementList(current.parent)) current = current.parent;
  return current.parent ? current : undefined;
}

/** The error message: the tool's name, when it is safe inside a template literal, and the content. */
function messageOf(name: string, toolName: string | undefined): string {
  const what = toolName !== undefined && !/[`\\$]/u.test(toolName) ? `Tool "${toolName}" failed` : "The tool call failed";
  return `\`${what}: \${JSON.stringify(${name}.content)}\``;
}

/** The guard's fix, or undefined where the shape does not allow one. */
export function guardFix(
  sourceCode: SourceCode,
  binding: TSESTree.Identifier | undefined,
  use: TSESTree.Node,
  toolName: string | undefined,
): TSESLint.ReportFixFunction | undefined {
  const declarator = binding?.parent;
  if (binding?.type !== AST_NODE_TYPES.Identifier || declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id !== binding) return undefined;
  const declaration = declarator.parent;
  if ((declaration.kind !== "const" && declaration.kind !== "let") || !isStatementList(declaration.parent)) return undefined;
  const statement = listStatement(use);
  // In the declaration's scope, after it (not the declaration itself: the result is not bound yet).
  if (!statement || !isInside(statement, declaration.parent) || statement.range[0] < declaration.range[1]) return undefined;
  const line = sourceCode.lines[statement.loc.start.line - 1] ?? "";
  const before = line.slice(0, statement.loc.start.column);
  const name = binding.name;
  const throwing = `throw new Error(${messageOf(name, toolName)}, { cause: ${name} });`;
  // On a line of its own, the guard gets lines of its own at the statement's indentation.
  if (/^\s*$/u.test(before)) {
    const unit = before.includes("\t") ? "\t" : "  ";
    const text = `if (${name}.isError) {\n${before}${unit}${throwing}\n${before}}\n${before}`;
    return (fixer) => fixer.insertTextBefore(statement, text);
  }
  return (fixer) => fixer.insertTextBefore(statement, `if (${name}.isError) { ${throwing} } `);
}
