/**
 * Axios interceptors: `this.http.interceptors.response.use(onFulfilled, onRejected)` (and
 * `.request.use(...)`) hands the instance functions that run on every request made through it.
 * What they throw (`throw new AuthenticationError(...)` on a 401) rejects the request where it
 * was made, and what they call (a token refresh) runs there too. Same file only: the instance is
 * named the same (a dotted name: `this.http`, `api`) where the interceptor is added and where the
 * request is made.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { type FunctionNode, isFunctionNode, memberName, memberPath, resolveFunction, unwrap } from "../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The methods of an axios instance that send a request. */
const REQUEST_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options", "request", "postForm", "putForm", "patchForm"]);

const EMPTY: readonly FunctionNode[] = [];

/** The interceptors of each instance of a file, by the instance's dotted name. */
export class Interceptors {
  private readonly byInstance = new Map<string, FunctionNode[]>();
  /** Each call's interceptors, once: the path walk and the escape search ask for every handler. */
  private readonly ofCall = new Map<TSESTree.CallExpression, readonly FunctionNode[]>();

  constructor(sourceCode: SourceCode, calls: readonly TSESTree.CallExpression[]) {
    if (!sourceCode.text.includes("interceptors")) return;
    for (const call of calls) {
      const instance = interceptedInstance(call);
      const key = instance ? memberPath(instance) : undefined;
      if (key === undefined) continue;
      const functions = call.arguments.flatMap((argument) => {
        const value = unwrap(argument);
        // A function written in place (`async (error) => { ... }`), or one of the file a name holds.
        const fn = isFunctionNode(value) ? value : value.type === AST_NODE_TYPES.Identifier ? resolveFunction(sourceCode, value) : undefined;
        return fn ? [fn] : [];
      });
      if (functions.length > 0) this.byInstance.set(key, [...(this.byInstance.get(key) ?? []), ...functions]);
    }
  }

  /** The interceptors a request call runs (`this.http.get(url)`, `this.http(config)`); none for any other call. */
  of(call: TSESTree.CallExpression): readonly FunctionNode[] {
    if (this.byInstance.size === 0) return EMPTY;
    let found = this.ofCall.get(call);
    if (!found) {
      const callee = unwrap(call.callee);
      const instance = callee.type === AST_NODE_TYPES.MemberExpression && REQUEST_METHODS.has(memberName(callee) ?? "") ? callee.object : callee;
      const key = memberPath(instance);
      found = (key === undefined ? undefined : this.byInstance.get(key)) ?? EMPTY;
      this.ofCall.set(call, found);
    }
    return found;
  }
}

/** `X.interceptors.request.use(...)` / `X.interceptors.response.use(...)`: X. */
function interceptedInstance(call: TSESTree.CallExpression): TSESTree.Node | undefined {
  const use = unwrap(call.callee);
  if (use.type !== AST_NODE_TYPES.MemberExpression || memberName(use) !== "use") return undefined;
  const phase = unwrap(use.object);
  if (phase.type !== AST_NODE_TYPES.MemberExpression || (memberName(phase) !== "request" && memberName(phase) !== "response")) return undefined;
  const interceptors = unwrap(phase.object);
  if (interceptors.type !== AST_NODE_TYPES.MemberExpression || memberName(interceptors) !== "interceptors") return undefined;
  return interceptors.object;
}
