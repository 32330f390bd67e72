/**
 * Error classes by name and by what builds them: a class named like an error extends `Error`,
 * and an error factory (`throw notFound(id)`, `throw ApplicationErrors.invalidInput(message)`) is
 * judged as the class it constructs.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { calleeName, constInitializer, findVariable, inFile, memberName, returnedValues, unwrap } from "../util/ast.js";
import { sameFileFunction } from "./targets.js";
import type { TypeOracle } from "./type-oracle.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Class names that say they are errors, and so extend `Error`. */
export const ERROR_CLASS_NAME = /(Error|Exception)$/u;

/**
 * The error class an error factory builds (`throw ApplicationErrors.invalidInput(message)`,
 * `throw notFound(id)`, `throw preflightError(detail)`): the class every return of a same-file
 * function constructs, or the class the checker types the call as. Undefined for a call of an
 * error class itself (`Error("...")`, `ValidationError(...)`: capitalised, as classes are) and
 * when it cannot be told.
 */
export function madeErrorClass(sourceCode: SourceCode, call: TSESTree.CallExpression, types: TypeOracle): string | undefined {
  const name = calleeName(call);
  if (name !== undefined && ERROR_CLASS_NAME.test(name) && /^[A-Z]/u.test(name)) return undefined;
  // `notFound(id)` of the file, or `this.wrapError(message, error)`, a method of the enclosing class.
  const fn = sameFileFunction(sourceCode, unwrap(call.callee));
  if (fn) {
    const made = new Set<string>();
    for (const value of returnedValues(fn)) {
      const n = value ? (heldConstruction(sourceCode, unwrap(value), AST_NODE_TYPES.ReturnStatement) ?? unwrap(value)) : undefined;
      const cls = n?.type === AST_NODE_TYPES.NewExpression ? calleeName(n) : undefined;
      if (cls === undefined || !ERROR_CLASS_NAME.test(cls)) return undefined;
      made.add(cls);
    }
    return made.size === 1 ? [...made][0] : undefined;
  }
  return types.errorClassMade(sourceCode, call);
}

/** Properties whose change leaves an error what it was built as. */
const UNTOLD_PROPERTIES: ReadonlySet<string> = new Set(["name", "message", "stack", "cause"]);

/**
 * `const error = new Error(\`Browser not installed: ${reason}\`); error.name = "BrowserMissing";
 * throw error` (or `return error`, `leaves`): the construction a `const` of the file holds, judged
 * as if written in place. Only while nothing else touches the variable: a call it is handed to
 * (`enhance(error)`), a computed member, or a property set on it other than its name, message,
 * stack or cause may classify it, unless `untold` says the property (set with `=`) cannot
 * (`error.details = { request, response }`); unknown means undefined.
 */
export function heldConstruction(
  sourceCode: SourceCode,
  value: TSESTree.Node,
  leaves: AST_NODE_TYPES.ThrowStatement | AST_NODE_TYPES.ReturnStatement,
  untold: (name: string, value: TSESTree.Expression) => boolean = () => false,
): TSESTree.NewExpression | undefined {
  // A wrap of another file (judged from `hiddenByWrap`): this file's scopes do not hold its variables.
  if (value.type !== AST_NODE_TYPES.Identifier || !inFile(sourceCode, value)) return undefined;
  const init = constInitializer(sourceCode, value);
  const variable = init?.type === AST_NODE_TYPES.NewExpression ? findVariable(sourceCode, value) : undefined;
  if (!variable || init?.type !== AST_NODE_TYPES.NewExpression) return undefined;
  const untouched = variable.references.every(({ identifier, init: initializes }) => {
    const parent = identifier.parent;
    if (initializes === true || parent.type === leaves) return true;
    if (parent.type !== AST_NODE_TYPES.MemberExpression || parent.object !== identifier || parent.computed) return false;
    const assignment = parent.parent;
    if (assignment.type !== AST_NODE_TYPES.AssignmentExpression || assignment.left !== parent) return true;
    const name = memberName(parent) ?? "code";
    return UNTOLD_PROPERTIES.has(name) || (assignment.operator === "=" && untold(name, assignment.right));
  });
  return untouched ? init : undefined;
}

/** The class a throw builds (`throw new X(...)`, `throw X(...)`), when it shows. */
export function thrownClass(sourceCode: SourceCode, node: TSESTree.ThrowStatement, types?: TypeOracle): string | undefined {
  let argument = unwrap(node.argument);
  if (argument.type === AST_NODE_TYPES.Identifier) argument = constInitializer(sourceCode, argument) ?? argument;
  if (argument.type === AST_NODE_TYPES.CallExpression) return (types && madeErrorClass(sourceCode, argument, types)) ?? calleeName(argument);
  if (argument.type === AST_NODE_TYPES.NewExpression) return calleeName(argument);
  // `throw e instanceof AuthError ? e : new AuthError(String(e))`: the class both branches hold.
  if (argument.type === AST_NODE_TYPES.ConditionalExpression) {
    const held = branchClass(argument.consequent, argument.test);
    return held !== undefined && held === branchClass(argument.alternate) ? held : undefined;
  }
  return undefined;
}

/** `new X(...)`, or the variable `test` (`e instanceof X`) narrows to `X`. */
function branchClass(branch: TSESTree.Node, test?: TSESTree.Node): string | undefined {
  const n = unwrap(branch);
  if (n.type === AST_NODE_TYPES.NewExpression) return calleeName(n);
  const tested = test ? unwrap(test) : undefined;
  if (n.type !== AST_NODE_TYPES.Identifier || tested?.type !== AST_NODE_TYPES.BinaryExpression || tested.operator !== "instanceof") return undefined;
  const left = unwrap(tested.left);
  const right = unwrap(tested.right);
  return left.type === AST_NODE_TYPES.Identifier && left.name === n.name && right.type === AST_NODE_TYPES.Identifier ? right.name : undefined;
}
