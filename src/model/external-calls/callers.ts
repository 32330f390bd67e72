/**
 * Options that come from the caller: `fetch(url, { ...init, headers })`, or `fetch(url, init)`
 * where `const { retries, ...init } = options`. Such a call is bounded exactly when its callers
 * pass a `signal` (or `timeout`) in that parameter, so it is judged at its callers: unbounded
 * when some caller surely passes none (`request(path)`, `request(path, { method: "POST" })`),
 * though others pass a signal; bounded when every caller passes one; unknown otherwise. It is
 * reported once, at the call, where the fix goes.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import { findProperty, findVariable, isFunctionNode, objectLiteral, parameterBinding, unwrap, writtenAfterDeclaration } from "../../util/ast.js";
import type { CallerOptions, OptionsFromCaller } from "../types.js";
import { BOUNDS, addsNoBound, boundAfterLiteral, writesBound } from "./defaults.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The parameter a value of options comes from, read only (never written, never given a `signal`). */
function parameterOf(sourceCode: SourceCode, identifier: TSESTree.Identifier): OptionsFromCaller | undefined {
  const variable = findVariable(sourceCode, identifier);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || !def || writesBound(variable)) return undefined;
  // Written only where it is declared (a parameter's default, the destructuring).
  if (writtenAfterDeclaration(variable)) return undefined;
  if (def.type === DefinitionType.Parameter && isFunctionNode(def.node)) {
    // `function api({ path, options = {} })`: `options` is the field `options` of the argument at that index.
    const binding = parameterBinding(def.node, identifier.name);
    return binding && (binding.field === undefined ? { fn: def.node, index: binding.index } : { fn: def.node, ...binding });
  }
  // `const { retries = 0, ...init } = options`: the rest of a parameter, unless the pattern takes the bound out.
  if (def.type === DefinitionType.Variable && def.node.id.type === AST_NODE_TYPES.ObjectPattern && def.node.init) {
    const pattern = def.node.id;
    const rest = pattern.properties.at(-1);
    if (rest?.type !== AST_NODE_TYPES.RestElement || rest.argument.type !== AST_NODE_TYPES.Identifier || rest.argument.name !== identifier.name) {
      return undefined;
    }
    const takesBound = pattern.properties.some(
      (p) => p.type === AST_NODE_TYPES.Property && p.key.type === AST_NODE_TYPES.Identifier && BOUNDS.has(p.key.name),
    );
    const source = unwrap(def.node.init);
    if (takesBound || source.type !== AST_NODE_TYPES.Identifier) return undefined;
    return parameterOf(sourceCode, source);
  }
  return undefined;
}

/**
 * `fetch(url, { method, signal })` where `const { signal } = options` (or `function f(url, {
 * signal })`), `options` a parameter: the bound is whatever the caller puts under that key, so
 * the call is judged at its callers like spread options. A default in the pattern (`{ signal =
 * AbortSignal.timeout(5_000) }`) bounds it here, and spreads beside it leave it unknown.
 */
export function boundFromCaller(sourceCode: SourceCode, options: TSESTree.ObjectExpression, property: TSESTree.Property): OptionsFromCaller | undefined {
  const value = unwrap(property.value);
  if (property.computed || property.key.type !== AST_NODE_TYPES.Identifier || value.type !== AST_NODE_TYPES.Identifier) return undefined;
  if (options.properties.some((p) => p.type === AST_NODE_TYPES.SpreadElement)) return undefined;
  const key = property.key.name;
  const variable = findVariable(sourceCode, value);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || !def || writtenAfterDeclaration(variable)) return undefined;
  // The binding's own property in the pattern: `{ signal }` or `{ signal: abort }`, never `{ signal = ... }`.
  const own = def.name.parent;
  if (own.type !== AST_NODE_TYPES.Property || own.value !== def.name || own.parent.type !== AST_NODE_TYPES.ObjectPattern) return undefined;
  const pattern = own.parent;
  if (own.computed || own.key.type !== AST_NODE_TYPES.Identifier || own.key.name !== key) return undefined;
  if (def.type === DefinitionType.Variable && def.node.id === pattern && def.node.init) {
    const source = unwrap(def.node.init);
    return source.type === AST_NODE_TYPES.Identifier ? parameterOf(sourceCode, source) : undefined;
  }
  if (def.type === DefinitionType.Parameter && isFunctionNode(def.node)) {
    const fn = def.node;
    const index = fn.params.findIndex((p) => p === pattern || (p.type === AST_NODE_TYPES.AssignmentPattern && p.left === pattern));
    return index === -1 ? undefined : { fn, index };
  }
  return undefined;
}

