/**
 * `no-swallowed-failure`: a catch that only logs, after a try that fills a field of an object
 * declared with that field empty (`const usage = { label, cards: [] }; try { usage.cards = ... }`):
 * the field keeps its empty start, and the answer made of the object says "no cards" for the failure.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool } from "../../cases.js";

const ruleTester = createRuleTester();

/** The tool's body: `usage` starts with no cards; `onError` is the catch's body, `answer` the text it answers with. */
const usage = (onError: string, answer = "JSON.stringify(usage)", start = "cards: []"): string =>
  inTool(`    const usage = { label: args.label, ${start} };
    try {
      const response = await fetch(\`https://boards.example.com/labels/\${args.label}/cards\`, { signal: AbortSignal.timeout(5000) });
      usage.cards = (await response.json()).cards;
    } catch (error) {
      ${onError}
    }
    return { content: [{ type: "text", text: ${answer} }] };`);

describe("no-swallowed-failure: a field a failed try leaves as the object started it", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The catch says so in the object the tool answers with.
      { code: usage("usage.cardsError = String(error);") },
      // The catch fails the tool.
      { code: usage("throw new Error(`The cards of ${args.label} could not be read`, { cause: error });") },
      // The answer does not read the object.
      { code: usage('console.error("cards", error);', '"Done."') },
      // The field starts with no value that reads as a fact (a note the try may add).
      { code: usage('console.error("cards", error);', "JSON.stringify(usage)", "cards: undefined") },
    ],
    invalid: [
      {
        code: usage('console.error("cards", error);'),
        errors: [{ messageId: "swallowedEmpty", line: 9, data: { value: "an empty array in `cards`", tool: 'tool "search_docs"' } }],
      },
      {
        code: usage('console.error("cards", error);', "`${usage.label}: ${usage.cards.length} cards`"),
        errors: [{ messageId: "swallowedEmpty", line: 9, data: { value: "an empty array in `cards`", tool: 'tool "search_docs"' } }],
      },
    ],
  });
});
