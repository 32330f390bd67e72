/**
 * Fan-outs: `Promise.all` over several outside calls (one per item of a `.map`, or two or more
 * in an array), where one failure rejects the whole, and `Promise.allSettled`, where each part
 * fails on its own. `prefer-partial-results` judges the first; the CLI's scorecard counts both.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { McpModel } from "../../model/index.js";
import { constInitializer, findVariable, isFunctionNode, memberName, resolveFunction, unwrap } from "../../util/ast.js";
import type { ExternalFailures } from "./external-failures.js";

/**
 * How many parts of a `Promise.all` fail on their own when an outside call fails: `Infinity` for
 * a `.map` whose callback makes one (one call per item). Parts handled per item do not count.
 */
export function failingParts(model: McpModel, external: ExternalFailures, argument: TSESTree.Node, depth = 0): number {
  const node = unwrap(argument);
  if (node.type === AST_NODE_TYPES.ArrayExpression) {
    let count = 0;
    for (const element of node.elements) {
      if (!element) continue;
      if (element.type === AST_NODE_TYPES.SpreadElement) count += failingParts(model, external, element.argument, depth + 1);
      else if (failsOnItsOwn(model, external, element)) count += 1;
    }
    return count;
  }
  if (node.type === AST_NODE_TYPES.CallExpression) {
    const callee = unwrap(node.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "map") return 0;
    const callback = node.arguments[0] ? unwrap(node.arguments[0]) : undefined;
    const fn = isFunctionNode(callback)
      ? callback
      : callback?.type === AST_NODE_TYPES.Identifier
        ? resolveFunction(model.sourceCode, callback)
        : undefined;
    return fn && external.failsExternally(fn, 1) ? Infinity : 0;
  }
  // `const requests = ids.map(...)` / `const parts = [a(), b()]`, declared once and never reassigned.
  if (node.type === AST_NODE_TYPES.Identifier && depth < 2) {
    const init = constInitializer(model.sourceCode, node);
    return init ? failingParts(model, external, init, depth + 1) : 0;
  }
  return 0;
}

/** One element of the array: a promise whose rejection is not handled on its own. */
function failsOnItsOwn(model: McpModel, external: ExternalFailures, element: TSESTree.Node, depth = 0): boolean {
  const node = unwrap(element);
  if (node.type === AST_NODE_TYPES.Identifier) {
    // `const a = fetch(x); ... Promise.all([a, b])`.
    const init = depth === 0 ? constInitializer(model.sourceCode, node) : undefined;
    return init ? failsOnItsOwn(model, external, init, depth + 1) : false;
  }
  if (node.type !== AST_NODE_TYPES.CallExpression) return false;
  const callee = unwrap(node.callee);
  if (callee.type === AST_NODE_TYPES.MemberExpression) {
    const name = memberName(callee);
    // A per-item `.catch(...)` / `.then(ok, failed)` handles the rejection; `.then(ok)` / `.finally` pass it on.
    if (name === "catch" || (name === "then" && node.arguments.length >= 2)) return false;
    if ((name === "then" || name === "finally") && callee.object.type === AST_NODE_TYPES.CallExpression) {
      return failsOnItsOwn(model, external, callee.object, depth);
    }
  }
  return external.isExternal(node);
}

/** `Promise.all` / `Promise.allSettled` itself (by `name`), not a local `Promise` or another object's method. */
export function promiseCombinator(model: McpModel, call: TSESTree.CallExpression, name: "all" | "allSettled"): TSESTree.MemberExpression | undefined {
  // Runs on every call of the file: the cheapest tests first, no unwrapping (`Promise!.all` is not a thing).
  const callee = call.callee;
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed || callee.property.type !== AST_NODE_TYPES.Identifier) return undefined;
  if (callee.property.name !== name) return undefined;
  const object = callee.object;
  if (object.type !== AST_NODE_TYPES.Identifier || object.name !== "Promise") return undefined;
  const variable = findVariable(model.sourceCode, object);
  return variable && variable.defs.length > 0 ? undefined : callee;
}
