/**
 * Which calls the program index asks the checker about (`mayLeaveFile`): not methods of values
 * that only a global class makes, which never run a function of the project.
 */
import { parseForESLint } from "@typescript-eslint/parser";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { SourceCode } from "eslint";
import { describe, expect, it } from "vitest";
import { mayLeaveFile } from "../../src/typed/program-index/callees.js";
import type { FileEntry } from "../../src/typed/program-index/file-entry.js";

/** Whether the index would follow the last call of `code`. */
function followsLastCall(code: string): boolean {
  const { ast, scopeManager, visitorKeys } = parseForESLint(code, { range: true, loc: true, comment: true, tokens: true });
  const sourceCode = new SourceCode({
    text: code,
    ast: ast as never,
    scopeManager: scopeManager as never,
    visitorKeys: visitorKeys as never,
  }) as unknown as Readonly<TSESLint.SourceCode>;
  const calls: TSESTree.CallExpression[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (node.type === "CallExpression") calls.push(node);
    for (const key of visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const each of Array.isArray(child) ? child : [child]) {
        if (!each || typeof each !== "object" || !("type" in each)) continue;
        // ESLint sets the parents as it walks the tree; a bare parse has none.
        (each as { parent: TSESTree.Node }).parent = node;
        visit(each as TSESTree.Node);
      }
    }
  };
  visit(ast as TSESTree.Node);
  const last = calls.at(-1);
  if (!last) throw new Error("no call");
  return mayLeaveFile({ sourceCode } as unknown as FileEntry, last.callee);
}

describe("mayLeaveFile", () => {
  it("skips methods of constants holding an instance of a global class", () => {
    expect(followsLastCall('const params = new URLSearchParams();\nparams.set("page", "2");')).toBe(false);
    expect(followsLastCall('const seen = new Set<string>();\nseen.has("a");')).toBe(false);
    expect(followsLastCall('"a".localeCompare("b");')).toBe(false);
  });

  it("follows the same methods on the project's own values", () => {
    expect(followsLastCall('import { ApiClient } from "./client.js";\nconst client = new ApiClient();\nclient.get("/items");')).toBe(true);
    // A class of the file named like a global one is the file's.
    expect(followsLastCall("class Headers { send() {} }\nconst headers = new Headers();\nheaders.send();")).toBe(true);
    // A `let` written again may hold anything by the time it is called.
    expect(
      followsLastCall('import { makeParams } from "./params.js";\nlet params = new URLSearchParams();\nparams = makeParams();\nparams.set("a", "b");'),
    ).toBe(true);
  });
});
