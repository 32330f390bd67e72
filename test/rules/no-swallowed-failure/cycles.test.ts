/**
 * `no-swallowed-failure`: the empty value of a helper's catch followed through variables that
 * hand it round in a loop (`const next = shape(current); current = next;`). Each variable is
 * followed once per question: a cycle ends the walk instead of the stack.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool } from "../../cases.js";

const ruleTester = createRuleTester();

const pagesOf = `async function pagesOf(query) {
  try {
    const response = await fetch(\`https://pages.example.com/?q=\${query}\`, { signal: AbortSignal.timeout(5000) });
    return (await response.json()).pages;
  } catch {
    return [];
  }
}`;

describe("no-swallowed-failure: values handed round in a loop", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      {
        name: "a pair of variables that feed each other: the walk ends, nothing is claimed",
        code: inTool(
          `    let current = await pagesOf(args.query);
    for (let round = 0; round < 3; round++) {
      const next = shape(current);
      current = next;
    }
    return { content: [{ type: "text", text: JSON.stringify(current) }] };`,
          pagesOf,
        ),
      },
      {
        name: "three variables in a ring, through an assignment in a loop body",
        code: inTool(
          `    let current = await pagesOf(args.query);
    while (current.length > 10) {
      const trimmed = current.slice(1);
      const shaped = shape(trimmed);
      current = shaped;
    }
    return { content: [{ type: "text", text: JSON.stringify(current) }] };`,
          pagesOf,
        ),
      },
    ],
    invalid: [],
  });
});
