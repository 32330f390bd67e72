/**
 * What the index tells the lint of one file (`ImportedFacts`): its roots, its calls to error
 * helpers of other files, the client instances, pass-through functions and generated-client
 * factories it imports, and the
 * wrappers of other files around its handlers. Also the facts the index's own model of a file is
 * built with.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type ts from "typescript";
import { typescript } from "../runtime.js";
import {
  type GeneratedClientFact,
  type ImportedFacts,
  type ImportedHelperCall,
  type ImportedSuccessHelper,
  type Instance,
  type McpModel,
  type PassThrough,
  buildModel,
  carrierFields,
  passedLiteral,
  hasCodeEvidence,
  callMakesError,
  collectImports,
  generatedClientReturnedBy,
  instanceDeclaredAs,
  passThroughOf,
  fetchWrapperOf,
  flagBuilderObject,
  successReturnOf,
} from "../../model/index.js";
import { type FunctionNode, answerCallees, isFunctionNode, returnedValues, unwrap } from "../../util/ast.js";
import type { FileEntries, FileEntry } from "./file-entry.js";
import type { Resolver, Target } from "./resolver.js";
import { onlyReturnedValue, returnsCall, skipOuter } from "./declarations.js";
import { declaredFunction, importedFunction, objectBuildersOf, textPartBuildersOf } from "./imported-functions.js";
import { rootsOf } from "./roots.js";
import { TYPE_ORACLE } from "../oracle.js";

/** The facts of a file the index knows nothing about. Shared: nothing writes to facts. */
export const NO_FACTS: ImportedFacts = {
  roots: [],
  helperCalls: [],
  instances: new Map(),
  passThrough: new Map(),
  textBuilders: new Set(),
  partBuilders: new Set(),
  objectBuilders: new Map(),
  generatedFactories: new Map(),
  successHelpers: new Map(),
  wrappers: new Map(),
  callSites: new Map(),
  carriers: new Map(),
};

/** What each file imports from other files of the project, read once for the kinds of facts below. */
const imports = new WeakMap<FileEntry, readonly [string, ts.Declaration][]>();

function importsOf(entry: FileEntry, resolver: Resolver): readonly [string, ts.Declaration][] {
  let found = imports.get(entry);
  if (!found) imports.set(entry, (found = [...resolver.importedDeclarations(entry)]));
  return found;
}

/** The calls of other files on tool paths that run each function of the file. */
export function callSitesOf(entry: FileEntry): ImportedFacts["callSites"] {
  if (entry.callSites.size === 0) return NO_FACTS.callSites;
  return new Map([...entry.callSites].map(([fn, calls]) => [fn, [...calls.values()]]));
}

/** What the index's own model of a file takes from the index: its roots and its wrappers. */
export function modelFacts(entry: FileEntry): ImportedFacts {
  return { ...NO_FACTS, roots: rootsOf(entry), wrappers: entry.wrappers ?? NO_FACTS.wrappers, callSites: callSitesOf(entry) };
}

/** The index's model of a file, built again after ESLint let the file's scopes go. */
export function modelOf(entry: FileEntry): McpModel {
  entry.model ??= buildModel(entry.sourceCode, undefined, modelFacts(entry), TYPE_ORACLE);
  return entry.model;
}

/** The facts of a project file of the program. */
export function factsOf(sourceFile: ts.SourceFile, files: FileEntries, resolver: Resolver): ImportedFacts {
  const known = files.known(sourceFile.fileName);
  const roots = known ? rootsOf(known) : [];
  // Only a file that shows MCP evidence (or runs on a tool's path) can call an error helper of a tool.
  const entry = roots.length > 0 || hasCodeEvidence(sourceFile.text) ? files.entryOf(sourceFile) : undefined;
  // No entry, no roots: a file with roots has an entry.
  if (!entry) return NO_FACTS;
  return {
    roots,
    helperCalls: helperCallsOf(entry, resolver),
    instances: instancesOf(entry, files, resolver),
    passThrough: passThroughsOf(entry, files, resolver),
    ...textPartBuildersOf(importsOf(entry, resolver), files),
    objectBuilders: objectBuildersOf(entry, () => importsOf(entry, resolver), files),
    generatedFactories: generatedFactoriesOf(entry, files, resolver),
    successHelpers: successHelpersOf(entry, files, resolver),
    wrappers: entry.wrappers ?? NO_FACTS.wrappers,
    callSites: callSitesOf(entry),
    carriers: carriersOf(entry, files, resolver),
  };
}