/**
 * The parameter whose value decides the bound of an options argument: the argument itself
 * (`fetch(url, init)` with `init` a parameter or the rest of one), or every spread of an object
 * literal that names no bound of its own (`{ ...init, headers }`). Spreads of defaults the file
 * shows in full, with no bound (`{ ...defaults, ...init }`), leave the decision to that parameter.
 */
export function optionsFromCaller(sourceCode: SourceCode, options: TSESTree.Node): OptionsFromCaller | undefined {
  const node = unwrap(options);
  if (node.type === AST_NODE_TYPES.Identifier) return parameterOf(sourceCode, node);
  if (node.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  let found: OptionsFromCaller | undefined;
  for (const property of node.properties) {
    if (property.type === AST_NODE_TYPES.Property) {
      if (property.computed || (property.key.type === AST_NODE_TYPES.Identifier && BOUNDS.has(property.key.name))) return undefined;
      continue;
    }
    const spread = unwrap(property.argument);
    const origin = spread.type === AST_NODE_TYPES.Identifier ? parameterOf(sourceCode, spread) : undefined;
    if (!origin && addsNoBound(sourceCode, spread)) continue;
    if (!origin || (found && (found.fn !== origin.fn || found.index !== origin.index || found.field !== origin.field))) return undefined;
    found = origin;
  }
  return found;
}

/**
 * What a call passes in each argument, as options: `bounded` (a `signal` or `timeout`), `none`
 * (an object literal without either), `unknown` (anything else). Arguments past the end are
 * passed nothing; a spread argument makes the positions unknown.
 */
export function callerOptions(sourceCode: SourceCode, call: TSESTree.CallExpression): CallerOptions {
  const args = call.arguments;
  if (args.some((a) => a.type === AST_NODE_TYPES.SpreadElement)) return { args: [], fields: [], unknown: true };
  return {
    args: args.map((arg) => asOptions(sourceCode, arg)),
    fields: args.map((arg) => {
      const object = objectLiteral(sourceCode, arg);
      if (!object || object.properties.some((p) => p.type === AST_NODE_TYPES.SpreadElement)) return undefined;
      const fields: Record<string, "bounded" | "none" | "unknown"> = {};
      for (const property of object.properties) {
        if (property.type !== AST_NODE_TYPES.Property || property.computed || property.key.type !== AST_NODE_TYPES.Identifier) continue;
        fields[property.key.name] = asOptions(sourceCode, property.value);
      }
      return fields;
    }),
    unknown: false,
  };
}

/** What one value passes as options: `bounded`, `none` (no value, or an object without a bound), `unknown`. */
function asOptions(sourceCode: SourceCode, node: TSESTree.Node): "bounded" | "none" | "unknown" {
  const value = unwrap(node);
  if (value.type === AST_NODE_TYPES.Identifier && value.name === "undefined") return "none";
  // `const config = { url }; config.timeout = 5_000`: the bound may come after the literal.
  if (boundAfterLiteral(sourceCode, value)) return "unknown";
  const object = objectLiteral(sourceCode, value);
  if (!object) return "unknown";
  if ([...BOUNDS].some((name) => findProperty(object, name))) return "bounded";
  return object.properties.some((p) => p.type === AST_NODE_TYPES.SpreadElement) ? "unknown" : "none";
}

/**
 * What the callers make of a call whose options come from their argument at `index`: `missing`
 * when some caller surely passes no bound (its path is unbounded, whatever the others pass),
 * `ok` when each passes one, otherwise (or with no callers) unknown.
 */
export function boundByCallers(callers: readonly CallerOptions[], index: number, field?: string): "missing" | "ok" | "unknown" {
  if (callers.length === 0) return "unknown";
  const passed = callers.filter((c) => !c.unknown).map((c) => (field === undefined ? (c.args[index] ?? "none") : fieldPassed(c, index, field)));
  if (passed.includes("none")) return "missing";
  return passed.length === callers.length && passed.every((p) => p === "bounded") ? "ok" : "unknown";
}

/** What a caller passes in the field of its argument at `index`: none when it passes no argument or leaves the field out. */
function fieldPassed(caller: CallerOptions, index: number, field: string): "bounded" | "none" | "unknown" {
  if (index >= caller.args.length) return "none";
  const fields = caller.fields[index];
  if (!fields) return caller.args[index] === "none" ? "none" : "unknown";
  return fields[field] ?? "none";
}
