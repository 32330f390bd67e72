/**
 * Results: which object literals are tool results, which are error results (literal `isError`
 * objects and calls of error helpers, of this file or, with types, of other files), and which
 * functions are error helpers.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  calledTopLevelFunction,
  enclosingFunction,
  findProperty,
  hasSpread,
  memberName,
  messageText,
  returnedValues,
  rangeKey,
  resolveFunction,
  staticString,
  unwrap,
} from "../util/ast.js";
import { callMakesError, errorFlagOf, errorHelperObject, isIsErrorProperty, spreadInto, writesFlag } from "./error-flag.js";
import { NON_TOOL_REGISTRATIONS } from "./frameworks.js";

export { isIsErrorProperty } from "./error-flag.js";
import type { ErrorResult, ImportedFacts, MutatedErrorResult, ToolHandler, ToolResult, TypeOracle } from "./types.js";
import { type VisitorKeys, heldObject } from "./held-object.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * A result literal, not any object with a `content` key: `content` holds an array (or a value we
 * cannot see), or the object has `isError` / `structuredContent`.
 */
function isResultShaped(object: TSESTree.ObjectExpression): boolean {
  let hasContent = false;
  for (const p of object.properties) {
    if (p.type !== AST_NODE_TYPES.Property || p.computed || p.key.type !== AST_NODE_TYPES.Identifier) continue;
    if (p.key.name === "isError" || p.key.name === "structuredContent") return true;
    if (p.key.name === "content") {
      const value = unwrap(p.value);
      if (value.type === AST_NODE_TYPES.Literal || value.type === AST_NODE_TYPES.TemplateLiteral || value.type === AST_NODE_TYPES.ObjectExpression)
        return false;
      hasContent = true;
    }
  }
  return hasContent;
}

/**
 * The value a function returns: `return x`, `() => x`, through `a ? x : y`, `await`, `as`; and,
 * when `viaVariable` accepts the declarator, a variable initialised with it (`const r = x; return r`).
 */
export function isReturnedValue(node: TSESTree.Node, viaVariable?: (declarator: TSESTree.VariableDeclarator) => boolean): boolean {
  let current: TSESTree.Node = node;
  for (;;) {
    const parent: TSESTree.Node | undefined = current.parent;
    if (!parent) return false;
    switch (parent.type) {
      case AST_NODE_TYPES.ReturnStatement:
        return true;
      case AST_NODE_TYPES.ArrowFunctionExpression:
        return parent.body === current;
      case AST_NODE_TYPES.ConditionalExpression:
        if (parent.test === current) return false;
        break;
      case AST_NODE_TYPES.LogicalExpression:
      case AST_NODE_TYPES.AwaitExpression:
      case AST_NODE_TYPES.TSAsExpression:
      case AST_NODE_TYPES.TSSatisfiesExpression:
      case AST_NODE_TYPES.TSNonNullExpression:
      case AST_NODE_TYPES.TSTypeAssertion:
        break;
      case AST_NODE_TYPES.VariableDeclarator:
        return viaVariable !== undefined && parent.init === current && viaVariable(parent);
      default:
        return false;
    }
    current = parent;
  }
}

/** A tool result: it carries `content` or `structuredContent` (or a spread that may). */
export function isToolResultObject(object: TSESTree.ObjectExpression): boolean {
  return object.properties.some(
    (p) =>
      p.type === AST_NODE_TYPES.SpreadElement ||
      (!p.computed && p.key.type === AST_NODE_TYPES.Identifier && (p.key.name === "content" || p.key.name === "structuredContent")),
  );
}

/**
 * The result literal of a builder whose `isError` is a parameter (`function reply(text, isError =
 * false) { return { content: [...], isError } }`), when every return gives it: its calls that
 * pass nothing there make success results.
 */
export function flagBuilderObject(fn: FunctionNode): TSESTree.ObjectExpression | undefined {
  const object = errorHelperObject(fn);
  return object && isToolResultObject(object) && errorFlagOf(fn, object) ? object : undefined;
}

