/**
 * The low-level dispatcher: a `CallToolRequestSchema` handler that switches (or branches, or
 * looks up a table) on the requested tool's name. Each case becomes a handler of its own, with
 * the region of the dispatcher that belongs to it; the branch for a name no tool has is the
 * unknown-tool branch.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  constInitializer,
  findVariable,
  forEachChild,
  isFunctionNode,
  memberName,
  memberPath,
  resolveFunction,
  staticKeyName,
  staticString,
  unwrap,
} from "../../util/ast.js";
import type { CatchGuard } from "../catch-passage.js";
import type { ToolHandler } from "../types.js";
import { type HandlerSearch, resolveHandler, signalOf } from "./search.js";

/** How the tool name is read inside a dispatcher: variable names and `request.params.name` paths. */
interface NameBindings {
  readonly names: ReadonlySet<string>;
  readonly paths: ReadonlySet<string>;
}

export function nameBindings(fn: FunctionNode): NameBindings {
  const names = new Set<string>();
  const paths = new Set<string>();
  const request = fn.params[0];
  if (request?.type === AST_NODE_TYPES.Identifier) {
    paths.add(`${request.name}.params.name`);
  } else if (request?.type === AST_NODE_TYPES.ObjectPattern) {
    // `async ({ params }) => ...` or `({ params: { name } })`.
    for (const p of request.properties) {
      if (p.type !== AST_NODE_TYPES.Property || staticKeyName(p.key, p.computed) !== "params") continue;
      if (p.value.type === AST_NODE_TYPES.Identifier) paths.add(`${p.value.name}.name`);
      if (p.value.type === AST_NODE_TYPES.ObjectPattern) collectNamePattern(p.value, names);
    }
  }
  if (fn.body.type === AST_NODE_TYPES.BlockStatement) {
    collectNameDeclarations(fn.body, paths, names);
  }
  return { names, paths };
}

function collectNamePattern(pattern: TSESTree.ObjectPattern, names: Set<string>): void {
  for (const p of pattern.properties) {
    if (p.type !== AST_NODE_TYPES.Property || staticKeyName(p.key, p.computed) !== "name") continue;
    const value = p.value.type === AST_NODE_TYPES.AssignmentPattern ? p.value.left : p.value;
    if (value.type === AST_NODE_TYPES.Identifier) names.add(value.name);
  }
}

/** `const { name } = request.params`, `const toolName = request.params.name` and the like. */
function collectNameDeclarations(block: TSESTree.BlockStatement, paths: Set<string>, names: Set<string>): void {
  const statements: TSESTree.Statement[] = [...block.body];
  for (const statement of block.body) {
    if (statement.type === AST_NODE_TYPES.TryStatement) statements.push(...statement.block.body);
  }
  for (const statement of statements) {
    if (statement.type !== AST_NODE_TYPES.VariableDeclaration) continue;
    for (const declarator of statement.declarations) {
      if (!declarator.init) continue;
      const init = memberPath(declarator.init);
      if (init === undefined) continue;
      if (declarator.id.type === AST_NODE_TYPES.Identifier && paths.has(init)) names.add(declarator.id.name);
      if (declarator.id.type === AST_NODE_TYPES.ObjectPattern) {
        if ([...paths].some((p) => p === `${init}.name`)) collectNamePattern(declarator.id, names);
        // `const { params } = request` then `params.name`.
        for (const p of declarator.id.properties) {
          if (
            p.type === AST_NODE_TYPES.Property &&
            staticKeyName(p.key, p.computed) === "params" &&
            p.value.type === AST_NODE_TYPES.Identifier &&
            paths.has(`${init}.params.name`)
          ) {
            paths.add(`${p.value.name}.name`);
          }
        }
      }
    }
  }
}

/** The call's first argument is the request parameter of `fn` (the whole request, handed on). */
function passesRequest(call: TSESTree.CallExpression, fn: FunctionNode): boolean {
  const request = fn.params[0];
  const first = call.arguments[0];
  return request?.type === AST_NODE_TYPES.Identifier && first?.type === AST_NODE_TYPES.Identifier && first.name === request.name;
}

function isNameExpression(node: TSESTree.Node, bindings: NameBindings): boolean {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Identifier) return bindings.names.has(n.name);
  const path = memberPath(n);
  return path !== undefined && bindings.paths.has(path);
}

