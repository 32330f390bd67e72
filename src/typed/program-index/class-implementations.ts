/**
 * Classes that implement an interface by their shape: `deps.store.search(query)`, where `store`
 * is typed by an interface and the server passes `new VectorStore(...)`. TypeScript does not ask
 * a class to say `implements`, so the class is found by its type: among the classes the project
 * constructs, the one whose instances fit the interface. With two or more, the call is left
 * unresolved (unknown means silent).
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { unaliased } from "./declarations.js";
import { isProjectFile } from "./file-entry.js";

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
