/**
 * `no-swallowed-failure`: items of a fan-out whose failed call the catch empties (`{ accountId,
 * calendars: [] }`), read by destructuring in a loop (`for (const { accountId, calendars } of
 * perAccount)`) and gathered in a `Map` or a `Set` on the way to the answer; and a catch's object
 * with failure text that a caller answers with whole (`text: JSON.stringify(found)`).
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** The calendars of every account, each account's failed listing emptied; `gather` makes `lines` of `perAccount`. */
const accounts = (gather: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "calendars", version: "1.0.0" });
declare function listCalendars(account: string): Promise<{ id: string }[]>;
async function calendarsOf(accounts: string[]) {
  return Promise.all(
    accounts.map(async (accountId) => {
      try {
        return { accountId, calendars: await listCalendars(accountId), error: undefined as string | undefined };
      } catch {
        return { accountId, calendars: [] as { id: string }[], error: undefined as string | undefined };
      }
    }),
  );
}
server.registerTool("list_calendars", { description: "Lists the calendars of every account" }, async ({ ids }: { ids: string[] }) => {
  const perAccount = await calendarsOf(ids);
${gather}
  return { content: [{ type: "text", text: lines.join("\\n") }] };
});`;

const emptiedCalendars = (code: string) => [
  {
    messageId: "swallowedEmpty" as const,
    data: { value: "an empty array in `calendars`", tool: 'tool "list_calendars"' },
    suggestions: [
      {
        messageId: "rethrowWithCause" as const,
        data: { cause: "error" },
        output: code.replace(
          "} catch {\n        return { accountId, calendars: [] as { id: string }[], error: undefined as string | undefined };",
          '} catch (error) {\n        throw new Error("The operation failed", { cause: error });',
        ),
      },
    ],
  },
];

const destructured = accounts(`  const lines: string[] = [];
  for (const { accountId, calendars } of perAccount) {
    for (const calendar of calendars) lines.push(\`\${calendar.id} (\${accountId})\`);
  }`);
const inMap = accounts(`  const owners = new Map<string, string[]>();
  for (const { accountId, calendars } of perAccount) {
    for (const calendar of calendars) {
      const list = owners.get(calendar.id) ?? [];
      list.push(accountId);
      owners.set(calendar.id, list);
    }
  }
  const lines = Array.from(owners.entries()).map(([id, list]) => \`\${id}: \${list.join(", ")}\`);`);
const inSet = accounts(`  const found = new Set<string>();
  for (const { calendars } of perAccount) {
    for (const calendar of calendars) found.add(calendar.id);
  }
  const lines = [...found];`);

/** A search whose catch returns the empty list with failure text beside it; `answer` is the handler's after `found`. */
const search = (
  answer: string,
  failed = "{ transactions: [], count: 0, error: `Searching transactions failed: ${String(error)}` }",
) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "ledger", version: "1.0.0" });
declare function query(amount: number): Promise<{ id: string; amount: number }[]>;
async function searchByAmount(amount: number) {
  try {
    const transactions = await query(amount);
    return { transactions, count: transactions.length };
  } catch (error) {
    return ${failed};
  }
}
server.registerTool("search_by_amount", { description: "Finds transactions of an amount" }, async ({ amount }: { amount: number }) => {
  const found = await searchByAmount(amount);
${answer}
});`;

const wholeObject = search('  return { content: [{ type: "text", text: JSON.stringify(found) }] };');
const copied = search(`  const safe = found === undefined ? null : JSON.parse(JSON.stringify(found));
  return { content: [{ type: "text", text: JSON.stringify(safe) }] };`);

/** The report of the catch's object in `code`, answered whole. */
const answeredWhole = (code: string) => [
  {
    messageId: "swallowedResult" as const,
    data: { tool: 'Tool "search_by_amount"' },
    suggestions: [
      {
        messageId: "rethrowWithCause" as const,
        data: { cause: "error" },
        output: code.replace(
          "return { transactions: [], count: 0, error: `Searching transactions failed: ${String(error)}` };",
          "throw new Error(`Searching transactions failed: ${String(error)}`, { cause: error });",
        ),
      },
    ],
  },
];

describe("no-swallowed-failure: fields of fan-out items, and objects answered whole", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // A field next to the value is tested: it may tell the failure apart.
      {
        code: accounts(`  const lines: string[] = [];
  for (const { accountId, calendars, error } of perAccount) {
    if (error) throw new Error(\`The calendars of \${accountId} could not be listed: \${error}\`);
    for (const calendar of calendars) lines.push(calendar.id);
  }`),
      },
      // A \`set\` of something that is no \`new Map()\` of the file.
      {
        code: accounts(`  const lines: string[] = [];
  const params = new URLSearchParams();
  for (const { calendars } of perAccount) {
    for (const calendar of calendars) params.set("id", calendar.id);
  }
  lines.push(\`Query: \${params.toString()}\`);`),
      },
      // An object that also says what it is, answered whole: a partial answer with a note.
      {
        code: search(
          '  return { content: [{ type: "text", text: JSON.stringify(found) }] };',
          '{ transactions: [], count: 0, status: "UNAVAILABLE", error: `Searching transactions failed: ${String(error)}` }',
        ),
      },
      // The caller fails on the failure text before it answers with the object.
      {
        code: search(`  if ("error" in found) return { isError: true, content: [{ type: "text", text: found.error }] };
  return { content: [{ type: "text", text: JSON.stringify(found) }] };`),
      },
    ],
    invalid: [
      { name: "fields of each item, destructured in a loop", code: destructured, errors: emptiedCalendars(destructured) },
      { name: "items gathered in a Map", code: inMap, errors: emptiedCalendars(inMap) },
      { name: "items gathered in a Set", code: inSet, errors: emptiedCalendars(inSet) },
      { name: "an object with failure text, answered whole", code: wholeObject, errors: answeredWhole(wholeObject) },
      { name: "the same, copied after a test of its presence", code: copied, errors: answeredWhole(copied) },
    ],
  });
});
