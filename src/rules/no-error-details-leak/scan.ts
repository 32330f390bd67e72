/**
 * The scanner behind no-error-details-leak: what of a caught error or an upstream response ends
 * up in a tool result (its stack, the whole object, the response turned into text), followed
 * through consts, same-file formatters and result-building helpers.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import { objectLiteral, type McpModel } from "../../model/index.js";
import {
  type FunctionNode,
  enclosingFunction,
  findProperty,
  findVariable,
  functionName,
  isFunctionNode,
  memberName,
  memberPath,
  returnedValues,
  resolveFunction,
  unwrap,
} from "../../util/ast.js";

/** Names a response object goes by (`response`, `res`, `upstreamResponse`, `resp`). */
const RESPONSE_NAME = /^(res|resp)$|response/iu;

/** Initialisers that compute a value, never an HTTP response object. */
const COMPUTED = new Set<string>([
  AST_NODE_TYPES.Literal,
  AST_NODE_TYPES.TemplateLiteral,
  AST_NODE_TYPES.BinaryExpression,
  AST_NODE_TYPES.UnaryExpression,
  AST_NODE_TYPES.ArrayExpression,
  AST_NODE_TYPES.ObjectExpression,
  AST_NODE_TYPES.ArrowFunctionExpression,
  AST_NODE_TYPES.FunctionExpression,
]);

type SourceCode = Readonly<TSESLint.SourceCode>;
type Variable = TSESLint.Scope.Variable;
type Kind = "stackTraceLeak" | "errorObjectLeak" | "responseObjectLeak";

/** How we know a value is an error. */
type Proof =
  /** A catch parameter (or a `.catch` callback's), or a const holding one: `unknown`/`any` in TS. */
  | "caught"
  /** Narrowed (`e instanceof Error ? ...`), cast (`e as Error`) or declared (`e: Error`): an Error. */
  | "error";

interface ErrorFact {
  readonly proof: Proof;
  /** The call argument that brought the error into a helper (a leak through it is reported there). */
  readonly through: TSESTree.Node | undefined;
  /** The class it was narrowed, cast or declared to. */
  readonly className: string | undefined;
}

/**
 * Classes whose JSON form is useless (`{}`: message and stack are not enumerable) or a known leak
 * (AxiosError's `toJSON` has the request config and headers). A project's own error class that is
 * serialized on purpose (its fields are the payload) is not reported.
 */
const SERIALIZED_LEAKS = new Set([
  "Error",
  "TypeError",
  "RangeError",
  "SyntaxError",
  "ReferenceError",
  "EvalError",
  "URIError",
  "AggregateError",
  "AxiosError",
]);

export interface Leak {
  readonly kind: Kind;
  /** Where to report: the leaking expression, or the argument that carries an error into a helper. */
  readonly node: TSESTree.Node;
  readonly what: string;
  /** The replacement text for the suggestion, when one is safe. */
  readonly replacement: string | undefined;
  /** The replacement is a conditional expression (parenthesize it where precedence needs). */
  readonly conditional?: boolean;
}

/** Parameter -> the argument a call passes for it, with the scope of the call for further lookups. */
interface Binding {
  readonly argument: TSESTree.Node;
  readonly outer: Scan;
}

interface Scan {
  readonly bindings: ReadonlyMap<Variable, Binding> | undefined;
  /** The helper call the bindings come from (a leak found through one is reported at its argument). */
  readonly helper: string | undefined;
  readonly depth: number;
  readonly seen: Set<TSESTree.Node>;
}

const UTIL_MODULES = new Set(["util", "node:util"]);
/** String methods that keep what they are called on (a sliced stack is still a stack). */
const KEEPING_METHODS = new Set(["slice", "substring", "substr", "trim", "trimStart", "trimEnd", "join", "concat", "replace", "replaceAll"]);
/** HTTP clients whose awaited value is a response object. */
const RESPONSE_CLIENTS = new Set(["fetch", "axios", "got"]);
const MAX_DEPTH = 6;

/** The name of an `Error` class in a type or a `new` (`Error`, `TypeError`, `AxiosError`). */
function isErrorClassName(name: string | undefined): boolean {
  return name !== undefined && /^[A-Z]\w*Error$|^Error$/.test(name);
}

