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
      // A field next to the value, destructured and tested, tells the failure apart.
      {
        code: tool(
          `async function loadReport(id: string) {
  const rows = await metricRows(id);
  return { data: { title: "Weekly", rows }, error: rows === null ? "The metrics could not be read" : undefined };
}`,
          `  const { data, error } = await loadReport(id);
  if (error) throw new Error(error);
  return { content: [{ type: "text", text: JSON.stringify(data.rows) }] };`,
        ),
      },
      // A branch on another field answers without the value.
      {
        code: tool(
          RESULT_HELPER,
          `  const result = await loadReport(id);
  if (!result.success) throw new Error("The report could not be loaded");
  if (result.data.title.length > 0) return { content: [{ type: "text", text: result.data.title }] };
  return { content: [{ type: "text", text: "Untitled report" }] };`,
        ),
      },
      // The value joins an entry that was tested before; only the entry's own fields are answered.
      {
        code: tool(
          `type Entry = { id: string; state: "ready" | "pending"; rows?: string[] | null };
declare function findEntry(id: string): Promise<Entry | undefined>;`,
          `  let entry = await findEntry(id);
  if (!entry) throw new Error(\`No report \${id}\`);
  entry = { ...entry, rows: await metricRows(id) };
  if (entry.state === "ready") return { content: [{ type: "text", text: \`Report \${entry.id} is ready\` }] };
  return { content: [{ type: "text", text: "The report is still being built." }] };`,
        ),
      },
      // A flag the object literal fixes, set again when the value is missing.
      {
        code: tool(
          `async function loadReport(id: string) {
  const rows = await metricRows(id);
  const report = { status: 200, data: { title: "Weekly", rows } };
  if (rows === null) report.status = 502;
  return report;
}`,
          `  const result = await loadReport(id);
  if (result.status !== 200) throw new Error(\`The metrics of report \${id} could not be read\`);
  return { content: [{ type: "text", text: JSON.stringify(result.data.rows) }] };`,
        ),
      },
      // A spread after the flag sets it again.
      {
        code: tool(
          `async function loadReport(id: string) {
  const rows = await metricRows(id);
  const outcome = { success: rows !== null, data: { title: "Weekly", rows } };
  return { success: true, status: 200, ...outcome };
}`,
          `  const result = await loadReport(id);
  if (!result.success) throw new Error(\`The metrics of report \${id} could not be read\`);
  return { content: [{ type: "text", text: JSON.stringify(result.data.rows) }] };`,
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
      // A field the object does not have at first, written when the value is missing: testing it tells the failure apart.
      {
        code: tool(
          `async function loadReport(id: string) {
  const rows = await metricRows(id);
  const report: { data: { rows: string[] | null }; status: number; error?: string } = { data: { rows }, status: 200 };
  report.error = rows ? undefined : "The metrics could not be read";
  return report;
}`,
          `  const result = await loadReport(id);
  if ("error" in result) throw new Error(\`Report \${id}: \${result.error}\`);
  return { content: [{ type: "text", text: JSON.stringify(result.data.rows) }] };`,
        ),
      },
      // An object that spreads another may have any field: its \`error\` may tell the failure apart.
      {
        code: tool(
          `declare const extra: { error?: string };
async function loadReport(id: string) {
  const rows = await metricRows(id);
  return { ...extra, data: { rows } };
}`,
          `  const result = await loadReport(id);
  if (result.error) throw new Error(result.error);
  return { content: [{ type: "text", text: JSON.stringify(result.data.rows) }] };`,
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
      reported(
        'a test for a field the object does not have (`"error" in result`), for another return',
        tool(
          `async function withCache<T>(key: string, load: () => Promise<T>): Promise<T> {
  return load();
}
async function loadPage(id: string) {
  const page: { title: string; rows?: string[] | null } = { title: "Weekly" };
  page.rows = await metricRows(id);
  return { data: page, status: 200 };
}
async function findPage(id: string) {
  return withCache(id, async () => {
    try {
      return await loadPage(id);
    } catch (error) {
      return { error: String(error), status: 500 };
    }
  });
}`,
          `  const response = await findPage(id);
  if ("error" in response) return { isError: true, content: [{ type: "text", text: response.error }] };
  return { content: [{ type: "text", text: JSON.stringify(response.data.rows) }] };`,
        ),
      ),
      reported(
        "two fields of one returned object, the one the caller leaves out read first",
        tool(
          `async function loadReport(id: string) {
  const rows = await metricRows(id);
  const source = rows?.[0];
  const count = rows?.length;
  return { count, source };
}`,
          `  const { count } = await loadReport(id);
  return { content: [{ type: "text", text: \`\${count} rows\` }] };`,
        ),
      ),
      reported(
        "a destructured field the object does not have",
        tool(
          FIELD_HELPER,
          `  const { data, error } = (await loadPage(id)) as { data: { rows?: string[] | null }; error?: string };
  if (error) throw new Error(error);
  return { content: [{ type: "text", text: JSON.stringify(data.rows) }] };`,
        ),
      ),
    ],
  });
});

