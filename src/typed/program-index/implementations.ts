/**
 * What implements a member of an interface or a type, when the code calls it through that type
 * (`tool.handler(args)` on a registry entry). Object literals: the members whose literal is
 * typed as the interface, by context. Classes that implement an interface by their shape: `deps.store.search(query)`, where `store`
 * is typed by an interface and the server passes `new VectorStore(...)`. TypeScript does not ask
 * a class to say `implements`, so the class is found by its type: among the classes the project
 * constructs, the one whose instances fit the interface. With two or more, the call is left
 * unresolved (unknown means silent).
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { hasRequiredMembers, skipOuter, unaliased } from "./declarations.js";
import { literalTypeNodes, namedTypes } from "./declared-types.js";
import { isProjectFile } from "./file-entry.js";
import { mayBeLinted, programBase } from "../conversions.js";

/** The object-literal members that implement a member of an interface or a type, over the project's files. */
export class LiteralImplementations {
  private readonly checker: ts.TypeChecker;
  /** Object-literal members by name, over the project's files (built on first use). */
  private members: Map<string, ts.ObjectLiteralElementLike[]> | undefined;
  /** Assignments to a member (`spec.run = run`) by the member's name, over the same files (built with `members`). */
  private readonly writes = new Map<string, ts.BinaryExpression[]>();
  /** What `of` found for each member symbol: the fixed point asks about the same members again. */
  private readonly found = new Map<ts.Symbol, ts.Declaration[]>();
  /** The contextual types of each literal asked about (`getContextualType` is not cached by the checker). */
  private readonly literalTypes = new Map<ts.ObjectLiteralExpression, ts.Type[]>();

  constructor(private readonly program: ts.Program) {
    this.checker = program.getTypeChecker();
  }

  /** The object-literal members whose type, by context, declares `symbol`. */
  of(symbol: ts.Symbol): ts.Declaration[] {
    let found = this.found.get(symbol);
    if (!found) {
      found = this.implementationsOf(symbol);
      this.found.set(symbol, found);
    }
    return found;
  }

  private implementationsOf(symbol: ts.Symbol): ts.Declaration[] {
    const wanted = new Set(symbol.declarations ?? []);
    if (wanted.size === 0) return [];
    this.members ??= this.membersByName();
    const found: ts.Declaration[] = [];
    for (const member of this.members.get(symbol.name) ?? []) {
      const literal = member.parent as ts.ObjectLiteralExpression;
      const fits = (t: ts.Type): boolean => {
        // A type parameter (`makeTool<T extends ToolSpec>(config: T)`) stands for its constraint.
        const property = this.checker.getPropertyOfType(this.checker.getApparentType(t), symbol.name);
        if (!property) return false;
        if (property.declarations?.some((d) => wanted.has(d))) return true;
        // A helper that retypes the member (`Omit<ToolSpec, "handler"> & { handler: RunFn }`):
        // the same declared type, in an object that has every member the interface requires.
        return this.sameDeclaredType(property, symbol) && hasRequiredMembers(literal, symbol);
      };
      const declared = this.declaredParameterType(literal);
      if ((declared !== undefined && fits(declared)) || this.typesOf(literal).some(fits)) found.push(member);
    }
    return found;
  }

  /**
   * The values the project assigns to the member `symbol` declares (`spec.run = run` in a
   * registry's `add(spec, run)`), for an entry whose literals leave the member out.
   */
  writtenTo(symbol: ts.Symbol): ts.Expression[] {
    this.members ??= this.membersByName();
    return (this.writes.get(symbol.name) ?? []).flatMap((write) =>
      this.checker.getSymbolAtLocation((write.left as ts.PropertyAccessExpression).name) === symbol ? [write.right] : [],
    );
  }

  /**
   * Where the checker knows no type (`any`): the `member` members of the literals declared with
   * one of the receiver's named types (`names`, from `namedTypes`) that declares `member`.
   */
  declaredAs(member: string, names: ReadonlyMap<ts.Symbol, boolean>): ts.Declaration[] {
    if (![...names.values()].some(Boolean)) return [];
    this.members ??= this.membersByName();
    const handsBack = (call: ts.CallExpression, index: number): boolean => this.handsBack(call, index);
    return (this.members.get(member) ?? []).filter((declaration) =>
      literalTypeNodes(declaration.parent as ts.ObjectLiteralExpression, handsBack).some((node) => {
        for (const [symbol, declares] of namedTypes(this.checker, node, member)) if (names.has(symbol) && (declares || names.get(symbol))) return true;
        return false;
      }),
    );
  }

