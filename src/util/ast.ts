/**
 * Shared AST predicates and small resolvers. Every rule and the MCP model use these instead of
 * keeping private copies.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";

export type FunctionNode = TSESTree.FunctionDeclaration | TSESTree.FunctionExpression | TSESTree.ArrowFunctionExpression;

export function isFunctionNode(node: TSESTree.Node | null | undefined): node is FunctionNode {
  return (
    node?.type === AST_NODE_TYPES.FunctionDeclaration ||
    node?.type === AST_NODE_TYPES.FunctionExpression ||
    node?.type === AST_NODE_TYPES.ArrowFunctionExpression
  );
}

/** Strips TypeScript-only wrappers (`x as T`, `x!`, `x satisfies T`, `<T>x`) and `a?.b` chains. */
export function unwrap(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  for (;;) {
    switch (current.type) {
      case AST_NODE_TYPES.TSAsExpression:
      case AST_NODE_TYPES.TSSatisfiesExpression:
      case AST_NODE_TYPES.TSNonNullExpression:
      case AST_NODE_TYPES.TSTypeAssertion:
      case AST_NODE_TYPES.ChainExpression:
        current = current.expression;
        break;
      default:
        return current;
    }
  }
}

/** `await x` -> x, through TypeScript wrappers. */
export function unwrapAwait(node: TSESTree.Node): TSESTree.Node {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.AwaitExpression ? unwrap(n.argument) : n;
}

/** Statements after which what follows in their block does not run: `return`, `throw`, `break`, `continue`. */
export const LEAVES: ReadonlySet<string> = new Set<string>([
  AST_NODE_TYPES.ReturnStatement,
  AST_NODE_TYPES.ThrowStatement,
  AST_NODE_TYPES.BreakStatement,
  AST_NODE_TYPES.ContinueStatement,
]);

/** The outermost TypeScript-only wrapper around `node` (`(x as T)!`), or `node`: the inverse of `unwrap`. */
export function typeWrapped(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (
    current.parent?.type === AST_NODE_TYPES.TSAsExpression ||
    current.parent?.type === AST_NODE_TYPES.TSSatisfiesExpression ||
    current.parent?.type === AST_NODE_TYPES.TSNonNullExpression ||
    current.parent?.type === AST_NODE_TYPES.TSTypeAssertion
  )
    current = current.parent;
  return current;
}

/** The static name of a property key or member property (`a.b`, `a["b"]`, `{ b: 1 }`). */
export function staticKeyName(key: TSESTree.Node, computed: boolean): string | undefined {
  if (!computed && key.type === AST_NODE_TYPES.Identifier) return key.name;
  if (key.type === AST_NODE_TYPES.Literal && typeof key.value === "string") return key.value;
  if (key.type === AST_NODE_TYPES.Literal && typeof key.value === "number") return String(key.value);
  if (key.type === AST_NODE_TYPES.TemplateLiteral && key.expressions.length === 0) {
    return key.quasis[0]?.value.cooked ?? undefined;
  }
  return undefined;
}

export function memberName(node: TSESTree.MemberExpression): string | undefined {
  return staticKeyName(node.property, node.computed);
}

/** Finds a non-computed property by name in an object literal. */
export function findProperty(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  for (const property of object.properties) {
    if (property.type === AST_NODE_TYPES.Property && staticKeyName(property.key, property.computed) === name) {
      return property;
    }
  }
  return undefined;
}

export function hasSpread(object: TSESTree.ObjectExpression): boolean {
  return object.properties.some((p) => p.type === AST_NODE_TYPES.SpreadElement);
}

/** The value of a property as an expression (method shorthand gives its function). */
export function propertyValue(property: TSESTree.Property): TSESTree.Node {
  return unwrap(property.value);
}

/** A string known at lint time: literal, template without expressions, or `+` of those. */
export function staticString(node: TSESTree.Node): string | undefined {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Literal && typeof n.value === "string") return n.value;
  if (n.type === AST_NODE_TYPES.TemplateLiteral && n.expressions.length === 0) {
    return n.quasis[0]?.value.cooked ?? undefined;
  }
  if (n.type === AST_NODE_TYPES.BinaryExpression && n.operator === "+") {
    const left = staticString(n.left);
    const right = left === undefined ? undefined : staticString(n.right);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  return undefined;
}