/** A call of the builder (of this file, of a helper of this file, or on a tool path of another file) passes `isError: true`. */
function makesErrorSomewhere(inputs: ResultInputs, builder: FunctionNode, object: TSESTree.ObjectExpression): boolean {
  for (const [helper, built] of inputs.errorHelpers) if (helper !== builder && built === object) return true;
  return callsSeen(inputs, builder).some((call) => callMakesError(builder, object, call, inputs));
}

/** The calls of the builder that are seen: in this file, and on tool paths of other files. */
function callsSeen(inputs: ResultInputs, builder: FunctionNode): TSESTree.CallExpression[] {
  const { sourceCode, calls, imported } = inputs;
  const here = calls.filter((call) => {
    const callee = unwrap(call.callee);
    return callee.type === AST_NODE_TYPES.Identifier && resolveFunction(sourceCode, callee) === builder;
  });
  return [...here, ...(imported?.callSites.get(rangeKey(builder.range)) ?? []).map((site) => site.call)];
}

/**
 * Error helpers: same-file functions whose every return is an `isError` result. A handler that
 * only ever fails is still a handler, not a helper.
 */
export function findErrorHelpers(
  sourceCode: SourceCode,
  functions: readonly FunctionNode[],
  handlerFunctions: ReadonlySet<TSESTree.Node>,
): Map<FunctionNode, TSESTree.ObjectExpression> {
  const errorHelpers = new Map<FunctionNode, TSESTree.ObjectExpression>();
  for (const fn of functions) {
    if (handlerFunctions.has(fn)) continue;
    const object = errorHelperObject(fn);
    // A resource or prompt callback that only ever fails is no tool's helper either.
    if (object && !inNonToolCallback(fn.body)) errorHelpers.set(fn, object);
  }
  // `return buildResponse({ texts, isError: true })`: a helper of a builder whose `isError` is a parameter.
  if (errorHelpers.size > 0) {
    for (const fn of functions) {
      if (handlerFunctions.has(fn) || errorHelpers.has(fn) || inNonToolCallback(fn.body)) continue;
      const object = builtErrorObject(sourceCode, fn, errorHelpers);
      if (object) errorHelpers.set(fn, object);
    }
  }
  return errorHelpers;
}

/** The builder's result literal, when every return of `fn` calls an error helper of the file in a way that makes an error. */
function builtErrorObject(
  sourceCode: SourceCode,
  fn: FunctionNode,
  helpers: ReadonlyMap<FunctionNode, TSESTree.ObjectExpression>,
): TSESTree.ObjectExpression | undefined {
  const values = returnedValues(fn);
  let first: TSESTree.ObjectExpression | undefined;
  for (const value of values) {
    const call = value ? unwrap(value) : undefined;
    const callee = call?.type === AST_NODE_TYPES.CallExpression ? unwrap(call.callee) : undefined;
    const builder = callee?.type === AST_NODE_TYPES.Identifier ? resolveFunction(sourceCode, callee) : undefined;
    const object = builder && builder !== fn ? helpers.get(builder) : undefined;
    if (!object || call?.type !== AST_NODE_TYPES.CallExpression || !builder || !callMakesError(builder, object, call)) return undefined;
    first ??= object;
  }
  return first;
}

interface ResultInputs {
  readonly sourceCode: SourceCode;
  readonly types: TypeOracle;
  readonly calls: readonly TSESTree.CallExpression[];
  readonly isErrorObjects: readonly TSESTree.ObjectExpression[];
  readonly resultObjects: readonly TSESTree.ObjectExpression[];
  readonly errorHelpers: ReadonlyMap<FunctionNode, TSESTree.ObjectExpression>;
  readonly imported: ImportedFacts | undefined;
  readonly handlersAt: (node: TSESTree.Node) => readonly ToolHandler[];
}