/** A helper that hands its value back in the one field of an object, and that field emptied by its catch. */
const SEGMENTS = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "replays", version: "1.0.0" });
declare function readSegments(id: string): Promise<string[][]>;
declare function readIssues(id: string): Promise<string[]>;
async function fetchSegments(id: string): Promise<{ segments: string[][] | null }> {
  try {
    const segments = await readSegments(id);
    return { segments };
  } catch {
    return { segments: null };
  }
}
function format(segments: string[][] | null, issues: string[]): string {
  return \`\${segments ? segments.join("\\n") : "No activity events recorded."}\\n\${issues.join("\\n")}\`;
}`;

const replayTool = (body: string): string => `${SEGMENTS}
server.registerTool("get_replay", { description: "A replay with its events" }, async ({ id }: { id: string }) => {
${body}
});`;

const emptiedField = (name: string, code: string): InvalidTestCase<MessageIds, Options> => ({
  name,
  code,
  errors: [
    {
      messageId: "swallowedEmpty",
      data: { value: "`null` in `segments`", tool: 'tool "get_replay"' },
      suggestions: [
        {
          messageId: "rethrowWithCause",
          data: { cause: "error" },
          output: code.replace(
            "} catch {\n    return { segments: null };",
            '} catch (error) {\n    throw new Error("fetchSegments failed", { cause: error });',
          ),
        },
      ],
    },
  ],
});

describe("no-swallowed-failure: a field emptied by a catch", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The caller fails when the field is missing.
      {
        code: replayTool(`  const { segments } = await fetchSegments(id);
  if (!segments) throw new Error(\`The recording of replay \${id} could not be read\`);
  return { content: [{ type: "text", text: format(segments, []) }] };`),
      },
      // Only the other element of the fan-out is answered.
      {
        code: replayTool(`  const [, issues] = await Promise.all([fetchSegments(id), readIssues(id)]);
  return { content: [{ type: "text", text: issues.join("\\n") }] };`),
      },
    ],
    invalid: [
      emptiedField(
        "the field destructured from the awaited call",
        replayTool(`  const { segments } = await fetchSegments(id);
  return { content: [{ type: "text", text: format(segments, []) }] };`),
      ),
      emptiedField(
        "the field destructured from one element of Promise.all",
        replayTool(`  const [{ segments }, issues] = await Promise.all([fetchSegments(id), readIssues(id)]);
  return { content: [{ type: "text", text: format(segments, issues) }] };`),
      ),
    ],
  });
});

/** An invoice created, then sent in a try of its own whose catch answers with `onError`. */
const invoiceTool = (
  onError: string,
  sent = "const delivery = await sendInvoice(created.id);",
) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "invoices", version: "1.0.0" });
declare function postInvoice(draft: unknown): Promise<{ id: string; status: string }>;
declare function sendInvoice(id: string): Promise<{ sentAt: string }>;
async function createAndSend(draft: unknown) {
  const created = await postInvoice(draft);
  try {
    ${sent}
    return { invoice: created, delivery };
  } catch (error) {
    console.error("sending the invoice failed", error);
    ${onError}
  }
}
server.registerTool("create_invoice", { description: "Creates an invoice and sends it" }, async ({ draft }: { draft: unknown }) => {
  const result = await createAndSend(draft);
  return { content: [{ type: "text", text: JSON.stringify(result) }] };
});`;

describe("no-swallowed-failure: a catch that answers with part of its try's item", () => {
  const partCode = invoiceTool("return created;");
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The part comes with a note of what failed.
      { code: invoiceTool("return { invoice: created, delivery: null, sendError: String(error) };") },
      // The left-out field holds nothing the try awaited: no failed call's value is missing.
      { code: invoiceTool("return created;", "await sendInvoice(created.id);\n    const delivery = { pending: true };") },
    ],
    invalid: [
      {
        code: partCode,
        errors: [
          {
            messageId: "swallowedEmpty",
            data: { value: "`created` without `delivery`", tool: 'tool "create_invoice"' },
            suggestions: [
              {
                messageId: "rethrowWithCause",
                data: { cause: "error" },
                output: partCode.replace("return created;", 'throw new Error("createAndSend failed", { cause: error });'),
              },
            ],
          },
        ],
      },
    ],
  });
});
