/**
 * Result builders whose `isError` is a parameter: `function reply(text, isError = false)`, or
 * `function build({ texts, isError = false })`, or `const { isError = false } = options` in the
 * builder, or a comparison of one (`isError: status === "error"`). A call makes an error result
 * only when it passes `true` there (or the value the comparison makes true); a call that passes
 * nothing or another literal makes a success, and one that passes a value the file does not show
 * is neither (unknown means silent).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  destructuredParameter,
  findProperty,
  findVariable,
  enclosingFunction,
  hasSpread,
  mentionsName,
  ownReturnStatements,
  parameterBinding,
  returnedObjectLiterals,
  topLevelFunctions,
  unwrap,
  writtenAfterDeclaration,
} from "../util/ast.js";
import type { ErrorResult } from "./types.js";
import type { TypeOracle } from "./type-oracle.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Where a builder takes its `isError`: the argument at `index`, or the field `field` of it. */
interface ErrorFlag {
  readonly index: number;
  readonly field: string | undefined;
  /** `isError: status === "error"`: the literal compared with, and whether equal means error. */
  readonly compared?: { readonly value: TSESTree.Literal["value"]; readonly equal: boolean };
  /** `isError: !envelope.ok`: an error where the value passed is `false`. */
  readonly negated?: true;
}

const COMPARISONS: Readonly<Record<string, boolean>> = { "===": true, "==": true, "!==": false, "!=": false };

/** The parameter (or parameter field) the `isError` of the builder's result literal comes from. */
export function errorFlagOf(builder: FunctionNode, object: TSESTree.ObjectExpression): ErrorFlag | undefined {
  const property = findProperty(object, "isError");
  const value = property ? unwrap(property.value) : spreadFlagTest(object);
  if (value?.type === AST_NODE_TYPES.BinaryExpression) return comparedFlag(builder, value);
  if (value?.type === AST_NODE_TYPES.UnaryExpression && value.operator === "!") return negatedFlag(builder, unwrap(value.argument));
  if (value?.type !== AST_NODE_TYPES.Identifier) return undefined;
  return parameterFlag(builder, value.name);
}

/** `isError: !ok` (`ok` a parameter) or `isError: !envelope.ok` (`envelope` a plain parameter). */
function negatedFlag(builder: FunctionNode, value: TSESTree.Node): ErrorFlag | undefined {
  if (value.type === AST_NODE_TYPES.Identifier) {
    const flag = parameterFlag(builder, value.name);
    return flag && { ...flag, negated: true };
  }
  if (value.type !== AST_NODE_TYPES.MemberExpression || value.computed || value.property.type !== AST_NODE_TYPES.Identifier) return undefined;
  const holder = unwrap(value.object);
  if (holder.type !== AST_NODE_TYPES.Identifier) return undefined;
  const flag = parameterBinding(builder, holder.name);
  return flag && flag.field === undefined ? { index: flag.index, field: value.property.name, negated: true } : undefined;
}

/**
 * The functions of the builder's file whose every return is an object literal with `field:
 * false` (`errorEnvelope(args)` returning `{ ok: false, ... }`): what a call hands a builder whose
 * `isError` is `!envelope.ok` to make an error, and so the error's payload.
 */
function failureMakers(builder: FunctionNode, field: string): Map<string, TSESTree.ObjectExpression[]> {
  const makers = new Map<string, TSESTree.ObjectExpression[]>();
  for (const [name, fn] of topLevelFunctions(builder)) {
    const objects = fn === builder ? undefined : returnedObjectLiterals(fn);
    if (objects?.every((o) => literalField(o, field) === false)) makers.set(name, objects);
  }
  return makers;
}

function literalField(object: TSESTree.ObjectExpression, field: string): TSESTree.Literal["value"] | undefined {
  const property = findProperty(object, field);
  const value = property ? unwrap(property.value) : undefined;
  return value?.type === AST_NODE_TYPES.Literal ? value.value : undefined;
}

/** `reply(text, isError = false)`, `build({ texts, isError = false })`, or `const { texts, isError = false } = options` at the top of the builder. */
function parameterFlag(builder: FunctionNode, name: string): ErrorFlag | undefined {
  return parameterBinding(builder, name) ?? destructuredParameter(builder, name);
}

/** `isError: status === "error"` (either side), where `status` is a parameter. */
function comparedFlag(builder: FunctionNode, comparison: TSESTree.BinaryExpression): ErrorFlag | undefined {
  const equal = COMPARISONS[comparison.operator];
  if (equal === undefined || comparison.left.type === AST_NODE_TYPES.PrivateIdentifier) return undefined;
  const [left, right] = [unwrap(comparison.left), unwrap(comparison.right)];
  const [name, literal] =
    left.type === AST_NODE_TYPES.Identifier && right.type === AST_NODE_TYPES.Literal
      ? [left.name, right]
      : right.type === AST_NODE_TYPES.Identifier && left.type === AST_NODE_TYPES.Literal
        ? [right.name, left]
        : [];
  if (name === undefined || literal === undefined) return undefined;
  const flag = parameterFlag(builder, name);
  return flag ? { ...flag, compared: { value: literal.value, equal } } : undefined;
}

