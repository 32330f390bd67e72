import type { TSESTree } from "@typescript-eslint/utils";
import { withModel } from "../lint/with-model.js";
import { type FunctionNode, functionName } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { guardFix } from "./require-tool-error-check/guard.js";
import { toolLabel } from "./shared/describe.js";

export type Options = [];
export type MessageIds = "uncheckedToolResult" | "uncheckedInHelper" | "throwOnToolError";

export default createRule<Options, MessageIds>({
  name: "require-tool-error-check",
  meta: {
    type: "problem",
    docs: {
      description: "Require code that calls MCP tools to check `isError` before it uses a result's content",
      recommended: "recommended",
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      uncheckedToolResult:
        "The result of {{tool}} is used without checking `isError`: a failed call resolves like a successful one, so its error text flows on as if it were the answer, and whatever acts on it never learns the call failed. Check {{check}} first and handle the failure.",
      uncheckedInHelper:
        "The result of {{tool}} is passed to {{helper}}, which uses its content without checking `isError`: a failed call resolves like a successful one, so its error text flows on as if it were the answer, and whatever acts on it never learns the call failed. Check {{check}} first and handle the failure.",
      throwOnToolError:
        "Throw when the call fails: insert `if ({{result}}.isError) { throw new Error(..., { cause: {{result}} }); }` before this statement.",
    },
  },
  create(context) {
    return withModel(context, (model) => {
      if (!model.isMcpFile) return;
      // Several calls may share one variable (`result = await client.callTool(...)` twice): one report per read.
      const reported = new Set<TSESTree.Node>();
      for (const { toolName, result } of model.clientToolCalls()) {
        if (result.kind !== "unchecked") continue;
        const [first] = result.uses;
        if (!first || reported.has(first.node)) continue;
        reported.add(first.node);
        const name = result.binding?.name;
        const fix = guardFix(context.sourceCode, result.binding, first.node, toolName);
        context.report({
          node: first.node,
          messageId: first.helper ? "uncheckedInHelper" : "uncheckedToolResult",
          data: {
            tool: toolName === undefined ? "this tool call" : toolLabel(toolName),
            helper: first.helper ? helperLabel(first.helper) : "",
            check: name === undefined ? "the result's `isError`" : `\`${name}.isError\``,
          },
          suggest: fix && name !== undefined ? [{ messageId: "throwOnToolError", data: { result: name }, fix }] : [],
        });
      }
    });
  },
});

/** `textOf()` in backticks, or "a function" for one without a name. */
function helperLabel(fn: FunctionNode): string {
  const name = functionName(fn);
  return name === undefined ? "a function" : `\`${name}()\``;
}