/** Finds the variable an identifier refers to, walking up from the identifier's scope. */
export function findVariable(sourceCode: Readonly<TSESLint.SourceCode>, identifier: TSESTree.Identifier): TSESLint.Scope.Variable | undefined {
  let scope: TSESLint.Scope.Scope | null = sourceCode.getScope(identifier);
  while (scope) {
    const variable = scope.set.get(identifier.name);
    if (variable) return variable;
    scope = scope.upper;
  }
  return undefined;
}

/**
 * A `let` with no value of its own that only ever takes what a catch clause caught (`lastError =
 * error` in a retry loop's catch, or `error instanceof Error ? error : new Error(String(error))`):
 * thrown later, it sends on an error some `try` caught.
 */
export function holdsOnlyCaught(sourceCode: Readonly<TSESLint.SourceCode>, identifier: TSESTree.Identifier): boolean {
  const variable = findVariable(sourceCode, identifier);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || def?.type !== DefinitionType.Variable || def.parent.kind !== "let") return false;
  const init = def.node.init ? unwrap(def.node.init) : undefined;
  if (init && !(init.type === AST_NODE_TYPES.Literal && init.value === null) && !(init.type === AST_NODE_TYPES.Identifier && init.name === "undefined")) {
    return false;
  }
  const writes = variable.references.filter((reference) => reference.isWrite() && reference.identifier !== def.name);
  return (
    writes.length > 0 &&
    writes.every((reference) => {
      const value = reference.writeExpr;
      return value !== null && value !== undefined && isCaughtValue(value, reference.identifier);
    })
  );
}

/**
 * The catch stores the error it caught in a `let` that only ever holds caught errors, and its
 * function throws that variable (`lastError = error` in the catch of a retry loop, `throw
 * lastError` after it): the error is not stopped, only sent on later.
 */
export function keptForLaterThrow(sourceCode: Readonly<TSESLint.SourceCode>, clause: TSESTree.CatchClause, param: string): boolean {
  const kept = new Set<string>();
  for (const statement of clause.body.body) {
    const expression = statement.type === AST_NODE_TYPES.ExpressionStatement ? unwrap(statement.expression) : undefined;
    if (expression?.type !== AST_NODE_TYPES.AssignmentExpression || expression.operator !== "=" || expression.left.type !== AST_NODE_TYPES.Identifier)
      continue;
    if (mentionsName(sourceCode, expression.right, new Set([param]), "subtree") && holdsOnlyCaught(sourceCode, expression.left))
      kept.add(expression.left.name);
  }
  const fn = enclosingFunction(clause);
  if (kept.size === 0 || !fn) return false;
  return someOwnNode(sourceCode, fn, (node) => {
    if (node.type !== AST_NODE_TYPES.ThrowStatement) return false;
    const argument = unwrap(node.argument);
    return argument.type === AST_NODE_TYPES.Identifier && kept.has(argument.name) && !isInside(node, clause);
  });
}

/** The error of the catch clause around `at`, or a plain `Error` made in its place for a value that is none. */
function isCaughtValue(value: TSESTree.Node, at: TSESTree.Node): boolean {
  const node = unwrap(value);
  if (node.type === AST_NODE_TYPES.ConditionalExpression) {
    const branches = [node.consequent, node.alternate];
    const plainError = (branch: TSESTree.Node): boolean => {
      const inner = unwrap(branch);
      return (inner.type === AST_NODE_TYPES.NewExpression || inner.type === AST_NODE_TYPES.CallExpression) && isPlainErrorName(calleeName(inner));
    };
    return branches.some((branch) => isCaughtValue(branch, at)) && branches.every((branch) => isCaughtValue(branch, at) || plainError(branch));
  }
  const param = enclosingCatch(at)?.param;
  return node.type === AST_NODE_TYPES.Identifier && param?.type === AST_NODE_TYPES.Identifier && param.name === node.name;
}

/**
 * The initializer of a `const` the identifier refers to, when it has exactly one definition and
 * is never reassigned. Anything else is unknown (`undefined`).
 */
export function constInitializer(sourceCode: Readonly<TSESLint.SourceCode>, identifier: TSESTree.Identifier): TSESTree.Node | undefined {
  const variable = findVariable(sourceCode, identifier);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!def || def.type !== DefinitionType.Variable) return undefined;
  const declarator = def.node;
  if (declarator.id.type !== AST_NODE_TYPES.Identifier || !declarator.init) return undefined;
  const declaration = declarator.parent;
  if (declaration.kind !== "const") {
    // A `let` that is never written again is as good as a const.
    if (variable?.references.some((r) => r.isWrite() && r.identifier !== declarator.id)) {
      return undefined;
    }
  }
  return unwrap(declarator.init);
}

