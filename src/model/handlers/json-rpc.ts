/**
 * A JSON-RPC endpoint written by hand, with no MCP framework: a Workers `fetch` handler (or any
 * function) that branches on the request's method, `switch (rpc.method) { case "tools/call": ... }`
 * or `if (body.method === "tools/call") { ... }`. That branch is the handler of every tool the
 * endpoint serves: the `result` it answers with is the tool result, and what a throw out of it
 * becomes is the endpoint's own business (not known: throws are not judged).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { enclosingFunction, forEachChild, memberName, staticString, unwrap } from "../../util/ast.js";
import { FRAMEWORKS, NON_TOOL_REGISTRATIONS } from "../frameworks.js";
import type { HandlerSearch } from "./search.js";

const TOOL_CALL = NON_TOOL_REGISTRATIONS.toolCallMethod;

/** `rpc.method`, `method`: the request's method, as a dispatcher reads it. */
function isMethod(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Identifier) return n.name === "method";
  return n.type === AST_NODE_TYPES.MemberExpression && memberName(n) === "method";
}

/** `method === "tools/call"` (either side, `==` too). */
function testsToolCall(test: TSESTree.Node): boolean {
  const n = unwrap(test);
  if (n.type !== AST_NODE_TYPES.BinaryExpression || (n.operator !== "===" && n.operator !== "==")) return false;
  return (isMethod(n.left) && staticString(n.right) === TOOL_CALL) || (isMethod(n.right) && staticString(n.left) === TOOL_CALL);
}

/** Adds the `tools/call` branch of each hand-written dispatcher of the file as a handler. */
export function visitJsonRpcDispatch(search: HandlerSearch, program: TSESTree.Program): void {
  // A framework's own dispatch (`setRequestHandler("tools/call", fn)`) was found already.
  if (search.handlers.length > 0) return;
  // Most files never write the method's name: no walk for them.
  if (!search.sourceCode.text.includes(TOOL_CALL)) return;
  const add = (region: TSESTree.Node, registration: TSESTree.Node): void => {
    const fn = enclosingFunction(registration);
    if (!fn) return;
    search.handlers.push({
      kind: "low-level",
      toolName: undefined,
      framework: "json-rpc",
      thrown: FRAMEWORKS["json-rpc"].thrown,
      root: fn,
      entry: fn,
      region,
      entryGuards: [],
      requestSignal: undefined,
      argsParam: undefined,
      registration,
    });
  };
  const keys = search.sourceCode.visitorKeys;
  const visit = (node: TSESTree.Node): void => {
    if (node.type === AST_NODE_TYPES.SwitchStatement && isMethod(node.discriminant)) {
      const branch = node.cases.find((c) => c.test && staticString(c.test) === TOOL_CALL);
      if (branch?.test) add(branch, branch.test);
    } else if (node.type === AST_NODE_TYPES.IfStatement && testsToolCall(node.test)) {
      add(node.consequent, node.test);
    }
    forEachChild(node, keys, visit);
  };
  visit(program);
}
