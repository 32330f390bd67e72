/**
 * Every handler shape the MCP model must recognise, as code templates. Rule tests put the same
 * handler body into each shape, so every rule is tested against every shape.
 *
 * In a body, `args` is the tool input, `extra` the request context (when the shape has one), and
 * the marker comment `/*>*\/` stands right before the node a rule should report; `locate` turns
 * it into the expected line and column.
 */

export type Thrown = "is-error" | "protocol-error" | "unknown";

/** The tool as rule messages name it (`toolLabel`): `tool "search_docs"`, or "this tool handler" where the shape names none. */
export function toolOf(shape: HandlerShape): string {
  return shape.named ? 'tool "search_docs"' : "this tool handler";
}

export interface HandlerShape {
  /** Test-group title. */
  readonly title: string;
  /** Which of the issue's shape groups it belongs to (1-5). */
  readonly group: 1 | 2 | 3 | 4 | 5;
  /** Code with `BODY` replaced; the tool is registered as `search_docs` where the shape names tools. */
  readonly wrap: (body: string) => string;
  /** Does the model know the tool's name ("search_docs")? */
  readonly named: boolean;
  /** What a throw escaping the handler becomes. */
  readonly thrown: Thrown;
  /** Is a request context `extra` (with `extra.signal`) in scope in the body? */
  readonly hasExtra: boolean;
}

const SDK = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "demo", version: "1.0.0" });
`;
/** A FastMCP tool definition object (`{ name, parameters, execute }`) around `body`. */
const fastMcpDefinition = (body: string): string => `{
  name: "search_docs",
  parameters: z.object({ query: z.string() }),
  execute: async (args, extra) => {
${body}
  },
}`;
const LOW_LEVEL = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
`;

