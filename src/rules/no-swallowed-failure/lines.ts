/**
 * A catch that writes its failure as one more line of the answer. Some handlers do not return
 * their result: they write it through an output object they are given
 * (`response.appendResponseLine(...)`), and the code that runs them makes the content from those
 * lines, and `isError` only from a thrown error. A catch that writes the failure with the same
 * method the try block writes its answer with, and goes on, hands the agent an ordinary answer
 * that happens to describe a failure.
 */
import { DefinitionType } from "@typescript-eslint/scope-manager";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { findVariable, forEachOwnNode, inLoop, memberName, mentionsName, someOwnNode, unwrap } from "../../util/ast.js";
import { FAILURE_TEXT } from "./flow.js";
import { staticText } from "./answers.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** One write of the failure: the statement, its call, and the text it writes. */
export interface FailureLine {
  readonly statement: TSESTree.ExpressionStatement;
  readonly call: TSESTree.CallExpression;
  readonly text: TSESTree.Node;
  /** `response.appendResponseLine`, as written. */
  readonly method: string;
}

/** Receivers and methods that log, trace or count: what they are given does not reach the agent. */
const LOGGER = /^(console|log|logger|logging|telemetry|tracer|tracing|span|sentry|metrics|analytics|debug)$/iu;
const LOG_METHOD = /^(log|info|warn|warning|error|debug|trace|fatal|verbose|notice|capture\w*|record\w*|track\w*|report\w*|emit|send\w*)$/iu;

/**
 * The writes of the failure in `clause`, when the whole catch is such writes (and logging) and it
 * neither returns nor throws; empty otherwise. `names`: the caught error and the constants that
 * hold it.
 */
export function failureLines(sourceCode: SourceCode, clause: TSESTree.CatchClause, names: ReadonlySet<string>): FailureLine[] {
  const attempt = clause.parent;
  if (attempt.finalizer) return [];
  if (someOwnNode(sourceCode, clause.body, (n) => n.type === AST_NODE_TYPES.ReturnStatement || n.type === AST_NODE_TYPES.ThrowStatement)) return [];
  // One item of a loop that says it failed is a visible partial failure, not a swallowed one.
  if (inLoop(attempt)) return [];
  const lines: FailureLine[] = [];
  for (const statement of clause.body.body) {
    if (statement.type === AST_NODE_TYPES.VariableDeclaration) continue;
    const call = statement.type === AST_NODE_TYPES.ExpressionStatement ? outputCall(statement.expression) : undefined;
    if (!call || statement.type !== AST_NODE_TYPES.ExpressionStatement) return [];
    const callee = call.callee as TSESTree.MemberExpression;
    const receiver = callee.object as TSESTree.Identifier;
    if (LOGGER.test(receiver.name) || LOG_METHOD.test(memberName(callee) ?? "")) continue;
    // The output object is the handler's own (a parameter), and the try block writes its answer with the same method.
    if (!isParameter(sourceCode, receiver) || !writesWith(sourceCode, attempt.block, receiver.name, memberName(callee))) return [];
    const text = call.arguments[0];
    if (!text || text.type === AST_NODE_TYPES.SpreadElement) return [];
    const words = staticText(sourceCode, text) ?? templateWords(text);
    if (!mentionsName(sourceCode, text, names, "subtree") && !(words !== undefined && FAILURE_TEXT.test(words))) return [];
    lines.push({ statement, call, text, method: `${receiver.name}.${memberName(callee) ?? ""}` });
  }
  return lines;
}

/** `out.write(...)` or `await out.write(...)` on a plain variable. */
function outputCall(expression: TSESTree.Expression): TSESTree.CallExpression | undefined {
  let n = unwrap(expression);
  if (n.type === AST_NODE_TYPES.AwaitExpression) n = unwrap(n.argument);
  if (n.type !== AST_NODE_TYPES.CallExpression || n.callee.type !== AST_NODE_TYPES.MemberExpression || n.callee.computed) return undefined;
  return n.callee.object.type === AST_NODE_TYPES.Identifier ? n : undefined;
}

/** The fixed words of a template (`Unable to navigate: ${error.message}`). */
function templateWords(node: TSESTree.Node): string | undefined {
  const n = unwrap(node);
  return n.type === AST_NODE_TYPES.TemplateLiteral ? n.quasis.map((q) => q.value.cooked).join(" ") : undefined;
}

/** The identifier names a parameter of some enclosing function. */
function isParameter(sourceCode: SourceCode, identifier: TSESTree.Identifier): boolean {
  return findVariable(sourceCode, identifier)?.defs.some((d) => d.type === DefinitionType.Parameter) === true;
}

/** Whether `block` calls `receiver.method(...)` in its own code. */
function writesWith(sourceCode: SourceCode, block: TSESTree.BlockStatement, receiver: string, method: string | undefined): boolean {
  if (method === undefined) return false;
  let found = false;
  forEachOwnNode(sourceCode, block, (n) => {
    if (found || n.type !== AST_NODE_TYPES.CallExpression || n.callee.type !== AST_NODE_TYPES.MemberExpression) return;
    const object = n.callee.object;
    found = object.type === AST_NODE_TYPES.Identifier && object.name === receiver && memberName(n.callee) === method;
  });
  return found;
}
