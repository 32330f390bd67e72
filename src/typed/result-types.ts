/**
 * Types for recall at a function's declared return type: `execute(args): Promise<ToolResult>`,
 * where the project declares `interface ToolResult extends CallToolResult` (or `type ToolResponse
 * = CallToolResult & {...}`, or writes the shape out: `interface ToolResponse { content: ...;
 * isError?: boolean }`) in another file. Syntactically only the name `CallToolResult` itself
 * is known; the checker finds the project's own declaration of the name, whose text says what it
 * extends (the SDK's declaration itself may be missing: a dependency that is not installed).
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type ts from "typescript";
import { loadTypedRuntime, typescript } from "./runtime.js";
import { unaliased } from "./program-index/declarations.js";
import { checkedNode } from "./values.js";

const TOOL_RESULT = /\bCallToolResult\b/u;
/** How many project declarations deep a name is followed (`ToolResponse` = `BaseResult & {...}`, `BaseResult` extends `CallToolResult`). */
const MAX_DEPTH = 3;

const known = new WeakMap<ts.Symbol, boolean>();

/** Whether the type name (of a return type annotation) is the project's own type built on `CallToolResult`. */
export function namesToolResultType(sourceCode: Readonly<TSESLint.SourceCode>, typeName: TSESTree.Node): boolean {
  const checked = checkedNode(sourceCode, typeName);
  if (!checked) return false;
  loadTypedRuntime();
  return extendsToolResult(checked.checker, checked.checker.getSymbolAtLocation(checked.tsNode), 0);
}

function extendsToolResult(checker: ts.TypeChecker, found: ts.Symbol | undefined, depth: number): boolean {
  const symbol = unaliased(checker, found);
  if (!symbol || depth > MAX_DEPTH) return false;
  let answer = known.get(symbol);
  if (answer !== undefined) return answer;
  known.set(symbol, false);
  answer = (symbol.getDeclarations() ?? []).some((declaration) => {
    if (declaration.getSourceFile().isDeclarationFile) return false;
    if (declaresResultShape(declaration)) return true;
    const bases = typescript.isInterfaceDeclaration(declaration)
      ? (declaration.heritageClauses ?? []).flatMap((clause) => clause.types.map((t) => t.expression))
      : typescript.isTypeAliasDeclaration(declaration)
        ? referencedNames(declaration.type)
        : [];
    return bases.some((base) => TOOL_RESULT.test(base.getText()) || extendsToolResult(checker, checker.getSymbolAtLocation(base), depth + 1));
  });
  known.set(symbol, answer);
  return answer;
}

/**
 * `interface ToolResponse { content: Content[]; isError?: boolean; ... }` (or such a type literal,
 * alone or in an intersection): the project's own declaration of the tool result's shape, written
 * out instead of extending the SDK's.
 */
function declaresResultShape(declaration: ts.Declaration): boolean {
  const members = typescript.isInterfaceDeclaration(declaration)
    ? declaration.members
    : typescript.isTypeAliasDeclaration(declaration)
      ? literalMembers(declaration.type)
      : undefined;
  const names = new Set((members ?? []).flatMap((member) => (member.name && typescript.isIdentifier(member.name) ? [member.name.text] : [])));
  return names.has("content") && names.has("isError");
}

function literalMembers(type: ts.TypeNode): readonly ts.TypeElement[] {
  if (typescript.isTypeLiteralNode(type)) return type.members;
  if (typescript.isIntersectionTypeNode(type)) return type.types.flatMap(literalMembers);
  if (typescript.isParenthesizedTypeNode(type)) return literalMembers(type.type);
  return [];
}

/** The names a type alias is made of: `A`, `A & { ... }`, `A | B`, `Promise<A>` is not one (an alias of a result, not of a promise). */
function referencedNames(type: ts.TypeNode): ts.Node[] {
  if (typescript.isTypeReferenceNode(type)) return [type.typeName];
  if (typescript.isIntersectionTypeNode(type) || typescript.isUnionTypeNode(type)) return type.types.flatMap(referencedNames);
  if (typescript.isParenthesizedTypeNode(type)) return referencedNames(type.type);
  return [];
}
