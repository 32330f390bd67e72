/**
 * `no-swallowed-failure`: a catch that answers through a helper whose result another helper of the
 * file makes (`jsonAnswer(data)` returning `textAnswer(JSON.stringify(data))`). The helper makes a
 * success result however many of the file's helpers it goes through.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool } from "../../cases.js";

const ruleTester = createRuleTester();

const HELPERS = `function textAnswer(text) {
  return { content: [{ type: "text", text }] };
}
function jsonAnswer(data) {
  return textAnswer(JSON.stringify(data, null, 2));
}
function looksUp(data) {
  return lookUp(data);
}`;

const createInvoice = (answer: string) =>
  inTool(
    `    let response;
    try {
      response = await api.post("/invoices", { customer: args.customer });
    } catch (error) {
      return ${answer};
    }
    return jsonAnswer({ success: true, status: response.status });`,
    HELPERS,
  );

describe("no-swallowed-failure: answers made through two helpers of the file", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The failure stops the tool.
      { code: createInvoice("Promise.reject(new Error(`The ledger rejected the invoice: ${String(error)}`, { cause: error }))") },
      // A helper that returns what a function of no result makes: not known to answer.
      { code: createInvoice('looksUp({ success: false, message: "The ledger rejected the invoice." })') },
    ],
    invalid: [
      {
        code: createInvoice('jsonAnswer({ success: false, message: "The ledger rejected the invoice." })'),
        errors: [
          {
            messageId: "swallowedResult",
            line: 9,
            suggestions: [
              {
                messageId: "rethrowWithCause",
                output: createInvoice('jsonAnswer({ success: false, message: "The ledger rejected the invoice." })').replace(
                  'return jsonAnswer({ success: false, message: "The ledger rejected the invoice." });',
                  'throw new Error("search_docs failed", { cause: error });',
                ),
              },
            ],
          },
        ],
      },
    ],
  });
});