/** `name === "x"` (either side) -> "x". */
function nameComparison(test: TSESTree.Node, bindings: NameBindings): string | undefined {
  const n = unwrap(test);
  if (n.type !== AST_NODE_TYPES.BinaryExpression || (n.operator !== "===" && n.operator !== "==")) return undefined;
  if (isNameExpression(n.left, bindings)) return staticString(n.right);
  if (isNameExpression(n.right, bindings)) return staticString(n.left);
  return undefined;
}

/** Adds one handler per dispatched tool: switch cases, if chains, table lookups, delegation. */
export function findDispatch(
  search: HandlerSearch,
  dispatcher: ToolHandler,
  fn: FunctionNode,
  bindings: NameBindings,
  /** The catches outside `fn` between it and the framework, innermost first. */
  outer: readonly CatchGuard[],
  depth: number,
): void {
  if (bindings.names.size === 0 && bindings.paths.size === 0) return;
  const addCase = (toolName: string, region: TSESTree.Node): void => {
    search.handlers.push({
      ...dispatcher,
      kind: "low-level-case",
      toolName,
      entry: fn,
      region,
      // The catches inside `fn` around the region are read where its throws are judged.
      entryGuards: outer,
      // In a function the dispatcher delegates to, its context parameter is not in scope.
      requestSignal: fn === dispatcher.entry ? dispatcher.requestSignal : undefined,
    });
  };
  const visit = (node: TSESTree.Node): void => {
    if (node !== fn && isFunctionNode(node)) return;
    switch (node.type) {
      case AST_NODE_TYPES.SwitchStatement:
        if (isNameExpression(node.discriminant, bindings)) {
          for (const c of node.cases) {
            if (!c.test) {
              search.unknownToolBranches.push(c);
              continue;
            }
            const name = staticString(c.test);
            if (name !== undefined) addCase(name, c);
          }
        }
        break;
      case AST_NODE_TYPES.IfStatement: {
        const name = nameComparison(node.test, bindings);
        if (name !== undefined) {
          addCase(name, node.consequent);
          let alternate = node.alternate;
          while (alternate?.type === AST_NODE_TYPES.IfStatement) {
            const next = nameComparison(alternate.test, bindings);
            if (next === undefined) break;
            addCase(next, alternate.consequent);
            alternate = alternate.alternate;
          }
          if (alternate && alternate.type !== AST_NODE_TYPES.IfStatement) search.unknownToolBranches.push(alternate);
          if (alternate) visit(alternate);
          visit(node.consequent);
          return;
        }
        break;
      }
      case AST_NODE_TYPES.MemberExpression:
        if (node.computed && isNameExpression(node.property, bindings)) visitTableLookup(search, dispatcher, fn, node, outer);
        break;
      case AST_NODE_TYPES.CallExpression: {
        // `handleToolCall(request.params.name, args)`: the callee dispatches on its parameter.
        const callee = unwrap(node.callee);
        const index = node.arguments.findIndex((a) => isNameExpression(a, bindings));
        // `const operation = this.findOperation(name); if (!operation) throw ...`: a lookup by the
        // name alone, and the branch where it found nothing is the unknown-tool branch.
        if ((index === 0 && node.arguments.length === 1) || findsByName(node, bindings)) visitNameLookup(search, node);
        if (index !== -1 && callee.type === AST_NODE_TYPES.Identifier && depth < 2) {
          const target = resolveFunction(search.sourceCode, callee);
          const param = target?.params[index];
          if (target && param?.type === AST_NODE_TYPES.Identifier) {
            findDispatch(
              search,
              dispatcher,
              target,
              { names: new Set([param.name]), paths: new Set() },
              [...search.catches.around(node, fn), ...outer],
              depth + 1,
            );
          }
        } else if (index === -1 && callee.type === AST_NODE_TYPES.Identifier && depth < 2 && passesRequest(node, fn)) {
          // `handleCallToolRequest(request)`: the callee reads the name from the request itself.
          const target = resolveFunction(search.sourceCode, callee);
          if (target) findDispatch(search, dispatcher, target, nameBindings(target), [...search.catches.around(node, fn), ...outer], depth + 1);
        }
        break;
      }
      default:
        break;
    }
    forEachChild(node, search.sourceCode.visitorKeys, visit);
  };
  visit(fn.body);
}