/** The function declared at the top of the file (other than `from`) that `call` calls by name (`return textResponse(json)`). */
export function calledTopLevelFunction(from: FunctionNode, call: TSESTree.CallExpression): FunctionNode | undefined {
  const callee = unwrap(call.callee);
  const called = callee.type === AST_NODE_TYPES.Identifier ? topLevelFunctions(from).get(callee.name) : undefined;
  return called === from ? undefined : called;
}

/** The function declarations at the top of the file of `node` (exported or not), by name; read once per file. */
export function topLevelFunctions(node: TSESTree.Node): ReadonlyMap<string, TSESTree.FunctionDeclaration> {
  let root: TSESTree.Node = node;
  while (root.parent) root = root.parent;
  let functions = topLevelByProgram.get(root);
  if (functions) return functions;
  topLevelByProgram.set(root, (functions = new Map<string, TSESTree.FunctionDeclaration>()));
  for (const statement of root.body) {
    const declaration = statement.type === AST_NODE_TYPES.ExportNamedDeclaration ? statement.declaration : statement;
    if (declaration?.type === AST_NODE_TYPES.FunctionDeclaration && declaration.id) functions.set(declaration.id.name, declaration);
  }
  return functions;
}

const topLevelByProgram = new WeakMap<TSESTree.Program, Map<string, TSESTree.FunctionDeclaration>>();

/** The function an identifier names in this file (declaration or a const function expression). */
export function resolveFunction(sourceCode: Readonly<TSESLint.SourceCode>, identifier: TSESTree.Identifier): FunctionNode | undefined {
  const variable = findVariable(sourceCode, identifier);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!def) return undefined;
  if (def.type === DefinitionType.FunctionName && isFunctionNode(def.node)) return def.node;
  if (def.type === DefinitionType.Variable) {
    const init = constInitializer(sourceCode, identifier);
    if (init && isFunctionNode(init)) return init;
  }
  return undefined;
}

/** `JSON.stringify(x, ...)` -> x. */
export function jsonStringifyArgument(node: TSESTree.Node): TSESTree.Node | undefined {
  const n = unwrap(node);
  if (n.type !== AST_NODE_TYPES.CallExpression || memberPath(n.callee) !== "JSON.stringify") return undefined;
  return n.arguments[0];
}

/** An object literal, directly or through a `const` in scope. */
export function objectLiteral(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): TSESTree.ObjectExpression | undefined {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.ObjectExpression) return n;
  if (n.type === AST_NODE_TYPES.Identifier) {
    const init = constInitializer(sourceCode, n);
    return init?.type === AST_NODE_TYPES.ObjectExpression ? init : undefined;
  }
  return undefined;
}

/**
 * Which parameter of `fn` binds the name: the parameter itself (`function f(options)`, with or
 * without a default), or a field of an object parameter (`function f({ path, options = {} })`),
 * with that field's key.
 */
export function parameterBinding(fn: FunctionNode, name: string): { readonly index: number; readonly field: string | undefined } | undefined {
  const plain = fn.params.findIndex((p) => {
    const param = p.type === AST_NODE_TYPES.AssignmentPattern ? p.left : p;
    return param.type === AST_NODE_TYPES.Identifier && param.name === name;
  });
  if (plain !== -1) return { index: plain, field: undefined };
  for (const [index, p] of fn.params.entries()) {
    const pattern = p.type === AST_NODE_TYPES.AssignmentPattern ? p.left : p;
    const field = pattern.type === AST_NODE_TYPES.ObjectPattern ? patternField(pattern, name) : undefined;
    if (field !== undefined) return { index, field };
  }
  return undefined;
}

/**
 * The parameter field a name of `fn` is destructured from at the top of its body
 * (`const { texts, isError = false } = options`, `options` a parameter).
 */
export function destructuredParameter(fn: FunctionNode, name: string): { readonly index: number; readonly field: string } | undefined {
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return undefined;
  for (const statement of fn.body.body) {
    if (statement.type !== AST_NODE_TYPES.VariableDeclaration) continue;
    for (const declarator of statement.declarations) {
      const source = declarator.init ? unwrap(declarator.init) : undefined;
      if (declarator.id.type !== AST_NODE_TYPES.ObjectPattern || source?.type !== AST_NODE_TYPES.Identifier) continue;
      const field = patternField(declarator.id, name);
      const index = fn.params.findIndex((p) => p.type === AST_NODE_TYPES.Identifier && p.name === source.name);
      if (field !== undefined && index !== -1) return { index, field };
    }
  }
  return undefined;
}