/** The checker, to read what a call passes where the code does not write it out. */
export interface PassedTypes {
  readonly sourceCode: SourceCode;
  readonly types: TypeOracle;
}

/**
 * Whether a call of an error helper makes an error result: always, unless the helper takes its
 * `isError` from a parameter, then only when the call passes a literal `true` there. With
 * `typed`, a value whose type lets the field be `false` makes one too (`toolResult(result)` for
 * `isError: !response.ok`, `result` typed `{ ok: boolean }`).
 */
export function callMakesError(helper: FunctionNode, object: TSESTree.ObjectExpression, call: TSESTree.CallExpression, typed?: PassedTypes): boolean {
  const flag = errorFlagOf(helper, object);
  if (!flag) return true;
  const argument = call.arguments[flag.index];
  if (!argument || argument.type === AST_NODE_TYPES.SpreadElement) return false;
  let passed: TSESTree.Node | undefined = unwrap(argument);
  if (flag.negated && flag.field !== undefined) {
    const known = passedField(helper, passed, flag.field);
    if (known !== undefined || !typed) return known === false;
    return typed.types.fieldMayBe(typed.sourceCode, passed, flag.field, false);
  }
  if (flag.field !== undefined) {
    const property = passed.type === AST_NODE_TYPES.ObjectExpression ? findProperty(passed, flag.field) : undefined;
    passed = property ? unwrap(property.value) : undefined;
  }
  if (passed?.type !== AST_NODE_TYPES.Literal) return false;
  if (flag.negated) return passed.value === false;
  if (!flag.compared) return passed.value === true;
  return (passed.value === flag.compared.value) === flag.compared.equal;
}

/**
 * The literal `field` of what a call passes a builder: of an object literal, or of every object a
 * function of the builder's file returns, called by name (`errorEnvelope({ ... })`, imported where
 * the call is).
 */
