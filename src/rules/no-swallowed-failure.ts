import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { withModel } from "../lint/with-model.js";
import { type McpModel, type ToolResult, jsonStringifyArgument, objectLiteral, sameFileFunction } from "../model/index.js";
import { getVocabulary } from "../settings.js";
import {
  type FunctionNode,
  constInitializer,
  enclosingCatch,
  enclosingFunction,
  functionName,
  hasSpread,
  mentionsName,
  messageText,
  ownReturnStatements,
  returnedObjectLiterals,
  staticKeyName,
  unwrap,
  unwrapAwait,
} from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { capitalized, toolLabel, toolSubject } from "./shared/describe.js";
import { quote } from "./shared/fix.js";
import { CatchAnswers, failedField, failureField, helperTextArgument, staticText, textOf } from "./no-swallowed-failure/answers.js";
import {
  FAILURE_TEXT,
  NO_DATA_TEXT,
  SuccessFlow,
  catchReturns,
  emptyValue,
  isFanOutItem,
  errorNames,
  isSelectiveReturn,
  isTruthyStandIn,
  readsOptionalFile,
  recordsWarning,
  triedAccess,
  StandInWalk,
  TruthyStandInWalk,
} from "./no-swallowed-failure/flow.js";
import { type KnownStandIn, knownStandIn } from "./no-swallowed-failure/taken-branch.js";
import { caughtObjectAnswer } from "./no-swallowed-failure/caught-object.js";
import { answeringCatches } from "./no-swallowed-failure/answering.js";
import { failureLines } from "./no-swallowed-failure/lines.js";
import { settledAsNothing } from "./no-swallowed-failure/settled.js";
import {
  type QuietFailure,
  droppedItems,
  emptiedItem,
  partOfItem,
  emptyAssignment,
  fallThrough,
  listsFailureAside,
  promiseCatches,
} from "./no-swallowed-failure/quiet.js";
import { Remedies } from "./no-swallowed-failure/suggestions.js";
import { fixedData } from "./no-swallowed-failure/fixed-data.js";
import { emptyRecord } from "./no-swallowed-failure/empty-record.js";
import { falseAfterCatch, booleanAnswer, returnAfterCatch, triedReturns } from "./no-swallowed-failure/false-answer.js";
import { droppedStep } from "./shared/steps.js";
import { writtenBack } from "./no-swallowed-failure/written-back.js";
import { inField } from "./no-swallowed-failure/carried.js";
import { reducedAnswer } from "./shared/reduced-answer.js";
import { resolvedStandIn } from "./no-swallowed-failure/resolved.js";