/** The key of the destructuring property that binds `name` (`{ isError = false }`, `{ failed: isError }`). */
export function patternField(pattern: TSESTree.ObjectPattern, name: string): string | undefined {
  for (const property of pattern.properties) {
    if (property.type !== AST_NODE_TYPES.Property || property.computed || property.key.type !== AST_NODE_TYPES.Identifier) continue;
    const value = property.value.type === AST_NODE_TYPES.AssignmentPattern ? property.value.left : property.value;
    if (value.type === AST_NODE_TYPES.Identifier && value.name === name) return property.key.name;
  }
  return undefined;
}

/** `injected ?? ((x) => ...)` (or `||`): the inline function on the right, the one that runs by default. */
export function fallbackFunction(node: TSESTree.Node): FunctionNode | undefined {
  if (node.type !== AST_NODE_TYPES.LogicalExpression || node.operator === "&&") return undefined;
  const right = unwrap(node.right);
  return isFunctionNode(right) ? right : undefined;
}

/** Whether the variable is written anywhere but where it is declared (a parameter's default, a destructuring, an initializer). */
export function writtenAfterDeclaration(variable: TSESLint.Scope.Variable): boolean {
  return variable.references.some((r) => r.isWrite() && !variable.identifiers.some((id) => id === r.identifier));
}

export type Loop = TSESTree.ForStatement | TSESTree.WhileStatement | TSESTree.DoWhileStatement | TSESTree.ForOfStatement | TSESTree.ForInStatement;

const LOOPS: ReadonlySet<AST_NODE_TYPES> = new Set([
  AST_NODE_TYPES.ForStatement,
  AST_NODE_TYPES.ForInStatement,
  AST_NODE_TYPES.ForOfStatement,
  AST_NODE_TYPES.WhileStatement,
  AST_NODE_TYPES.DoWhileStatement,
]);

/** A `for`, `for...in`, `for...of`, `while` or `do...while` statement. */
export function isLoop(node: TSESTree.Node): node is Loop {
  return LOOPS.has(node.type);
}

/** Whether the node runs once per item: inside a loop of its own function. */
export function inLoop(node: TSESTree.Node): boolean {
  for (let current = node.parent; current && !isFunctionNode(current); current = current.parent) if (isLoop(current)) return true;
  return false;
}

/**
 * Whether a write other than its declaration may have run by the time `read` reads the variable:
 * one written earlier in the code, in another function, or in a loop around the read (a later
 * write comes back round). `let streams = response.data; if (streams.length === 0) ...; streams =
 * downsample(streams)` still holds what it was declared with at the test.
 */
export function writtenBefore(variable: TSESLint.Scope.Variable, read: TSESTree.Node): boolean {
  const readIn = enclosingFunction(read);
  return variable.references.some((r) => {
    if (!r.isWrite() || variable.identifiers.some((id) => id === r.identifier)) return false;
    if (r.identifier.range[0] < read.range[0] || enclosingFunction(r.identifier) !== readIn) return true;
    for (let current: TSESTree.Node | undefined = r.identifier.parent; current && current !== readIn; current = current.parent) {
      if (isLoop(current) && current.range[0] <= read.range[0] && read.range[1] <= current.range[1]) return true;
    }
    return false;
  });
}

/** The nearest enclosing function of a node (not the node itself). */
export function enclosingFunction(node: TSESTree.Node): FunctionNode | undefined {
  let current = node.parent;
  while (current) {
    if (isFunctionNode(current)) return current;
    current = current.parent;
  }
  return undefined;
}

/** The catch clause a node sits in, within its function. */
export function enclosingCatch(node: TSESTree.Node): TSESTree.CatchClause | undefined {
  for (let current = node.parent; current && !isFunctionNode(current); current = current.parent) {
    if (current.type === AST_NODE_TYPES.CatchClause) return current;
  }
  return undefined;
}

/** The position of the plain identifier parameter `name` in the function, or -1. */
export function parameterIndex(fn: FunctionNode, name: string | undefined): number {
  return name === undefined ? -1 : fn.params.findIndex((p) => p.type === AST_NODE_TYPES.Identifier && p.name === name);
}

/**
 * Whether `node` belongs to the tree of `sourceCode`, not to a file the program index read: only
 * then do the file's scopes (`findVariable`, `constInitializer`) describe it.
 */
export function inFile(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): boolean {
  let current = node;
  while (current.parent) current = current.parent;
  return current === sourceCode.ast;
}