function typeName(node: TSESTree.TypeNode | undefined): string | undefined {
  if (node?.type !== AST_NODE_TYPES.TSTypeReference) return undefined;
  const name = node.typeName;
  if (name.type === AST_NODE_TYPES.Identifier) return name.name;
  return name.type === AST_NODE_TYPES.TSQualifiedName ? name.right.name : undefined;
}

/** `x instanceof Error` (also inside `a && b`) in a test that guards `name`: the class it narrows to. */
function narrowingClass(test: TSESTree.Node, name: string): string | undefined {
  const n = unwrap(test);
  if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator === "&&") {
    return narrowingClass(n.left, name) ?? narrowingClass(n.right, name);
  }
  if (n.type === AST_NODE_TYPES.BinaryExpression && n.operator === "instanceof") {
    const left = unwrap(n.left);
    const right = unwrap(n.right);
    if (left.type === AST_NODE_TYPES.Identifier && left.name === name && right.type === AST_NODE_TYPES.Identifier && isErrorClassName(right.name)) {
      return right.name;
    }
  }
  return undefined;
}

/** The class an enclosing test proved the identifier to be (`e instanceof Error ? e.stack : ...`). */
function narrowedClass(identifier: TSESTree.Identifier): string | undefined {
  let current: TSESTree.Node = identifier;
  while (current.parent && !isFunctionNode(current.parent)) {
    const parent: TSESTree.Node = current.parent;
    let name: string | undefined;
    if ((parent.type === AST_NODE_TYPES.ConditionalExpression || parent.type === AST_NODE_TYPES.IfStatement) && parent.consequent === current) {
      name = narrowingClass(parent.test, identifier.name);
    }
    if (parent.type === AST_NODE_TYPES.LogicalExpression && parent.operator === "&&" && parent.right === current) {
      name = narrowingClass(parent.left, identifier.name);
    }
    if (name !== undefined) return name;
    current = parent;
  }
  return undefined;
}

/** The identifier is used where an enclosing test proved it is not an Error (the fallback branch). */
function isNarrowedAway(identifier: TSESTree.Identifier): boolean {
  let current: TSESTree.Node = identifier;
  while (current.parent && !isFunctionNode(current.parent)) {
    const parent: TSESTree.Node = current.parent;
    if ((parent.type === AST_NODE_TYPES.ConditionalExpression || parent.type === AST_NODE_TYPES.IfStatement) && parent.alternate === current) {
      if (narrowingClass(parent.test, identifier.name) === "Error") return true;
    }
    if (parent.type === AST_NODE_TYPES.LogicalExpression && parent.operator === "||" && parent.right === current) {
      if (narrowingClass(parent.left, identifier.name) === "Error") return true;
    }
    // `if (e instanceof Error) throw new Error(e.message); throw new Error(JSON.stringify(e));`
    if (parent.type === AST_NODE_TYPES.BlockStatement && exitedBefore(parent.body, current, identifier.name)) return true;
    current = parent;
  }
  return false;
}

/** A statement before `statement` in `body` leaves whenever the name is an `Error`: `if (e instanceof Error) { ...; throw ... }`. */
function exitedBefore(body: readonly TSESTree.Statement[], statement: TSESTree.Node, name: string): boolean {
  for (const earlier of body) {
    if (earlier === statement) return false;
    if (earlier.type !== AST_NODE_TYPES.IfStatement || earlier.alternate || narrowingClass(earlier.test, name) !== "Error") continue;
    const last = earlier.consequent.type === AST_NODE_TYPES.BlockStatement ? earlier.consequent.body.at(-1) : earlier.consequent;
    if (last?.type === AST_NODE_TYPES.ThrowStatement || last?.type === AST_NODE_TYPES.ReturnStatement) return true;
  }
  return false;
}

/** A parameter of a `.catch(cb)` / `.then(ok, cb)` callback: it receives the rejection. */
function isRejectionParameter(def: TSESLint.Scope.Definition): boolean {
  if (def.type !== DefinitionType.Parameter) return false;
  const fn = def.node;
  if (!isFunctionNode(fn) || fn.params[0] !== def.name) return false;
  const call = fn.parent;
  if (call.type !== AST_NODE_TYPES.CallExpression || call.callee.type !== AST_NODE_TYPES.MemberExpression) return false;
  const method = memberName(call.callee);
  return (method === "catch" && call.arguments[0] === fn) || (method === "then" && call.arguments[1] === fn);
}