  /**
   * The types the literal is given by its context: where it is written, the constraint of the
   * generic helper it is passed to, and where the value of an identity helper that hands it back
   * goes (`const tool: ToolEntry = Object.freeze({ ... })`: inference types the literal as itself).
   */
  private typesOf(literal: ts.ObjectLiteralExpression): ts.Type[] {
    const known = this.literalTypes.get(literal);
    if (known) return known;
    const types: ts.Type[] = [];
    this.literalTypes.set(literal, types);
    const add = (type: ts.Type | undefined): void => {
      if (type) types.push(...(type.isUnion() ? type.types : [type]));
    };
    add(this.checker.getContextualType(literal));
    const passed = passedTo(literal);
    if (passed) {
      add(this.argumentConstraint(passed.call, passed.index));
      if (this.handsBack(passed.call, passed.index)) add(this.checker.getContextualType(passed.call));
    }
    return types;
  }

  /**
   * The declared type of the parameter a literal is passed to, when the callee has one
   * declaration (`defineTool(config: DefinedToolConfig<TSchema, TOutput>)`): its members are
   * declared where the contextual type's are, and reading them infers no type arguments. The
   * contextual type (`typesOf`) costs the checker an inference of the whole call, tens of
   * milliseconds for a tool whose schema is typed by zod. None for a rest parameter or an
   * overloaded callee; where this type does not fit, `typesOf` still decides.
   */
  private declaredParameterType(literal: ts.ObjectLiteralExpression): ts.Type | undefined {
    const call = literal.parent;
    if (!typescript.isCallExpression(call)) return undefined;
    const callee = unaliased(this.checker, this.checker.getSymbolAtLocation(call.expression));
    const declaration = callee?.declarations?.length === 1 ? callee.declarations[0] : undefined;
    const declared =
      declaration &&
      (typescript.isFunctionDeclaration(declaration) || typescript.isMethodDeclaration(declaration) || typescript.isMethodSignature(declaration));
    const parameter = declared ? declaration.parameters[call.arguments.indexOf(literal)] : undefined;
    return parameter?.type && !parameter.dotDotDotToken ? this.checker.getTypeFromTypeNode(parameter.type) : undefined;
  }

  /** The generic parameter the argument at `index` of the call binds, in the called signature's declaration. */
  private typeParameterAt(call: ts.CallExpression, index: number): ts.TypeParameterDeclaration | undefined {
    const declaration = this.checker.getResolvedSignature(call)?.getDeclaration();
    const typeNode = declaration?.parameters[index]?.type;
    if (!typeNode || !typescript.isTypeReferenceNode(typeNode)) return undefined;
    const parameter = this.checker.getSymbolAtLocation(typeNode.typeName)?.declarations?.[0];
    return parameter && typescript.isTypeParameterDeclaration(parameter) ? parameter : undefined;
  }

  /** For a literal passed to a generic helper (`makeTool<T extends ToolSpec>(config: T)`), the constraint of its parameter. */
  private argumentConstraint(call: ts.CallExpression, index: number): ts.Type | undefined {
    const constraint = this.typeParameterAt(call, index)?.constraint;
    return constraint ? this.checker.getTypeFromTypeNode(constraint) : undefined;
  }

  /**
   * Whether the helper returns what it is given (`freeze<T>(o: T): Readonly<T>`, `define<T>(t: T): T`):
   * its return type is the argument's type parameter, bare or as the one argument of a type.
   */
  private handsBack(call: ts.CallExpression, index: number): boolean {
    const parameter = this.typeParameterAt(call, index);
    const returned = parameter && (parameter.parent as ts.SignatureDeclaration).type;
    if (!parameter || !returned || !typescript.isTypeReferenceNode(returned)) return false;
    const isParameter = (node: ts.TypeNode | undefined): boolean =>
      node !== undefined && typescript.isTypeReferenceNode(node) && this.checker.getSymbolAtLocation(node.typeName)?.declarations?.[0] === parameter;
    return isParameter(returned) || (returned.typeArguments?.length === 1 && isParameter(returned.typeArguments[0]));
  }

