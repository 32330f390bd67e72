/**
 * Shapes met in public MCP servers that the rules once got wrong (a false positive or a miss).
 * Each case is written from scratch in the shape that was seen; no server code is copied.
 */
import noErrorOnEmptyResult from "../src/rules/no-error-on-empty-result.js";
import noProtocolErrorInTool from "../src/rules/no-protocol-error-in-tool.js";
import requireErrorClassification from "../src/rules/require-error-classification.js";
import requireErrorLogging from "../src/rules/require-error-logging.js";
import requireTimeout from "../src/rules/require-timeout.js";
import requireToolErrorCheck from "../src/rules/require-tool-error-check.js";
import { createRuleTester } from "./rule-tester.js";

const ruleTester = createRuleTester();

const LOW_LEVEL = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
`;

/** A low-level dispatcher with one tool, whose other names get an unknown-tool error result. */
const UNKNOWN_TOOL_ANSWER = `${LOW_LEVEL}const server = new Server({ name: "s", version: "1" });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "think") {
    return { content: [{ type: "text", text: "ok" }] };
  }
  return { content: [{ type: "text", text: \`Unknown tool: \${request.params.name}\` }], isError: true };
});`;

/**
 * A tool whose handler throws, registered through a same-file `traced` wrapper that calls it in a
 * `try`; `catchBody` is the wrapper's catch (indented by the helper), `finallyBlock` follows it.
 */
function tracedTool(catchBody: string, finallyBlock = ""): string {
  return `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
declare function record(error: unknown): void;
declare function toToolError(error: unknown): Error;
type Handler = (args: { id: string }) => Promise<{ content: { type: "text"; text: string }[]; isError?: boolean }>;
function traced(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
${catchBody
  .split("\n")
  .map((line) => `      ${line}`)
  .join("\n")}
    }${finallyBlock}
  };
}
server.registerTool("archive_note", {}, traced(async ({ id }) => {
  if (id.includes("/")) throw new Error(\`Note ids have no slashes: \${id}\`);
  return { content: [{ type: "text", text: id }] };
}));`;
}

ruleTester.run("require-error-classification (real-world shapes)", requireErrorClassification, {
  valid: [
    {
      name: "an expected result in a test file is not a result any tool returns",
      code: `import { expect, it } from "vitest";
import { handleCliOutput } from "./handle-cli-output.js";
it("wraps a failure", () => {
  const expected = { content: [{ type: "text", text: "boom" }], isError: true };
  expect(handleCliOutput("boom")).toEqual(expected);
  expect(handleCliOutput("x")).toEqual({ content: [{ type: "text", text: "x" }], isError: true });
});`,
    },
    {
      name: "a throw inside a method called as void logger?.log(...) never reaches the framework",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
class Telemetry {
  async log(params: Record<string, unknown>) {
    if (Object.keys(params).length > 20) throw new Error("too many parameters to log");
  }
}
const telemetry: Telemetry | undefined = new Telemetry();
server.registerTool("search", {}, async (params: Record<string, unknown>) => {
  try {
    return { content: [{ type: "text", text: "ok" }] };
  } finally {
    void telemetry?.log(params);
  }
});`,
    },
    {
      name: "an unknown-tool message built in a const before the throw",
      code: `${LOW_LEVEL}const server = new Server({ name: "s", version: "1" });
const tools = new Map();
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.get(request.params.name);
  if (!tool) {
    const message = \`Unknown tool: \${request.params.name}. Available tools: \${[...tools.keys()].join(", ")}\`;
    throw new Error(message);
  }
  return tool.run(request.params.arguments);
});`,
    },
    {
      name: "a lookup by the tool name alone, whose not-found branch throws without saying tool",
      code: `${LOW_LEVEL}class Proxy {
  private readonly server = new Server({ name: "s", version: "1" });
  private readonly operations: Record<string, { path: string }> = {};
  private findOperation(id: string): { path: string } | undefined {
    return this.operations[id];
  }
  setUp() {
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      const { name } = request.params;
      const operation = this.findOperation(name);
      if (!operation) {
        throw new Error(\`Method \${name} not found\`);
      }
      return { content: [{ type: "text", text: operation.path }] };
    });
  }
}`,
    },
    {
      name: "a search of the tool list by name, whose not-found branch throws without saying tool",
      code: `${LOW_LEVEL}const server = new Server({ name: "s", version: "1" });
declare const tools: { name: string; alias?: string; run(args: unknown): Promise<string> }[];
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  const tool = tools.find((t) => t.name === name || t.alias === name);
  if (!tool) {
    throw new Error(\`\${name} is not available on this server\`);
  }
  return { content: [{ type: "text", text: await tool.run(args) }] };
});`,
    },
    {
      name: "a wrapper whose catch throws what a converter makes of the error, not the error itself",
      code: tracedTool("record(error);\nthrow toToolError(error);"),
    },
    {
      name: "a wrapper whose catch rethrows but whose finally returns",
      code: tracedTool("record(error);\nthrow error;", ' finally {\n      return { content: [{ type: "text", text: "done" }] };\n    }'),
    },
  ],
  invalid: [
    {
      // The unknown-tool answer, returned as an error result, is read by the model like any other
      // (a thrown one is left alone: the MCP spec asks for a protocol error there).
      name: "the result after a one-branch if on the tool name is the unknown-tool answer",
      code: UNKNOWN_TOOL_ANSWER,
      errors: [
        {
          messageId: "missingClassification",
          suggestions: (
            [
              ["transient", true],
              ["validation", false],
              ["business", false],
              ["permission", false],
            ] as const
          ).map(([category, retryable]) => ({
            messageId: "addClassification" as const,
            output: UNKNOWN_TOOL_ANSWER.replace(
              "text: `Unknown tool: ${request.params.name}`",
              `text: JSON.stringify({ errorCategory: "${category}", isRetryable: ${String(retryable)}, description: \`Unknown tool: \${request.params.name}\` })`,
            ),
          })),
        },
      ],
    },
    {
      // It answers a TypeError with a result and rethrows the rest: the handler's plain Error is one of the rest.
      name: "a wrapper whose catch answers one error class with a result and rethrows the others lets an Error through",
      code: tracedTool(`if (error instanceof TypeError) {
  return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "validation", isRetryable: false, description: "The id is malformed." }) }] };
}
record(error);
throw error;`),
      errors: [
        { messageId: "unclassifiedThrow", line: 15 },
        { messageId: "unclassifiedThrow", line: 20 },
      ],
    },
    {
      name: "a same-file wrapper that records the failure and rethrows it lets the handler's throw through",
      code: tracedTool("record(error);\nthrow error;"),
      // The rethrow is a throw out of the tool too: it sends on whatever the handler threw.
      errors: [
        { messageId: "unclassifiedThrow", line: 12 },
        { messageId: "unclassifiedThrow", line: 17 },
      ],
    },
    {
      name: "a search of a list by something other than the tool name is no lookup: its failure branch is the tool's",
      code: `${LOW_LEVEL}const server = new Server({ name: "s", version: "1" });
declare const accounts: { id: string; token: string }[];
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  const account = accounts.find((a) => a.id === String(args?.accountId));
  if (!account) throw new Error(\`\${name}: no account with that id\`);
  return { content: [{ type: "text", text: account.token }] };
});`,
      errors: [{ messageId: "unclassifiedThrow", line: 8 }],
    },
    {
      name: "a call that runs the tool (name and arguments) is no lookup: its failure branch is the tool's",
      code: `${LOW_LEVEL}const server = new Server({ name: "s", version: "1" });
declare function runTool(name: string, args: unknown): Promise<string | undefined>;
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  const output = await runTool(name, args);
  if (!output) throw new Error(\`\${name} returned nothing\`);
  return { content: [{ type: "text", text: output }] };
});`,
      errors: [{ messageId: "unclassifiedThrow", line: 8 }],
    },
    {
      name: "a low-level dispatcher that hands the whole request to a same-file function with the switch",
      code: `${LOW_LEVEL}const server = new Server({ name: "s", version: "1" });
async function handleCallToolRequest(request: { params: { name: string; arguments?: Record<string, unknown> } }) {
  const { name, arguments: args } = request.params;
  switch (name) {
    case "read_file":
      if (typeof args?.path !== "string") throw new Error("path must be a string");
      return { content: [{ type: "text", text: String(args.path) }] };
    default:
      throw new Error(\`Unknown tool: \${name}\`);
  }
}
server.setRequestHandler(CallToolRequestSchema, async (request) => handleCallToolRequest(request));`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          data: {
            tool: 'tool "read_file"',
            outcome: "the low-level MCP Server sends it as a JSON-RPC protocol error, which the model never sees",
            category: "errorCategory",
            retryable: "isRetryable",
          },
          line: 8,
          column: 43,
          endLine: 8,
          endColumn: 84,
        },
      ],
    },
    {
      name: "an error result returned from a utility module is still checked",
      code: `export function createErrorResponse(message: string) {
  return { content: [{ type: "text", text: \`Error: \${message}\` }], isError: true };
}`,
      errors: [
        {
          messageId: "missingClassification",
          line: 2,
          column: 68,
          suggestions: (
            [
              ["transient", "true"],
              ["validation", "false"],
              ["business", "false"],
              ["permission", "false"],
            ] as const
          ).map(([category, value]) => ({
            messageId: "addClassification" as const,
            data: { category, categoryField: "errorCategory", code: `"${category}"`, retryable: "isRetryable", value },
            output: `export function createErrorResponse(message: string) {
  return { content: [{ type: "text", text: JSON.stringify({ errorCategory: "${category}", isRetryable: ${value}, description: \`Error: \${message}\` }) }], isError: true };
}`,
          })),
        },
      ],
    },
  ],
});

const CHAT_CLIENT = `${LOW_LEVEL}class ChatClient {
  constructor(private token: string) {}
  async listChannels() {
    const response = await fetch("https://chat.example.com/api/channels", { headers: { Authorization: this.token } });
    return response.json();
  }
}
const client = new ChatClient("t");
const server = new Server({ name: "s", version: "1" });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "list_channels":
      return { content: [{ type: "text", text: JSON.stringify(await client.listChannels()) }] };
    default:
      throw new Error("Unknown tool");
  }
});`;

const AXIOS_IN_CONSTRUCTOR = `${LOW_LEVEL}import axios from "axios";
class SearchServer {
  private server = new Server({ name: "s", version: "1" });
  private http;
  constructor() {
    this.http = axios.create({ headers: { "x-api-key": "k" } });
    this.server.setRequestHandler(CallToolRequestSchema, async (request) => {
      switch (request.params.name) {
        case "search":
          return { content: [{ type: "text", text: JSON.stringify(await this.search(request.params.arguments)) }] };
        default:
          throw new Error("Unknown tool");
      }
    });
  }
  async search(args) {
    const response = await this.http.post("/search", args);
    return response.data;
  }
}`;

const SHARED_HELPER = `${LOW_LEVEL}async function lookup(q: string) {
  const response = await fetch(\`https://api.example.com/?q=\${q}\`);
  return response.json();
}
const server = new Server({ name: "s", version: "1" });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  switch (name) {
    case "web_search":
      return { content: [{ type: "text", text: JSON.stringify(await lookup(String(args?.q))) }] };
    case "local_search":
      return { content: [{ type: "text", text: JSON.stringify(await lookup(String(args?.q))) }] };
    default:
      throw new Error("Unknown tool");
  }
});`;

ruleTester.run("require-timeout (real-world shapes)", requireTimeout, {
  valid: [
    {
      name: "an https.request with an options object, bounded by req.setTimeout on the request",
      code: `import https from "node:https";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
function send(body: string): Promise<boolean> {
  return new Promise((resolve) => {
    const options = { hostname: "telemetry.example.com", path: "/", method: "POST" };
    const req = https.request(options, (res) => { res.resume(); resolve(true); });
    req.setTimeout(3000, () => { req.destroy(); resolve(false); });
    req.end(body);
  });
}
server.registerTool("ping", {}, async () => {
  await send("ping");
  return { content: [{ type: "text", text: "sent" }] };
});`,
    },
  ],
  invalid: [
    {
      name: "a CallToolResult function whose success return sits in a loop is a handler, not an error helper",
      code: `import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
export async function pollJob(id: string): Promise<CallToolResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await fetch(\`https://jobs.example.com/\${id}\`);
    if (response.ok) return { content: [{ type: "text", text: await response.text() }] };
  }
  return { isError: true, content: [{ type: "text", text: "The job service did not answer in 3 attempts." }] };
}`,
      errors: [
        {
          messageId: "missingTimeout",
          line: 4,
          column: 28,
          endLine: 4,
          endColumn: 67,
          suggestions: [
            {
              messageId: "addTimeoutSignal",
              data: { signal: "AbortSignal.timeout(30000)", ms: "30000" },
              output: `import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
export async function pollJob(id: string): Promise<CallToolResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = await fetch(\`https://jobs.example.com/\${id}\`, { signal: AbortSignal.timeout(30000) });
    if (response.ok) return { content: [{ type: "text", text: await response.text() }] };
  }
  return { isError: true, content: [{ type: "text", text: "The job service did not answer in 3 attempts." }] };
}`,
            },
          ],
        },
      ],
    },
    {
      name: "a method of a same-file client class, called through an instance, is on the handler path",
      code: CHAT_CLIENT,
      errors: [
        {
          messageId: "missingTimeout",
          line: 6,
          column: 28,
          data: { label: "fetch", tool: 'tool "list_channels"', remedy: "`signal: AbortSignal.timeout(ms)`" },
          suggestions: [
            {
              messageId: "addTimeoutSignal",
              data: { signal: "AbortSignal.timeout(30000)", ms: "30000" },
              output: CHAT_CLIENT.replace("Authorization: this.token } }", "Authorization: this.token }, signal: AbortSignal.timeout(30000) }"),
            },
          ],
        },
      ],
    },
    {
      name: "an axios instance created in the constructor without a timeout",
      code: AXIOS_IN_CONSTRUCTOR,
      errors: [
        {
          messageId: "missingTimeout",
          line: 19,
          column: 28,
          suggestions: [
            {
              messageId: "addTimeoutOption",
              data: { signal: "AbortSignal.timeout(30000)", ms: "30000" },
              output: AXIOS_IN_CONSTRUCTOR.replace('post("/search", args)', 'post("/search", args, { timeout: 30000 })'),
            },
          ],
        },
      ],
    },
    {
      name: "a helper shared by two tools names both",
      code: SHARED_HELPER,
      errors: [
        {
          messageId: "missingTimeout",
          line: 4,
          column: 26,
          data: { label: "fetch", tool: 'tools "web_search" and "local_search"', remedy: "`signal: AbortSignal.timeout(ms)`" },
          suggestions: [
            {
              messageId: "addTimeoutSignal",
              data: { signal: "AbortSignal.timeout(30000)", ms: "30000" },
              output: SHARED_HELPER.replace("?q=${q}`)", "?q=${q}`, { signal: AbortSignal.timeout(30000) })"),
            },
          ],
        },
      ],
    },
  ],
});

ruleTester.run("no-error-on-empty-result (real-world shapes)", noErrorOnEmptyResult, {
  valid: [
    {
      name: "a resource read that came back without content is a failure, not an empty search",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
server.registerTool("read_resource", { inputSchema: {} }, async (input, extra) => {
  const result = await readResource(input.uri, extra);
  const content = result.contents[0];
  if (!content) {
    return { content: [{ type: "text", text: \`Resource returned no content: \${input.uri}\` }], isError: true };
  }
  return { content: [content] };
});`,
    },
  ],
  invalid: [],
});

ruleTester.run("no-protocol-error-in-tool (real-world shapes)", noProtocolErrorInTool, {
  valid: [
    {
      name: "an unknown-tool message in a const, passed as the second argument of McpError",
      code: `${LOW_LEVEL}import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "s", version: "1" });
declare const registry: { resolve(name: string, options: { fuzzy: boolean }): { run(args: unknown): Promise<string> } | undefined };
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  const tool = registry.resolve(name, { fuzzy: true });
  if (!tool) {
    const msg = \`Tool \${name} not found. Try tools/list.\`;
    throw new McpError(ErrorCode.InvalidParams, msg);
  }
  return { content: [{ type: "text", text: await tool.run(args) }] };
});`,
    },
  ],
  invalid: [],
});

// Example clients of an SDK: smoke scripts and documentation snippets that call a tool and only
// assert on, print, or quote the answer in a thrown error. A failed call fails the script or is
// shown as it is: nothing takes it for the answer.
const SMOKE_CLIENT = `import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { check } from "./check.js";
const client = new Client({ name: "smoke", version: "1" });
await client.connect(new StreamableHTTPClientTransport(new URL(process.argv[2] ?? "")));
`;

ruleTester.run("require-tool-error-check (real-world shapes)", requireToolErrorCheck, {
  valid: [
    {
      name: "a smoke script asserts on the text of the first block",
      code: `${SMOKE_CLIENT}const greeting = await client.callTool({ name: "greet", arguments: { who: "ada" } });
check.match(greeting.content?.[0]?.type === "text" ? greeting.content[0].text : "", /Hello, ada/);
const sum = await client.callTool({ name: "add", arguments: { a: 2, b: 3 } });
check.equal((sum.structuredContent as { value?: number } | undefined)?.value, 5);`,
    },
    {
      name: "a documentation snippet prints what the tool answered",
      code: `${SMOKE_CLIENT}const order = await client.callTool({ name: "order-status", arguments: { id: "17" } });
console.log(order.structuredContent);
for (const block of order.content) {
  if (block.type === "text") console.log(block.text);
}`,
    },
    {
      name: "two transports give the same answer, or the script throws with both",
      code: `${SMOKE_CLIENT}declare const other: Client;
const viaHttp = await client.callTool({ name: "ping" });
const inMemory = await other.callTool({ name: "ping" });
if (JSON.stringify(viaHttp.content) !== JSON.stringify(inMemory.content)) {
  throw new Error(\`answers differ: \${JSON.stringify(viaHttp.content)} / \${JSON.stringify(inMemory.content)}\`);
}`,
    },
  ],
  invalid: [],
});

/** A tool that builds its answer as it goes and, in its catch, marks it as failed. */
const MARKS_ERROR = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
declare function translate(text: string, to: string): Promise<string>;
server.registerTool("translate_text", {}, async ({ text, to }) => {
  const answer = { content: [] as { type: "text"; text: string }[], isError: false };
  try {
    answer.content.push({ type: "text", text: await translate(text, to) });
  } catch {
    answer.isError = true;
    answer.content.push({ type: "text", text: "The translation service did not answer." });
  }
  return answer;
});`;

ruleTester.run("require-error-logging (real-world shapes)", requireErrorLogging, {
  valid: [
    {
      name: "an empty catch around the cleanup of a failed write, which then rethrows the write's error",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { promises as fs } from "node:fs";
const server = new McpServer({ name: "s", version: "1" });
async function replaceFile(target: string, text: string) {
  const staging = \`\${target}.partial\`;
  try {
    await fs.writeFile(staging, text);
    await fs.rename(staging, target);
  } catch (error) {
    try {
      await fs.rm(staging);
    } catch {}
    throw error;
  }
}
server.registerTool("save_page", {}, async ({ path, text }) => {
  await replaceFile(path, text);
  return { content: [{ type: "text", text: \`Saved \${path}.\` }] };
});`,
    },
    {
      name: "an empty catch around a release in a finally block",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1" });
declare function acquire(name: string): Promise<{ release(): Promise<void> }>;
server.registerTool("bump_counter", {}, async ({ name }) => {
  const lock = await acquire(name);
  try {
    return { content: [{ type: "text", text: String(await increment(name)) }] };
  } finally {
    try {
      await lock.release();
    } catch {}
  }
});`,
    },
    {
      name: "a directory walk whose catch is only `continue`: an entry it may not read is skipped on purpose",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { promises as fs } from "node:fs";
import path from "node:path";
const server = new McpServer({ name: "s", version: "1" });
declare function checkAllowed(file: string): Promise<void>;
async function findMatches(root: string, suffix: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(folder: string) {
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      try {
        await checkAllowed(full);
        if (entry.name.endsWith(suffix)) found.push(full);
        if (entry.isDirectory()) await walk(full);
      } catch {
        continue;
      }
    }
  }
  await walk(root);
  return found;
}
server.registerTool("find_files", {}, async ({ root, suffix }) => {
  return { content: [{ type: "text", text: (await findMatches(root, suffix)).join("\\n") }] };
});`,
    },
  ],
  invalid: [
    {
      name: "a catch that sets isError on the answer it goes on to return is an error result, not a dropped failure",
      code: MARKS_ERROR,
      errors: [
        {
          messageId: "unloggedErrorResult",
          line: 8,
          column: 5,
          endLine: 8,
          endColumn: 10,
          suggestions: [
            {
              messageId: "logCaughtError",
              data: { statement: 'console.error("translate_text failed:", error);' },
              output: MARKS_ERROR.replace("} catch {", '} catch (error) {\n    console.error("translate_text failed:", error);'),
            },
          ],
        },
      ],
    },
  ],
});
