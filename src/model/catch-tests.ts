/**
 * What a catch tests about the error it caught: its class (`e instanceof A`, `isAxiosError(e)`),
 * or a text in its message (`e.message.includes("rate limit")`); and the written-out text of a
 * throw, to judge it against such a test.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import { calleeName, findVariable, forEachChild, isPropertyName, memberName, staticString, unwrap } from "../util/ast.js";

/**
 * The class a test of the caught error checks: `e instanceof A` (or `e instanceof ns.A`), and a
 * type guard named for an error class, `isAxiosError(e)` / `axios.isAxiosError(e)` /
 * `isGitHubError(e)`: true only for errors of that class.
 */
export function testedClass(test: TSESTree.Node, param: string): string | undefined {
  if (test.type === AST_NODE_TYPES.BinaryExpression && test.operator === "instanceof") {
    const left = unwrap(test.left);
    if (left.type !== AST_NODE_TYPES.Identifier || left.name !== param) return undefined;
    const right = unwrap(test.right);
    if (right.type === AST_NODE_TYPES.Identifier) return right.name;
    return right.type === AST_NODE_TYPES.MemberExpression && !right.computed && right.property.type === AST_NODE_TYPES.Identifier
      ? right.property.name
      : undefined;
  }
  if (test.type === AST_NODE_TYPES.CallExpression && test.arguments.length === 1) {
    const argument = unwrap(test.arguments[0] as TSESTree.Node);
    const guard = /^is([A-Z]\w*Error)$/u.exec(calleeName(test) ?? "");
    if (guard && argument.type === AST_NODE_TYPES.Identifier && argument.name === param) return guard[1];
  }
  return undefined;
}

/** `if (e instanceof A)` or `if (e instanceof A || isBError(e))`: the classes tested. */
export function instanceofClasses(statement: TSESTree.Statement, param: string): string[] | undefined {
  if (statement.type !== AST_NODE_TYPES.IfStatement) return undefined;
  const classes: string[] = [];
  const read = (test: TSESTree.Node): boolean => {
    const n = unwrap(test);
    if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator === "||") return read(n.left) && read(n.right);
    const name = testedClass(n, param);
    if (name === undefined) return false;
    classes.push(name);
    return true;
  };
  return read(statement.test) ? classes : undefined;
}

/**
 * The texts an `if` tests the caught error's message for, as one condition of its test:
 * `e.message.includes("x")`, `e.message?.toLowerCase().includes("x")`, `String(e).includes("x")`,
 * alone or with `&&`, or several of them joined by `||` (taken for any of the texts). Lower case.
 */
export function messageTest(statement: TSESTree.Statement, param: string): string[] | undefined {
  if (statement.type !== AST_NODE_TYPES.IfStatement) return undefined;
  const messages = messageConstants(statement, param);
  const find = (test: TSESTree.Node): string[] | undefined => {
    const n = unwrap(test);
    if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator === "&&") return find(n.left) ?? find(n.right);
    // `msg.includes("forbidden") || msg.includes("verification")`: taken for either text.
    if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator === "||") {
      const left = find(n.left);
      const right = left ? find(n.right) : undefined;
      return left && right ? [...left, ...right] : undefined;
    }
    if (n.type !== AST_NODE_TYPES.CallExpression || n.arguments.length !== 1) return undefined;
    const callee = unwrap(n.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "includes") return undefined;
    const needle = staticString(unwrap(n.arguments[0] as TSESTree.Node));
    return needle && readsMessage(callee.object, param, messages) ? [needle.toLowerCase()] : undefined;
  };
  return find(statement.test);
}

/**
 * `const msg = error instanceof Error ? error.message : String(error)` before `statement`, in the
 * same block of the catch: constants that hold the caught error's message.
 */
function messageConstants(statement: TSESTree.Statement, param: string): Set<string> {
  const names = new Set<string>();
  const block = statement.parent;
  if (block.type !== AST_NODE_TYPES.BlockStatement) return names;
  for (const s of block.body) {
    if (s === statement) break;
    if (s.type !== AST_NODE_TYPES.VariableDeclaration || s.kind !== "const") continue;
    for (const d of s.declarations) if (d.id.type === AST_NODE_TYPES.Identifier && d.init && holdsMessage(d.init, param)) names.add(d.id.name);
  }
  return names;
}