/**
 * The node is inside a callback registered as a resource or prompt handler (`registerResource`,
 * `setRequestHandler(ReadResourceRequestSchema, ...)`, FastMCP `addResource({ load })`): what
 * it returns is no tool result.
 */
export function inNonToolCallback(node: TSESTree.Node): boolean {
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
    const parent = fn.parent;
    const call =
      parent.type === AST_NODE_TYPES.CallExpression
        ? parent
        : parent.type === AST_NODE_TYPES.Property &&
            parent.parent.type === AST_NODE_TYPES.ObjectExpression &&
            parent.parent.parent.type === AST_NODE_TYPES.CallExpression
          ? parent.parent.parent
          : undefined;
    if (!call || call.callee.type !== AST_NODE_TYPES.MemberExpression) continue;
    const method = memberName(call.callee);
    if (method !== undefined && NON_TOOL_REGISTRATIONS.methods.has(method)) return true;
    if (method === NON_TOOL_REGISTRATIONS.requestHandlerMethod && call.arguments[0] && call.arguments.at(-1) === fn) {
      const schema = unwrap(call.arguments[0]);
      const name =
        schema.type === AST_NODE_TYPES.Identifier ? schema.name : schema.type === AST_NODE_TYPES.MemberExpression ? memberName(schema) : undefined;
      if (name !== undefined && name.endsWith("RequestSchema") && name !== NON_TOOL_REGISTRATIONS.toolCallSchema) return true;
      const method = staticString(schema);
      if (method !== undefined && method !== NON_TOOL_REGISTRATIONS.toolCallMethod) return true;
    }
  }
  return false;
}

/** The error results of the file: `isError` literals, and calls of error helpers of this file or another. */
export function collectErrorResults(inputs: ResultInputs): ErrorResult[] {
  const { sourceCode, calls, isErrorObjects, errorHelpers, imported, handlersAt } = inputs;
  const helperObjects = new Set(errorHelpers.values());
  // A builder's literal whose `isError` is a parameter is an error result only if some call passes
  // `true`. One that compares a parameter (`isError: status === "error"`) is written to make
  // errors: its literal is one unless every call seen passes another value. Any function's literal
  // counts (`const response = { content, isError }; return sanitize(response)`), unless it writes the flag.
  const builders = new Map([...errorHelpers].filter(([fn, object]) => errorFlagOf(fn, object)).map(([fn, object]) => [object, fn]));
  for (const object of isErrorObjects) {
    const fn = builders.has(object) ? undefined : enclosingFunction(object);
    if (fn && errorFlagOf(fn, object) && !writesFlag(sourceCode, object)) builders.set(object, fn);
  }
  const errorResults: ErrorResult[] = [];
  for (const flagged of isErrorObjects) {
    // `...(failed ? { isError: true } : {})`: the result the flag is spread into, reported at the flag.
    const object = isToolResultObject(flagged) ? flagged : (spreadInto(sourceCode, flagged) ?? flagged);
    if (!isToolResultObject(object)) continue;
    const builder = builders.get(object);
    if (
      builder &&
      !makesErrorSomewhere(inputs, builder, object) &&
      (errorFlagOf(builder, object)?.compared === undefined || callsSeen(inputs, builder).length > 0)
    )
      continue;
    // Off a handler path, only a returned result counts: an expected value in a test or a mock
    // argument is not a result any tool gives.
    if (!helperObjects.has(object) && handlersAt(object).length === 0 && (!isReturnedValue(object) || inNonToolCallback(object))) continue;
    errorResults.push({ node: flagged, object, helperCall: undefined, helper: undefined });
  }
  if (errorHelpers.size > 0) {
    for (const call of calls) {
      const callee = unwrap(call.callee);
      if (callee.type !== AST_NODE_TYPES.Identifier) continue;
      const helper = resolveFunction(sourceCode, callee);
      const object = helper ? errorHelpers.get(helper) : undefined;
      if (helper && object && isToolResultObject(object) && callMakesError(helper, object, call)) {
        errorResults.push({ node: call, object, helperCall: call, helper });
      }
    }
  }
  if (imported && imported.helperCalls.length > 0) {
    const byRange = new Map(imported.helperCalls.map((h) => [rangeKey(h.range), h]));
    for (const call of calls) {
      const foreign = byRange.get(rangeKey(call.range));
      if (foreign && isToolResultObject(foreign.object)) {
        errorResults.push({ node: call, object: foreign.object, helperCall: call, helper: foreign.helper, helperSource: foreign.helperSource });
      }
    }
    errorResults.sort((a, b) => a.node.range[0] - b.node.range[0]);
  }
  return errorResults;
}

