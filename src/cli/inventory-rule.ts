/**
 * The CLI's tool inventory, gathered per file while ESLint lints it. The record travels as the
 * message of one report of an internal rule (never part of a user config), so it comes back from
 * worker threads and from ESLint's cache like any finding; the analyzer takes it out of the
 * results before anyone sees them.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  categoriesOf,
  classifiedInAnotherPreset,
  getPayload,
  payloadField,
  valueAtResult,
  type McpModel,
  type ToolHandler,
  passedAtResult,
} from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import { getVocabulary } from "../settings.js";
import { type FunctionNode, functionName, memberName, mergeListeners, unwrap } from "../util/ast.js";
import { type ScorecardRecords, scorecardRecords } from "./scorecard.js";

export const INVENTORY_PLUGIN = "mcp-errors-inventory";
export const INVENTORY_RULE_ID = `${INVENTORY_PLUGIN}/inventory`;

/** A position as ESLint reports it: 1-based line, 1-based column. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** A tool as one file sees it. `key` is shared by every file on the tool's path. */
export interface ToolRecord {
  readonly key: string;
  readonly name: string | undefined;
  readonly framework: string;
  /** Where the tool is registered: set in the registration's file. */
  readonly registration?: Position;
  /** Where the handler starts: set in the file that holds the handler function. */
  readonly handler?: Position;
  /** The handler lives in another file and could not be followed (no type information). */
  readonly unresolved?: boolean;
  /**
   * Found only by its `CallToolResult` return type, not by a registration: the keys of the
   * registered tools whose path runs through it (it is their helper, not a tool of its own).
   */
  readonly servedBy?: readonly string[];
  /** For an unresolved registration: the name its handler expression ends in (`tool.handler` -> "handler"). */
  readonly handlerName?: string;
  /** For a function of this file on another file's tool path: where it starts and its name. */
  readonly root?: Position & { readonly name: string | undefined };
}

export interface ErrorPathRecord {
  readonly line: number;
  readonly tools: readonly string[];
  /** "result": an `isError` result; "throw": a throw that reaches the framework. */
  readonly kind: "result" | "throw";
  /** Carries both a category and a retryability field. */
  readonly classified: boolean;
  /** Categories read from literal values (empty when the value is not static). */
  readonly categories: readonly string[];
}

export interface ExternalCallRecord {
  readonly line: number;
  readonly tools: readonly string[];
  readonly label: string;
  /** "ok": bounded by a timeout or signal; "unknown": options we cannot see; else "missing". */
  readonly timeout: "ok" | "missing" | "unknown";
}

/** A region of the file and the tools whose path runs through it (for attributing findings). */
export interface ScopeRecord {
  readonly start: Position;
  readonly end: Position;
  readonly tools: readonly string[];
}

export interface FileRecord extends ScorecardRecords {
  readonly tools: readonly ToolRecord[];
  readonly errorPaths: readonly ErrorPathRecord[];
  readonly externalCalls: readonly ExternalCallRecord[];
  readonly scopes: readonly ScopeRecord[];
}

/**
 * The key of a handler's tool. It matches the `origin` the program index gives the functions of
 * other files on the same tool's path, so records of all files join on it.
 */
export function toolKey(filename: string, handler: ToolHandler): string {
  if (handler.origin !== undefined) return `${handler.origin}|${handler.toolName ?? ""}`;
  const region = handler.region ? String(handler.region.range[0]) : "";
  const name = handler.toolName ?? "";
  return `${filename}:${String(handler.registration.range[0])}:${String(handler.entry.range[0])}:${region}:${name}|${name}`;
}

/** The key prefix of the tools of a registration whose handler the index resolves in other files. */
export function unresolvedKey(filename: string, registration: TSESTree.Node, toolName: string | undefined): string {
  return `${filename}:${String(registration.range[0])}|${toolName ?? ""}`;
}

const position = (loc: TSESTree.Position): Position => ({ line: loc.line, column: loc.column + 1 });

