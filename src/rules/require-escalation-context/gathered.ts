/**
 * Results of earlier steps, in scope where a retry loop gives up: what the function would have
 * answered with on success, and already holds. Two kinds, both declared in the loop's function
 * before the loop and read by one of its success returns:
 * - an accumulator (`const pages = []`, `{}`, `new Map()`) filled before the escalation, or in an
 *   earlier turn of a loop around the retry (`for (const id of ids) { ...retry...; pages.push(page) }`);
 * - a const set to an awaited outside call (`const profile = await api.getProfile(id)`).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  enclosingFunction,
  findVariable,
  forEachOwnNode,
  isFunctionNode,
  isInside,
  isPropertyName,
  memberName,
  mentionsName,
  unwrap,
} from "../../util/ast.js";
import type { ExternalFailures } from "../shared/external-failures.js";
import type { Escalation } from "./escalations.js";

type SourceCode = Readonly<TSESLint.SourceCode>;
type Variable = TSESLint.Scope.Variable;

const FILLS = new Set(["push", "unshift", "splice", "set", "add", "append"]);

/** `[]`, `{}`, `new Map()`, `new Set()`: an empty collection to gather into. */
function isEmptyCollection(init: TSESTree.Node): boolean {
  const n = unwrap(init);
  if (n.type === AST_NODE_TYPES.ArrayExpression || n.type === AST_NODE_TYPES.ObjectExpression) {
    return (n.type === AST_NODE_TYPES.ArrayExpression ? n.elements : n.properties).length === 0;
  }
  return (
    n.type === AST_NODE_TYPES.NewExpression && n.callee.type === AST_NODE_TYPES.Identifier && /^(Map|Set)$/.test(n.callee.name) && n.arguments.length === 0
  );
}

/**
 * What the reference puts in (`pages.push(x)`, `byId.set(k, v)`, `pages[i] = x`, `pages = [...pages,
 * x]`): the values, or undefined when it puts nothing in.
 */
function filledWith(reference: TSESLint.Scope.Reference, declarator: TSESTree.VariableDeclarator): readonly TSESTree.Node[] | undefined {
  const id = reference.identifier;
  if (reference.isWrite()) return id === declarator.id || !reference.writeExpr ? undefined : [reference.writeExpr];
  const parent = id.parent;
  if (parent.type !== AST_NODE_TYPES.MemberExpression || parent.object !== id) return undefined;
  const holder = parent.parent;
  if (holder.type === AST_NODE_TYPES.AssignmentExpression && holder.left === parent) return [holder.right];
  if (holder.type === AST_NODE_TYPES.CallExpression && holder.callee === parent && FILLS.has(memberName(parent) ?? "")) return holder.arguments;
  return undefined;
}

/**
 * The value comes from an awaited call: it awaits, or reads a variable set from one (two steps at
 * most: `const page = await res.json()`, `for (const item of data.items)` with `data` awaited). A
 * request body or query built from the input (`params.q = args.query`) is no result.
 */
function fromAwait(sourceCode: SourceCode, value: TSESTree.Node, depth = 0): boolean {
  let found = false;
  forEachOwnNode(sourceCode, value, (node) => {
    if (found) return;
    if (node.type === AST_NODE_TYPES.AwaitExpression) {
      found = true;
      return;
    }
    if (node.type !== AST_NODE_TYPES.Identifier || depth >= 2 || isPropertyName(node)) return;
    const def = findVariable(sourceCode, node)?.defs[0];
    if (def?.type !== DefinitionType.Variable) return;
    const holder = def.parent.parent;
    const source =
      (holder.type === AST_NODE_TYPES.ForOfStatement || holder.type === AST_NODE_TYPES.ForInStatement) && holder.left === def.parent
        ? holder.right
        : def.node.init;
    if (source && source !== value) found = fromAwait(sourceCode, source, depth + 1);
  });
  return found;
}

/** A read of one of the names as a whole value (passed, stored, returned), not only a field of it (`user.name`). */
function readsWhole(sourceCode: SourceCode, root: TSESTree.Node, name: string): boolean {
  let found = false;
  forEachOwnNode(sourceCode, root, (node) => {
    if (found || node.type !== AST_NODE_TYPES.Identifier || node.name !== name || isPropertyName(node)) return;
    const parent = node.parent;
    found = !(parent.type === AST_NODE_TYPES.MemberExpression && parent.object === node);
  });
  return found;
}

/** The variables declared in `fn` whose scope reaches `at` (nested functions left out). */
function variablesInScope(sourceCode: SourceCode, fn: FunctionNode, at: TSESTree.Node): Variable[] {
  const found: Variable[] = [];
  const visit = (scope: TSESLint.Scope.Scope): void => {
    found.push(...scope.variables);
    for (const child of scope.childScopes) {
      if (child.block !== fn && isFunctionNode(child.block)) continue;
      if (isInside(at, child.block)) visit(child);
    }
  };
  visit(sourceCode.getScope(fn));
  return found;
}

