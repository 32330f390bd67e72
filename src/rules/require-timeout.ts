import type { TSESTree } from "@typescript-eslint/utils";
import { type ExternalCall, type ToolHandler, collectImports, externalCallReader } from "../model/index.js";
import { getCallSettings } from "../settings.js";
import { withModel } from "../lint/with-model.js";
import { isInside, mergeListeners } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { toolLabel } from "./shared/describe.js";
import { fixOrSuggest } from "./shared/fix.js";
import { timeoutRemedy } from "./require-timeout/remedy.js";

export type Options = [
  {
    timeoutMs?: number;
    clients?: string[];
    wrappers?: string[];
    scope?: "handlers" | "everywhere";
    autofix?: boolean;
  },
];
export type MessageIds =
  | "missingTimeout"
  | "missingTimeoutFromCallers"
  | "fetchTimeoutIgnored"
  | "cancellationIsNotTimeout"
  | "addTimeoutSignal"
  | "addTimeoutOption"
  | "combineWithTimeout"
  | "replaceTimeoutWithSignal"
  | "addDefaultSignal";

const REMEDY: Record<ExternalCall["client"], string> = {
  fetch: "`signal: AbortSignal.timeout(ms)`",
  axios: "a `timeout` (per call, on the instance, or `axios.defaults.timeout`)",
  got: "a `timeout` option",
  http: "a `timeout` option or `req.setTimeout()`",
  child_process: "a `timeout` option (and a `killSignal`)",
  execa: "a `timeout` option",
  ai: "`abortSignal: AbortSignal.timeout(ms)` (or `timeout`, where the AI SDK version takes one)",
  custom: "a `timeout` or `signal` option",
};

/** The request signal usable at a call: only when the call sits in the handler that owns it. */
function requestSignalAt(call: TSESTree.CallExpression, handlers: readonly ToolHandler[]): string | undefined {
  for (const handler of handlers) {
    if (handler.requestSignal === undefined) continue;
    if (handler.requestSignal.startsWith("this.")) {
      if (isInside(call, handler.entry)) return handler.requestSignal;
      continue;
    }
    if (isInside(call, handler.entry)) return handler.requestSignal;
  }
  return undefined;
}