function passedField(builder: FunctionNode, passed: TSESTree.Node, field: string): TSESTree.Literal["value"] | undefined {
  if (passed.type === AST_NODE_TYPES.ObjectExpression) return literalField(passed, field);
  if (passed.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrap(passed.callee);
  if (callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const maker = topLevelFunctions(builder).get(callee.name);
  const values = new Set(maker ? returnedObjectLiterals(maker)?.map((o) => literalField(o, field)) : undefined);
  return values.size === 1 ? [...values][0] : undefined;
}

/** `isError: <anything but false>`. */
export function isIsErrorProperty(property: TSESTree.ObjectLiteralElement): boolean {
  if (property.type !== AST_NODE_TYPES.Property || property.computed) return false;
  const key = property.key;
  const name = key.type === AST_NODE_TYPES.Identifier ? key.name : key.value;
  if (name !== "isError") return false;
  const value = unwrap(property.value);
  return !(value.type === AST_NODE_TYPES.Literal && value.value === false);
}

/**
 * `...(isError ? { isError: true } : {})` or `...(isError && { isError: true })` in a result
 * literal: the name the flag is set under, read like `isError: isError` (a builder's parameter,
 * which its calls decide).
 */
function spreadFlagTest(object: TSESTree.ObjectExpression): TSESTree.Identifier | undefined {
  for (const element of object.properties) {
    if (element.type !== AST_NODE_TYPES.SpreadElement) continue;
    const spread = unwrap(element.argument);
    const [test, flag, otherwise] =
      spread.type === AST_NODE_TYPES.ConditionalExpression
        ? [spread.test, spread.consequent, unwrap(spread.alternate)]
        : spread.type === AST_NODE_TYPES.LogicalExpression && spread.operator === "&&"
          ? [spread.left, spread.right, undefined]
          : [];
    if (!test || !flag || (otherwise && (otherwise.type !== AST_NODE_TYPES.ObjectExpression || otherwise.properties.length > 0))) continue;
    const flagObject = unwrap(flag);
    const set =
      flagObject.type === AST_NODE_TYPES.ObjectExpression && flagObject.properties.length === 1 ? findProperty(flagObject, "isError") : undefined;
    const value = set ? unwrap(set.value) : undefined;
    const name = unwrap(test);
    if (value?.type === AST_NODE_TYPES.Literal && value.value === true && name.type === AST_NODE_TYPES.Identifier) return name;
  }
  return undefined;
}

/** The `isError` object every return of `fn` gives, when all of them give one. */
export function errorHelperObject(fn: FunctionNode): TSESTree.ObjectExpression | undefined {
  const asErrorObject = (node: TSESTree.Node | null | undefined): TSESTree.ObjectExpression | undefined => {
    if (!node) return undefined;
    const n = unwrap(node);
    if (n.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
    if (n.properties.some(isIsErrorProperty)) return n;
    // A flag spread under a condition is a builder's only where a parameter decides it.
    const spreadFlag = spreadFlagTest(n);
    return spreadFlag && parameterFlag(fn, spreadFlag.name) ? n : undefined;
  };
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return asErrorObject(fn.body);
  const returns = ownReturnStatements(fn.body);
  if (returns.length === 0) return undefined;
  let first: TSESTree.ObjectExpression | undefined;
  for (const r of returns) {
    const object = asErrorObject(r.argument);
    if (!object) return undefined;
    first ??= object;
  }
  return first;
}

/**
 * Whether a call of a builder whose `isError` is a parameter makes a success result: it passes
 * nothing there (`reply(text)`, `build({ texts })`), or a literal that is not the error value.
 * A value the file does not show is neither.
 */
export function callMakesSuccess(builder: FunctionNode, object: TSESTree.ObjectExpression, call: TSESTree.CallExpression): boolean {
  const flag = errorFlagOf(builder, object);
  if (!flag) return false;
  const argument = call.arguments[flag.index];
  if (!argument) return true;
  if (argument.type === AST_NODE_TYPES.SpreadElement) return false;
  let passed = unwrap(argument);
  if (flag.negated && flag.field !== undefined) return passedField(builder, passed, flag.field) === true;
  if (flag.field !== undefined) {
    if (passed.type !== AST_NODE_TYPES.ObjectExpression) return false;
    const property = findProperty(passed, flag.field);
    if (!property) return !hasSpread(passed);
    passed = unwrap(property.value);
  }
  return passed.type === AST_NODE_TYPES.Literal && !callMakesError(builder, object, call);
}

/** `if (failed) isError = true` before `return { content, isError }`: the builder decides, not its callers. */
export function writesFlag(sourceCode: SourceCode, object: TSESTree.ObjectExpression): boolean {
  const property = findProperty(object, "isError");
  const value = property ? unwrap(property.value) : undefined;
  if (value?.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = findVariable(sourceCode, value);
  return variable === undefined || writtenAfterDeclaration(variable);
}

/** The `isError` property of an error result: in its object, or in the object spread into it (`...(failed ? { isError: true } : {})`). */
export function errorFlagProperty(result: ErrorResult): TSESTree.Property | undefined {
  return findProperty(result.node.type === AST_NODE_TYPES.ObjectExpression ? result.node : result.object, "isError");
}

/**
 * The result literal `flag` is spread into under a condition: `{ content, ...(failed ? { isError:
 * true } : {}) }`, `...(failed && { isError: true })`. Only a literal `isError: true`, in a result
 * that writes its `content` or `structuredContent` out, under a condition that reads no parameter
 * of the function, or that is the flag parameter of a builder every return of which gives the
 * result (`...(isError && { isError: true })` in `reply(text, isError)`: its calls decide).
 */
export function spreadInto(sourceCode: SourceCode, flag: TSESTree.ObjectExpression): TSESTree.ObjectExpression | undefined {
  const value = findProperty(flag, "isError")?.value;
  if (!value || unwrap(value).type !== AST_NODE_TYPES.Literal || (unwrap(value) as TSESTree.Literal).value !== true) return undefined;
  const choice = flag.parent;
  const test =
    choice.type === AST_NODE_TYPES.ConditionalExpression && choice.test !== flag
      ? choice.test
      : choice.type === AST_NODE_TYPES.LogicalExpression && choice.operator === "&&" && choice.right === flag
        ? choice.left
        : undefined;
  const spread = test ? choice.parent : undefined;
  if (spread?.type !== AST_NODE_TYPES.SpreadElement || spread.parent.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  const result = spread.parent;
  if (!findProperty(result, "content") && !findProperty(result, "structuredContent")) return undefined;
  const fn = enclosingFunction(result);
  const params = new Set(fn ? sourceCode.getDeclaredVariables(fn).map((variable) => variable.name) : []);
  if (!test || !mentionsName(sourceCode, test, params, "subtree")) return result;
  // The builder's own flag (`reply(value, isError = false)` returning it from every return): an
  // error result where some call passes `true`, which the builder's callers decide.
  return fn && errorHelperObject(fn) === result && errorFlagOf(fn, result) ? result : undefined;
}

/**
 * `structuredContent: envelope` in a builder whose `isError` is `!envelope.ok`: its error results
 * carry the objects the file's failure makers return (`errorEnvelope(args)` returning `{ ok:
 * false, ... }`). Undefined when the file has none: the envelopes come from elsewhere.
 */
export function failurePayloads(builder: FunctionNode, result: TSESTree.ObjectExpression, value: TSESTree.Node): TSESTree.ObjectExpression[] | undefined {
  const n = unwrap(value);
  const flag = errorFlagOf(builder, result);
  if (!flag?.negated || flag.field === undefined || n.type !== AST_NODE_TYPES.Identifier) return undefined;
  // `envelope`, the parameter the flag reads.
  const param = builder.params[flag.index];
  const holder = param?.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param;
  if (holder?.type !== AST_NODE_TYPES.Identifier || holder.name !== n.name) return undefined;
  const objects = [...failureMakers(builder, flag.field).values()].flat();
  return objects.length > 0 ? objects : undefined;
}