  /** Both properties are declared with a reference to the same named type (`handler: RunFn<T>`). */
  private sameDeclaredType(a: ts.Symbol, b: ts.Symbol): boolean {
    const named = (symbol: ts.Symbol): ts.Symbol | undefined => {
      const declaration = symbol.declarations?.length === 1 ? symbol.declarations[0] : undefined;
      const type = declaration && typescript.isPropertySignature(declaration) ? declaration.type : undefined;
      return type && typescript.isTypeReferenceNode(type) ? unaliased(this.checker, this.checker.getSymbolAtLocation(type.typeName)) : undefined;
    };
    const first = named(a);
    return first !== undefined && first === named(b);
  }

  private membersByName(): Map<string, ts.ObjectLiteralElementLike[]> {
    const map = new Map<string, ts.ObjectLiteralElementLike[]>();
    const visit = (node: ts.Node): void => {
      if (
        typescript.isBinaryExpression(node) &&
        node.operatorToken.kind === typescript.SyntaxKind.EqualsToken &&
        typescript.isPropertyAccessExpression(node.left) &&
        mayHoldFunction(node.right)
      ) {
        const list = this.writes.get(node.left.name.text) ?? [];
        this.writes.set(node.left.name.text, list);
        list.push(node);
      }
      if (typescript.isObjectLiteralExpression(node)) {
        for (const property of node.properties) {
          // `{ name, handler }` too: the shorthand names a function declared beside the object.
          const named =
            (typescript.isPropertyAssignment(property) && mayHoldFunction(property.initializer)) ||
            typescript.isMethodDeclaration(property) ||
            typescript.isShorthandPropertyAssignment(property);
          if (named && typescript.isIdentifier(property.name)) {
            const list = map.get(property.name.text) ?? [];
            map.set(property.name.text, list);
            list.push(property);
          }
        }
      }
      typescript.forEachChild(node, visit);
    };
    // Test code the run does not lint implements the interface with mocks (`{ listBases: vi.fn() }`): no tool runs them.
    const base = programBase(this.program);
    for (const sourceFile of this.program.getSourceFiles()) if (isProjectFile(sourceFile) && mayBeLinted(sourceFile.fileName, base)) visit(sourceFile);
    return map;
  }
}

/**
 * Whether a member's value may be a function: not a literal of another kind (`name: "search"`,
 * `schema: { ... }`, `tags: []`), which implements no callable member. Most members of a
 * project's literals are such values, and each one kept costs a contextual type.
 */
function mayHoldFunction(value: ts.Expression): boolean {
  const node = skipOuter(value);
  return !(
    typescript.isStringLiteralLike(node) ||
    typescript.isTemplateExpression(node) ||
    typescript.isNumericLiteral(node) ||
    typescript.isBigIntLiteral(node) ||
    typescript.isObjectLiteralExpression(node) ||
    typescript.isArrayLiteralExpression(node) ||
    typescript.isRegularExpressionLiteral(node) ||
    typescript.isNewExpression(node) ||
    node.kind === typescript.SyntaxKind.TrueKeyword ||
    node.kind === typescript.SyntaxKind.FalseKeyword ||
    node.kind === typescript.SyntaxKind.NullKeyword
  );
}

/** The call a literal is an argument of (through parentheses, `as const` and `satisfies`), and its place there. */
function passedTo(literal: ts.ObjectLiteralExpression): { call: ts.CallExpression; index: number } | undefined {
  let node: ts.Node = literal;
  while (typescript.isParenthesizedExpression(node.parent) || typescript.isAsExpression(node.parent) || typescript.isSatisfiesExpression(node.parent)) {
    node = node.parent;
  }
  const call = node.parent;
  if (!typescript.isCallExpression(call)) return undefined;
  const index = call.arguments.indexOf(node as ts.Expression);
  return index >= 0 ? { call, index } : undefined;
}