export type Options = [{ partialMarkers?: string[] }];
export type MessageIds =
  | "swallowedResult"
  | "swallowedEmpty"
  | "swallowedSuccess"
  | "swallowedFallback"
  | "swallowedItems"
  | "swallowedLine"
  | "swallowedSettled"
  | "swallowedStep"
  | "swallowedOverwrite"
  | "failurePayload"
  | "addIsError"
  | "markAsError"
  | "rethrowWithCause";

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
      swallowedOverwrite:
        "This catch puts {{value}} in place of data it could not read, and the code then writes that back with `{{write}}`: what was stored is replaced, and the agent calling {{tool}} is not told that anything failed. Rethrow the error with `{ cause }` (or return an error result) instead of writing.",
      swallowedSuccess:
        "This catch turns a failed call into {{value}}, and {{tool}} reports it as the real answer: the agent tells the user that it worked, instead of retrying or reporting the failure. Rethrow the error with `{ cause }`, or return an error result.",
      swallowedFallback:
        "This catch answers a failed call with {{value}} written in the code, and {{tool}} reports it as the real answer: the agent takes the stand-in for what the upstream holds, instead of retrying or reporting the outage. Rethrow the error with `{ cause }`, return an error result, or say in the answer that it is a fallback.",
      swallowedItems:
        "This catch leaves out of {{list}} what the failed call would have added, and says nothing: {{tool}} answers with the rest as if it were complete, so the agent cannot tell that part of the answer is missing. Note the failure in the answer (a warning, or `partial: true`), or rethrow the error with `{ cause }`.",
      swallowedLine:
        "{{tool}} catches a failure and writes it as one more line of its answer (`{{method}}`): the result has no `isError`, so the agent takes the failure for the answer instead of retrying or reporting it. Rethrow the error with `{ cause }`, so that it becomes an error result, or mark the result as an error.",
      swallowedSettled:
        "{{tool}} runs these calls with `Promise.allSettled` and answers a failed one with {{value}}, as if it had found nothing: the agent tells the user there is nothing instead of retrying or reporting the failure. Read the rejection's `reason` and say that the call failed: a warning in the result, or an error result.",
      swallowedStep:
        "This catch {{handling}} `{{step}}` failed, a step the request asked for, and {{tool}} goes on to answer as if it were done: the agent tells the user the whole request succeeded. Say in the answer that the step failed (a warning, or `partial: true`), or rethrow the error with `{ cause }`.",
      failurePayload:
        "{{tool}} returns a successful result whose payload says it failed (`{{field}}`): clients and the agent go by `isError`, so the failure is taken as a normal answer instead of being retried or reported. Add `isError: true` with a classification.",
      addIsError:
        "Return it as an error result: add `isError: true` and classify it as {{category}} (`{{categoryField}}: {{code}}`, `{{retryable}}: {{value}}`).",
      markAsError: "Return it as an error result: add `isError: true`.",
      rethrowWithCause: "Rethrow instead: `throw new Error(..., { cause: {{cause}} })`.",
    },
  },
  create(context, [options]) {
    return withModel(context, (model) => {
      if (!model.isMcpFile) return;
      const sourceCode = context.sourceCode;
      const vocabulary = getVocabulary(context.settings);
      const markers = new Set(options.partialMarkers);
      const answers = new CatchAnswers(sourceCode, model, markers);
      const remedies = new Remedies(sourceCode, model, vocabulary);
      reportAnsweringCatches(context, model, markers, { answers, remedies });
      if (model.handlers.length === 0) return;
      /** Result objects a catch already decided about. */
      const handled = new Set<TSESTree.ObjectExpression>();
      let flow: SuccessFlow | undefined = reportQuietFailures(context, model, markers, answers.results);
      for (const clause of model.catches) {
        if (model.handlersAt(clause).length === 0) continue;
        const fn = enclosingFunction(clause);
        const returns = answeringReturns(sourceCode, model, clause, fn);
        let warned: boolean | undefined;
        const names = errorNames(sourceCode, clause);
        const warns = (): boolean => (warned ??= recordsWarning(sourceCode, clause, markers) || listsFailureAside(sourceCode, clause, names));
        /** What a rethrown error's default message names: the tool, else the function. */
        const failing = model.toolNameAt(clause) ?? (fn ? functionName(fn) : undefined);
        if (returns.length === 0) {
          if (!fn || isFanOutItem(sourceCode, fn) || warns()) continue;
          if (reportResolved(context, model, (flow ??= SuccessFlow.of(model)), clause, names)) continue;
          if (!reportValueAfterCatch(context, model, (flow ??= SuccessFlow.of(model)), { clause, fn }))
            reportFailureLines(context, model, { answers, remedies, names }, { clause, failing });
          continue;
        }
        for (const statement of returns) {
          const selective = isSelectiveReturn(sourceCode, statement, clause, names);
          const value = statement.argument ? unwrapAwait(statement.argument) : null;
          const result = value?.type === AST_NODE_TYPES.ObjectExpression ? answers.results.get(value) : undefined;
          if (result) {
            handled.add(result.object);
            const tool = (): string => capitalized(toolSubject(model.toolNamesAt(result.object)));
            reportSuccessResult(context, model, { answers, remedies }, { clause, statement, result, names, selective, warns, tool, failing });
            continue;
          }
          if (reportConstructedAnswer(context, model, { answers, remedies }, { value, statement, clause, names, selective, warns, failing })) continue;
          if (value?.type === AST_NODE_TYPES.CallExpression && !makesStandIn(sourceCode, value)) {
            const helper = answers.successHelper(value);
            if (!helper && fn && !selective && !warns())
              reportStringifiedFailure(context, model, remedies, { value, statement, clause, fn, names, failing });
            if (!helper || warns() || answers.isPartial(helper.object, helper.source)) continue;
            const first = helperTextArgument(value, helper.object);
            const text = first ? messageText(first) : undefined;
            if (answers.isDegradation(value, text, clause, names, selective)) continue;
            context.report({
              node: value,
              messageId: "swallowedResult",
              data: { tool: capitalized(toolSubject(model.toolNamesAt(value))) },
              suggest: remedies.rethrow(statement, clause, text !== undefined ? first : undefined, failing),
            });
            continue;
          }
          if (!fn || warns() || failedFanOutItem(sourceCode, fn, value, names)) continue;
          // A plain value: a framework that converts it, or a caller, makes it a successful answer.
          flow ??= SuccessFlow.of(model);
          if (value?.type === AST_NODE_TYPES.ObjectExpression && failureFlag(value) !== undefined) {
            if (!selective) reportFlaggedFailure(context, model, flow, remedies, { value, statement, clause, fn, names });
            continue;
          }
          // `return { data: \`Error fetching docs: ${e}\` }`: a caller answers with that field;
          // `return { status, message }`, made of the failure alone: with the whole object.
          if (
            value?.type === AST_NODE_TYPES.ObjectExpression &&
            !selective &&
            (reportFailureField(context, model, flow, { answers, remedies, names }, { value, statement, clause, fn }) ||
              reportCaughtObject(context, model, flow, remedies, { value, statement, clause, fn, names }))
          ) {
            continue;
          }
          const text = value ? staticText(sourceCode, value) : undefined;
          const inValueHandler = flow.isValueHandler(fn);
          const empty = emptyStandIn(sourceCode, value, clause);
          if (empty === undefined) {
            // Text: failure or "no data" wording anywhere; any text a framework turns into the answer.
            if (text === undefined || !value) continue;
            // One item of a fan-out that says it failed is a visible partial failure, not a swallowed one.
            if (isFanOutItem(sourceCode, fn)) continue;
            if (!inValueHandler && !FAILURE_TEXT.test(text) && !NO_DATA_TEXT.test(text)) continue;
            if (answers.isDegradation(value, text, clause, names, selective)) continue;
          } else if (selective) {
            continue;
          }
          // An empty value counts only after an access that can fail (not a JSON.parse fallback).
          const accessed = (): boolean => triedAccess(sourceCode, model, clause);
          if (inValueHandler && empty !== undefined && !accessed()) continue;
          const known = knownValue(empty);
          const walk = empty !== undefined && isTruthyStandIn(empty.value) ? new TruthyStandInWalk(known) : known ? new StandInWalk(known) : undefined;
          // `return { segments: null }`: the value goes on in that field of what the function returns.
          const carried = empty?.field !== undefined ? inField(empty.field) : undefined;
          const answer = inValueHandler ? fn : accessed() ? flow.successAnswer(fn, 0, walk, false, carried) : undefined;
          // A per-item stand-in, in an answer that lists the items left out (`invalidTabIds`).
          if (!answer || (empty !== undefined && !inValueHandler && isFanOutItem(sourceCode, fn) && answers.listsLeftOut(answer))) continue;
          // Failure wording is a failure passed off as an answer; empty or "no data" says there is nothing.
          const nothing = empty !== undefined || (text !== undefined && NO_DATA_TEXT.test(text) && !FAILURE_TEXT.test(text));
          const tool = answerLabel(model, answer, fn);
          context.report({
            node: value ?? statement,
            messageId: nothing ? (empty?.fixed === true ? "swallowedFallback" : "swallowedEmpty") : "swallowedResult",
            data: { value: empty?.value ?? `the text ${quote(text ?? "")}`, tool: nothing ? tool : capitalized(tool) },
            // Failure text makes a fine message; "no data" would mislead.
            suggest: remedies.rethrow(statement, clause, nothing ? undefined : (value ?? undefined), inValueHandler ? failing : functionName(fn)),
          });
        }
      }

      reportFailedPayloads(context, model, { answers, remedies }, handled);
      for (const settled of settledAsNothing(sourceCode, model.calls)) {
        if (model.handlersAt(settled.call).length === 0) continue;
        context.report({
          node: settled.call,
          messageId: "swallowedSettled",
          data: { tool: capitalized(toolSubject(model.toolNamesAt(settled.call))), value: settled.value },
        });
      }
    });
  },
});