/**
 * Results made errors after they were built: a variable initialised with a result literal whose
 * `isError` is then set to anything but `false`, on a handler path. The parts pushed into its
 * `content` are the payload; any other use of the variable but returning it or reading a field
 * (passing it on, reassigning it, setting another field) makes the payload opaque.
 */
export function collectMutatedErrorResults(inputs: ResultInputs): MutatedErrorResult[] {
  const found: MutatedErrorResult[] = [];
  for (const object of inputs.resultObjects) {
    const declarator = declaratorOf(object);
    if (!declarator || declarator.id.type !== AST_NODE_TYPES.Identifier) continue;
    const variable = inputs.sourceCode.scopeManager?.getDeclaredVariables(declarator)[0];
    if (!variable) continue;
    const errors: TSESTree.AssignmentExpression[] = [];
    const pushedParts: TSESTree.Node[] = [];
    let opaque = false;
    for (const reference of variable.references) {
      const identifier = reference.identifier;
      if (identifier === declarator.id) continue;
      const use = useOf(identifier as TSESTree.Identifier);
      if (use.kind === "error") errors.push(use.assignment);
      else if (use.kind === "push") pushedParts.push(...use.parts);
      else if (use.kind === "opaque") opaque = true;
    }
    for (const assignment of errors) {
      if (inputs.handlersAt(assignment).length > 0) found.push({ node: assignment, object, pushedParts, opaque });
    }
  }
  return found;
}

/** The declarator a result literal initialises (`const response: CallToolResult = { ... }`). */
function declaratorOf(object: TSESTree.ObjectExpression): TSESTree.VariableDeclarator | undefined {
  let current: TSESTree.Node = object;
  let parent: TSESTree.Node = object.parent;
  while (
    parent.type === AST_NODE_TYPES.TSAsExpression ||
    parent.type === AST_NODE_TYPES.TSSatisfiesExpression ||
    parent.type === AST_NODE_TYPES.TSTypeAssertion
  ) {
    current = parent;
    parent = parent.parent;
  }
  return parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === current ? parent : undefined;
}

type ResultUse =
  | { readonly kind: "error"; readonly assignment: TSESTree.AssignmentExpression }
  | { readonly kind: "push"; readonly parts: readonly TSESTree.Node[] }
  | { readonly kind: "read" }
  | { readonly kind: "opaque" };

/** How one reference to a result variable uses it. */
function useOf(identifier: TSESTree.Identifier): ResultUse {
  const parent = identifier.parent;
  if (parent.type === AST_NODE_TYPES.ReturnStatement) return { kind: "read" };
  if (parent.type !== AST_NODE_TYPES.MemberExpression || parent.object !== identifier || parent.computed) return { kind: "opaque" };
  const field = parent.property.type === AST_NODE_TYPES.Identifier ? parent.property.name : undefined;
  const above = parent.parent;
  if (above.type === AST_NODE_TYPES.AssignmentExpression && above.left === parent) {
    if (field !== "isError" || above.operator !== "=") return { kind: "opaque" };
    const value = unwrap(above.right);
    return value.type === AST_NODE_TYPES.Literal && value.value === false ? { kind: "read" } : { kind: "error", assignment: above };
  }
  // `response.content.push(part, ...)`.
  if (field === "content" && above.type === AST_NODE_TYPES.MemberExpression && above.object === parent && !above.computed) {
    const method = above.property.type === AST_NODE_TYPES.Identifier ? above.property.name : undefined;
    const call = above.parent;
    if (method === "push" && call.type === AST_NODE_TYPES.CallExpression && call.callee === above) {
      return call.arguments.some((a) => a.type === AST_NODE_TYPES.SpreadElement) ? { kind: "opaque" } : { kind: "push", parts: call.arguments };
    }
    // `response.content.length`: a read; any other method may change the parts.
    return method === "length" ? { kind: "read" } : { kind: "opaque" };
  }
  // `response.isError` read in a test, `response.content` handed on: only plain reads of `isError` are safe.
  if (field === "isError" && above.type !== AST_NODE_TYPES.CallExpression && above.type !== AST_NODE_TYPES.UpdateExpression) return { kind: "read" };
  return { kind: "opaque" };
}