function record(model: McpModel, filename: string, functions: readonly FunctionNode[], settings: Readonly<Record<string, unknown>>): FileRecord {
  const vocabulary = getVocabulary(settings);
  const keys = new Map<ToolHandler, string>();
  const keyOf = (handler: ToolHandler): string => {
    let key = keys.get(handler);
    if (key === undefined) keys.set(handler, (key = toolKey(filename, handler)));
    return key;
  };
  const toolsAt = (node: TSESTree.Node): string[] => [...new Set(model.handlersAt(node).map(keyOf))];

  const tools: ToolRecord[] = [];
  for (const handler of model.handlers) {
    const imported = handler.kind === "imported";
    tools.push({
      key: keyOf(handler),
      name: handler.toolName,
      framework: handler.framework,
      // A function of this file on the path of a tool registered in another file is not the
      // registration, and not necessarily the handler (it may be a helper the handler calls).
      ...(imported ? {} : { registration: position(handler.registration.loc.start), handler: position(handler.entry.loc.start) }),
      ...(handler.kind === "call-tool-result" ? { servedBy: toolsAt(handler.entry).filter((key) => key !== keyOf(handler)) } : {}),
      ...(imported ? { root: { ...position(handler.entry.loc.start), name: functionName(handler.entry) } } : {}),
    });
  }
  for (const unresolved of model.graph.unresolvedHandlers) {
    tools.push({
      key: unresolvedKey(filename, unresolved.registration, unresolved.toolName),
      name: unresolved.toolName,
      framework: unresolved.framework,
      registration: position(unresolved.registration.loc.start),
      unresolved: true,
      ...handlerNameOf(unresolved.expression),
    });
  }

  const errorPaths: ErrorPathRecord[] = [];
  for (const result of model.errorResults) {
    const on = toolsAt(result.node);
    if (on.length === 0) continue;
    const payload = getPayload(model, result, vocabulary);
    const category = payloadField(payload, vocabulary.category);
    const retryable = payloadField(payload, vocabulary.retryable);
    errorPaths.push({
      line: result.node.loc.start.line,
      tools: on,
      kind: "result",
      classified:
        (category !== undefined && retryable !== undefined && passedAtResult(result, category.value) && passedAtResult(result, retryable.value)) ||
        classifiedInAnotherPreset(vocabulary, (other) => getPayload(model, result, other)),
      categories: category ? [...categoriesOf(vocabulary, valueAtResult(result, category.value)).categories] : [],
    });
  }
  for (const site of model.escapingThrows) {
    errorPaths.push({ line: site.node.loc.start.line, tools: [...new Set(site.handlers.map(keyOf))], kind: "throw", classified: false, categories: [] });
  }

  const externalCalls: ExternalCallRecord[] = [];
  for (const call of model.calls) {
    const external = model.externalCall(call);
    if (!external) continue;
    const on = toolsAt(call);
    if (on.length === 0) continue;
    const timeout = external.status === "ok" ? "ok" : external.status === "unknown" ? "unknown" : "missing";
    externalCalls.push({ line: call.loc.start.line, tools: on, label: external.label, timeout });
  }

  const scopes: ScopeRecord[] = [];
  const addScope = (node: TSESTree.Node, on: readonly string[]): void => {
    if (on.length > 0) scopes.push({ start: position(node.loc.start), end: position(node.loc.end), tools: on });
  };
  for (const fn of functions) addScope(fn, toolsAt(fn));
  for (const handler of model.handlers) if (handler.region) addScope(handler.region, [keyOf(handler)]);
  for (const handler of model.handlers) addScope(handler.registration, [keyOf(handler)]);

  return { tools, errorPaths, externalCalls, scopes, ...scorecardRecords(model, toolsAt) };
}

let lintedFiles = 0;

/** Files this thread has started to lint (for the CLI's progress line; 0 in worker threads). */
export function filesStarted(): number {
  return lintedFiles;
}

/** `translate` -> "translate", `tool.handler` -> "handler", `this.run.bind(this)` -> "run". */
function handlerNameOf(expression: TSESTree.Node): { handlerName?: string } {
  let node = unwrap(expression);
  if (node.type === AST_NODE_TYPES.CallExpression && node.callee.type === AST_NODE_TYPES.MemberExpression && memberName(node.callee) === "bind") {
    node = unwrap(node.callee.object);
  }
  const name = node.type === AST_NODE_TYPES.Identifier ? node.name : node.type === AST_NODE_TYPES.MemberExpression ? memberName(node) : undefined;
  return name === undefined ? {} : { handlerName: name };
}

export const inventoryRule: Omit<TSESLint.RuleModule<"inventory">, "defaultOptions"> = {
  meta: {
    type: "suggestion",
    docs: { description: "Internal: the tool inventory of the mcp-errors CLI." },
    messages: { inventory: "{{record}}" },
    schema: [],
  },
  create(context) {
    lintedFiles++;
    const functions: FunctionNode[] = [];
    const collect = (node: FunctionNode): void => {
      functions.push(node);
    };
    return mergeListeners(
      { FunctionDeclaration: collect, FunctionExpression: collect, ArrowFunctionExpression: collect },
      withModel(context, (model) => {
        if (!model.isMcpFile) return;
        const data = record(model, context.filename, functions, context.settings);
        if (data.tools.length === 0 && data.scopes.length === 0) return;
        context.report({ loc: { line: 1, column: 0 }, messageId: "inventory", data: { record: JSON.stringify(data) } });
      }),
    );
  },
};
