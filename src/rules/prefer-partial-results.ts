import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { type McpModel } from "../model/index.js";
import { withModel } from "../lint/with-model.js";
import { constInitializer, findVariable, isFunctionNode, memberName, resolveFunction, unwrap } from "../util/ast.js";
import { createRule } from "../util/create-rule.js";
import { toolLabel } from "./shared/describe.js";
import { type ExternalFailures, alwaysExits, externalFailures } from "./shared/external-failures.js";

export type Options = [];
export type MessageIds = "preferPartialResults";

/**
 * How many parts of a `Promise.all` fail on their own when an outside call fails: `Infinity` for
 * a `.map` whose callback makes one (one call per item). Parts handled per item do not count.
 */
function failingParts(model: McpModel, external: ExternalFailures, argument: TSESTree.Node, depth = 0): number {
  const node = unwrap(argument);
  if (node.type === AST_NODE_TYPES.ArrayExpression) {
    let count = 0;
    for (const element of node.elements) {
      if (!element) continue;
      if (element.type === AST_NODE_TYPES.SpreadElement) count += failingParts(model, external, element.argument, depth + 1);
      else if (failsOnItsOwn(model, external, element)) count += 1;
    }
    return count;
  }
  if (node.type === AST_NODE_TYPES.CallExpression) {
    const callee = unwrap(node.callee);
    if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "map") return 0;
    const callback = node.arguments[0] ? unwrap(node.arguments[0]) : undefined;
    const fn = isFunctionNode(callback)
      ? callback
      : callback?.type === AST_NODE_TYPES.Identifier
        ? resolveFunction(model.sourceCode, callback)
        : undefined;
    return fn && external.failsExternally(fn, 1) ? Infinity : 0;
  }
  // `const requests = ids.map(...)` / `const parts = [a(), b()]`, declared once and never reassigned.
  if (node.type === AST_NODE_TYPES.Identifier && depth < 2) {
    const init = constInitializer(model.sourceCode, node);
    return init ? failingParts(model, external, init, depth + 1) : 0;
  }
  return 0;
}

/** One element of the array: a promise whose rejection is not handled on its own. */
function failsOnItsOwn(model: McpModel, external: ExternalFailures, element: TSESTree.Node, depth = 0): boolean {
  const node = unwrap(element);
  if (node.type === AST_NODE_TYPES.Identifier) {
    // `const a = fetch(x); ... Promise.all([a, b])`.
    const init = depth === 0 ? constInitializer(model.sourceCode, node) : undefined;
    return init ? failsOnItsOwn(model, external, init, depth + 1) : false;
  }
  if (node.type !== AST_NODE_TYPES.CallExpression) return false;
  const callee = unwrap(node.callee);
  if (callee.type === AST_NODE_TYPES.MemberExpression) {
    const name = memberName(callee);
    // A per-item `.catch(...)` / `.then(ok, failed)` handles the rejection; `.then(ok)` / `.finally` pass it on.
    if (name === "catch" || (name === "then" && node.arguments.length >= 2)) return false;
    if ((name === "then" || name === "finally") && callee.object.type === AST_NODE_TYPES.CallExpression) {
      return failsOnItsOwn(model, external, callee.object, depth);
    }
  }
  return external.isExternal(node);
}

/** `Promise.all` itself, not a local `Promise` or another object's `all`. */
function isPromiseAll(model: McpModel, call: TSESTree.CallExpression): TSESTree.MemberExpression | undefined {
  // Runs on every call of the file: the cheapest tests first, no unwrapping (`Promise!.all` is not a thing).
  const callee = call.callee;
  if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed || callee.property.type !== AST_NODE_TYPES.Identifier) return undefined;
  if (callee.property.name !== "all") return undefined;
  const object = callee.object;
  if (object.type !== AST_NODE_TYPES.Identifier || object.name !== "Promise") return undefined;
  const variable = findVariable(model.sourceCode, object);
  return variable && variable.defs.length > 0 ? undefined : callee;
}

