/**
 * Objects a payload is built from elsewhere in the file: the literal a same-file function returns
 * (\`errorPart(error)\`), what spreads add (\`...basePayload(code)\`), and, inside a spread builder
 * (\`...buildContentBlock(text, structuredContent)\`), what the spread's call passes its parameters.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  constInitializer,
  enclosingFunction,
  objectLiteral,
  ownReturnStatements,
  parameterIndex,
  resolveFunction,
  unwrap,
} from "../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * The object literal a call of a same-file function builds (`errorPart(error)`,
 * `buildError(code, message)`): the one literal every return of the function gives.
 */
export function builtObject(sourceCode: SourceCode, node: TSESTree.Node): TSESTree.ObjectExpression | undefined {
  const objects = builtObjects(sourceCode, node);
  return objects?.length === 1 ? objects[0] : undefined;
}

/**
 * The object literals a call of a same-file function may build, one per return (`const structured
 * = buildStructured(error)`, with a return per kind of error); undefined when some return gives
 * anything else.
 */
export function builtObjects(sourceCode: SourceCode, node: TSESTree.Node): TSESTree.ObjectExpression[] | undefined {
  let n = unwrap(node);
  // `const payload = buildPayload(code); ... structuredContent: payload`.
  if (n.type === AST_NODE_TYPES.Identifier) n = constInitializer(sourceCode, n) ?? n;
  if (n.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrap(n.callee);
  const fn = callee.type === AST_NODE_TYPES.Identifier ? resolveFunction(sourceCode, callee) : undefined;
  return fn ? returnedObjects(sourceCode, fn) : undefined;
}

/** `JSON.stringify(makeSafeError(`: a stringified call of a function named `makeSafeError`. */
const STRINGIFIED_CALL = /JSON\.stringify\(\s*([A-Za-z_$][\w$]*)\(/gu;

/** The names of the functions whose call `text` stringifies (`JSON.stringify(makeSafeError(...))`). */
export function stringifiedCallees(text: string): Set<string> {
  return new Set([...text.matchAll(STRINGIFIED_CALL)].map((m) => m[1] as string));
}

/** The object literals `fn` returns, one per return; undefined when some return gives anything else. */
export function returnedObjects(sourceCode: SourceCode, fn: FunctionNode): TSESTree.ObjectExpression[] | undefined {
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) {
    const object = objectLiteral(sourceCode, fn.body);
    return object ? [object] : undefined;
  }
  const objects = new Set<TSESTree.ObjectExpression>();
  for (const statement of ownReturnStatements(fn.body)) {
    const object = statement.argument ? objectLiteral(sourceCode, statement.argument) : undefined;
    if (!object) return undefined;
    objects.add(object);
  }
  return objects.size > 0 ? [...objects] : undefined;
}

/**
 * The object literals a payload's spreads may add, when every spread is one the file shows:
 * `...{ a }`, `...(cond ? { a } : {})`, `...(cond && { a })`, a const holding one of these, the
 * object a same-file function builds (`...basePayload(code)`), each again with only such spreads. Undefined when some spread is anything else (a parameter, a call):
 * then the payload may hold any field. Their fields count as present: a field that only some
 * branches add may be there.
 */
export function spreadObjects(
  sourceCode: SourceCode,
  object: TSESTree.ObjectExpression,
  depth = 0,
  builders?: Map<TSESTree.Node, TSESTree.CallExpression>,
): TSESTree.ObjectExpression[] | undefined {
  const found: TSESTree.ObjectExpression[] = [];
  const add = (node: TSESTree.Node): boolean => {
    const n = unwrap(node);
    if (n.type === AST_NODE_TYPES.ConditionalExpression) return add(n.consequent) && add(n.alternate);
    if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator === "&&") return add(n.right);
    let literal = objectLiteral(sourceCode, n);
    if (!literal) {
      literal = builtObject(sourceCode, n);
      // `...buildContentBlock(text, structuredContent)`: the builder's parameters are this call's arguments.
      const call = n.type === AST_NODE_TYPES.Identifier ? constInitializer(sourceCode, n) : n;
      const builder = literal ? enclosingFunction(literal) : undefined;
      if (builders && builder && call?.type === AST_NODE_TYPES.CallExpression && !builders.has(builder)) builders.set(builder, call);
    }
    if (!literal || depth >= 3) return false;
    const inner = spreadObjects(sourceCode, literal, depth + 1, builders);
    if (inner === undefined) return false;
    found.push(literal, ...inner);
    return true;
  };
  for (const property of object.properties) {
    if (property.type === AST_NODE_TYPES.SpreadElement && !add(property.argument)) return undefined;
  }
  return found;
}

/** The spread builder a read `n` sits in, and the spread's call of it. */
function builderCall(
  n: TSESTree.Identifier,
  builders: ReadonlyMap<TSESTree.Node, TSESTree.CallExpression>,
): { readonly fn: FunctionNode; readonly call: TSESTree.CallExpression } | undefined {
  const fn = enclosingFunction(n);
  const call = fn ? builders.get(fn) : undefined;
  return fn && call ? { fn, call } : undefined;
}

/** The argument a spread's call (`...contentBlock(text, payload)`) passes for the builder's parameter `node` names. */
export function boundArgument(node: TSESTree.Node, builders: ReadonlyMap<TSESTree.Node, TSESTree.CallExpression>): TSESTree.Node | undefined {
  const n = unwrap(node);
  if (n.type !== AST_NODE_TYPES.Identifier) return undefined;
  const bound = builderCall(n, builders);
  const index = bound ? parameterIndex(bound.fn, n.name) : -1;
  const argument = bound && index >= 0 ? bound.call.arguments[index] : undefined;
  return argument && argument.type !== AST_NODE_TYPES.SpreadElement ? argument : undefined;
}

/**
 * \`...extraContent\` among the parts a spread builder writes: the elements of the array its call
 * passes for that parameter, or of the parameter's default when it passes none
 * (\`buildContentBlock(text, structuredContent)\`, \`extraContent: ContentBlock[] = []\`). Undefined
 * for any other element, or an array not written out.
 */
function boundParts(element: TSESTree.Node | null, builders: ReadonlyMap<TSESTree.Node, TSESTree.CallExpression>): (TSESTree.Node | null)[] | undefined {
  if (element?.type !== AST_NODE_TYPES.SpreadElement) return undefined;
  const n = unwrap(element.argument);
  if (n.type !== AST_NODE_TYPES.Identifier) return undefined;
  const bound = builderCall(n, builders);
  if (!bound) return undefined;
  // The parameter, with or without a default (`extraContent: ContentBlock[] = []`).
  const index = bound.fn.params.findIndex((param) => {
    const id = param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param;
    return id.type === AST_NODE_TYPES.Identifier && id.name === n.name;
  });
  const param = bound.fn.params[index];
  if (!param) return undefined;
  const value = bound.call.arguments[index] ?? (param.type === AST_NODE_TYPES.AssignmentPattern ? param.right : undefined);
  const array = value && value.type !== AST_NODE_TYPES.SpreadElement ? unwrap(value) : undefined;
  return array?.type === AST_NODE_TYPES.ArrayExpression && !array.elements.some((e) => e?.type === AST_NODE_TYPES.SpreadElement)
    ? array.elements
    : undefined;
}

/** The parts of a content array, with \`...extraContent\` of a spread builder replaced by what its call passes (\`boundParts\`). */
export function withBoundParts(
  elements: readonly (TSESTree.Node | null)[],
  builders: ReadonlyMap<TSESTree.Node, TSESTree.CallExpression>,
): (TSESTree.Node | null)[] {
  return builders.size === 0 ? [...elements] : elements.flatMap((element) => boundParts(element, builders) ?? [element]);
}
