/**
 * A step the caller asked for, whose failure the catch only logs or ignores: `if (input.doc_name) { try {
 * await api.renameDoc(id, input.doc_name) } catch (e) { console.warn(e) } }`, or `for (const id
 * of input.dependencies) { try { await addDependency(project.id, id) } catch (e) { logger.warning(...) } }`.
 * The tool then reports success, and the agent tells the user the whole request was done.
 *
 * A step the tool takes on its own (a cache write, telemetry, cleanup) is not asked for by any
 * input: only a try under a branch or a loop that reads the function's parameters counts, or the
 * one step a function is named for (`enableSync` awaiting `store.enableSync(...)`).
 *
 * Shared by two rules: `no-swallowed-failure` reports such a step (the agent is told it was done),
 * and `require-error-logging` leaves its empty catch to that finding (one catch, one finding: the
 * fix, saying in the answer that the step failed, is the one the agent needs).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import { isLoggingCall } from "../../model/index.js";
import { isDeliberate } from "./quiet-catches.js";
import {
  type FunctionNode,
  calleeName,
  enclosingCatch,
  enclosingFunction,
  findVariable,
  forEachOwnNode,
  functionName,
  isFunctionNode,
  mentionsName,
  unwrap,
} from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * Cleanup the tool does on its own, whatever the input asked (`fs.rm(tempFile)`,
 * `session.detach()`): deleting a temporary file or closing a handle is no step of the request.
 */
const CLEANUP = /^(?:rm|rmdir|unlink|close|dispose|destroy|clean[Uu]p|release|detach\w*|disconnect|kill|terminate)$/u;

/**
 * A notification to the client (`server.sendToolListChanged()`, `sendResourceUpdated(...)`,
 * `notification(...)`): the protocol's own message, which a client may not support, and no step
 * of what the request asked for.
 */
const NOTIFICATIONS = /^(?:send\w*(?:ListChanged|Updated|Notification)|notification|notify)$/u;

/** A step whose failure a catch drops: the awaited call, and whether the catch logs it (else its body is empty). */
export interface DroppedStep {
  readonly call: TSESTree.CallExpression;
  readonly logged: boolean;
}

/**
 * The awaited call of a try whose failure its catch only logs, or drops with an empty body (not
 * cleanup, and not in a catch of its own: that is the tidying up after another failure), in a
 * branch or loop the inputs decide, or the one the function is named for; undefined otherwise.
 */
export function droppedStep(sourceCode: SourceCode, clause: TSESTree.CatchClause): DroppedStep | undefined {
  const statement = clause.parent;
  const fn = enclosingFunction(statement);
  const logged = clause.body.body.length > 0;
  if (!fn || (logged && !onlyLogs(sourceCode, clause)) || statement.finalizer) return undefined;
  const call = awaitedStep(sourceCode, statement.block);
  const name = call ? calleeName(call) : undefined;
  if (!call || name === undefined || CLEANUP.test(name) || NOTIFICATIONS.test(name) || enclosingCatch(statement)) return undefined;
  // `async enableSync(args) { try { await store.enableSync(args.reason) } catch (e) { log(e) } ... }`: the function's own job.
  if (name === functionName(fn) && !/^(?:handle|execute|run|call|invoke)$/u.test(name)) return { call, logged };
  // `catch { /* best effort: the next read retries */ }`: a side step dropped on purpose. (The function's own job, above, cannot be.)
  if (!logged && isDeliberate(sourceCode, clause)) return undefined;
  const inputs = inputNames(sourceCode, fn);
  return inputs.size > 0 && askedFor(sourceCode, statement, fn, inputs) ? { call, logged } : undefined;
}

/** The catch body logs, and does nothing else but declare locals (`const context = { ...ctx, error }`). */
function onlyLogs(sourceCode: SourceCode, clause: TSESTree.CatchClause): boolean {
  let logs = false;
  for (const statement of clause.body.body) {
    if (statement.type === AST_NODE_TYPES.VariableDeclaration) continue;
    if (statement.type !== AST_NODE_TYPES.ExpressionStatement) return false;
    let expression = unwrap(statement.expression);
    if (expression.type === AST_NODE_TYPES.AwaitExpression) expression = unwrap(expression.argument);
    if (expression.type !== AST_NODE_TYPES.CallExpression || !isLoggingCall(expression)) return false;
    logs = true;
  }
  // The locals are read only by the logging (not handed on, not returned).
  return logs && clause.body.body.every((s) => s.type !== AST_NODE_TYPES.VariableDeclaration || localsOnlyLogged(sourceCode, s));
}

