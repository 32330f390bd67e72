/**
 * Reads the payload of an error result: where its classification fields live (JSON text of a
 * content part, `structuredContent`, `_meta`, a nested `error` object), in the configured
 * vocabulary. Anything not visible in the file makes the payload "unknown".
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import type { Vocabulary } from "../settings.js";
import { enclosingFunction, findProperty, hasSpread, inFile, jsonStringifyArgument, objectLiteral, staticKeyName, unwrap } from "../util/ast.js";
import { failurePayloads } from "./error-flag.js";
import { boundArgument, builtObject, builtObjects, spreadObjects, withBoundParts } from "./built-objects.js";
import { builtArray, mappedPart, partList, textBuilderArguments } from "./content-parts.js";
import { carriedObjects } from "./carriers.js";
import { type ParameterOrigin, type PassedFor, errorCallPayloads, parameterOrigin, someCallPasses } from "./passed.js";
import type { ErrorResult, McpModel, MutatedErrorResult, Payload } from "./types.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** What the index tells the reader about names imported from other files. */
type Imported = McpModel["importedPayloadFacts"];

/** What a file without types, or a payload read in another file, knows from other files: nothing. */
export const NO_PAYLOAD_FACTS: Imported = { textBuilders: new Set(), partBuilders: new Set(), objectBuilders: new Map(), carriers: new Map() };

function importedOf(model: McpModel): Imported {
  return model.importedPayloadFacts;
}

/** `makeSafeError(code, message)` of an imported function whose every return is an object literal: those literals. */
export function importedObjects(node: TSESTree.Node, imported: Imported): readonly TSESTree.ObjectExpression[] | undefined {
  const n = unwrap(node);
  const callee = n.type === AST_NODE_TYPES.CallExpression ? unwrap(n.callee) : undefined;
  return callee?.type === AST_NODE_TYPES.Identifier ? imported.objectBuilders.get(callee.name) : undefined;
}

/**
 * A call of one of `names` (imported functions of another file): as a part, `mcpError(message)`
 * of a builder whose one text part cannot be JSON, which holds no payload.
 */
function callOf(node: TSESTree.Node, names: ReadonlySet<string>): boolean {
  const n = unwrap(node);
  const callee = n.type === AST_NODE_TYPES.CallExpression ? unwrap(n.callee) : undefined;
  return callee?.type === AST_NODE_TYPES.Identifier && names.has(callee.name);
}

/**
 * The objects a value may be, read as a payload: an object literal (directly or through a
 * `const`), or the one a same-file function builds, with what its spreads may add. Undefined when
 * some part of it is not visible in the file.
 */
export function readableObjects(sourceCode: SourceCode, node: TSESTree.Node): TSESTree.ObjectExpression[] | undefined {
  const object = objectLiteral(sourceCode, node) ?? builtObject(sourceCode, node);
  const spread = object ? spreadObjects(sourceCode, object) : undefined;
  return object && spread ? [object, ...spread] : undefined;
}

/** Descends `path` inside an object literal; undefined when a step is not a literal object. */
function descend(sourceCode: SourceCode, object: TSESTree.ObjectExpression, path: readonly string[]): TSESTree.ObjectExpression | "missing" | "unknown" {
  let current = object;
  for (const key of path) {
    const property = findProperty(current, key);
    if (!property) return hasSpread(current) ? "unknown" : "missing";
    const next = objectLiteral(sourceCode, property.value);
    if (!next) return "unknown";
    current = next;
  }
  return current;
}

/** The payload read for `node` and a vocabulary, read once per model (`model.payloads`). */
function memoizedPayload(model: McpModel, node: TSESTree.Node, vocabulary: Vocabulary, read: () => Payload): Payload {
  let byVocabulary = model.payloads.get(node);
  if (!byVocabulary) model.payloads.set(node, (byVocabulary = new Map<Vocabulary, Payload>()));
  let payload = byVocabulary.get(vocabulary);
  if (!payload) {
    payload = read();
    byVocabulary.set(vocabulary, payload);
  }
  return payload;
}

/**
 * Reads the payload of a result for a vocabulary (memoized on the file's model): an error result,
 * a tool result, or any result object literal (`{ object }`), read in the helper's file when the
 * result comes from a helper of another file.
 */
export function getPayload(model: McpModel, result: Pick<ErrorResult, "object" | "helperSource">, vocabulary: Vocabulary): Payload {
  return memoizedPayload(model, result.object, vocabulary, () => {
    const source = result.helperSource ?? model.sourceCode;
    const fromCallers: ParameterOrigin[] = [];
    const imported = source === model.sourceCode ? importedOf(model) : NO_PAYLOAD_FACTS;
    // `text: JSON.stringify(value)` in a builder: what its error-making calls pass as `value`.
    const passedFor = source === model.sourceCode ? errorCallPayloads(model, result.object) : undefined;
    const payload = readPayload(source, result.object, vocabulary, imported, [], fromCallers, passedFor);
    // A part the builder takes from its callers is there only if some call passes it (judged in the builder's own file).
    const absent = source === model.sourceCode && !fromCallers.some((origin) => someCallPasses(model, origin));
    return fromCallers.length === 0 || absent ? payload : { ...payload, unknown: true };
  });
}