export const SHAPES: readonly HandlerShape[] = [
  {
    title: "registerTool with an inline handler",
    group: 1,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `${SDK}server.registerTool("search_docs", { description: "Search", inputSchema: { query: z.string() } }, async (args, extra) => {
${body}
});`,
  },
  {
    title: "tool() with description and schema (4 arguments)",
    group: 1,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `${SDK}server.tool("search_docs", "Search the docs", { query: z.string() }, async (args, extra) => {
${body}
});`,
  },
  {
    title: "tool() with schema and annotations (4 arguments)",
    group: 1,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `${SDK}server.tool("search_docs", { query: z.string() }, { readOnlyHint: true }, async (args, extra) => {
${body}
});`,
  },
  {
    title: "tool() with all five arguments",
    group: 1,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `${SDK}server.tool("search_docs", "Search the docs", { query: z.string() }, { readOnlyHint: true }, async (args, extra) => {
${body}
});`,
  },
  {
    // McpServer.tool() takes the first argument after description, schema and annotations as the
    // handler and ignores the rest: annotations written after the handler are dropped at runtime.
    title: "tool() with an argument after the handler, which the SDK ignores",
    group: 1,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `${SDK}declare const annotations: { readOnlyHint: boolean } | undefined;
server.tool("search_docs", "Search the docs", { query: z.string() }, async (args, extra) => {
${body}
}, annotations ? { annotations } : undefined);`,
  },
  {
    title: "registerTool with SDK v2 (args, ctx)",
    group: 1,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `import { McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("search_docs", { inputSchema: z.object({ query: z.string() }) }, async (args, extra) => {
${body}
});`,
  },
  {
    title: "registered.update({ callback })",
    group: 1,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `${SDK}const registered = server.registerTool("search_docs", { inputSchema: { query: z.string() } }, async () => ({ content: [] }));
registered.update({
  callback: async (args, extra) => {
${body}
  },
});`,
  },
  {
    title: "a bound alias of tool()",
    group: 1,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `${SDK}const tool = server.tool.bind(server);
tool("search_docs", { query: z.string() }, async (args, extra) => {
${body}
});`,
  },
  {
    title: "low-level switch on request.params.name",
    group: 2,
    named: true,
    thrown: "protocol-error",
    hasExtra: true,
    wrap: (body) => `${LOW_LEVEL}server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const args = request.params.arguments;
  switch (request.params.name) {
    case "search_docs": {
${body}
    }
    default:
      throw new Error(\`Unknown tool: \${request.params.name}\`);
  }
});`,
  },
  {
    title: 'low-level "tools/call" with an if chain on a destructured name',
    group: 2,
    named: true,
    thrown: "protocol-error",
    hasExtra: true,
    wrap: (body) => `${LOW_LEVEL}server.setRequestHandler("tools/call", async (request, extra) => {
  const { name, arguments: args } = request.params;
  if (name === "list_docs") {
    return { content: [{ type: "text", text: "[]" }] };
  } else if (name === "search_docs") {
${body}
  } else {
    throw new Error(\`Unknown tool: \${name}\`);
  }
});`,
  },
  {
    title: "low-level table lookup handlers[name]",
    group: 2,
    named: true,
    thrown: "protocol-error",
    hasExtra: true,
    wrap: (body) => `${LOW_LEVEL}const handlers = {
  search_docs: async (args, extra) => {
${body}
  },
};
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  const handler = handlers[request.params.name];
  if (!handler) {
    throw new Error(\`Unknown tool: \${request.params.name}\`);
  }
  return handler(request.params.arguments, extra);
});`,
  },
  {
    title: "FastMCP addTool({ execute })",
    group: 3,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
server.addTool(${fastMcpDefinition(body)});`,
  },
  {
    title: "FastMCP definition handed to a registration helper of the project's own",
    group: 3,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
const register = (definition) => {
  if (process.env.READ_ONLY === "1" && definition.name.startsWith("delete")) return;
  server.addTool(definition);
};
register(${fastMcpDefinition(body)});`,
  },
  {
    title: "FastMCP definition that another file registers",
    group: 3,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `import { UserError } from "fastmcp";
import { z } from "zod";
const searchDocs = ${fastMcpDefinition(body)};
export const tools = [searchDocs];`,
  },
  {
    title: "mcp-framework class extends MCPTool",
    group: 3,
    named: true,
    thrown: "is-error",
    hasExtra: false,
    wrap: (body) => `import { MCPTool } from "mcp-framework";
import { z } from "zod";
export default class SearchDocsTool extends MCPTool {
  name = "search_docs";
  description = "Search";
  schema = { query: { type: z.string(), description: "query" } };
  async execute(args) {
${body}
  }
}`,
  },
  {
    title: "@Tool()-decorated method",
    group: 3,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `import { Tool } from "@rekog/mcp-nest";
export class DocsTools {
  @Tool({ name: "search_docs", description: "Search" })
  async search(args, extra) {
${body}
  }
}`,
  },
  {
    title: "a registration method of the project's own (`registry.accountTool(name, { inputSchema }, handler)`)",
    group: 3,
    named: true,
    thrown: "unknown",
    hasExtra: false,
    wrap: (body) => `${SDK}const registry = createRegistry(server);
registry.accountTool("search_docs", { description: "Search", inputSchema: { query: z.string() } }, async (args, accountId) => {
${body}
});`,
  },
  {
    title: "a function declared to return CallToolResult",
    group: 3,
    named: false,
    thrown: "unknown",
    hasExtra: true,
    wrap: (body) => `import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
export async function searchDocs(args: { query: string }, extra: { signal: AbortSignal }): Promise<CallToolResult> {
${body}
}`,
  },
  {
    title: "a handler passed by name (function declaration)",
    group: 4,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `${SDK}async function searchDocs(args, extra) {
${body}
}
server.registerTool("search_docs", { inputSchema: { query: z.string() } }, searchDocs);`,
  },
  {
    title: "a handler passed by name (const arrow)",
    group: 4,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `${SDK}const searchDocs = async (args, extra) => {
${body}
};
server.tool("search_docs", { query: z.string() }, searchDocs);`,
  },
  {
    title: "a handler passed as an object method",
    group: 4,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `${SDK}const docTools = {
  async search(args, extra) {
${body}
  },
};
server.registerTool("search_docs", { inputSchema: { query: z.string() } }, docTools.search);`,
  },
  {
    title: "a handler wrapped in a same-file higher-order function",
    group: 4,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `${SDK}function withLogging(fn) {
  return async (args, extra) => {
    console.log("tool call");
    return fn(args, extra);
  };
}
server.registerTool("search_docs", { inputSchema: { query: z.string() } }, withLogging(async (args, extra) => {
${body}
}));`,
  },
  {
    title: "a same-file function on the handler path",
    group: 5,
    named: true,
    thrown: "is-error",
    hasExtra: true,
    wrap: (body) => `${SDK}async function runSearch(args, extra) {
${body}
}
server.registerTool("search_docs", { inputSchema: { query: z.string() } }, async (args, extra) => {
  return runSearch(args, extra);
});`,
  },
];

/** Shapes where the model knows what a thrown error becomes. */
export const SHAPES_WITH_KNOWN_THROW = SHAPES.filter((s) => s.thrown !== "unknown");

/** The 1-based line and column of the code right after the marker (the marker itself is removed). */
export function locate(code: string, marker = "/*>*/"): { code: string; line: number; column: number } {
  const index = code.indexOf(marker);
  if (index === -1) throw new Error(`marker ${marker} not found in:\n${code}`);
  const before = code.slice(0, index);
  const lines = before.split("\n");
  const clean = before + code.slice(index + marker.length);
  return { code: clean, line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/** Like `locate`, for markers `/*1*\/`, `/*2*\/`... numbered in order of appearance; all removed. */
export function locateAll(code: string, count: number): { code: string; at: { line: number; column: number }[] } {
  let current = code;
  const at: { line: number; column: number }[] = [];
  for (let i = 1; i <= count; i++) {
    const found = locate(current, `/*${String(i)}*/`);
    current = found.code;
    at.push({ line: found.line, column: found.column });
  }
  return { code: current, at };
}