/**
 * Whether a rejection of `call` ends the whole tool call: it leaves the function (a handler, or a
 * same-file function its caller awaits), or the enclosing catch returns or throws. A `.catch` on
 * the whole, a catch that goes on, or a callback passed to code we cannot see: not known.
 */
function endsTheCall(model: McpModel, call: TSESTree.CallExpression): boolean {
  const handlerFunctions = new Set(model.handlersAt(call).flatMap((h) => [h.entry, h.root]));
  let current: TSESTree.Node = call;
  for (;;) {
    const parent: TSESTree.Node | undefined = current.parent;
    if (!parent) return false;
    if (isFunctionNode(parent)) {
      if (handlerFunctions.has(parent)) return true;
      const holder: TSESTree.Node = parent.parent;
      // An immediately invoked function: the rejection goes on from the call.
      if (holder.type === AST_NODE_TYPES.CallExpression && holder.callee === parent) {
        current = holder;
        continue;
      }
      // A callback handed to another call: what that call does with a rejection is its business.
      return !(holder.type === AST_NODE_TYPES.CallExpression || holder.type === AST_NODE_TYPES.NewExpression);
    }
    if (parent.type === AST_NODE_TYPES.TryStatement && parent.block === current && parent.handler) {
      return catchEndsTheCall(model, parent.handler);
    }
    // `Promise.all([...]).catch(...)`: the fan-out fails as a whole, into a fallback we cannot judge.
    if (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === current && parent.parent.type === AST_NODE_TYPES.CallExpression) {
      const name = memberName(parent);
      if (name === "catch" || (name === "then" && parent.parent.arguments.length >= 2)) return false;
    }
    current = parent;
  }
}

/** The catch returns or throws on every path, and does not return a success result (a fallback). */
function catchEndsTheCall(model: McpModel, handler: TSESTree.CatchClause): boolean {
  const last = handler.body.body.at(-1);
  if (!alwaysExits(last)) return false;
  if (last?.type === AST_NODE_TYPES.ReturnStatement && last.argument) {
    const value = unwrap(last.argument);
    if (value.type === AST_NODE_TYPES.ObjectExpression) {
      const result = model.results.find((r) => r.object === value);
      if (result && !result.isError) return false;
    }
  }
  return true;
}

export default createRule<Options, MessageIds>({
  name: "prefer-partial-results",
  meta: {
    type: "problem",
    docs: {
      description: "Enforce partial results with warnings instead of failing a whole fan-out with Promise.all",
      recommended: "strict",
    },
    schema: [],
    messages: {
      preferPartialResults:
        "The `Promise.all` in {{tool}} fans out to {{what}}: one failure rejects the whole fan-out, throws away every result that succeeded, and the agent gets a single error for the whole call. Use `Promise.allSettled` and return what succeeded, with a warning for each failed part and a marker that the result is partial.",
    },
  },
  create(context) {
    return withModel(context, (model) => {
      if (!model.isMcpFile) return;
      let external: ExternalFailures | undefined;
      for (const call of model.calls) {
        const callee = isPromiseAll(model, call);
        const argument = call.arguments[0];
        if (!callee || !argument || argument.type === AST_NODE_TYPES.SpreadElement) continue;
        if (model.handlersAt(call).length === 0) continue;
        external ??= externalFailures(model);
        const parts = failingParts(model, external, argument);
        // Two independent outside calls at least (a `.map` over items counts as many).
        if (parts < 2) continue;
        if (!endsTheCall(model, call)) continue;
        context.report({
          node: callee,
          messageId: "preferPartialResults",
          data: {
            tool: toolLabel(model.toolNamesAt(call)),
            what: parts === Infinity ? "one outside call per item" : `${String(parts)} outside calls`,
          },
        });
      }
    });
  },
});