/** Calls of a file to functions of other files whose every return is an error result. */
function helperCallsOf(entry: FileEntry, resolver: Resolver): ImportedHelperCall[] {
  const found: ImportedHelperCall[] = [];
  const model = modelOf(entry);
  for (const call of model.calls) {
    if (unwrap(call.callee).type !== AST_NODE_TYPES.Identifier || model.graph.localTargets(call).length > 0) continue;
    for (const target of resolver.resolveCallIf(entry, call, (fn) => mayBeErrorHelper(fn) || forwardsItsParameters(fn))) {
      if (target.entry === entry) continue;
      const direct = helperCallThrough(call, target, entry);
      if (direct) {
        found.push(direct);
        continue;
      }
      // `mcpErrorOutput(text)` whose only return is `createErrorResponse(text)`, a helper of a third file.
      const inner = isFunctionNode(target.fn) ? forwardedCall(target.fn) : undefined;
      if (!inner) continue;
      for (const helper of resolver.resolveCallIf(target.entry, inner, mayBeErrorHelper)) {
        const forwarded = helperCallThrough(call, helper, target.entry);
        if (forwarded) found.push(forwarded);
      }
    }
  }
  return found;
}

/** The error result `call` makes through `target`, an error helper of a file other than `from`. */
function helperCallThrough(call: TSESTree.CallExpression, target: Target, from: FileEntry): ImportedHelperCall | undefined {
  if (target.entry === from || !isFunctionNode(target.fn)) return undefined;
  const object = modelOf(target.entry).errorHelpers.get(target.fn);
  return object && callMakesError(target.fn, object, call)
    ? { range: call.range, helper: target.fn, object, helperSource: target.entry.sourceCode }
    : undefined;
}

/** A function whose only statement returns a call given its own parameters, in order (`return build(text, opts)`). */
function forwardsItsParameters(fn: ts.FunctionLikeDeclaration): boolean {
  const value = onlyReturnedValue(fn);
  const call = value ? skipOuter(value) : undefined;
  if (!call || !typescript.isCallExpression(call) || call.arguments.length !== fn.parameters.length) return false;
  return call.arguments.every((argument, index) => {
    const name = fn.parameters[index]?.name;
    return name !== undefined && typescript.isIdentifier(name) && typescript.isIdentifier(argument) && argument.text === name.text;
  });
}

/** The ESTree side of `forwardsItsParameters`: the call the function returns, its parameters passed in order. */
function forwardedCall(fn: FunctionNode): TSESTree.CallExpression | undefined {
  const [value, ...others] = returnedValues(fn);
  const call = value && others.length === 0 ? unwrap(value) : undefined;
  if (call?.type !== AST_NODE_TYPES.CallExpression || call.arguments.length !== fn.params.length) return undefined;
  const forwards = call.arguments.every((argument, index) => {
    const param = fn.params[index];
    return param?.type === AST_NODE_TYPES.Identifier && argument.type === AST_NODE_TYPES.Identifier && argument.name === param.name;
  });
  return forwards ? call : undefined;
}

/** An error helper returns `{ isError: ... }` objects (`findErrorHelpers`): its text names the key. */
function mayBeErrorHelper(fn: ts.FunctionLikeDeclaration): boolean {
  return fn.getText().includes("isError");
}

