/**
 * Where the result of a tool call goes: into a variable, a destructuring, a promise callback, a
 * same-file function; and whether the caller reads `isError` anywhere on the way. A failed call
 * resolves like a successful one on the client side, so a caller that reads `content` and never
 * `isError` takes the error text for the answer. Anything the file cannot follow (the result
 * returned, passed to an unknown function, stored or spread whole) is "passed on": whoever gets
 * it may check it.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { type FunctionNode, findVariable, isFunctionNode, memberName, resolveFunction, staticKeyName, staticString, unwrap } from "../../util/ast.js";
import { classMethod } from "../targets.js";
import { isOnlyShown, readsOnlyShown } from "./sinks.js";
import type { ContentUse, ToolResultFlow } from "../types.js";

type SourceCode = Readonly<TSESLint.SourceCode>;
type Variable = TSESLint.Scope.Variable;

/** The fields of a `CallToolResult` that carry the answer. */
const CONTENT_FIELDS: ReadonlySet<string> = new Set(["content", "structuredContent"]);

/** How many same-file functions and aliases deep a result is followed. */
const MAX_DEPTH = 4;

/** What the reads of one result found. */
interface Reads {
  checked: boolean;
  passedOn: boolean;
  readonly uses: ContentUse[];
}

/** Wrappers that leave the value as it is: `x as T`, `x!`, `await x`, `(x)`. */
function isTransparent(parent: TSESTree.Node, node: TSESTree.Node): boolean {
  switch (parent.type) {
    case AST_NODE_TYPES.TSAsExpression:
    case AST_NODE_TYPES.TSSatisfiesExpression:
    case AST_NODE_TYPES.TSNonNullExpression:
    case AST_NODE_TYPES.TSTypeAssertion:
    case AST_NODE_TYPES.ChainExpression:
      return parent.expression === node;
    case AST_NODE_TYPES.AwaitExpression:
      return parent.argument === node;
    default:
      return false;
  }
}

/** The outermost expression that still is the value of `node`. */
function climb(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (isTransparent(current.parent as TSESTree.Node, current)) current = current.parent as TSESTree.Node;
  return current;
}

export class ResultFlows {
  constructor(private readonly sourceCode: SourceCode) {}

  /** What the caller does with the result of a tool call. */
  of(call: TSESTree.CallExpression): ToolResultFlow {
    const reads: Reads = { checked: false, passedOn: false, uses: [] };
    const value = climb(call);
    this.valueAt(value, reads, 0, new Set());
    if (reads.checked) return { kind: "checked" };
    if (reads.passedOn) return { kind: "passed-on" };
    if (reads.uses.length === 0) return { kind: "unused" };
    const uses = [...reads.uses].sort((a, b) => a.node.range[0] - b.node.range[0]);
    return { kind: "unchecked", uses, binding: this.binding(value) };
  }

