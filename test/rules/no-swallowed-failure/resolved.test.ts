/**
 * `no-swallowed-failure`: a catch inside the executor of a promise a function returns, that settles
 * it with an empty value (`resolve("")`, or a local helper that hands its argument to `resolve`).
 * The tool awaits the promise and answers with the empty value, as from a catch's `return ""`.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool } from "../../cases.js";

const ruleTester = createRuleTester();

/** A reply read from a file the user writes to; `onError` is the read's catch, `answer` how the tool reports the reply. */
const askUser = (
  onError: string,
  answer = 'if (reply === "") return { content: [{ type: "text", text: "The user replied with empty input." }] };\n    return { content: [{ type: "text", text: `The user replied: ${reply}` }] };',
) =>
  inTool(
    `    const reply = await waitForReply(args.prompt);
    ${answer}`,
    `function waitForReply(prompt) {
  return new Promise((resolve) => {
    const finish = (value) => {
      watcher.close();
      resolve(value);
    };
    const watcher = watch(replyFile, () => {
      void (async () => {
        try {
          const data = await readFile(replyFile, "utf8");
          if (data) finish(data.trim());
        } catch (error) {
          ${onError}
        }
      })();
    });
  });
}`,
  );

const SETTLED_EMPTY = { messageId: "swallowedEmpty" as const, data: { value: "an empty string", tool: 'tool "search_docs"' } };

describe("no-swallowed-failure: a promise settled with an empty value in a catch", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The failure settles the promise as a failure.
      { code: askUser("watcher.close();\n          reject(error);") },
      // Only for the errors a test picks out: a file not there yet is no reply.
      { code: askUser('if (error.code === "ENOENT") finish("");\n          else reject(error);') },
      // The tool answers the empty value with an error result.
      {
        code: askUser(
          'finish("");',
          'if (reply === "") return { isError: true, content: [{ type: "text", text: "No reply could be read." }] };\n    return { content: [{ type: "text", text: reply }] };',
        ),
      },
      // A helper that settles with a value of its own, not the one it is given.
      {
        code: askUser('logger.error(error);\n          done("");').replace(
          "const finish = (value) => {",
          'const done = (value) => {\n      log(value);\n      resolve("x");\n    };\n    const finish = (value) => {',
        ),
      },
    ],
    invalid: [
      { code: askUser('logger.error({ err: error }, "Error reading the reply");\n          void finish("");'), errors: [SETTLED_EMPTY] },
      { code: askUser('logger.error(error);\n          resolve("");'), errors: [SETTLED_EMPTY] },
      // Every failure other than the one a test picks out.
      {
        code: askUser(
          'if (error.code === "ENOENT") {\n            finish(TIMED_OUT);\n          } else {\n            logger.error(error);\n            finish("");\n          }',
        ),
        errors: [SETTLED_EMPTY],
      },
    ],
  });
});