/** `tools.find((t) => t.name === name)`: a search of a list by the tool name. */
function findsByName(call: TSESTree.CallExpression, bindings: NameBindings): boolean {
  const callee = unwrap(call.callee);
  const predicate = call.arguments.length === 1 ? unwrap(call.arguments[0] as TSESTree.Node) : undefined;
  if (
    callee.type !== AST_NODE_TYPES.MemberExpression ||
    memberName(callee) !== "find" ||
    predicate?.type !== AST_NODE_TYPES.ArrowFunctionExpression ||
    predicate.body.type === AST_NODE_TYPES.BlockStatement
  )
    return false;
  /** Some comparison of the name, alone or among `||` alternatives (`t.name === name || t.alias === name`). */
  const compares = (test: TSESTree.Node): boolean => {
    const n = unwrap(test);
    if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator === "||") return compares(n.left) || compares(n.right);
    return (
      n.type === AST_NODE_TYPES.BinaryExpression &&
      (n.operator === "===" || n.operator === "==") &&
      (isNameExpression(n.left, bindings) || isNameExpression(n.right, bindings))
    );
  };
  return compares(predicate.body);
}

/** `const x = lookUp(name)` (awaited or not): its `if (!x)` branches are unknown-tool branches. */
function visitNameLookup(search: HandlerSearch, call: TSESTree.CallExpression): void {
  let value: TSESTree.Node = call;
  if (value.parent.type === AST_NODE_TYPES.AwaitExpression) value = value.parent;
  const declarator = value.parent;
  if (declarator.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== value || declarator.id.type !== AST_NODE_TYPES.Identifier) return;
  const variable = findVariable(search.sourceCode, declarator.id);
  if (variable) markMissingLookup(search, variable);
}

/** The consequents of `if (!x)` on a variable that holds what a lookup by tool name found. */
function markMissingLookup(search: HandlerSearch, variable: TSESLint.Scope.Variable): void {
  for (const reference of variable.references) {
    const test = reference.identifier.parent;
    if (
      test.type === AST_NODE_TYPES.UnaryExpression &&
      test.operator === "!" &&
      test.parent.type === AST_NODE_TYPES.IfStatement &&
      test.parent.test === test
    ) {
      search.unknownToolBranches.push(test.parent.consequent);
    }
  }
}

/** `handlers[name]`: each function of the same-file table is a tool, keyed by its property name. */
function visitTableLookup(
  search: HandlerSearch,
  dispatcher: ToolHandler,
  fn: FunctionNode,
  lookup: TSESTree.MemberExpression,
  outer: readonly CatchGuard[],
): void {
  const table = unwrap(lookup.object);
  if (table.type !== AST_NODE_TYPES.Identifier) return;
  const init = constInitializer(search.sourceCode, table);
  if (init?.type !== AST_NODE_TYPES.ObjectExpression) return;
  // Where is the looked-up function called? `handlers[name](args)` or `const h = handlers[name]; h(args)`.
  let call: TSESTree.CallExpression | undefined;
  const parent = lookup.parent;
  if (parent.type === AST_NODE_TYPES.CallExpression && parent.callee === lookup) call = parent;
  else if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier) {
    const variable = findVariable(search.sourceCode, parent.id);
    const use = variable?.references.find(
      (r) => r.identifier.parent.type === AST_NODE_TYPES.CallExpression && r.identifier.parent.callee === r.identifier,
    );
    if (use) call = use.identifier.parent as TSESTree.CallExpression;
    // `if (!handler) throw ...` is the unknown-tool branch.
    if (variable) markMissingLookup(search, variable);
  }
  const guards = call ? [...search.catches.around(call, fn), ...outer] : outer;
  // The table function receives the request context when the dispatcher passes its own along.
  const [contextName, ...signalPath] = (dispatcher.requestSignal ?? "").split(".");
  const contextIndex = call?.arguments.findIndex((a) => a.type === AST_NODE_TYPES.Identifier && a.name === contextName) ?? -1;
  const targets: FunctionNode[] = [];
  for (const property of init.properties) {
    if (property.type !== AST_NODE_TYPES.Property) continue;
    const name = staticKeyName(property.key, property.computed);
    const resolved = resolveHandler(search, property.value);
    if (name === undefined || !resolved) continue;
    targets.push(resolved.entry);
    // The table function has its own parameters: the dispatcher's context name is not in scope.
    const param = contextIndex === -1 ? undefined : resolved.entry.params[contextIndex];
    const requestSignal = signalPath.length > 0 ? signalOf(param, signalPath.join(".")) : undefined;
    search.handlers.push({
      ...dispatcher,
      kind: "low-level-case",
      toolName: name,
      entry: resolved.entry,
      region: undefined,
      entryGuards: [...resolved.entryGuards, ...guards],
      requestSignal,
    });
  }
  if (call && targets.length > 0) search.dispatchEdges.set(call, targets);
}
