/**
 * Calls that leave the process (HTTP clients, child processes) and whether they are bounded by a
 * timeout: `classify.ts` recognises the clients and reads their options, `guards.ts` what bounds
 * a call from outside. Read by `require-timeout`, the other rules (through `model.externalCall`)
 * and the program index.
 */
import { AST_NODE_TYPES, TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { recordImport, recordRequireBinding, staticString, unwrap } from "../../util/ast.js";
import type { ExternalCall, Instance } from "../types.js";
import { mayLeaveProcess, promisifiedNames } from "./candidates.js";
import { classifyCall, isRequireCall } from "./classify.js";
import { collectDefaultTimeouts } from "./guards.js";

export { mayLeaveProcess, promisifiedNames } from "./candidates.js";
export { type ClientFacts, classifyCall, instanceDeclaredAs } from "./classify.js";
export { collectDefaultTimeouts, isGuarded, passThroughOf } from "./guards.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * The import map of a file the MCP model skipped (no MCP evidence): top-level imports and
 * `require` bindings, for `scope: "everywhere"`.
 */
export function collectImports(program: TSESTree.Program): Map<string, string> {
  const map = new Map<string, string>();
  for (const statement of program.body) {
    if (statement.type === AST_NODE_TYPES.ImportDeclaration) {
      recordImport(statement, map);
    } else if (statement.type === AST_NODE_TYPES.VariableDeclaration) {
      for (const declarator of statement.declarations) {
        const init = declarator.init ? unwrap(declarator.init) : undefined;
        if (init?.type !== AST_NODE_TYPES.CallExpression || !isRequireCall(init) || !init.arguments[0]) continue;
        const source = staticString(init.arguments[0]);
        if (source !== undefined) recordRequireBinding(declarator.id, source, map);
      }
    }
  }
  return map;
}

/**
 * The model's answer to "does this call leave the process, and is it bounded?", memoized per
 * call. The promisified names and the file's default timeouts are read on the first question.
 */
export function externalCallReader(
  sourceCode: SourceCode,
  calls: readonly TSESTree.CallExpression[],
  importedFrom: ReadonlyMap<string, string>,
  importedInstances: ReadonlyMap<string, Instance>,
): (call: TSESTree.CallExpression) => ExternalCall | undefined {
  let promisified: Set<string> | undefined;
  let defaults: Set<string> | undefined;
  const cache = new Map<TSESTree.CallExpression, ExternalCall | undefined>();
  const noClients: ReadonlySet<string> = new Set();
  return (call) => {
    if (cache.has(call)) return cache.get(call);
    promisified ??= promisifiedNames(calls);
    let external: ExternalCall | undefined;
    if (mayLeaveProcess(call, importedFrom, noClients, promisified)) {
      defaults ??= collectDefaultTimeouts(sourceCode.ast);
      external = classifyCall({ sourceCode, importedFrom, requestSignals: [], customClients: noClients, importedInstances }, call, defaults);
    }
    cache.set(call, external);
    return external;
  };
}