/** Base classes and extended interfaces followed, at most. */
const MAX_BASES = 8;

export class ClassImplementations {
  private readonly byMember = new Map<ts.Symbol, ts.Declaration[]>();
  /** Whether some `new` constructs each interface through a constructor type, by interface. */
  private readonly through = new Map<ts.Symbol, boolean>();

  constructor(
    private readonly checker: ts.TypeChecker,
    /** The `new C(...)` of the project, by class symbol (the resolver's walk). */
    private readonly constructed: () => ReadonlyMap<ts.Symbol, readonly ts.NewExpression[]>,
    /** Every class declaration of the project. */
    private readonly declarations: () => readonly ts.ClassDeclaration[] = () => [],
  ) {}

  /**
   * The methods of the constructed classes that say they implement the interface declaring
   * `member`; else the method of the one constructed class that fits it; else, of several that
   * fit, those of the classes the project constructs where the interface is expected (`const
   * tools: Tool[] = [new ReadTool(cache), new WriteTool(cache)]`); empty otherwise.
   */
  of(member: ts.Symbol): ts.Declaration[] {
    let found = this.byMember.get(member);
    if (!found) {
      found = this.lookUp(member);
      this.byMember.set(member, found);
    }
    return found;
  }

  private lookUp(member: ts.Symbol): ts.Declaration[] {
    const checker = this.checker;
    const owner = member.declarations?.[0]?.parent;
    // `isTypeAssignableTo` is not public in every TypeScript we support; without it, nothing is guessed.
    const assignable = (checker as { isTypeAssignableTo?: ts.TypeChecker["isTypeAssignableTo"] }).isTypeAssignableTo?.bind(checker);
    // The interface, or a type alias of an object type (`type IService = { list(): ... }`), which a class implements alike.
    const named = owner && (typescript.isInterfaceDeclaration(owner) ? owner : typescript.isTypeLiteralNode(owner) ? owner.parent : undefined);
    if (!named || !(typescript.isInterfaceDeclaration(named) || typescript.isTypeAliasDeclaration(named)) || !assignable) return [];
    const interfaceSymbol = checker.getSymbolAtLocation(named.name);
    if (!interfaceSymbol) return [];
    const wanted = checker.getDeclaredTypeOfSymbol(interfaceSymbol);
    const fits: { symbol: ts.Symbol; methods: ts.Declaration[] }[] = [];
    const declared: ts.Declaration[] = [];
    for (const [symbol, cls] of this.constructedClasses()) {
      // The class's own method, else the one it inherits (`class CreateApp extends BaseTool`, `execute` in `BaseTool`).
      const methods = this.methodsOf(cls, member.name);
      if (methods.length === 0) continue;
      // `class IosRobot implements Robot`: the class says it is one, so each such class may run.
      if (this.implementsInterface(cls, interfaceSymbol)) {
        for (const method of methods) if (!declared.includes(method)) declared.push(method);
      } else if (assignable(checker.getDeclaredTypeOfSymbol(symbol), wanted)) fits.push({ symbol, methods });
    }
    // `new Ctor(client)` with `Ctor` of a constructor type that makes the interface (classes loaded
    // from a folder by path): every class that says it implements the interface may run.
    if (declared.length === 0 && fits.length === 0 && this.constructedThrough(interfaceSymbol)) {
      for (const cls of this.declarations()) {
        if (cls.modifiers?.some((m) => m.kind === typescript.SyntaxKind.AbstractKeyword) || !this.implementsInterface(cls, interfaceSymbol)) continue;
        for (const method of this.methodsOf(cls, member.name)) if (!declared.includes(method)) declared.push(method);
      }
    }
    if (declared.length > 0) return declared;
    if (fits.length === 1) return fits[0]?.methods ?? [];
    // Several fit by their shape: those whose instances the code puts where the interface goes.
    return fits.filter((fit) => this.placedAs(fit.symbol, interfaceSymbol)).flatMap((fit) => fit.methods);
  }

  /** Some construction of the class stands where the interface is expected (its contextual type). */
  private placedAs(cls: ts.Symbol, interfaceSymbol: ts.Symbol): boolean {
    return (this.constructed().get(cls) ?? []).some((construction) => {
      const type = this.checker.getContextualType(construction);
      return type !== undefined && (type.symbol === interfaceSymbol || type.aliasSymbol === interfaceSymbol);
    });
  }

