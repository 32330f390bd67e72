/**
 * `no-generic-error-message`: a throw that a catch stops and turns into an error result saying
 * the error's own message. The thrown text is what the model reads, wherever it was thrown.
 */
import { describe } from "vitest";
import rule, { type MessageIds, type Options } from "../../../src/rules/no-generic-error-message.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool, invalid as invalidCase } from "../../cases.js";

const ruleTester = createRuleTester();
const invalid = invalidCase<MessageIds, Options>;

/** A helper that throws `thrown` when the index has no hits. */
const SEARCH = (thrown: string): string => `async function searchIndex(query) {
  const hits = await index.search(query, { signal: AbortSignal.timeout(5000) });
  if (!hits) throw new Error(${thrown});
  return hits.join("\\n");
}`;

/** The tool's catch answers with `text`, `e` being the caught error. */
const answering = (text: string, thrown = '/*>*/"Docs search failed."'): string =>
  inTool(
    `    try {
      return { content: [{ type: "text", text: await searchIndex(args.query) }] };
    } catch (e) {
      return { isError: true, content: [{ type: "text", text: ${text} }] };
    }`,
    SEARCH(thrown),
  );

/** A tool that runs `searchInto(args.query, response)` and makes its result from the output object. */
const WITH_OUTPUT = (onError: string): string =>
  inTool(
    `    const response = new Output();
    try {
      await searchInto(args.query, response);
    } catch (e) {
      ${onError}
    }
    const result = { content: response.lines() };
    if (response.error) result.isError = true;
    return result;`,
    `async function searchInto(query, response) {
  const hits = await index.search(query, { signal: AbortSignal.timeout(5000) });
  if (!hits) throw new Error(/*>*/"Docs search failed.");
  response.addLine(hits.join("\\n"));
}`,
  );

const reported = (code: string): ReturnType<typeof invalid> =>
  invalid({
    name: code,
    code,
    errors: [{ messageId: "genericErrorMessage", reported: '"Docs search failed."', data: { text: "Docs search failed.", tool: 'tool "search_docs"' } }],
    output: null,
  });

describe("no-generic-error-message: thrown text that a catch hands to the model", () => {
  ruleTester.run("no-generic-error-message", rule, {
    valid: [
      // The catch adds what the throw lacked: the query.
      { code: answering("`Searching the docs for ${args.query} failed: ${e.message}`", '"Docs search failed."') },
      // The catch says something of its own: the thrown text never reaches the model.
      { code: answering('"The docs index is offline; try again in a minute."', '"Docs search failed."') },
      // The output object the error is handed to does not decide isError.
      { code: WITH_OUTPUT("logger.error(e);").replace("/*>*/", "") },
      // A thrown text that names the input.
      { code: answering("e.message", '`No docs index for the query "${query}"`') },
    ],
    invalid: [
      reported(answering("e.message")),
      reported(answering("`Error: ${e instanceof Error ? e.message : String(e)}`")),
      reported(answering('JSON.stringify({ errorCategory: "transient", isRetryable: true, description: String(e) })')),
      reported(WITH_OUTPUT("response.setError(e);")),
    ],
  });
});
