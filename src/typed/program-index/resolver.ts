/**
 * Which functions of the program a call or an expression of a file runs, answered with the type
 * checker when the file alone cannot tell: imports, registry members typed by an interface,
 * registries a class keeps (registries.ts), methods that subclasses override.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { memberName, unwrap } from "../../util/ast.js";
import { inNonToolCallback } from "../../model/index.js";
import {
  functionOf,
  functionOfNamedValue,
  functionValue,
  inferredFunctions,
  isInstanceMethod,
  queriedFunctions,
  valueSymbol,
  isParameterProperty,
  skipOuter,
  toolNameNear,
  unaliased,
} from "./declarations.js";
import { uncastMember } from "./casts.js";
import { CallsOf, destructuredMember, isPlainParameter, returnedFunctions, returnedMembers } from "./arguments.js";
import { tableTargets } from "./tables.js";
import { mayLeaveFile } from "./callees.js";
import { ClassImplementations, LiteralImplementations } from "./implementations.js";
import { ClassIndex } from "./class-index.js";
import { alternativeMembers, declaredTypeNode, namedTypes } from "./declared-types.js";
import { iteratedMemberDeclarations } from "./iterated.js";
import { loopedMembers, registryValues } from "./registries.js";
import { wrappedTargets } from "./wrapped.js";
import { type ClassFacts, constructedFieldMembers, fieldSlot, passedThrough, slotArguments } from "./fields.js";
import { type FileEntries, type FileEntry, type Target, declaringFunction, isProjectFile } from "./file-entry.js";

export type { Target } from "./file-entry.js";
/** Answers, for one program, which functions (of which files) a call or an expression runs. */
export class Resolver {
  private readonly checker: ts.TypeChecker;
  // The fixed point analyses a file again whenever a new tool reaches it, and factsFor asks about
  // the same callees once more: the checker's answer for a node never changes, so ask it once.
  private readonly resolved = new WeakMap<TSESTree.Node, Target[]>();
  /** Object literals that implement an interface's member (built on first use). */
  private literals: LiteralImplementations | undefined;
  /** Subclasses and constructions of the project's classes (built on first use). */
  private classIndex: ClassIndex | undefined;
  /** The calls of functions whose parameters a tool's path calls (built on first use). */
  private callsOf: CallsOf | undefined;
  /** Classes that fit an interface by their shape (built on first use). */
  private classes: ClassImplementations | undefined;
  /** Parameters being resolved: a function that passes its parameter on to itself stops there. */
  private readonly passing = new Set<ts.ParameterDeclaration>();

  constructor(
    private readonly program: ts.Program,
    private readonly files: FileEntries,
  ) {
    this.checker = program.getTypeChecker();
  }

  /** The functions (declarations) a call runs, wherever they live in the program. */
  resolveCall(entry: FileEntry, call: TSESTree.CallExpression): Target[] {
    if (!mayLeaveFile(entry, call.callee, this)) return [];
    const targets = this.resolveExpression(entry, call.callee);
    // What a function reached through a table or a registry is called with (`handler(api, args)`).
    for (const target of targets)
      this.calls().ranBy(target.entry.services.esTreeNodeToTSNodeMap.get(target.fn), entry.services.esTreeNodeToTSNodeMap.get(call));
    return targets;
  }

  /** Like `resolveCall`, for a question only some functions can answer (`accept`): a file none of whose candidates is accepted is not converted. */
  resolveCallIf(entry: FileEntry, call: TSESTree.CallExpression, accept: (fn: ts.FunctionLikeDeclaration) => boolean): Target[] {
    if (!mayLeaveFile(entry, call.callee, this)) return [];
    return this.resolved.get(call.callee) ?? this.lookUp(entry, call.callee, accept);
  }

  /** The functions an expression (a callee, a handler reference) names, wherever they live. */
  resolveExpression(entry: FileEntry, expression: TSESTree.Node): Target[] {
    let targets = this.resolved.get(expression);
    if (!targets) {
      targets = this.lookUp(entry, expression);
      this.resolved.set(expression, targets);
    }
    return targets;
  }

  /** The project file a module specifier (`"./x.js"`, a mapped package name) resolves to. */
  moduleFile(specifier: ts.Expression): ts.SourceFile | undefined {
    const declaration = this.checker.getSymbolAtLocation(specifier)?.valueDeclaration;
    return declaration && typescript.isSourceFile(declaration) && isProjectFile(declaration) ? declaration : undefined;
  }