/**
 * The payload of a result made an error after it was built: the literal it starts as with the
 * parts pushed into its content (unknown when the variable is used in other ways).
 */
export function getMutatedPayload(model: McpModel, result: MutatedErrorResult, vocabulary: Vocabulary): Payload {
  return memoizedPayload(model, result.node, vocabulary, () => {
    const payload = readPayload(model.sourceCode, result.object, vocabulary, importedOf(model), result.pushedParts);
    return result.opaque ? { ...payload, unknown: true } : payload;
  });
}

function readPayload(
  sourceCode: SourceCode,
  result: TSESTree.ObjectExpression,
  vocabulary: Vocabulary,
  imported: Imported,
  pushed: readonly TSESTree.Node[] = [],
  fromCallers?: ParameterOrigin[],
  passedFor?: PassedFor,
): Payload {
  // `...(structuredContent !== undefined && { structuredContent })`: the fields the file shows a spread may add.
  const builders = new Map<TSESTree.Node, TSESTree.CallExpression>();
  const spreads = hasSpread(result) ? spreadObjects(sourceCode, result, 0, builders) : [];
  // A value a spread builder reads from its parameters is what the spread's call passes it.
  const bound = (node: TSESTree.Node): TSESTree.Node => (builders.size === 0 ? node : (boundArgument(node, builders) ?? node));
  const field = (name: string): TSESTree.Property | undefined => findProperty(result, name) ?? spreads?.map((o) => findProperty(o, name)).find(Boolean);
  // Spreads that add neither content nor structuredContent leave an object that may be no result at all (`log({ ...props, isError })`).
  let unknown = spreads === undefined || (spreads.length > 0 && !field("content") && !field("structuredContent"));
  const builder = fromCallers ? enclosingFunction(result) : undefined;
  const candidates: TSESTree.ObjectExpression[] = [];
  const texts: TSESTree.Node[] = [];
  let jsonObject: TSESTree.ObjectExpression | undefined;
  let carrier: Payload["carrier"];
  const content = field("content");
  if (content) {
    const value = unwrap(content.value);
    const elements =
      value.type === AST_NODE_TYPES.ArrayExpression
        ? partList(sourceCode, withBoundParts(value.elements, builders))
        : (builtArray(sourceCode, value) ?? mappedPart(value));
    // `content: formatUntrustedData(description, JSON.stringify({...}))`: parts made of the texts it is given.
    const given = elements ? undefined : textBuilderArguments(sourceCode, value, imported.textBuilders);
    if (given) {
      for (const json of given.json) {
        const object = objectLiteral(sourceCode, json) ?? builtObject(sourceCode, json);
        if (object) candidates.push(object);
        else unknown = true;
      }
    } else if (elements) {
      for (const element of pushed.length > 0 ? [...elements, ...pushed] : elements) {
        const literal = element ? objectLiteral(sourceCode, element) : undefined;
        // A part a same-file function builds is read, but never offered as the place to edit:
        // the builder serves other results too.
        const part = literal ?? (element ? builtObject(sourceCode, element) : undefined);
        if (!part) {
          if (!element || !callOf(element, imported.partBuilders)) unknown = true;
          continue;
        }
        const text = findProperty(part, "text");
        if (!text) {
          if (hasSpread(part)) unknown = true;
          continue;
        }
        const stringified = jsonStringifyArgument(text.value);
        const json = stringified && bound(stringified);
        if (json) {
          const object = objectLiteral(sourceCode, json);
          const built = object ? undefined : builtObject(sourceCode, json);
          const elsewhere = object || built ? undefined : importedObjects(json, imported);
          if (object && literal) {
            candidates.push(object);
            jsonObject ??= object;
          } else if (object ?? built) candidates.push((object ?? built) as TSESTree.ObjectExpression);
          else if (elsewhere) candidates.push(...elsewhere);
          else {
            // `JSON.stringify(value)` of a builder's parameter, or `JSON.stringify(e.details)` of an
            // error class that carries the payload from where it is thrown.
            const passed = builder ? passedFor?.(builder, json) : undefined;
            const carried = passed ? undefined : carriedObjects(sourceCode, json, imported.carriers);
            if (passed ?? carried) candidates.push(...(passed ?? carried?.objects ?? []));
            else unknown = true;
            carrier ??= carried?.carrier;
          }
        } else {
          texts.push(text.value);
        }
      }
    } else {
      unknown = true;
    }
  }
  for (const key of ["structuredContent", "_meta"]) {
    const property = field(key);
    if (!property) continue;
    const value = bound(property.value);
    const object = objectLiteral(sourceCode, value);
    // A payload a same-file function builds is read (each return of it: a field any of them has
    // counts as there), but not offered as the place to edit.
    const built = object ? undefined : (builtObjects(sourceCode, value) ?? (builder && failurePayloads(builder, result, value)));
    if (object ?? built) {
      candidates.push(...(object ? [object] : (built ?? [])));
      if (key === "structuredContent" && object) jsonObject ??= object;
    } else if (key === "structuredContent" || vocabulary.container.length > 0) {
      const origin = builder ? parameterOrigin(builder, value) : undefined;
      if (origin) fromCallers?.push(origin);
      else unknown = true;
    }
  }

  const objects: TSESTree.ObjectExpression[] = [];
  for (const candidate of candidates) {
    if (vocabulary.container.length > 0) {
      const inner = descend(sourceCode, candidate, vocabulary.container);
      if (inner === "unknown") unknown = true;
      else if (inner !== "missing") objects.push(inner);
      continue;
    }
    objects.push(candidate);
    // A literal of another file (an error class's constructions, read by the index): only what it writes out.
    const own = inFile(sourceCode, candidate);
    const spread = own ? spreadObjects(sourceCode, candidate) : [];
    if (spread === undefined) unknown = true;
    else objects.push(...spread);
    // The default shape may also sit in a nested `error: {}` object.
    const nested = findProperty(candidate, "error");
    const nestedValue = nested ? unwrap(nested.value) : undefined;
    const nestedObject = nestedValue && (own || nestedValue.type === AST_NODE_TYPES.ObjectExpression) ? objectLiteral(sourceCode, nestedValue) : undefined;
    if (nestedObject) objects.push(nestedObject);
  }
  return { objects, jsonObject, texts, unknown, ...(carrier && { carrier }) };
}

