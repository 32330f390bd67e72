import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { getPayload, payloadField, type McpModel } from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import { getVocabulary } from "../settings.js";
import {
  type FunctionNode,
  constInitializer,
  enclosingFunction,
  findProperty,
  forEachOwnNode,
  functionName,
  hasSpread,
  isInside,
  mentionsName,
  messageText,
  resolveFunction,
  staticKeyName,
  staticString,
  unwrap,
} from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { orderedCategories, retryableFor } from "./shared/classification.js";
import { capitalized, classificationData, toolLabel } from "./shared/describe.js";
import { classificationFields, containsComment, insertProperty, isEditableObject, prependProperties, propertyKey, quote } from "./shared/fix.js";
import { soleContentPart } from "./shared/results.js";
import {
  DEGRADED_TEXT,
  FAILURE_TEXT,
  NO_DATA_TEXT,
  SuccessFlow,
  catchReturns,
  emptyValue,
  enclosingCatch,
  errorNames,
  fallsBack,
  isSelectiveReturn,
  payloadObjects,
  readsOutsideData,
  recordsWarning,
  triedAccess,
} from "./no-swallowed-failure/flow.js";

export type Options = [{ partialMarkers?: string[] }];
export type MessageIds = "swallowedResult" | "swallowedEmpty" | "failurePayload" | "addIsError" | "markAsError" | "rethrowWithCause";

type SourceCode = Readonly<TSESLint.SourceCode>;
type Suggestions = TSESLint.ReportSuggestionArray<MessageIds>;

const FAILED_STATUS = new Set(["error", "failed", "failure", "fail"]);

