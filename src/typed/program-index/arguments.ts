/**
 * What a function receives in a parameter: the arguments its calls pass, in its own file and in
 * the files that import it. A tool handler that calls `tokenProvider()`, a parameter of the
 * function that registers it, runs whatever `configureAllTools(server, authenticator)` was given,
 * however many hops up; and `const authenticator = createAuthenticator(type)` is one of the
 * functions `createAuthenticator` returns.
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { skipOuter, unaliased } from "./declarations.js";
import { isProjectFile } from "./file-entry.js";

/** Finds, once per program, the calls of a function across the files that can see it. */
export class CallsOf {
  private importers: Map<string, ts.SourceFile[]> | undefined;
  /** The project files with an `export ... from` declaration (built with `importers`). */
  private reexporters: Set<ts.SourceFile> | undefined;
  private readonly found = new Map<ts.Symbol, ts.CallExpression[]>();

  constructor(
    private readonly program: ts.Program,
    private readonly checker: ts.TypeChecker,
  ) {}

  /** The arguments passed at `index` to the function `parameter` belongs to, at every call found. */
  argumentsFor(parameter: ts.ParameterDeclaration): ts.Expression[] {
    const fn = parameter.parent;
    const index = fn.parameters.indexOf(parameter);
    const name = functionName(fn);
    if (index < 0 || parameter.dotDotDotToken || !name) return [];
    const symbol = unaliased(this.checker, this.checker.getSymbolAtLocation(name));
    if (!symbol) return [];
    return this.callsOf(symbol, name.text, fn.getSourceFile()).flatMap((call) => {
      const argument = call.arguments[index];
      return argument && !typescript.isSpreadElement(argument) ? [argument] : [];
    });
  }

  private callsOf(symbol: ts.Symbol, text: string, home: ts.SourceFile): ts.CallExpression[] {
    let calls = this.found.get(symbol);
    if (calls) return calls;
    calls = [];
    this.found.set(symbol, calls);
    const files = this.seeing(home);
    const visit = (node: ts.Node): void => {
      if (typescript.isCallExpression(node)) {
        const callee = skipOuter(node.expression);
        if (typescript.isIdentifier(callee) && callee.text === text && unaliased(this.checker, this.checker.getSymbolAtLocation(callee)) === symbol) {
          calls.push(node);
        }
      }
      typescript.forEachChild(node, visit);
    };
    for (const file of files) visit(file);
    return calls;
  }

  /**
   * The files that can call a function of `home`: `home` and the files that import it, also
   * through barrels that re-export it (`export { wrap } from "./wrap.js"` in an `index.ts`).
   */
  private seeing(home: ts.SourceFile): ts.SourceFile[] {
    const files = [home];
    const reexported = [home];
    for (let i = 0; i < reexported.length; i++) {
      for (const importer of this.importersOf().get((reexported[i] as ts.SourceFile).fileName) ?? []) {
        if (files.includes(importer)) continue;
        files.push(importer);
        if (this.reexporters?.has(importer)) reexported.push(importer);
      }
    }
    return files;
  }

  /** The project files that import each project file (by import or re-export declaration). */
  private importersOf(): Map<string, ts.SourceFile[]> {
    if (this.importers) return this.importers;
    const map = new Map<string, ts.SourceFile[]>();
    const reexporters = new Set<ts.SourceFile>();
    for (const sourceFile of this.program.getSourceFiles()) {
      if (!isProjectFile(sourceFile)) continue;
      for (const statement of sourceFile.statements) {
        const specifier = typescript.isImportDeclaration(statement) || typescript.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
        const target = specifier ? this.checker.getSymbolAtLocation(specifier)?.valueDeclaration : undefined;
        if (!target || !typescript.isSourceFile(target) || target === sourceFile) continue;
        if (typescript.isExportDeclaration(statement)) reexporters.add(sourceFile);
        const list = map.get(target.fileName);
        if (list) {
          if (!list.includes(sourceFile)) list.push(sourceFile);
        } else map.set(target.fileName, [sourceFile]);
      }
    }
    this.importers = map;
    this.reexporters = reexporters;
    return map;
  }
}