/** Whether `inner` is `outer` or lies inside it. */
export function isInside(inner: TSESTree.Node, outer: TSESTree.Node): boolean {
  return inner.range[0] >= outer.range[0] && inner.range[1] <= outer.range[1];
}

/** The leftmost identifier of a member chain (`a` in `a.b.c`, `a.b()`), unwrapping awaits. */
export function rootIdentifier(node: TSESTree.Node): TSESTree.Identifier | undefined {
  let current = unwrap(node);
  for (;;) {
    if (current.type === AST_NODE_TYPES.Identifier) return current;
    if (current.type === AST_NODE_TYPES.MemberExpression) current = unwrap(current.object);
    else if (current.type === AST_NODE_TYPES.ChainExpression) current = current.expression;
    else if (current.type === AST_NODE_TYPES.CallExpression) current = unwrap(current.callee);
    else return undefined;
  }
}

/** The dotted text of a simple member chain (`ctx.mcpReq.signal`), or undefined. */
export function memberPath(node: TSESTree.Node): string | undefined {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Identifier) return n.name;
  if (n.type === AST_NODE_TYPES.ThisExpression) return "this";
  if (n.type === AST_NODE_TYPES.ChainExpression) return memberPath(n.expression);
  if (n.type === AST_NODE_TYPES.MemberExpression) {
    const object = memberPath(n.object);
    const name = memberName(n);
    return object === undefined || name === undefined ? undefined : `${object}.${name}`;
  }
  return undefined;
}

/** The name of a called function: `f` for `f()`, `g` for `a.b.g()`. */
export function calleeName(call: TSESTree.CallExpression | TSESTree.NewExpression): string | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) return callee.name;
  if (callee.type === AST_NODE_TYPES.MemberExpression) return memberName(callee);
  return undefined;
}

/** `Error`, `TypeError`, `RangeError`: the built-in classes whose call or `new` builds a plain error from a message. */
export function isPlainErrorName(name: string | undefined): boolean {
  return name !== undefined && /^(Error|TypeError|RangeError)$/.test(name);
}

/** A readable name for a function node (declaration name, variable or property it is assigned to). */
export function functionName(node: FunctionNode): string | undefined {
  if (node.id) return node.id.name;
  const parent = node.parent;
  if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier) {
    return parent.id.name;
  }
  if (parent.type === AST_NODE_TYPES.Property || parent.type === AST_NODE_TYPES.MethodDefinition || parent.type === AST_NODE_TYPES.PropertyDefinition) {
    return staticKeyName(parent.key, parent.computed);
  }
  return undefined;
}

/**
 * The value assigned to `this.name` in the enclosing class: a property initializer
 * (`name = x`) or the one assignment `this.name = x` in the constructor.
 */
export function thisPropertyInitializer(node: TSESTree.MemberExpression): TSESTree.Node | undefined {
  if (node.object.type !== AST_NODE_TYPES.ThisExpression) return undefined;
  const name = memberName(node);
  if (name === undefined) return undefined;
  let current: TSESTree.Node | undefined = node.parent;
  while (current && current.type !== AST_NODE_TYPES.ClassBody) current = current.parent;
  if (!current) return undefined;
  for (const member of current.body) {
    if (member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && staticKeyName(member.key, member.computed) === name && member.value) {
      return unwrap(member.value);
    }
  }
  const constructor = current.body.find((m): m is TSESTree.MethodDefinition => m.type === AST_NODE_TYPES.MethodDefinition && m.kind === "constructor");
  const assignments: TSESTree.Node[] = [];
  for (const statement of constructor?.value.body?.body ?? []) {
    if (statement.type !== AST_NODE_TYPES.ExpressionStatement) continue;
    const e = statement.expression;
    if (e.type === AST_NODE_TYPES.AssignmentExpression && e.operator === "=" && memberPath(e.left) === `this.${name}`) assignments.push(e.right);
  }
  return assignments.length === 1 && assignments[0] ? unwrap(assignments[0]) : undefined;
}

/**
 * The text of a message for matching words in it: a static string, or the static parts of a
 * template joined with "…" (`No results for ${q}` -> "No results for …").
 */
export function messageText(node: TSESTree.Node): string | undefined {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.TemplateLiteral) return n.quasis.map((q) => q.value.cooked).join("…");
  if (n.type === AST_NODE_TYPES.BinaryExpression && n.operator === "+") {
    const left = messageText(n.left);
    const right = messageText(n.right);
    return left === undefined && right === undefined ? undefined : `${left ?? "…"}${right ?? "…"}`;
  }
  return staticString(n);
}

