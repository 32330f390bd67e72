/**
 * `no-swallowed-failure`: tests on the way to the answer that the failed value passes like any
 * other, so they do not tell the failure apart: a test of what kind the value is whose branch hands
 * it on (`if (isResult(output)) return output;`), a test that an outcome of `Promise.allSettled`
 * holds a list (`o.value && Array.isArray(o.value)`), and a default (`cal.name || "?"`).
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

const HEADER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "replays", version: "1.0.0" });`;

/** The report on `return <value>;` in the catch of `helper`, with its rethrow suggestion. */
const emptied = (code: string, value: string, tool: string, helper: string, returned: string) => [
  {
    messageId: "swallowedEmpty" as const,
    data: { value, tool: `tool "${tool}"` },
    suggestions: [
      {
        messageId: "rethrowWithCause" as const,
        data: { cause: "error" },
        output: code.replace(`} catch {\n    return ${returned};`, `} catch (error) {\n    throw new Error("${helper} failed", { cause: error });`),
      },
    ],
  },
];

/** A dispatcher that runs a tool function and answers with its text, or with the result it made; `kind` is the test of the result. */
const dispatched = (kind: string) => `${HEADER}
type Result = { content: { type: "text"; text: string }[]; isError?: boolean };
declare function readEvents(id: string): Promise<string[]>;
declare function toResult(output: Result): Result;
declare function errorResult(output: Result): Result;
function isResult(value: unknown): value is Result {
  return typeof value === "object" && value !== null && "content" in value;
}
async function listEvents(id: string): Promise<string[]> {
  try {
    return await readEvents(id);
  } catch {
    return [];
  }
}
async function replaySummary(id: string): Promise<string | Result> {
  const events = await listEvents(id);
  return events.length > 0 ? events.join("\\n") : "No activity recorded.";
}
server.registerTool("get_replay", { description: "A replay's activity" }, async ({ id }: { id: string }) => {
  const output = await replaySummary(id);
${kind}
  return { content: [{ type: "text", text: String(output) }] };
});`;

/** Searches of several labels at once, each outcome's list added when `test` holds. */
const settled = (test: string) => `${HEADER}
declare const db: { query(label: string, q: string): Promise<{ name: string }[]> };
async function searchLabel(label: string, q: string): Promise<{ name: string }[]> {
  try {
    return await db.query(label, q);
  } catch {
    return [];
  }
}
server.registerTool("search", { description: "Searches every label" }, async ({ labels, q }: { labels: string[]; q: string }) => {
  const found: { name: string }[] = [];
  const outcomes = await Promise.allSettled(labels.map((label) => searchLabel(label, q)));
  outcomes.forEach((o) => {
    if (${test}) found.push(...o.value);
  });
  return { content: [{ type: "text", text: JSON.stringify(found) }] };
});`;

/** A listing of calendars whose items are read with `line`. */
const calendars = (line: string) => `${HEADER}
declare function readCalendars(): Promise<{ id: string; name?: string }[]>;
async function listCalendars(): Promise<{ id: string; name?: string }[]> {
  try {
    return await readCalendars();
  } catch {
    return [];
  }
}
server.registerTool("list_calendars", { description: "Lists calendars" }, async () => {
  const lines: string[] = [];
  for (const cal of await listCalendars()) ${line}
  return { content: [{ type: "text", text: lines.join("\\n") }] };
});`;

const handedOn = dispatched("  if (isResult(output)) return output;");
const converted = dispatched("  if (isResult(output)) return toResult(output);");
const instance = dispatched("  if (output instanceof Object) return output as Result;");
const fulfilledList = settled('o.status === "fulfilled" && o.value && Array.isArray(o.value)');
const nonNull = settled('o.status === "fulfilled" && o.value != null');
const defaulted = calendars('lines.push(`${cal.id}: ${cal.name || "(no name)"}`);');

describe("no-swallowed-failure: tests the failed value passes", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // A branch that turns the value into an error result: the test may tell the failure apart.
      { code: dispatched("  if (isResult(output)) return errorResult(output);") },
      // A branch that does more than hand the value on.
      { code: dispatched('  if (isResult(output)) {\n    output.content.push({ type: "text", text: "Checked." });\n    return output;\n  }') },
      // A size test of an outcome's list: an empty list fails it.
      { code: settled('o.status === "fulfilled" && o.value.length > 0') },
      // `&&` guards: the rest runs only for a value that passes.
      { code: calendars('if (cal.name && cal.id) lines.push(cal.name); else throw new Error("A calendar without a name");') },
    ],
    invalid: [
      {
        name: "a test of the value's kind whose branch hands it on",
        code: handedOn,
        errors: emptied(handedOn, "an empty array", "get_replay", "listEvents", "[]"),
      },
      {
        name: "a test of the value's kind whose branch hands it to a converter",
        code: converted,
        errors: emptied(converted, "an empty array", "get_replay", "listEvents", "[]"),
      },
      {
        name: "a test with instanceof whose branch hands the value on",
        code: instance,
        errors: emptied(instance, "an empty array", "get_replay", "listEvents", "[]"),
      },
      {
        name: "an outcome's list tested for presence",
        code: fulfilledList,
        errors: emptied(fulfilledList, "an empty array", "search", "searchLabel", "[]"),
      },
      {
        name: "an outcome's list tested against null",
        code: nonNull,
        errors: emptied(nonNull, "an empty array", "search", "searchLabel", "[]"),
      },
      {
        name: "a default of an item's field is no test",
        code: defaulted,
        errors: emptied(defaulted, "an empty array", "list_calendars", "listCalendars", "[]"),
      },
    ],
  });
});
