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

export class ClassImplementations {
  /** The classes of the project that some `new C(...)` of the project constructs (built on first use). */
  private constructed: ts.ClassLikeDeclaration[] | undefined;
  private readonly byMember = new Map<ts.Symbol, ts.Declaration[]>();

  constructor(
    private readonly program: ts.Program,
    private readonly checker: ts.TypeChecker,
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
    for (const cls of (this.constructed ??= this.constructedClasses())) {
      const methods = cls.members.filter(
        (m) => typescript.isMethodDeclaration(m) && m.body !== undefined && typescript.isIdentifier(m.name) && m.name.text === member.name,
      );
      const symbol = cls.name ? checker.getSymbolAtLocation(cls.name) : undefined;
      if (methods.length === 0 || !symbol) continue;
      if (assignable(checker.getDeclaredTypeOfSymbol(symbol), wanted)) fits.push(methods);
    }
    return fits.length === 1 ? (fits[0] ?? []) : [];
  }

  private constructedClasses(): ts.ClassLikeDeclaration[] {
    const found = new Set<ts.ClassLikeDeclaration>();
    const visit = (node: ts.Node): void => {
      if (typescript.isNewExpression(node)) {
        const declaration = unaliased(this.checker, this.checker.getSymbolAtLocation(node.expression))?.valueDeclaration;
        if (declaration && typescript.isClassDeclaration(declaration) && isProjectFile(declaration.getSourceFile())) found.add(declaration);
      }
      typescript.forEachChild(node, visit);
    };
    for (const sourceFile of this.program.getSourceFiles()) if (isProjectFile(sourceFile)) visit(sourceFile);
    return [...found];
  }
}
