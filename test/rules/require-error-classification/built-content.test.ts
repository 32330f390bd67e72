/**
 * `require-error-classification`: content arrays with parts the handler builds in place
 * (`const hints = []; hints.push({ type: "text", text })`, then `...hints`). What is pushed is all
 * the array holds, so the payload is known; an array used in other ways stays unknown.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/require-error-classification.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool } from "../../cases.js";

const ruleTester = createRuleTester();

/** A handler with `hints` built before its error result, whose content spreads them. */
const withHints = (build: string, extraPart = ""): string =>
  inTool(`    const hints = [];
    ${build}
    if (!args.query) return { isError: true, content: [{ type: "text", text: "The query is empty." }${extraPart}, ...hints] };
    return { content: [{ type: "text", text: args.query }] };`);

describe("require-error-classification: content parts built in place", () => {
  ruleTester.run("require-error-classification", rule, {
    valid: [
      // A pushed part carries the classification.
      {
        code: withHints(
          'hints.push({ type: "text", text: JSON.stringify({ errorCategory: "validation", isRetryable: false, description: "Give a query." }) });',
        ),
      },
      // The array is handed to code we cannot see: it may hold anything.
      { code: withHints('hints.push({ type: "text", text: "Give a query." });\n    addClassification(hints);') },
    ],
    invalid: [
      {
        code: withHints('hints.push({ type: "text", text: "Give a query." });'),
        errors: [{ messageId: "missingClassification" }],
      },
      {
        code: withHints('if (args.verbose) hints.push({ type: "text", text: "Give a query." }, { type: "text", text: "See the docs." });'),
        errors: [{ messageId: "missingClassification" }],
      },
    ],
  });
});
