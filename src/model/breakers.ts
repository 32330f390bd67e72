/**
 * Calls that run through a circuit breaker: a breaker library's run method (`breaker.fire(...)`
 * of opossum, `policy.execute(...)` of cockatiel) or a method of a hand-written breaker class
 * (`this.breaker.execute(...)`). Syntactic: the receiver is a breaker when its name says so, or
 * when the const it names is built by a breaker library or a class named like one. What the
 * libraries export is in `BREAKER_LIBRARIES`, and only there (`breaker-open.ts` reads it too).
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { constInitializer, memberName, rootIdentifier, unwrap } from "../util/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** What a circuit-breaker library exports, as the model recognises it. */
export interface BreakerLibrary {
  /** The module name imported or required. */
  readonly module: string;
  /** Classes that build a breaker (`new CircuitBreaker(fn)`); `default` is the module's default export. */
  readonly classes: readonly string[];
  /** Functions or methods that build a breaker policy (`circuitBreaker(handleAll, opts)`, `Policy.handleAll().circuitBreaker(...)`). */
  readonly factories: readonly string[];
  /** Functions that combine policies: the result runs through a breaker when one of its arguments is one (`wrap(retry, breaker)`). */
  readonly combinators: readonly string[];
  /** The methods that run a call through the breaker. */
  readonly run: readonly string[];
  /** The `code` of the error a call gets while the circuit is open (`err.code === "EOPENBREAKER"`). */
  readonly openCodes: readonly string[];
  /** The classes of that error (`err instanceof BrokenCircuitError`), also recognised by name when re-exported. */
  readonly openErrors: readonly string[];
  /** Functions that test for that error (`isBrokenCircuitError(err)`). */
  readonly openGuards: readonly string[];
  /** Boolean properties of a breaker that are true while it is open (`breaker.opened`). */
  readonly openFlags: readonly string[];
  /** The state enum and its open member (`policy.state === CircuitState.Open`). */
  readonly openState: { readonly enum: string; readonly member: string } | undefined;
  /**
   * Where the construction gives the milliseconds the breaker stays open before it half-opens:
   * an argument, or a property of the options object at that argument.
   */
  readonly halfOpenAfter: readonly { readonly argument: number; readonly property?: string }[];
  /** The milliseconds when the construction leaves them out, if the library has a default. */
  readonly defaultHalfOpenAfter: number | undefined;
}

export const BREAKER_LIBRARIES: Readonly<Record<string, BreakerLibrary>> = {
  opossum: {
    module: "opossum",
    classes: ["default", "CircuitBreaker"],
    factories: [],
    combinators: [],
    run: ["fire", "call"],
    openCodes: ["EOPENBREAKER"],
    openErrors: [],
    openGuards: [],
    openFlags: ["opened"],
    openState: undefined,
    halfOpenAfter: [{ argument: 1, property: "resetTimeout" }],
    defaultHalfOpenAfter: 30_000,
  },
  cockatiel: {
    module: "cockatiel",
    classes: ["CircuitBreakerPolicy"],
    factories: ["circuitBreaker"],
    combinators: ["wrap"],
    run: ["execute"],
    // IsolatedCircuitError (held open by hand, with no time to come back) is left out on purpose.
    openCodes: [],
    openErrors: ["BrokenCircuitError"],
    openGuards: ["isBrokenCircuitError"],
    openFlags: [],
    openState: { enum: "CircuitState", member: "Open" },
    // `circuitBreaker(policy, { halfOpenAfter })`; cockatiel 2's `Policy.handleAll().circuitBreaker(halfOpenAfter, breaker)`.
    halfOpenAfter: [{ argument: 1, property: "halfOpenAfter" }, { argument: 0 }],
    defaultHalfOpenAfter: undefined,
  },
};

/** The run methods of hand-written breakers (a class or variable named `...Breaker`). */
const HAND_WRITTEN_RUN = new Set(["fire", "execute", "exec", "call", "run", "invoke"]);
/** `CircuitBreaker`, `ApiBreaker`, `circuitBreaker`, `this.breaker`. */
const BREAKER_NAME = /breaker/iu;

/** Where a breaker call was recognised: through a library, or by a name that says breaker. */
export interface BreakerCall {
  readonly call: TSESTree.CallExpression;
  /** The library's key in `BREAKER_LIBRARIES`, or "hand-written" for a receiver known by its name or class name. */
  readonly library: string;
}

const RUN_METHODS = new Set([...HAND_WRITTEN_RUN, ...Object.values(BREAKER_LIBRARIES).flatMap((library) => library.run)]);

