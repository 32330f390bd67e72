/**
 * Classes that implement an interface by their shape: `deps.store.search(query)`, where `store`
 * is typed by an interface and the server passes `new VectorStore(...)`. TypeScript does not ask
 * a class to say `implements`, so the class is found by its type: among the classes the project
 * constructs, the one whose instances fit the interface. With two or more, the call is left
 * unresolved (unknown means silent).
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { isProjectFile } from "./file-entry.js";

export class ClassImplementations {
  private readonly byMember = new Map<ts.Symbol, ts.Declaration[]>();

  constructor(
    private readonly checker: ts.TypeChecker,
    /** The classes that some `new C(...)` of the project constructs, by symbol (the resolver's walk). */
    private readonly constructed: () => Iterable<ts.Symbol>,
  ) {}

  /** The method of the one constructed class that fits the interface declaring `member`; empty otherwise. */
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
    if (!owner || !typescript.isInterfaceDeclaration(owner) || !assignable) return [];
    const interfaceSymbol = checker.getSymbolAtLocation(owner.name);
    if (!interfaceSymbol) return [];
    const wanted = checker.getDeclaredTypeOfSymbol(interfaceSymbol);
    const fits: ts.Declaration[][] = [];
    for (const [symbol, cls] of this.constructedClasses()) {
      const methods = cls.members.filter(
        (m) => typescript.isMethodDeclaration(m) && m.body !== undefined && typescript.isIdentifier(m.name) && m.name.text === member.name,
      );
      if (methods.length > 0 && assignable(checker.getDeclaredTypeOfSymbol(symbol), wanted)) fits.push(methods);
    }
    return fits.length === 1 ? (fits[0] ?? []) : [];
  }

  /** The classes of the project among the constructed ones, with their symbols. */
  private *constructedClasses(): Generator<[ts.Symbol, ts.ClassDeclaration]> {
    for (const symbol of this.constructed()) {
      const declaration = symbol.valueDeclaration;
      if (declaration && typescript.isClassDeclaration(declaration) && isProjectFile(declaration.getSourceFile())) yield [symbol, declaration];
    }
  }
}