/**
 * A catch of a function that answers like a tool handler, off every handler path the file shows,
 * that answers with a success result: reported as on a handler's path, with no tool to name.
 */
function reportAnsweringCatches(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  markers: ReadonlySet<string>,
  { answers, remedies }: { readonly answers: CatchAnswers; readonly remedies: Remedies },
): void {
  if (model.catches.length === 0) return;
  const sourceCode = context.sourceCode;
  for (const { clause, statement, result } of answeringCatches(model, answers.results)) {
    const names = errorNames(sourceCode, clause);
    const warns = (): boolean => recordsWarning(sourceCode, clause, markers) || listsFailureAside(sourceCode, clause, names);
    const selective = isSelectiveReturn(sourceCode, statement, clause, names);
    const fn = enclosingFunction(clause);
    const failing = fn ? functionName(fn) : undefined;
    reportSuccessResult(
      context,
      model,
      { answers, remedies },
      { clause, statement, result, names, selective, warns, tool: () => ANSWERING_LABEL, failing },
    );
  }
}

/**
 * `return new Answer(text).result` (`new PromptResponse(text).promptResponse`) in a catch, the class's constructor making a
 * successful tool result of its parameter (typed): reported as the call of a success helper is.
 * True when the value is such an answer (reported or not).
 */
function reportConstructedAnswer(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  { answers, remedies }: { readonly answers: CatchAnswers; readonly remedies: Remedies },
  found: {
    readonly value: TSESTree.Node | null;
    readonly statement: TSESTree.ReturnStatement;
    readonly clause: TSESTree.CatchClause;
    readonly names: ReadonlySet<string>;
    readonly selective: boolean;
    readonly warns: () => boolean;
    readonly failing: string | undefined;
  },
): boolean {
  const { value, statement, clause, names, selective, warns, failing } = found;
  if (value?.type !== AST_NODE_TYPES.MemberExpression || value.object.type !== AST_NODE_TYPES.NewExpression) return false;
  const built = model.types.constructedAnswerText(context.sourceCode, value);
  if (built === undefined) return false;
  if (warns()) return true;
  const args = value.object.arguments;
  const first = built >= 0 ? args[built] : args.find((a) => messageText(a) !== undefined);
  const text = first && first.type !== AST_NODE_TYPES.SpreadElement ? messageText(first) : undefined;
  if (answers.isDegradation(value, text, clause, names, selective)) return true;
  context.report({
    node: value,
    messageId: "swallowedResult",
    data: { tool: capitalized(toolSubject(model.toolNamesAt(value))) },
    suggest: remedies.rethrow(statement, clause, text !== undefined ? first : undefined, failing),
  });
  return true;
}