/** The property `name` in any payload object. */
export function payloadField(payload: Payload, name: string): TSESTree.Property | undefined {
  for (const object of payload.objects) {
    const property = findProperty(object, name);
    if (property) return property;
  }
  return undefined;
}

/**
 * The expression that gives a field's value at a result: the literal in the object, or, when the
 * helper object reads one of the helper's parameters, the argument of the call.
 */
export function valueAtResult(result: ErrorResult, value: TSESTree.Node): TSESTree.Node | undefined {
  const n = unwrap(value);
  if (!result.helper || !result.helperCall || n.type !== AST_NODE_TYPES.Identifier) return n;
  const params = result.helper.params;
  for (let i = 0; i < params.length; i++) {
    const param = params[i] as TSESTree.Parameter;
    const id = param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param;
    if (id.type === AST_NODE_TYPES.Identifier && id.name === n.name) {
      const argument = result.helperCall.arguments[i];
      if (argument) return unwrap(argument);
      return param.type === AST_NODE_TYPES.AssignmentPattern ? unwrap(param.right) : undefined;
    }
    if (id.type === AST_NODE_TYPES.ObjectPattern) {
      for (const p of id.properties) {
        if (p.type !== AST_NODE_TYPES.Property) continue;
        const local = p.value.type === AST_NODE_TYPES.AssignmentPattern ? p.value.left : p.value;
        if (local.type !== AST_NODE_TYPES.Identifier || local.name !== n.name) continue;
        const argument = result.helperCall.arguments[i];
        const key = staticKeyName(p.key, p.computed);
        if (argument?.type === AST_NODE_TYPES.ObjectExpression && key !== undefined) {
          const property = findProperty(argument, key);
          if (property) return unwrap(property.value);
        }
        return undefined;
      }
    }
  }
  return n;
}

/** The category a literal value maps to (also through `a ? "x" : "y"` when both are literal). */
export function categoriesOf(
  vocabulary: Vocabulary,
  value: TSESTree.Node | undefined,
): { categories: Set<string>; unknownValues: { value: string; node: TSESTree.Node }[]; known: boolean } {
  const categories = new Set<string>();
  const unknownValues: { value: string; node: TSESTree.Node }[] = [];
  let known = true;
  const visit = (node: TSESTree.Node): void => {
    const n = unwrap(node);
    if (n.type === AST_NODE_TYPES.ConditionalExpression) {
      visit(n.consequent);
      visit(n.alternate);
      return;
    }
    const text =
      n.type === AST_NODE_TYPES.Literal && typeof n.value === "string"
        ? n.value
        : n.type === AST_NODE_TYPES.TemplateLiteral && n.expressions.length === 0
          ? (n.quasis[0]?.value.cooked ?? undefined)
          : undefined;
    if (text !== undefined) {
      const category = vocabulary.codes.get(text);
      if (category) categories.add(category);
      else unknownValues.push({ value: text, node: n });
      return;
    }
    known = false;
  };
  if (value) visit(value);
  else known = false;
  return { categories, unknownValues, known };
}

/**
 * Whether the value a field has at a result is there: a field read from a parameter of the error
 * helper (`toolError(description, errorCategory?, isRetryable?)`) is missing from a call that
 * leaves that parameter out, or passes `undefined`, with no default.
 */
export function passedAtResult(result: ErrorResult, value: TSESTree.Node): boolean {
  const n = unwrap(value);
  if (n.type !== AST_NODE_TYPES.Identifier || !result.helper || !result.helperCall) return true;
  const named = result.helper.params.some((param) => param.type === AST_NODE_TYPES.Identifier && param.name === n.name);
  if (!named) return true;
  const passed = valueAtResult(result, n);
  return passed !== undefined && !(passed.type === AST_NODE_TYPES.Identifier && passed.name === "undefined");
}
