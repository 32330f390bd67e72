/**
 * `no-swallowed-failure`: a return that follows a call that always throws is never reached
 * (`fail(error); return []`, `fail` declared to return `never`), so it answers nothing.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool } from "../../cases.js";

const ruleTester = createRuleTester();

/** The tool's catch hands the error to `fail` (declared `returns`, doing `body`), then returns a successful result. */
const handedToFail = (returns: string, body: string): string =>
  inTool(
    `    try {
      const response = await fetch(\`https://docs.example.com/search?q=\${args.query}\`, { signal: AbortSignal.timeout(5000) });
      return { content: [{ type: "text", text: await response.text() }] };
    } catch (error) {
      fail(error);
      return { content: [{ type: "text", text: "No documents match." }] };
    }`,
    `function fail(error: unknown): ${returns} {
  ${body}
}`,
  );

describe("no-swallowed-failure: a return after a call that always throws", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    // (With a `fail` that only logs, the return is reached and reported, as any catch answering
    // "No documents match." for an outage: see the rule's main tests.)
    valid: [{ code: handedToFail("never", 'throw new Error("The docs search failed", { cause: error });') }],
    invalid: [],
  });
});