/**
 * A catch's return of a success result literal: reported unless it is an error result after all,
 * the catch notes a warning, the result is partial or the dispatcher's "unknown tool" branch, or
 * the catch degrades to data; a payload that says it failed is reported as such.
 */
function reportSuccessResult(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  { answers, remedies }: { readonly answers: CatchAnswers; readonly remedies: Remedies },
  found: {
    readonly clause: TSESTree.CatchClause;
    readonly statement: TSESTree.ReturnStatement;
    readonly result: ToolResult;
    readonly names: ReadonlySet<string>;
    readonly selective: boolean;
    readonly warns: () => boolean;
    /** How the finding names the tool (worked out only when it is reported). */
    readonly tool: () => string;
    readonly failing: string | undefined;
  },
): void {
  const { clause, statement, result, names, selective } = found;
  if (result.isError || found.warns() || model.isUnknownToolBranch(result.object) || answers.isPartial(result.object)) return;
  const sourceCode = context.sourceCode;
  const text = textOf(result.object);
  // A payload that says it failed is no degraded answer, whatever the catch selected.
  const failure = failedField(sourceCode, result.object, names);
  if (!failure && answers.isDegradation(result.object, text ? messageText(text) : undefined, clause, names, selective)) return;
  context.report({
    node: failure ?? result.object,
    messageId: failure ? "failurePayload" : "swallowedResult",
    data: { tool: found.tool(), field: failure ? sourceCode.getText(failure) : "" },
    suggest: [...remedies.markAsError(result.object), ...remedies.rethrow(statement, clause, text, found.failing)],
  });
}

/** How a finding names a function that answers like a tool handler, no registration of which the file shows. */
const ANSWERING_LABEL = "This function, which answers like a tool handler,";

/**
 * The tools an answer made of `fn`'s value is theirs: an answer in another file names no tool
 * here, so the tools whose path runs through `fn` do; one a shared wrapper makes (for every tool
 * it serves) names those of them whose path runs through `fn`.
 */
function answerLabel(model: McpModel, answer: TSESTree.Node, fn: TSESTree.Node): string {
  const answerTools = model.toolNamesAt(answer);
  const ownTools = model.toolNamesAt(fn);
  const shared = answerTools.filter((name) => ownTools.includes(name));
  return toolSubject(shared.length > 0 ? shared : answerTools.length > 0 ? answerTools : ownTools);
}

/** A call that makes a stand-in (fixed data, or a result with nothing in it): judged as the value it gives. */
function makesStandIn(sourceCode: Readonly<TSESLint.SourceCode>, call: TSESTree.CallExpression): boolean {
  return fixedData(sourceCode, call) !== undefined || emptyRecord(sourceCode, call) !== undefined;
}

/**
 * An empty value a catch returns, or its try's item with the failed call's field emptied (`return
 * { id, tags: [] }`), or a result with nothing in it (`return emptyResult(limit)`); or fixed data
 * written in the code (`return getFallbackComponents()`).
 */
function emptyStandIn(
  sourceCode: Readonly<TSESLint.SourceCode>,
  value: TSESTree.Node | null,
  clause: TSESTree.CatchClause,
): { readonly value: string; readonly fixed: boolean; readonly field?: string; readonly literal?: boolean } | undefined {
  const empty = emptyValue(value);
  if (empty !== undefined) return { value: empty, fixed: false };
  const item =
    value?.type === AST_NODE_TYPES.ObjectExpression ? emptiedItem(sourceCode, value, clause) : value ? partOfItem(sourceCode, value, clause) : undefined;
  if (item) return { ...item, fixed: false };
  // One item of a fan-out is judged by what the fan-out does with it (see `isFanOutItem`).
  const fn = enclosingFunction(clause);
  const record = fn && isFanOutItem(sourceCode, fn) ? undefined : emptyRecord(sourceCode, value);
  if (record !== undefined) return { value: record, fixed: false };
  const fixed = fixedData(sourceCode, value);
  if (fixed !== undefined) return { value: fixed, fixed: true };
  const answer = booleanAnswer(value, clause);
  return answer === undefined ? undefined : { value: `\`${String(answer)}\``, fixed: true, literal: answer };
}

/**
 * The stand-in's value, where a walk can work out the tests of it: an empty value, or a
 * predicate's `false` (or `true`), whose test takes one branch that may fail the tool.
 */
function knownValue(empty: ReturnType<typeof emptyStandIn>): KnownStandIn | undefined {
  if (empty === undefined || empty.field !== undefined) return undefined;
  if (empty.literal !== undefined) return { value: empty.literal };
  return empty.fixed ? undefined : knownStandIn(empty.value);
}

/** Successful results (outside the catches already judged) whose payload says they failed. */
function reportFailedPayloads(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  { answers, remedies }: { answers: CatchAnswers; remedies: Remedies },
  handled: ReadonlySet<TSESTree.ObjectExpression>,
): void {
  const sourceCode = context.sourceCode;
  for (const result of model.results) {
    const object = result.object;
    if (result.isError || handled.has(object) || hasSpread(object)) continue;
    const clause = enclosingCatch(object);
    const failure = failedField(sourceCode, object, clause ? errorNames(sourceCode, clause) : new Set());
    if (!failure || answers.isPartial(object) || model.handlersAt(object).length === 0 || model.isUnknownToolBranch(object)) continue;
    context.report({
      node: failure,
      messageId: "failurePayload",
      data: { tool: capitalized(toolSubject(model.toolNamesAt(object))), field: sourceCode.getText(failure) },
      suggest: remedies.markAsError(object),
    });
  }
}

