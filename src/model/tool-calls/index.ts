/**
 * The model's client side: the calls of a file that run a tool on an MCP server, and what the
 * caller does with each result. Found on first ask: only `require-tool-error-check` reads them,
 * and most files that hold tool handlers call no tool.
 */
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { ClientToolCall, TypeOracle } from "../types.js";
import { ClientCalls } from "./clients.js";
import { ResultFlows } from "./flow.js";

/** A reader of the file's tool calls, computed once. */
export function clientToolCallReader(
  sourceCode: Readonly<TSESLint.SourceCode>,
  calls: readonly TSESTree.CallExpression[],
  importedFrom: ReadonlyMap<string, string>,
  types: TypeOracle,
): () => readonly ClientToolCall[] {
  let found: readonly ClientToolCall[] | undefined;
  return () => {
    if (found) return found;
    const clients = new ClientCalls(sourceCode, importedFrom, types);
    const flows = new ResultFlows(sourceCode);
    const list: ClientToolCall[] = [];
    for (const call of calls) {
      const recognised = clients.recognise(call);
      if (recognised) list.push({ ...recognised, result: flows.of(call) });
    }
    found = list;
    return list;
  };
}
