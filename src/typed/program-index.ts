/**
 * The program index: with typed linting, one analysis of the whole `ts.Program` that follows
 * tool handlers into the functions they call in other files. It is built once per program (all
 * files of a lint run share it) and answers, for the file being linted, which of its functions
 * run on the path of a tool registered elsewhere, and whether their throws reach the framework.
 *
 * Each file of interest is converted to ESTree from the program's own source file (no second
 * TypeScript parse; in a one-shot run ESLint reuses the conversion, see conversions.ts) and
 * analysed by the same model as in syntactic linting; calls the model cannot resolve within a
 * file are resolved with the type checker.
 */
import type { ScopeManager } from "@typescript-eslint/scope-manager";
import { type ParserServicesWithTypeInformation, simpleTraverse } from "@typescript-eslint/typescript-estree";
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { visitorKeys } from "@typescript-eslint/visitor-keys";
import { SourceCode } from "eslint";
import ts from "typescript";
import { type Instance, type PassThrough, collectImports, instanceDeclaredAs, passThroughOf, callsParamInsideTry, returnedFunction, type ImportedFacts, type ImportedHelperCall, type ImportedRoot, MCP_EVIDENCE, type McpModel, type ToolHandler, buildModel } from "../model/index.js";
import { findVariable, isFunctionNode, unwrap } from "../util/ast.js";
import { configFileOf, convertForIndex, lightScopes, onRelease } from "./conversions.js";
import { TYPE_ORACLE } from "./oracle.js";

interface Target {
  readonly entry: FileEntry;
  readonly fn: TSESTree.Node;
  /** The tool's name when the implementation sits in a tool definition (`{ name: "x", handler }`). */
  readonly toolName: string | undefined;
}

interface FileEntry {
  readonly fileName: string;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly services: ParserServicesWithTypeInformation;
  /** Functions of this file on the paths of tools of other files: range key -> tool (`toolOf`) -> root. */
  readonly roots: Map<string, Map<string, ImportedRoot>>;
  model: McpModel | undefined;
  /** Calls of wrappers of other files around this file's handlers -> whether the wrapper catches. */
  wrappers: Map<string, boolean> | undefined;
}

/** What the index knows about one program. */
export interface ProgramIndex {
  /** Functions of `fileName` that run on the path of tools registered elsewhere. */
  rootsFor(fileName: string): readonly ImportedRoot[];
  /** The roots of `fileName`, and its calls to error helpers of other files. */
  factsFor(fileName: string): ImportedFacts;
  /** Every tool handler of the program that the model recognised, by file. */
  readonly handlers: ReadonlyMap<string, readonly ToolHandler[]>;
}

const indexes = new WeakMap<ts.Program, ProgramIndex>();

/** The latest index of each project (tsconfig), with the text of each file it was built from. */
const projects = new Map<string, { readonly texts: ReadonlyMap<string, string>; readonly index: ProgramIndex }>();
const PROJECT_LIMIT = 8;

/** The tsconfig a program was made from ("" for the project service's default project). */
function projectKey(program: ts.Program): string {
  return configFileOf(program) ?? "";
}

/**
 * The index of a program, built once. The project service makes a new `ts.Program` whenever the
 * text ESLint lints differs from the file on disk: ESLint turns a shebang into a comment, so
 * every executable script of a server brings a new program. A new program of a project whose
 * files all have the same source as when the project was indexed gets that index
 * (chrome-devtools-mcp: one build instead of four). The old program stays valid for the index:
 * programs are immutable.
 */
export function getProgramIndex(program: ts.Program): ProgramIndex {
  let index = indexes.get(program);
  if (index) return index;
  const key = projectKey(program);
  const files = program.getSourceFiles().filter(isProjectFile);
  const cached = projects.get(key);
  if (cached && cached.texts.size === files.length && files.every((file) => sameSource(cached.texts.get(file.fileName), file.text))) {
    index = cached.index;
  } else {
    index = buildIndex(program);
    projects.delete(key);
    projects.set(key, { texts: new Map(files.map((file) => [file.fileName, file.text])), index });
    if (projects.size > PROJECT_LIMIT) projects.delete(projects.keys().next().value as string);
  }
  indexes.set(program, index);
  return index;
}

