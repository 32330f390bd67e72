import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { forEachChild, isFunctionNode, memberName, resolveFunction, unwrap } from "../../util/ast.js";
import { VALUE_METHODS } from "../../util/builtins.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Built-in conversions: what they give back is made of what they are given (`String(args.query)`). */
export const CONVERSIONS: ReadonlySet<string> = new Set([
  "String",
  "Number",
  "Boolean",
  "Array",
  "parseInt",
  "parseFloat",
  "decodeURIComponent",
  "encodeURIComponent",
]);
/** Built-in functions that only read what they are given. */
const PURE_FUNCTIONS = new Set([...CONVERSIONS, "isNaN"]);
/** Built-in namespaces whose functions only read and build values (`Object.entries`, `JSON.stringify`, `Math.min`). */
const PURE_NAMESPACES = new Set(["Object", "Array", "JSON", "Math", "String", "Number"]);
/** How many functions of the file deep a computation is followed. */
const MAX_DEPTH = 3;

/**
 * `buildFilter(filterEmpty({ id, code }))`: a call of a synchronous function of the file whose
 * code (callbacks included) awaits nothing and calls only such functions, built-ins that read
 * values and methods of arrays and strings (`VALUE_METHODS`). What it returns is computed from its arguments, not
 * looked up anywhere.
 */
export function computesLocally(sourceCode: SourceCode, call: TSESTree.CallExpression, depth = 0): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.Identifier || depth > MAX_DEPTH) return false;
  const fn = resolveFunction(sourceCode, callee);
  if (!fn || fn.async || fn.generator) return false;
  let pure = true;
  const walk = (node: TSESTree.Node): void => {
    if (!pure) return;
    if (node.type === AST_NODE_TYPES.AwaitExpression || node.type === AST_NODE_TYPES.YieldExpression) pure = false;
    else if (node.type === AST_NODE_TYPES.CallExpression && !pureCall(sourceCode, node, depth)) pure = false;
    else if (isFunctionNode(node) && node !== fn && node.async) pure = false;
    forEachChild(node, sourceCode.visitorKeys, walk);
  };
  walk(fn.body);
  return pure;
}

function pureCall(sourceCode: SourceCode, call: TSESTree.CallExpression, depth: number): boolean {
  const callee = unwrap(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) return PURE_FUNCTIONS.has(callee.name) || computesLocally(sourceCode, call, depth + 1);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const object = unwrap(callee.object);
  if (object.type === AST_NODE_TYPES.Identifier && PURE_NAMESPACES.has(object.name)) return true;
  return VALUE_METHODS.has(memberName(callee) ?? "");
}