/**
 * Catches that fall through and leave a variable's empty default, and `.catch(() => [])`: reported
 * where some read of the stand-in reaches a successful answer of a tool.
 */
function reportQuietFailures(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  markers: ReadonlySet<string>,
  results: ReadonlyMap<TSESTree.ObjectExpression, ToolResult>,
): SuccessFlow {
  const sourceCode = context.sourceCode;
  const flow = SuccessFlow.of(model);
  const quiet: QuietFailure[] = promiseCatches(model);
  for (const clause of model.catches) {
    if (model.handlersAt(clause).length === 0 || !triedAccess(sourceCode, model, clause) || recordsWarning(sourceCode, clause, markers)) continue;
    // What failed, and why, noted in a list the code after the try reads on (`outcomes.get(id)?.push({ id, detail })`).
    if (listsFailureAside(sourceCode, clause, errorNames(sourceCode, clause))) continue;
    // The try's own answer, given after the catch with the failed call's parts left out.
    const reduced = reducedAnswer(sourceCode, results, clause);
    const keyword = reduced ? sourceCode.getFirstToken(clause) : null;
    if (reduced && keyword) {
      context.report({ loc: keyword.loc, messageId: "swallowedItems", data: { list: "the answer", tool: toolSubject(model.toolNamesAt(reduced)) } });
      continue;
    }
    const found = fallThrough(sourceCode, clause) ?? emptyAssignment(sourceCode, clause) ?? droppedItems(sourceCode, clause);
    if (found) quiet.push(found);
    else reportDroppedStep(context, model, flow, clause);
  }
  for (const failure of quiet) {
    const inList = failure.dropped === true || failure.emptied === true;
    const truthy = inList || failure.claimed === true || isTruthyStandIn(failure.empty);
    // A list missing some items (or holding a stand-in), or a made-up success, is no value known in advance.
    const known = inList || failure.claimed === true ? undefined : knownStandIn(failure.empty);
    // `if (devices.length === 0) { ... fall back ... }`: the code after the try tells the failure apart.
    if (inList && failure.reads.some((read) => flow.tellsApart(read))) continue;
    const answer = failure.reads
      .map((read) => flow.readReaches(read, truthy ? new TruthyStandInWalk(known) : new StandInWalk(known)))
      .find((reached) => reached !== undefined);
    if (!answer) {
      reportOverwrite(context, model, failure);
      continue;
    }
    // A catch clause is reported at its keyword, not the whole block.
    const keyword = failure.node.type === AST_NODE_TYPES.CatchClause ? sourceCode.getFirstToken(failure.node) : null;
    context.report({
      ...(keyword ? { loc: keyword.loc } : { node: failure.node }),
      messageId: failure.dropped ? "swallowedItems" : failure.claimed ? "swallowedSuccess" : "swallowedEmpty",
      data: failure.dropped
        ? { list: failure.empty, tool: toolSubject(model.toolNamesAt(answer)) }
        : { value: failure.empty, tool: toolSubject(model.toolNamesAt(answer)) },
    });
  }
  return flow;
}

/** `catch { scripts = [] }`, then `await api.upsertScripts(site, { scripts })`: what was stored is replaced by nothing. */
function reportOverwrite(context: Readonly<TSESLint.RuleContext<MessageIds, Options>>, model: McpModel, failure: QuietFailure): void {
  const { sourceCode } = context;
  const clause = failure.node;
  if (clause.type !== AST_NODE_TYPES.CatchClause || failure.dropped === true || failure.claimed === true) return;
  if ((failure.empty !== "an empty array" && failure.empty !== "an empty object") || readsOptionalFile(sourceCode, model, clause)) return;
  const write = writtenBack(sourceCode, failure.reads);
  const keyword = write ? sourceCode.getFirstToken(clause) : null;
  if (!write || !keyword) return;
  context.report({
    loc: keyword.loc,
    messageId: "swallowedOverwrite",
    data: { value: failure.empty, write: sourceCode.getText(write.callee), tool: toolLabel(model.toolNamesAt(clause)) },
  });
}

/** `if (input.docName) { try { await api.rename(id, input.docName) } catch (e) { console.warn(e) } }`, then a success answer. */
function reportDroppedStep(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  flow: SuccessFlow,
  clause: TSESTree.CatchClause,
): void {
  const step = droppedStep(context.sourceCode, clause);
  const fn = step ? enclosingFunction(clause) : undefined;
  if (!step || !fn || isFanOutItem(context.sourceCode, fn)) return;
  const answer = flow.answerAfter(fn, clause.parent);
  const keyword = answer ? context.sourceCode.getFirstToken(clause) : null;
  if (!answer || !keyword) return;
  context.report({
    loc: keyword.loc,
    messageId: "swallowedStep",
    data: {
      handling: step.logged ? "only logs that" : "ignores that",
      step: context.sourceCode.getText(step.call.callee),
      tool: toolSubject(model.toolNamesAt(answer)),
    },
  });
}

