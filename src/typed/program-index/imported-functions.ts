/**
 * Functions a file imports from other files of the project, read in their own file: the function
 * a declaration declares, and the imported functions that build a result's payload.
 */
import type { TSESTree } from "@typescript-eslint/types";
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { type ImportedFacts, buildsPlainPart, buildsTextParts, returnedObjects, stringifiedCallees } from "../../model/index.js";
import { type FunctionNode, isFunctionNode } from "../../util/ast.js";
import type { FileEntries, FileEntry } from "./file-entry.js";

/** A file's imports: each imported name with its declaration. */
type Imports = readonly (readonly [string, ts.Declaration])[];

/** The function a declaration declares: `function f() {}`, or `const f = () => ...` / `function () {}`. */
export function declaredFunction(declaration: ts.Declaration): ts.FunctionLikeDeclaration | undefined {
  if (typescript.isFunctionDeclaration(declaration)) return declaration;
  const initializer = typescript.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
  return initializer && (typescript.isArrowFunction(initializer) || typescript.isFunctionExpression(initializer)) ? initializer : undefined;
}

/** The function `declaration` declares, in its own file's ESTree, when `wanted` (a test of its text, cheaper than converting) holds. */
export function importedFunction(
  files: FileEntries,
  declaration: ts.Declaration,
  wanted: (fn: ts.FunctionLikeDeclaration) => boolean = () => true,
): { readonly target: FileEntry; readonly fn: FunctionNode } | undefined {
  const fnNode = declaredFunction(declaration);
  const target = fnNode && wanted(fnNode) ? files.entryOf(declaration.getSourceFile()) : undefined;
  const fn = fnNode ? target?.services.tsNodeToESTreeNodeMap.get(fnNode) : undefined;
  return target && fn && isFunctionNode(fn) ? { target, fn } : undefined;
}

/** A function whose text could make text parts: it names `type: "text"`. */
const TEXT_PART = /type:\s*["'`]text["'`]/u;

/**
 * Imported functions of other files that make text parts, read once per import: those whose every
 * return is an array of plain text parts (`textBuilders`), and those whose every return is one text
 * part that cannot be JSON (`partBuilders`, `mcpError(message)`).
 */
export function textPartBuildersOf(imports: Imports, files: FileEntries): Pick<ImportedFacts, "textBuilders" | "partBuilders"> {
  const textBuilders = new Set<string>();
  const partBuilders = new Set<string>();
  for (const [name, declaration] of imports) {
    const built = importedFunction(files, declaration, (fn) => TEXT_PART.test(fn.getText()));
    if (!built) continue;
    if (buildsTextParts(built.target.sourceCode, built.fn)) textBuilders.add(name);
    else if (buildsPlainPart(built.fn)) partBuilders.add(name);
  }
  return { textBuilders, partBuilders };
}

const NO_BUILDERS: ImportedFacts["objectBuilders"] = new Map();

/** Imported functions of other files whose every return is an object literal, for the calls the file stringifies. */
export function objectBuildersOf(entry: FileEntry, imports: () => Imports, files: FileEntries): ImportedFacts["objectBuilders"] {
  const names = stringifiedCallees(entry.sourceCode.text);
  if (names.size === 0) return NO_BUILDERS;
  const found = new Map<string, TSESTree.ObjectExpression[]>();
  for (const [name, declaration] of imports()) {
    const built = names.has(name) ? importedFunction(files, declaration) : undefined;
    const objects = built ? returnedObjects(built.target.sourceCode, built.fn) : undefined;
    if (objects) found.set(name, objects);
  }
  return found;
}