/** Combines rule listeners; handlers for the same selector run in the order given. */
export function mergeListeners(...all: TSESLint.RuleListener[]): TSESLint.RuleListener {
  const nonEmpty = all.filter((listeners) => Object.keys(listeners).length > 0);
  if (nonEmpty.length <= 1) return nonEmpty[0] ?? {};
  const merged: Record<string, ((node: never) => void)[]> = {};
  for (const listeners of all) {
    for (const [selector, handler] of Object.entries(listeners)) {
      if (typeof handler !== "function") continue;
      (merged[selector] ??= []).push(handler);
    }
  }
  const result: Record<string, (node: never) => void> = {};
  for (const [selector, handlers] of Object.entries(merged)) {
    const [only] = handlers;
    result[selector] =
      handlers.length === 1 && only
        ? only
        : (node: never): void => {
            for (const handler of handlers) handler(node);
          };
  }
  return result;
}

/** Calls `visit` on each child node of `node`, in visitor-key order (all keys, types included). */
export function forEachChild(
  node: TSESTree.Node,
  visitorKeys: Readonly<Record<string, readonly string[] | undefined>>,
  visit: (child: TSESTree.Node) => void,
  skipKeys?: ReadonlySet<string>,
): void {
  for (const key of visitorKeys[node.type] ?? []) {
    if (skipKeys?.has(key)) continue;
    const child = (node as unknown as Record<string, unknown>)[key];
    if (Array.isArray(child)) {
      for (const c of child as (TSESTree.Node | null)[]) if (c) visit(c);
    } else if (child && typeof child === "object") {
      visit(child as TSESTree.Node);
    }
  }
}

/**
 * Records the local names an import declaration binds: `name -> "module"` for default and
 * namespace imports, `name -> "module#exported"` for named ones.
 */
export function recordImport(node: TSESTree.ImportDeclaration, map: Map<string, string>): void {
  const source = node.source.value;
  for (const specifier of node.specifiers) {
    map.set(
      specifier.local.name,
      specifier.type === AST_NODE_TYPES.ImportSpecifier
        ? `${source}#${specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value}`
        : source,
    );
  }
}

/** Records what `const x = require(source)` or `const { a, b: c } = require(source)` binds. */
export function recordRequireBinding(id: TSESTree.Node, source: string, map: Map<string, string>): void {
  if (id.type === AST_NODE_TYPES.Identifier) map.set(id.name, source);
  if (id.type === AST_NODE_TYPES.ObjectPattern) {
    for (const p of id.properties) {
      if (p.type === AST_NODE_TYPES.Property && p.key.type === AST_NODE_TYPES.Identifier && p.value.type === AST_NODE_TYPES.Identifier) {
        map.set(p.value.name, `${source}#${p.key.name}`);
      }
    }
  }
}

/**
 * The `return` statements of a function body, not of nested functions. Only statements are
 * walked: a `return` cannot sit inside an expression except in a nested function.
 */
export function ownReturnStatements(body: TSESTree.BlockStatement): TSESTree.ReturnStatement[] {
  const returns: TSESTree.ReturnStatement[] = [];
  const visit = (node: TSESTree.Statement | null | undefined): void => {
    if (!node) return;
    switch (node.type) {
      case AST_NODE_TYPES.ReturnStatement:
        returns.push(node);
        break;
      case AST_NODE_TYPES.BlockStatement:
        node.body.forEach(visit);
        break;
      case AST_NODE_TYPES.IfStatement:
        visit(node.consequent);
        visit(node.alternate);
        break;
      case AST_NODE_TYPES.ForStatement:
      case AST_NODE_TYPES.ForInStatement:
      case AST_NODE_TYPES.ForOfStatement:
      case AST_NODE_TYPES.WhileStatement:
      case AST_NODE_TYPES.DoWhileStatement:
      case AST_NODE_TYPES.LabeledStatement:
      case AST_NODE_TYPES.WithStatement:
        visit(node.body);
        break;
      case AST_NODE_TYPES.TryStatement:
        visit(node.block);
        visit(node.handler?.body);
        visit(node.finalizer);
        break;
      case AST_NODE_TYPES.SwitchStatement:
        for (const c of node.cases) c.consequent.forEach(visit);
        break;
      default:
        break;
    }
  };
  body.body.forEach(visit);
  return returns;
}

/**
 * What each `return` of a function gives (its expression body, or each own `return x`), with
 * `null` for a bare `return;`: "every return gives X" fails on it.
 */
