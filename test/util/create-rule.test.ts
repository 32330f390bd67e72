/**
 * createRule's guard: with typed linting, the program index can hand a rule a result of another
 * file, and a fix built from it would edit this file at that file's offsets. Such fixes,
 * suggestions and reports are dropped; edits of this file's own nodes go through.
 */
import { parseForESLint } from "@typescript-eslint/parser";
import type { TSESTree } from "@typescript-eslint/utils";
import { describe } from "vitest";
import { createRule } from "../../src/util/create-rule.js";
import { createTypedRuleTester } from "../rule-tester.js";

/** The first statement of a program parsed on its own, with parent pointers like ESLint's. */
function foreignStatement(): TSESTree.Node {
  const { ast } = parseForESLint("const other = 1;", { range: true, loc: true });
  const statement = ast.body[0] as TSESTree.Node;
  Object.assign(statement, { parent: ast });
  return statement;
}

const rule = createRule<[], "local" | "foreign" | "edit">({
  name: "fixture",
  meta: {
    type: "problem",
    docs: { description: "Enforce nothing (a fixture for the fix guard)" },
    fixable: "code",
    hasSuggestions: true,
    schema: [],
    messages: { local: "local", foreign: "foreign", edit: "edit" },
  },
  create(context) {
    return {
      "Program:exit"(program) {
        const local = program.body[0] as TSESTree.Node;
        if (context.sourceCode.text.includes("// ok")) return;
        const other = foreignStatement();
        // A fix of this file's node is kept; one that touches another file's node is dropped.
        context.report({ node: local, messageId: "local", fix: (fixer) => fixer.insertTextAfter(local, " // ok") });
        context.report({
          node: local,
          messageId: "local",
          fix: (fixer) => fixer.replaceText(other, "x"),
          suggest: [{ messageId: "edit", fix: (fixer) => fixer.remove(other) }],
        });
        // A report on another file's node never shows in this file.
        context.report({ node: other, messageId: "foreign" });
      },
    };
  },
});

describe("createRule fix guard", () => {
  createTypedRuleTester().run("fixture", rule, {
    valid: [],
    invalid: [
      {
        code: "const mine = 2;",
        output: "const mine = 2; // ok",
        errors: [
          { messageId: "local", line: 1, column: 1, suggestions: [] },
          { messageId: "local", line: 1, column: 1, suggestions: [] },
        ],
      },
    ],
  });
});
