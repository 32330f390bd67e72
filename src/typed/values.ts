/**
 * Types for precision about values: whether an expression holds what an external call gave
 * back. Syntactically, a value is known to come from an HTTP call only when it is assigned from
 * one in the same function; with types, a `Response` (fetch, from the DOM lib or Node's undici
 * types) or an `AxiosResponse` is one wherever it was fetched. Without type information, or when
 * the type is `any` or unresolved (a dependency that is not installed), the answer is no. No
 * `typescript` import at run time (types only): the syntactic configs must load without TypeScript installed.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type ts from "typescript";

interface Declaration {
  getSourceFile(): { fileName: string };
}

/**
 * The checker and the TypeScript node of `node`: undefined without a program (syntactic linting),
 * or for a node the parser did not convert.
 */
export function checkedNode(
  sourceCode: Readonly<TSESLint.SourceCode>,
  node: TSESTree.Node,
): { readonly checker: ts.TypeChecker; readonly tsNode: ts.Node } | undefined {
  const services = sourceCode.parserServices;
  const program = services?.program;
  const tsNode = program ? services.esTreeNodeToTSNodeMap?.get(node) : undefined;
  return program && tsNode ? { checker: program.getTypeChecker(), tsNode } : undefined;
}

/** The checker's type of `node`, with the checker. */
function typeOf(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): { readonly checker: ts.TypeChecker; readonly type: ts.Type } | undefined {
  const checked = checkedNode(sourceCode, node);
  return checked ? { checker: checked.checker, type: checked.checker.getTypeAtLocation(checked.tsNode) } : undefined;
}

/** Where each response type is declared: the lib or package that makes it an HTTP response. */
const RESPONSE_TYPES: ReadonlyMap<string, RegExp> = new Map([
  ["Response", /[/\\](?:lib\.dom\.d\.ts|lib\.webworker\.d\.ts|undici-types[/\\].*|@types[/\\]node[/\\].*)$/u],
  ["AxiosResponse", /[/\\]axios[/\\]/u],
]);

/** Whether the checker types `node` as an upstream HTTP response (`Response`, `AxiosResponse`). */
export function isResponseByType(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): boolean {
  const type = typeOf(sourceCode, node)?.type;
  if (!type) return false;
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const where = symbol ? RESPONSE_TYPES.get(symbol.getName()) : undefined;
  if (!symbol || !where) return false;
  const declarations = (symbol.getDeclarations() ?? []) as Declaration[];
  return declarations.length > 0 && declarations.every((declaration) => where.test(declaration.getSourceFile().fileName));
}

/**
 * Whether the checker types `node` as text or a `URL` (each member of a union): an address. A
 * type it cannot resolve (`any`, an uninstalled dependency) is no answer.
 */
export function isAddressByType(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): boolean {
  const type = typeOf(sourceCode, node)?.type;
  if (!type) return false;
  const parts = type.isUnion() ? type.types : [type];
  return parts.every((part) => part.isStringLiteral() || (part.getFlags() & STRING_FLAG) !== 0 || part.getSymbol()?.getName() === "URL");
}

/** `ts.TypeFlags.String` (stable across the TypeScript versions we support; no run-time import here). */
const STRING_FLAG = 4;

/** Where the global `fetch` is declared: the DOM lib, or Node's types (undici). */
const FETCH_DECLARED = /[/\\](?:lib\.dom\.d\.ts|lib\.webworker\.d\.ts|undici-types[/\\].*|@types[/\\]node[/\\].*)$/u;

/** Whether the checker types `node` as the global `fetch` function (`const doFetch: typeof fetch = ...`). */
export function isFetchByType(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): boolean {
  const symbol = typeOf(sourceCode, node)?.type.getSymbol();
  if (symbol?.getName() !== "fetch") return false;
  const declarations = (symbol.getDeclarations() ?? []) as Declaration[];
  return declarations.length > 0 && declarations.every((declaration) => FETCH_DECLARED.test(declaration.getSourceFile().fileName));
}

