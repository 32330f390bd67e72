import { describe } from "vitest";
import rule from "../../src/rules/require-retry-after.js";
import { createRuleTester } from "../rule-tester.js";
import { SHAPES } from "../shapes.js";

const ruleTester = createRuleTester();

// One valid and one invalid case per handler shape the model knows, plus a valid case for every
// shape the rule must stay silent on. Every invalid case asserts messageId and full location;
// `output: null` asserts there is no autofix.
describe("require-retry-after", () => {
  ruleTester.run("require-retry-after", rule, {
    valid: [
      ...SHAPES.map((shape) => ({
        name: `${shape.title}: TODO compliant handler`,
        code: shape.wrap('  return { content: [{ type: "text", text: "ok" }] };'),
      })),
      {
        name: "not an MCP file",
        code: "export function add(a: number, b: number) { return a + b; }",
      },
    ],
    invalid: [
      // {
      //   name: "registerTool: TODO",
      //   code: SHAPES[0].wrap("..."),
      //   output: null,
      //   errors: [{ messageId: "missingRetryAfter", line: 1, column: 1, endLine: 1, endColumn: 1 }],
      // },
    ],
  });
});