/** `catch ({ stack })`: a variable destructured as the stack of the caught error. */
function isCaughtStack(def: TSESLint.Scope.Definition): boolean {
  if (def.type !== DefinitionType.CatchClause) return false;
  const property = def.name.parent;
  return (
    property.type === AST_NODE_TYPES.Property &&
    property.value === def.name &&
    property.parent.type === AST_NODE_TYPES.ObjectPattern &&
    property.parent === def.node.param &&
    !property.computed &&
    property.key.type === AST_NODE_TYPES.Identifier &&
    property.key.name === "stack"
  );
}

/** `x` or `x?.` as source text, for the replacement. */
function messageOf(name: string, proof: Proof): string {
  return proof === "error" ? `${name}.message` : `${name} instanceof Error ? ${name}.message : String(${name})`;
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > 60 ? `${flat.slice(0, 57)}...` : flat;
}

/** Every leak in the results (and model-visible throws) on the file's handler paths. */
export function findLeaks(sourceCode: SourceCode, model: McpModel): Leak[] {
  const scanner = new LeakScanner(sourceCode, model);
  const helpers = scanner.scanResults();
  if (helpers.size > 0) scanner.scanHelperCalls(helpers);
  scanner.scanThrows();
  return scanner.leaks;
}

function newScan(bindings: ReadonlyMap<Variable, Binding> | undefined, helper: string | undefined, depth: number): Scan {
  return { bindings, helper, depth, seen: new Set() };
}

/** Functions (not handlers) that return a result, by name, with those results. */
type ResultHelpers = Map<string, Map<FunctionNode, TSESTree.ObjectExpression[]>>;

/** Follows the values that reach a file's results and collects what of an error leaks into them. */
class LeakScanner {
  readonly leaks: Leak[] = [];
  private readonly variables = new Map<TSESTree.Identifier, Variable | undefined>();

  constructor(
    private readonly sourceCode: SourceCode,
    private readonly model: McpModel,
  ) {}

  /** Scans the values of every result on a handler path; returns the helpers among their functions. */
  scanResults(): ResultHelpers {
    const helpers: ResultHelpers = new Map();
    const handlerFunctions = this.model.handlerFunctions;
    for (const result of this.model.results) {
      if (this.model.handlersAt(result.object).length === 0) continue;
      for (const value of this.resultValues(result.object)) {
        const scan = newScan(undefined, undefined, 0);
        if (value.structured && this.checkWholeError(value.node, value.node, scan, false, undefined)) continue;
        this.scanValue(value.node, value.structured, scan);
      }
      // A function that builds a result from its parameters: its calls are scanned too.
      const fn = enclosingFunction(result.object);
      const name = fn && !handlerFunctions.has(fn) ? functionName(fn) : undefined;
      if (fn && name !== undefined && fn.params.length > 0) {
        let byFunction = helpers.get(name);
        if (!byFunction) helpers.set(name, (byFunction = new Map<FunctionNode, TSESTree.ObjectExpression[]>()));
        let objects = byFunction.get(fn);
        if (!objects) byFunction.set(fn, (objects = []));
        objects.push(result.object);
      }
    }
    return helpers;
  }

  /** A helper's result carries what the call passes: `errorResult(err.stack)`, `toolError(err)`. */
  scanHelperCalls(helpers: ResultHelpers): void {
    for (const call of this.model.calls) {
      const callee = call.callee;
      if (callee.type !== AST_NODE_TYPES.Identifier || !helpers.has(callee.name)) continue;
      if (this.model.handlersAt(call).length === 0) continue;
      const fn = resolveFunction(this.sourceCode, callee);
      const objects = fn ? helpers.get(callee.name)?.get(fn) : undefined;
      if (!fn || !objects) continue;
      const bindings = this.bindArguments(fn, call, newScan(undefined, undefined, 0));
      if (bindings.size === 0) continue;
      const scan = newScan(bindings, callee.name, 1);
      for (const object of objects) {
        for (const value of this.resultValues(object)) {
          if (value.structured && this.checkWholeError(value.node, value.node, scan, true, undefined)) continue;
          this.scanValue(value.node, value.structured, scan, true);
        }
      }
    }
  }

