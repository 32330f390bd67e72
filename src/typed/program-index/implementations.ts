/**
 * What implements a member of an interface or a type, when the code calls it through that type
 * (`tool.handler(args)` on a registry entry): the members of the object literals typed as the
 * interface, by context or by where the code places them. Classes: `class-implementations.ts`.
 */
import type ts from "typescript";
import { typescript } from "../runtime.js";
import { hasRequiredMembers, skipOuter, unaliased } from "./declarations.js";
import { literalTypeNodes, namedTypes } from "./declared-types.js";
import { isProjectFile } from "./file-entry.js";
import { mayBeLinted, programBase } from "../conversions.js";

export { ClassImplementations } from "./class-implementations.js";

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
  /** Names placed in a list or handed to a call (`[searchTool]`, `tools.push(docsTool)`), by name (built with `members`). */
  private readonly placements = new Map<string, ts.Identifier[]>();
  /** The local names of default imports (`import docsTool from "./docs.js"`), built with `members`. */
  private readonly defaultImports = new Set<string>();

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
    const contextual = this.checker.getContextualType(literal);
    add(contextual);
    const passed = passedTo(literal);
    if (passed) {
      add(this.argumentConstraint(passed.call, passed.index));
      if (this.handsBack(passed.call, passed.index)) add(this.checker.getContextualType(passed.call));
    } else if (!contextual) {
      for (const type of this.placedTypes(literal)) add(type);
    }
    return types;
  }

  /**
   * A literal written with no type (`const docsTool = { name, handler }`, `export default {
   * metadata, tool, handler }`) takes the types of the places the code puts it, by name: an
   * element of a list (`const tools: Tool[] = [docsTool]`) or an argument (`included.push(docsTool)`,
   * of another file through an import).
   */
  private placedTypes(literal: ts.ObjectLiteralExpression): ts.Type[] {
    const holder = literalHolder(literal);
    if (!holder) return [];
    let symbol: ts.Symbol | undefined;
    let names: Iterable<string>;
    if (typescript.isVariableDeclaration(holder)) {
      if (!typescript.isIdentifier(holder.name)) return [];
      symbol = this.checker.getSymbolAtLocation(holder.name);
      names = [holder.name.text];
    } else {
      const file = this.checker.getSymbolAtLocation(holder.getSourceFile());
      symbol = file ? this.checker.getExportsOfModule(file).find((s) => s.name === "default") : undefined;
      names = this.defaultImports;
    }
    if (!symbol) return [];
    const types: ts.Type[] = [];
    for (const name of names) {
      for (const place of this.placements.get(name) ?? []) {
        if (unaliased(this.checker, this.checker.getSymbolAtLocation(place)) !== symbol) continue;
        const type = this.checker.getContextualType(place);
        if (type) types.push(type);
      }
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
      if (typescript.isIdentifier(node) && isPlaced(node)) {
        const list = this.placements.get(node.text) ?? [];
        this.placements.set(node.text, list);
        list.push(node);
      }
      if (typescript.isImportClause(node) && node.name) this.defaultImports.add(node.name.text);
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

/** An identifier that is an element of a list literal or an argument of a call. */
function isPlaced(node: ts.Identifier): boolean {
  const parent = node.parent;
  return typescript.isArrayLiteralExpression(parent) || (typescript.isCallExpression(parent) && parent.expression !== node);
}

/** The `const` a literal initializes, or the `export default` that exports it (through parentheses, `as const` and `satisfies`). */
function literalHolder(literal: ts.ObjectLiteralExpression): ts.VariableDeclaration | ts.ExportAssignment | undefined {
  let node: ts.Node = literal;
  while (typescript.isParenthesizedExpression(node.parent) || typescript.isAsExpression(node.parent) || typescript.isSatisfiesExpression(node.parent)) {
    node = node.parent;
  }
  const parent = node.parent;
  if (typescript.isVariableDeclaration(parent) && parent.initializer === node && !parent.type) return parent;
  return typescript.isExportAssignment(parent) && !parent.isExportEquals ? parent : undefined;
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