export default createRule<Options, MessageIds>({
  name: "no-swallowed-failure",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow catch blocks and results that report a tool failure as a success",
      recommended: "recommended",
    },
    hasSuggestions: true,
    schema: [
      {
        type: "object",
        additionalProperties: false,
        properties: {
          partialMarkers: {
            type: "array",
            items: { type: "string" },
            uniqueItems: true,
            description:
              "Fields that mark a result as partial or degraded (`warnings`, `partial`, ...): a result or catch that carries one is not a swallowed failure.",
          },
        },
      },
    ],
    defaultOptions: [{ partialMarkers: ["warnings", "_warnings", "partial", "_completeness"] }],
    messages: {
      swallowedResult:
        "{{tool}} catches a failure and answers with a successful result (no `isError`): the agent takes it as the real answer and passes it on, instead of retrying or reporting the failure. Return an error result with `isError: true` and a classification, or rethrow the error with `{ cause }`.",
      swallowedEmpty:
        "This catch turns a failed call into {{value}}, and {{tool}} reports it as a normal answer: the agent takes the empty answer as the truth and tells the user there is nothing, instead of retrying or reporting the outage. Rethrow the error with `{ cause }`, or return an error result.",
      failurePayload:
        "{{tool}} returns a successful result whose payload says it failed (`{{field}}`): clients and the agent go by `isError`, so the failure is taken as a normal answer instead of being retried or reported. Add `isError: true` with a classification.",
      addIsError: "Return it as an error result: add `isError: true` and classify it as {{category}} (`{{categoryField}}: {{code}}`, `{{retryable}}: {{value}}`).",
      markAsError: "Return it as an error result: add `isError: true`.",
      rethrowWithCause: "Rethrow instead: `throw new Error(..., { cause: {{cause}} })`.",
    },
  },
  create(context, [options]) {
    return withModel(context, (model) => {
      if (!model.isMcpFile || model.handlers.length === 0) return;
      const sourceCode = context.sourceCode;
      const vocabulary = getVocabulary(context.settings);
      const markers = new Set(options.partialMarkers);
      const results = new Map(model.results.map((r) => [r.object, r]));
      /** Result objects a catch already decided about. */
      const handled = new Set<TSESTree.ObjectExpression>();
      const helpers = new Map<FunctionNode, TSESTree.ObjectExpression | null>();
      let flow: SuccessFlow | undefined;

      const isPartial = (object: TSESTree.ObjectExpression): boolean =>
        [object, ...payloadObjects(sourceCode, object)].some((o) =>
          o.properties.some((p) => p.type === AST_NODE_TYPES.Property && markers.has(staticKeyName(p.key, p.computed) ?? "")),
        );

      /** The object every return of a same-file helper gives, when each is a success result literal. */
      const successHelper = (call: TSESTree.CallExpression): TSESTree.ObjectExpression | undefined => {
        const callee = unwrap(call.callee);
        const fn = callee.type === AST_NODE_TYPES.Identifier ? resolveFunction(sourceCode, callee) : undefined;
        if (!fn) return undefined;
        let object = helpers.get(fn);
        if (object === undefined) {
          object = successReturn(sourceCode, fn, (o) => results.get(o)?.isError === false && !hasSpread(o)) ?? null;
          helpers.set(fn, object);
        }
        return object ?? undefined;
      };

      /**
       * The catch answers with data, not with its failure: it says so (`"cached"`), calls another
       * source, or returns data it already had, without failure wording or the caught error.
       * A return for selected errors only (`if (e.status === 404)`) counts unless it says it failed.
       */
      function isDegradation(
        value: TSESTree.Node,
        text: string | undefined,
        clause: TSESTree.CatchClause,
        names: ReadonlySet<string>,
        selective: boolean,
      ): boolean {
        if (text !== undefined && DEGRADED_TEXT.test(text)) return true;
        const failed = text !== undefined && (FAILURE_TEXT.test(text) || NO_DATA_TEXT.test(text));
        if (selective && !(text !== undefined && FAILURE_TEXT.test(text))) return true;
        if (fallsBack(sourceCode, model, clause, value, names)) return true;
        if (failed || mentionsName(sourceCode, value, names, "own-code")) return false;
        return readsOutsideData(sourceCode, value, clause);
      }

      for (const clause of model.catches) {
        if (model.handlersAt(clause).length === 0) continue;
        const returns = catchReturns(sourceCode, clause);
        if (returns.length === 0) continue;
        let warned: boolean | undefined;
        /** The catch records a warning: whatever it returns is a partial answer. */
        const warns = (): boolean => (warned ??= recordsWarning(sourceCode, clause, markers));
        const names = errorNames(sourceCode, clause);
        const fn = enclosingFunction(clause);
        /** What a rethrown error's default message names: the tool, else the function. */
        const failing = model.toolNameAt(clause) ?? (fn ? functionName(fn) : undefined);
        for (const statement of returns) {
          const selective = isSelectiveReturn(sourceCode, statement, clause, names);
          const value = statement.argument ? unwrapAwait(statement.argument) : null;
          const result = value?.type === AST_NODE_TYPES.ObjectExpression ? results.get(value) : undefined;
          if (result) {
            handled.add(result.object);
            if (result.isError || warns() || model.isUnknownToolBranch(result.object) || isPartial(result.object)) continue;
            const text = textOf(result.object);
            if (isDegradation(result.object, text ? messageText(text) : undefined, clause, names, selective)) continue;
            const failure = failedField(sourceCode, result.object, names);
            context.report({
              node: failure ?? result.object,
              messageId: failure ? "failurePayload" : "swallowedResult",
              data: { tool: capitalized(toolLabel(model.toolNamesAt(result.object))), field: failure ? sourceCode.getText(failure) : "" },
              suggest: [...markAsError(result.object), ...rethrow(statement, clause, text, failing)],
            });
            continue;
          }
          if (value?.type === AST_NODE_TYPES.CallExpression) {
            const helperObject = successHelper(value);
            if (!helperObject || warns() || isPartial(helperObject)) continue;
            const first = value.arguments[0];
            const text = first ? messageText(first) : undefined;
            if (isDegradation(value, text, clause, names, selective)) continue;
            context.report({
              node: value,
              messageId: "swallowedResult",
              data: { tool: capitalized(toolLabel(model.toolNamesAt(value))) },
              suggest: rethrow(statement, clause, text !== undefined ? first : undefined, failing),
            });
            continue;
          }
          if (!fn || warns()) continue;
          // A plain value: a framework that converts it, or a caller, makes it a successful answer.
          flow ??= new SuccessFlow(sourceCode, model);
          const text = value ? staticText(sourceCode, value) : undefined;
          const inValueHandler = flow.isValueHandler(fn);
          const empty = emptyValue(value);
          if (empty === undefined) {
            // Text: failure or "no data" wording anywhere; any text a framework turns into the answer.
            if (text === undefined || !value) continue;
            if (!inValueHandler && !FAILURE_TEXT.test(text) && !NO_DATA_TEXT.test(text)) continue;
            if (isDegradation(value, text, clause, names, selective)) continue;
          } else if (selective) {
            continue;
          }
          // An empty value counts only after an access that can fail (not a JSON.parse fallback).
          const accessed = (): boolean => triedAccess(sourceCode, model, clause);
          if (inValueHandler && empty !== undefined && !accessed()) continue;
          const answer = inValueHandler ? fn : accessed() ? flow.successAnswer(fn) : undefined;
          if (!answer) continue;
          // Failure wording is a failure passed off as an answer; empty or "no data" says there is nothing.
          const nothing = empty !== undefined || (text !== undefined && NO_DATA_TEXT.test(text) && !FAILURE_TEXT.test(text));
          const tool = toolLabel(model.toolNamesAt(answer));
          context.report({
            node: value ?? statement,
            messageId: nothing ? "swallowedEmpty" : "swallowedResult",
            data: { value: empty ?? `the text ${quote(text ?? "")}`, tool: nothing ? tool : capitalized(tool) },
            // Failure text makes a fine message; "no data" would mislead.
            suggest: rethrow(statement, clause, nothing ? undefined : (value ?? undefined), inValueHandler ? failing : functionName(fn)),
          });
        }
      }

      for (const result of model.results) {
        const object = result.object;
        if (result.isError || handled.has(object) || hasSpread(object)) continue;
        const clause = enclosingCatch(object);
        const failure = failedField(sourceCode, object, clause ? errorNames(sourceCode, clause) : new Set());
        if (!failure || isPartial(object) || model.handlersAt(object).length === 0 || model.isUnknownToolBranch(object)) continue;
        context.report({
          node: failure,
          messageId: "failurePayload",
          data: { tool: capitalized(toolLabel(model.toolNamesAt(object))), field: sourceCode.getText(failure) },
          suggest: markAsError(object),
        });
      }

      /** Suggestions that add `isError: true`, with the classification fields when they are missing. */
      function markAsError(object: TSESTree.ObjectExpression): Suggestions {
        if (!isEditableObject(object)) return [];
        const isError = findProperty(object, "isError");
        const flag = (fixer: TSESLint.RuleFixer): TSESLint.RuleFix =>
          isError ? fixer.replaceText(isError.value, "true") : insertProperty(fixer, object, "isError: true");
        const only: Suggestions = [{ messageId: "markAsError", fix: flag }];
        if (vocabulary.container.length > 0) return only;
        const payload = getPayload(model, { node: object, object, helperCall: undefined, helper: undefined }, vocabulary);
        const missing = { category: !payloadField(payload, vocabulary.category), retryable: !payloadField(payload, vocabulary.retryable) };
        if (payload.unknown || (!missing.category && !missing.retryable)) return only;
        // The JSON payload, when it is written inside this result (a shared constant is left alone).
        const target = payload.jsonObject && isInside(payload.jsonObject, object) && isEditableObject(payload.jsonObject) ? payload.jsonObject : undefined;
        const text =
          !payload.jsonObject && payload.texts.length === 1 && !findProperty(object, "structuredContent") ? payload.texts[0] : undefined;
        if (!target && (!text || containsComment(sourceCode, text))) return only;
        return orderedCategories(object).map((category) => {
          const retryable = retryableFor(category, false);
          return {
            messageId: "addIsError" as const,
            data: classificationData(vocabulary, category, retryable),
            fix: (fixer) => {
              const fields = classificationFields(vocabulary, category, retryable, missing);
              const classify = target
                ? prependProperties(fixer, target, fields)
                : fixer.replaceText(text as TSESTree.Node, `JSON.stringify({ ${fields}, ${propertyKey(vocabulary.description)}: ${sourceCode.getText(text)} })`);
              return [flag(fixer), classify];
            },
          };
        });
      }

      /**
       * Replaces the return with `throw new Error(message, { cause })`, adding a catch parameter if
       * there is none. Only where a throw reaches the model as an error result; a low-level server
       * would turn it into a protocol error.
       */
      function rethrow(statement: TSESTree.ReturnStatement, clause: TSESTree.CatchClause, message: TSESTree.Node | undefined, name?: string): Suggestions {
        if (!rethrowReachesModel(model, clause) || containsComment(sourceCode, statement)) return [];
        if (clause.param && clause.param.type !== AST_NODE_TYPES.Identifier) return [];
        const cause = clause.param?.name ?? freeName(sourceCode, clause);
        if (cause === undefined) return [];
        const text = message ? sourceCode.getText(message) : quote(`${name ?? "The operation"} failed`);
        return [
          {
            messageId: "rethrowWithCause",
            data: { cause },
            fix: (fixer) => {
              const replace = fixer.replaceText(statement, `throw new Error(${text}, { cause: ${cause} });`);
              if (clause.param) return replace;
              const keyword = sourceCode.getFirstToken(clause);
              return keyword ? [fixer.insertTextAfter(keyword, ` (${cause})`), replace] : null;
            },
          },
        ];
      }
    });
  },
});

