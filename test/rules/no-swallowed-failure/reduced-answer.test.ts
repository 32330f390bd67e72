/**
 * `no-swallowed-failure`: a catch that neither returns nor leaves, after which the function answers
 * with the try's own answer less the parts the failed call would have given. The agent takes the
 * shorter answer for the whole one.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool } from "../../cases.js";

const ruleTester = createRuleTester();

/** A branch described, with its tables when the database can be read; `onError` is the catch, `after` what follows it. */
const describeBranch = (
  onError: string,
  after = 'return { content: [{ type: "text", text: branchInfo(branch) }] };',
  answer = '{ type: "text", text: branchInfo(branch) },\n          { type: "text", text: JSON.stringify(tables) },',
) =>
  inTool(`    const branch = await api.getBranch(args.branchId);
    try {
      const tables = await database(branch).listTables();
      return {
        content: [
          ${answer}
        ],
      };
    } catch (error) {
      ${onError}
    }
    ${after}`);

const LEFT_OUT = { messageId: "swallowedItems" as const, data: { list: "the answer", tool: 'tool "search_docs"' } };

describe("no-swallowed-failure: the try's answer, less a part, after a catch", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The failure stops the tool, or its answer says what is missing.
      { code: describeBranch("throw new Error(`Could not read the tables of ${args.branchId}`, { cause: error });") },
      {
        code: describeBranch(
          "console.error(error);",
          'return { content: [{ type: "text", text: branchInfo(branch) }, { type: "text", text: "The tables could not be read." }] };',
        ),
      },
      // The answer after the catch is another answer, not a part of the try's.
      { code: describeBranch("console.error(error);", 'return { content: [{ type: "text", text: "No tables." }] };') },
      // The same answer: nothing is left out.
      {
        code: describeBranch(
          "console.error(error);",
          'return { content: [{ type: "text", text: branchInfo(branch) }] };',
          '{ type: "text", text: branchInfo(branch) },',
        ),
      },
      // The catch notes a warning the answer carries.
      { code: describeBranch("warnings.push(`tables: ${String(error)}`);") },
    ],
    invalid: [
      { code: describeBranch("// Ignore database connection errors"), errors: [LEFT_OUT] },
      { code: describeBranch('logger.warn("could not describe the database", error);'), errors: [LEFT_OUT] },
    ],
  });
});
