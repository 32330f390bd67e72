/**
 * Fetch functions made by wrapping fetch: `let fetch = wrapWithAuthRetry(nodeFetch, config)`,
 * where the wrapper returns a function that hands its own options, unchanged, to every call of
 * the fetch it was given. A call of such a variable is a fetch call with the options it passes.
 * The wrapper is read in its own file (same file here, another file through the program index,
 * as a `PassThrough` with `wraps`); a wrapper the analysis cannot read leaves the call unknown.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import { type FunctionNode, findVariable, forEachOwnNode, objectLiteral, resolveFunction, returnedFunction, unwrap } from "../../util/ast.js";
import type { PassThrough } from "../types.js";
import { optionsFromCaller } from "./callers.js";
import { isGuarded } from "./guards.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

const NONE = new Set<never>();

/** Packages whose default export is a fetch function. */
const FETCH_PACKAGES = new Set(["node-fetch", "cross-fetch", "isomorphic-fetch"]);

/** Packages whose default export wraps the fetch it is given (first argument) and hands the options on: cookies, retries. */
const FETCH_WRAPPING_PACKAGES = new Set(["fetch-cookie", "fetch-retry"]);

/**
 * A function that wraps the fetch it gets at argument `wraps`: the function it returns calls that
 * parameter (and nothing bounds those calls), handing each its own options parameter unchanged,
 * or spread into a literal that names no bound. Calling what it returns is calling fetch.
 */
export function fetchWrapperOf(sourceCode: SourceCode, wrapper: FunctionNode): PassThrough | undefined {
  const returned = returnedFunction(wrapper);
  if (returned?.params[1]?.type !== AST_NODE_TYPES.Identifier) return undefined;
  // The returned function's own options, as `optionsFromCaller` reads them (unwritten, no bound added).
  const handsOptions = (call: TSESTree.CallExpression): boolean => {
    const passed = call.arguments[1];
    if (call.arguments.length !== 2 || !passed || passed.type === AST_NODE_TYPES.SpreadElement) return false;
    const origin = optionsFromCaller(sourceCode, objectLiteral(sourceCode, passed) ?? passed);
    return origin?.fn === returned && origin.index === 1 && origin.field === undefined && !isGuarded(call, NONE, NONE);
  };
  for (const [wraps, param] of wrapper.params.entries()) {
    if (param.type !== AST_NODE_TYPES.Identifier) continue;
    const calls: TSESTree.CallExpression[] = [];
    forEachOwnNode(sourceCode, returned.body, (node) => {
      if (node.type === AST_NODE_TYPES.CallExpression && node.callee.type === AST_NODE_TYPES.Identifier && node.callee.name === param.name)
        calls.push(node);
    });
    if (calls.length > 0 && calls.every(handsOptions)) return { client: "fetch", index: 1, wraps };
  }
  return undefined;
}

/**
 * The call is of a variable that only ever holds fetch wrapped by such a wrapper (of this file,
 * or `imported`), or fetch itself: `let fetch: typeof nodeFetch = wrapWithAuthRetry(nodeFetch, config)`.
 */
export function isWrappedFetch(
  sourceCode: SourceCode,
  importedFrom: ReadonlyMap<string, string>,
  imported: ReadonlyMap<string, PassThrough>,
  callee: TSESTree.Identifier,
): boolean {
  const variable = findVariable(sourceCode, callee);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || def?.type !== DefinitionType.Variable || def.node.id.type !== AST_NODE_TYPES.Identifier) return false;
  const values: TSESTree.Node[] = def.node.init ? [def.node.init] : [];
  for (const reference of variable.references) {
    if (!reference.isWrite() || reference.init) continue;
    const write = reference.identifier.parent;
    if (write.type !== AST_NODE_TYPES.AssignmentExpression || write.operator !== "=" || write.left !== reference.identifier) return false;
    values.push(write.right);
  }
  const isFetch = (node: TSESTree.Node): boolean => {
    const value = unwrap(node);
    // `jar ? fetchCookie(nodeFetch, jar) : nodeFetch`.
    if (value.type === AST_NODE_TYPES.ConditionalExpression) return isFetch(value.consequent) && isFetch(value.alternate);
    if (value.type === AST_NODE_TYPES.CallExpression && value.callee.type === AST_NODE_TYPES.Identifier && value.arguments[0]) {
      return FETCH_WRAPPING_PACKAGES.has(importedFrom.get(value.callee.name) ?? "") && isFetch(value.arguments[0]);
    }
    if (value.type !== AST_NODE_TYPES.Identifier) return false;
    const source = importedFrom.get(value.name);
    return source === undefined ? value.name === "fetch" && !findVariable(sourceCode, value) : FETCH_PACKAGES.has(source);
  };
  return (
    values.length > 0 &&
    values.every((node) => {
      const value = unwrap(node);
      if (isFetch(value)) return true;
      if (value.type !== AST_NODE_TYPES.CallExpression || value.callee.type !== AST_NODE_TYPES.Identifier) return false;
      const own = resolveFunction(sourceCode, value.callee);
      const wrapper = own ? fetchWrapperOf(sourceCode, own) : imported.get(value.callee.name);
      const given = wrapper?.wraps === undefined ? undefined : value.arguments[wrapper.wraps];
      return given !== undefined && isFetch(given);
    })
  );
}