/** Tool result literals, success and error alike, that a function returns or that a handler path builds. */
export function collectResults(inputs: ResultInputs): ToolResult[] {
  const results: ToolResult[] = [];
  for (const object of inputs.resultObjects) {
    if (!isResultShaped(object)) continue;
    if (inputs.handlersAt(object).length === 0 && (!isReturnedValue(object) || inNonToolCallback(object))) continue;
    results.push({ object, isError: object.properties.some(isIsErrorProperty) });
  }
  return results;
}

const successObjects = new WeakMap<readonly ToolResult[], ReadonlySet<TSESTree.ObjectExpression>>();

/** The success result literals among a file's results (computed once per list). */
export function successObjectsOf(results: readonly ToolResult[]): ReadonlySet<TSESTree.ObjectExpression> {
  let successes = successObjects.get(results);
  if (!successes) successObjects.set(results, (successes = new Set(results.flatMap((r) => (r.isError ? [] : [r.object])))));
  return successes;
}

/**
 * The first success result literal `fn` returns, when every return of `fn` is one (without a
 * spread): a helper that makes success results (`return toResult(data)`). `results` are the
 * results of `fn`'s file. With the file's `visitorKeys`, also a literal the function holds in a
 * `const`, adds parts to and returns, when nothing sets its `isError`.
 */
export function successReturnOf(
  results: readonly ToolResult[],
  fn: FunctionNode,
  visitorKeys?: VisitorKeys,
  depth = 0,
): TSESTree.ObjectExpression | undefined {
  const successes = successObjectsOf(results);
  let first: TSESTree.ObjectExpression | undefined;
  for (const value of returnedValues(fn)) {
    const returned = value ? unwrap(value) : undefined;
    // `return textResponse(JSON.stringify(data))`: the result another helper of the file makes.
    const inner = returned?.type === AST_NODE_TYPES.CallExpression && depth < 2 ? calledTopLevelFunction(fn, returned) : undefined;
    if (inner) {
      const object = successReturnOf(results, inner, visitorKeys, depth + 1);
      if (!object) return undefined;
      first ??= object;
      continue;
    }
    const object = returned && visitorKeys ? heldObject(fn, returned, visitorKeys) : returned;
    if (object?.type !== AST_NODE_TYPES.ObjectExpression || hasSpread(object)) return undefined;
    // A literal held in a const is no returned result of the model's: judged by its shape here.
    if (!successes.has(object) && (object === returned || !isResultShaped(object) || object.properties.some(isIsErrorProperty))) return undefined;
    first ??= object;
  }
  return first;
}

/** The first content text of a result object literal. */
export function resultText(object: TSESTree.ObjectExpression): string | undefined {
  const content = findProperty(object, "content");
  const array = content ? unwrap(content.value) : undefined;
  const first = array?.type === AST_NODE_TYPES.ArrayExpression ? array.elements[0] : undefined;
  const part = first ? unwrap(first) : undefined;
  const text = part?.type === AST_NODE_TYPES.ObjectExpression ? findProperty(part, "text") : undefined;
  return text ? messageText(text.value) : undefined;
}