  /** A thrown message becomes the result's text in frameworks that turn throws into `isError`. */
  scanThrows(): void {
    for (const site of this.model.escapingThrows) {
      if (!site.handlers.some((h) => h.thrown === "is-error")) continue;
      const argument = unwrap(site.node.argument);
      if (argument.type !== AST_NODE_TYPES.NewExpression && argument.type !== AST_NODE_TYPES.CallExpression) continue;
      // The message is the first argument of an Error, the second of a McpError.
      for (const message of argument.arguments) {
        if (message.type !== AST_NODE_TYPES.SpreadElement) this.scanValue(message, false, newScan(undefined, undefined, 0));
      }
    }
  }

  private variableOf(identifier: TSESTree.Identifier): Variable | undefined {
    if (this.variables.has(identifier)) return this.variables.get(identifier);
    const variable = findVariable(this.sourceCode, identifier);
    this.variables.set(identifier, variable);
    return variable;
  }

  /** The initializer of a `const` (or a never reassigned `let`) with one definition. */
  private constInit(identifier: TSESTree.Identifier): TSESTree.Node | undefined {
    const variable = this.variableOf(identifier);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (def?.type !== DefinitionType.Variable || def.node.id.type !== AST_NODE_TYPES.Identifier || !def.node.init) return undefined;
    if (def.parent.kind !== "const" && variable?.references.some((r) => r.isWrite() && r.identifier !== def.node.id)) return undefined;
    return def.node.init;
  }

  /** Parameter variables of `fn` bound to the arguments of `call`. */
  private bindArguments(fn: FunctionNode, call: TSESTree.CallExpression, outer: Scan): Map<Variable, Binding> {
    const bindings = new Map<Variable, Binding>();
    const declared = this.sourceCode.getDeclaredVariables(fn);
    fn.params.forEach((param, i) => {
      const id = param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param;
      const argument = call.arguments[i];
      if (id.type !== AST_NODE_TYPES.Identifier || !argument || argument.type === AST_NODE_TYPES.SpreadElement) return;
      // A spread earlier in the call shifts the positions: stop there.
      if (call.arguments.slice(0, i).some((a) => a.type === AST_NODE_TYPES.SpreadElement)) return;
      const variable = declared.find((v) => v.name === id.name);
      if (variable) bindings.set(variable, { argument, outer });
    });
    return bindings;
  }

  /**
   * Collects leaks in a value that ends up in the result. `serialized`: the value is serialized
   * as JSON (structuredContent, an argument of JSON.stringify), so an error object in it leaks
   * whole. `boundOnly`: report only what a helper call's arguments bring in.
   */
  private scanValue(node: TSESTree.Node, serialized: boolean, scan: Scan, boundOnly = false): void {
    if (scan.depth > MAX_DEPTH || scan.seen.has(node)) return;
    scan.seen.add(node);
    const n = unwrap(node);
    const visit = (child: TSESTree.Node, childSerialized = serialized): void => {
      this.scanValue(child, childSerialized, scan, boundOnly);
    };
    switch (n.type) {
      case AST_NODE_TYPES.TemplateLiteral:
        for (const e of n.expressions) {
          this.checkResponse(e, e, scan, boundOnly);
          visit(e, false);
        }
        return;
      case AST_NODE_TYPES.BinaryExpression:
        if (n.operator === "+") {
          visit(n.left, false);
          visit(n.right, false);
        }
        return;
      case AST_NODE_TYPES.ConditionalExpression:
        visit(n.consequent);
        visit(n.alternate);
        return;
      case AST_NODE_TYPES.LogicalExpression:
        visit(n.left);
        visit(n.right);
        return;
      case AST_NODE_TYPES.AwaitExpression:
        visit(n.argument);
        return;
      case AST_NODE_TYPES.ArrayExpression:
        for (const e of n.elements) if (e && e.type !== AST_NODE_TYPES.SpreadElement) this.scanMember(e, serialized, scan, boundOnly);
        return;
      case AST_NODE_TYPES.ObjectExpression:
        for (const p of n.properties) if (p.type === AST_NODE_TYPES.Property) this.scanMember(p.value, serialized, scan, boundOnly);
        return;
      case AST_NODE_TYPES.MemberExpression:
        if (memberName(n) === "stack" && !n.computed) this.checkStack(node, n, scan, boundOnly);
        return;
      case AST_NODE_TYPES.CallExpression:
        this.scanCall(node, n, serialized, scan, boundOnly);
        return;
      case AST_NODE_TYPES.Identifier:
        this.scanIdentifier(n, serialized, scan, boundOnly);
        return;
      default:
        return;
    }
  }