/**
 * `catch (e) { log(e); resolve("") }` in the executor of the promise a function returns: reported
 * where the empty value reaches a successful answer, as a catch's `return ""` would be.
 */
function reportResolved(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  flow: SuccessFlow,
  clause: TSESTree.CatchClause,
  names: ReadonlySet<string>,
): boolean {
  const resolved = resolvedStandIn(context.sourceCode, clause, names);
  if (!resolved || !triedAccess(context.sourceCode, model, clause)) return false;
  const known = knownStandIn(resolved.value);
  const answer = flow.successAnswer(resolved.fn, 0, known ? new StandInWalk(known) : undefined);
  if (!answer) return false;
  context.report({
    node: resolved.call,
    messageId: "swallowedEmpty",
    data: { value: resolved.value, tool: answerLabel(model, answer, resolved.fn) },
  });
  return true;
}

/** `catch (error) { response.appendResponseLine(\`Unable to navigate: ${error.message}\`) }`: the failure becomes a line of the answer. */
function reportFailureLines(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  { answers, remedies, names }: { answers: CatchAnswers; remedies: Remedies; names: ReadonlySet<string> },
  { clause, failing }: { clause: TSESTree.CatchClause; failing: string | undefined },
): void {
  for (const line of failureLines(context.sourceCode, clause, names)) {
    if (answers.isDegradation(line.text, messageText(line.text), clause, names, false)) continue;
    context.report({
      node: line.call,
      messageId: "swallowedLine",
      data: { tool: capitalized(toolSubject(model.toolNamesAt(line.call))), method: line.method },
      suggest: remedies.rethrow(line.statement, clause, line.text, failing),
    });
  }
}

/**
 * A catch that only logs, in a function that goes on to the `return false` of its "no" (see
 * `falseAfterCatch`) or to an empty value after the try (`emptyAfterCatch`): reported at the
 * catch, which is where the fix goes, when that value reaches a successful answer. True when the
 * catch is of that kind (reported or not).
 */
function reportValueAfterCatch(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  flow: SuccessFlow,
  { clause, fn }: { clause: TSESTree.CatchClause; fn: FunctionNode },
): boolean {
  const sourceCode = context.sourceCode;
  const value = falseAfterCatch(sourceCode, clause) ? "`false`" : emptyAfterCatch(sourceCode, clause);
  if (value === undefined) return false;
  const answer = triedAccess(sourceCode, model, clause) ? (flow.isValueHandler(fn) ? fn : flow.successAnswer(fn)) : undefined;
  const keyword = answer ? sourceCode.getFirstToken(clause) : null;
  if (!answer || !keyword) return true;
  const messageId = value === "`false`" ? "swallowedFallback" : "swallowedEmpty";
  context.report({ loc: keyword.loc, messageId, data: { value, tool: answerLabel(model, answer, fn) } });
  return true;
}

/**
 * `try { ...; if (rows) return rows.map(toRecord) } catch (e) { log(e) } return []`: the empty
 * value (or result with nothing in it) after the try answers the failure, and "nothing found"
 * alike where the try goes on to it. The try must answer with data somewhere; a fan-out item is
 * judged as the fan-out's.
 */
function emptyAfterCatch(sourceCode: Readonly<TSESLint.SourceCode>, clause: TSESTree.CatchClause): string | undefined {
  const next = returnAfterCatch(sourceCode, clause, false);
  const fn = enclosingFunction(clause);
  if (!next?.argument || !fn || isFanOutItem(sourceCode, fn)) return undefined;
  if (!triedReturns(clause).some((r) => r.argument !== null && emptyValue(r.argument) === undefined)) return undefined;
  // `{}` and `undefined` are as often something optional left out (metadata, a hint) as an answer.
  const empty = emptyValue(next.argument);
  return empty === "an empty array" || empty === "`null`" ? empty : emptyRecord(sourceCode, next.argument);
}

/** One item of a fan-out that says it failed (`{ error: \`Search failed: ${e}\` }`): a visible partial failure. */
function failedFanOutItem(sourceCode: Readonly<TSESLint.SourceCode>, fn: FunctionNode, value: TSESTree.Node | null, names: ReadonlySet<string>): boolean {
  return value?.type === AST_NODE_TYPES.ObjectExpression && isFanOutItem(sourceCode, fn) && failureField(sourceCode, value, names) !== undefined;
}

/**
 * `return JSON.stringify({ error: { message: e.message } })` from a catch of a function whose value
 * a tool answers with as a success (`text: String(await api.run(method, args))`): the failure
 * payload becomes the text of a successful result.
 */