  /** The methods named `name` with a body that instances of `cls` run: its own, else the nearest base class's. */
  private methodsOf(cls: ts.ClassDeclaration, name: string): ts.Declaration[] {
    for (let current: ts.ClassDeclaration | undefined = cls, depth = 0; current && depth < MAX_BASES; current = this.baseOf(current), depth++) {
      const methods = current.members.filter(
        (m) => typescript.isMethodDeclaration(m) && m.body !== undefined && typescript.isIdentifier(m.name) && m.name.text === name,
      );
      if (methods.length > 0) return methods;
    }
    return [];
  }

  /** The class `cls` extends, when the project declares it. */
  private baseOf(cls: ts.ClassDeclaration): ts.ClassDeclaration | undefined {
    const clause = cls.heritageClauses?.find((c) => c.token === typescript.SyntaxKind.ExtendsKeyword);
    const expression = clause?.types[0]?.expression;
    const declaration = expression ? unaliased(this.checker, this.checker.getSymbolAtLocation(expression))?.valueDeclaration : undefined;
    return declaration && typescript.isClassDeclaration(declaration) && isProjectFile(declaration.getSourceFile()) ? declaration : undefined;
  }

  /**
   * The class, or a base class of it, names the interface in its `implements` clause, or an
   * interface that extends it (`implements Tool`, with `interface Tool extends Executable`).
   */
  private implementsInterface(cls: ts.ClassDeclaration, interfaceSymbol: ts.Symbol): boolean {
    for (let current: ts.ClassDeclaration | undefined = cls, depth = 0; current && depth < MAX_BASES; current = this.baseOf(current), depth++) {
      for (const clause of current.heritageClauses ?? []) {
        if (clause.token !== typescript.SyntaxKind.ImplementsKeyword) continue;
        if (
          clause.types.some((type) =>
            this.extendsInterface(unaliased(this.checker, this.checker.getSymbolAtLocation(type.expression)), interfaceSymbol, 0),
          )
        )
          return true;
      }
    }
    return false;
  }

  /** `symbol` is the interface `wanted`, or an interface that extends it. */
  private extendsInterface(symbol: ts.Symbol | undefined, wanted: ts.Symbol, depth: number): boolean {
    if (!symbol || depth > MAX_BASES) return false;
    if (symbol === wanted) return true;
    for (const declaration of symbol.declarations ?? []) {
      if (!typescript.isInterfaceDeclaration(declaration)) continue;
      for (const clause of declaration.heritageClauses ?? []) {
        for (const type of clause.types) {
          if (this.extendsInterface(unaliased(this.checker, this.checker.getSymbolAtLocation(type.expression)), wanted, depth + 1)) return true;
        }
      }
    }
    return false;
  }

  /** Some `new` of the project constructs through a value, not a class, whose construct signatures make the interface. */
  private constructedThrough(interfaceSymbol: ts.Symbol): boolean {
    let known = this.through.get(interfaceSymbol);
    if (known === undefined) this.through.set(interfaceSymbol, (known = this.findConstructionThrough(interfaceSymbol)));
    return known;
  }

  private findConstructionThrough(interfaceSymbol: ts.Symbol): boolean {
    for (const symbol of this.constructed().keys()) {
      const declaration = symbol.valueDeclaration;
      if (!declaration || typescript.isClassLike(declaration)) continue;
      const type = this.checker.getTypeOfSymbolAtLocation(symbol, declaration);
      if (type.getConstructSignatures().some((signature) => this.extendsInterface(signature.getReturnType().getSymbol(), interfaceSymbol, 0))) return true;
    }
    return false;
  }

  /** The classes of the project among the constructed ones, with their symbols. */
  private *constructedClasses(): Generator<[ts.Symbol, ts.ClassDeclaration]> {
    for (const symbol of this.constructed().keys()) {
      const declaration = symbol.valueDeclaration;
      if (declaration && typescript.isClassDeclaration(declaration) && isProjectFile(declaration.getSourceFile())) yield [symbol, declaration];
    }
  }
}
