/**
 * The suggestion of `require-escalation-context`: `attempts: <counter>` in the escalation's
 * payload, offered only when the counter's value there is the number of attempts made beyond
 * doubt: a `let` that starts at 0, goes up by one in exactly one place that every attempt passes
 * once, and is in scope where the payload is built, after that place. A counter that counts down,
 * starts elsewhere or moves in several places gets no suggestion.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import { isInside, unwrap } from "../../util/ast.js";
import { insertProperty, isEditableObject, propertyKey } from "../shared/fix.js";
import type { Escalation } from "./escalations.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

export interface AttemptsSuggestion {
  /** The property inserted, for the suggestion's message. */
  readonly property: string;
  readonly fix: TSESLint.ReportFixFunction;
}

function variableNamed(sourceCode: SourceCode, at: TSESTree.Node, name: string): TSESLint.Scope.Variable | undefined {
  for (let scope: TSESLint.Scope.Scope | null = sourceCode.getScope(at); scope; scope = scope.upper) {
    const variable = scope.set.get(name);
    if (variable) return variable;
  }
  return undefined;
}

/** `n++`, `++n`, `n += 1`. */
function isIncrement(node: TSESTree.Node): boolean {
  if (node.type === AST_NODE_TYPES.UpdateExpression) return node.operator === "++";
  if (node.type !== AST_NODE_TYPES.AssignmentExpression || node.operator !== "+=") return false;
  const right = unwrap(node.right);
  return right.type === AST_NODE_TYPES.Literal && right.value === 1;
}

/** Nothing before `statement` in its block can leave or skip the rest of it. */
function reachedEveryTime(statement: TSESTree.Node, block: TSESTree.BlockStatement): boolean {
  const index = block.body.indexOf(statement as TSESTree.Statement);
  return (
    index !== -1 && block.body.slice(0, index).every((s) => s.type === AST_NODE_TYPES.ExpressionStatement || s.type === AST_NODE_TYPES.VariableDeclaration)
  );
}

/**
 * The counter's value at the escalation as the number of attempts made (`attempt` or
 * `attempt + 1`), or undefined when that is not certain.
 */
function attemptsText(sourceCode: SourceCode, escalation: Escalation, name: string): { text: string; after: TSESTree.Node | undefined } | undefined {
  const { loop, site, statement, where } = escalation;
  const variable = variableNamed(sourceCode, statement, name);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || def?.type !== DefinitionType.Variable) return undefined;
  const declarator = def.node;
  const init = declarator.init ? unwrap(declarator.init) : undefined;
  if (def.parent.kind !== "let" || init?.type !== AST_NODE_TYPES.Literal || init.value !== 0) return undefined;
  const writes = variable.references.filter((r) => r.isWrite() && r.identifier !== declarator.id);
  const write = writes.length === 1 ? writes[0]?.identifier.parent : undefined;
  if (!write?.parent || !isIncrement(write)) return undefined;
  // In a `for` update: counted after each failed attempt, so one short inside the loop.
  if (loop.type === AST_NODE_TYPES.ForStatement && loop.update && isInside(write, loop.update)) {
    return where === "final-attempt" ? { text: `${name} + 1`, after: undefined } : { text: name, after: loop };
  }
  const holder = write.parent;
  if (holder.type === AST_NODE_TYPES.ExpressionStatement) {
    // First thing in each turn of the loop, before the try; or in the catch, before the escalation.
    const body = loop.body;
    if (
      body.type === AST_NODE_TYPES.BlockStatement &&
      holder.parent === body &&
      holder.range[1] <= site.tryStatement.range[0] &&
      reachedEveryTime(holder, body)
    ) {
      return { text: name, after: holder };
    }
    const catchBody = site.catchClause.body;
    if (holder.parent === catchBody && reachedEveryTime(holder, catchBody) && (where === "after-loop" || isInside(statement, catchBody))) {
      return holder.range[1] <= statement.range[0] ? { text: name, after: holder } : undefined;
    }
    return undefined;
  }
  // `if (++attempts >= 3) return ...`: counted in the test of the branch that gives up.
  let current: TSESTree.Node = statement;
  while (current !== site.catchClause.body && current.parent) {
    const parent: TSESTree.Node = current.parent;
    if (parent.type === AST_NODE_TYPES.IfStatement && parent.consequent === current && isInside(write, parent.test)) {
      return parent.parent === site.catchClause.body && reachedEveryTime(parent, site.catchClause.body) ? { text: name, after: parent.test } : undefined;
    }
    current = parent;
  }
  return undefined;
}

/** The suggestion for an escalation whose payload lacks an attempt count, when it is certain. */
export function attemptsSuggestion(
  sourceCode: SourceCode,
  escalation: Escalation,
  target: TSESTree.ObjectExpression | undefined,
  field: string,
): AttemptsSuggestion | undefined {
  if (!target || escalation.result.helper || !isEditableObject(target)) return undefined;
  // The payload must be built after the count is final, on the way to the escalation.
  const { loop, site, where } = escalation;
  const inArea = where === "final-attempt" ? isInside(target, loop.body) : isInside(target, loop.parent) && target.range[0] > loop.range[1];
  if (!inArea || isInside(target, site.tryStatement.block)) return undefined;
  for (const name of escalation.counters) {
    const found = attemptsText(sourceCode, escalation, name);
    if (!found || (found.after && target.range[0] < found.after.range[1])) continue;
    const property = found.text === field ? propertyKey(field) : `${propertyKey(field)}: ${found.text}`;
    return { property, fix: (fixer) => insertProperty(fixer, target, property) };
  }
  return undefined;
}