  /** An element or property value: inside a serialized container a whole error leaks. */
  private scanMember(child: TSESTree.Node, serialized: boolean, scan: Scan, boundOnly: boolean): void {
    if (serialized) this.checkWholeError(child, child, scan, boundOnly, undefined);
    this.scanValue(child, serialized, scan, boundOnly);
  }

  private scanIdentifier(n: TSESTree.Identifier, serialized: boolean, scan: Scan, boundOnly: boolean): void {
    const variable = this.variableOf(n);
    if (!variable) return;
    const binding = scan.bindings?.get(variable);
    if (binding) {
      // The argument's own expression lives at the call: report what it brings at its place.
      this.scanValue(binding.argument, serialized, binding.outer, false);
      return;
    }
    const def = variable.defs.length === 1 ? variable.defs[0] : undefined;
    if (def && isCaughtStack(def) && !boundOnly) {
      this.leaks.push({ kind: "stackTraceLeak", node: n, what: `\`${n.name}\` destructured from the caught error`, replacement: undefined });
      return;
    }
    // `const details = JSON.stringify(error)` built just before the result.
    const init = this.constInit(n);
    if (init) this.scanValue(init, serialized, { ...scan, depth: scan.depth + 1 }, boundOnly);
  }

  private scanCall(node: TSESTree.Node, n: TSESTree.CallExpression, serialized: boolean, scan: Scan, boundOnly: boolean): void {
    const callee = unwrap(n.callee);
    const first = n.arguments[0];
    const path = memberPath(callee);
    if (path === "JSON.stringify" && first && first.type !== AST_NODE_TYPES.SpreadElement) {
      if (!this.checkWholeError(first, node, scan, boundOnly, "JSON.stringify")) this.scanValue(first, true, scan, boundOnly);
      return;
    }
    if (this.isInspect(callee) && first && first.type !== AST_NODE_TYPES.SpreadElement) {
      this.checkWholeError(first, node, scan, boundOnly, "inspect");
      return;
    }
    if (callee.type === AST_NODE_TYPES.Identifier && callee.name === "String" && first && first.type !== AST_NODE_TYPES.SpreadElement) {
      this.checkResponse(first, node, scan, boundOnly);
      // `String(err.stack)` is still the stack.
      this.scanValue(first, false, scan, boundOnly);
      return;
    }
    if (callee.type === AST_NODE_TYPES.MemberExpression) {
      const method = memberName(callee);
      if (method !== undefined && KEEPING_METHODS.has(method)) {
        this.scanValue(callee.object, serialized, scan, boundOnly);
        if (method === "concat") for (const a of n.arguments) if (a.type !== AST_NODE_TYPES.SpreadElement) this.scanValue(a, false, scan, boundOnly);
      }
      return;
    }
    // A same-file formatter: `text: formatError(err)` -> what its returns make of the argument.
    if (callee.type === AST_NODE_TYPES.Identifier && scan.depth < 3) {
      const fn = resolveFunction(this.sourceCode, callee);
      if (!fn || fn.async || fn.generator) return;
      const bindings = this.bindArguments(fn, n, scan);
      if (bindings.size === 0) return;
      const inner: Scan = { bindings, helper: callee.name, depth: scan.depth + 1, seen: new Set() };
      // Its own proven leaks are reported inside it: what it returns goes into this result.
      for (const value of returnedValues(fn)) if (value) this.scanValue(value, serialized, inner);
    }
  }

  private isInspect(callee: TSESTree.Node): boolean {
    if (callee.type === AST_NODE_TYPES.Identifier) {
      const source = this.model.importedFrom.get(callee.name);
      return source === "util#inspect" || source === "node:util#inspect";
    }
    if (callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "inspect" && callee.object.type === AST_NODE_TYPES.Identifier) {
      const source = this.model.importedFrom.get(callee.object.name);
      return source !== undefined && UTIL_MODULES.has(source);
    }
    return false;
  }

