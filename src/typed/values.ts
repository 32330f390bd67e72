/**
 * Types for precision about values: whether an expression holds what an external call gave
 * back. Syntactically, a value is known to come from an HTTP call only when it is assigned from
 * one in the same function; with types, a `Response` (fetch, from the DOM lib or Node's undici
 * types) or an `AxiosResponse` is one wherever it was fetched. Without type information, or when
 * the type is `any` or unresolved (a dependency that is not installed), the answer is no. No
 * `typescript` import: the syntactic configs must load without TypeScript installed.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";

interface Declaration {
  getSourceFile(): { fileName: string };
}

/** Where each response type is declared: the lib or package that makes it an HTTP response. */
const RESPONSE_TYPES: ReadonlyMap<string, RegExp> = new Map([
  ["Response", /[/\\](?:lib\.dom\.d\.ts|lib\.webworker\.d\.ts|undici-types[/\\].*|@types[/\\]node[/\\].*)$/u],
  ["AxiosResponse", /[/\\]axios[/\\]/u],
]);

/** Whether the checker types `node` as an upstream HTTP response (`Response`, `AxiosResponse`). */
export function isResponseByType(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): boolean {
  const services = sourceCode.parserServices;
  const program = services?.program;
  const tsNode = program ? services.esTreeNodeToTSNodeMap?.get(node) : undefined;
  if (!program || !tsNode) return false;
  const type = program.getTypeChecker().getTypeAtLocation(tsNode);
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const where = symbol ? RESPONSE_TYPES.get(symbol.getName()) : undefined;
  if (!symbol || !where) return false;
  const declarations = (symbol.getDeclarations() ?? []) as Declaration[];
  return declarations.length > 0 && declarations.every((declaration) => where.test(declaration.getSourceFile().fileName));
}

/** Where the global `fetch` is declared: the DOM lib, or Node's types (undici). */
const FETCH_DECLARED = /[/\\](?:lib\.dom\.d\.ts|lib\.webworker\.d\.ts|undici-types[/\\].*|@types[/\\]node[/\\].*)$/u;

/** Whether the checker types `node` as the global `fetch` function (`const doFetch: typeof fetch = ...`). */
export function isFetchByType(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): boolean {
  const services = sourceCode.parserServices;
  const program = services?.program;
  const tsNode = program ? services.esTreeNodeToTSNodeMap?.get(node) : undefined;
  if (!program || !tsNode) return false;
  const symbol = program.getTypeChecker().getTypeAtLocation(tsNode).getSymbol();
  if (symbol?.getName() !== "fetch") return false;
  const declarations = (symbol.getDeclarations() ?? []) as Declaration[];
  return declarations.length > 0 && declarations.every((declaration) => FETCH_DECLARED.test(declaration.getSourceFile().fileName));
}

/** How far up a class's bases `errorClassByType` looks for `Error`. */
const BASE_DEPTH = 6;

interface ClassType {
  isClass(): boolean;
  getSymbol(): { getName(): string } | undefined;
}

/**
 * The class of the error a call builds, read from the call's type (`ApplicationErrors.invalidInput(msg)`
 * is typed `ApplicationError`): the class's name when it extends `Error`, a few bases up at most.
 */
export function errorClassByType(sourceCode: Readonly<TSESLint.SourceCode>, call: TSESTree.CallExpression): string | undefined {
  const services = sourceCode.parserServices;
  const program = services?.program;
  const tsNode = program ? services.esTreeNodeToTSNodeMap?.get(call) : undefined;
  if (!program || !tsNode) return undefined;
  const checker = program.getTypeChecker();
  const type = checker.getTypeAtLocation(tsNode) as unknown as ClassType;
  const name = type.isClass() ? type.getSymbol()?.getName() : undefined;
  if (name === undefined) return undefined;
  let level: ClassType[] = [type];
  for (let depth = 0; depth < BASE_DEPTH && level.length > 0; depth++) {
    try {
      level = level.flatMap((t) => checker.getBaseTypes(t as never) as unknown as ClassType[]);
    } catch {
      return undefined;
    }
    if (level.some((t) => t.getSymbol()?.getName() === "Error")) return name;
  }
  return undefined;
}
