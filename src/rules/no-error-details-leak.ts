import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { withModel } from "../lint/with-model.js";
import { createRule } from "../util/create-rule.js";
import { capitalized, toolSubject } from "./shared/describe.js";
import { containsComment } from "./shared/fix.js";
import { findLeaks } from "./no-error-details-leak/scan.js";

export type Options = [];
export type MessageIds = "stackTraceLeak" | "errorObjectLeak" | "responseObjectLeak" | "useMessage";

/** Whether an expression put where `node` is needs parentheses (a conditional in `a + b`, `x.y`). */
function needsParens(node: TSESTree.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  switch (parent.type) {
    case AST_NODE_TYPES.TemplateLiteral:
    case AST_NODE_TYPES.Property:
    case AST_NODE_TYPES.VariableDeclarator:
    case AST_NODE_TYPES.ArrayExpression:
    case AST_NODE_TYPES.ReturnStatement:
    case AST_NODE_TYPES.AssignmentExpression:
      return false;
    case AST_NODE_TYPES.CallExpression:
    case AST_NODE_TYPES.NewExpression:
      return parent.callee === node;
    case AST_NODE_TYPES.ArrowFunctionExpression:
      return parent.body !== node;
    default:
      return true;
  }
}

export default createRule<Options, MessageIds>({
  name: "no-error-details-leak",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow stack traces and whole error objects in tool results",
      recommended: "recommended",
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      stackTraceLeak:
        "{{tool}} puts a stack trace ({{what}}) in its result, where the model and the user read it: it exposes file paths and internals and buries the actual failure. Use the error message and keep the stack in the server log.",
      errorObjectLeak:
        '{{tool}} puts a whole error object ({{what}}) in its result, where the model and the user read it: it can carry the stack, request headers and credentials, or serialize to "{}". Use the error message and keep the rest in the server log.',
      responseObjectLeak:
        '{{tool}} turns an upstream response object into text ({{what}}) in its result: the model reads "[object Response]" or "[object Object]" instead of what failed. Report the status and the error message, and keep the rest in the server log.',
      useMessage: "Use the error message instead (`{{replacement}}`).",
    },
  },
  create(context) {
    return withModel(context, (model) => {
      if (!model.isMcpFile || (model.results.length === 0 && model.escapingThrows.length === 0)) return;
      const sourceCode = context.sourceCode;
      const reported = new Set<string>();

      for (const leak of findLeaks(sourceCode, model)) {
        const key = `${String(leak.node.range[0])}:${String(leak.node.range[1])}:${leak.kind}`;
        if (reported.has(key)) continue;
        reported.add(key);
        const tool = toolSubject(model.toolNamesAt(leak.node));
        const replacement = leak.replacement;
        context.report({
          node: leak.node,
          messageId: leak.kind,
          data: { tool: capitalized(tool), what: leak.what },
          suggest:
            replacement !== undefined && !containsComment(sourceCode, leak.node)
              ? [
                  {
                    messageId: "useMessage",
                    data: { replacement },
                    fix: (fixer) => fixer.replaceText(leak.node, leak.conditional === true && needsParens(leak.node) ? `(${replacement})` : replacement),
                  },
                ]
              : [],
        });
      }
    });
  },
});