/** The message in every branch: `e.message`, `e instanceof Error ? e.message : String(e)`, `e?.message ?? String(e)`. */
function holdsMessage(node: TSESTree.Node, param: string): boolean {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.ConditionalExpression) return holdsMessage(n.consequent, param) && holdsMessage(n.alternate, param);
  if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator !== "&&") return holdsMessage(n.left, param) && holdsMessage(n.right, param);
  return readsMessage(n, param, new Set());
}

/** `e.message`, `e.message?.toLowerCase()`, `String(e)`, `` `${e}` `` of the caught error `param`, or a constant that holds it. */
function readsMessage(node: TSESTree.Node, param: string, messages: ReadonlySet<string>): boolean {
  let n = unwrap(node);
  if (n.type === AST_NODE_TYPES.ChainExpression) n = unwrap(n.expression);
  if (n.type === AST_NODE_TYPES.Identifier) return messages.has(n.name);
  if (n.type === AST_NODE_TYPES.CallExpression && n.arguments.length === 0) {
    const callee = unwrap(n.callee);
    if (callee.type === AST_NODE_TYPES.MemberExpression && /^to(Lower|Upper)Case$/.test(memberName(callee) ?? ""))
      return readsMessage(callee.object, param, messages);
  }
  if (n.type === AST_NODE_TYPES.CallExpression && calleeName(n) === "String" && n.arguments.length === 1)
    return isParam(n.arguments[0] as TSESTree.Node, param);
  return n.type === AST_NODE_TYPES.MemberExpression && memberName(n) === "message" && isParam(n.object, param);
}

function isParam(node: TSESTree.Node, param: string): boolean {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.Identifier && n.name === param;
}

/** The whole message of `throw new Error("...")` when it is written out (no part computed), lower case. */
export function staticThrownText(node: TSESTree.ThrowStatement): string | undefined {
  const argument = unwrap(node.argument);
  const first = argument.type === AST_NODE_TYPES.NewExpression || argument.type === AST_NODE_TYPES.CallExpression ? argument.arguments[0] : undefined;
  const text = first ? staticString(unwrap(first)) : undefined;
  return text?.toLowerCase();
}

/**
 * Whether an `if` in a catch is taken only for some inputs, whatever the error: one condition of
 * its `&&` chain reads nothing but parameters and constants that do not come from the caught error
 * `param` (`e.message.includes("rate limit") && path === basePath`). On the other inputs every
 * error goes on past the `if`. A condition that calls anything, reads `this` or a variable written
 * again (state the try may have set) is not known to be one.
 */
export function inputCondition(sourceCode: Readonly<TSESLint.SourceCode>, test: TSESTree.Node, param: string | undefined): boolean {
  const n = unwrap(test);
  if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator === "&&")
    return inputCondition(sourceCode, n.left, param) || inputCondition(sourceCode, n.right, param);
  return readsOnlyInputs(sourceCode, n, param, 0);
}

function readsOnlyInputs(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node, param: string | undefined, depth: number): boolean {
  const n = unwrap(node);
  switch (n.type) {
    case AST_NODE_TYPES.Literal:
      return true;
    case AST_NODE_TYPES.Identifier:
      return fixedValue(sourceCode, n, param, depth);
    case AST_NODE_TYPES.MemberExpression:
      return readsOnlyInputs(sourceCode, n.object, param, depth) && (!n.computed || readsOnlyInputs(sourceCode, n.property, param, depth));
    case AST_NODE_TYPES.BinaryExpression:
      return (
        n.left.type !== AST_NODE_TYPES.PrivateIdentifier &&
        readsOnlyInputs(sourceCode, n.left, param, depth) &&
        readsOnlyInputs(sourceCode, n.right, param, depth)
      );
    case AST_NODE_TYPES.LogicalExpression:
      return readsOnlyInputs(sourceCode, n.left, param, depth) && readsOnlyInputs(sourceCode, n.right, param, depth);
    case AST_NODE_TYPES.UnaryExpression:
      return n.operator !== "delete" && readsOnlyInputs(sourceCode, n.argument, param, depth);
    case AST_NODE_TYPES.TemplateLiteral:
      return n.expressions.every((e) => readsOnlyInputs(sourceCode, e, param, depth));
    default:
      return false;
  }
}

