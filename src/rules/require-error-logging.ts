import { withModel } from "../lint/with-model.js";
import { TraceReader } from "../model/index.js";
import { enclosingFunction, functionName } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { CatchAnswers } from "./require-error-logging/answers.js";
import { logSuggestion } from "./require-error-logging/suggestion.js";
import { toolLabel } from "./shared/describe.js";

export type Options = [];
export type MessageIds = "unloggedErrorResult" | "unloggedDroppedFailure" | "logCaughtError";

export default createRule<Options, MessageIds>({
  name: "require-error-logging",
  meta: {
    type: "suggestion",
    docs: {
      description: "Require catches on a tool's path that turn a failure into an answer to log it where the operator can see it",
      recommended: "strict",
    },
    hasSuggestions: true,
    schema: [],
    messages: {
      unloggedErrorResult:
        "This catch turns a failure of {{tool}} into an error result without logging it: the model gets the short story, and the server log, where the operator looks, keeps nothing of the rest (the stack, the arguments, which tool failed). Log the caught error before answering.",
      unloggedDroppedFailure:
        "This catch drops a failure of {{tool}} without logging it: the answer goes on without what failed, and the server log, where the operator looks, has no trace of it (no stack, no arguments, no tool name). Log the caught error before going on.",
      logCaughtError: "Log the caught error first: `{{statement}}`.",
    },
  },
  create(context) {
    return withModel(context, (model) => {
      if (!model.isMcpFile || model.handlers.length === 0) return;
      const sourceCode = context.sourceCode;
      let answers: CatchAnswers | undefined;
      let traces: TraceReader | undefined;
      for (const clause of model.catches) {
        if (model.handlersAt(clause).length === 0 || model.isUnknownToolBranch(clause)) continue;
        answers ??= new CatchAnswers(sourceCode, model);
        const answer = answers.of(clause);
        if (!answer) continue;
        traces ??= new TraceReader(sourceCode);
        if (traces.of(clause).kind !== "none") continue;
        const keyword = sourceCode.getFirstToken(clause);
        if (!keyword) continue;
        const fn = enclosingFunction(clause);
        const suggestion = logSuggestion(sourceCode, clause, model.toolNameAt(clause) ?? (fn ? functionName(fn) : undefined) ?? "Tool call");
        context.report({
          loc: keyword.loc,
          messageId: answer === "error-result" ? "unloggedErrorResult" : "unloggedDroppedFailure",
          data: { tool: toolLabel(model.toolNamesAt(clause)) },
          suggest: suggestion ? [{ messageId: "logCaughtError", data: { statement: suggestion.statement }, fix: suggestion.fix }] : [],
        });
      }
    });
  },
});
