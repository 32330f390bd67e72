/**
 * `no-swallowed-failure`: handlers that write their answer through an output object they are given
 * (`out.addLine(...)`) and a catch that writes the failure as one more line.
 */
import { describe } from "vitest";
import rule, { type MessageIds, type Options } from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { fixed, inTool, invalid as invalidCase } from "../../cases.js";

const ruleTester = createRuleTester();
const invalid = invalidCase<MessageIds, Options>;

/** A tool whose handler makes a fresh output object, runs `openPage` with it, and answers with its lines. */
const TOOL = inTool(`    const out = new Lines();
    await openPage(args.url, out);
    return { content: [{ type: "text", text: out.text() }] };`);

const helper = (onError: string, attempt = "await browser.open(url);\n    out.addLine(`Opened ${url}.`);"): string => `${TOOL}
async function openPage(url, out) {
  try {
    ${attempt}
  } catch (error) {
    ${onError}
  }
}`;

/** A catch whose whole answer is `write` (after `before`): reported at the write, with a rethrow of its text suggested. */
function lineCase(name: string, write: string, before = ""): ReturnType<typeof invalid> {
  const text = write.slice("out.addLine(".length, -1);
  const statement = `${before.replace(/^.*\n\s*/su, "")}${write};`;
  return invalid({
    name,
    code: helper(`${before}/*>*/${write};`),
    errors: [
      {
        messageId: "swallowedLine",
        reported: write,
        data: { tool: 'Tool "search_docs"', method: "out.addLine" },
        suggestions: (code) => [
          { messageId: "rethrowWithCause", data: { cause: "error" }, output: fixed([statement, `throw new Error(${text}, { cause: error });`])(code) },
        ],
      },
    ],
    output: null,
  });
}

describe("no-swallowed-failure: a failure written as a line of the answer", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The catch marks the output as failed too.
      { code: helper("out.addLine(`Could not open ${url}: ${error.message}`);\n    out.fail(error);") },
      // Logging is not the answer.
      { code: helper("console.error(`Could not open ${url}`, error);\n    logger.warn(error.message);") },
      // The try block never writes its answer with that method: the catch's line is something else.
      { code: helper("out.note(`Could not open ${url}: ${error.message}`);") },
      // A catch that rethrows, or that returns.
      { code: helper("out.addLine(`Could not open ${url}`);\n    throw error;") },
      // One line per item of a loop is a visible partial failure.
      {
        code: `${TOOL}
async function openPage(urls, out) {
  for (const url of urls) {
    try {
      await browser.open(url);
      out.addLine(\`Opened \${url}.\`);
    } catch (error) {
      out.addLine(\`Could not open \${url}: \${error.message}\`);
    }
  }
}`,
      },
      // A line that says nothing of the failure: the catch falls back to what it had.
      { code: helper("out.addLine(`Opened ${url} from the cache.`);") },
      // Off every tool's path.
      {
        code: `async function openPage(url, out) {
  try {
    await browser.open(url);
    out.addLine(\`Opened \${url}.\`);
  } catch (error) {
    out.addLine(\`Could not open \${url}: \${error.message}\`);
  }
}`,
      },
    ],
    invalid: [
      lineCase("the catch writes the caught error with the method the try block answers with", "out.addLine(`Unable to open ${url}: ${error.message}.`)"),
      lineCase("only the error's message, after logging it, awaited", "out.addLine(String(error.message))", "console.error(error);\n    await "),
      lineCase("failure words without the caught error", "out.addLine('Navigation failed.')"),
    ],
  });
});
