/**
 * `no-swallowed-failure`: an empty stand-in that goes into a field of an object a helper returns
 * (`return { success: true, data: { rows } }`, `page.comments = await commentsOf(id)`). A caller's
 * test of a flag the object sets itself (`if (!result.success) throw ...`) does not tell the
 * failure apart; the value goes on where the caller reads its field.
 */
import { describe } from "vitest";
import type { InvalidTestCase, TestCaseError } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

const HEADER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "reports", version: "1.0.0" });
declare function readRows(id: string): Promise<string[]>;
async function metricRows(id: string): Promise<string[] | null> {
  try {
    return await readRows(id);
  } catch (error) {
    return null;
  }
}`;

/** A tool whose handler body is `body`, after the helper above and `more`. */
const tool = (more: string, body: string): string => `${HEADER}
${more}
server.registerTool("get_report", { description: "A report with its metrics" }, async ({ id }: { id: string }) => {
${body}
});`;

/** The report on the helper's `return null;`, with its rethrow suggestion. */
const empty = (code: string): TestCaseError<MessageIds> => ({
  messageId: "swallowedEmpty" as const,
  data: { value: "`null`", tool: 'tool "get_report"' },
  suggestions: [
    {
      messageId: "rethrowWithCause" as const,
      data: { cause: "error" },
      output: code.replace("return null;", 'throw new Error("metricRows failed", { cause: error });'),
    },
  ],
});

const reported = (name: string, code: string): InvalidTestCase<MessageIds, Options> => ({ name, code, errors: [empty(code)] });

/** A helper that returns the rows inside a result object that sets `success` itself. */
const RESULT_HELPER = `async function loadReport(id: string) {
  const rows = await metricRows(id);
  return { success: true, data: { title: "Weekly", rows } };
}`;

/** A helper that sets the rows as a field of a local object, returned with a fixed status. */
const FIELD_HELPER = `async function loadPage(id: string) {
  const page: { title: string; rows?: string[] | null } = { title: "Weekly" };
  page.rows = await metricRows(id);
  return { data: page, status: 200 };
}`;

describe("no-swallowed-failure: values carried in a field of a returned object", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The caller tests the field that holds the value, and fails on it.
      {
        code: tool(
          RESULT_HELPER,
          `  const result = await loadReport(id);
  if (!result.data.rows) throw new Error(\`The metrics of report \${id} could not be read\`);
  return { content: [{ type: "text", text: result.data.rows.join("\\n") }] };`,
        ),
      },
      // The caller reads only other fields: the value never reaches the answer.
      {
        code: tool(
          RESULT_HELPER,
          `  const result = await loadReport(id);
  if (!result.success) throw new Error("The report could not be loaded");
  return { content: [{ type: "text", text: result.data.title }] };`,
        ),
      },
      // The flag is set by a catch for the failure: testing it tells the failure apart.
      {
        code: tool(
          `async function loadReport(id: string) {
  try {
    return { success: true, data: { rows: await readRows(id) } };
  } catch (error) {
    return { success: false, data: { rows: [] as string[] } };
  }
}`,
          `  const result = await loadReport(id);
  if (!result.success) throw new Error(\`The metrics of report \${id} could not be read\`);
  return { content: [{ type: "text", text: result.data.rows.join("\\n") }] };`,
        ),
      },
      // Destructured fields that do not hold the value.
      {
        code: tool(
          RESULT_HELPER,
          `  const result = await loadReport(id);
  if (!result.success) throw new Error("The report could not be loaded");
  const { title } = result.data;
  return { content: [{ type: "text", text: title }] };`,
        ),
      },
    ],
    invalid: [
      reported(
        "a flag the result object sets itself, then the field read",
        tool(
          RESULT_HELPER,
          `  const result = await loadReport(id);
  if (!result.success) throw new Error("The report could not be loaded");
  return { content: [{ type: "text", text: JSON.stringify(result.data.rows) }] };`,
        ),
      ),
      reported(
        "a flag the result object sets itself, then the field destructured",
        tool(
          RESULT_HELPER,
          `  const result = await loadReport(id);
  if (!result.success) throw new Error("The report could not be loaded");
  const { title, rows } = result.data;
  return { content: [{ type: "text", text: JSON.stringify({ title, rows }) }] };`,
        ),
      ),
      reported(
        "a field set on a local object, returned with a fixed status that the caller tests",
        tool(
          FIELD_HELPER,
          `  const response = await loadPage(id);
  if (response.status !== 200) throw new Error(\`Report \${id} answered \${response.status}\`);
  return { content: [{ type: "text", text: JSON.stringify(response.data) }] };`,
        ),
      ),
    ],
  });
});
