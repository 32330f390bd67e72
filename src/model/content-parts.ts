/**
 * The parts of a result's `content`, where the file shows them: an array literal (with spreads of
 * arrays built in place), a `const` array built with `push`, `texts.map((text) => ({ type:
 * "text", text }))`, and the call of a function that makes plain text parts of the texts it is
 * given (`formatUntrustedData(description, ...data)`), in this file or, with types, imported.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  findProperty,
  findVariable,
  jsonStringifyArgument,
  memberName,
  returnedValues,
  resolveFunction,
  staticString,
  unwrap,
} from "../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * The parts of a content array, with each spread of an array the function builds in place
 * (`...hints`, where `const hints = []; hints.push({ type: "text", text })`) or of a choice
 * between array literals (`...(DEBUG ? [{ type: "text", text: trace }] : [])`, the parts either
 * may add) replaced by its elements. A spread of anything else stays, and makes the payload
 * unknown.
 */
export function partList(sourceCode: SourceCode, elements: readonly (TSESTree.Node | null)[]): (TSESTree.Node | null)[] {
  return elements.flatMap((element) =>
    element?.type === AST_NODE_TYPES.SpreadElement ? (builtArray(sourceCode, element.argument) ?? chosenArrays(element.argument) ?? [element]) : [element],
  );
}

/** The elements of both array literals of `cond ? [...] : [...]`; undefined for anything else. */
function chosenArrays(node: TSESTree.Node): (TSESTree.Node | null)[] | undefined {
  const choice = unwrap(node);
  if (choice.type !== AST_NODE_TYPES.ConditionalExpression) return undefined;
  const [yes, no] = [unwrap(choice.consequent), unwrap(choice.alternate)];
  if (yes.type !== AST_NODE_TYPES.ArrayExpression || no.type !== AST_NODE_TYPES.ArrayExpression) return undefined;
  const elements = [...yes.elements, ...no.elements];
  return elements.some((element) => element?.type === AST_NODE_TYPES.SpreadElement) ? undefined : elements;
}

/** `texts.map((text) => ({ type: "text", text }))`: the one part each element becomes. */
export function mappedPart(value: TSESTree.Node): TSESTree.Node[] | undefined {
  if (value.type !== AST_NODE_TYPES.CallExpression || value.callee.type !== AST_NODE_TYPES.MemberExpression || memberName(value.callee) !== "map")
    return undefined;
  const callback = value.arguments[0];
  if (callback?.type !== AST_NODE_TYPES.ArrowFunctionExpression || callback.body.type === AST_NODE_TYPES.BlockStatement) return undefined;
  const part = unwrap(callback.body);
  return part.type === AST_NODE_TYPES.ObjectExpression ? [part] : undefined;
}

/**
 * The elements of an array a `const` of the same function holds, built in place: its initializer's
 * elements and every `.push(...)` argument, when the variable is used in no other way than being
 * pushed to and read whole. Undefined otherwise (it may hold anything).
 */
export function builtArray(sourceCode: SourceCode, node: TSESTree.Node): (TSESTree.Node | null)[] | undefined {
  const n = unwrap(node);
  if (n.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = findVariable(sourceCode, n);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || definition?.node.type !== AST_NODE_TYPES.VariableDeclarator) return undefined;
  if (definition.parent?.type !== AST_NODE_TYPES.VariableDeclaration || definition.parent.kind !== "const") return undefined;
  const init = definition.node.init ? unwrap(definition.node.init) : undefined;
  if (init?.type !== AST_NODE_TYPES.ArrayExpression) return undefined;
  const elements: (TSESTree.Node | null)[] = [...init.elements];
  for (const reference of variable.references) {
    const id = reference.identifier;
    if (reference.init || id === n) continue;
    const member = id.parent;
    if (member.type !== AST_NODE_TYPES.MemberExpression) {
      // Read whole elsewhere (another result's content, a spread): what it holds is still only what is pushed.
      if (member.type === AST_NODE_TYPES.SpreadElement || member.type === AST_NODE_TYPES.Property) continue;
      return undefined;
    }
    const call = member.parent;
    if (member.object !== id || memberName(member) !== "push" || call.type !== AST_NODE_TYPES.CallExpression || call.callee !== member) return undefined;
    elements.push(...call.arguments);
  }
  return elements;
}

