/**
 * `no-swallowed-failure`: the empty value of a helper's catch set on a field of an object the
 * tool answers with (`details.comments = await commentsOf(id)`): the answer says "no comments"
 * where the call failed.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { fixed, inTool } from "../../cases.js";

const ruleTester = createRuleTester();

/** A helper whose catch answers with `onError`, for one field of the details the tool answers with. */
const withComments = (onError: string, answer = "JSON.stringify(details)", after = ""): string =>
  inTool(
    `    const details = { id: args.id };
    if (args.withComments) {
      details.comments = await commentsOf(args.id);
    }${after}
    return { content: [{ type: "text", text: ${answer} }] };`,
    `async function commentsOf(id) {
  try {
    const response = await fetch(\`https://reviews.example.com/pulls/\${id}/comments\`, { signal: AbortSignal.timeout(5000) });
    return (await response.json()).comments;
  } catch {
    ${onError}
  }
}`,
  );

describe("no-swallowed-failure: a field set from a catch's empty value", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The helper's catch fails.
      { code: withComments("throw new Error(`Comments of ${id} could not be read`);") },
      // The answer is not the object.
      { code: withComments("return [];", '"Loaded."') },
      // The caller tests the field and fails on it.
      { code: withComments("return [];", "JSON.stringify(details)", '\n    if (!details.comments) throw new Error("No comments could be read");') },
      // The field is set on an object the tool never answers with.
      { code: withComments("return [];", "JSON.stringify({ id: args.id })") },
    ],
    invalid: [
      {
        code: withComments("return [];"),
        errors: [
          {
            messageId: "swallowedEmpty",
            data: { value: "an empty array", tool: 'tool "search_docs"' },
            suggestions: [
              {
                messageId: "rethrowWithCause",
                data: { cause: "error" },
                output: fixed(
                  ["} catch {", "} catch (error) {"],
                  ["return [];", 'throw new Error("commentsOf failed", { cause: error });'],
                )(withComments("return [];")),
              },
            ],
          },
        ],
      },
    ],
  });
});
