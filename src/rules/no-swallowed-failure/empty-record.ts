/**
 * A result with nothing in it that a catch answers with: `{ entries: [], totalMatches: 0 }`, or a
 * call of a same-file function that returns only such (`return emptyGlossaryResult(maxTokens)`).
 * Its lists are empty, and the rest is counts, flags that say nothing failed, and values the
 * function was given; the caller reads it as "there are none".
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import {
  type FunctionNode,
  destructuredParameter,
  enclosingFunction,
  parameterBinding,
  resolveFunction,
  returnedValues,
  rootIdentifier,
  staticKeyName,
  staticString,
  unwrap,
} from "../../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Flags whose `false` says the call failed: a marker, not an empty answer. */
const SUCCESS_FLAGS = /^(success|successful|succeeded|ok|valid|complete|completed)$/i;

/** What the catch's value is, when it is an empty result: "an empty result (`entries: []`)". */
export function emptyRecord(sourceCode: SourceCode, value: TSESTree.Node | null): string | undefined {
  if (!value) return undefined;
  const node = unwrap(value);
  if (node.type === AST_NODE_TYPES.ObjectExpression) {
    const fn = enclosingFunction(node);
    const list = fn ? emptyList(node, fn) : undefined;
    return list === undefined ? undefined : `an empty result (\`${list}: []\`)`;
  }
  if (node.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const callee = unwrap(node.callee);
  const fn = callee.type === AST_NODE_TYPES.Identifier ? resolveFunction(sourceCode, callee) : undefined;
  if (!fn || fn.async || callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const returned = returnedValues(fn);
  const empty =
    returned.length > 0 &&
    returned.every((r) => {
      const object = r ? unwrap(r) : undefined;
      return object?.type === AST_NODE_TYPES.ObjectExpression && emptyList(object, fn, node) !== undefined;
    });
  return empty ? `the empty result of \`${callee.name}()\`` : undefined;
}

/**
 * The name of an empty list of the object, when every field says nothing (see the file's comment).
 * A builder's parameter the call hands text (`describedLookup("Could not reach ...")`) says something.
 */
function emptyList(object: TSESTree.ObjectExpression, fn: FunctionNode, call?: TSESTree.CallExpression): string | undefined {
  let list: string | undefined;
  const says = (o: TSESTree.ObjectExpression): boolean =>
    o.properties.every((p) => {
      if (p.type !== AST_NODE_TYPES.Property) return false;
      const key = staticKeyName(p.key, p.computed);
      const v = unwrap(p.value);
      if (key === undefined) return false;
      if (v.type === AST_NODE_TYPES.ArrayExpression) {
        if (v.elements.length > 0) return false;
        list ??= key;
        return true;
      }
      if (v.type === AST_NODE_TYPES.ObjectExpression) return says(v);
      if (v.type === AST_NODE_TYPES.Literal) {
        if (typeof v.value === "boolean") return !v.value && !SUCCESS_FLAGS.test(key);
        return v.value === null || v.value === "" || typeof v.value === "number";
      }
      if (v.type === AST_NODE_TYPES.Identifier && v.name === "undefined") return true;
      // A value the function was given (`maxTokens`, `params.page`): an echo of the request.
      const root = v.type === AST_NODE_TYPES.Identifier || v.type === AST_NODE_TYPES.MemberExpression ? rootIdentifier(v) : undefined;
      const binding = root && (parameterBinding(fn, root.name) ?? destructuredParameter(fn, root.name));
      const passed = binding && call ? call.arguments[binding.index] : undefined;
      return binding !== undefined && (passed === undefined || !isText(passed));
    });
  return says(object) ? list : undefined;
}

function isText(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  return staticString(n) !== undefined || n.type === AST_NODE_TYPES.TemplateLiteral;
}
