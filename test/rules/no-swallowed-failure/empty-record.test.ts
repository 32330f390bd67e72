/**
 * `no-swallowed-failure`: a catch that answers with a result holding nothing (`{ entries: [],
 * totalMatches: 0 }`), written in place or made by a same-file function (`emptyLookup(limit)`).
 * The tool then says "no entries", and the agent takes the outage for an empty answer. A result
 * that says it failed (`success: false`, a message) is a marker, and a list with something in it
 * is data: neither is an empty result.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A tool that answers "none" when the lookup's list is empty; `answer` is the catch's return. */
const lookup = (answer: string, helpers = ""): string =>
  `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "glossary", version: "1.0.0" });
declare const registry: { mapFor(term: string): Promise<string>; entries(map: string): Promise<{ term: string }[]> };
interface Lookup { entries: { term: string }[]; totalMatches: number; limits: { truncated: boolean; maxTokens: number }; success?: boolean; note?: string }
${helpers}
async function lookUpTerm(term: string, maxTokens: number): Promise<Lookup> {
  let map: string;
  try {
    map = await registry.mapFor(term);
  } catch (error) {
    console.error("map lookup failed", error);
    return ${answer};
  }
  const entries = await registry.entries(map);
  return { entries, totalMatches: entries.length, limits: { truncated: false, maxTokens } };
}
server.registerTool("glossary_lookup", { description: "Looks a term up" }, async ({ term }: { term: string }) => {
  const result = await lookUpTerm(term, 2000);
  if (result.entries.length === 0) return { content: [{ type: "text", text: \`No glossary entries for \${term}.\` }] };
  return { content: [{ type: "text", text: result.entries.map((e) => e.term).join("\\n") }] };
});`;

const EMPTY_LOOKUP = `function emptyLookup(maxTokens: number): Lookup {
  return { entries: [], totalMatches: 0, limits: { truncated: false, maxTokens } };
}`;

/** The finding on the catch's value, and its suggestion: rethrow with the cause. */
const swallowed = (code: string, answer: string, value: string) => [
  {
    messageId: "swallowedEmpty" as const,
    data: { value, tool: 'tool "glossary_lookup"' },
    suggestions: [
      {
        messageId: "rethrowWithCause" as const,
        data: { cause: "error" },
        output: code.replace(`return ${answer};`, 'throw new Error("lookUpTerm failed", { cause: error });'),
      },
    ],
  },
];

const WRITTEN = "{ entries: [], totalMatches: 0, limits: { truncated: false, maxTokens } }";
const MARKED_EMPTY = "{ entries: [], totalMatches: 0, limits: { truncated: false, maxTokens }, warnings: [] }";

/**
 * Entries fetched one by one, each failure answered with `[]`; `collect` gathers them (`fetched`),
 * and when none is left the function answers with a result that holds nothing again.
 */
const fanOut = (collect: string, empty: string): string =>
  `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "glossary", version: "1.0.0" });
declare const registry: { entry(id: string): Promise<string[]> };
declare function limitConcurrency<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]>;
interface Found { entries: string[]; total: number }
function emptyFound(): Found {
  return { entries: [], total: 0 };
}
async function lookUpTerms(ids: string[]): Promise<Found> {
${collect}
  const all = fetched.flat();
  if (all.length === 0) return ${empty};
  const ranked = all.sort();
  return { entries: ranked, total: ranked.length };
}
server.registerTool("glossary_lookup", { description: "Looks terms up" }, async ({ ids }: { ids: string[] }) => {
  const found = await lookUpTerms(ids);
  if (found.entries.length === 0) return { content: [{ type: "text", text: "No glossary entries." }] };
  return { content: [{ type: "text", text: found.entries.join("\\n") }] };
});`;

const PER_ITEM = `    try {
      return await registry.entry(id);
    } catch (error) {
      console.warn("entry failed", id, error);
      return [];
    }`;
const MAPPED = `  const fetched = await Promise.all(ids.map(async (id) => {
${PER_ITEM}
  }));`;
const THUNKS = `  const tasks = ids.map((id) => async (): Promise<string[]> => {
${PER_ITEM}
  });
  const fetched = await limitConcurrency(tasks, 3);`;

/** The finding on the per-item `[]`, and its suggestion: rethrow with the cause. */
const dropped = (code: string) => [
  {
    messageId: "swallowedEmpty" as const,
    data: { value: "an empty array", tool: 'tool "glossary_lookup"' },
    suggestions: [
      {
        messageId: "rethrowWithCause" as const,
        data: { cause: "error" },
        output: code.replace("      return [];", '      throw new Error("The operation failed", { cause: error });'),
      },
    ],
  },
];

