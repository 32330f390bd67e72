import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options, PLACEHOLDER } from "../../src/rules/no-empty-tool-result.js";
import { createRuleTester } from "../rule-tester.js";
import { inTool, invalid as invalidCase, replaceOnce } from "../cases.js";
import { type HandlerShape, SHAPES } from "../shapes.js";

type Valid = ValidTestCase<Options>;
type Invalid = InvalidTestCase<MessageIds, Options>;

const ruleTester = createRuleTester();
const invalid = invalidCase<MessageIds, Options>;

const TOOL = 'Tool "search_docs"';
const FILLED = `[{ type: "text", text: ${JSON.stringify(PLACEHOLDER)} }]`;
const OK = '[{ type: "text", text: "Deleted 3 records." }]';

/**
 * `shape.wrap(body)`, with the placeholder handler of the `update()` shape (registered first,
 * then replaced) given some text, so that only the body under test can be reported.
 */
function wrap(shape: HandlerShape, body: string): string {
  const code = shape.wrap(body);
  return code.includes("async () => ({ content: [] })")
    ? replaceOnce(code, "async () => ({ content: [] })", 'async () => ({ content: [{ type: "text", text: "Not ready." }] })')
    : code;
}

function toolOf(shape: HandlerShape): string {
  return shape.named ? TOOL : "This tool handler";
}

const empty = (tool: string, what = "no content", structured = ""): Record<string, string> => ({ tool, what, structured });

/** The one suggestion: `from` (the content array) becomes the placeholder part. */
const describeOutcome =
  (from: string, to = FILLED) =>
  (code: string) => [{ messageId: "describeOutcome" as const, output: replaceOnce(code, from, to) }];

const FASTMCP = `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
`;

/** A FastMCP tool `delete_record` whose `execute` is `execute`. */
function fastMcp(execute: string): string {
  return `${FASTMCP}server.addTool({
  name: "delete_record",
  parameters: z.object({ id: z.string() }),
  ${execute},
});`;
}

const DELETE_RECORD = 'Tool "delete_record"';
const fastEmpty = (what: string): Record<string, string> => ({ tool: DELETE_RECORD, what });

// ---------------------------------------------------------------------------------------------
// Every handler shape.

const shapeInvalid: Invalid[] = SHAPES.flatMap((shape) => [
  invalid({
    name: `${shape.title}: content: []`,
    code: wrap(shape, "    return { /*>*/content: [] };"),
    errors: [
      {
        messageId: "emptyToolResult",
        reported: "content: []",
        data: empty(toolOf(shape)),
        suggestions: describeOutcome("content: []", `content: ${FILLED}`),
      },
    ],
    output: null,
  }),
  invalid({
    name: `${shape.title}: one empty text part`,
    code: wrap(shape, '    return { /*>*/content: [{ type: "text", text: "" }] };'),
    errors: [
      {
        messageId: "emptyToolResult",
        reported: 'content: [{ type: "text", text: "" }]',
        data: empty(toolOf(shape), "only empty text"),
        suggestions: describeOutcome('[{ type: "text", text: "" }]'),
      },
    ],
    output: null,
  }),
]);

const shapeValid: Valid[] = SHAPES.flatMap((shape) => [
  { name: `${shape.title}: a text part that says what happened`, code: wrap(shape, `    return { content: ${OK} };`) },
  { name: `${shape.title}: an error result with no content (other rules)`, code: wrap(shape, "    return { isError: true, content: [] };") },
]);

// ---------------------------------------------------------------------------------------------
// Hand-written cases: `registerTool("search_docs")` unless said otherwise.

