/**
 * What a function receives in a parameter: the arguments its calls pass, in its own file and in
 * the files that import it. A tool handler that calls `tokenProvider()`, a parameter of the
 * function that registers it, runs whatever `configureAllTools(server, authenticator)` was given,
 * however many hops up; and `const authenticator = createAuthenticator(type)` is one of the
 * functions `createAuthenticator` returns.
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { functionOf, skipOuter, unaliased } from "./declarations.js";
import { isProjectFile } from "./file-entry.js";
import { constructorValue } from "./fields.js";

/** Finds, once per program, the calls of a function across the files that can see it. */
export class CallsOf {
  private importers: Map<string, ts.SourceFile[]> | undefined;
  /** The project files with an `export ... from` declaration (built with `importers`). */
  private reexporters: Set<ts.SourceFile> | undefined;
  private readonly found = new Map<ts.Symbol, ts.CallExpression[]>();

  /**
   * The calls the index resolved so far that run each function (by its TypeScript node): the
   * calls through tables and registries (`handler(api, args)`), which name no function.
   */
  private readonly resolved = new Map<ts.Node, Set<ts.CallExpression>>();

  constructor(
    private readonly program: ts.Program,
    private readonly checker: ts.TypeChecker,
  ) {}

  /** Records that the index resolved `call` to run `fn`. */
  ranBy(fn: ts.Node, call: ts.CallExpression): void {
    let calls = this.resolved.get(fn);
    if (!calls) this.resolved.set(fn, (calls = new Set()));
    calls.add(call);
  }

  /** The arguments passed at `index` to the function `parameter` belongs to, at every call found. */
  argumentsFor(parameter: ts.ParameterDeclaration): ts.Expression[] {
    const fn = parameter.parent;
    const index = fn.parameters.indexOf(parameter);
    if (index < 0 || parameter.dotDotDotToken) return [];
    const name = functionName(fn);
    const symbol = name ? unaliased(this.checker, this.checker.getSymbolAtLocation(name)) : undefined;
    const calls = name && symbol ? this.callsOf(symbol, name.text, fn.getSourceFile()) : [];
    const through = [...(this.resolved.get(fn) ?? [])].filter((call) => !calls.includes(call));
    return [...calls, ...through].flatMap((call) => {
      const argument = call.arguments[index];
      return argument && !typescript.isSpreadElement(argument) ? [argument] : [];
    });
  }

  /**
   * The declarations of member `name` of the values passed for a parameter the checker types `any`
   * (`handler.runTool(args)` on `handler: any`, a parameter of JavaScript), also where the value
   * passed is itself such a parameter (`dispatch(name, api, args)` handing `api` on to a table's handler).
   */
  memberOfPassed(parameter: ts.ParameterDeclaration, name: string, depth = 0): ts.Declaration[] {
    if (!(this.checker.getTypeAtLocation(parameter).flags & typescript.TypeFlags.Any)) return [];
    const found = this.membersPassed(parameter, name);
    if (found.length > 0 || depth >= MAX_HANDED) return found;
    for (const argument of this.argumentsFor(parameter)) {
      const source = typescript.isIdentifier(argument) ? this.checker.getSymbolAtLocation(argument)?.valueDeclaration : undefined;
      if (!source || source === parameter || !isPlainParameter(source)) continue;
      for (const declaration of this.memberOfPassed(source, name, depth + 1)) if (!found.includes(declaration)) found.push(declaration);
    }
    return found;
  }

  /** The declarations of member `name` of the values passed for a parameter, whatever its type (`const { handler } = config`). */
  membersPassed(parameter: ts.ParameterDeclaration, name: string): ts.Declaration[] {
    const found: ts.Declaration[] = [];
    for (const argument of this.argumentsFor(parameter)) {
      for (const declaration of this.checker.getTypeAtLocation(argument).getProperty(name)?.declarations ?? []) {
        if (!found.includes(declaration)) found.push(declaration);
      }
    }
    return found;
  }

