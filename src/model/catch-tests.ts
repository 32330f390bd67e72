/**
 * What a catch tests about the error it caught: its class (`e instanceof A`, `isAxiosError(e)`),
 * or a text in its message (`e.message.includes("rate limit")`); and the written-out text of a
 * throw, to judge it against such a test.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { calleeName, memberName, staticString, unwrap } from "../util/ast.js";

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
 * The text an `if` tests the caught error's message for, as one condition of its test:
 * `e.message.includes("x")`, `e.message?.toLowerCase().includes("x")`, `String(e).includes("x")`,
 * alone or with `&&`. Lower case.
 */
export function messageTest(statement: TSESTree.Statement, param: string): string | undefined {
  if (statement.type !== AST_NODE_TYPES.IfStatement) return undefined;
  const find = (test: TSESTree.Node): string | undefined => {
    const n = unwrap(test);
    if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator === "&&") return find(n.left) ?? find(n.right);
    if (n.type !== AST_NODE_TYPES.CallExpression || n.arguments.length !== 1) return undefined;
    const callee = unwrap(n.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "includes") return undefined;
    const needle = staticString(unwrap(n.arguments[0] as TSESTree.Node));
    return needle && readsMessage(callee.object, param) ? needle.toLowerCase() : undefined;
  };
  return find(statement.test);
}

/** `e.message`, `e.message?.toLowerCase()`, `String(e)`, `` `${e}` `` of the caught error `param`. */
function readsMessage(node: TSESTree.Node, param: string): boolean {
  let n = unwrap(node);
  if (n.type === AST_NODE_TYPES.ChainExpression) n = unwrap(n.expression);
  if (n.type === AST_NODE_TYPES.CallExpression && n.arguments.length === 0) {
    const callee = unwrap(n.callee);
    if (callee.type === AST_NODE_TYPES.MemberExpression && /^to(Lower|Upper)Case$/.test(memberName(callee) ?? ""))
      return readsMessage(callee.object, param);
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