export function returnedValues(fn: FunctionNode): (TSESTree.Node | null)[] {
  return fn.body.type === AST_NODE_TYPES.BlockStatement ? ownReturnStatements(fn.body).map((r) => r.argument) : [fn.body];
}

/** The object literals `fn` returns, when every return gives one (`return { ok: false, summary }`). */
export function returnedObjectLiterals(fn: FunctionNode): TSESTree.ObjectExpression[] | undefined {
  const objects: TSESTree.ObjectExpression[] = [];
  for (const value of returnedValues(fn)) {
    const object = value ? unwrap(value) : undefined;
    if (object?.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
    objects.push(object);
  }
  return objects.length > 0 ? objects : undefined;
}

/** Visitor keys that lead only into type annotations: walks that look for code skip them. */
export const TYPE_KEYS: ReadonlySet<string> = new Set([
  "typeAnnotation",
  "returnType",
  "typeParameters",
  "typeArguments",
  "superTypeArguments",
  "implements",
]);

/**
 * Calls `visit` on every node inside `root` that belongs to the same function: nested functions
 * and classes are skipped (their code runs later, or not at all).
 */
export function forEachOwnNode(sourceCode: Readonly<TSESLint.SourceCode>, root: TSESTree.Node, visit: (node: TSESTree.Node) => void): void {
  const keys = sourceCode.visitorKeys;
  const walk = (node: TSESTree.Node): void => {
    if (node !== root && (isFunctionNode(node) || node.type === AST_NODE_TYPES.ClassBody)) return;
    visit(node);
    forEachChild(node, keys, walk, TYPE_KEYS);
  };
  walk(root);
}

/**
 * Whether some node of root's own code (as `forEachOwnNode` walks it) passes `test`; the walk
 * stops at the first that does.
 */
export function someOwnNode(sourceCode: Readonly<TSESLint.SourceCode>, root: TSESTree.Node, test: (node: TSESTree.Node) => boolean): boolean {
  const keys = sourceCode.visitorKeys;
  let found = false;
  const walk = (node: TSESTree.Node): void => {
    if (found || (node !== root && (isFunctionNode(node) || node.type === AST_NODE_TYPES.ClassBody))) return;
    if (test(node)) {
      found = true;
      return;
    }
    forEachChild(node, keys, walk, TYPE_KEYS);
  };
  walk(root);
  return found;
}

/**
 * Whether a template's own words say nothing beyond what it interpolates: none, or only "Error"
 * (`\`${message}\``, `\`Error: ${message}\``), compared without case and punctuation.
 */
export function addsNoWords(template: TSESTree.TemplateLiteral): boolean {
  const words = template.quasis
    .map((q) => q.value.cooked)
    .join(" ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .toLowerCase();
  return words === "" || words === "error";
}

/** A key for a node's place in its file, stable across conversions of the same text (`start:end`). */
export function rangeKey(range: readonly [number, number]): string {
  return `${String(range[0])}:${String(range[1])}`;
}

/** The identifier names a property (`x.e`, `{ e: 1 }`), not a variable. */
export function isPropertyName(identifier: TSESTree.Identifier): boolean {
  const parent = identifier.parent;
  return (
    (parent.type === AST_NODE_TYPES.Property && parent.key === identifier && !parent.computed && !parent.shorthand) ||
    (parent.type === AST_NODE_TYPES.MemberExpression && parent.property === identifier && !parent.computed)
  );
}

/**
 * Whether a variable with one of `names` is read under `root` (an identifier, not a property
 * name). `"own-code"` looks only at the code of root's own function, as `forEachOwnNode` walks it;
 * `"subtree"` looks at every node below root, so a name read inside a closure counts too.
 */
export function mentionsName(
  sourceCode: Readonly<TSESLint.SourceCode>,
  root: TSESTree.Node,
  names: ReadonlySet<string>,
  within: "own-code" | "subtree",
): boolean {
  if (names.size === 0) return false;
  let found = false;
  const check = (node: TSESTree.Node): boolean => node.type === AST_NODE_TYPES.Identifier && names.has(node.name) && !isPropertyName(node);
  if (within === "own-code") return someOwnNode(sourceCode, root, check);
  const visit = (node: TSESTree.Node): void => {
    if (found) return;
    if (check(node)) found = true;
    // An identifier's children (type annotation, decorators) belong to a declaration, not to a value read.
    else if (node.type !== AST_NODE_TYPES.Identifier) forEachChild(node, sourceCode.visitorKeys, visit);
  };
  visit(root);
  return found;
}

/** The function a higher-order function returns (`fn => async (...a) => ...`). */
export function returnedFunction(fn: FunctionNode): FunctionNode | undefined {
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) {
    const body = unwrap(fn.body);
    return isFunctionNode(body) ? body : undefined;
  }
  for (const statement of fn.body.body) {
    if (statement.type === AST_NODE_TYPES.ReturnStatement && statement.argument) {
      const argument = unwrap(statement.argument);
      if (isFunctionNode(argument)) return argument;
    }
  }
  return undefined;
}

/**
 * What a wrapper does with its parameter at `index`: the function it returns, which calls it, and
 * the parameter's name (`withErrors(run) { return async (args) => { try { return await run(args) } ... } }`).
 */
export function wrapperCall(wrapper: FunctionNode, index: number): { fn: FunctionNode; param: string } | undefined {
  const param = wrapper.params[index];
  const returned = returnedFunction(wrapper);
  return returned && param?.type === AST_NODE_TYPES.Identifier ? { fn: returned, param: param.name } : undefined;
}

/**
 * Whether a function hands back its parameter at `index` itself (`function gated(ok, fn) { if
 * (!ok) return fallback; return fn; }`): what it is given is what runs.
 */
export function returnsParam(sourceCode: Readonly<TSESLint.SourceCode>, fn: FunctionNode, index: number): boolean {
  const param = fn.params[index];
  if (param?.type !== AST_NODE_TYPES.Identifier) return false;
  const name = param.name;
  const isParam = (node: TSESTree.Node | null | undefined): boolean => {
    const value = node ? unwrap(node) : undefined;
    return value?.type === AST_NODE_TYPES.Identifier && value.name === name;
  };
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return isParam(fn.body);
  return someOwnNode(sourceCode, fn.body, (node) => node.type === AST_NODE_TYPES.ReturnStatement && isParam(node.argument));
}

/**
 * How an answer helper is named at its call: `toResult` for `toResult(data)`, `this.toResult`
 * for a method of the class (`this.toResult(data)`); undefined for any other callee.
 */
export function answerCalleeName(call: TSESTree.CallExpression): string | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) return callee.name;
  if (callee.type !== AST_NODE_TYPES.MemberExpression || unwrap(callee.object).type !== AST_NODE_TYPES.ThisExpression) return undefined;
  const name = memberName(callee);
  return name === undefined ? undefined : `this.${name}`;
}