/** The breaker library a local name is imported from, with the export it names (`default` for a default or namespace import). */
export function importOf(importedFrom: ReadonlyMap<string, string>, name: string): { library: string; exported: string } | undefined {
  const source = importedFrom.get(name);
  if (source === undefined) return undefined;
  const [module = "", exported = "default"] = source.split("#");
  const library = Object.keys(BREAKER_LIBRARIES).find((key) => BREAKER_LIBRARIES[key]?.module === module);
  return library === undefined ? undefined : { library, exported };
}

/**
 * The call runs through a circuit breaker: `breaker.fire(...)`, `this.circuitBreaker.execute(...)`,
 * `policy.execute(...)` for a `policy` built by a breaker library. Undefined for anything else.
 */
export function breakerCall(sourceCode: SourceCode, importedFrom: ReadonlyMap<string, string>, call: TSESTree.CallExpression): BreakerCall | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const method = memberName(callee);
  if (method === undefined || !RUN_METHODS.has(method)) return undefined;
  const library = breakerValue(sourceCode, importedFrom, callee.object)?.library;
  if (library === undefined) return undefined;
  const runs = library === "hand-written" ? HAND_WRITTEN_RUN.has(method) : (BREAKER_LIBRARIES[library]?.run.includes(method) ?? false);
  return runs ? { call, library } : undefined;
}

/** A value that is a breaker (or a policy holding one): whose, and the expression that built it when the file shows it. */
export interface BreakerValue {
  /** The library's key in `BREAKER_LIBRARIES`, or "hand-written". */
  readonly library: string;
  /** `new CircuitBreaker(fn, options)`, `circuitBreaker(policy, options)`: undefined for a breaker known by its name only. */
  readonly construction: TSESTree.NewExpression | TSESTree.CallExpression | undefined;
}

/** Whether a value is a breaker (or a policy holding one), and whose: the library's key or "hand-written". */
export function breakerValue(
  sourceCode: SourceCode,
  importedFrom: ReadonlyMap<string, string>,
  value: TSESTree.Node,
  depth = 0,
): BreakerValue | undefined {
  const node = unwrap(value);
  if (node.type === AST_NODE_TYPES.Identifier || node.type === AST_NODE_TYPES.MemberExpression) {
    const name = node.type === AST_NODE_TYPES.Identifier ? node.name : memberName(node);
    const init = node.type === AST_NODE_TYPES.Identifier && depth < 3 ? constInitializer(sourceCode, node) : undefined;
    const built = init ? breakerValue(sourceCode, importedFrom, init, depth + 1) : undefined;
    if (built !== undefined) return built;
    return name !== undefined && BREAKER_NAME.test(name) ? { library: "hand-written", construction: undefined } : undefined;
  }
  if (node.type === AST_NODE_TYPES.NewExpression) {
    const callee = unwrap(node.callee);
    const name =
      callee.type === AST_NODE_TYPES.Identifier ? callee.name : callee.type === AST_NODE_TYPES.MemberExpression ? memberName(callee) : undefined;
    const root = rootIdentifier(callee);
    const imported = root ? importOf(importedFrom, root.name) : undefined;
    if (imported) {
      const exported = callee.type === AST_NODE_TYPES.Identifier ? imported.exported : (name ?? "");
      if (BREAKER_LIBRARIES[imported.library]?.classes.includes(exported)) return { library: imported.library, construction: node };
    }
    return name !== undefined && BREAKER_NAME.test(name) ? { library: "hand-written", construction: node } : undefined;
  }
  if (node.type === AST_NODE_TYPES.CallExpression) return builtByCall(sourceCode, importedFrom, node, depth);
  return undefined;
}

/** `circuitBreaker(...)`, `Policy.handleAll().circuitBreaker(...)`, `wrap(retry, breaker)`, `createBreaker(...)`. */
function builtByCall(
  sourceCode: SourceCode,
  importedFrom: ReadonlyMap<string, string>,
  call: TSESTree.CallExpression,
  depth: number,
): BreakerValue | undefined {
  const callee = unwrap(call.callee);
  const name = callee.type === AST_NODE_TYPES.Identifier ? callee.name : callee.type === AST_NODE_TYPES.MemberExpression ? memberName(callee) : undefined;
  if (name === undefined) return undefined;
  const root = rootIdentifier(callee);
  const imported = root ? importOf(importedFrom, root.name) : undefined;
  const library = imported ? BREAKER_LIBRARIES[imported.library] : undefined;
  if (imported && library) {
    const exported = callee.type === AST_NODE_TYPES.Identifier ? imported.exported : name;
    if (library.factories.includes(exported)) return { library: imported.library, construction: call };
    if (library.combinators.includes(exported) && depth < 3) {
      const inner = call.arguments.map((argument) => breakerValue(sourceCode, importedFrom, argument, depth + 1));
      return inner.find((found) => found !== undefined);
    }
    return undefined;
  }
  return BREAKER_NAME.test(name) ? { library: "hand-written", construction: undefined } : undefined;
}
