/**
 * Parts of a result that a builder takes from its callers: `structuredContent` in
 * `build({ texts, isError, structuredContent })`, handed on by `userError(text, opts)` as
 * `structuredContent: opts?.structuredContent`. Such a part is in a result only when a call passes
 * it, so what the builder's results can say depends on its calls: this file's, and those on tool
 * paths in other files (typed analysis). A call that may pass one, or one that cannot be read,
 * counts as passing it.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import {
  type FunctionNode,
  destructuredParameter,
  enclosingFunction,
  findProperty,
  hasSpread,
  memberName,
  objectLiteral,
  parameterBinding,
  unwrap,
} from "../util/ast.js";
import { callMakesError } from "./error-flag.js";
import type { McpModel } from "./types.js";

/** Where a value of a function comes from: the argument at `index`, or its field `field`. */
export interface ParameterOrigin {
  readonly fn: FunctionNode;
  readonly index: number;
  readonly field: string | undefined;
}

/** How many functions a part may be handed on through (`build` <- `userError` <- the tool). */
const MAX_HOPS = 3;

/**
 * The parameter a value of `fn` reads as it is: `x` (a parameter, or a field destructured from
 * one), `options.x` or `options?.x` (`options` a parameter).
 */
export function parameterOrigin(fn: FunctionNode, node: TSESTree.Node): ParameterOrigin | undefined {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Identifier) {
    const binding = parameterBinding(fn, n.name) ?? destructuredParameter(fn, n.name);
    return binding && { fn, ...binding };
  }
  if (n.type !== AST_NODE_TYPES.MemberExpression || n.computed) return undefined;
  const object = unwrap(n.object);
  const field = memberName(n);
  const binding = object.type === AST_NODE_TYPES.Identifier ? parameterBinding(fn, object.name) : undefined;
  return binding?.field === undefined && binding && field !== undefined ? { fn, index: binding.index, field } : undefined;
}

/** Whether some call of the function may pass a value at `origin`; with no call known, it may. */
export function someCallPasses(model: McpModel, origin: ParameterOrigin, hops = 0): boolean {
  if (hops >= MAX_HOPS) return true;
  const sites = [
    ...model.localCallsOf(origin.fn).map((call) => ({ call, model })),
    ...model.importedCallSites(origin.fn).map((site) => ({ call: site.call, model: site.model() })),
  ];
  return sites.length === 0 || sites.some((site) => passes(site.model, site.call, origin, hops));
}

/** Whether the call may pass a value at `origin`: anything but leaving it out or passing `undefined`. */
function passes(model: McpModel, call: TSESTree.CallExpression, origin: ParameterOrigin, hops: number): boolean {
  if (call.arguments.some((a) => a.type === AST_NODE_TYPES.SpreadElement)) return true;
  const argument = call.arguments[origin.index];
  if (!argument) return false;
  let value: TSESTree.Node = unwrap(argument);
  if (origin.field !== undefined) {
    if (value.type !== AST_NODE_TYPES.ObjectExpression) return handedOn(model, call, value, origin.field, hops);
    if (value.properties.some((p) => p.type === AST_NODE_TYPES.SpreadElement)) return true;
    const property = findProperty(value, origin.field);
    if (!property) return false;
    value = unwrap(property.value);
  }
  if (value.type === AST_NODE_TYPES.Identifier && value.name === "undefined") return false;
  return handedOn(model, call, value, undefined, hops);
}

/** A value the calling function takes from its own caller (`opts?.structuredContent`): passed when its callers pass it. */
function handedOn(model: McpModel, call: TSESTree.CallExpression, value: TSESTree.Node, field: string | undefined, hops: number): boolean {
  const caller = enclosingFunction(call);
  const origin = caller ? parameterOrigin(caller, value) : undefined;
  if (!origin) return true;
  if (field !== undefined && origin.field !== undefined) return true;
  return someCallPasses(model, { fn: origin.fn, index: origin.index, field: field ?? origin.field }, hops + 1);
}

/** What the calls of a builder `fn` pass for one of its values (see `errorCallPayloads`). */
export type PassedFor = (fn: FunctionNode, value: TSESTree.Node) => TSESTree.ObjectExpression[] | undefined;

/**
 * For the builder's result literal `result`: the object literals the calls that make errors pass
 * it for a value (`jsonResult({ error: "tenant_required" }, true)` for `text:
 * JSON.stringify(value)`), which are what its error results say. Undefined when that is not
 * known: no such call, a call in another file, or an argument that is no literal of this file.
 */
export function errorCallPayloads(model: McpModel, result: TSESTree.ObjectExpression): PassedFor {
  const sourceCode = model.sourceCode;
  return (fn, value) => {
    const origin = parameterOrigin(fn, value);
    if (!origin || model.importedCallSites(origin.fn).length > 0) return undefined;
    const calls = model.localCallsOf(origin.fn).filter((call) => callMakesError(origin.fn, result, call));
    if (calls.length === 0) return undefined;
    const objects: TSESTree.ObjectExpression[] = [];
    for (const call of calls) {
      const argument = call.arguments[origin.index];
      if (!argument || call.arguments.some((a) => a.type === AST_NODE_TYPES.SpreadElement)) return undefined;
      let passed: TSESTree.Node | undefined = unwrap(argument);
      if (origin.field !== undefined) {
        const holder = objectLiteral(sourceCode, passed);
        passed = holder && !hasSpread(holder) ? findProperty(holder, origin.field)?.value : undefined;
      }
      const object = passed ? objectLiteral(sourceCode, passed) : undefined;
      if (!object) return undefined;
      objects.push(object);
    }
    return objects;
  };
}