function reportStringifiedFailure(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  remedies: Remedies,
  at: {
    value: TSESTree.CallExpression;
    statement: TSESTree.ReturnStatement;
    clause: TSESTree.CatchClause;
    fn: FunctionNode;
    names: ReadonlySet<string>;
    failing: string | undefined;
  },
): void {
  const sourceCode = context.sourceCode;
  if (reportBuiltFailure(context, model, remedies, at)) return;
  const argument = jsonStringifyArgument(at.value);
  const object = argument ? objectLiteral(sourceCode, argument) : undefined;
  const field = object ? failureField(sourceCode, object, at.names) : undefined;
  if (!field || !triedAccess(sourceCode, model, at.clause)) return;
  const flow = SuccessFlow.of(model);
  const answer = flow.isValueHandler(at.fn) ? at.fn : flow.successAnswer(at.fn);
  if (!answer) return;
  const answerTools = model.toolNamesAt(answer);
  context.report({
    node: field,
    messageId: "failurePayload",
    data: { tool: capitalized(toolSubject(answerTools.length > 0 ? answerTools : model.toolNamesAt(at.fn))), field: sourceCode.getText(field) },
    suggest: remedies.rethrow(at.statement, at.clause, undefined, at.failing),
  });
}

/**
 * `return this.failure(message, startTime)` from a catch, where that method of the class (or a
 * function of the file) returns `{ success: false, error, ... }` every time: judged like the object
 * written in place, made of the caught error through the call's arguments, and reported at the
 * call. True when it was this.
 */
function reportBuiltFailure(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  remedies: Remedies,
  at: { value: TSESTree.CallExpression; statement: TSESTree.ReturnStatement; clause: TSESTree.CatchClause; fn: FunctionNode; names: ReadonlySet<string> },
): boolean {
  const sourceCode = context.sourceCode;
  const maker = sameFileFunction(sourceCode, unwrap(at.value.callee));
  const [built, ...more] = (maker && maker !== at.fn ? returnedObjectLiterals(maker) : undefined) ?? [];
  const flag = built && more.length === 0 ? failureFlag(built) : undefined;
  if (flag === undefined || !mentionsName(sourceCode, at.value, at.names, "own-code") || !triedAccess(sourceCode, model, at.clause)) return false;
  const flow = SuccessFlow.of(model);
  const answer = flow.flagAnswer(at.fn, flag) ?? flow.successAnswer(at.fn);
  if (answer) reportAnswered(context, model, remedies, at, answer, undefined);
  return answer !== undefined;
}

/** An object a catch returns, where it is returned. */
interface ReturnedObject {
  readonly value: TSESTree.ObjectExpression;
  readonly statement: TSESTree.ReturnStatement;
  readonly clause: TSESTree.CatchClause;
  readonly fn: FunctionNode;
  readonly names: ReadonlySet<string>;
}

/**
 * An object that says it failed (`{ context: "", isRagWorking: false }`): a caller that tests the
 * flag and still answers successfully when it is false swallows the failure; with no such caller,
 * so does one that answers with the whole object, as for an object made of the failure alone.
 */
function reportFlaggedFailure(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  flow: SuccessFlow,
  remedies: Remedies,
  at: ReturnedObject,
): void {
  const flag = failureFlag(at.value);
  const flagged = flag === undefined ? undefined : flow.flagAnswer(at.fn, flag);
  if (!flagged) {
    // `return { success: false, error: message }` answered whole (`text: JSON.stringify(result)`): the failure goes out as data.
    reportCaughtObject(context, model, flow, remedies, at);
    return;
  }
  context.report({
    node: at.value,
    messageId: "swallowedResult",
    data: { tool: capitalized(toolSubject(model.toolNamesAt(flagged))) },
    suggest: remedies.rethrow(at.statement, at.clause, undefined, functionName(at.fn)),
  });
}

/** `return { status, message }`, made of the caught error alone, from a function whose caller answers with the whole object. */
function reportCaughtObject(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  flow: SuccessFlow,
  remedies: Remedies,
  at: ReturnedObject,
): boolean {
  const answer = caughtObjectAnswer(context.sourceCode, model, flow, at);
  if (answer) reportAnswered(context, model, remedies, at, answer, undefined);
  return answer !== undefined;
}

/** The object a catch returned, which `answer` (of some tools) gives the agent as a success; `text` makes the rethrow's message. */
function reportAnswered(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  remedies: Remedies,
  at: { value: TSESTree.Node; statement: TSESTree.ReturnStatement; clause: TSESTree.CatchClause; fn: FunctionNode },
  answer: TSESTree.Node,
  text: TSESTree.Node | undefined,
): void {
  const answerTools = model.toolNamesAt(answer);
  context.report({
    node: at.value,
    messageId: "swallowedResult",
    data: { tool: capitalized(toolSubject(answerTools.length > 0 ? answerTools : model.toolNamesAt(at.fn))) },
    suggest: remedies.rethrow(at.statement, at.clause, text, functionName(at.fn)),
  });
}

/**
 * `return { data: \`Error fetching docs: ${e}\` }` from a catch after an access that can fail: a
 * caller on a tool's path that answers successfully with that field, or with the whole object,
 * swallows the failure.
 */