/** The name a function is called by: its own, or that of the `const` it initialises. */
function functionName(fn: ts.SignatureDeclaration): ts.Identifier | undefined {
  if ((typescript.isFunctionDeclaration(fn) || typescript.isFunctionExpression(fn)) && fn.name) return fn.name;
  const parent = fn.parent;
  return typescript.isVariableDeclaration(parent) && parent.initializer === fn && typescript.isIdentifier(parent.name) ? parent.name : undefined;
}

/** A parameter of a function (not a constructor's parameter property, which `this.x()` reads). */
export function isPlainParameter(declaration: ts.Declaration): declaration is ts.ParameterDeclaration {
  return (
    typescript.isParameter(declaration) &&
    (typescript.isFunctionDeclaration(declaration.parent) ||
      typescript.isArrowFunction(declaration.parent) ||
      typescript.isFunctionExpression(declaration.parent))
  );
}

/** `const run = makeRunner(config)` (or `await makeRunner(config)`): `makeRunner`, when it is a function of the project. */
export function factoryOf(checker: ts.TypeChecker, declaration: ts.Declaration): ts.FunctionLikeDeclaration | undefined {
  if (!typescript.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  let call = skipOuter(declaration.initializer);
  if (typescript.isAwaitExpression(call)) call = skipOuter(call.expression);
  if (!typescript.isCallExpression(call)) return undefined;
  const callee = unaliased(checker, checker.getSymbolAtLocation(call.expression))?.valueDeclaration;
  const fn =
    callee && typescript.isFunctionDeclaration(callee)
      ? callee
      : callee && typescript.isVariableDeclaration(callee) && callee.initializer && typescript.isArrowFunction(skipOuter(callee.initializer))
        ? (skipOuter(callee.initializer) as ts.ArrowFunction)
        : undefined;
  return fn?.body && isProjectFile(fn.getSourceFile()) ? fn : undefined;
}

/** The values a factory returns: its `return` expressions, or an arrow's expression body. */
export function returnedValues(fn: ts.FunctionLikeDeclaration): ts.Expression[] {
  if (fn.body && !typescript.isBlock(fn.body)) return [skipOuter(fn.body)];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (typescript.isReturnStatement(node) && node.expression) found.push(skipOuter(node.expression));
    // Returns of nested functions are theirs.
    if (!typescript.isFunctionLike(node) || node === fn) typescript.forEachChild(node, visit);
  };
  visit(fn);
  return found;
}

/** `const run = makeRunner(config)`: the function expressions `makeRunner` returns, when it is a function of the project. */
export function returnedFunctions(checker: ts.TypeChecker, declaration: ts.Declaration): ts.FunctionLikeDeclaration[] {
  const fn = factoryOf(checker, declaration);
  if (!fn) return [];
  return returnedValues(fn).filter(
    (value): value is ts.ArrowFunction | ts.FunctionExpression => typescript.isArrowFunction(value) || typescript.isFunctionExpression(value),
  );
}

/**
 * `const tool = createTool(deps); tool.handler(args)`: the members named `member` of the object
 * literals that the project factory which made `receiver` returns (`return { name, handler }`),
 * whatever interface its return type names. Empty when no such factory made the receiver.
 */
export function returnedMembers(checker: ts.TypeChecker, receiver: ts.Node, member: string): ts.ObjectLiteralElementLike[] {
  const found: ts.ObjectLiteralElementLike[] = [];
  for (const declaration of unaliased(checker, checker.getSymbolAtLocation(receiver))?.declarations ?? []) {
    const fn = factoryOf(checker, declaration);
    for (const value of fn ? returnedValues(fn) : []) {
      if (!typescript.isObjectLiteralExpression(value)) continue;
      for (const property of value.properties)
        if (property.name && typescript.isIdentifier(property.name) && property.name.text === member) found.push(property);
    }
  }
  return found;
}
