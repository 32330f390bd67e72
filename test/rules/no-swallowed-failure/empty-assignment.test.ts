/**
 * `no-swallowed-failure`: a catch that writes the variable its try writes, with an empty list or
 * object where the try put the call's result, and the tool answers with that variable.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool } from "../../cases.js";

const ruleTester = createRuleTester();

/** A pull request answered with its labels, which the try adds and the catch replaces. */
const withLabels = (onError: string, answer = "JSON.stringify(pr)"): string =>
  inTool(`    let pr = { ...(await getPullRequest(args.id)) };
    try {
      pr = { ...pr, labels: await listLabels(args.id) };
    } catch (error) {
      console.warn("labels failed", error);
      ${onError}
    }
    return { content: [{ type: "text", text: ${answer} }] };`);

describe("no-swallowed-failure: a catch that empties what the try filled", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The catch says the labels could not be read.
      { code: withLabels('pr = { ...pr, labels: [], warnings: ["The labels could not be read."] };') },
      // It writes another variable, or keeps the field.
      { code: withLabels("pr = { ...pr, labelsUnavailable: true };") },
      // The answer does not carry the variable.
      { code: withLabels("pr = { ...pr, labels: [] };", '"Pull request found."') },
      // The client cancelled the request, which gets no answer: the stand-in hides no failure.
      { code: withLabels("if (args.signal.aborted) pr = {};") },
    ],
    invalid: [
      {
        code: withLabels("pr = { ...pr, labels: [] };"),
        errors: [{ messageId: "swallowedEmpty", data: { value: "an empty array in `labels`", tool: 'tool "search_docs"' } }],
      },
      {
        code: withLabels("pr = {};"),
        errors: [{ messageId: "swallowedEmpty", data: { value: "an empty object", tool: 'tool "search_docs"' } }],
      },
    ],
  });
});

/** Labels read into a `let` that starts empty; `onError` is the catch, `answer` what the tool says. */
const withOutcomes = (onError: string, answer = "JSON.stringify({ labels, outcomes: [...outcomes] })"): string =>
  inTool(`    const outcomes = new Map();
    outcomes.set(args.id, []);
    let labels = [];
    try {
      labels = await listLabels(args.id);
    } catch (error) {
      ${onError}
    }
    return { content: [{ type: "text", text: ${answer} }] };`);

describe("no-swallowed-failure: a catch that falls through to the empty default", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // What failed and why, noted in the list a map keeps for the item, which the answer carries.
      { code: withOutcomes('outcomes.get(args.id)?.push({ step: "labels", detail: String(error) });') },
    ],
    invalid: [
      {
        code: withOutcomes("console.warn(error);"),
        errors: [{ messageId: "swallowedEmpty", data: { value: "an empty array", tool: 'tool "search_docs"' } }],
      },
      // Noted where the answer never looks.
      {
        code: withOutcomes('outcomes.get(args.id)?.push({ step: "labels", detail: String(error) });', "JSON.stringify({ labels })"),
        errors: [{ messageId: "swallowedEmpty", data: { value: "an empty array", tool: 'tool "search_docs"' } }],
      },
    ],
  });
});