  /** The local names a file imports from project files (relative, or workspace packages resolved to sources), with their declarations. */
  *importedDeclarations(entry: FileEntry): Generator<[string, ts.Declaration]> {
    for (const statement of entry.sourceCode.ast.body) {
      if (statement.type !== AST_NODE_TYPES.ImportDeclaration || statement.importKind === "type") continue;
      for (const specifier of statement.specifiers) {
        if (specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier) continue;
        const symbol = unaliased(this.checker, this.checker.getSymbolAtLocation(entry.services.esTreeNodeToTSNodeMap.get(specifier.local)));
        const declaration = symbol?.valueDeclaration;
        if (declaration && isProjectFile(declaration.getSourceFile())) yield [specifier.local.name, declaration];
      }
    }
  }

  private lookUp(entry: FileEntry, expression: TSESTree.Node, accept?: (fn: ts.FunctionLikeDeclaration) => boolean): Target[] {
    const { checker } = this;
    const callee = unwrap(expression);
    // `this.run.bind(this)`, handed on as a value: the function bound.
    if (callee.type === AST_NODE_TYPES.CallExpression && callee.callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee.callee) === "bind") {
      return this.lookUp(entry, callee.callee.object, accept);
    }
    // `HANDLERS[name](args)` on a table of another file: every function of the table, each its key's tool.
    if (callee.type === AST_NODE_TYPES.MemberExpression && callee.computed) return tableTargets(this.checker, this.files, entry, callee.object);
    const name = callee.type === AST_NODE_TYPES.Identifier ? callee : callee.type === AST_NODE_TYPES.MemberExpression ? callee.property : undefined;
    if (!name) return [];
    const tsName = entry.services.esTreeNodeToTSNodeMap.get(name);
    const written = unaliased(checker, valueSymbol(checker, tsName));
    const symbol = (callee.type === AST_NODE_TYPES.MemberExpression && uncastMember(checker, entry, callee, written)) || written;
    const declarations: ts.Declaration[] = [...(symbol?.declarations ?? [])];
    const implementing = new Set<ts.Declaration>();
    const targets: Target[] = [];
    // `const run = await Provider.from(tool.callback)`: a call that hands back what it was given.
    const through = declarations.length === 1 && declarations[0] ? passedThrough(checker, declarations[0]) : undefined;
    if (through) return this.argumentTargets([through], accept);
    // `const handler = HANDLERS[name]; handler(args)`: every value of the table (before the type, which may name only one).
    const initializer =
      declarations.length === 1 && declarations[0] && typescript.isVariableDeclaration(declarations[0]) ? declarations[0].initializer : undefined;
    if (initializer && typescript.isElementAccessExpression(skipOuter(initializer))) {
      return tableTargets(
        this.checker,
        this.files,
        entry,
        entry.services.tsNodeToESTreeNodeMap.get((skipOuter(initializer) as ts.ElementAccessExpression).expression),
      );
    }
    // `const { downloadFile } = await import("./download.js")`, `const run = pick()`: a binding
    // that no function declares; the function its type was declared as (`typeof downloadFile`).
    // `for (const { handler } of registrations)`: the function expressions whose inferred type the
    // binding has (`registrations.push({ handler: run })`, or one per module of `[require("./a"), ...]`).
    if (symbol && declarations.every((d) => typescript.isBindingElement(d) || (typescript.isVariableDeclaration(d) && !functionOf(d))))
      declarations.push(...inferredFunctions(checker, tsName));
    // `callTool: typeof handleCallTool` in an interface of handlers: the function the member is declared as.
    for (const declaration of [...declarations]) declarations.push(...queriedFunctions(checker, declaration));
    const receiver = callee.type === AST_NODE_TYPES.MemberExpression ? unwrap(callee.object) : undefined;
    // `tool.call(args)` where the checker knows no type (built from a dependency that is not
    // installed): the members of the literals declared with the receiver's named types.
    // `Object.values(collection).forEach((tool) => ... tool.handler)` over a union of registries:
    // TypeScript infers the values from one registry of the union, or gives up (`any`).
    // A member of an interface: what implements it (below), and what a looped list's values write (`for (const tool of listTools())`).
    const declaredInType = declarations.some((d) => typescript.isPropertySignature(d) || typescript.isMethodSignature(d));
    const iterated =
      receiver?.type === AST_NODE_TYPES.Identifier && name.type === AST_NODE_TYPES.Identifier
        ? iteratedMemberDeclarations(checker, entry.services.esTreeNodeToTSNodeMap.get(receiver), name.name, declaredInType)
        : [];
    for (const declaration of iterated) if (!declarations.includes(declaration)) declarations.push(declaration);
    if (!symbol && iterated.length === 0 && receiver?.type === AST_NODE_TYPES.Identifier && name.type === AST_NODE_TYPES.Identifier) {
      const declaration = checker.getSymbolAtLocation(entry.services.esTreeNodeToTSNodeMap.get(receiver))?.declarations?.[0];
      const typeNode = declaredTypeNode(checker, declaration);
      if (typeNode) declarations.push(...this.literalImplementations().declaredAs(name.name, namedTypes(checker, typeNode, name.name)));
      else declarations.push(...alternativeMembers(checker, declaration, name.name));
    }
    // What a subclass implements (`this.execute()` in a base class, an abstract method).
    declarations.push(...this.subclassMembers(entry, receiver, symbol, name.name, declarations));
    // `tool.callback(args)` on a field its constructor sets from an argument: what each construction passes.
    const slots = declarations.map(fieldSlot);
    if (slots.length > 0 && slots.every((slot) => slot !== undefined))
      return this.argumentTargets(
        slots.flatMap((slot) => slotArguments(slot, this.classFacts())),
        accept,
      );
    // `this.getContext()` on a constructor's parameter property: the functions passed for it.
    if (receiver?.type === AST_NODE_TYPES.ThisExpression && symbol && declarations.length > 0 && declarations.every(isParameterProperty)) {
      return declarations.flatMap((d) => this.constructorArguments(d as ts.ParameterDeclaration, accept));
    }
    // `const { handler } = config; await handler(input)`: the member each caller passes (`createTool({ handler: async (input) => ... })`).
    const [only] = declarations;
    // `list.forEach(({ spec, run }) => this.add(spec, run))`: the members of the literals the list holds.
    const looped =
      callee.type === AST_NODE_TYPES.Identifier && only && typescript.isBindingElement(only) ? loopedMembers(checker, this.calls(), only) : undefined;
    if (looped && looped.length > 0) return this.argumentTargets(looped, accept);
    const destructured =
      callee.type === AST_NODE_TYPES.Identifier && declarations.length === 1 && only && typescript.isBindingElement(only)
        ? destructuredMember(checker, only)
        : undefined;
    if (destructured) declarations.splice(0, 1, ...this.calls().membersPassed(destructured.parameter, destructured.name));
    // `tokenProvider()` on a function's parameter: the functions its callers pass for it.
    if (callee.type === AST_NODE_TYPES.Identifier && declarations.length === 1 && only && isPlainParameter(only)) return this.passedFor(only, accept);
    // `tool.handler(...)` on a registry entry typed by an interface: the object literals that implement it, or
    // what the project factory that made it returns (`const tool = createTool(deps)`), or the one constructed class that fits.
    if (symbol && declarations.every((d) => !functionOf(d))) {
      const made =
        receiver?.type === AST_NODE_TYPES.Identifier ? returnedMembers(checker, entry.services.esTreeNodeToTSNodeMap.get(receiver), symbol.name) : [];
      const literals = made.length > 0 ? made : this.literalImplementations().of(symbol);
      // `spec.run = run` in a registry's `add(spec, run)`, when no literal gives the member.
      if (literals.length === 0) targets.push(...this.argumentTargets(this.literalImplementations().writtenTo(symbol), accept));
      this.classes ??= new ClassImplementations(
        checker,
        () => this.classList().constructions(),
        () => this.classList().declarations(),
      );
      const classes = literals.length > 0 ? [] : this.classes.of(symbol);
      for (const declaration of classes) implementing.add(declaration);
      declarations.push(...literals, ...classes);
    }
    targets.push(...this.declarationTargets(declarations, implementing, accept));
    return targets;
  }

  /** The functions declarations stand for: a function, what a factory or an accessor returns, what a wrapper was handed. */
  private declarationTargets(
    declarations: readonly ts.Declaration[],
    implementing: ReadonlySet<ts.Declaration>,
    accept: ((fn: ts.FunctionLikeDeclaration) => boolean) | undefined,
  ): Target[] {
    const { checker } = this;
    const targets: Target[] = [];
    for (const declaration of declarations) {
      // `{ name, execute }` or `{ execute: run }`: the member names a function declared elsewhere;
      // the member's object still names the tool.
      const fn = functionOf(declaration) ?? functionOfNamedValue(checker, declaration);
      const named = (key: string): string | undefined => toolNameNear(checker, declaration, key);
      // `const run = makeRunner(config)`: what the factory returns.
      const functions = fn ? [fn] : returnedFunctions(checker, declaration);
      // `const run = catalog.runnerFor(name)`, which returns `this.specs.get(name)?.run`, or `const handler =
      // toolHandlers.get(name)` on a map a loop over tool definitions fills: what the registry holds.
      if (functions.length === 0)
        targets.push(...this.argumentTargets(registryValues(checker, this.calls(), this.literalImplementations(), declaration), accept));
      for (const each of functions) {
        if (accept && !accept(each)) continue;
        const sourceFile = each.getSourceFile();
        if (!isProjectFile(sourceFile)) continue;
        const target = this.files.entryOf(sourceFile);
        const node = target?.services.tsNodeToESTreeNodeMap.get(each);
        const estree = node ? functionValue(node) : undefined;
        if (target && estree)
          targets.push({
            entry: target,
            fn: estree,
            toolName: toolNameNear(checker, declaration),
            named,
            ...(implementing.has(declaration) ? { dispatcherName: true } : {}),
          });
      }
      // `tool: withErrorHandling(listNotes, "...")`: the function the wrapper was handed, behind its catches.
      if (functions.length === 0 && !accept) {
        for (const wrapped of wrappedTargets(checker, this.files, declaration, (at, expression) => this.resolveExpression(at, expression))) {
          targets.push({ ...wrapped, toolName: toolNameNear(checker, declaration), named });
        }
      }
    }
    return targets;
  }

  /** The functions each `new C(...)` passes for a parameter property of C (`constructor(private readonly getContext: () => Context)`). */
  private constructorArguments(parameter: ts.ParameterDeclaration, accept?: (fn: ts.FunctionLikeDeclaration) => boolean): Target[] {
    const constructor = parameter.parent as ts.ConstructorDeclaration;
    const index = constructor.parameters.indexOf(parameter);
    if (index < 0) return [];
    const passed = this.constructionsOf(constructor.parent).flatMap((construction) => construction.arguments?.[index] ?? []);
    return this.argumentTargets(passed, accept);
  }

  /** Every `new C(...)` of the project's files for the class `cls` declares. */
  constructionsOf(cls: ts.ClassLikeDeclaration): readonly ts.NewExpression[] {
    const symbol = cls.name ? this.classList().classSymbol(cls.name) : undefined;
    return symbol ? (this.classList().constructions().get(symbol) ?? []) : [];
  }

  /**
   * The functions arguments name: an inline function, a member of a literal (`{ callback: run }`,
   * whose literal may name the tool), or an expression resolved as a callee is.
   */
  private argumentTargets(values: readonly ts.Node[], accept?: (fn: ts.FunctionLikeDeclaration) => boolean): Target[] {
    const targets: Target[] = [];
    for (const value of values) {
      const expression = typescript.isPropertyAssignment(value) ? value.initializer : typescript.isShorthandPropertyAssignment(value) ? value.name : value;
      const toolName = typescript.isObjectLiteralElement(value) ? toolNameNear(this.checker, value) : undefined;
      const entry = isProjectFile(expression.getSourceFile()) ? this.files.entryOf(expression.getSourceFile()) : undefined;
      const node = entry?.services.tsNodeToESTreeNodeMap.get(expression);
      if (!entry || !node) continue;
      const inline = functionValue(node);
      if (inline) {
        const fn = entry.services.esTreeNodeToTSNodeMap.get(inline) as ts.FunctionLikeDeclaration;
        if (!accept || accept(fn)) targets.push({ entry, fn: inline, toolName });
      } else {
        // `{ entry: { name: "get_forecast" }, handle: forecast }`: the literal names the function it points to.
        const found = accept ? this.lookUp(entry, node, accept) : this.resolveExpression(entry, node);
        targets.push(...found.map((target) => (target.toolName === undefined && toolName !== undefined ? { ...target, toolName } : target)));
      }
    }
    return targets;
  }

  /** The program's classes, for fields set from constructor arguments. */
  private classFacts(): ClassFacts {
    const of =
      <T>(map: () => Map<ts.Symbol, T[]>) =>
      (cls: ts.ClassLikeDeclaration): T[] =>
        (cls.name && map().get(this.classList().classSymbol(cls.name) as ts.Symbol)) || [];
    return {
      constructionsOf: of(() => this.classList().constructions()),
      subclassesOf: of(() => this.classList().subclasses()),
    };
  }

  /** The functions a call of a project factory returns (`createSearchHandler(sourceId)`), as handlers of the registration that hands it over. */
  returnedBy(entry: FileEntry, call: TSESTree.CallExpression, accept?: (fn: ts.FunctionLikeDeclaration) => boolean): Target[] {
    const targets: Target[] = [];
    for (const fn of returnedFunctions(this.checker, entry.services.esTreeNodeToTSNodeMap.get(call))) {
      if (accept && !accept(fn)) continue;
      const target = this.files.entryOf(fn.getSourceFile());
      const estree = target?.services.tsNodeToESTreeNodeMap.get(fn);
      const value = estree ? functionValue(estree) : undefined;
      if (target && value) targets.push({ entry: target, fn: value, toolName: undefined });
    }
    return targets;
  }

  /**
   * The members of subclasses that may run instead: `this.execute()` in a base class runs the
   * subclasses' implementations too; `handler.runTool(args)` on `handler: any` is the member of
   * what the callers pass, `this.manager.start()` on an `any` field that of the classes it is
   * constructed as, and on a method of a base class each subclass's override.
   */
  private subclassMembers(
    entry: FileEntry,
    receiver: TSESTree.Node | undefined,
    symbol: ts.Symbol | undefined,
    member: string,
    declarations: readonly ts.Declaration[],
  ): ts.Declaration[] {
    const found: ts.Declaration[] = [];
    if (receiver?.type === AST_NODE_TYPES.ThisExpression) {
      for (const declaration of symbol?.declarations ?? []) {
        if (typescript.isClassElement(declaration) && typescript.isClassLike(declaration.parent))
          found.push(...this.classList().overridesOf(declaration.parent, member));
      }
      return found;
    }
    const receiverDeclaration = receiver?.type === AST_NODE_TYPES.Identifier && !symbol ? this.symbolOf(entry, receiver)?.valueDeclaration : undefined;
    if (receiverDeclaration && isPlainParameter(receiverDeclaration)) found.push(...this.calls().memberOfPassed(receiverDeclaration, member));
    if (receiver?.type === AST_NODE_TYPES.MemberExpression && !symbol)
      found.push(...constructedFieldMembers(this.checker, entry.services.esTreeNodeToTSNodeMap.get(receiver), member));
    // `(searcher as PaperSource).getPaperByDoi(doi)`: a method called on a value of the base class runs the subclasses' too.
    for (const declaration of receiver?.type === AST_NODE_TYPES.Super ? [] : [...declarations, ...found]) {
      if (isInstanceMethod(declaration) && typescript.isClassLike(declaration.parent)) {
        found.push(...this.classList().overridesOf(declaration.parent, member));
      }
    }
    return found;
  }

  private classList(): ClassIndex {
    return (this.classIndex ??= new ClassIndex(this.program, this.checker));
  }

  private calls(): CallsOf {
    return (this.callsOf ??= new CallsOf(this.program, this.checker));
  }

  private symbolOf(entry: FileEntry, node: TSESTree.Node): ts.Symbol | undefined {
    return this.checker.getSymbolAtLocation(entry.services.esTreeNodeToTSNodeMap.get(node));
  }

  /** The functions the callers of a parameter's function pass for it, in its file and the files importing it. */
  private passedFor(parameter: ts.ParameterDeclaration, accept?: (fn: ts.FunctionLikeDeclaration) => boolean): Target[] {
    if (this.passing.has(parameter)) return [];
    this.passing.add(parameter);
    try {
      const targets: Target[] = [];
      for (const argument of this.calls().argumentsFor(parameter)) {
        const entry = isProjectFile(argument.getSourceFile()) ? this.files.entryOf(argument.getSourceFile()) : undefined;
        const node = entry?.services.tsNodeToESTreeNodeMap.get(argument);
        // A call made for a resource or a prompt (`handleRequest("get_prompt", params, ...)`) hands
        // its callback to the function, but no tool runs that callback.
        if (!entry || !node || inNonToolCallback(node)) continue;
        const inline = functionValue(node);
        // A method's calls hand it callbacks from every method of its class (`this.handleRequest(async () => ...)`):
        // those written in place run when their caller does, which its own path says; only values handed on are followed.
        if (inline && typescript.isMethodDeclaration(parameter.parent)) continue;
        if (!inline) {
          const found = this.lookUp(entry, node, accept);
          // `register(tool, makeExecutor(config))`: what the factory returns.
          targets.push(...(found.length === 0 && node.type === AST_NODE_TYPES.CallExpression ? this.returnedBy(entry, node, accept) : found));
        } else if (!accept || accept(entry.services.esTreeNodeToTSNodeMap.get(inline) as ts.FunctionLikeDeclaration)) {
          targets.push({ entry, fn: inline, toolName: undefined, writtenFor: declaringFunction(this.files, parameter) });
        }
      }
      return targets;
    } finally {
      this.passing.delete(parameter);
    }
  }

  private literalImplementations(): LiteralImplementations {
    return (this.literals ??= new LiteralImplementations(this.program));
  }
}
