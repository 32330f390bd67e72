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
      {
        code: lookup("emptyLookup(maxTokens)", EMPTY_LOOKUP),
        errors: swallowed(lookup("emptyLookup(maxTokens)", EMPTY_LOOKUP), "emptyLookup(maxTokens)", "the empty result of `emptyLookup()`"),
      },
    ],
  });
});
