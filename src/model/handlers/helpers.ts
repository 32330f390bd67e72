/**
 * Registration helpers of the project's own: a function or method that registers a tool with a
 * handler it was given (`addTool(name, handler) { server.registerTool(name, {...}, async (a) =>
 * handler(a)) }`). The registration inside the helper is one for each call of the helper: each
 * call's function argument is a tool's entry, named by the call's name argument. Same-file calls
 * (functions by name, methods through `this`).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import {
  type FunctionNode,
  constInitializer,
  enclosingFunction,
  forEachChild,
  isFunctionNode,
  memberName,
  mentionsName,
  parameterIndex,
  resolveFunction,
  unwrap,
  wrapperCall,
} from "../../util/ast.js";
import type { ToolHandler, UnresolvedHandler } from "../types.js";
import { addToolDefinition } from "./registrations.js";
import { type HandlerSearch, bindWrapper, resolveHandler, toolNameOf } from "./search.js";

/** The name of an identifier expression. */
function identifierName(node: TSESTree.Node | undefined): string | undefined {
  const n = node ? unwrap(node) : undefined;
  return n?.type === AST_NODE_TYPES.Identifier ? n.name : undefined;
}

/** A handler registered inside a helper, and how the helper's parameters feed it. */
interface HelperRegistration {
  readonly helper: FunctionNode;
  /** The helper's parameter that is the handler (called inside `root`, or registered as it is). */
  readonly handlerIndex: number;
  /** The helper's parameter that names the tool, or -1. */
  readonly nameIndex: number;
  /** The handler found inside the helper (the closure that calls the parameter), when there is one. */
  readonly inner: ToolHandler | undefined;
  /** The wrapper of this file whose returned function calls the parameter (`wrap(name, handler)(args)`), when the closure goes through one. */
  readonly via?: { readonly fn: FunctionNode; readonly param: string };
  readonly unresolved: UnresolvedHandler | undefined;
}

/** The name argument of a registration call: its first argument, or the `name` of its config object. */
function nameArgument(registration: TSESTree.Node): TSESTree.Node | undefined {
  return registration.type === AST_NODE_TYPES.CallExpression ? registration.arguments[0] : undefined;
}

function helperOf(search: HandlerSearch, registration: TSESTree.Node, handlerParam: (helper: FunctionNode) => number): HelperRegistration | undefined {
  const helper = enclosingFunction(registration);
  if (!helper) return undefined;
  const handlerIndex = handlerParam(helper);
  if (handlerIndex === -1) return undefined;
  return { helper, handlerIndex, nameIndex: parameterIndex(helper, identifierName(nameArgument(registration))), inner: undefined, unresolved: undefined };
}

/** The helper registrations among the handlers and unresolved registrations found so far. */
function helperRegistrations(search: HandlerSearch): HelperRegistration[] {
  const found: HelperRegistration[] = [];
  for (const inner of search.handlers) {
    // `async (args) => handler(args)` registered inside the helper, `handler` one of its parameters.
    const helper = enclosingFunction(inner.registration);
    if (!helper || inner.root !== inner.entry || helper === inner.root) continue;
    const called = calledNames(search, inner.root).find((c) => parameterIndex(helper, c.name) !== -1);
    if (called === undefined) continue;
    const registration = helperOf(search, inner.registration, () => parameterIndex(helper, called.name));
    if (registration) found.push({ ...registration, inner, via: called.via });
  }
  for (const unresolved of search.unresolved) {
    // `server.registerTool(name, config, handler)` with the helper's parameter as the handler.
    const registration = helperOf(search, unresolved.registration, (helper) => parameterIndex(helper, identifierName(unresolved.expression)));
    if (registration) found.push({ ...registration, unresolved });
  }
  return found;
}

/** A name a function calls with its input: directly, or through the function a same-file wrapper makes of it. */
interface CalledName {
  readonly name: string;
  readonly via: { readonly fn: FunctionNode; readonly param: string } | undefined;
}

/**
 * The names called in a function's own body with the function's own arguments (`handler(args)`),
 * or with values made from them (`const input = schema.parse({ ...args }); handler(input)`): a
 * handler handing its input on. `wrap(name, handler)(args)`, with `wrap` a function of the file
 * that returns one calling its parameter, calls `handler` too, inside what `wrap` returns.
 */
function calledNames(search: HandlerSearch, fn: FunctionNode): CalledName[] {
  const inputs = new Set(fn.params.flatMap((p) => (p.type === AST_NODE_TYPES.Identifier ? [p.name] : [])));
  const calls: TSESTree.CallExpression[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (isFunctionNode(node)) return;
    if (node.type === AST_NODE_TYPES.CallExpression && [AST_NODE_TYPES.Identifier, AST_NODE_TYPES.CallExpression].includes(unwrap(node.callee).type))
      calls.push(node);
    // Declarations come before their uses: a value made from the input is input too.
    if (node.type === AST_NODE_TYPES.VariableDeclarator && node.id.type === AST_NODE_TYPES.Identifier && node.init) {
      if (mentionsName(search.sourceCode, node.init, inputs, "own-code")) inputs.add(node.id.name);
    }
    forEachChild(node, search.sourceCode.visitorKeys, visit);
  };
  visit(fn.body);
  return calls
    .filter((call) => call.arguments.some((a) => a.type === AST_NODE_TYPES.Identifier && inputs.has(a.name)))
    .flatMap((call) => {
      const callee = unwrap(call.callee);
      if (callee.type === AST_NODE_TYPES.Identifier) return [{ name: callee.name, via: undefined }];
      return callee.type === AST_NODE_TYPES.CallExpression ? wrappedNames(search, callee) : [];
    });
}

