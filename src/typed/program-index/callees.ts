/**
 * Which calls of a file may run a function of another file of the project, before the type
 * checker is asked: not the global `fetch`, not `require`, not methods of built-in objects.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type ts from "typescript";
import { constInitializer, findVariable, rootIdentifier, unwrap } from "../../util/ast.js";
import { VALUE_METHODS } from "../../util/builtins.js";
import type { FileEntry } from "./file-entry.js";

/** Methods of built-in objects (arrays, strings, promises, responses...): never a project function. */
const BUILTIN_METHODS = new Set([
  ...VALUE_METHODS,
  "toISOString",
  "getTime",
  "valueOf",
  "then",
  "catch",
  "finally",
  "json",
  "arrayBuffer",
  "blob",
  "stringify",
  // Not `call`: a tool definition's `call` member (`tool.call(args)`) is as common as
  // `Function.prototype.call`, which the checker answers with the lib's declaration.
  "bind",
  "apply",
  "hasOwnProperty",
  "toLocaleString",
  "toLocaleDateString",
  "toLocaleTimeString",
]);
/** Global classes whose instances' methods (`params.set(...)`, `seen.has(id)`) are never a project function. */
const BUILTIN_CLASSES = new Set([
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "URLSearchParams",
  "URL",
  "Headers",
  "FormData",
  "Date",
  "RegExp",
  "AbortController",
  "TextEncoder",
  "TextDecoder",
]);
const GLOBAL_OBJECTS = new Set([
  "console",
  "JSON",
  "Math",
  "Object",
  "Array",
  "Promise",
  "Number",
  "String",
  "Date",
  "process",
  "Reflect",
  "AbortSignal",
  "URL",
  "Buffer",
  "z",
]);

/** Which project file a module specifier names (the resolver asks the checker). */
interface ModuleFiles {
  moduleFile(specifier: ts.Expression): ts.SourceFile | undefined;
}

/**
 * Whether a callee may name a function of another file: worth a question to the checker (which
 * is the expensive part of the index). Globals and methods of built-in objects are not; with
 * `modules`, neither is a name imported from a module that is no project file.
 */
export function mayLeaveFile(entry: FileEntry, expression: TSESTree.Node, modules?: ModuleFiles): boolean {
  const callee = unwrap(expression);
  if (modules && importedFromLibrary(entry, callee, modules)) return false;
  if (callee.type === AST_NODE_TYPES.Identifier) {
    if (callee.name === "require") return false;
    // A name declared nowhere in the file is a global (the global `fetch` among them); a `fetch`
    // imported from a module of the project is that module's function, and is followed.
    return declaredInFile(entry, callee);
  }
  if (callee.type === AST_NODE_TYPES.MemberExpression && callee.computed) {
    const table = unwrap(callee.object);
    return table.type === AST_NODE_TYPES.Identifier && declaredInFile(entry, table);
  }
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.property.type !== AST_NODE_TYPES.Identifier) return false;
  if (BUILTIN_METHODS.has(callee.property.name)) return false;
  const object = unwrap(callee.object);
  if (object.type !== AST_NODE_TYPES.Identifier) return true;
  return !(GLOBAL_OBJECTS.has(object.name) && !declaredInFile(entry, object)) && !holdsBuiltinInstance(entry, object);
}

/** `const params = new URLSearchParams(); params.set(...)`: a constant holding an instance of a global class. */
function holdsBuiltinInstance(entry: FileEntry, identifier: TSESTree.Identifier): boolean {
  const init = constInitializer(entry.sourceCode, identifier);
  const made = init ? unwrap(init) : undefined;
  if (made?.type !== AST_NODE_TYPES.NewExpression || made.callee.type !== AST_NODE_TYPES.Identifier) return false;
  return BUILTIN_CLASSES.has(made.callee.name) && !declaredInFile(entry, made.callee);
}

/**
 * Whether the file declares (or imports) the name. The globals of the lib, which ESLint's scopes
 * hold as variables without a definition when the index reads those, are not declared here.
 */
function declaredInFile(entry: FileEntry, identifier: TSESTree.Identifier): boolean {
  return (findVariable(entry.sourceCode, identifier)?.defs.length ?? 0) > 0;
}

/** Import declarations of modules that are no project file (`importedFromLibrary`), read once. */
const libraryImports = new WeakMap<TSESTree.ImportDeclaration, boolean>();

/**
 * `axios.get(url)`, `z.object(...)`, `fs.promises.readFile(file)`: a callee rooted at a name
 * imported from a module that is no file of the project (a package, a built-in, one not
 * installed): nothing of the project runs, and the checker need not be asked (typing the call is
 * the costly part).
 */
function importedFromLibrary(entry: FileEntry, callee: TSESTree.Node, modules: ModuleFiles): boolean {
  const root = rootIdentifier(unwrap(callee));
  const def = root ? findVariable(entry.sourceCode, root)?.defs[0] : undefined;
  if (def?.type !== DefinitionType.ImportBinding || def.parent.type !== AST_NODE_TYPES.ImportDeclaration) return false;
  const declaration = def.parent;
  let library = libraryImports.get(declaration);
  if (library === undefined) {
    library = !declaration.source.value.startsWith(".") && !modules.moduleFile(entry.services.esTreeNodeToTSNodeMap.get(declaration.source));
    libraryImports.set(declaration, library);
  }
  return library;
}