/**
 * Whether every return of `fn` is an array of plain text parts (`{ type: "text", text }`, the
 * text no JSON payload of the function's own): the parts say only what the call passes.
 */
export function buildsTextParts(sourceCode: SourceCode, fn: FunctionNode): boolean {
  const values = returnedValues(fn);
  return (
    values.length > 0 &&
    values.every((value) => {
      const n = value ? unwrap(value) : undefined;
      const elements = n?.type === AST_NODE_TYPES.ArrayExpression ? n.elements : n ? builtArray(sourceCode, n) : undefined;
      return elements !== undefined && elements.length > 0 && elements.every(isPlainTextPart);
    })
  );
}

/**
 * Every return of `fn` is one text part whose text no JSON reader parses (`{ type: "text", text:
 * \`Error: ${message}\` }`): whatever its callers pass, no classification can be read in it.
 */
export function buildsPlainPart(fn: FunctionNode): boolean {
  const values = returnedValues(fn);
  return (
    values.length > 0 &&
    values.every((value) => {
      const part = value ? unwrap(value) : undefined;
      const text = part?.type === AST_NODE_TYPES.ObjectExpression && isPlainTextPart(part) ? findProperty(part, "text") : undefined;
      return text !== undefined && cannotBeJson(unwrap(text.value));
    })
  );
}

/** A string, or a template, that starts with text no JSON value starts with (`Error: ${message}`). */
function cannotBeJson(node: TSESTree.Node): boolean {
  const head =
    node.type === AST_NODE_TYPES.Literal && typeof node.value === "string"
      ? node.value
      : node.type === AST_NODE_TYPES.TemplateLiteral
        ? node.quasis[0]?.value.cooked
        : undefined;
  const first = head?.trimStart()[0];
  return first !== undefined && !/[{["\d-]/u.test(first) && !/^(?:true|false|null)\b/u.test(head?.trimStart() ?? "");
}

/** `{ type: "text", text }` with nothing else that could carry a payload. */
function isPlainTextPart(element: TSESTree.Node | null): boolean {
  const part = element ? unwrap(element) : undefined;
  if (part?.type !== AST_NODE_TYPES.ObjectExpression || part.properties.some((p) => p.type === AST_NODE_TYPES.SpreadElement)) return false;
  const type = findProperty(part, "type");
  const text = findProperty(part, "text");
  return type !== undefined && staticString(type.value) === "text" && text !== undefined && jsonStringifyArgument(text.value) === undefined;
}

/**
 * What the call of a text-part builder passes it, read as parts: each argument a JSON payload
 * (`JSON.stringify({...})`, the object) or plain text (a string or template literal). Undefined
 * when the callee is no such builder, or some argument may be anything else (a payload might hide
 * in it).
 */
export function textBuilderArguments(
  sourceCode: SourceCode,
  value: TSESTree.Node,
  imported: ReadonlySet<string>,
): { readonly json: readonly TSESTree.Node[] } | undefined {
  if (value.type !== AST_NODE_TYPES.CallExpression || value.callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const name = value.callee.name;
  const local = imported.has(name) ? undefined : resolveFunction(sourceCode, value.callee);
  if (!imported.has(name) && !(local && buildsTextParts(sourceCode, local))) return undefined;
  const json: TSESTree.Node[] = [];
  for (const argument of value.arguments) {
    const n = unwrap(argument);
    const payload = jsonStringifyArgument(n);
    if (payload) json.push(payload);
    else if (n.type !== AST_NODE_TYPES.Literal && n.type !== AST_NODE_TYPES.TemplateLiteral) return undefined;
  }
  return { json };
}
