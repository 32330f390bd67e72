/**
 * `no-swallowed-failure`: an empty stand-in of a helper that reaches the answer through a call
 * that gives back what its callback returns (`withCache(key, async () => ...)`), through an outcome
 * of `Promise.allSettled`, and past a note only an empty list gets.
 */
import { describe } from "vitest";
import type { InvalidTestCase, TestCaseError } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

const HEADER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "notes", version: "1.0.0" });
declare function withCache<T>(key: string, load: () => Promise<T>): Promise<T>;
declare function remoteNotes(query: string): Promise<string[]>;
declare function hintFor(query: string): string;
async function localNotes(query: string): Promise<string[]> {
  try {
    const response = await fetch(\`http://localhost:4000/notes?q=\${query}\`, { signal: AbortSignal.timeout(5000) });
    return (await response.json()) as string[];
  } catch (error) {
    console.warn(error);
    return [];
  }
}`;

/** A tool whose handler body is `body`, after the helper above. */
const tool = (body: string, more = ""): string => `${HEADER}
${more}
server.registerTool("find_notes", { description: "Notes that match a query" }, async ({ query }: { query: string }) => {
${body}
});`;

/** The report on the helper's `return [];`, with its rethrow suggestion. */
const empty = (code: string): TestCaseError<MessageIds> => ({
  messageId: "swallowedEmpty" as const,
  data: { value: "an empty array", tool: 'tool "find_notes"' },
  suggestions: [
    {
      messageId: "rethrowWithCause" as const,
      data: { cause: "error" },
      output: code.replace("return [];", 'throw new Error("localNotes failed", { cause: error });'),
    },
  ],
});

/** An invalid case: the one report on the helper (and `more` after it). */
const reported = (name: string, code: string, more: TestCaseError<MessageIds>[] = []): InvalidTestCase<MessageIds, Options> => ({
  name,
  code,
  errors: [empty(code), ...more],
});

describe("no-swallowed-failure: values carried by runners, settled outcomes and notes", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The runner's value is tested and the empty case fails.
      {
        code: tool(`  const notes = await withCache(query, async () => localNotes(query));
  if (notes.length === 0) throw new Error(\`No notes could be read for \${query}\`);
  return { content: [{ type: "text", text: notes.join("\\n") }] };`),
      },
      // A timer runs the callback; what it returns goes nowhere.
      {
        code: tool(`  setTimeout(async () => localNotes(query), 10);
  return { content: [{ type: "text", text: "Scheduled." }] };`),
      },
      // The outcomes' values are never read: only their status.
      {
        code: tool(`  const [remote, local] = await Promise.allSettled([remoteNotes(query), localNotes(query)]);
  return { content: [{ type: "text", text: \`remote search \${remote.status}, local search \${local.status}\` }] };`),
      },
      // The catch notes the failure in a list of the object it was handed, which the answer carries.
      {
        code: tool(
          `  const report = { errors: [] as unknown[] };
  const phase = await createPhase(query, report);
  return { content: [{ type: "text", text: JSON.stringify({ created: phase.created, errors: report.errors }) }] };`,
          `declare const api: { create(query: string): Promise<{ count: number }> };
async function createPhase(query: string, report: { errors: unknown[] }) {
  let created = 0;
  try {
    created = (await api.create(query)).count;
  } catch (error) {
    report.errors.push({ phase: "create", message: String(error) });
  }
  return { created };
}`,
        ),
      },
      // The answer's warnings are made of the value: what is missing is noted.
      {
        code: tool(
          `  const notes = await localNotes(query);
  const qualityWarnings = buildQualityWarnings(notes);
  return { content: [{ type: "text", text: JSON.stringify({ notes, qualityWarnings }) }] };`,
          "declare function buildQualityWarnings(notes: string[]): string[];",
        ),
      },
      // The settled value is tested, and the empty case fails.
      {
        code: tool(`  const [local] = await Promise.allSettled([localNotes(query)]);
  if (local.status === "rejected" || local.value.length === 0) throw new Error(\`No notes could be read for \${query}\`);
  return { content: [{ type: "text", text: local.value.join("\\n") }] };`),
      },
      // An empty settled value takes another source.
      {
        code: tool(`  const [local] = await Promise.allSettled([localNotes(query)]);
  const notes = local.status === "fulfilled" && local.value.length > 0 ? local.value : await remoteNotes(query);
  return { content: [{ type: "text", text: notes.join("\\n") }] };`),
      },
      // A runner of unknown meaning: \`undefined\` may mean "poll again".
      {
        code: tool(
          `  const notes = await pollUntil(async () => {
    try {
      const found = await localNotes(query);
      return found.length > 0 ? found : undefined;
    } catch (error) {
      console.warn(error);
      return undefined;
    }
  });
  return { content: [{ type: "text", text: notes.join("\\n") }] };`,
          "declare function pollUntil<T>(probe: () => Promise<T | undefined>): Promise<T>;",
        ),
      },
      // The note that only the empty list gets says the search may have failed.
      {
        code: tool(`  const notes = await localNotes(query);
  return { content: [{ type: "text", text: JSON.stringify({ notes, warning: notes.length ? undefined : \`The notes service may be unreachable for \${query}\` }) }] };`),
      },
      // Both branches of the conditional read the list: it decides what is shown.
      {
        code: tool(`  const notes = await localNotes(query);
  return { content: [{ type: "text", text: notes.length ? notes.join("\\n") : undefined }] };`),
      },
    ],
    invalid: [
      // A count of the list written into a field further down the object the tool answers with.
      reported(
        "count in a nested field",
        tool(`  const report = { totals: { notes: 0 } };
  const notes = await localNotes(query);
  report.totals.notes = notes.length;
  return { content: [{ type: "text", text: JSON.stringify(report) }] };`),
      ),
      // A default for nothing (`?? []`) leaves the list as the helper gave it.
      reported(
        "value with a default",
        tool(`  const notes = (await localNotes(query)) ?? [];
  return { content: [{ type: "text", text: notes.join("\\n") }] };`),
      ),
      // `withCache` gives back what its callback returns.
      reported(
        "runner value",
        tool(`  const notes = await withCache(query, async () => localNotes(query));
  return { content: [{ type: "text", text: notes.join("\\n") }] };`),
      ),
      // The helper hands on what the runner gives back.
      reported(
        "runner value returned by a helper",
        tool(
          `  const notes = await findAll(query);
  return { content: [{ type: "text", text: notes.join("\\n") }] };`,
          `async function findAll(query: string) {
  return withCache(query, () => localNotes(query));
}`,
        ),
      ),
      // The local search's outcome, read where it was fulfilled.
      reported(
        "settled outcome read where fulfilled",
        tool(`  const [remote, local] = await Promise.allSettled([remoteNotes(query), localNotes(query)]);
  let found: string[] = [];
  if (local.status === "fulfilled") {
    found = local.value;
  }
  return { content: [{ type: "text", text: JSON.stringify({ remote: remote.status, found }) }] };`),
      ),
      reported(
        "settled outcome in a conditional",
        tool(`  const [, local] = await Promise.allSettled([remoteNotes(query), localNotes(query)]);
  const found = local.status === "fulfilled" ? local.value : [];
  return { content: [{ type: "text", text: JSON.stringify(found) }] };`),
        [{ messageId: "swallowedSettled", data: { tool: 'Tool "find_notes"', value: "an empty array" } }],
      ),
      // A function of the file that returns its call of the callback gives back its value.
      reported(
        "runner of the file",
        tool(
          `  const notes = await timed("notes", () => localNotes(query));
  return { content: [{ type: "text", text: notes.join("\\n") }] };`,
          `async function timed<T>(label: string, load: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await load();
  } finally {
    console.log(label, Date.now() - started);
  }
}`,
        ),
      ),
      // The value read through a cast of the outcome.
      reported(
        "settled outcome read through a cast",
        tool(`  const outcomes = await Promise.allSettled([remoteNotes(query), localNotes(query)]);
  const found = outcomes.filter((outcome) => outcome.status === "fulfilled").flatMap((outcome) => (outcome as PromiseFulfilledResult<string[]>).value);
  if (outcomes[0].status === "rejected") console.warn(outcomes[0].reason);
  return { content: [{ type: "text", text: found.join("\\n") }] };`),
      ),
      // A list of outcomes, taken one at a time.
      reported(
        "settled outcomes in forEach",
        tool(`  const searches: Promise<string[]>[] = [];
  for (const shard of ["eu", "us"]) searches.push(localNotes(\`\${shard}:\${query}\`));
  const outcomes = await Promise.allSettled(searches);
  const found: string[] = [];
  outcomes.forEach((outcome) => {
    if (outcome.status === "fulfilled") found.push(...outcome.value);
  });
  return { content: [{ type: "text", text: found.join("\\n") }] };`),
      ),
      reported(
        "settled outcomes in for-of",
        tool(`  const found: string[] = [];
  for (const outcome of await Promise.allSettled([remoteNotes(query), localNotes(query)])) {
    if (outcome.status === "fulfilled") found.push(...outcome.value);
  }
  return { content: [{ type: "text", text: found.join("\\n") }] };`),
      ),
      // An object made of the list goes to the warnings builder, which may not look at the list.
      reported(
        "object made of the value handed to a warnings builder",
        tool(
          `  const [notes] = await Promise.all([localNotes(query)]);
  const sources = { notes, checkedAt: Date.now() };
  return { content: [{ type: "text", text: JSON.stringify({ report: summarize(sources), qualityWarnings: buildQualityWarnings(sources) }) }] };`,
          `declare function summarize(sources: { notes: string[] }): string;
declare function buildQualityWarnings(sources: { checkedAt: number }): string[];`,
        ),
      ),
      // A hint only the empty list gets: the list still goes into the answer.
      reported(
        "note only the empty list gets",
        tool(`  const notes = await localNotes(query);
  return { content: [{ type: "text", text: JSON.stringify({ notes, hint: notes.length ? undefined : hintFor(query) }) }] };`),
      ),
    ],
  });
});