function reportFailureField(
  context: Readonly<TSESLint.RuleContext<MessageIds, Options>>,
  model: McpModel,
  flow: SuccessFlow,
  { answers, remedies, names }: { answers: CatchAnswers; remedies: Remedies; names: ReadonlySet<string> },
  at: { value: TSESTree.ObjectExpression; statement: TSESTree.ReturnStatement; clause: TSESTree.CatchClause; fn: FunctionNode },
): boolean {
  const sourceCode = context.sourceCode;
  const field = failureTextField(sourceCode, at.value);
  if (!field || !triedAccess(sourceCode, model, at.clause) || answers.isDegradation(at.value, field.text, at.clause, names, false)) return false;
  // A caller answers with that field, or with the whole object (`text: JSON.stringify(found)`)
  // when the rest of it is the usual value emptied (`{ rows: [], count: 0, error }`): an object
  // that also says what it is (`status: "UNAVAILABLE"`, an id it had) is a partial answer with a note.
  // The object is there: a test of its presence lets it through.
  const whole = (): TSESTree.Node | undefined =>
    emptiedBeside(at.value, field.name) ? (flow.isValueHandler(at.fn) ? at.fn : flow.successAnswer(at.fn, 0, new TruthyStandInWalk())) : undefined;
  const answer = flow.fieldAnswer(at.fn, field.name) ?? whole();
  if (answer) reportAnswered(context, model, remedies, at, answer, field.value);
  return answer !== undefined;
}

/** Every field of `object` but `field` holds an empty value (`[]`, `0`, `null`, ...). */
function emptiedBeside(object: TSESTree.ObjectExpression, field: string): boolean {
  return object.properties.every(
    (p) => p.type === AST_NODE_TYPES.Property && (staticKeyName(p.key, p.computed) === field || emptyValue(p.value) !== undefined),
  );
}

/** A property whose text says the call failed (`data: \`Error fetching docs: ${e}\``), directly or through a constant. */
function failureTextField(
  sourceCode: Readonly<TSESLint.SourceCode>,
  object: TSESTree.ObjectExpression,
): { readonly name: string; readonly text: string; readonly value: TSESTree.Node } | undefined {
  for (const property of object.properties) {
    if (property.type !== AST_NODE_TYPES.Property) continue;
    const name = staticKeyName(property.key, property.computed);
    if (name === undefined) continue;
    const value = unwrap(property.value);
    const init = value.type === AST_NODE_TYPES.Identifier ? constInitializer(sourceCode, value) : value;
    const text = init ? messageText(init) : undefined;
    if (text !== undefined && FAILURE_TEXT.test(text)) return { name, text, value };
  }
  return undefined;
}

/** A property that says the call failed, as a flag its callers test: `isRagWorking: false`, `ok: false`, `success: false`. */
function failureFlag(object: TSESTree.ObjectExpression): string | undefined {
  for (const property of object.properties) {
    if (property.type !== AST_NODE_TYPES.Property || property.computed || property.key.type !== AST_NODE_TYPES.Identifier) continue;
    const value = unwrap(property.value);
    if (
      value.type === AST_NODE_TYPES.Literal &&
      value.value === false &&
      /^(ok|success|succeeded|working|available|found)$|^is[A-Z]\w*(Working|Available|Ok|Success)$/u.test(property.key.name)
    ) {
      return property.key.name;
    }
  }
  return undefined;
}

/**
 * The returns of a catch that may answer: all of them, but a `return;` in a function that returns
 * nothing anywhere, which stops it and answers nothing (the catch is judged as one that falls through).
 */
function answeringReturns(
  sourceCode: Readonly<TSESLint.SourceCode>,
  model: McpModel,
  clause: TSESTree.CatchClause,
  fn: FunctionNode | undefined,
): TSESTree.ReturnStatement[] {
  return catchReturns(sourceCode, clause).filter(
    (statement) => (statement.argument !== null || !fn || !returnsNoValue(fn)) && !afterExit(sourceCode, model, statement),
  );
}

/**
 * A return no run reaches: a call before it in its block always throws (`this.handleHttpError(error,
 * "getPaper"); return null;`, the method typed `never`, or a function of the file declared so).
 */
function afterExit(sourceCode: Readonly<TSESLint.SourceCode>, model: McpModel, statement: TSESTree.ReturnStatement): boolean {
  const block = statement.parent;
  if (block.type !== AST_NODE_TYPES.BlockStatement) return false;
  for (const sibling of block.body) {
    if (sibling === statement) return false;
    const expression = sibling.type === AST_NODE_TYPES.ExpressionStatement ? unwrapAwait(sibling.expression) : undefined;
    if (expression?.type !== AST_NODE_TYPES.CallExpression) continue;
    const declared = sameFileFunction(sourceCode, unwrap(expression.callee))?.returnType?.typeAnnotation.type === AST_NODE_TYPES.TSNeverKeyword;
    if (declared || model.types.returnsNever(sourceCode, expression)) return true;
  }
  return false;
}

/** A function with a body none of whose own returns carries a value (`Promise<void>` work). */
function returnsNoValue(fn: FunctionNode): boolean {
  return fn.body.type === AST_NODE_TYPES.BlockStatement && ownReturnStatements(fn.body).every((statement) => statement.argument === null);
}
