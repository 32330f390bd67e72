import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { type McpModel } from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import { isFunctionNode, memberName, unwrap } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { toolLabel } from "./shared/describe.js";
import { type ExternalFailures, alwaysExits, externalFailures } from "./shared/external-failures.js";
import { failingParts, promiseCombinator } from "./shared/fan-outs.js";

export type Options = [];
export type MessageIds = "preferPartialResults";

/**
 * Whether a rejection of `call` ends the whole tool call: it leaves the function (a handler, or a
 * same-file function its caller awaits), or the enclosing catch returns or throws. A `.catch` on
 * the whole, a catch that goes on, or a callback passed to code we cannot see: not known.
 */
function endsTheCall(model: McpModel, call: TSESTree.CallExpression): boolean {
  const handlerFunctions = new Set(model.handlersAt(call).flatMap((h) => [h.entry, h.root]));
  let current: TSESTree.Node = call;
  for (;;) {
    const parent: TSESTree.Node | undefined = current.parent;
    if (!parent) return false;
    if (isFunctionNode(parent)) {
      if (handlerFunctions.has(parent)) return true;
      const holder: TSESTree.Node = parent.parent;
      // An immediately invoked function: the rejection goes on from the call.
      if (holder.type === AST_NODE_TYPES.CallExpression && holder.callee === parent) {
        current = holder;
        continue;
      }
      // A callback handed to another call: what that call does with a rejection is its business.
      return !(holder.type === AST_NODE_TYPES.CallExpression || holder.type === AST_NODE_TYPES.NewExpression);
    }
    if (parent.type === AST_NODE_TYPES.TryStatement && parent.block === current && parent.handler) {
      return catchEndsTheCall(model, parent.handler);
    }
    // `Promise.all([...]).catch(...)`: the fan-out fails as a whole, into a fallback we cannot judge.
    if (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === current && parent.parent.type === AST_NODE_TYPES.CallExpression) {
      const name = memberName(parent);
      if (name === "catch" || (name === "then" && parent.parent.arguments.length >= 2)) return false;
    }
    current = parent;
  }
}

/** The catch returns or throws on every path, and does not return a success result (a fallback). */
function catchEndsTheCall(model: McpModel, handler: TSESTree.CatchClause): boolean {
  const last = handler.body.body.at(-1);
  if (!alwaysExits(last)) return false;
  if (last?.type === AST_NODE_TYPES.ReturnStatement && last.argument) {
    const value = unwrap(last.argument);
    if (value.type === AST_NODE_TYPES.ObjectExpression) {
      const result = model.results.find((r) => r.object === value);
      if (result && !result.isError) return false;
    }
  }
  return true;
}

export default createRule<Options, MessageIds>({
  name: "prefer-partial-results",
  meta: {
    type: "problem",
    docs: {
      description: "Enforce partial results with warnings instead of failing a whole fan-out with Promise.all",
      recommended: "strict",
    },
    schema: [],
    messages: {
      preferPartialResults:
        "The `Promise.all` in {{tool}} fans out to {{what}}: one failure rejects the whole fan-out, throws away every result that succeeded, and the agent gets a single error for the whole call. Use `Promise.allSettled` and return what succeeded, with a warning for each failed part and a marker that the result is partial.",
    },
  },
  create(context) {
    return withModel(context, (model) => {
      if (!model.isMcpFile) return;
      let external: ExternalFailures | undefined;
      for (const call of model.calls) {
        const callee = promiseCombinator(model, call, "all");
        const argument = call.arguments[0];
        if (!callee || !argument || argument.type === AST_NODE_TYPES.SpreadElement) continue;
        if (model.handlersAt(call).length === 0) continue;
        external ??= externalFailures(model);
        const parts = failingParts(model, external, argument);
        // Two independent outside calls at least (a `.map` over items counts as many).
        if (parts < 2) continue;
        if (!endsTheCall(model, call)) continue;
        context.report({
          node: callee,
          messageId: "preferPartialResults",
          data: {
            tool: toolLabel(model.toolNamesAt(call)),
            what: parts === Infinity ? "one outside call per item" : `${String(parts)} outside calls`,
          },
        });
      }
    });
  },
});