/** The loops between the retry loop and its function: earlier turns of these ran before this one. */
function outerLoops(loop: TSESTree.Node, fn: FunctionNode): TSESTree.Node[] {
  const loops: TSESTree.Node[] = [];
  for (let current = loop.parent; current && current !== fn; current = current.parent) {
    if (/^(For|ForOf|ForIn|While|DoWhile)Statement$/.test(current.type)) loops.push(current);
  }
  return loops;
}

/** What an expression does: does it await, does it call outside the process. */
function effectsOf(sourceCode: SourceCode, external: ExternalFailures, expression: TSESTree.Node): { awaits: boolean; callsOutside: boolean } {
  const effects = { awaits: false, callsOutside: false };
  forEachOwnNode(sourceCode, expression, (node) => {
    if (node.type === AST_NODE_TYPES.AwaitExpression) effects.awaits = true;
    else if (node.type === AST_NODE_TYPES.CallExpression && !effects.callsOutside) effects.callsOutside = external.isExternal(node);
  });
  return effects;
}

/** `await api.get(url)`, `(await axios.get(url)).data`, `await (await fetch(url)).json()`: the value of an awaited outside call. */
function awaitsOutsideCall(sourceCode: SourceCode, external: ExternalFailures, init: TSESTree.Node): boolean {
  const { awaits, callsOutside } = effectsOf(sourceCode, external, init);
  return awaits && callsOutside;
}

/**
 * The variable holds a result gathered before the escalation (see the module comment): an
 * accumulator or an awaited outside call's value; undefined when it is neither.
 */
function gatheredKind(
  sourceCode: SourceCode,
  external: ExternalFailures,
  variable: Variable,
  escalation: Escalation,
  fn: FunctionNode,
): "accumulator" | "awaited" | undefined {
  const def = variable.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type !== DefinitionType.Variable) return undefined;
  const declarator = def.node;
  const { loop, statement } = escalation;
  if (!declarator.init || declarator.range[1] > loop.range[0]) return undefined;
  const init = unwrap(declarator.init);
  if (def.parent.kind === "const" && awaitsOutsideCall(sourceCode, external, init)) return "awaited";
  if (declarator.id.type !== AST_NODE_TYPES.Identifier || !isEmptyCollection(init)) return undefined;
  const outer = outerLoops(loop, fn).filter((o) => !isInside(declarator, o));
  const filled = variable.references.some((r) => {
    const at = r.identifier;
    if (!((at.range[0] < statement.range[0] && !isInside(at, loop)) || outer.some((o) => isInside(at, o)))) return false;
    return filledWith(r, declarator)?.some((value) => fromAwait(sourceCode, value)) ?? false;
  });
  return filled ? "accumulator" : undefined;
}

/**
 * The name, and the consts that format it for the answer (one step: `const text = pages.join("\n")`),
 * outside the retry loop. A const that hands it to another call (`await fetch(url, { headers: {
 * authorization: token } })`) used it as an input, and what that call returns is not it.
 */
function withDerived(sourceCode: SourceCode, external: ExternalFailures, fn: FunctionNode, loop: TSESTree.Node, name: string): Set<string> {
  const names = new Set([name]);
  forEachOwnNode(sourceCode, fn.body, (node) => {
    if (node.type !== AST_NODE_TYPES.VariableDeclarator || node.id.type !== AST_NODE_TYPES.Identifier || !node.init || isInside(node, loop)) return;
    if (node.parent.kind !== "const" || !mentionsName(sourceCode, node.init, new Set([name]), "subtree")) return;
    if (!effectsOf(sourceCode, external, node.init).callsOutside) names.add(node.id.name);
  });
  return names;
}

/**
 * The results of earlier steps the escalation leaves out, by name: gathered before it, read by a
 * success return of the same function, and mentioned nowhere in the escalation's result.
 */
export function leftOutResults(
  sourceCode: SourceCode,
  external: ExternalFailures,
  escalation: Escalation,
  isErrorReturn: (statement: TSESTree.ReturnStatement) => boolean,
  carried: (names: ReadonlySet<string>) => boolean,
): string[] {
  const fn = enclosingFunction(escalation.loop);
  if (!fn || enclosingFunction(escalation.statement) !== fn || fn.body.type !== AST_NODE_TYPES.BlockStatement) return [];
  const successReturns: TSESTree.ReturnStatement[] = [];
  forEachOwnNode(sourceCode, fn.body, (node) => {
    if (node.type === AST_NODE_TYPES.ReturnStatement && node.argument && !isErrorReturn(node)) successReturns.push(node);
  });
  if (successReturns.length === 0) return [];
  const left: string[] = [];
  for (const variable of variablesInScope(sourceCode, fn, escalation.statement)) {
    const kind = gatheredKind(sourceCode, external, variable, escalation, fn);
    if (!kind) continue;
    const names = withDerived(sourceCode, external, fn, escalation.loop, variable.name);
    // An accumulator counts when the answer reads it at all; a single fetched value, when the
    // answer carries it whole (a field of it in a sentence, `user.name`, is a label, not the result).
    const answers = (r: TSESTree.ReturnStatement): boolean =>
      kind === "accumulator" ? mentionsName(sourceCode, r, names, "subtree") : readsWhole(sourceCode, r, variable.name);
    if (!successReturns.some(answers)) continue;
    if (!carried(names)) left.push(variable.name);
  }
  return left;
}