/** `await x` -> x, through TypeScript wrappers. */
function unwrapAwait(node: TSESTree.Node): TSESTree.Node {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.AwaitExpression ? unwrap(n.argument) : n;
}

/** The text of the only content part, when it is a message (not a JSON payload). */
function textOf(object: TSESTree.ObjectExpression): TSESTree.Node | undefined {
  const part = soleContentPart(object);
  const text = part ? findProperty(part, "text") : undefined;
  const value = text ? unwrap(text.value) : undefined;
  return value && messageText(value) !== undefined ? value : undefined;
}

/** A string the node holds: a literal, a template, or a const initialised with one. */
function staticText(sourceCode: SourceCode, node: TSESTree.Node): string | undefined {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Identifier) {
    const init = constInitializer(sourceCode, n);
    return init ? staticString(init) : undefined;
  }
  return messageText(n);
}

/**
 * A top-level payload field that says the call failed: `success: false`, `status: "error"`, or an
 * `error` whose value is surely there (a literal, an object, or read from the caught error).
 */
function failedField(sourceCode: SourceCode, object: TSESTree.ObjectExpression, names: ReadonlySet<string>): TSESTree.Property | undefined {
  for (const payload of payloadObjects(sourceCode, object)) {
    for (const p of payload.properties) {
      if (p.type !== AST_NODE_TYPES.Property) continue;
      const name = staticKeyName(p.key, p.computed);
      const value = unwrap(p.value);
      if (name === "success" && value.type === AST_NODE_TYPES.Literal && value.value === false) return p;
      if (name === "status") {
        const text = staticString(value);
        if (text !== undefined && FAILED_STATUS.has(text.toLowerCase())) return p;
      }
      if (name === "error" && isPresent(sourceCode, value, names)) return p;
    }
  }
  return undefined;
}