/**
 * What the index knows about a file, plus the roots other projects give it. In a monorepo a
 * package's helper is linted under its own package's program, which holds no tool; the program
 * of the package that registers the tool (and imports the helper) knows it runs on a tool path.
 * Only projects indexed earlier in the run can tell (the CLI lints registering files first).
 */
export function factsAcrossProjects(program: ts.Program, fileName: string): ImportedFacts {
  const index = getProgramIndex(program);
  const facts = index.factsFor(fileName);
  const seen = new Set(facts.roots.map((root) => `${toolOf(root)}@${rangeKey(root.range)}`));
  const extra: ImportedRoot[] = [];
  for (const other of projects.values()) {
    if (other.index === index) continue;
    for (const root of other.index.rootsFor(fileName)) {
      const key = `${toolOf(root)}@${rangeKey(root.range)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      extra.push(root);
    }
  }
  return extra.length === 0 ? facts : { ...facts, roots: [...facts.roots, ...extra] };
}

/**
 * Equal, or equal but for ESLint's shebang: ESLint lints `#!/usr/bin/env node` as a `//` comment
 * (same length, so every range of the index holds). TypeScript drops a BOM when it reads a file,
 * as ESLint does, so a BOM never makes the two differ.
 */
function sameSource(cached: string | undefined, text: string): boolean {
  if (cached === text) return true;
  if (cached === undefined) return false;
  const comment = (source: string): string => (source.startsWith("#!") ? `//${source.slice(2)}` : source);
  return comment(cached) === comment(text);
}

const rangeKey = (range: readonly [number, number]): string => `${String(range[0])}:${String(range[1])}`;

function isProjectFile(sourceFile: ts.SourceFile): boolean {
  return !sourceFile.isDeclarationFile && !sourceFile.fileName.includes("/node_modules/");
}

function buildIndex(program: ts.Program): ProgramIndex {
  const checker = program.getTypeChecker();
  const files = new Map<string, FileEntry | null>();

  const entryOf = (sourceFile: ts.SourceFile): FileEntry | undefined => {
    const known = files.get(sourceFile.fileName);
    if (known !== undefined) return known ?? undefined;
    let entry: FileEntry | null;
    try {
      const conversion = convertForIndex(sourceFile, program);
      const { ast, services } = conversion;
      // ESLint sets parent pointers during its own traversal; this tree may not have been through one yet.
      simpleTraverse(ast, { enter() {} }, true);
      const makeSourceCode = (scopeManager: ScopeManager): Readonly<TSESLint.SourceCode> =>
        new SourceCode({
          text: sourceFile.text,
          ast: ast as never,
          parserServices: services,
          scopeManager: scopeManager as never,
          visitorKeys: visitorKeys as never,
        }) as unknown as Readonly<TSESLint.SourceCode>;
      let sourceCode: Readonly<TSESLint.SourceCode> | undefined = makeSourceCode(conversion.scopeManager);
      const created: FileEntry = {
        fileName: sourceFile.fileName,
        get sourceCode() {
          sourceCode ??= makeSourceCode(lightScopes(ast));
          return sourceCode;
        },
        services: services as ParserServicesWithTypeInformation,
        roots: new Map(),
        model: undefined,
        wrappers: undefined,
      };
      if (conversion.shared) {
        // ESLint has linted the file: its scopes may go; a later question rebuilds lighter ones.
        onRelease(ast, () => {
          sourceCode = undefined;
          created.model = undefined;
        });
      }
      entry = created;
    } catch {
      // A file the converter rejects is left to the syntactic analysis of its own lint.
      entry = null;
    }
    files.set(sourceFile.fileName, entry);
    return entry ?? undefined;
  };

  const rootsOf = (entry: FileEntry): ImportedRoot[] => [...entry.roots.values()].flatMap((byOrigin) => [...byOrigin.values()]);

  /** The functions (declarations) a call runs, wherever they live in the program. */
  const resolveCall = (entry: FileEntry, call: TSESTree.CallExpression): Target[] =>
    mayLeaveFile(entry, call.callee) ? resolveExpression(entry, call.callee) : [];

  // The fixed point analyses a file again whenever a new tool reaches it, and factsFor asks about
  // the same callees once more: the checker's answer for a node never changes, so ask it once.
  const resolved = new WeakMap<TSESTree.Node, Target[]>();
  /** The functions an expression (a callee, a handler reference) names, wherever they live. */
  const resolveExpression = (entry: FileEntry, expression: TSESTree.Node): Target[] => {
    let targets = resolved.get(expression);
    if (!targets) {
      targets = lookUpExpression(entry, expression);
      resolved.set(expression, targets);
    }
    return targets;
  };
  const lookUpExpression = (entry: FileEntry, expression: TSESTree.Node): Target[] => {
    const callee = unwrap(expression);
    const name =
      callee.type === AST_NODE_TYPES.Identifier
        ? callee
        : callee.type === AST_NODE_TYPES.MemberExpression && !callee.computed
          ? callee.property
          : undefined;
    if (!name) return [];
    const tsNode = entry.services.esTreeNodeToTSNodeMap.get(name);
    let symbol = checker.getSymbolAtLocation(tsNode);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declarations: ts.Declaration[] = [...(symbol?.declarations ?? [])];
    // `this.execute()` in a base class runs the subclasses' implementations too.
    const receiver = callee.type === AST_NODE_TYPES.MemberExpression ? unwrap(callee.object) : undefined;
    if (receiver?.type === AST_NODE_TYPES.ThisExpression && symbol) {
      for (const declaration of symbol.declarations ?? []) {
        if (ts.isClassElement(declaration) && ts.isClassLike(declaration.parent)) {
          declarations.push(...overridesOf(declaration.parent, symbol.name));
        }
      }
    }
    // `tool.handler(...)` on a registry entry typed by an interface: the object literals that implement it.
    if (symbol && declarations.every((d) => !functionOf(d))) {
      for (const implementation of implementationsOf(symbol)) declarations.push(implementation);
    }
    const targets: Target[] = [];
    for (const declaration of declarations) {
      // `{ name, execute }` or `{ execute: run }`: the member names a function declared elsewhere;
      // the member's object still names the tool.
      const fn = functionOf(declaration) ?? functionOfNamedValue(declaration);
      if (!fn) continue;
      const sourceFile = fn.getSourceFile();
      if (!isProjectFile(sourceFile)) continue;
      const target = entryOf(sourceFile);
      const node = target?.services.tsNodeToESTreeNodeMap.get(fn);
      const estree = node ? functionValue(node) : undefined;
      if (target && estree) targets.push({ entry: target, fn: estree, toolName: toolNameNear(checker, declaration) });
    }
    return targets;
  };
  /** The function an object member's value names: `{ execute }`, `{ execute: run }`. */
  const functionOfNamedValue = (declaration: ts.Declaration): ts.FunctionLikeDeclaration | undefined => {
    let symbol: ts.Symbol | undefined;
    if (ts.isShorthandPropertyAssignment(declaration)) symbol = checker.getShorthandAssignmentValueSymbol(declaration);
    else if (ts.isPropertyAssignment(declaration) && ts.isIdentifier(declaration.initializer)) symbol = checker.getSymbolAtLocation(declaration.initializer);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const value = symbol?.valueDeclaration;
    return value ? functionOf(value) : undefined;
  };

  /** Object-literal members by name, over the project's files (built on first use). */
  let members: Map<string, ts.ObjectLiteralElementLike[]> | undefined;
  const implementationsOf = (symbol: ts.Symbol): ts.Declaration[] => {
    const wanted = new Set(symbol.declarations ?? []);
    if (wanted.size === 0) return [];
    if (!members) {
      const map = new Map<string, ts.ObjectLiteralElementLike[]>();
      const visit = (node: ts.Node): void => {
        if (ts.isObjectLiteralExpression(node)) {
          for (const property of node.properties) {
            if ((ts.isPropertyAssignment(property) || ts.isMethodDeclaration(property)) && ts.isIdentifier(property.name)) {
              const list = map.get(property.name.text) ?? [];
              map.set(property.name.text, list);
              list.push(property);
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      for (const sourceFile of program.getSourceFiles()) if (isProjectFile(sourceFile)) visit(sourceFile);
      members = map;
    }
    const found: ts.Declaration[] = [];
    for (const member of members.get(symbol.name) ?? []) {
      const type = checker.getContextualType(member.parent as ts.ObjectLiteralExpression);
      if (!type) continue;
      const candidates = type.isUnion() ? type.types : [type];
      const matches = candidates.some((t) => {
        const property = checker.getPropertyOfType(t, symbol.name);
        return property?.declarations?.some((d) => wanted.has(d)) ?? false;
      });
      if (matches) found.push(member);
    }
    return found;
  };

  /** Subclasses by base class, over the project's files (built on first use). */
  let subclasses: Map<ts.Symbol, ts.ClassLikeDeclaration[]> | undefined;
  const classSymbol = (node: ts.Node): ts.Symbol | undefined => {
    let symbol = checker.getSymbolAtLocation(node);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol;
  };
  const overridesOf = (base: ts.ClassLikeDeclaration, member: string): ts.Declaration[] => {
    if (!subclasses) {
      subclasses = new Map();
      const visit = (node: ts.Node): void => {
        if (ts.isClassLike(node)) {
          for (const clause of node.heritageClauses ?? []) {
            if (clause.token !== ts.SyntaxKind.ExtendsKeyword) continue;
            const expression = clause.types[0]?.expression;
            const symbol = expression ? classSymbol(expression) : undefined;
            if (!symbol) continue;
            const map = subclasses as Map<ts.Symbol, ts.ClassLikeDeclaration[]>;
            const list = map.get(symbol) ?? [];
            map.set(symbol, list);
            list.push(node);
          }
        }
        if (ts.isClassLike(node) || ts.isSourceFile(node) || ts.isModuleBlock(node) || ts.isModuleDeclaration(node)) {
          ts.forEachChild(node, visit);
        } else if (ts.isVariableStatement(node) || ts.isExportAssignment(node)) {
          ts.forEachChild(node, visit);
        } else if (ts.isVariableDeclarationList(node) || ts.isVariableDeclaration(node)) {
          ts.forEachChild(node, visit);
        }
      };
      for (const sourceFile of program.getSourceFiles()) if (isProjectFile(sourceFile)) visit(sourceFile);
    }
    const found: ts.Declaration[] = [];
    const seen = new Set<ts.ClassLikeDeclaration>();
    const walk = (cls: ts.ClassLikeDeclaration): void => {
      const symbol = cls.name ? classSymbol(cls.name) : undefined;
      for (const sub of (symbol ? subclasses?.get(symbol) : undefined) ?? []) {
        if (seen.has(sub)) continue;
        seen.add(sub);
        for (const element of sub.members) {
          if (element.name && ts.isIdentifier(element.name) && element.name.text === member) found.push(element);
        }
        walk(sub);
      }
    };
    walk(base);
    return found;
  };

  const handlers = new Map<string, ToolHandler[]>();
  const queue: FileEntry[] = [];
  const queued = new Set<FileEntry>();
  const enqueue = (entry: FileEntry): void => {
    if (queued.has(entry)) return;
    queued.add(entry);
    queue.push(entry);
  };

  for (const sourceFile of program.getSourceFiles()) {
    if (!isProjectFile(sourceFile) || !MCP_EVIDENCE.test(sourceFile.text)) continue;
    const entry = entryOf(sourceFile);
    if (entry) enqueue(entry);
  }

  // Fixed point: a file is analysed again whenever a new tool (or an escaping path) reaches it.
  let steps = 0;
  while (queue.length > 0 && steps < 10_000) {
    steps++;
    const entry = queue.shift() as FileEntry;
    queued.delete(entry);
    let model = buildModel(entry.sourceCode, undefined, { roots: rootsOf(entry), helperCalls: [], instances: new Map(), passThrough: new Map(), wrappers: entry.wrappers ?? new Map() }, TYPE_ORACLE);
    if (!entry.wrappers && model.graph.opaqueWrapperCalls.length > 0) {
      entry.wrappers = wrappersOf(entry, model);
      if (entry.wrappers.size > 0) model = buildModel(entry.sourceCode, undefined, { roots: rootsOf(entry), helperCalls: [], instances: new Map(), passThrough: new Map(), wrappers: entry.wrappers }, TYPE_ORACLE);
    }
    entry.model = model;
    handlers.set(
      entry.fileName,
      model.handlers.filter((h) => h.kind !== "imported"),
    );
    for (const unresolved of model.graph.unresolvedHandlers) {
      for (const target of resolveExpression(entry, unresolved.expression)) {
        const root: ImportedRoot = {
          range: target.fn.range,
          origin: `${entry.fileName}:${String(unresolved.registration.range[0])}`,
          toolName: unresolved.toolName ?? target.toolName,
          framework: unresolved.framework,
          thrown: unresolved.thrown,
          caught: unresolved.thrown === "unknown",
        };
        if (addRoot(target.entry, root)) enqueue(target.entry);
      }
    }
    for (const [call, onPath] of model.graph.pathCalls) {
      if (model.graph.localTargets(call).length > 0) continue;
      // Inside a dispatcher's case, the case's tool (not the whole dispatcher) makes the call.
      const specific = model.handlersAt(call).filter((h) => onPath.includes(h));
      const through = specific.length > 0 ? specific : onPath;
      const escaping = model.graph.escapeCalls.get(call) ?? [];
      for (const target of resolveCall(entry, call)) {
        for (const handler of through) {
          const root = rootFor(entry.fileName, handler, target, !escaping.includes(handler));
          if (target.entry === entry && model.handlersAt(target.fn).includes(handler)) continue;
          if (addRoot(target.entry, root)) enqueue(target.entry);
        }
      }
    }
  }

  /** Reads each wrapper of another file around a handler: does its returned function catch? */
  function wrappersOf(entry: FileEntry, model: McpModel): Map<string, boolean> {
    const found = new Map<string, boolean>();
    for (const call of model.graph.opaqueWrapperCalls) {
      const innerIndex = call.arguments.findIndex((a) => isFunctionNode(unwrap(a)) || a.type === AST_NODE_TYPES.Identifier);
      for (const target of resolveExpression(entry, call.callee)) {
        if (!isFunctionNode(target.fn)) continue;
        const param = target.fn.params[innerIndex];
        const returned = returnedFunction(target.fn);
        if (param?.type !== AST_NODE_TYPES.Identifier || !returned) continue;
        found.set(rangeKey(call.range), callsParamInsideTry(target.entry.sourceCode, returned, param.name));
      }
    }
    return found;
  }

  const modelOf = (entry: FileEntry): McpModel => {
    entry.model ??= buildModel(entry.sourceCode, undefined, { roots: rootsOf(entry), helperCalls: [], instances: new Map(), passThrough: new Map(), wrappers: entry.wrappers ?? new Map() }, TYPE_ORACLE);
    return entry.model;
  };

  /** Calls of a file to functions of other files whose every return is an error result. */
  const helperCallsOf = (entry: FileEntry): ImportedHelperCall[] => {
    const found: ImportedHelperCall[] = [];
    const model = modelOf(entry);
    for (const call of model.calls) {
      if (unwrap(call.callee).type !== AST_NODE_TYPES.Identifier || model.graph.localTargets(call).length > 0) continue;
      for (const target of resolveCall(entry, call)) {
        if (target.entry === entry || !isFunctionNode(target.fn)) continue;
        const object = modelOf(target.entry).errorHelpers.get(target.fn);
        if (object) found.push({ range: call.range, helper: target.fn, object, helperSource: target.entry.sourceCode });
      }
    }
    return found;
  };

  /** The local names a file imports from other files of the project, with what they declare there. */
  function* importedDeclarations(entry: FileEntry): Generator<[string, ts.Declaration]> {
    for (const statement of entry.sourceCode.ast.body) {
      if (statement.type !== AST_NODE_TYPES.ImportDeclaration || !statement.source.value.startsWith(".")) continue;
      for (const specifier of statement.specifiers) {
        if (specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier) continue;
        let symbol = checker.getSymbolAtLocation(entry.services.esTreeNodeToTSNodeMap.get(specifier.local));
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        const declaration = symbol?.valueDeclaration;
        if (declaration && isProjectFile(declaration.getSourceFile())) yield [specifier.local.name, declaration];
      }
    }
  }

  /** Imported names bound to `axios.create(...)` / `got.extend(...)` instances of other files. */
  const instancesOf = (entry: FileEntry): Map<string, Instance> => {
    const found = new Map<string, Instance>();
    for (const [name, declaration] of importedDeclarations(entry)) {
      if (!ts.isVariableDeclaration(declaration) || !declaration.initializer || !ts.isCallExpression(declaration.initializer)) continue;
      const target = entryOf(declaration.getSourceFile());
      const declarator = target?.services.tsNodeToESTreeNodeMap.get(declaration);
      if (!target || declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id.type !== AST_NODE_TYPES.Identifier) continue;
      const instance = instanceDeclaredAs(target.sourceCode, modelOf(target).importedFrom.size > 0 ? modelOf(target).importedFrom : collectImports(target.sourceCode.ast), declarator.id);
      if (instance) found.set(name, instance);
    }
    return found;
  };

  /** Imported functions of other files that hand a parameter to a client as its options. */
  const passThroughsOf = (entry: FileEntry): Map<string, PassThrough> => {
    const found = new Map<string, PassThrough>();
    const importsOf = new Map<FileEntry, Map<string, string>>();
    for (const [name, declaration] of importedDeclarations(entry)) {
      const initializer = ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
      const fnNode = ts.isFunctionDeclaration(declaration)
        ? declaration
        : initializer && (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer))
          ? initializer
          : undefined;
      const target = fnNode ? entryOf(declaration.getSourceFile()) : undefined;
      const fn = fnNode ? target?.services.tsNodeToESTreeNodeMap.get(fnNode) : undefined;
      if (!target || !fn || !isFunctionNode(fn)) continue;
      let imports = importsOf.get(target);
      if (!imports) importsOf.set(target, (imports = collectImports(target.sourceCode.ast)));
      const passThrough = passThroughOf(target.sourceCode, imports, fn);
      if (passThrough) found.set(name, passThrough);
    }
    return found;
  };

  const factsCache = new Map<string, ImportedFacts>();
  return {
    handlers,
    rootsFor(fileName) {
      const sourceFile = program.getSourceFile(fileName);
      const entry = sourceFile ? files.get(sourceFile.fileName) : undefined;
      return entry ? rootsOf(entry) : [];
    },
    factsFor(fileName) {
      const sourceFile = program.getSourceFile(fileName);
      if (!sourceFile || !isProjectFile(sourceFile)) return { roots: [], helperCalls: [], instances: new Map(), passThrough: new Map(), wrappers: new Map() };
      let facts = factsCache.get(sourceFile.fileName);
      if (!facts) {
        const known = files.get(sourceFile.fileName);
        const roots = known ? rootsOf(known) : [];
        // Only a file that shows MCP evidence (or runs on a tool's path) can call an error helper of a tool.
        const entry = roots.length > 0 || MCP_EVIDENCE.test(sourceFile.text) ? entryOf(sourceFile) : undefined;
        facts = {
          roots,
          helperCalls: entry ? helperCallsOf(entry) : [],
          instances: entry ? instancesOf(entry) : new Map(),
          passThrough: entry ? passThroughsOf(entry) : new Map(),
          wrappers: entry?.wrappers ?? new Map(),
        };
        factsCache.set(sourceFile.fileName, facts);
      }
      return facts;
    },
  };
}

/** Methods of built-in objects (arrays, strings, promises, responses...): never a project function. */
const BUILTIN_METHODS = new Set([
  "map", "filter", "reduce", "forEach", "find", "findIndex", "some", "every", "includes", "indexOf", "join", "push", "pop",
  "shift", "unshift", "slice", "splice", "concat", "sort", "reverse", "flat", "flatMap", "keys", "values", "entries",
  "split", "trim", "trimStart", "trimEnd", "toLowerCase", "toUpperCase", "replace", "replaceAll", "startsWith", "endsWith",
  "padStart", "padEnd", "match", "matchAll", "toString", "toFixed", "toISOString", "getTime", "valueOf",
  "then", "catch", "finally", "json", "arrayBuffer", "blob", "stringify", "bind", "call", "apply", "hasOwnProperty",
]);
const GLOBAL_OBJECTS = new Set(["console", "JSON", "Math", "Object", "Array", "Promise", "Number", "String", "Date", "process", "Reflect", "AbortSignal", "URL", "Buffer", "z"]);

/**
 * Whether a callee may name a function of another file: worth a question to the checker (which
 * is the expensive part of the index). Globals and methods of built-in objects are not.
 */
function mayLeaveFile(entry: FileEntry, expression: TSESTree.Node): boolean {
  const callee = unwrap(expression);
  if (callee.type === AST_NODE_TYPES.Identifier) {
    if (callee.name === "require") return false;
    // A name declared nowhere in the file is a global (the global `fetch` among them); a `fetch`
    // imported from a module of the project is that module's function, and is followed.
    return declaredInFile(entry, callee);
  }
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed || callee.property.type !== AST_NODE_TYPES.Identifier) return false;
  if (BUILTIN_METHODS.has(callee.property.name)) return false;
  const object = unwrap(callee.object);
  return !(object.type === AST_NODE_TYPES.Identifier && GLOBAL_OBJECTS.has(object.name) && !declaredInFile(entry, object));
}

/**
 * Whether the file declares (or imports) the name. The globals of the lib, which ESLint's scopes
 * hold as variables without a definition when the index reads those, are not declared here.
 */
function declaredInFile(entry: FileEntry, identifier: TSESTree.Identifier): boolean {
  return (findVariable(entry.sourceCode, identifier)?.defs.length ?? 0) > 0;
}

/** The imported root that stands for `handler` (or for the tool it stands for) at a target. */
function rootFor(fileName: string, handler: ToolHandler, target: Target, caught: boolean): ImportedRoot {
  // A central dispatcher that runs registry entries serves the tool each entry names.
  const toolName = handler.toolName ?? target.toolName;
  return {
    range: target.fn.range,
    origin:
      handler.origin ??
      `${fileName}:${String(handler.registration.range[0])}:${String(handler.entry.range[0])}:${handler.region ? String(handler.region.range[0]) : ""}:${toolName ?? ""}`,
    toolName,
    framework: handler.framework,
    thrown: handler.thrown,
    caught: caught || handler.thrown === "unknown",
  };
}

/**
 * The tool a root stands for: its origin, and its name, because one registration can serve
 * several tools (`for (const tool of Object.values(tools)) server.tool(tool.name, ..., tool.execute)`).
 */
function toolOf(root: ImportedRoot): string {
  return `${root.origin}|${root.toolName ?? ""}`;
}

/** Adds or widens a root; true when something changed (an uncaught path wins over a caught one). */
function addRoot(entry: FileEntry, root: ImportedRoot): boolean {
  const key = rangeKey(root.range);
  let byTool = entry.roots.get(key);
  if (!byTool) entry.roots.set(key, (byTool = new Map<string, ImportedRoot>()));
  const tool = toolOf(root);
  const existing = byTool.get(tool);
  if (existing && (existing.caught === root.caught || !existing.caught)) return false;
  byTool.set(tool, root);
  return true;
}

/**
 * The tool name beside a member: `{ name: "x", handler }`, `{ schema: { name: "x" }, handle }`, or
 * a class field `readonly name = "x"` of the class (or a base class) that implements the method.
 * A name held in a `const` is read through the checker.
 */
function toolNameNear(checker: ts.TypeChecker, declaration: ts.Declaration): string | undefined {
  /** The string a `const` holds: `const NAME = "x"`. */
  const constString = (symbol: ts.Symbol | undefined): string | undefined => {
    const value = symbol?.valueDeclaration;
    return value && ts.isVariableDeclaration(value) && value.initializer && ts.isStringLiteralLike(value.initializer) ? value.initializer.text : undefined;
  };
  const stringOf = (node: ts.Expression | undefined): string | undefined => {
    if (!node) return undefined;
    if (ts.isStringLiteralLike(node)) return node.text;
    if (ts.isIdentifier(node)) {
      const symbol = checker.getSymbolAtLocation(node);
      return constString(symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);
    }
    return undefined;
  };
  const parent = declaration.parent;
  if (ts.isObjectLiteralExpression(parent)) {
    const nameIn = (literal: ts.ObjectLiteralExpression): string | undefined => {
      for (const property of literal.properties) {
        if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === "name") return stringOf(property.initializer);
        // `{ name, execute }` with `export const name = "find_city"`.
        if (ts.isShorthandPropertyAssignment(property) && property.name.text === "name") {
          const name = constString(checker.getShorthandAssignmentValueSymbol(property));
          if (name !== undefined) return name;
        }
      }
      return undefined;
    };
    const direct = nameIn(parent);
    if (direct !== undefined) return direct;
    for (const property of parent.properties) {
      if (ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(property.initializer)) {
        const nested = nameIn(property.initializer);
        if (nested !== undefined) return nested;
      }
    }
    return undefined;
  }
  if (ts.isClassLike(parent)) {
    for (const member of parent.members) {
      if (ts.isPropertyDeclaration(member) && ts.isIdentifier(member.name) && member.name.text === "name") {
        return stringOf(member.initializer);
      }
    }
  }
  return undefined;
}

/** The function-like node a declaration stands for (`function f`, `const f = () => ...`, methods). */
function functionOf(declaration: ts.Declaration): ts.FunctionLikeDeclaration | undefined {
  let node: ts.Node | undefined = declaration;
  if (ts.isVariableDeclaration(declaration) || ts.isPropertyAssignment(declaration) || ts.isPropertyDeclaration(declaration)) {
    node = declaration.initializer;
    while (node && (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))) node = node.expression;
  }
  if (!node) return undefined;
  if (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)) {
    return node.body ? node : undefined;
  }
  return undefined;
}

/** The ESTree function of a converted declaration (a method's value, a property's function). */
function functionValue(node: TSESTree.Node): TSESTree.Node | undefined {
  if (isFunctionNode(node)) return node;
  if (
    (node.type === AST_NODE_TYPES.MethodDefinition || node.type === AST_NODE_TYPES.Property || node.type === AST_NODE_TYPES.PropertyDefinition) &&
    node.value &&
    isFunctionNode(node.value)
  ) {
    return node.value;
  }
  return undefined;
}