export default createRule<Options, MessageIds>({
  name: "require-timeout",
  meta: {
    type: "problem",
    docs: {
      description: "Require a timeout on every external call a tool handler makes (fetch, axios, got, http, child processes)",
      recommended: "recommended",
    },
    fixable: "code",
    hasSuggestions: true,
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: {
          timeoutMs: {
            type: "integer",
            minimum: 1,
            description: "The timeout that fixes insert, in milliseconds. Keep it below the client's request timeout (60 s on SDK clients).",
          },
          clients: {
            type: "array",
            items: { type: "string" },
            uniqueItems: true,
            description:
              "More functions that leave the process (`callApi`, `client.request`); a call needs a `timeout` or `signal` property in an options object.",
          },
          wrappers: {
            type: "array",
            items: { type: "string" },
            uniqueItems: true,
            description: 'Functions that bound what they wrap (beyond names containing "timeout" or "deadline").',
          },
          scope: {
            type: "string",
            enum: ["handlers", "everywhere"],
            description: "Check calls on tool handler paths only, or every call in the file.",
          },
          autofix: {
            type: "boolean",
            description: "Apply the fix as an autofix (for bulk migration) instead of offering it as a suggestion.",
          },
        },
      },
    ],
    defaultOptions: [{ timeoutMs: 30_000, clients: [], wrappers: [], scope: "handlers", autofix: false }],
    messages: {
      missingTimeout:
        "This {{label}} call in {{tool}} has no timeout: if the upstream hangs, the agent waits until its own request times out and learns nothing. Pass {{remedy}}.",
      missingTimeoutFromCallers:
        "This {{label}} call in {{tool}} takes its options from its callers, and not all of them pass a timeout: if the upstream hangs, the agent waits until its own request times out and learns nothing. Give the call a default: {{remedy}} (a caller's own still wins).",
      fetchTimeoutIgnored:
        "The fetch API ignores a `timeout` option, so this call in {{tool}} still has no timeout. Use `signal: AbortSignal.timeout(ms)`.",
      cancellationIsNotTimeout:
        "This {{label}} call in {{tool}} forwards only the request's cancellation signal; cancellation is not a timeout, so a hung upstream still blocks the agent. Combine it with `AbortSignal.timeout(ms)` through `AbortSignal.any`.",
      addTimeoutSignal: "Add `signal: {{signal}}`.",
      addTimeoutOption: "Add `timeout: {{ms}}`.",
      combineWithTimeout: "Combine it with `AbortSignal.timeout({{ms}})`.",
      replaceTimeoutWithSignal: "Replace it with `signal: AbortSignal.timeout(...)`.",
      addDefaultSignal: "Default the caller's signal to `{{signal}}`.",
    },
  },
  create(context, [options]) {
    const everywhere = options.scope === "everywhere";
    const sourceCode = context.sourceCode;
    const ms = options.timeoutMs;
    const shared = getCallSettings(context.settings);
    // The rule's own `clients` and `wrappers` add to the shared settings; without them the rule
    // reads the model's answer, the one every other rule and the inventory read.
    const own =
      options.clients.length > 0 || options.wrappers.length > 0
        ? { clients: new Set([...shared.clients, ...options.clients]), wrappers: new Set([...shared.wrappers, ...options.wrappers]) }
        : undefined;

    function report(call: TSESTree.CallExpression, external: ExternalCall, handlers: readonly ToolHandler[]): void {
      const requestSignal = requestSignalAt(call, handlers);
      const names = new Set(handlers.flatMap((h) => (h.toolName === undefined ? [] : [h.toolName])));
      const tool = handlers.length === 0 ? "a function outside any tool handler" : toolLabel([...names]);
      const signal = requestSignal ? `AbortSignal.any([${requestSignal}, AbortSignal.timeout(${String(ms)})])` : `AbortSignal.timeout(${String(ms)})`;
      const { messageId, fixId, fix } = timeoutRemedy(sourceCode, call, external, ms, signal);
      const offered = fixOrSuggest(options.autofix, fix, fixId && { messageId: fixId, data: { signal, ms: String(ms) } });
      context.report({
        node: call,
        messageId,
        data: { label: external.label, tool, remedy: REMEDY[external.client] },
        fix: offered.fix,
        suggest: offered.suggest,
      });
    }

    // `everywhere` also covers files the model skips (no MCP evidence): collect their calls here.
    const allCalls: TSESTree.CallExpression[] = [];
    return mergeListeners(
      everywhere
        ? {
            CallExpression(node) {
              allCalls.push(node);
            },
          }
        : {},
      withModel(context, (model) => {
        if (!model.isMcpFile && !everywhere) return;
        const calls = everywhere ? allCalls : model.calls;
        const read =
          own || !model.isMcpFile
            ? externalCallReader({
                sourceCode,
                calls,
                // A file without MCP evidence has an empty model; `everywhere` still needs its imports.
                importedFrom: model.isMcpFile ? model.importedFrom : collectImports(sourceCode.ast),
                importedInstances: model.importedInstances,
                importedGeneratedFactories: model.importedGeneratedFactories,
                importedPassThrough: model.importedPassThrough,
                settings: own ?? shared,
                signalsAt: (call) => model.handlersAt(call).flatMap((h) => (h.requestSignal === undefined ? [] : [h.requestSignal])),
                boundaries: model.handlerFunctions,
                callersOf: (fn) => model.callersOf(fn),
              })
            : (call: TSESTree.CallExpression) => model.externalCall(call);
        for (const call of calls) {
          const handlers = model.handlersAt(call);
          if (!everywhere && handlers.length === 0) continue;
          const external = read(call);
          if (external && external.status !== "ok" && external.status !== "unknown") report(call, external, handlers);
        }
      }),
    );
  },
});