  /** The variable the call's value is assigned to: `const result = await ...`, `result = await ...`. */
  private binding(value: TSESTree.Node): TSESTree.Identifier | undefined {
    const parent = value.parent;
    if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === value && parent.id.type === AST_NODE_TYPES.Identifier) return parent.id;
    if (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.right === value && parent.left.type === AST_NODE_TYPES.Identifier) {
      const def = findVariable(this.sourceCode, parent.left)?.defs[0];
      return def?.name.type === AST_NODE_TYPES.Identifier ? def.name : undefined;
    }
    return undefined;
  }

  /** `node` evaluates to the result (wrappers climbed): what its parent does with it. */
  private valueAt(node: TSESTree.Node, reads: Reads, depth: number, seen: Set<Variable>): void {
    const parent = node.parent;
    if (!parent) return;
    switch (parent.type) {
      case AST_NODE_TYPES.MemberExpression:
        if (parent.object === node) this.member(parent, reads, depth, seen);
        else reads.passedOn = true;
        return;
      case AST_NODE_TYPES.BinaryExpression:
        // `"isError" in result`; comparisons read nothing of it.
        if (parent.operator === "in" && parent.right === node && staticString(parent.left) === "isError") reads.checked = true;
        return;
      case AST_NODE_TYPES.VariableDeclarator:
        if (parent.init === node) this.pattern(parent.id, reads, depth, seen);
        return;
      case AST_NODE_TYPES.AssignmentExpression:
        if (parent.right === node && parent.operator === "=" && parent.left.type !== AST_NODE_TYPES.MemberExpression)
          this.pattern(parent.left, reads, depth, seen);
        else reads.passedOn = true;
        return;
      case AST_NODE_TYPES.CallExpression:
        if (parent.callee !== node) this.argument(parent, node, reads, depth, seen);
        else reads.passedOn = true;
        return;
      case AST_NODE_TYPES.LogicalExpression:
        // `result && ...` tests it; `result ?? fallback` goes on as the larger expression.
        if (parent.operator === "&&" && parent.left === node) return;
        this.valueAt(climb(parent), reads, depth, seen);
        return;
      case AST_NODE_TYPES.ConditionalExpression:
        if (parent.test !== node) this.valueAt(climb(parent), reads, depth, seen);
        return;
      case AST_NODE_TYPES.ExpressionStatement:
      case AST_NODE_TYPES.UnaryExpression:
      case AST_NODE_TYPES.IfStatement:
      case AST_NODE_TYPES.WhileStatement:
      case AST_NODE_TYPES.DoWhileStatement:
      case AST_NODE_TYPES.TemplateLiteral:
      case AST_NODE_TYPES.SwitchStatement:
      case AST_NODE_TYPES.TSTypeQuery:
        return;
      default:
        // Returned, thrown, yielded, stored in an object or array, spread: it goes on whole.
        reads.passedOn = true;
    }
  }

  /** `result.x`. */
  private member(member: TSESTree.MemberExpression, reads: Reads, depth: number, seen: Set<Variable>): void {
    const name = memberName(member);
    if (name === "isError") reads.checked = true;
    else if (name !== undefined && CONTENT_FIELDS.has(name)) {
      if (!isOnlyShown(this.sourceCode, member)) reads.uses.push({ node: member, helper: undefined });
    } else if (name === undefined) reads.passedOn = true;
    else if (name === "then" || name === "catch" || name === "finally") this.promise(member, name, reads, depth, seen);
  }

  /** `client.callTool(...).then((result) => ...)`; `.catch()` and `.finally()` pass the result on to what follows. */
  private promise(member: TSESTree.MemberExpression, name: string, reads: Reads, depth: number, seen: Set<Variable>): void {
    const call = member.parent;
    if (call.type !== AST_NODE_TYPES.CallExpression || call.callee !== member) return;
    if (name !== "then") {
      this.valueAt(climb(call), reads, depth, seen);
      return;
    }
    const callback = call.arguments[0];
    if (!callback) {
      this.valueAt(climb(call), reads, depth, seen);
      return;
    }
    const fn = this.functionOf(callback, call);
    if (!fn) {
      reads.passedOn = true;
      return;
    }
    const sub: Reads = { checked: false, passedOn: false, uses: [] };
    this.parameter(fn, 0, sub, depth + 1, seen);
    this.merge(reads, sub, callback, fn);
  }

  /** A declaration's or assignment's target. */
  private pattern(target: TSESTree.Node, reads: Reads, depth: number, seen: Set<Variable>): void {
    switch (target.type) {
      case AST_NODE_TYPES.Identifier: {
        const variable = findVariable(this.sourceCode, target);
        if (variable) this.variable(variable, reads, depth, seen);
        else reads.passedOn = true;
        return;
      }
      case AST_NODE_TYPES.ObjectPattern:
        for (const property of target.properties) {
          if (property.type === AST_NODE_TYPES.RestElement) {
            reads.passedOn = true;
            continue;
          }
          const key = staticKeyName(property.key, property.computed);
          if (key === undefined) reads.passedOn = true;
          else if (key === "isError") reads.checked = true;
          else if (CONTENT_FIELDS.has(key) && !readsOnlyShown(this.sourceCode, property.value, 0)) reads.uses.push({ node: property, helper: undefined });
        }
        return;
      case AST_NODE_TYPES.AssignmentPattern:
        this.pattern(target.left, reads, depth, seen);
        return;
      default:
        reads.passedOn = true;
    }
  }

  /** Every read of a variable that holds the result. */
  private variable(variable: Variable, reads: Reads, depth: number, seen: Set<Variable>): void {
    if (seen.has(variable)) return;
    if (depth > MAX_DEPTH) {
      reads.passedOn = true;
      return;
    }
    seen.add(variable);
    for (const reference of variable.references) {
      if (!reference.isRead()) continue;
      // `typeof result` in a type reads no value.
      if ((reference as { isValueReference?: boolean }).isValueReference === false) continue;
      this.valueAt(climb(reference.identifier), reads, depth + 1, seen);
    }
  }

  /** `fn(result)`: followed into a same-file function; any other callee may check it. */
  private argument(call: TSESTree.CallExpression, node: TSESTree.Node, reads: Reads, depth: number, seen: Set<Variable>): void {
    const index = call.arguments.indexOf(node as TSESTree.CallExpressionArgument);
    const fn = this.functionOf(call.callee, call);
    // A spread before the argument hides which parameter receives it.
    if (!fn || index < 0 || call.arguments.slice(0, index).some((a) => a.type === AST_NODE_TYPES.SpreadElement)) {
      reads.passedOn = true;
      return;
    }
    const sub: Reads = { checked: false, passedOn: false, uses: [] };
    this.parameter(fn, index, sub, depth + 1, seen);
    this.merge(reads, sub, node, fn);
  }

  /** What a same-file function does with its parameter at `index`. */
  private parameter(fn: FunctionNode, index: number, reads: Reads, depth: number, seen: Set<Variable>): void {
    if (depth > MAX_DEPTH) {
      reads.passedOn = true;
      return;
    }
    const param = fn.params[index];
    // No such parameter (the function ignores it), or a rest parameter that collects it with others.
    if (!param) return;
    if (param.type === AST_NODE_TYPES.RestElement || param.type === AST_NODE_TYPES.TSParameterProperty) {
      reads.passedOn = true;
      return;
    }
    if (param.type === AST_NODE_TYPES.Identifier || param.type === AST_NODE_TYPES.AssignmentPattern) {
      const id = param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param;
      if (id.type !== AST_NODE_TYPES.Identifier) {
        this.pattern(id, reads, depth, seen);
        return;
      }
      const variable = this.sourceCode.getDeclaredVariables(fn).find((v) => v.name === id.name);
      if (variable) this.variable(variable, reads, depth, seen);
      else reads.passedOn = true;
      return;
    }
    this.pattern(param, reads, depth, seen);
  }

  /**
   * A function's reads of the result, seen from the call that hands it over (`node`): an inline
   * callback's reads are the caller's own; a named function's count as one read, at the argument.
   */
  private merge(reads: Reads, sub: Reads, node: TSESTree.Node, fn: FunctionNode): void {
    if (sub.checked) reads.checked = true;
    if (sub.passedOn) reads.passedOn = true;
    if (sub.uses.length === 0) return;
    if (unwrap(node) === fn) reads.uses.push(...sub.uses);
    else reads.uses.push({ node, helper: fn });
  }

  /** The same-file function an expression names: inline, a declared name, or a method of the enclosing class. */
  private functionOf(expression: TSESTree.Node, at: TSESTree.Node): FunctionNode | undefined {
    const callee = unwrap(expression);
    if (isFunctionNode(callee)) return callee;
    if (callee.type === AST_NODE_TYPES.Identifier) return resolveFunction(this.sourceCode, callee);
    if (callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type === AST_NODE_TYPES.ThisExpression) {
      const name = memberName(callee);
      return name === undefined ? undefined : classMethod(at, name);
    }
    return undefined;
  }
}
