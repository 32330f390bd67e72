/**
 * containsComment searches the file's sorted comments instead of the token store: it must agree
 * with `getCommentsInside` on every node, comments before, inside, after and between nodes.
 */
import { parseForESLint } from "@typescript-eslint/parser";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { SourceCode } from "eslint";
import { describe, expect, it } from "vitest";
import { containsComment } from "../../../src/rules/shared/fix.js";

function nodesOf(code: string): { sourceCode: Readonly<TSESLint.SourceCode>; nodes: TSESTree.Node[] } {
  const { ast, visitorKeys } = parseForESLint(code, { range: true, loc: true, comment: true, tokens: true });
  const sourceCode = new SourceCode({ text: code, ast: ast as never }) as unknown as Readonly<TSESLint.SourceCode>;
  const nodes: TSESTree.Node[] = [];
  const visit = (node: TSESTree.Node): void => {
    nodes.push(node);
    for (const key of visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const c of Array.isArray(child) ? child : [child]) {
        if (c && typeof c === "object" && "type" in c) visit(c as TSESTree.Node);
      }
    }
  };
  visit(ast as TSESTree.Node);
  return { sourceCode, nodes };
}

describe("containsComment", () => {
  const cases = {
    "no comments": "const a = { b: 1, c: [2, 3] }; f(a);",
    "comments everywhere": [
      "// leading",
      "const a = { /* inside */ b: 1, c: [2, /* element */ 3] }; // trailing",
      "function f(/* param */ x) {",
      "  return x + 1; /* after return */",
      "}",
      "/* between */ f(a);",
      "const g = () => ({ ok: true }) // last",
    ].join("\n"),
    "adjacent to nodes": "f(/*a*/x/*b*/, y)/*c*/;",
  };
  for (const [name, code] of Object.entries(cases)) {
    it(`agrees with the token store: ${name}`, () => {
      const { sourceCode, nodes } = nodesOf(code);
      for (const node of nodes) {
        expect([node.type, node.range, containsComment(sourceCode, node)]).toEqual([node.type, node.range, sourceCode.getCommentsInside(node).length > 0]);
      }
    });
  }

  it("sees a comment inside a call's arguments and none in a bare call", () => {
    const { sourceCode, nodes } = nodesOf("f(/* note */ 1); g(2);");
    const calls = nodes.filter((n) => n.type === "CallExpression");
    expect(calls.map((c) => containsComment(sourceCode, c))).toEqual([true, false]);
  });
});
