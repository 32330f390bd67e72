/**
 * What a catch on a tool's path answers with, for `require-error-logging`: an error result on
 * every way out, or nothing at all (it drops the failure and the code goes on). Catches that
 * answer with any other value are `no-swallowed-failure`'s to judge, and left alone here, so one
 * catch never gets a finding from both rules.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import type { McpModel, ToolResult } from "../../model/index.js";
import { constInitializer, enclosingCatch, findVariable, forEachOwnNode, isInside, memberName, unwrap } from "../../util/ast.js";
import { isDeliberate, onFailurePath } from "../shared/quiet-catches.js";
import { droppedStep } from "../shared/steps.js";
import { reducedAnswer } from "../shared/reduced-answer.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** What the catch does with the failure, when it is one this rule judges. */
export type CatchAnswer =
  /** Every `return` of the catch gives an error result, or it marks the result to come as one (`response.isError = true`). */
  | "error-result"
  /** No `return`, no `throw`: the failure is dropped and the code after the try runs on (not a cleanup in another catch). */
  | "dropped";

/** Reads the answers of a file's catches. */
export class CatchAnswers {
  private readonly errorNodes: ReadonlySet<TSESTree.Node>;
  /** The file's result literals by object, made on first use. */
  private results: ReadonlyMap<TSESTree.ObjectExpression, ToolResult> | undefined;

  constructor(
    private readonly sourceCode: SourceCode,
    private readonly model: McpModel,
  ) {
    this.errorNodes = new Set(model.errorResults.map((r) => r.node));
  }

  /** The catch's answer, or undefined when it rethrows, returns something else, or is no case for this rule. */
  of(clause: TSESTree.CatchClause): CatchAnswer | undefined {
    const { sourceCode } = this;
    const returns: TSESTree.ReturnStatement[] = [];
    const throws: TSESTree.ThrowStatement[] = [];
    const marks: TSESTree.AssignmentExpression[] = [];
    forEachOwnNode(sourceCode, clause.body, (node) => {
      if (node.type === AST_NODE_TYPES.ThrowStatement) throws.push(node);
      else if (node.type === AST_NODE_TYPES.ReturnStatement && enclosingCatch(node) === clause) returns.push(node);
      else if (node.type === AST_NODE_TYPES.AssignmentExpression && setsIsError(node)) marks.push(node);
    });
    // A throw hands the failure on: whoever catches it decides about the log.
    if (throws.length > 0) return undefined;
    if (returns.length > 0) {
      return returns.every((r) => r.argument !== null && this.isErrorResult(r.argument, 0)) ? "error-result" : undefined;
    }
    // A catch that builds a tool result keeps it for the answer: `no-swallowed-failure` reads those.
    if (this.model.results.some((r) => isInside(r.object, clause)) || this.fillsOuterVariable(clause)) return undefined;
    // `response.isError = true`: the result the function goes on to return is now an error result.
    if (marks.length > 0) return "error-result";
    if (isDeliberate(sourceCode, clause) || onFailurePath(clause)) return undefined;
    // A step the request asked for, or a part of the answer, dropped: `no-swallowed-failure` reports it where the agent needs the fix.
    this.results ??= new Map(this.model.results.map((r) => [r.object, r]));
    if (droppedStep(sourceCode, clause) || reducedAnswer(sourceCode, this.results, clause)) return undefined;
    return "dropped";
  }

  private isErrorResult(node: TSESTree.Node, depth: number): boolean {
    let n = unwrap(node);
    if (n.type === AST_NODE_TYPES.AwaitExpression) n = unwrap(n.argument);
    if (this.errorNodes.has(n)) return true;
    if (n.type === AST_NODE_TYPES.ConditionalExpression) return this.isErrorResult(n.consequent, depth) && this.isErrorResult(n.alternate, depth);
    if (n.type === AST_NODE_TYPES.Identifier && depth < 2) {
      const init = constInitializer(this.sourceCode, n);
      return init !== undefined && this.isErrorResult(init, depth + 1);
    }
    return false;
  }

  /**
   * The try assigns a variable declared before it and read after it (`let hits = []; try { hits =
   * await search(q) } catch {}`): the catch leaves the value in place of the failed call's, and
   * whether that misleads the answer is `no-swallowed-failure`'s to say.
   */
  private fillsOuterVariable(clause: TSESTree.CatchClause): boolean {
    const statement = clause.parent;
    let fills = false;
    forEachOwnNode(this.sourceCode, statement.block, (node) => {
      if (fills || node.type !== AST_NODE_TYPES.AssignmentExpression) return;
      const left = unwrap(node.left);
      if (left.type !== AST_NODE_TYPES.Identifier) return;
      const variable = findVariable(this.sourceCode, left);
      const declared = variable?.defs[0]?.name;
      if (!variable || !declared || isInside(declared, statement)) return;
      fills = variable.references.some((r) => r.isRead() && r.identifier.range[0] > statement.range[1]);
    });
    return fills;
  }
}

/** `x.isError = <anything but false>`. */
function setsIsError(node: TSESTree.AssignmentExpression): boolean {
  const left = unwrap(node.left);
  const right = unwrap(node.right);
  return (
    left.type === AST_NODE_TYPES.MemberExpression && memberName(left) === "isError" && !(right.type === AST_NODE_TYPES.Literal && right.value === false)
  );
}