/** How far up a class's bases `errorClassByType` looks for `Error`. */
const BASE_DEPTH = 6;

/**
 * The class of the error a call builds, read from the call's type (`ApplicationErrors.invalidInput(msg)`
 * is typed `ApplicationError`): the class's name when it extends `Error`, a few bases up at most.
 */
export function errorClassByType(sourceCode: Readonly<TSESLint.SourceCode>, call: TSESTree.CallExpression): string | undefined {
  const typed = typeOf(sourceCode, call);
  if (!typed?.type.isClass()) return undefined;
  const { checker, type } = typed;
  const name = type.getSymbol()?.getName();
  if (name === undefined) return undefined;
  let level: readonly ts.Type[] = [type];
  for (let depth = 0; depth < BASE_DEPTH && level.length > 0; depth++) {
    try {
      // A base that is neither class nor interface (a mixin's intersection) makes the checker throw: unknown.
      level = level.flatMap((t) => checker.getBaseTypes(t as ts.InterfaceType));
    } catch {
      return undefined;
    }
    if (level.some((t) => t.getSymbol()?.getName() === "Error")) return name;
  }
  return undefined;
}

/** Whether the checker types a call as `never`: the function it calls always throws (`handleHttpError(error, op): never`). */
export function returnsNever(sourceCode: Readonly<TSESLint.SourceCode>, call: TSESTree.CallExpression): boolean {
  const typed = typeOf(sourceCode, call);
  return typed !== undefined && typed.checker.typeToString(typed.type) === "never";
}

/** Whether the checker types `node` as an object (or a union of them) whose `field` may be `value`: `ok: boolean` may be `false`. */
export function fieldMayBe(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node, field: string, value: boolean): boolean {
  const checked = checkedNode(sourceCode, node);
  if (!checked) return false;
  const { checker, tsNode } = checked;
  const type = checker.getTypeAtLocation(tsNode);
  return (type.isUnion() ? type.types : [type]).some((part) => {
    const symbol = part.getProperty(field);
    if (!symbol) return false;
    const fieldType = checker.getTypeOfSymbolAtLocation(symbol, tsNode);
    return (fieldType.isUnion() ? fieldType.types : [fieldType]).some((t) => checker.typeToString(t) === String(value));
  });
}

/**
 * `queue.add(() => api.query(q))` with `add<T>(task: () => Promise<T>): Promise<T>`: the callback
 * at `index` returns the signature's type parameter (bare, or in a `Promise`), and the call
 * returns the same one, so what the call gives back is what the callback returned.
 */
export function givesBackCallback(sourceCode: Readonly<TSESLint.SourceCode>, call: TSESTree.CallExpression, index: number): boolean {
  const checked = checkedNode(sourceCode, call);
  if (!checked) return false;
  const declaration = checked.checker.getResolvedSignature(checked.tsNode as ts.CallExpression)?.getDeclaration();
  const names = new Set((declaration?.typeParameters ?? []).map((p) => p.name.text));
  const callback = declaration?.parameters[index]?.type as ts.FunctionTypeNode | undefined;
  // A function type (`() => Promise<T>`), not a reference or a union.
  if (names.size === 0 || !callback || !Array.isArray(callback.parameters) || !("type" in callback)) return false;
  const given = typeParameterOf(callback.type, names);
  return given !== undefined && given === typeParameterOf(declaration?.type, names);
}

/** The type parameter (of `names`) a type node is, bare or as the one argument of `Promise`/`PromiseLike`. */
function typeParameterOf(node: ts.TypeNode | undefined, names: ReadonlySet<string>): string | undefined {
  const reference = node as ts.TypeReferenceNode | undefined;
  const name = (reference?.typeName as ts.Identifier | undefined)?.text;
  if (name === undefined) return undefined;
  const [only, ...rest] = reference?.typeArguments ?? [];
  if (!only) return names.has(name) ? name : undefined;
  return (name === "Promise" || name === "PromiseLike") && rest.length === 0 ? typeParameterOf(only, names) : undefined;
}
