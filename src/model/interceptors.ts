/**
 * Axios interceptors: `this.http.interceptors.response.use(onFulfilled, onRejected)` (and
 * `.request.use(...)`) hands the instance functions that run on every request made through it.
 * What they throw (`throw new AuthenticationError(...)` on a 401) rejects the request where it
 * was made, and what they call (a token refresh) runs there too. Same file only: the instance is
 * named by the same text where the interceptor is added and where the request is made
 * (`this.http`, `api`).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import { type FunctionNode, findVariable, isFunctionNode, memberName, unwrap } from "../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The methods of an axios instance that send a request. */
const REQUEST_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options", "request", "postForm", "putForm", "patchForm"]);

const EMPTY: readonly FunctionNode[] = [];

/** The interceptors of each instance of a file, by the instance's text. */
export class Interceptors {
  private readonly byInstance = new Map<string, FunctionNode[]>();

  constructor(
    private readonly sourceCode: SourceCode,
    calls: readonly TSESTree.CallExpression[],
  ) {
    if (!sourceCode.text.includes("interceptors")) return;
    for (const call of calls) {
      const instance = interceptedInstance(call);
      if (!instance) continue;
      const functions = call.arguments.flatMap((argument) => {
        const fn = this.functionOf(argument);
        return fn ? [fn] : [];
      });
      if (functions.length === 0) continue;
      const key = this.keyOf(instance);
      this.byInstance.set(key, [...(this.byInstance.get(key) ?? []), ...functions]);
    }
  }

  /** The interceptors a request call runs (`this.http.get(url)`, `this.http(config)`); none for any other call. */
  of(call: TSESTree.CallExpression): readonly FunctionNode[] {
    if (this.byInstance.size === 0) return EMPTY;
    const callee = unwrap(call.callee);
    const instance = callee.type === AST_NODE_TYPES.MemberExpression && REQUEST_METHODS.has(memberName(callee) ?? "") ? callee.object : callee;
    return this.byInstance.get(this.keyOf(instance)) ?? EMPTY;
  }

  private keyOf(node: TSESTree.Node): string {
    return this.sourceCode.getText(unwrap(node)).replace(/\s+|\?(?=\.)/gu, "");
  }

  /** A function written in place (`async (error) => { ... }`), or one of the file a name holds. */
  private functionOf(argument: TSESTree.Node): FunctionNode | undefined {
    const value = unwrap(argument);
    if (isFunctionNode(value)) return value;
    if (value.type !== AST_NODE_TYPES.Identifier) return undefined;
    const def = findVariable(this.sourceCode, value)?.defs[0];
    if (def?.type === DefinitionType.FunctionName) return def.node as FunctionNode;
    const init = def?.type === DefinitionType.Variable ? def.node.init : null;
    return init && isFunctionNode(init) ? init : undefined;
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