/** `wrap(name, handler)`, `wrap` a function of this file returning one that calls its parameter: `handler`, and that function. */
function wrappedNames(search: HandlerSearch, call: TSESTree.CallExpression): CalledName[] {
  const callee = unwrap(call.callee);
  const wrapper = callee.type === AST_NODE_TYPES.Identifier ? resolveFunction(search.sourceCode, callee) : undefined;
  if (!wrapper) return [];
  return call.arguments.flatMap((argument, index) => {
    const name = identifierName(argument);
    const via = wrapperCall(wrapper, index);
    return name !== undefined && via && search.catches.aroundParamCalls(via.fn, via.param) !== undefined ? [{ name, via }] : [];
  });
}

/** The name a helper is called by, and whether it is a method (called through `this`). */
function helperName(helper: FunctionNode): { readonly name: string; readonly method: TSESTree.ClassBody | undefined } | undefined {
  if (helper.type === AST_NODE_TYPES.FunctionDeclaration && helper.id) return { name: helper.id.name, method: undefined };
  const parent = helper.parent;
  if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier)
    return { name: parent.id.name, method: undefined };
  if ((parent.type === AST_NODE_TYPES.MethodDefinition || parent.type === AST_NODE_TYPES.PropertyDefinition) && !parent.computed) {
    const name = parent.key.type === AST_NODE_TYPES.Identifier ? parent.key.name : undefined;
    return name === undefined ? undefined : { name, method: parent.parent };
  }
  return undefined;
}

/** The calls of this file that run the helper. */
function callsOf(search: HandlerSearch, calls: readonly TSESTree.CallExpression[], helper: FunctionNode): TSESTree.CallExpression[] {
  const named = helperName(helper);
  if (!named) return [];
  return calls.filter((call) => {
    const callee = unwrap(call.callee);
    if (!named.method)
      return callee.type === AST_NODE_TYPES.Identifier && callee.name === named.name && resolveFunction(search.sourceCode, callee) === helper;
    return (
      callee.type === AST_NODE_TYPES.MemberExpression &&
      unwrap(callee.object).type === AST_NODE_TYPES.ThisExpression &&
      memberName(callee) === named.name &&
      call.range[0] >= named.method.range[0] &&
      call.range[1] <= named.method.range[1]
    );
  });
}

/**
 * Adds, for each registration inside a helper, one handler per call of the helper that passes a
 * function we can see: its entry is that function, its name the call's name argument, and the
 * catches around the helper's call of it guard it. A registration of the bare parameter stands
 * for those handlers and is dropped; the closure that calls the parameter stays a handler of its
 * own (its own code runs for every tool).
 */
export function expandRegistrationHelpers(search: HandlerSearch, calls: readonly TSESTree.CallExpression[]): void {
  for (const found of helperRegistrations(search)) {
    const template = found.inner ?? found.unresolved;
    if (!template) continue;
    const paramName = (found.helper.params[found.handlerIndex] as TSESTree.Identifier).name;
    const guards = found.via
      ? (search.catches.aroundParamCalls(found.via.fn, found.via.param) ?? [])
      : found.inner
        ? (search.catches.aroundParamCalls(found.inner.root, paramName) ?? [])
        : [];
    let added = 0;
    for (const call of callsOf(search, calls, found.helper)) {
      const argument = call.arguments[found.handlerIndex];
      const resolved = argument ? resolveHandler(search, argument) : undefined;
      if (!resolved) continue;
      const nameArg = found.nameIndex === -1 ? undefined : call.arguments[found.nameIndex];
      const via = found.via && resolved.root === resolved.entry ? found.via : undefined;
      if (via) bindWrapper(search, via, resolved.entry);
      search.handlers.push({
        kind: template.kind,
        toolName: nameArg ? toolNameOf(search, nameArg) : template.toolName,
        framework: template.framework,
        thrown: resolved.opaqueWrapper ? "unknown" : template.thrown,
        // `wrap(name, handler)(args)` in the helper: what `wrap` returns calls the entry, as a wrapper's root does.
        root: via ? via.fn : resolved.root,
        entry: resolved.entry,
        region: undefined,
        entryGuards: [...resolved.entryGuards, ...guards],
        requestSignal: undefined,
        argsParam: resolved.entry.params[0],
        registration: call,
      });
      added++;
    }
    if (added > 0 && found.unresolved) search.unresolved.splice(search.unresolved.indexOf(found.unresolved), 1);
  }
  // `register({ name, execute })`, where `register(definition)` registers its parameter as a tool definition.
  for (const passed of search.passedDefinitions) {
    for (const call of callsOf(search, calls, passed.helper)) {
      const argument = call.arguments[passed.index];
      let definition = argument ? unwrap(argument) : undefined;
      if (definition?.type === AST_NODE_TYPES.Identifier) definition = constInitializer(search.sourceCode, definition) ?? definition;
      if (definition?.type === AST_NODE_TYPES.ObjectExpression) addToolDefinition(search, definition);
    }
  }
}