function isPresent(sourceCode: SourceCode, value: TSESTree.Node, names: ReadonlySet<string>): boolean {
  switch (value.type) {
    case AST_NODE_TYPES.Literal:
      return value.value !== null && value.value !== false && value.value !== "";
    case AST_NODE_TYPES.TemplateLiteral:
    case AST_NODE_TYPES.ObjectExpression:
    case AST_NODE_TYPES.NewExpression:
      return true;
    default:
      return mentionsName(sourceCode, value, names, "own-code");
  }
}

/** Every handler through the catch turns a throw into an error result the model reads. */
function rethrowReachesModel(model: McpModel, clause: TSESTree.CatchClause): boolean {
  const handlers = model.handlersAt(clause);
  return handlers.length > 0 && handlers.every((h) => h.thrown === "is-error");
}

/** A name for a new catch parameter that nothing in the catch body uses. */
function freeName(sourceCode: SourceCode, clause: TSESTree.CatchClause): string | undefined {
  return ["error", "err", "cause"].find((name) => !mentionsName(sourceCode, clause.body, new Set([name]), "own-code"));
}

/** The object literal every return of `fn` gives, when each one passes `accept`. */
function successReturn(
  sourceCode: SourceCode,
  fn: FunctionNode,
  accept: (object: TSESTree.ObjectExpression) => boolean,
): TSESTree.ObjectExpression | undefined {
  const values: TSESTree.Node[] = [];
  if (fn.body.type === AST_NODE_TYPES.BlockStatement) {
    const bare: TSESTree.ReturnStatement[] = [];
    forEachOwnNode(sourceCode, fn.body, (n) => {
      if (n.type === AST_NODE_TYPES.ReturnStatement) {
        if (n.argument) values.push(n.argument);
        else bare.push(n);
      }
    });
    if (bare.length > 0) return undefined;
  } else {
    values.push(fn.body);
  }
  let first: TSESTree.ObjectExpression | undefined;
  for (const v of values) {
    const object = unwrap(v);
    if (object.type !== AST_NODE_TYPES.ObjectExpression || !accept(object)) return undefined;
    first ??= object;
  }
  return first;
}
