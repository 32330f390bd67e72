import type { InvalidTestCase, SuggestionOutput, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../src/rules/require-tool-error-check.js";
import { invalid as invalidCase, replaceOnce } from "../cases.js";
import { createRuleTester, createTypedRuleTester } from "../rule-tester.js";

type Valid = ValidTestCase<Options>;
type Invalid = InvalidTestCase<MessageIds, Options>;

const ruleTester = createRuleTester();
const invalid = invalidCase<MessageIds, Options>;

// Client code: no tool handler in sight, only calls of tools on some MCP server.
const CLIENT = `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const client = new Client({ name: "coordinator", version: "1.0.0" });
await client.connect(new StdioClientTransport({ command: "search-server" }));
`;

/** Client code that calls the tool "search" inside `findPages(query)`, with `body` after the call. */
function caller(body: string, after = ""): string {
  return `${CLIENT}
export async function findPages(query: string) {
  const result = await client.callTool({ name: "search", arguments: { query } });
${body}
}
${after}`;
}

const SEARCH = { tool: 'tool "search"', check: "`result.isError`", helper: "" };

/** The guard suggestion, inserted right before `before` (which must occur once in the code). */
function guard(before: string, indent = "  ", name = "result", message = 'Tool "search" failed'): (code: string) => SuggestionOutput<MessageIds>[] {
  return (code) => [
    {
      messageId: "throwOnToolError",
      data: { result: name },
      output: replaceOnce(
        code,
        before,
        `if (${name}.isError) {\n${indent}  throw new Error(\`${message}: \${JSON.stringify(${name}.content)}\`, { cause: ${name} });\n${indent}}\n${indent}${before}`,
      ),
    },
  ];
}

const valid: Valid[] = [
  {
    name: "isError checked before the content is read",
    code: caller(`  if (result.isError) throw new Error("search failed", { cause: result });
  return result.content;`),
  },
  {
    name: "isError read with optional chaining, after the content",
    code: caller(`  const pages = result.structuredContent;
  return result?.isError ? [] : pages;`),
  },
  {
    name: "isError destructured with the content",
    code: caller(`  const { content, isError } = result;
  if (isError) throw new Error("search failed");
  return content;`),
  },
  {
    name: "destructured straight from the call, isError included",
    code: `${CLIENT}
const { content, isError } = await client.callTool({ name: "search", arguments: {} });
if (!isError) console.log(content);`,
  },
  {
    name: '"isError" in result',
    code: caller(`  if ("isError" in result && result.isError) return [];
  return result.content;`),
  },
  {
    name: "a same-file helper reads isError",
    code: caller(
      `  assertSucceeded(result);
  return result.content;`,
      `function assertSucceeded(r: { isError?: boolean }) {
  if (r.isError) throw new Error("the tool failed");
}`,
    ),
  },
  {
    name: "a same-file class method reads isError",
    code: `${CLIENT}
class Coordinator {
  async run() {
    const result = await client.callTool({ name: "search", arguments: {} });
    return this.unwrap(result);
  }
  unwrap(r: { isError?: boolean; content: unknown[] }) {
    if (r.isError) throw new Error("failed");
    return r.content;
  }
}`,
  },
  {
    name: "a let assigned in a try, handed whole to a same-file converter that reads isError",
    code: `${CLIENT}
async function call(name: string, args: Record<string, unknown>) {
  let result;
  try {
    result = await client.callTool({ name, arguments: args });
  } catch (error) {
    throw new Error(\`calling \${name} failed\`, { cause: error });
  }
  return convert(name, result);
}
function convert(name: string, result: { isError?: boolean; content: unknown[] }) {
  if (result.isError) throw new Error(\`\${name} failed\`);
  return result.content;
}`,
  },
  {
    name: "passed whole to a function of another module",
    code: caller(`  render(result);
  return result.content;`),
  },
  {
    name: "returned whole",
    code: caller(`  if (!result.content.length) console.warn("no pages");
  return result;`),
  },
  {
    name: "spread whole into the returned object",
    code: caller(`  return { ...result, content: result.content ?? [] };`),
  },
  {
    name: "stored whole in an array that escapes",
    code: `${CLIENT}
const results: unknown[] = [];
for (const name of ["a", "b"]) {
  const result = await client.callTool({ name, arguments: {} });
  results.push(result);
  console.log(result.content);
}`,
  },
  {
    name: "stored whole in an object",
    code: caller(`  const entry = { query, result };
  cache.set(query, entry);
  return result.content;`),
  },
  {
    name: "a rest element keeps isError",
    code: caller(`  const { content, ...rest } = result;
  emit(rest);
  return content;`),
  },
  {
    name: "then() callback that checks isError",
    code: `${CLIENT}
export const pages = client.callTool({ name: "search", arguments: {} }).then((r) => {
  if (r.isError) throw new Error("search failed");
  return r.content;
});`,
  },
  {
    name: "the result is never read",
    code: `${CLIENT}
await client.callTool({ name: "reindex", arguments: {} });`,
  },
  {
    name: "callTool on a receiver the file does not show to be an MCP client",
    code: `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
export async function run(agent: { callTool(p: { name: string }): Promise<{ content: string[] }> }) {
  const result = await agent.callTool({ name: "search" });
  return result.content;
}`,
  },
  {
    name: "callTool without any MCP client import",
    code: `import { Agent } from "some-agent-lib";
const agent = new Agent();
const result = await agent.callTool({ name: "search", arguments: {} });
console.log(result.content);`,
  },
  {
    name: "a class named Client from another package",
    code: `import { Client } from "@elastic/elasticsearch";
const client = new Client({ node: "http://localhost:9200" });
const result = await client.callTool({ name: "search" });
console.log(result.content);`,
  },
  {
    name: "request() for another method",
    code: `${CLIENT}
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
const listed = await client.request({ method: "tools/list" }, ListToolsResultSchema);
console.log(listed.content);`,
  },
  {
    name: 'request({ method: "tools/call" }) that checks isError',
    code: `import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
export async function call(connection: { client: { request: Function } }) {
  const result = await connection.client.request({ method: "tools/call", params: { name: "search", arguments: {} } }, CallToolResultSchema);
  if (result.isError) throw new Error("failed");
  return result.content;
}`,
  },
  {
    name: 'request({ method: "tools/call" }) in a file that imports no MCP SDK',
    code: `export async function call(rpc: { request: Function }) {
  const result = await rpc.request({ method: "tools/call", params: { name: "search" } });
  return result.content;
}`,
  },
  {
    name: "the content is only printed",
    code: caller(`  console.log("Tool result:");
  for (const block of result.content) {
    if (block.type === "text") console.log(\`  \${block.text}\`);
  }`),
  },
  {
    name: "the content is only asserted on: a failed call fails the assertion",
    code: caller(`  assert.deepStrictEqual(result.structuredContent, { total: 60 });
  const text = result.content[0]?.type === "text" ? result.content[0].text : "";
  check.match(text, /found/);
  expect(JSON.parse(text)).toEqual({ pages: 3 });`),
  },
  {
    name: "the content is only tested, and shown in the message of a thrown error",
    code: caller(`  const first = result.content[0];
  if (first?.type !== "text" || first.text !== "3 pages") {
    throw new Error(\`unexpected answer: \${JSON.stringify(result.content)}\`);
  }`),
  },
  {
    name: "structuredContent in a variable that is only narrowed and printed",
    code: caller(`  const total: unknown = result.structuredContent;
  if (typeof total === "object" && total !== null && "currency" in total) console.log(total);`),
  },
  {
    name: "a block found in the content and asserted on",
    code: caller(`  const block = result.content?.find((c) => c.type === "text");
  assert.ok(block, "a text block");
  assert.match(block.text, /pages/);`),
  },
  { name: "not an MCP file", code: "export function add(a: number, b: number) { return a + b; }" },
];

const invalidCases: Invalid[] = [
  invalid({
    name: "a number read from the text flows on",
    code: caller(`  return Number((/*>*/result.content[0] as { text: string }).text);`),
    errors: [
      {
        messageId: "uncheckedToolResult",
        reported: "result.content",
        data: SEARCH,
        suggestions: guard("return Number((result.content[0] as { text: string }).text);"),
      },
    ],
    output: null,
  }),
  invalid({
    name: "structuredContent cast and passed on, after an assertion on it",
    code: caller(`  const note = /*>*/result.structuredContent as { id: string; uri: string };
  check.match(note.uri, /^note:/);
  await client.callTool({ name: "remove_note", arguments: { id: note.id } });`),
    errors: [
      {
        messageId: "uncheckedToolResult",
        reported: "result.structuredContent",
        data: SEARCH,
        suggestions: guard("const note = result.structuredContent as { id: string; uri: string };"),
      },
    ],
    output: null,
  }),
  invalid({
    name: "a local alias of a client property",
    code: `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
export class Server {
  protected session: Client | null = null;
  async call(name: string) {
    const session = this.session;
    if (!session) throw new Error("not connected");
    const result = await session.callTool({ name, arguments: {} });
    return /*>*/result.content;
  }
}`,
    errors: [
      {
        messageId: "uncheckedToolResult",
        reported: "result.content",
        data: { ...SEARCH, tool: "this tool call" },
        suggestions: guard("return result.content;", "    ", "result", "The tool call failed"),
      },
    ],
    output: null,
  }),
  invalid({
    name: "a client from a same-file method declared to return Promise<Client>",
    code: `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
export class Connection {
  private async connected(): Promise<Client> {
    return connect();
  }
  async read(path: string) {
    const client = await this.connected();
    const result = await client.callTool({ name: "read_file", arguments: { path } });
    return /*>*/result.content;
  }
}`,
    errors: [
      {
        messageId: "uncheckedToolResult",
        reported: "result.content",
        data: { ...SEARCH, tool: 'tool "read_file"' },
        suggestions: guard("return result.content;", "    ", "result", 'Tool "read_file" failed'),
      },
    ],
    output: null,
  }),
  invalid({
    name: "content read and isError never",
    code: caller(`  const pages = /*>*/result.content;
  return pages;`),
    errors: [{ messageId: "uncheckedToolResult", reported: "result.content", data: SEARCH, suggestions: guard("const pages = result.content;") }],
    output: null,
  }),
  invalid({
    name: "structuredContent",
    code: caller(`  return /*>*/result.structuredContent;`),
    errors: [
      { messageId: "uncheckedToolResult", reported: "result.structuredContent", data: SEARCH, suggestions: guard("return result.structuredContent;") },
    ],
    output: null,
  }),
  invalid({
    name: "content read through optional chaining",
    code: caller(`  return /*>*/result?.content?.[0];`),
    errors: [{ messageId: "uncheckedToolResult", reported: "result?.content", data: SEARCH, suggestions: guard("return result?.content?.[0];") }],
    output: null,
  }),
  invalid({
    name: "reported at the first read that flows on, not at one that is only printed",
    code: caller(`  for (const block of result.content) console.log(block);
  return /*>*/result.content.length;`),
    errors: [{ messageId: "uncheckedToolResult", reported: "result.content", data: SEARCH, suggestions: guard("return result.content.length;") }],
    output: null,
  }),
  invalid({
    name: "destructured straight from the call: no variable to guard",
    code: `${CLIENT}
const { /*>*/content } = await client.callTool({ name: "search", arguments: {} });
messages.push({ role: "user", content });`,
    errors: [{ messageId: "uncheckedToolResult", reported: "content", data: { ...SEARCH, check: "the result's `isError`" } }],
    output: null,
  }),
  invalid({
    name: "destructured from the variable",
    code: caller(`  const { /*>*/content } = result;
  return content;`),
    errors: [{ messageId: "uncheckedToolResult", reported: "content", data: SEARCH, suggestions: guard("const { content } = result;") }],
    output: null,
  }),
  invalid({
    name: "read off the awaited call",
    code: `${CLIENT}
const text = /*>*/(await client.callTool({ name: "search", arguments: {} })).content;
messages.push({ role: "user", content: text });`,
    errors: [
      {
        messageId: "uncheckedToolResult",
        reported: '(await client.callTool({ name: "search", arguments: {} })).content',
        data: { ...SEARCH, check: "the result's `isError`" },
      },
    ],
    output: null,
  }),
  invalid({
    name: "a type query of the result passes nothing on",
    code: caller(`  type Result = typeof result;
  const copy: Result = result;
  return /*>*/copy.content;`),
    errors: [{ messageId: "uncheckedToolResult", reported: "copy.content", data: SEARCH, suggestions: guard("return copy.content;") }],
    output: null,
  }),
  invalid({
    name: "a same-file helper reads the content and not isError",
    code: caller(
      `  return textOf(/*>*/result);`,
      `function textOf(r: { content: { text?: string }[] }) {
  return r.content.map((block) => block.text ?? "").join("\\n");
}`,
    ),
    errors: [
      {
        messageId: "uncheckedInHelper",
        reported: "result",
        data: { ...SEARCH, helper: "`textOf()`" },
        suggestions: guard("return textOf(result);"),
      },
    ],
    output: null,
  }),
  invalid({
    name: "then() callback that reads the content",
    code: `${CLIENT}
export const pages = client.callTool({ name: "search", arguments: {} }).then((r) => /*>*/r.content);`,
    errors: [{ messageId: "uncheckedToolResult", reported: "r.content", data: { ...SEARCH, check: "the result's `isError`" } }],
    output: null,
  }),
  invalid({
    name: "a parameter typed Client",
    code: `import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
export async function search(client: Client, query: string) {
  const found = await client.callTool({ name: "search", arguments: { query } });
  return /*>*/found.structuredContent;
}`,
    errors: [
      {
        messageId: "uncheckedToolResult",
        reported: "found.structuredContent",
        data: { ...SEARCH, check: "`found.isError`" },
        suggestions: guard("return found.structuredContent;", "  ", "found"),
      },
    ],
    output: null,
  }),
  invalid({
    name: "a class property typed Client, with tabs",
    code: `import { Client as McpClient } from "@modelcontextprotocol/sdk/client/index.js";
class Subagent {
\tprivate client?: McpClient;
\tasync lookup(id: string) {
\t\tconst result = await this.client!.callTool({ name: "lookup", arguments: { id } });
\t\treturn JSON.parse(/*>*/result.content[0].text);
\t}
}`,
    errors: [
      {
        messageId: "uncheckedToolResult",
        reported: "result.content",
        data: { ...SEARCH, tool: 'tool "lookup"' },
        suggestions: (code) => [
          {
            messageId: "throwOnToolError",
            data: { result: "result" },
            output: replaceOnce(
              code,
              "\t\treturn JSON.parse(",
              '\t\tif (result.isError) {\n\t\t\tthrow new Error(`Tool "lookup" failed: ${JSON.stringify(result.content)}`, { cause: result });\n\t\t}\n\t\treturn JSON.parse(',
            ),
          },
        ],
      },
    ],
    output: null,
  }),
  invalid({
    name: "a property of an interface typed Client; the tool's name is not a literal",
    code: `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
interface Connection {
  client: Client | null;
}
export async function run(connection: Connection, tool: string) {
  const result = await connection.client!.callTool({ name: tool, arguments: {} });
  return /*>*/result.content;
}`,
    errors: [
      {
        messageId: "uncheckedToolResult",
        reported: "result.content",
        data: { ...SEARCH, tool: "this tool call" },
        suggestions: guard("return result.content;", "  ", "result", "The tool call failed"),
      },
    ],
    output: null,
  }),
  invalid({
    name: "a let assigned a new Client later; the SDK v2 client package",
    code: `import { Client } from "@modelcontextprotocol/client";
let client: Client | undefined;
export async function start() {
  client = new Client({ name: "host", version: "1.0.0" });
}
export async function weather(city: string) {
  const result = await client?.callTool({ name: "weather", arguments: { city } });
  return /*>*/result?.structuredContent;
}`,
    errors: [
      {
        messageId: "uncheckedToolResult",
        reported: "result?.structuredContent",
        data: { ...SEARCH, tool: 'tool "weather"' },
        suggestions: guard("return result?.structuredContent;", "  ", "result", 'Tool "weather" failed'),
      },
    ],
    output: null,
  }),
  invalid({
    name: 'request({ method: "tools/call" }) on a receiver of another module',
    code: `import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
export async function call(connection: { client: { request: Function } }) {
  const result = await connection.client.request({ method: "tools/call", params: { name: "search", arguments: {} } }, CallToolResultSchema);
  return /*>*/result.content;
}`,
    errors: [{ messageId: "uncheckedToolResult", reported: "result.content", data: SEARCH, suggestions: guard("return result.content;") }],
    output: null,
  }),
  invalid({
    name: "a let assigned in a try: the guard goes after the try",
    code: `${CLIENT}
export async function call() {
  let result;
  try {
    result = await client.callTool({ name: "search", arguments: {} });
  } catch (error) {
    throw new Error("the call failed", { cause: error });
  }
  return /*>*/result.content;
}`,
    errors: [{ messageId: "uncheckedToolResult", reported: "result.content", data: SEARCH, suggestions: guard("return result.content;") }],
    output: null,
  }),
  invalid({
    name: "one variable for two calls: one report",
    code: `${CLIENT}
export async function both() {
  let result = await client.callTool({ name: "search", arguments: {} });
  result = await client.callTool({ name: "search", arguments: { page: 2 } });
  return /*>*/result.content;
}`,
    errors: [{ messageId: "uncheckedToolResult", reported: "result.content", data: SEARCH, suggestions: guard("return result.content;") }],
    output: null,
  }),
  invalid({
    name: "the first read shares a line with another statement: the guard goes inline",
    code: caller(`  const n = 1; const text = /*>*/result.content;
  return [n, text];`),
    errors: [
      {
        messageId: "uncheckedToolResult",
        reported: "result.content",
        data: SEARCH,
        suggestions: (code) => [
          {
            messageId: "throwOnToolError",
            data: { result: "result" },
            output: replaceOnce(
              code,
              "const text = result.content;",
              'if (result.isError) { throw new Error(`Tool "search" failed: ${JSON.stringify(result.content)}`, { cause: result }); } const text = result.content;',
            ),
          },
        ],
      },
    ],
    output: null,
  }),
  invalid({
    name: "read in the same declaration that binds it: no guard",
    code: `${CLIENT}
const result = await client.callTool({ name: "search", arguments: {} }), text = /*>*/result.content;
sendToModel(text);`,
    errors: [{ messageId: "uncheckedToolResult", reported: "result.content", data: SEARCH }],
    output: null,
  }),
  invalid({
    name: "a var is no block binding: no guard",
    code: `${CLIENT}
var result = await client.callTool({ name: "search", arguments: {} });
sendToModel(/*>*/result.content);`,
    errors: [{ messageId: "uncheckedToolResult", reported: "result.content", data: SEARCH }],
    output: null,
  }),
];

ruleTester.run("require-tool-error-check", rule, { valid, invalid: invalidCases });

// With types, the checker tells an SDK client wherever it comes from (a factory here); without,
// the same code shows no evidence and stays silent.
const FACTORY = `import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
declare function connect(url: string): Promise<Client>;
export async function search(query: string) {
  const client = await connect("http://localhost:3000/mcp");
  const result = await client.callTool({ name: "search", arguments: { query } });
  return /*>*/result.content;
}`;
const NOT_MCP = `import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
declare function agent(): { callTool(p: { name: string }): Promise<{ content: string[] }> };
export async function search(client?: Client) {
  const result = await agent().callTool({ name: "search" });
  return [client, result.content];
}`;

const typed = { filename: "file.ts", languageOptions: { parserOptions: { projectService: true } } };

createRuleTester().run("require-tool-error-check (no types)", rule, {
  valid: [{ name: "a client from a factory", code: FACTORY.replace("/*>*/", "") }],
  invalid: [],
});

createTypedRuleTester().run("require-tool-error-check (typed)", rule, {
  valid: [{ name: "callTool of a library that is no MCP client", code: NOT_MCP, ...typed }],
  invalid: [
    {
      ...invalid({
        name: "a client from a factory",
        code: FACTORY,
        errors: [{ messageId: "uncheckedToolResult", reported: "result.content", data: SEARCH, suggestions: guard("return result.content;") }],
        output: null,
      }),
      ...typed,
    },
  ],
});
