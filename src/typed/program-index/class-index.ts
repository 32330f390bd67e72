/**
 * The project's classes, read once per program: the `new C(...)` expressions of each class (for
 * constructor arguments and constructed classes) and the classes that extend each class (for the
 * methods that subclasses override or implement).
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { unaliased } from "./declarations.js";
import { isProjectFile } from "./file-entry.js";

export class ClassIndex {
  private byClass: Map<ts.Symbol, ts.NewExpression[]> | undefined;
  private byBase: Map<ts.Symbol, ts.ClassLikeDeclaration[]> | undefined;
  private readonly declared: ts.ClassDeclaration[] = [];

  constructor(
    private readonly program: ts.Program,
    private readonly checker: ts.TypeChecker,
  ) {}

  /** `new C(...)` expressions of the project's files, by class; a class listed in an array literal has none. */
  constructions(): Map<ts.Symbol, ts.NewExpression[]> {
    if (this.byClass) return this.byClass;
    const map = new Map<ts.Symbol, ts.NewExpression[]>();
    const visit = (node: ts.Node): void => {
      if (typescript.isNewExpression(node)) {
        const symbol = this.classSymbol(node.expression);
        if (symbol) {
          const list = map.get(symbol) ?? [];
          map.set(symbol, list);
          list.push(node);
        }
      }
      // `export const allTools = [CreateAppTool, ListAppsTool]`: a list of classes that a factory
      // constructs (`new ctor(deps)`); each may be constructed, with no arguments to read.
      if (typescript.isArrayLiteralExpression(node)) {
        for (const element of node.elements) {
          const symbol = typescript.isIdentifier(element) ? this.classSymbol(element) : undefined;
          if (symbol?.valueDeclaration && typescript.isClassDeclaration(symbol.valueDeclaration) && !map.has(symbol)) map.set(symbol, []);
        }
      }
      typescript.forEachChild(node, visit);
    };
    for (const sourceFile of this.program.getSourceFiles()) if (isProjectFile(sourceFile)) visit(sourceFile);
    this.byClass = map;
    return map;
  }

  /** The members named `member` of the classes that extend `base`, directly or not. */
  overridesOf(base: ts.ClassLikeDeclaration, member: string): ts.Declaration[] {
    const subclasses = this.subclasses();
    const found: ts.Declaration[] = [];
    const seen = new Set<ts.ClassLikeDeclaration>();
    const walk = (cls: ts.ClassLikeDeclaration): void => {
      const symbol = cls.name ? this.classSymbol(cls.name) : undefined;
      for (const sub of (symbol ? subclasses.get(symbol) : undefined) ?? []) {
        if (seen.has(sub)) continue;
        seen.add(sub);
        for (const element of sub.members) {
          if (element.name && typescript.isIdentifier(element.name) && element.name.text === member) found.push(element);
        }
        walk(sub);
      }
    };
    walk(base);
    return found;
  }

  /** The classes that extend each class, directly. */
  subclasses(): Map<ts.Symbol, ts.ClassLikeDeclaration[]> {
    if (this.byBase) return this.byBase;
    const map = new Map<ts.Symbol, ts.ClassLikeDeclaration[]>();
    const visit = (node: ts.Node): void => {
      if (typescript.isClassDeclaration(node)) this.declared.push(node);
      if (typescript.isClassLike(node)) {
        for (const clause of node.heritageClauses ?? []) {
          if (clause.token !== typescript.SyntaxKind.ExtendsKeyword) continue;
          const expression = clause.types[0]?.expression;
          const symbol = expression ? this.classSymbol(expression) : undefined;
          if (!symbol) continue;
          const list = map.get(symbol) ?? [];
          map.set(symbol, list);
          list.push(node);
        }
      }
      // Classes are declared at the top, in namespaces, and as values of variables and default exports.
      if (
        typescript.isClassLike(node) ||
        typescript.isSourceFile(node) ||
        typescript.isModuleBlock(node) ||
        typescript.isModuleDeclaration(node) ||
        typescript.isVariableStatement(node) ||
        typescript.isExportAssignment(node) ||
        typescript.isVariableDeclarationList(node) ||
        typescript.isVariableDeclaration(node)
      )
        typescript.forEachChild(node, visit);
    };
    for (const sourceFile of this.program.getSourceFiles()) if (isProjectFile(sourceFile)) visit(sourceFile);
    this.byBase = map;
    return map;
  }

  /** Every class declaration of the project's files (read with the subclasses). */
  declarations(): readonly ts.ClassDeclaration[] {
    this.subclasses();
    return this.declared;
  }

  classSymbol(node: ts.Node): ts.Symbol | undefined {
    return unaliased(this.checker, this.checker.getSymbolAtLocation(node));
  }
}
