/**
 * A catch that returns an object made of its failure (`return { status, message: error.message }`)
 * from a function whose value a tool answers with as it is (`return toolResult(await run(args))`):
 * the failure goes out as one more successful answer, which the agent takes for the data it asked
 * for. An object that also carries data the function already had is a partial answer with a note,
 * and is left alone. So is an object that names its item (`{ id, status, message }`) for a caller
 * that runs the function once per item: one failed item among the others is a partial answer. A
 * function that answers one request is different: its own arguments, handed back as they came
 * (`{ success: false, error, workout }`), are no data, they only say what was asked.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import type { McpModel } from "../../model/index.js";
import {
  type FunctionNode,
  constInitializer,
  enclosingFunction,
  findVariable,
  inLoop,
  mentionsName,
  ownReturnStatements,
  staticKeyName,
  unwrap,
} from "../../util/ast.js";
import { type SuccessFlow, readsOutsideData, triedAccess } from "./flow.js";

/**
 * Where the object `value`, returned by `clause` of `fn`, becomes a successful answer; undefined
 * when it does not carry the caught error (`names`: it and the constants made from it), when it
 * also carries other data, or when nothing in the try block could fail.
 */
export function caughtObjectAnswer(
  sourceCode: Readonly<TSESLint.SourceCode>,
  model: McpModel,
  flow: SuccessFlow,
  at: { value: TSESTree.ObjectExpression; clause: TSESTree.CatchClause; fn: FunctionNode; names: ReadonlySet<string> },
): TSESTree.Node | undefined {
  if (!mentionsName(sourceCode, at.value, at.names, "own-code")) return undefined;
  const data = answersOneRequest(model, flow, at.fn) ? at.value.properties.filter((p) => !handsBackArgument(sourceCode, p, at.fn)) : at.value.properties;
  if (data.some((p) => readsOutsideData(sourceCode, p, at.clause))) return undefined;
  if (!triedAccess(sourceCode, model, at.clause) || shapedLikeTry(sourceCode, at.value, at.clause)) return undefined;
  return flow.successAnswer(at.fn);
}

/**
 * `fn` is called once per request, not once per item: it is no callback handed to a call, and
 * it has calls, each outside loops and outside callbacks (the handler a tool registers aside).
 */
function answersOneRequest(model: McpModel, flow: SuccessFlow, fn: FunctionNode): boolean {
  if (handedToCall(fn)) return false;
  const sites = [
    ...flow.callSites(fn).map((call) => ({ call, model })),
    ...model.importedCallSites(fn).map((site) => ({ call: site.call, model: site.model() })),
  ];
  return sites.length > 0 && sites.every((site) => !runsPerItem(site.model, site.call));
}

function handedToCall(fn: FunctionNode): boolean {
  return fn.parent.type === AST_NODE_TYPES.CallExpression && fn.parent.arguments.some((argument) => argument === fn);
}

/** The call sits in a loop, or in a callback that is no tool's handler (`ids.map((id) => load(id))`), of its function. */
function runsPerItem(model: McpModel, call: TSESTree.Node): boolean {
  if (inLoop(call)) return true;
  const fn = enclosingFunction(call);
  return fn !== undefined && handedToCall(fn) && !model.handlers.some((h) => h.entry === fn || h.root === fn);
}

/** `workout`, `query: args.query`: a field that hands back an argument of `fn`, or a part of one, as it came. */
function handsBackArgument(sourceCode: Readonly<TSESLint.SourceCode>, property: TSESTree.ObjectLiteralElement, fn: FunctionNode): boolean {
  if (property.type !== AST_NODE_TYPES.Property) return false;
  let value = unwrap(property.value);
  while (value.type === AST_NODE_TYPES.MemberExpression && !value.computed) value = unwrap(value.object);
  if (value.type !== AST_NODE_TYPES.Identifier) return false;
  const [def, ...more] = findVariable(sourceCode, value)?.defs ?? [];
  return def !== undefined && more.length === 0 && def.type === DefinitionType.Parameter && def.node === fn;
}

/**
 * `return { approved: null, approved_by: [], unavailable_reason: message }` where the try returns
 * `{ approved, approved_by }`: the usual value, emptied, with a note saying why. The answer shows
 * the failure where the data would be: a partial answer, not the failure passed off as data. The
 * try may return the object through a constant (`const out = { status: "OK", items }; return out`).
 */
function shapedLikeTry(sourceCode: Readonly<TSESLint.SourceCode>, value: TSESTree.ObjectExpression, clause: TSESTree.CatchClause): boolean {
  const keys = new Set(value.properties.map((p) => (p.type === AST_NODE_TYPES.Property ? staticKeyName(p.key, p.computed) : undefined)));
  return ownReturnStatements(clause.parent.block).some((statement) => {
    const argument = statement.argument ? unwrap(statement.argument) : undefined;
    const made = argument?.type === AST_NODE_TYPES.Identifier ? constInitializer(sourceCode, argument) : argument;
    const returned = made ? unwrap(made) : undefined;
    if (returned?.type !== AST_NODE_TYPES.ObjectExpression || returned.properties.length === 0) return false;
    const tried = returned.properties.map((p) => (p.type === AST_NODE_TYPES.Property ? staticKeyName(p.key, p.computed) : undefined));
    return tried.every((key) => key !== undefined && keys.has(key)) && keys.size > tried.length;
  });
}
