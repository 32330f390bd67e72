/**
 * Result builders whose `isError` is a parameter: `function reply(text, isError = false)`, or
 * `function build({ texts, isError = false })`, or `const { isError = false } = options` in the
 * builder. A call makes an error result only when it passes `true` there; a call that passes
 * nothing or `false` makes a success, and one that passes a value the file does not show is
 * neither (unknown means silent).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { type FunctionNode, destructuredParameter, findProperty, parameterBinding, unwrap } from "../util/ast.js";

/** Where a builder takes its `isError`: the argument at `index`, or the field `field` of it. */
interface ErrorFlag {
  readonly index: number;
  readonly field: string | undefined;
}

/** The parameter (or parameter field) the `isError` of the builder's result literal comes from. */
export function errorFlagOf(builder: FunctionNode, object: TSESTree.ObjectExpression): ErrorFlag | undefined {
  const property = findProperty(object, "isError");
  const value = property ? unwrap(property.value) : undefined;
  if (value?.type !== AST_NODE_TYPES.Identifier) return undefined;
  const name = value.name;
  // `reply(text, isError = false)`, `build({ texts, isError = false })`, or `const { texts, isError = false } = options` at the top of the builder.
  return parameterBinding(builder, name) ?? destructuredParameter(builder, name);
}

/**
 * Whether a call of an error helper makes an error result: always, unless the helper takes its
 * `isError` from a parameter, then only when the call passes a literal `true` there.
 */
export function callMakesError(helper: FunctionNode, object: TSESTree.ObjectExpression, call: TSESTree.CallExpression): boolean {
  const flag = errorFlagOf(helper, object);
  if (!flag) return true;
  const argument = call.arguments[flag.index];
  if (!argument || argument.type === AST_NODE_TYPES.SpreadElement) return false;
  let passed: TSESTree.Node | undefined = unwrap(argument);
  if (flag.field !== undefined) {
    const property = passed.type === AST_NODE_TYPES.ObjectExpression ? findProperty(passed, flag.field) : undefined;
    passed = property ? unwrap(property.value) : undefined;
  }
  return passed?.type === AST_NODE_TYPES.Literal && passed.value === true;
}
