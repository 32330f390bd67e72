/**
 * What bounds a call besides its own options: a file's instance defaults
 * (`client.defaults.timeout = ...`), a `Promise.race` with a timer or a wrapper named for a
 * timeout around it; and functions that pass their caller's options straight to a client, whose
 * calls are then calls of that client.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import { type FunctionNode, calleeName, forEachChild, findVariable, functionName, isFunctionNode, memberPath, unwrap } from "../../util/ast.js";
import type { PassThrough } from "../types.js";
import { mayLeaveProcess } from "./candidates.js";
import { type ClientFacts, classifyCall } from "./classify.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** `axios.defaults.timeout = 5000` / `api.defaults.timeout = ...` anywhere in the file. */
export function collectDefaultTimeouts(program: TSESTree.Program): Set<string> {
  const names = new Set<string>();
  for (const statement of program.body) {
    if (statement.type !== AST_NODE_TYPES.ExpressionStatement) continue;
    const e = statement.expression;
    if (e.type !== AST_NODE_TYPES.AssignmentExpression) continue;
    const path = memberPath(e.left);
    const match = path ? /^(\w+)\.defaults\.timeout$/.exec(path) : null;
    const value = unwrap(e.right);
    if (match?.[1] && !(value.type === AST_NODE_TYPES.Literal && value.value === 0)) names.add(match[1]);
  }
  return names;
}

/**
 * Guards that bound a call without an option: a `Promise.race` with a timer, or a wrapper whose
 * name says timeout (`withTimeout(fetch(...))`, `async function fetchWithTimeout() { ... }`).
 */
export function isGuarded(call: TSESTree.CallExpression, wrapperNames: ReadonlySet<string>, boundaries: ReadonlySet<TSESTree.Node>): boolean {
  const isGuardName = (name: string | undefined): boolean =>
    name !== undefined && !TIMER_FUNCTIONS.has(name) && (/timeout|deadline/i.test(name) || wrapperNames.has(name));
  let current: TSESTree.Node | undefined = call.parent;
  while (current) {
    if (current.type === AST_NODE_TYPES.CallExpression) {
      if (memberPath(current.callee) === "Promise.race" || isGuardName(calleeName(current))) return true;
    }
    if (isFunctionNode(current)) {
      const name = functionName(current);
      if (isGuardName(name)) return true;
      // A named function, or a tool handler, is as far as a guard can be.
      if (name !== undefined || boundaries.has(current)) return false;
    }
    current = current.parent;
  }
  return false;
}

/**
 * Whether `fn` hands a parameter to a client as its options, unread and unchanged: the
 * parameter's one use is the last argument (never the first) of a client call whose bound the
 * rule cannot see, and nothing around that call bounds it (a `Promise.race`, a name with
 * "timeout").
 */
export function passThroughOf(sourceCode: SourceCode, importedFrom: ReadonlyMap<string, string>, fn: FunctionNode): PassThrough | undefined {
  const facts: ClientFacts = { sourceCode, importedFrom, requestSignals: [], customClients: new Set() };
  const none = new Set<never>();
  const calls: TSESTree.CallExpression[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (isFunctionNode(node)) return;
    if (node.type === AST_NODE_TYPES.CallExpression) calls.push(node);
    forEachChild(node, sourceCode.visitorKeys, visit);
  };
  visit(fn.body);
  for (const call of calls) {
    const last = call.arguments.at(-1);
    if (!last || call.arguments.length < 2 || last.type !== AST_NODE_TYPES.Identifier) continue;
    const index = fn.params.findIndex((p) => p.type === AST_NODE_TYPES.Identifier && p.name === last.name);
    if (index === -1) continue;
    const variable = findVariable(sourceCode, last);
    if (variable?.defs[0]?.type !== DefinitionType.Parameter || variable.defs[0].node !== fn || variable.references.length !== 1) continue;
    if (!mayLeaveProcess(call, importedFrom, none, none)) continue;
    const external = classifyCall(facts, call, none);
    if (!external || external.client === "custom" || isGuarded(call, none, none)) continue;
    return { client: external.client, index };
  }
  return undefined;
}

/** Timers delay a call; they do not bound it. */
const TIMER_FUNCTIONS = new Set(["setTimeout", "clearTimeout", "setInterval", "setImmediate"]);