function localsOnlyLogged(sourceCode: SourceCode, declaration: TSESTree.VariableDeclaration): boolean {
  return declaration.declarations.every((d) => {
    if (d.id.type !== AST_NODE_TYPES.Identifier) return false;
    const variable = findVariable(sourceCode, d.id);
    return (variable?.references ?? []).every((r) => r.init === true || isInLoggingCall(r.identifier));
  });
}

function isInLoggingCall(node: TSESTree.Node): boolean {
  for (let current: TSESTree.Node | undefined = node.parent; current && !isFunctionNode(current); current = current.parent) {
    if (current.type === AST_NODE_TYPES.CallExpression && isLoggingCall(current)) return true;
  }
  return false;
}

/**
 * The try block is one step: a single awaited call whose value nothing reads (`await api.rename(...)`,
 * or `const res = await api.rename(...)` with `res` unread), with only locals declared before it.
 */
function awaitedStep(sourceCode: SourceCode, block: TSESTree.BlockStatement): TSESTree.CallExpression | undefined {
  const last = block.body.at(-1);
  if (!last || block.body.slice(0, -1).some((s) => s.type !== AST_NODE_TYPES.VariableDeclaration)) return undefined;
  let awaited: TSESTree.Expression | undefined;
  if (last.type === AST_NODE_TYPES.ExpressionStatement) awaited = unwrap(last.expression) as TSESTree.Expression;
  else if (last.type === AST_NODE_TYPES.VariableDeclaration) {
    const [only, ...more] = last.declarations;
    if (more.length > 0 || only.id.type !== AST_NODE_TYPES.Identifier || !only.init) return undefined;
    if ((findVariable(sourceCode, only.id)?.references ?? []).some((r) => r.isRead())) return undefined;
    awaited = unwrap(only.init) as TSESTree.Expression;
  }
  if (awaited?.type !== AST_NODE_TYPES.AwaitExpression) return undefined;
  const call = unwrap(awaited.argument);
  if (call.type !== AST_NODE_TYPES.CallExpression || isLoggingCall(call)) return undefined;
  // `await browser.close().catch(() => {})`: the promise's own `.catch` has the failure already.
  const name = calleeName(call);
  return name === undefined || name === "catch" ? undefined : call;
}

/** The function's parameters, and the locals declared from them (`const { dependencies } = input`). */
function inputNames(sourceCode: SourceCode, fn: FunctionNode): Set<string> {
  const names = new Set<string>();
  for (const variable of sourceCode.getDeclaredVariables(fn)) {
    if (variable.defs.some((def) => def.type === DefinitionType.Parameter)) names.add(variable.name);
  }
  // In source order, in the function's own code: `const input = args as Input`, then `const item = input.items[i]`.
  forEachOwnNode(sourceCode, fn.body, (node) => {
    if (node.type === AST_NODE_TYPES.VariableDeclarator && node.init && mentionsName(sourceCode, node.init, names, "own-code"))
      for (const variable of sourceCode.getDeclaredVariables(node)) names.add(variable.name);
    // `validatedInput = Schema.parse(input)` into a `let` declared before.
    if (
      node.type === AST_NODE_TYPES.AssignmentExpression &&
      node.left.type === AST_NODE_TYPES.Identifier &&
      mentionsName(sourceCode, node.right, names, "own-code")
    )
      names.add(node.left.name);
  });
  return names;
}

/** Between the try and its function: an `if` whose test, or a `for...of` whose list, reads the inputs. */
function askedFor(sourceCode: SourceCode, statement: TSESTree.TryStatement, fn: FunctionNode, inputs: ReadonlySet<string>): boolean {
  let child: TSESTree.Node = statement;
  for (let current: TSESTree.Node | undefined = statement.parent; current && current !== fn; child = current, current = current.parent) {
    if (current.type === AST_NODE_TYPES.IfStatement && current.consequent === child && mentionsName(sourceCode, current.test, inputs, "own-code"))
      return true;
    if (current.type === AST_NODE_TYPES.ForOfStatement && current.body === child && mentionsName(sourceCode, current.right, inputs, "own-code"))
      return true;
  }
  return false;
}
