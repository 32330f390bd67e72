/**
 * What the recognisers know about a file (its imports, the request signals in scope, the clients
 * the project names) and where a local name was imported from.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { DefinitionType } from "@typescript-eslint/scope-manager";
import type { TSESLint } from "@typescript-eslint/utils";
import { calleeName, findVariable, memberName, unwrap } from "../../util/ast.js";
import type { GeneratedClientFact, Instance, PassThrough } from "../types.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

export interface ClientFacts {
  readonly sourceCode: SourceCode;
  readonly importedFrom: ReadonlyMap<string, string>;
  /** Source text of the request signals in scope of the call's handler. */
  readonly requestSignals: readonly string[];
  readonly customClients: ReadonlySet<string>;
  /** The module `fetch` was imported from, when it was. */
  readonly fetchModule?: string;
  /** HTTP client instances imported from other files, by local name (typed analysis). */
  readonly importedInstances?: ReadonlyMap<string, Instance>;
  /** Functions of other files that return a generated client, by local name (typed analysis). */
  readonly generatedFactories?: ReadonlyMap<string, GeneratedClientFact>;
  /** Functions that hand one of their parameters to a client as its options, by local name. */
  readonly passThrough?: ReadonlyMap<string, PassThrough>;
  /** The parameters that receive the tools' input arguments (decoded JSON: never a `Request`). */
  readonly inputParams?: ReadonlySet<TSESTree.Node>;
  /** The checker types the value as text or a `URL` (typed analysis). */
  readonly isAddressText?: (node: TSESTree.Node) => boolean;
  /** The checker types the callee as the global `fetch`. */
  readonly typedFetch?: boolean;
}

/** Where a local name comes from: `axios`, `child_process#exec`, or undefined. */
export function importOf(facts: ClientFacts, identifier: TSESTree.Identifier, depth = 0): string | undefined {
  const direct = facts.importedFrom.get(identifier.name);
  const variable = findVariable(facts.sourceCode, identifier);
  const def = variable?.defs[0];
  if (direct !== undefined && def && (def.type === DefinitionType.ImportBinding || def.type === DefinitionType.Variable)) {
    if (def.type === DefinitionType.ImportBinding || isRequireCall(def.node.init)) return direct;
  }
  if (depth > 2 || !def || def.type !== DefinitionType.Variable || !def.node.init) return undefined;
  const init = unwrap(def.node.init);
  // `const execAsync = promisify(exec)` / `util.promisify(cp.execFile)`.
  if (init.type === AST_NODE_TYPES.CallExpression && calleeName(init) === "promisify" && init.arguments[0]) {
    const target = unwrap(init.arguments[0]);
    if (target.type === AST_NODE_TYPES.Identifier) return importOf(facts, target, depth + 1);
    if (target.type === AST_NODE_TYPES.MemberExpression && target.object.type === AST_NODE_TYPES.Identifier) {
      const module = importOf(facts, target.object, depth + 1);
      const name = memberName(target);
      return module !== undefined && name !== undefined ? `${module}#${name}` : undefined;
    }
  }
  return undefined;
}

export function isRequireCall(node: TSESTree.Node | null | undefined): boolean {
  const n = node ? unwrap(node) : undefined;
  return n?.type === AST_NODE_TYPES.CallExpression && n.callee.type === AST_NODE_TYPES.Identifier && n.callee.name === "require";
}

export function splitImport(source: string): [string, string | undefined] {
  const index = source.indexOf("#");
  return index === -1 ? [source, undefined] : [source.slice(0, index), source.slice(index + 1)];
}