/** A declaration `instanceDeclaredAs` may take for an instance: `const x = <name>.create(...)` or `<name>.extend(...)`. */
function mayBeInstance(declaration: ts.Declaration): boolean {
  const init = typescript.isVariableDeclaration(declaration) && declaration.initializer ? skipOuter(declaration.initializer) : undefined;
  if (!init || !typescript.isCallExpression(init)) return false;
  const callee = skipOuter(init.expression);
  return (
    typescript.isPropertyAccessExpression(callee) &&
    typescript.isIdentifier(callee.expression) &&
    (callee.name.text === "create" || callee.name.text === "extend")
  );
}

/**
 * A function `passThroughOf` may take for a pass-through: a call in its own body (not a nested
 * function's) whose last argument, of two or more, is one of its parameters.
 */
function mayPassThrough(fn: ts.FunctionLikeDeclaration): boolean {
  const params = new Set(fn.parameters.flatMap((p) => (typescript.isIdentifier(p.name) ? [p.name.text] : [])));
  if (params.size === 0 || !fn.body) return false;
  const visit = (node: ts.Node): boolean => {
    if (typescript.isFunctionLike(node)) return false;
    if (typescript.isCallExpression(node) && node.arguments.length >= 2) {
      const last = node.arguments[node.arguments.length - 1];
      if (last && typescript.isIdentifier(last) && params.has(last.text)) return true;
    }
    return typescript.forEachChild(node, visit) ?? false;
  };
  return typescript.forEachChild(fn.body, visit) ?? false;
}

/**
 * A function that may wrap a fetch it is given (read before converting its file): it returns a
 * function (`return async (url, options) => ...`, through `as` and parentheses) that calls one of
 * its parameters with two arguments.
 */
function mayWrapFetch(fn: ts.FunctionLikeDeclaration): boolean {
  const params = new Set(fn.parameters.flatMap((p) => (typescript.isIdentifier(p.name) ? [p.name.text] : [])));
  if (!fn.body || params.size === 0) return false;
  const returned = typescript.isBlock(fn.body)
    ? fn.body.statements.flatMap((s) => (typescript.isReturnStatement(s) && s.expression ? [skipOuter(s.expression)] : []))
    : [skipOuter(fn.body)];
  const callsParam = (node: ts.Node): boolean =>
    (typescript.isCallExpression(node) && node.arguments.length === 2 && typescript.isIdentifier(node.expression) && params.has(node.expression.text)) ||
    (typescript.forEachChild(node, callsParam) ?? false);
  return returned.some((node) => (typescript.isArrowFunction(node) || typescript.isFunctionExpression(node)) && callsParam(node.body));
}

/** Imported names bound to `axios.create(...)` / `got.extend(...)` instances of other files. */
function instancesOf(entry: FileEntry, files: FileEntries, resolver: Resolver): Map<string, Instance> {
  const found = new Map<string, Instance>();
  for (const [name, declaration] of importsOf(entry, resolver)) {
    if (!mayBeInstance(declaration)) continue;
    const target = files.entryOf(declaration.getSourceFile());
    const declarator = target?.services.tsNodeToESTreeNodeMap.get(declaration);
    if (!target || declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id.type !== AST_NODE_TYPES.Identifier) continue;
    const instance = instanceDeclaredAs(
      target.sourceCode,
      modelOf(target).importedFrom.size > 0 ? modelOf(target).importedFrom : collectImports(target.sourceCode.ast),
      declarator.id,
    );
    if (instance) found.set(name, instance);
  }
  return found;
}

/**
 * Imported functions of other files whose every return makes a client generated from an OpenAPI
 * description (`export function createApiClient(token) { return createClient({ baseUrl }); }`),
 * read in their own file. Only functions whose text names a generator's constructor are read.
 */