  /** `<error>.stack`. */
  private checkStack(node: TSESTree.Node, member: TSESTree.MemberExpression, scan: Scan, boundOnly: boolean): void {
    const error = this.errorProof(member.object, scan);
    if (!error || (boundOnly && !error.through)) return;
    const object = unwrap(member.object);
    const reportAt = error.through ?? outermost(node);
    const text = this.sourceCode.getText(outermost(node));
    let replacement: string | undefined;
    if (!error.through && member.property.type === AST_NODE_TYPES.Identifier) {
      // A known Error: read its message instead (`(e as Error).stack` -> `(e as Error).message`).
      if (error.proof === "error") replacement = `${this.sourceCode.text.slice(reportAt.range[0], member.property.range[0])}message`;
      else if (object.type === AST_NODE_TYPES.Identifier) replacement = messageOf(object.name, error.proof);
    }
    this.leaks.push({
      kind: "stackTraceLeak",
      node: reportAt,
      what: error.through && scan.helper !== undefined ? `\`${shorten(text)}\` in \`${scan.helper}()\`` : `\`${shorten(text)}\``,
      replacement,
      conditional: error.proof === "caught",
    });
  }

  /** A whole error: the argument of JSON.stringify / inspect, or a value in a serialized object. */
  private checkWholeError(value: TSESTree.Node, node: TSESTree.Node, scan: Scan, boundOnly: boolean, via: string | undefined): boolean {
    const object = unwrap(value);
    // `e instanceof Error ? e.message : JSON.stringify(e)`: a thrown non-Error has no message to use.
    if (object.type === AST_NODE_TYPES.Identifier && isNarrowedAway(object)) return false;
    const error = this.errorProof(value, scan);
    if (!error) return false;
    if (via !== "inspect" && error.className !== undefined && !SERIALIZED_LEAKS.has(error.className)) return false;
    if (boundOnly && !error.through) return true;
    let target = node;
    let replacement: string | undefined;
    let conditional = error.proof === "caught";
    if (!error.through && object.type === AST_NODE_TYPES.Identifier) {
      replacement = messageOf(object.name, error.proof);
      // `{ error }` shorthand: the replacement needs the key.
      const parent = value.parent;
      if (via === undefined && parent?.type === AST_NODE_TYPES.Property && parent.shorthand) {
        target = parent;
        replacement = `${object.name}: ${replacement}`;
        conditional = false;
      }
    }
    const text = this.sourceCode.getText(outermost(node));
    this.leaks.push({
      kind: "errorObjectLeak",
      node: error.through ?? target,
      what: error.through && scan.helper !== undefined ? `\`${shorten(text)}\` in \`${scan.helper}()\`` : `\`${shorten(text)}\``,
      replacement,
      conditional,
    });
    return true;
  }

  /** `String(response)` / `${response}` of an HTTP response object. */
  private checkResponse(value: TSESTree.Node, node: TSESTree.Node, scan: Scan, boundOnly: boolean): void {
    if (boundOnly || !this.isResponse(value, scan)) return;
    this.leaks.push({ kind: "responseObjectLeak", node, what: `\`${shorten(this.sourceCode.getText(node))}\``, replacement: undefined });
  }

  private isResponse(value: TSESTree.Node, scan: Scan): boolean {
    const n = unwrap(value);
    if (n.type === AST_NODE_TYPES.MemberExpression) {
      // An axios error's `response`.
      const name = memberName(n);
      if (name === "response" && this.errorProof(n.object, scan)?.proof === "caught") return true;
      // Only a member named for a response is worth a question to the checker (its first question
      // in a file type-checks what the file depends on).
      return name !== undefined && RESPONSE_NAME.test(name) && this.model.types.isUpstreamResponse(this.sourceCode, n);
    }
    if (n.type !== AST_NODE_TYPES.Identifier) return false;
    const raw = this.constInit(n);
    const init = raw ? unwrap(raw) : undefined;
    // A value computed here (text, a number, a count, a parsed body) is no response object.
    if (init && COMPUTED.has(init.type)) return false;
    if (init?.type === AST_NODE_TYPES.MemberExpression && !RESPONSE_NAME.test(memberName(init) ?? "")) return false;
    const awaited = init?.type === AST_NODE_TYPES.AwaitExpression ? unwrap(init.argument) : undefined;
    const external = awaited?.type === AST_NODE_TYPES.CallExpression ? this.model.externalCall(awaited) : undefined;
    if (external !== undefined && RESPONSE_CLIENTS.has(external.client)) return true;
    // With types: a response fetched anywhere (a helper of another module, a parameter).
    return this.model.types.isUpstreamResponse(this.sourceCode, n);
  }