ruleTester.run("no-empty-tool-result", rule, {
  valid: [
    {
      name: "parts pushed under conditions, one of them on every path",
      code: inTool(`  const reply = { content: [] as { type: "text"; text: string }[] };
  if (args.verbose) reply.content.push({ type: "text", text: "Details follow." });
  reply.content.push({ type: "text", text: "Done." });
  return reply;`),
    },
    {
      name: "parts pushed in both branches of an if",
      code: inTool(`  const reply = { content: [] as { type: "text"; text: string }[] };
  const page = await fetchPage(args.url);
  if (page.markdown) reply.content.push({ type: "text", text: page.markdown });
  else reply.content.push({ type: "text", text: "The page has no text." });
  return reply;`),
    },
    {
      name: "a part pushed in a branch whose other branch leaves",
      code: inTool(`  const reply = { content: [] as { type: "text"; text: string }[] };
  const page = await fetchPage(args.url);
  if (page.markdown) {
    reply.content.push({ type: "text", text: page.markdown });
  } else {
    return { content: [{ type: "text", text: "The page has no text." }] };
  }
  return reply;`),
    },
    {
      name: "a part pushed once per item in a loop (the list may be checked before)",
      code: inTool(`  const reply = { content: [] as { type: "text"; text: string }[] };
  for (const page of await crawl(args.url)) reply.content.push({ type: "text", text: page.title });
  return reply;`),
    },
    {
      name: "parts pushed under conditions after a guard that leaves (the guard may make them hold)",
      code: inTool(`  const reply = { content: [] as { type: "text"; text: string }[], isError: false };
  const { web } = await search(args.query);
  if (!web || web.results.length < 1) {
    reply.isError = true;
    reply.content.push({ type: "text", text: "No web results found" });
    return reply;
  }
  if (web && web.results.length > 0) {
    for (const entry of web.results) reply.content.push({ type: "text", text: entry.title });
  }
  return reply;`),
    },
    {
      name: "a result whose content array is handed to another function",
      code: inTool(`  const reply = { content: [] as { type: "text"; text: string }[] };
  if (args.verbose) reply.content.push({ type: "text", text: "Details follow." });
  addSummary(reply.content);
  return reply;`),
    },
    {
      name: "a join of lines checked for emptiness before it is returned",
      code: inTool(`  const lines: string[] = [];
  for (const entry of await readLog(args.service)) if (entry.message) lines.push(entry.message);
  if (lines.length === 0) return { content: [{ type: "text", text: "No log entries." }] };
  return { content: [{ type: "text", text: lines.join("\\n") }] };`),
    },
    {
      name: "a join of lines that starts with a header",
      code: inTool(`  const lines: string[] = ["Log entries:"];
  for (const entry of await readLog(args.service)) if (entry.message) lines.push(entry.message);
  return { content: [{ type: "text", text: lines.join("\\n") }] };`),
    },
    {
      name: "a join of lines one of which is always pushed",
      code: inTool(`  const lines: string[] = [];
  lines.push(\`Log of \${args.service}:\`);
  for (const entry of await readLog(args.service)) if (entry.message) lines.push(entry.message);
  return { content: [{ type: "text", text: lines.join("\\n") }] };`),
    },
    {
      name: "a fallback to text that says what happened",
      code: inTool('  return { content: [{ type: "text", text: (await readNotes(args.id)) || "The note is empty." }] };'),
    },
    {
      name: "a fallback to the empty string beside a part that always says something",
      code: inTool('  return { content: [{ type: "text", text: `Notes of ${args.id}:` }, { type: "text", text: (await readNotes(args.id)) ?? "" }] };'),
    },
    ...shapeValid,

    // Content that may say something.
    { name: "content built elsewhere", code: inTool("  return { content: parts };") },
    { name: "a spread in the content array", code: inTool("  return { content: [...parts] };") },
    { name: "a spread in a part", code: inTool('  return { content: [{ ...base, type: "text", text: "" }] };') },
    { name: "a part built elsewhere", code: inTool("  return { content: [part] };") },
    { name: "a hole in the content array", code: inTool("  return { content: [, ] };") },
    { name: "text from a variable", code: inTool('  return { content: [{ type: "text", text: summary }] };') },
    { name: "a template with an expression", code: inTool('  return { content: [{ type: "text", text: `${count}` }] };') },
    {
      name: "an empty text part next to a non-empty one",
      code: inTool('  return { content: [{ type: "text", text: "" }, { type: "text", text: "Done." }] };'),
    },
    { name: "an image part", code: inTool('  return { content: [{ type: "image", data: png, mimeType: "image/png" }] };') },
    { name: "an embedded resource part", code: inTool('  return { content: [{ type: "resource", resource: { uri: "file:///a", text: "" } }] };') },
    { name: "a part whose type is not static", code: inTool('  return { content: [{ type: kind, text: "" }] };') },
    { name: "a text part without text", code: inTool('  return { content: [{ type: "text" }] };') },

    // Not a successful result.
    { name: "isError: true", code: inTool("  return { isError: true, content: [] };") },
    { name: "isError from a variable", code: inTool("  return { isError: failed, content: [] };") },

    // The data is in structuredContent (default options).
    { name: "empty content next to structuredContent", code: inTool("  return { content: [], structuredContent: { deleted: 3 } };") },

    // Not the tool's result.
    {
      name: "a result that the handler fills before returning it",
      code: inTool(`  const result = { content: [] };
  for (const id of args.ids) result.content.push({ type: "text", text: \`Deleted \${id}\` });
  return result;`),
    },
    {
      name: "a content object passed to a call, not returned",
      code: inTool(`  const params = { content: [] };
  await app.updateModelContext(params);
  return { content: ${OK} };`),
    },
    {
      name: "an object returned by an inline callback on the handler path",
      code: inTool(`  const parts = await Promise.all(args.ids.map(async (id) => {
    await remove(id);
    return { content: [] };
  }));
  return { content: parts.flatMap((p) => p.content) };`),
    },
    {
      name: "a returned object off any handler path (a test mock)",
      code: `import { vi } from "vitest";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export const callTool = vi.fn(async () => ({ content: [] }));`,
    },
    {
      name: "an expected value in a test",
      code: `import { expect, it } from "vitest";
import { server } from "./server.js";
it("returns nothing", async () => {
  expect(await server.callTool("noop")).toEqual({ content: [] });
});`,
    },
    {
      name: "an empty result in a catch block (no-swallowed-failure reports it)",
      code: inTool(`  try {
    await records.remove(args.id);
  } catch {
    return { content: [] };
  }
  return { content: ${OK} };`),
    },
    {
      name: "FastMCP: return without a value in a catch block (no-swallowed-failure's concern)",
      code: fastMcp(`execute: async ({ id }) => {
    try {
      await records.remove(id);
    } catch {
      return;
    }
    return \`Deleted \${id}.\`;
  }`),
    },
    { name: "not an MCP file", code: "export function run() { return { content: [] }; }" },

    // FastMCP: only what FastMCP is known to turn into empty content.
    { name: "FastMCP: execute returns a sentence", code: fastMcp("execute: async ({ id }) => `Deleted record ${id}.`") },
    {
      name: "FastMCP: execute that streams its content",
      code: fastMcp(`execute: async ({ id }, { streamContent }) => {
    await streamContent({ type: "text", text: \`Deleting \${id}...\` });
  }`),
    },
    {
      name: "FastMCP: execute whose last statement throws",
      code: fastMcp(`execute: async ({ id }) => {
    await records.remove(id);
    throw new Error("not implemented");
  }`),
    },
    {
      name: "FastMCP: a return without a value inside a nested callback",
      code: fastMcp(`execute: async ({ id }) => {
    [id].forEach((x) => {
      if (!x) return;
    });
    return \`Deleted \${id}.\`;
  }`),
    },
    {
      name: "FastMCP: execute that returns a value on some paths and falls off the end on others (not followed)",
      code: fastMcp(`execute: async ({ id }) => {
    try {
      return \`Deleted \${id}.\`;
    } catch {
      await log("failed");
    }
  }`),
    },
    {
      name: "FastMCP: an execute wrapped in a same-file function",
      code: `${FASTMCP}function logged(fn) {
  return async (args, ctx) => {
    const out = await fn(args, ctx);
    return out ?? "Done.";
  };
}
server.addTool({
  name: "delete_record",
  parameters: z.object({ id: z.string() }),
  execute: logged(async ({ id }) => {
    await records.remove(id);
  }),
});`,
    },
    {
      name: "LiteMCP's addTool (same API, not known to send empty content)",
      code: `import { LiteMCP } from "litemcp";
const server = new LiteMCP("demo", "1.0.0");
server.addTool({
  name: "delete_record",
  execute: async ({ id }) => {
    await records.remove(id);
  },
});`,
    },
    {
      name: "an SDK handler that returns nothing (the SDK rejects it: another problem)",
      code: inTool("  await records.remove(args.id);"),
    },
    {
      name: "an mcp-framework tool whose execute returns nothing",
      code: `import { MCPTool } from "mcp-framework";
export default class DeleteRecord extends MCPTool {
  name = "delete_record";
  async execute(input) {
    await records.remove(input.id);
  }
}`,
    },
  ],
  invalid: [
    ...shapeInvalid,

    invalid({
      name: "content that starts empty and gets parts only under conditions",
      code: inTool(`  const reply: { content: { type: "text"; text: string }[]; isError: boolean } = { /*>*/content: [], isError: false };
  const page = await fetchPage(args.url);
  if (page.markdown) reply.content.push({ type: "text", text: page.markdown });
  if (page.html) {
    reply.content.push({ type: "text", text: page.html });
    reply.isError = false;
  }
  return reply;`),
      errors: [
        {
          messageId: "emptyToolResult",
          reported: "content: []",
          data: empty(TOOL, "no content whenever none of the parts it adds under conditions is added"),
          suggestions: () => [],
        },
      ],
      output: null,
    }),
    invalid({
      name: "content that gets parts only under conditions inside a forEach callback",
      code: inTool(`  const reply = { /*>*/content: [] as { type: "text"; text: string }[] };
  (await crawl(args.url)).forEach((page) => {
    if (page.markdown) reply.content.push({ type: "text", text: page.markdown });
  });
  return reply;`),
      errors: [
        {
          messageId: "emptyToolResult",
          reported: 'content: [] as { type: "text"; text: string }[]',
          data: empty(TOOL, "no content whenever none of the parts it adds under conditions is added"),
          suggestions: () => [],
        },
      ],
      output: null,
    }),
    invalid({
      name: "a text joined from lines that are each pushed under a condition",
      code: inTool(`  let lines = [];
  let cursor;
  do {
    const page = await readLog(args.service, cursor);
    if (page.entries) lines.push(page.entries);
    cursor = page.next;
  } while (cursor);
  return { /*>*/content: [{ type: "text", text: lines.join("\\n") }] };`),
      errors: [
        {
          messageId: "emptyToolResult",
          reported: 'content: [{ type: "text", text: lines.join("\\n") }]',
          data: empty(TOOL, "a text that is empty whenever nothing is pushed to `lines`"),
          suggestions: () => [],
        },
      ],
      output: null,
    }),

    invalid({
      name: "a text that falls back to the empty string when the lookup found nothing",
      code: inTool(`  const context = await loadContext(args.topic);
  const text = context?.content || "";
  return { /*>*/content: [{ type: "text", text }] };`),
      errors: [
        {
          messageId: "emptyToolResult",
          reported: 'content: [{ type: "text", text }]',
          data: empty(TOOL, "a text that is empty whenever `context?.content` is missing"),
          suggestions: () => [],
        },
      ],
      output: null,
    }),
    invalid({
      name: "a text written in place that falls back with `??`",
      code: inTool('  return { /*>*/content: [{ type: "text", text: (await readNotes(args.id)) ?? "" }] };'),
      errors: [
        {
          messageId: "emptyToolResult",
          reported: 'content: [{ type: "text", text: (await readNotes(args.id)) ?? "" }]',
          data: empty(TOOL, "a text that is empty whenever `await readNotes(args.id)` is missing"),
          suggestions: () => [],
        },
      ],
      output: null,
    }),

    invalid({
      name: "an empty template literal",
      code: inTool('  return { /*>*/content: [{ type: "text", text: `` }] };'),
      errors: [
        {
          messageId: "emptyToolResult",
          reported: 'content: [{ type: "text", text: `` }]',
          data: empty(TOOL, "only empty text"),
          suggestions: describeOutcome('[{ type: "text", text: `` }]'),
        },
      ],
      output: null,
    }),
    invalid({
      name: "whitespace-only text",
      code: inTool('  return { /*>*/content: [{ type: "text", text: " \\n" }] };'),
      errors: [
        {
          messageId: "emptyToolResult",
          reported: 'content: [{ type: "text", text: " \\n" }]',
          data: empty(TOOL, "only empty text"),
          suggestions: describeOutcome('[{ type: "text", text: " \\n" }]'),
        },
      ],
      output: null,
    }),
    invalid({
      name: "several parts, all empty",
      code: inTool('  return { /*>*/content: [{ type: "text", text: "" }, { text: "", type: "text" }] };'),
      errors: [
        {
          messageId: "emptyToolResult",
          reported: 'content: [{ type: "text", text: "" }, { text: "", type: "text" }]',
          data: empty(TOOL, "only empty text"),
          suggestions: describeOutcome('[{ type: "text", text: "" }, { text: "", type: "text" }]'),
        },
      ],
      output: null,
    }),
    invalid({
      name: "an empty part held in a const",
      code: inTool('  const blank = { type: "text", text: "" };\n  return { /*>*/content: [blank] };'),
      errors: [
        { messageId: "emptyToolResult", reported: "content: [blank]", data: empty(TOOL, "only empty text"), suggestions: describeOutcome("[blank]") },
      ],
      output: null,
    }),
    invalid({
      name: "isError: false",
      code: inTool("  return { isError: false, /*>*/content: [] };"),
      errors: [
        { messageId: "emptyToolResult", reported: "content: []", data: empty(TOOL), suggestions: describeOutcome("content: []", `content: ${FILLED}`) },
      ],
      output: null,
    }),
    invalid({
      name: "a type assertion on the array: the suggestion keeps it",
      code: inTool("  return { /*>*/content: [] as TextContent[] };"),
      errors: [
        {
          messageId: "emptyToolResult",
          reported: "content: [] as TextContent[]",
          data: empty(TOOL),
          suggestions: describeOutcome("[] as", `${FILLED} as`),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a const result returned as it is",
      code: inTool("  await records.remove(args.id);\n  const result = { /*>*/content: [] };\n  return result as CallToolResult;"),
      errors: [
        { messageId: "emptyToolResult", reported: "content: []", data: empty(TOOL), suggestions: describeOutcome("content: []", `content: ${FILLED}`) },
      ],
      output: null,
    }),
    invalid({
      name: "one branch of a conditional",
      code: inTool(`  return args.dryRun ? { content: ${OK} } : { /*>*/content: [] };`),
      errors: [
        { messageId: "emptyToolResult", reported: "content: []", data: empty(TOOL), suggestions: describeOutcome("content: []", `content: ${FILLED}`) },
      ],
      output: null,
    }),
    invalid({
      name: "an arrow handler with an expression body",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("clear_cache", {}, async () => ({ /*>*/content: [] }));`,
      errors: [
        {
          messageId: "emptyToolResult",
          reported: "content: []",
          data: empty('Tool "clear_cache"'),
          suggestions: describeOutcome("content: []", `content: ${FILLED}`),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a same-file helper that builds the empty result",
      code: inTool("  await records.remove(args.id);\n  return done();", "function done() {\n  return { /*>*/content: [] };\n}"),
      errors: [
        { messageId: "emptyToolResult", reported: "content: []", data: empty(TOOL), suggestions: describeOutcome("content: []", `content: ${FILLED}`) },
      ],
      output: null,
    }),
    invalid({
      name: "a comment inside the array: no suggestion",
      code: inTool("  return { /*>*/content: [/* nothing */] };"),
      errors: [{ messageId: "emptyToolResult", reported: "content: [/* nothing */]", data: empty(TOOL) }],
      output: null,
    }),
    invalid({
      name: "a JavaScript file",
      code: `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.tool("purge", async () => {
  await purge();
  return { /*>*/content: [{ type: "text", text: "" }] };
});`,
      errors: [
        {
          messageId: "emptyToolResult",
          reported: 'content: [{ type: "text", text: "" }]',
          data: empty('Tool "purge"', "only empty text"),
          suggestions: describeOutcome('[{ type: "text", text: "" }]'),
        },
      ],
      output: null,
    }),

    // reportStructuredContentOnly.
    {
      ...invalid({
        name: "reportStructuredContentOnly: structuredContent in a variable is mirrored into a text part",
        code: inTool("  const summary = { deleted: 3 };\n  return { /*>*/content: [], structuredContent: summary };"),
        errors: [
          {
            messageId: "emptyToolResult",
            reported: "content: []",
            data: empty(TOOL, "no content", " (the data is only in `structuredContent`, which clients that read `content` never show)"),
            suggestions: (code) => [
              {
                messageId: "mirrorStructuredContent",
                output: replaceOnce(code, "content: []", 'content: [{ type: "text", text: JSON.stringify(summary) }]'),
              },
            ],
          },
        ],
        output: null,
        options: [{ reportStructuredContentOnly: true }],
      }),
    },
    invalid({
      name: "reportStructuredContentOnly: an inline structuredContent gets the placeholder",
      code: inTool("  return { /*>*/content: [], structuredContent: { deleted: 3 } };"),
      errors: [
        {
          messageId: "emptyToolResult",
          reported: "content: []",
          data: empty(TOOL, "no content", " (the data is only in `structuredContent`, which clients that read `content` never show)"),
          suggestions: describeOutcome("content: []", `content: ${FILLED}`),
        },
      ],
      output: null,
      options: [{ reportStructuredContentOnly: true }],
    }),

    // FastMCP sends `undefined`, `null` and "" as empty content.
    invalid({
      name: "FastMCP: an arrow that returns an empty string",
      code: fastMcp('execute: async () => /*>*/""'),
      errors: [
        {
          messageId: "emptyFastMcpReturn",
          reported: '""',
          data: fastEmpty("returns an empty string"),
          suggestions: describeOutcome('=> ""', `=> ${JSON.stringify(PLACEHOLDER)}`),
        },
      ],
      output: null,
    }),
    invalid({
      name: "FastMCP: an arrow that returns void work()",
      code: fastMcp("execute: async ({ id }) => /*>*/void records.remove(id)"),
      errors: [{ messageId: "emptyFastMcpReturn", reported: "void records.remove(id)", data: fastEmpty("returns `undefined`") }],
      output: null,
    }),
    invalid({
      name: "FastMCP: return without a value, return null, return undefined",
      code: fastMcp(`execute: async ({ id, mode }) => {
    if (mode === "skip") /*1*/return;
    if (mode === "soft") /*2*/return null;
    await records.remove(id);
    /*3*/return undefined;
  }`),
      errors: [
        {
          messageId: "emptyFastMcpReturn",
          reported: "return;",
          data: fastEmpty("returns without a value"),
          suggestions: describeOutcome("return;", `return ${JSON.stringify(PLACEHOLDER)};`),
        },
        {
          messageId: "emptyFastMcpReturn",
          reported: "return null;",
          data: fastEmpty("returns `null`"),
          suggestions: describeOutcome("return null", `return ${JSON.stringify(PLACEHOLDER)}`),
        },
        {
          messageId: "emptyFastMcpReturn",
          reported: "return undefined;",
          data: fastEmpty("returns `undefined`"),
          suggestions: describeOutcome("return undefined", `return ${JSON.stringify(PLACEHOLDER)}`),
        },
      ],
      output: null,
    }),
    {
      name: "FastMCP: execute that ends without returning anything",
      code: fastMcp(`execute: async ({ id }) => {
    await records.remove(id);
  }`),
      output: null,
      errors: [
        {
          messageId: "emptyFastMcpReturn",
          data: fastEmpty("ends without returning anything"),
          line: 7,
          column: 3,
          endLine: 7,
          endColumn: 29,
          suggestions: [
            {
              messageId: "describeOutcome",
              output: fastMcp(`execute: async ({ id }) => {
    await records.remove(id);
    return ${JSON.stringify(PLACEHOLDER)};
  }`),
            },
          ],
        },
      ],
    },
    {
      name: "FastMCP: an empty execute method",
      code: fastMcp("async execute() {}"),
      output: null,
      errors: [
        {
          messageId: "emptyFastMcpReturn",
          data: fastEmpty("ends without returning anything"),
          line: 7,
          column: 3,
          endLine: 7,
          endColumn: 18,
          suggestions: [{ messageId: "describeOutcome", output: fastMcp(`async execute() { return ${JSON.stringify(PLACEHOLDER)}; }`) }],
        },
      ],
    },
    invalid({
      name: "FastMCP: an explicit empty content result",
      code: fastMcp("execute: async () => ({ /*>*/content: [] })"),
      errors: [
        {
          messageId: "emptyToolResult",
          reported: "content: []",
          data: empty(DELETE_RECORD),
          suggestions: describeOutcome("content: []", `content: ${FILLED}`),
        },
      ],
      output: null,
    }),
  ],
});