/**
 * A parameter never written again, or a variable written once from a value that does not read
 * the caught error (`const basePath = getRegistryBasePath()`, not `const status = e.status`).
 */
function fixedValue(sourceCode: Readonly<TSESLint.SourceCode>, identifier: TSESTree.Identifier, param: string | undefined, depth: number): boolean {
  if (identifier.name === "undefined") return true;
  if (identifier.name === param) return false;
  const variable = findVariable(sourceCode, identifier);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || !def) return false;
  // The declaration's own write (an initializer, a parameter's default) is not a second value.
  if (variable.references.some((r) => r.isWrite() && r.identifier !== def.name)) return false;
  if (def.type === DefinitionType.Parameter) return true;
  if (def.type !== DefinitionType.Variable || !def.node.init || depth > 2) return false;
  let derived = false;
  const visit = (node: TSESTree.Node): void => {
    if (derived) return;
    if (node.type === AST_NODE_TYPES.Identifier) {
      if (!isPropertyName(node) && (node.name === param || mayComeFromCaught(sourceCode, node, param, depth))) derived = true;
      return;
    }
    forEachChild(node, sourceCode.visitorKeys, visit);
  };
  visit(def.node.init);
  return !derived;
}

/** A name declared or written in a catch, where its value may come from the caught error. */
function mayComeFromCaught(sourceCode: Readonly<TSESLint.SourceCode>, identifier: TSESTree.Identifier, param: string | undefined, depth: number): boolean {
  const variable = findVariable(sourceCode, identifier);
  if (!variable) return false;
  if (variable.defs.some((d) => isInsideCatch(d.name))) return !fixedValue(sourceCode, identifier, param, depth + 1);
  return variable.references.some((r) => r.isWrite() && isInsideCatch(r.identifier));
}

/** Whether a node sits in a catch clause. */
function isInsideCatch(node: TSESTree.Node): boolean {
  for (let current = node.parent; current; current = current.parent) if (current.type === AST_NODE_TYPES.CatchClause) return true;
  return false;
}

/**
 * `if (!(e instanceof McpError)) throw e;` before `statement` in a catch's block: past it, the
 * caught error is of the tested class. `exits` says whether a statement always leaves the catch.
 */
export function narrowedByExit(
  block: TSESTree.BlockStatement,
  statement: TSESTree.Node,
  param: string,
  exits: (s: TSESTree.Statement) => boolean,
): string | undefined {
  for (const s of block.body) {
    if (s === statement) return undefined;
    if (s.type !== AST_NODE_TYPES.IfStatement || s.alternate) continue;
    const test = unwrap(s.test);
    if (test.type !== AST_NODE_TYPES.UnaryExpression || test.operator !== "!") continue;
    const cls = testedClass(unwrap(test.argument), param);
    if (cls !== undefined && exits(s.consequent)) return cls;
  }
  return undefined;
}

/** The class a branch's test narrows the caught error to: `e instanceof X`, also as one side of `&&` (`e instanceof Error && e.name === "X"`) or as each side of `||`. */
export function narrowingClass(test: TSESTree.Node, param: string): string | undefined {
  if (test.type === AST_NODE_TYPES.LogicalExpression && test.operator === "&&")
    return narrowingClass(unwrap(test.left), param) ?? narrowingClass(unwrap(test.right), param);
  // `e instanceof DomainError || e instanceof InfrastructureError`: narrowed to one of the classes, when each side tests one.
  if (test.type === AST_NODE_TYPES.LogicalExpression && test.operator === "||") {
    const left = narrowingClass(unwrap(test.left), param);
    return left !== undefined && narrowingClass(unwrap(test.right), param) !== undefined ? left : undefined;
  }
  return testedClass(test, param);
}