describe("no-swallowed-failure: per-item stand-ins that end in an empty result", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The function says when nothing was found because everything failed.
      { code: fanOut(MAPPED, '{ entries: [], total: 0, note: "Every lookup failed." }') },
    ],
    invalid: [
      { code: fanOut(MAPPED, "emptyFound()"), errors: dropped(fanOut(MAPPED, "emptyFound()")) },
      { code: fanOut(THUNKS, "{ entries: [], total: 0 }"), errors: dropped(fanOut(THUNKS, "{ entries: [], total: 0 }")) },
    ],
  });
});

describe("no-swallowed-failure: empty results", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // A flag that says the call failed: the caller can tell.
      { code: lookup("{ entries: [], totalMatches: 0, limits: { truncated: false, maxTokens }, success: false }") },
      // A note that says what happened.
      { code: lookup('{ entries: [], totalMatches: 0, limits: { truncated: false, maxTokens }, note: "The glossary could not be reached." }') },
      // A list with entries in it: fixed data, not an empty result (and not this mechanism's).
      {
        code: lookup(
          "{ entries: [fallbackEntry], totalMatches: 1, limits: { truncated: false, maxTokens } }",
          "declare const fallbackEntry: { term: string };",
        ),
      },
      // A value of the caught error in the result.
      { code: lookup("{ entries: [], totalMatches: 0, limits: { truncated: false, maxTokens }, note: String(error) }") },
      // A partial-result marker that says something.
      { code: lookup('{ entries: [], totalMatches: 0, limits: { truncated: false, maxTokens }, warnings: ["The glossary map could not be read."] }') },
      // A builder that takes what to say from its caller.
      {
        code: lookup(
          'describedLookup("The glossary could not be reached.")',
          "function describedLookup(note: string): Lookup {\n  return { entries: [], totalMatches: 0, limits: { truncated: false, maxTokens: 0 }, note };\n}",
        ),
      },
    ],
    invalid: [
      {
        code: lookup(WRITTEN),
        errors: swallowed(lookup(WRITTEN), WRITTEN, "an empty result (`entries: []`)"),
      },
      // A partial-result marker left empty warns of nothing.
      {
        code: lookup(MARKED_EMPTY),
        errors: swallowed(lookup(MARKED_EMPTY), MARKED_EMPTY, "an empty result (`entries: []`)"),
      },
      {
        code: lookup("emptyLookup(maxTokens)", EMPTY_LOOKUP),
        errors: swallowed(lookup("emptyLookup(maxTokens)", EMPTY_LOOKUP), "emptyLookup(maxTokens)", "the empty result of `emptyLookup()`"),
      },
    ],
  });
});

/** A tool that answers "none" when `getSplits` gives nothing; `body` is the function's body. */
const splits = (body: string): string =>
  `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "markets", version: "1.0.0" });
declare const api: { post(url: string): Promise<{ rows?: unknown[][] }> };
async function getSplits(from: string): Promise<Record<string, unknown>[]> {
${body}
}
server.registerTool("get_splits", { description: "Lists stock splits" }, async ({ from }: { from: string }) => {
  const found = await getSplits(from);
  if (found.length === 0) return { content: [{ type: "text", text: "No splits in that range." }] };
  return { content: [{ type: "text", text: JSON.stringify(found) }] };
});`;

const afterCatch = (returned: string, tryEnd = ""): string =>
  splits(`  try {
    const response = await api.post(\`/splits?from=\${from}\`);
    if (response.rows) {
      return response.rows.map((row) => ({ date: row[0], ratio: row[1] }));
    }${tryEnd}
  } catch (error) {
    console.warn("Splits request failed", error);
  }
  return ${returned};`);

const loggedThenEmpty = (value: string) => [{ messageId: "swallowedEmpty" as const, data: { value, tool: 'tool "get_splits"' } }];

describe("no-swallowed-failure: an empty value after a catch that only logs", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The catch says the call failed in what it leaves: a rethrow.
      { code: afterCatch("[]").replace('console.warn("Splits request failed", error);', 'throw new Error("Splits request failed", { cause: error });') },
      // Data after the try, not an empty value.
      { code: afterCatch("cachedSplits()") },
      // `{}` is as often something optional left out (metadata, a hint) as an answer.
      { code: afterCatch("{} as Record<string, unknown>[]") },
      // A try that only ever answers empty values: nothing to tell apart.
      { code: afterCatch("[]").replace("return response.rows.map((row) => ({ date: row[0], ratio: row[1] }));", "return [];") },
    ],
    invalid: [
      // The try goes on to the same `return []` when it finds no rows.
      { code: afterCatch("[]"), errors: loggedThenEmpty("an empty array") },
      // The try always returns: the `return []` answers only the failure.
      { code: afterCatch("[]", "\n    return [];"), errors: loggedThenEmpty("an empty array") },
    ],
  });
});