function generatedFactoriesOf(entry: FileEntry, files: FileEntries, resolver: Resolver): Map<string, GeneratedClientFact> {
  const found = new Map<string, GeneratedClientFact>();
  for (const [name, declaration] of importsOf(entry, resolver)) {
    const { target, fn } = importedFunction(files, declaration, (fnNode) => GENERATOR_TEXT.test(fnNode.getText())) ?? {};
    if (!target || !fn) continue;
    const importedFrom = modelOf(target).importedFrom.size > 0 ? modelOf(target).importedFrom : collectImports(target.sourceCode.ast);
    const client = generatedClientReturnedBy({ sourceCode: target.sourceCode, importedFrom, requestSignals: [], customClients: new Set() }, fn);
    if (client) found.set(name, client);
  }
  return found;
}

/** What a factory of a generated client calls: openapi-fetch's `createClient`, openapi-client-axios' `init()`. */
const GENERATOR_TEXT = /createClient|\.init(Sync)?\(|getClient/u;

/**
 * Imported functions whose call this file returns (`return formatError(e)`, `return toolResponse(text)`), whose
 * every return is a success result literal, or one whose `isError` is a parameter. Read once per file.
 */
export function successHelpersOf(entry: FileEntry, files: FileEntries, resolver: Resolver): ImportedFacts["successHelpers"] {
  let found = successHelpersByEntry.get(entry);
  if (!found) successHelpersByEntry.set(entry, (found = readSuccessHelpers(entry, files, resolver)));
  return found;
}

const successHelpersByEntry = new WeakMap<FileEntry, ImportedFacts["successHelpers"]>();

function readSuccessHelpers(entry: FileEntry, files: FileEntries, resolver: Resolver): ImportedFacts["successHelpers"] {
  const answered = answerCallees(modelOf(entry).calls);
  if (answered.size === 0) return NO_FACTS.successHelpers;
  const found = new Map<string, ImportedSuccessHelper>();
  const read = (name: string, fnNode: ts.FunctionLikeDeclaration | undefined): void => {
    const text = fnNode?.getText() ?? "";
    // A success result names its content, or is what another helper of the file makes (`return textResponse(json)`).
    if (!fnNode || !(text.includes("content") || returnsCall(fnNode))) return;
    const target = files.entryOf(fnNode.getSourceFile());
    const node = target?.services.tsNodeToESTreeNodeMap.get(fnNode);
    // A method is converted to its definition; the function is its value.
    const fn = node?.type === AST_NODE_TYPES.MethodDefinition ? node.value : node;
    if (!target || !fn || !isFunctionNode(fn)) return;
    // Returns success results (`isError: false` or none), or takes `isError` from a parameter (`reply(text, isError = false)`).
    const object = successReturnOf(modelOf(target).results, fn, target.sourceCode.visitorKeys);
    const flagged = object || !text.includes("isError") ? undefined : flagBuilderObject(fn);
    if (object) found.set(name, { object, source: target.sourceCode });
    if (flagged) found.set(name, { object: flagged, source: target.sourceCode, builder: fn });
  };
  for (const [name, declaration] of importsOf(entry, resolver)) if (answered.has(name)) read(name, declaredFunction(declaration));
  // `return this.toResult(text)`: a method a base class of another file declares.
  for (const [name, call] of answered) {
    if (!name.startsWith("this.")) continue;
    const targets = resolver.resolveCall(entry, call).filter((target) => target.entry !== entry);
    const [only] = targets;
    const fnNode = targets.length === 1 && only ? only.entry.services.esTreeNodeToTSNodeMap.get(only.fn) : undefined;
    if (fnNode && typescript.isFunctionLike(fnNode) && "body" in fnNode) read(name, fnNode);
  }
  return found;
}

/** Imported functions of other files that hand a parameter to a client as its options. */
function passThroughsOf(entry: FileEntry, files: FileEntries, resolver: Resolver): Map<string, PassThrough> {
  const found = new Map<string, PassThrough>();
  const sources = new Map<FileEntry, Map<string, string>>();
  for (const [name, declaration] of importsOf(entry, resolver)) {
    const { target, fn } = importedFunction(files, declaration, (fnNode) => mayPassThrough(fnNode) || mayWrapFetch(fnNode)) ?? {};
    if (!target || !fn) continue;
    let targetImports = sources.get(target);
    if (!targetImports) sources.set(target, (targetImports = collectImports(target.sourceCode.ast)));
    // Or a wrapper of fetch (`wrapWithAuthRetry(baseFetch, config)`), whose result the file calls as fetch.
    const passThrough = passThroughOf(target.sourceCode, targetImports, fn) ?? fetchWrapperOf(target.sourceCode, fn);
    if (passThrough) found.set(name, passThrough);
  }
  return found;
}

/**
 * Error classes of other files, or exported by this one, that the file narrows a caught error to (`e instanceof
 * UserFacingError`), by `Class.field`: the object literal every construction of the project passes
 * for a field the constructor sets. A field some construction passes anything else for is left out.
 */
function carriersOf(entry: FileEntry, files: FileEntries, resolver: Resolver): ImportedFacts["carriers"] {
  const text = entry.sourceCode.text;
  if (!text.includes("instanceof")) return NO_FACTS.carriers;
  const found = new Map<string, TSESTree.ObjectExpression[]>();
  // Imported classes, and the file's own exported ones (constructed in other files too).
  const own: [string, ts.Declaration][] = [];
  // `export class X`, or `class X` exported by name further down (`export { X }`, `export default X`).
  const named = new Set<string>();
  const classes: TSESTree.ClassDeclaration[] = [];
  for (const statement of entry.sourceCode.ast.body) {
    const exported = statement.type === AST_NODE_TYPES.ExportNamedDeclaration || statement.type === AST_NODE_TYPES.ExportDefaultDeclaration;
    const declaration = exported ? statement.declaration : statement;
    if (declaration?.type === AST_NODE_TYPES.ClassDeclaration && declaration.id) {
      if (exported) named.add(declaration.id.name);
      classes.push(declaration);
    }
    if (statement.type === AST_NODE_TYPES.ExportNamedDeclaration && !statement.source) {
      for (const specifier of statement.specifiers) named.add(specifier.local.name);
    }
    if (statement.type === AST_NODE_TYPES.ExportDefaultDeclaration && statement.declaration.type === AST_NODE_TYPES.Identifier)
      named.add(statement.declaration.name);
  }
  for (const cls of classes) if (cls.id && named.has(cls.id.name)) own.push([cls.id.name, entry.services.esTreeNodeToTSNodeMap.get(cls)]);
  for (const [name, declaration] of [...importsOf(entry, resolver), ...own]) {
    if (!typescript.isClassDeclaration(declaration)) continue;
    // `$` is a character of names and of patterns: escaped, and the name ends where no name character follows.
    if (!new RegExp(`instanceof\\s+${name.replace(/\$/gu, "\\$")}(?![\\w$])`, "u").test(text)) continue;
    const cls = files.entryOf(declaration.getSourceFile())?.services.tsNodeToESTreeNodeMap.get(declaration);
    if (cls?.type !== AST_NODE_TYPES.ClassDeclaration) continue;
    const constructions = resolver.constructionsOf(declaration);
    for (const [field, index] of carrierFields(cls)) {
      // Judged on the TypeScript tree first: a file is converted only for a literal it holds.
      const passesLiteral = (construction: ts.NewExpression): boolean => {
        const argument = construction.arguments?.[index];
        return argument !== undefined && typescript.isObjectLiteralExpression(argument);
      };
      if (constructions.length === 0 || !constructions.every(passesLiteral)) continue;
      const objects = constructions.flatMap((construction) => {
        const node = files.entryOf(construction.getSourceFile())?.services.tsNodeToESTreeNodeMap.get(construction);
        const literal = node?.type === AST_NODE_TYPES.NewExpression ? passedLiteral(node, index) : undefined;
        return literal ? [literal] : [];
      });
      if (objects.length === constructions.length) found.set(`${name}.${field}`, objects);
    }
  }
  return found;
}