  /**
   * Whether the value is an error, and how we know; `through` is the call argument that brought it
   * into a helper (report there).
   */
  private errorProof(value: TSESTree.Node, scan: Scan, depth = 0): ErrorFact | undefined {
    if (depth > MAX_DEPTH) return undefined;
    // `(e as Error).stack`.
    if (value.type === AST_NODE_TYPES.TSAsExpression || value.type === AST_NODE_TYPES.TSTypeAssertion) {
      const name = typeName(value.typeAnnotation);
      if (isErrorClassName(name)) return { proof: "error", through: undefined, className: name };
    }
    const n = unwrap(value);
    if (n.type === AST_NODE_TYPES.ConditionalExpression) {
      // `err instanceof Error ? err : new Error(String(err))`.
      const a = this.branchError(n.consequent, scan, depth);
      const b = a ? this.branchError(n.alternate, scan, depth) : undefined;
      return a && b ? { proof: "error", through: undefined, className: "Error" } : undefined;
    }
    if (n.type !== AST_NODE_TYPES.Identifier) return undefined;
    const variable = this.variableOf(n);
    if (!variable) return undefined;
    const narrowed = narrowedClass(n);
    if (narrowed !== undefined) return { proof: "error", through: undefined, className: narrowed };
    const def = variable.defs.length === 1 ? variable.defs[0] : undefined;
    if (def?.type === DefinitionType.Parameter && def.name.type === AST_NODE_TYPES.Identifier) {
      const declared = typeName(def.name.typeAnnotation?.typeAnnotation);
      if (isErrorClassName(declared)) return { proof: "error", through: undefined, className: declared };
    }
    const binding = scan.bindings?.get(variable);
    if (binding) {
      const outer = this.errorProof(binding.argument, binding.outer, depth + 1);
      return outer ? { ...outer, through: outer.through ?? binding.argument } : undefined;
    }
    if (!def) return undefined;
    if (def.type === DefinitionType.CatchClause && def.node.param === def.name) return { proof: "caught", through: undefined, className: undefined };
    if (isRejectionParameter(def)) return { proof: "caught", through: undefined, className: undefined };
    if (def.type === DefinitionType.Variable) {
      const init = this.constInit(n);
      if (init) return this.errorProof(init, scan, depth + 1);
    }
    return undefined;
  }

  private branchError(node: TSESTree.Node, scan: Scan, depth: number): boolean {
    const n = unwrap(node);
    if (n.type === AST_NODE_TYPES.NewExpression && n.callee.type === AST_NODE_TYPES.Identifier && isErrorClassName(n.callee.name)) return true;
    return this.errorProof(node, scan, depth + 1) !== undefined;
  }

  /** The text and structured values of a result literal that the model reads. */
  private resultValues(object: TSESTree.ObjectExpression): { node: TSESTree.Node; structured: boolean }[] {
    const values: { node: TSESTree.Node; structured: boolean }[] = [];
    const content = findProperty(object, "content");
    const array = content ? unwrap(content.value) : undefined;
    if (array?.type === AST_NODE_TYPES.ArrayExpression) {
      for (const element of array.elements) {
        const part = element && element.type !== AST_NODE_TYPES.SpreadElement ? objectLiteral(this.sourceCode, element) : undefined;
        const text = part ? findProperty(part, "text") : undefined;
        if (text) values.push({ node: text.value, structured: false });
      }
    }
    const structured = findProperty(object, "structuredContent");
    if (structured) values.push({ node: structured.value, structured: true });
    return values;
  }
}

/** `a?.stack` is reported (and replaced) as the whole chain. */
function outermost(node: TSESTree.Node): TSESTree.Node {
  return node.parent?.type === AST_NODE_TYPES.ChainExpression ? node.parent : node;
}