/**
 * The functions whose call is returned (`return formatError(e)` in a catch, `return
 * createToolResponse(text)`, `return this.toResult(data)`), by `answerCalleeName`, each with its
 * first such call: what a file may answer with.
 */
export function answerCallees(calls: readonly TSESTree.CallExpression[]): Map<string, TSESTree.CallExpression> {
  const names = new Map<string, TSESTree.CallExpression>();
  for (const call of calls) {
    let holder: TSESTree.Node = call;
    while (holder.parent.type === AST_NODE_TYPES.AwaitExpression) holder = holder.parent;
    const { parent } = holder;
    const returned = parent.type === AST_NODE_TYPES.ReturnStatement || (parent.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === holder);
    const name = returned ? answerCalleeName(call) : undefined;
    if (name !== undefined && !names.has(name)) names.set(name, call);
  }
  return names;
}

/** The name of the `catch (e)` parameter of the catch clause around `node`, if it is a plain name. */
export function enclosingCatchParam(node: TSESTree.Node): string | undefined {
  const param = enclosingCatch(node)?.param;
  return param?.type === AST_NODE_TYPES.Identifier ? param.name : undefined;
}

/**
 * `signal.aborted` (also in `a && b`) on a signal the function was handed (`ctx.signal`, a
 * `signal` parameter): true only once the caller cancelled. One of the code's own
 * (`this.abortController.signal`) says nothing of the request.
 */
export function isCancelledTest(sourceCode: Readonly<TSESLint.SourceCode>, test: TSESTree.Node): boolean {
  const n = unwrap(test);
  if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator === "&&")
    return isCancelledTest(sourceCode, n.left) || isCancelledTest(sourceCode, n.right);
  if (n.type !== AST_NODE_TYPES.MemberExpression || memberName(n) !== "aborted") return false;
  let root: TSESTree.Node = unwrap(n.object);
  while (root.type === AST_NODE_TYPES.MemberExpression) root = unwrap(root.object);
  const def = root.type === AST_NODE_TYPES.Identifier ? findVariable(sourceCode, root)?.defs[0] : undefined;
  return def?.type === DefinitionType.Parameter;
}