  /**
   * The calls that run the function `symbol` names: `register(...)`, a method's `this.register(...)`
   * or `Registry.register(...)`, and the calls of the parameters it is handed to
   * (`Registry.registerAll(server, this.run.bind(this))`, then `run(handler, args)` inside).
   */
  private callsOf(symbol: ts.Symbol, text: string, home: ts.SourceFile): ts.CallExpression[] {
    let calls = this.found.get(symbol);
    if (calls) return calls;
    calls = [];
    this.found.set(symbol, calls);
    const handed: ts.Expression[] = [];
    const visit = (node: ts.Node): void => {
      // A method's name in `this.run` is read with its access.
      const parent = node.parent as ts.Node | undefined;
      const inAccess = parent !== undefined && typescript.isPropertyAccessExpression(parent) && parent.name === node;
      const named = typescript.isIdentifier(node) && !inAccess ? node : typescript.isPropertyAccessExpression(node) ? node.name : undefined;
      if (named && named.text === text && sameSymbol(unaliased(this.checker, this.checker.getSymbolAtLocation(named)), symbol)) {
        const reference = node as ts.Expression;
        if (typescript.isCallExpression(reference.parent) && skipOuter(reference.parent.expression) === reference) calls.push(reference.parent);
        else handed.push(reference);
      }
      typescript.forEachChild(node, visit);
    };
    for (const file of this.seeing(home)) visit(file);
    calls.push(...callsThroughParameters(this.checker, handed, 0));
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

/**
 * The symbol a name stands for is `symbol`: itself, or a transient copy the checker makes of a
 * member (`registry.registerEach(list)` on a class instance of another file), same declaration.
 */
function sameSymbol(found: ts.Symbol | undefined, symbol: ts.Symbol): boolean {
  return found === symbol || (found !== undefined && found.valueDeclaration !== undefined && found.valueDeclaration === symbol.valueDeclaration);
}

/** The name a function is called by: its own (a method's too), or that of the `const` it initialises. */
function functionName(fn: ts.SignatureDeclaration): ts.Identifier | undefined {
  if ((typescript.isFunctionDeclaration(fn) || typescript.isFunctionExpression(fn)) && fn.name) return fn.name;
  if (typescript.isMethodDeclaration(fn)) return typescript.isIdentifier(fn.name) ? fn.name : undefined;
  const parent = fn.parent;
  return typescript.isVariableDeclaration(parent) && parent.initializer === fn && typescript.isIdentifier(parent.name) ? parent.name : undefined;
}

/** A parameter of a function or a method (not a constructor's parameter property, which `this.x()` reads). */
export function isPlainParameter(declaration: ts.Declaration): declaration is ts.ParameterDeclaration {
  return (
    typescript.isParameter(declaration) &&
    (typescript.isFunctionDeclaration(declaration.parent) ||
      typescript.isArrowFunction(declaration.parent) ||
      typescript.isFunctionExpression(declaration.parent) ||
      typescript.isMethodDeclaration(declaration.parent))
  );
}

/** `const run = makeRunner(config)` (or `await makeRunner(config)`): `makeRunner`, when it is a function of the project. */
export function factoryOf(checker: ts.TypeChecker, declaration: ts.Declaration): ts.FunctionLikeDeclaration | undefined {
  // `this.pipeline = composePipeline(middlewares, terminal)` in the constructor, for a field `pipeline`.
  if (typescript.isPropertyDeclaration(declaration)) {
    const value = declaration.initializer ?? constructorValue(declaration);
    return value ? factoryCalled(checker, value) : undefined;
  }
  if (!typescript.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  return factoryCalled(checker, declaration.initializer);
}

/** `makeRunner(config)` (or `await makeRunner(config)`): `makeRunner`, when it is a function of the project. */
export function factoryCalled(checker: ts.TypeChecker, expression: ts.Expression): ts.FunctionLikeDeclaration | undefined {
  let call = skipOuter(expression);
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
export function returnedFunctions(checker: ts.TypeChecker, declaration: ts.Declaration | ts.CallExpression): ts.FunctionLikeDeclaration[] {
  const fn = typescript.isCallExpression(declaration) ? factoryCalled(checker, declaration) : factoryOf(checker, declaration);
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

/** How many parameters deep a function handed on as a value is followed. */
const MAX_HANDED = 4;

/**
 * The calls of the parameters the function behind `references` is handed to: `f(x, run)` or
 * `f(x, this.run.bind(this))` with `f` a function of the project, then `run(...)` in `f`'s body,
 * and again where `f` hands its parameter on.
 */
function callsThroughParameters(checker: ts.TypeChecker, references: readonly ts.Expression[], depth: number): ts.CallExpression[] {
  if (depth >= MAX_HANDED) return [];
  const calls: ts.CallExpression[] = [];
  for (const reference of references) {
    const parameter = parameterReceiving(checker, boundOf(reference));
    const body = parameter ? (parameter.parent as ts.FunctionLikeDeclaration).body : undefined;
    const symbol = parameter && typescript.isIdentifier(parameter.name) ? checker.getSymbolAtLocation(parameter.name) : undefined;
    if (!body || !symbol) continue;
    const handed: ts.Expression[] = [];
    const visit = (node: ts.Node): void => {
      if (typescript.isIdentifier(node) && node !== parameter?.name && checker.getSymbolAtLocation(node) === symbol) {
        if (typescript.isCallExpression(node.parent) && skipOuter(node.parent.expression) === node) calls.push(node.parent);
        else handed.push(node);
      }
      typescript.forEachChild(node, visit);
    };
    visit(body);
    calls.push(...callsThroughParameters(checker, handed, depth + 1));
  }
  return calls;
}

/** `this.run.bind(this)` for the reference `this.run` in it; the reference otherwise. */
function boundOf(reference: ts.Expression): ts.Expression {
  const access = reference.parent;
  if (typescript.isPropertyAccessExpression(access) && access.expression === reference && access.name.text === "bind") {
    const call = access.parent;
    if (typescript.isCallExpression(call) && call.expression === access) return call;
  }
  return reference;
}

/** The parameter of a project function that `value`, an argument of a call of it, is passed for. */
function parameterReceiving(checker: ts.TypeChecker, value: ts.Expression): ts.ParameterDeclaration | undefined {
  const call = value.parent;
  if (!typescript.isCallExpression(call)) return undefined;
  const index = call.arguments.indexOf(value);
  const parameter = index < 0 ? undefined : calledFunction(checker, call)?.parameters[index];
  return parameter && !parameter.dotDotDotToken ? parameter : undefined;
}

/**
 * The project function a call runs (`register(...)`, `this.build()`, `catalog.runnerOf(name)`):
 * a function, a method, or a `const` holding a function (not a property holding one), with a body.
 */
export function calledFunction(checker: ts.TypeChecker, call: ts.CallExpression): ts.FunctionLikeDeclaration | undefined {
  const callee = skipOuter(call.expression);
  const name = typescript.isPropertyAccessExpression(callee) ? callee.name : callee;
  const declaration = unaliased(checker, checker.getSymbolAtLocation(name))?.valueDeclaration;
  const declared =
    declaration &&
    (typescript.isFunctionDeclaration(declaration) || typescript.isMethodDeclaration(declaration) || typescript.isVariableDeclaration(declaration));
  const fn = declared ? functionOf(declaration) : undefined;
  return fn && isProjectFile(fn.getSourceFile()) ? fn : undefined;
}

/**
 * `const { handler } = config` with `config` a parameter, or `function createTool({ handler })`:
 * the parameter a binding is destructured from, and the member it names.
 */
export function destructuredMember(checker: ts.TypeChecker, binding: ts.BindingElement): { parameter: ts.ParameterDeclaration; name: string } | undefined {
  const pattern = binding.parent;
  const key = binding.propertyName ?? binding.name;
  if (!typescript.isObjectBindingPattern(pattern) || binding.dotDotDotToken || !typescript.isIdentifier(key)) return undefined;
  const holder = pattern.parent;
  if (isPlainParameter(holder)) return { parameter: holder, name: key.text };
  if (!typescript.isVariableDeclaration(holder) || !holder.initializer || !typescript.isIdentifier(holder.initializer)) return undefined;
  const source = checker.getSymbolAtLocation(holder.initializer)?.valueDeclaration;
  return source && isPlainParameter(source) ? { parameter: source, name: key.text } : undefined;
}
