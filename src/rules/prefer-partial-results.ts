import type { TSESTree } from "@typescript-eslint/utils";
import { type ToolHandler, getModel } from "../model/index.js";
import { createRule } from "../util/create-rule.js";
import { toolLabel } from "../util/describe.js";

// To add options: one object schema with `additionalProperties: false` and a `description` on
// every property, `meta.defaultOptions`, and read them as `create(context, [options])`.
export type Options = [];
export type MessageIds = "preferPartialResults";

/**
 * The node to report for one handler, or undefined: also when the model cannot tell (a spread,
 * a dynamic handler), because a rule that cries wolf gets turned off.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- scaffold: remove with the TODO
function findProblem(handler: ToolHandler): TSESTree.Node | undefined {
  // TODO: the policy, over what the model computed (handler.entry, model.errorResults, ...).
  return undefined;
}

export default createRule<Options, MessageIds>({
  name: "prefer-partial-results",
  meta: {
    type: "problem",
    docs: {
      description: "Enforce partial results with warnings instead of failing a whole fan-out with Promise.all",
      // "recommended" | "strict" | undefined (only in `all`) decides which configs turn it on.
      recommended: "strict",
    },
    schema: [],
    messages: {
      // What is wrong, why it hurts the agent, what to do; name the tool when it is known.
      preferPartialResults: "TODO: {{tool}} ... so the agent cannot ... . Do ... instead.",
    },
  },
  create(context) {
    const model = getModel(context);
    // Not an MCP file, or no handler the model recognizes: nothing to check.
    if (!model.isMcpFile || model.handlers.length === 0) return {};

    return {
      "Program:exit"() {
        for (const handler of model.handlers) {
          const node = findProblem(handler);
          if (!node) continue;
          context.report({
            node,
            messageId: "preferPartialResults",
            data: { tool: toolLabel(model.toolNamesAt(node)) },
          });
        }
      },
    };
  },
});
