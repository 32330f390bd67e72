import type { InvalidTestCase, SuggestionOutput, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../src/rules/no-protocol-error-in-tool.js";
import { createRuleTester } from "../rule-tester.js";
import { inTool, invalid as invalidCase, replaceOnce } from "../cases.js";
import { SHAPES, SHAPES_WITH_KNOWN_THROW, type HandlerShape } from "../shapes.js";

const ruleTester = createRuleTester();

type Category = "transient" | "validation" | "business" | "permission";
type Invalid = InvalidTestCase<MessageIds, Options>;
type Valid = ValidTestCase<Options>;

const invalid = invalidCase<MessageIds, Options>;

const DEFAULT_ORDER: readonly Category[] = ["transient", "validation", "business", "permission"];
const VALIDATION_FIRST: readonly Category[] = ["validation", "transient", "business", "permission"];
const RETRYABLE: Readonly<Record<Category, boolean>> = { transient: true, validation: false, business: false, permission: false };

const SEARCH_DOCS = 'tool "search_docs"';
const SDK_TEXT = (code: string): string =>
  `McpServer turns it into an isError result whose only text is "MCP error ${code}: <message>", with no classification`;
const LOW_LEVEL = (code: string): string => `the low-level MCP Server sends it as a JSON-RPC error with code ${code}, which the model never sees`;

function data(
  outcome: string,
  tool = SEARCH_DOCS,
  errorClass = "McpError",
  category = "errorCategory",
  retryable = "isRetryable",
): Record<string, string> {
  return { tool, errorClass, outcome, category, retryable };
}

/** What the shape's framework does with `new McpError(ErrorCode.InternalError, ...)`. */
function outcomeOf(shape: HandlerShape): string {
  if (shape.title.startsWith("low-level")) return LOW_LEVEL("-32603");
  if (shape.title.startsWith("FastMCP")) {
    return `FastMCP turns it into an isError result whose only text is "Tool 'search_docs' execution failed: MCP error -32603: <message>", with no classification`;
  }
  if (shape.title.startsWith("mcp-framework")) {
    return 'mcp-framework turns it into an isError result whose only text is "MCP error -32603: <message>", with no classification';
  }
  if (shape.title.startsWith("@Tool()")) return "MCP-Nest re-throws it as a JSON-RPC error with code -32603, which the model never sees";
  return SDK_TEXT("-32603");
}

/**
 * Shapes where the throw sits in a function whose return ends the tool call, in a framework that
 * keeps a returned `isError` result: the suggestion applies there.
 */
function suggestsReturn(shape: HandlerShape): boolean {
  return !shape.title.startsWith("mcp-framework") && !shape.title.startsWith("a same-file function");
}

/** One `returnErrorResult` suggestion per category: the throw `from` becomes `return { ... }`. */
function returns(
  code: string,
  from: string,
  message: string,
  {
    order = DEFAULT_ORDER,
    categoryField = "errorCategory",
    retryableField = "isRetryable",
    codes = {},
    build = (category: Category, retryable: boolean) =>
      `return { content: [{ type: "text", text: JSON.stringify({ errorCategory: "${category}", isRetryable: ${String(retryable)}, description: ${message} }) }], isError: true };`,
  }: {
    order?: readonly Category[];
    categoryField?: string;
    retryableField?: string;
    codes?: Partial<Record<Category, string>>;
    build?: (category: Category, retryable: boolean) => string;
  } = {},
): SuggestionOutput<MessageIds>[] {
  return order.map((category) => ({
    messageId: "returnErrorResult",
    data: {
      category,
      categoryField,
      code: JSON.stringify(codes[category] ?? category),
      retryable: retryableField,
      value: String(RETRYABLE[category]),
    },
    output: replaceOnce(code, from, build(category, RETRYABLE[category])),
  }));
}

const THROW = 'throw new McpError(ErrorCode.InternalError, "search backend failed");';

// ---------------------------------------------------------------------------------------------
// Every handler shape.

const shapeInvalid: Invalid[] = SHAPES_WITH_KNOWN_THROW.map((shape) =>
  invalid({
    name: `${shape.title}: McpError for a backend failure`,
    code: shape.wrap(`    /*>*/${THROW}`),
    errors: [
      {
        messageId: "protocolErrorInTool",
        reported: THROW,
        data: data(outcomeOf(shape)),
        suggestions: suggestsReturn(shape) ? (code) => returns(code, THROW, '"search backend failed"') : undefined,
      },
    ],
    output: null,
  }),
);

const shapeValid: Valid[] = [
  ...SHAPES.map((shape) => ({
    name: `${shape.title}: a classified error result`,
    code: shape.wrap(
      '    return { content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: "search backend failed" }) }], isError: true };',
    ),
  })),
  ...SHAPES.map((shape) => ({
    name: `${shape.title}: McpError caught inside the handler`,
    code: shape.wrap(`    try {
      ${THROW}
    } catch (error) {
      return { content: [{ type: "text", text: "search backend failed" }], isError: true };
    }`),
  })),
  // Where the framework's treatment of a throw is unknown, the rule stays silent.
  ...SHAPES.filter((shape) => shape.thrown === "unknown").map((shape) => ({
    name: `${shape.title}: McpError whose outcome is unknown`,
    code: shape.wrap(`    ${THROW}`),
  })),
];

// ---------------------------------------------------------------------------------------------
// Hand-written cases.

const LOW_LEVEL_HEADER = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
`;

/** A low-level switch dispatcher whose `get_page` case runs `body`. */
function inDispatcher(body: string, before = ""): string {
  return `${LOW_LEVEL_HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
${before}  switch (request.params.name) {
    case "get_page": {
${body}
    }
    default:
      throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
  }
});`;
}

const BAD_ARGS = 'throw new McpError(ErrorCode.InvalidParams, "pageId must be a UUID");';
const V2 = `import { McpServer, ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import { z } from "zod";
const server = new McpServer({ name: "demo", version: "1.0.0" });
`;

ruleTester.run("no-protocol-error-in-tool", rule, {
  valid: [
    ...shapeValid,
    {
      // The framework's own McpError becomes an isError result that keeps its code: no protocol error.
      name: "mcp-ts-core's McpError in a tool definition",
      code: `import { tool, z } from "@cyanheads/mcp-ts-core";
import { JsonRpcErrorCode, McpError } from "@cyanheads/mcp-ts-core/errors";
export const readNote = tool("read_note", {
  input: z.object({ path: z.string() }),
  async handler(input) {
    throw new McpError(JsonRpcErrorCode.NotFound, \`No note at \${input.path}\`);
  },
});`,
    },
    {
      name: "not an MCP file",
      code: "export function add(a: number, b: number) { return a + b; }",
    },
    {
      name: "the dispatcher's unknown-tool branch",
      code: inDispatcher('      return { content: [{ type: "text", text: "ok" }] };'),
    },
    {
      name: "an unknown-tool throw in a tool's own handler",
      code: inTool("  throw new McpError(ErrorCode.InvalidParams, `Tool ${String(args.name)} not found`);"),
    },
    {
      name: "a missing tool name is a request error",
      code: inDispatcher('      throw new McpError(ErrorCode.InvalidParams, "Tool name is required");'),
    },
    {
      name: "a disabled tool is a request error",
      code: inDispatcher('      throw new McpError(ErrorCode.InvalidRequest, "Tool get_page is disabled in this workspace");'),
    },
    {
      name: "a throw in the dispatcher before it routes to a tool",
      code: inDispatcher(
        '      return { content: [{ type: "text", text: "ok" }] };',
        '  if (typeof request.params.name !== "string") throw new McpError(ErrorCode.InvalidRequest, "params.name must be a string");\n',
      ),
    },
    {
      name: "a catch around a request check before routing",
      code: inDispatcher(
        '      return { content: [{ type: "text", text: "ok" }] };',
        '  try {\n    await fetch("https://auth.example.com/check");\n  } catch {\n    throw new McpError(ErrorCode.InvalidRequest, "The server is not authorized");\n  }\n',
      ),
    },
    {
      name: "UrlElicitationRequired is meant as a protocol error",
      code: inTool('  throw new McpError(ErrorCode.UrlElicitationRequired, "Open the link to connect your account");'),
    },
    {
      name: "UrlElicitationRequired by its number",
      code: inTool('  throw new McpError(-32042, "Open the link to connect your account");'),
    },
    {
      name: "a plain Error (another rule's concern)",
      code: inTool('  throw new Error("search backend failed");'),
    },
    {
      name: "a ProtocolError class that is not the SDK's",
      code: `import { ProtocolError } from "./errors.js";
${inTool('  throw new ProtocolError(500, "search backend failed");')}`,
    },
    {
      name: "re-throwing a caught error",
      code: inTool(`  try {
    return { content: [{ type: "text", text: await fetch("https://docs.example.com").then((r) => r.text()) }] };
  } catch (error) {
    throw error;
  }`),
    },
    {
      name: "a helper no handler calls",
      code: inTool(
        '  return { content: [{ type: "text", text: "ok" }] };',
        "export function parsePage(id: string) {\n  throw new McpError(ErrorCode.InvalidParams, `bad page ${id}`);\n}",
      ),
    },
    {
      name: "a McpError built but not thrown",
      code: inTool(
        '  const error = new McpError(ErrorCode.InternalError, "search backend failed");\n  return { content: [{ type: "text", text: error.message }], isError: true };',
      ),
    },
    {
      name: "a McpError thrown in a floating promise callback",
      code: inTool(
        '  void fetch("https://docs.example.com").then(() => {\n    throw new McpError(ErrorCode.InternalError, "late");\n  });\n  return { content: [] };',
      ),
    },
  ],
  invalid: [
    ...shapeInvalid,

    invalid({
      name: "InvalidParams for bad arguments inside a dispatcher case (validation first)",
      code: inDispatcher(`      if (typeof args.pageId !== "string") /*>*/${BAD_ARGS}\n      return { content: [] };`),
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: BAD_ARGS,
          data: data(LOW_LEVEL("-32602"), 'tool "get_page"'),
          suggestions: (code) => returns(code, BAD_ARGS, '"pageId must be a UUID"', { order: VALIDATION_FIRST }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a dispatcher's catch that wraps every tool's failure",
      code: `${LOW_LEVEL_HEADER}declare function readPage(id: unknown): Promise<string>;
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    switch (request.params.name) {
      case "get_page":
        return { content: [{ type: "text", text: await readPage(request.params.arguments?.id) }] };
      case "list_pages":
        return { content: [{ type: "text", text: "[]" }] };
      default:
        throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
    }
  } catch (error) {
    /*>*/throw new McpError(ErrorCode.InternalError, \`Tool failed: \${String(error)}\`);
  }
});`,
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: "throw new McpError(ErrorCode.InternalError, `Tool failed: ${String(error)}`);",
          data: data(LOW_LEVEL("-32603"), 'tools "get_page" and "list_pages"'),
          suggestions: (code) =>
            returns(code, "throw new McpError(ErrorCode.InternalError, `Tool failed: ${String(error)}`);", "`Tool failed: ${String(error)}`"),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a dispatcher's catch around a table lookup",
      code: `${LOW_LEVEL_HEADER}const tools = {
  get_page: async (args) => ({ content: [{ type: "text", text: String(args.id) }] }),
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools[request.params.name];
  if (!tool) throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
  try {
    return await tool(request.params.arguments);
  } catch (error) {
    /*>*/throw new McpError(ErrorCode.InternalError, String(error));
  }
});`,
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: "throw new McpError(ErrorCode.InternalError, String(error));",
          data: data(LOW_LEVEL("-32603"), 'tool "get_page"'),
          suggestions: (code) => returns(code, "throw new McpError(ErrorCode.InternalError, String(error));", "String(error)"),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a catch inside an async function the dispatcher runs at once and hands back the promise of",
      code: `${LOW_LEVEL_HEADER}const tools = {
  get_page: async (args) => ({ content: [{ type: "text", text: String(args.id) }] }),
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools[request.params.name];
  const running = (async () => {
    try {
      return await tool(request.params.arguments);
    } catch (error) {
      /*>*/throw new McpError(ErrorCode.InternalError, String(error));
    }
  })();
  (async () => {
    throw new McpError(ErrorCode.InternalError, "nothing waits for this one");
  })();
  return running;
});`,
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: "throw new McpError(ErrorCode.InternalError, String(error));",
          data: data(LOW_LEVEL("-32603"), 'tool "get_page"'),
          // No suggestion: a return there ends the inner function, not the handler.
        },
      ],
      output: null,
    }),
    invalid({
      name: "a low-level handler that serves one tool without routing",
      code: `${LOW_LEVEL_HEADER}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const response = await fetch("https://wiki.example.com/api/pages/" + String(request.params.arguments?.id));
  if (!response.ok) /*>*/throw new McpError(ErrorCode.InternalError, "wiki unreachable");
  return { content: [{ type: "text", text: await response.text() }] };
});`,
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: 'throw new McpError(ErrorCode.InternalError, "wiki unreachable");',
          data: data(LOW_LEVEL("-32603"), "this tool handler"),
          suggestions: (code) => returns(code, 'throw new McpError(ErrorCode.InternalError, "wiki unreachable");', '"wiki unreachable"'),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a McpError in the handler's catch clause",
      code: inTool(`  try {
    return { content: [{ type: "text", text: await fetch("https://docs.example.com").then((r) => r.text()) }] };
  } catch (error) {
    /*>*/throw new McpError(ErrorCode.InternalError, \`Search failed: \${String(error)}\`);
  }`),
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: "throw new McpError(ErrorCode.InternalError, `Search failed: ${String(error)}`);",
          data: data(SDK_TEXT("-32603")),
          suggestions: (code) =>
            returns(code, "throw new McpError(ErrorCode.InternalError, `Search failed: ${String(error)}`);", "`Search failed: ${String(error)}`"),
        },
      ],
      output: null,
    }),
    invalid({
      name: "McpError.fromError(...)",
      code: inTool('  /*>*/throw McpError.fromError(ErrorCode.InvalidParams, "query is empty");'),
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: 'throw McpError.fromError(ErrorCode.InvalidParams, "query is empty");',
          data: data(SDK_TEXT("-32602")),
          suggestions: (code) =>
            returns(code, 'throw McpError.fromError(ErrorCode.InvalidParams, "query is empty");', '"query is empty"', { order: VALIDATION_FIRST }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "SDK v2 ProtocolError: no prefix on the message",
      code: `${V2}server.registerTool("search_docs", { inputSchema: z.object({ query: z.string() }) }, async (args) => {
  /*>*/throw new ProtocolError(ProtocolErrorCode.InternalError, "search backend failed");
});`,
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: 'throw new ProtocolError(ProtocolErrorCode.InternalError, "search backend failed");',
          data: data('McpServer turns it into an isError result whose only text is "<message>", with no classification', SEARCH_DOCS, "ProtocolError"),
          suggestions: (code) =>
            returns(code, 'throw new ProtocolError(ProtocolErrorCode.InternalError, "search backend failed");', '"search backend failed"'),
        },
      ],
      output: null,
    }),
    invalid({
      name: "an aliased import of McpError",
      code: `import { McpError as RpcError } from "@modelcontextprotocol/sdk/types.js";
${inTool('  /*>*/throw new RpcError(-32602, "query is empty");')}`,
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: 'throw new RpcError(-32602, "query is empty");',
          data: data(SDK_TEXT("-32602")),
          suggestions: (code) => returns(code, 'throw new RpcError(-32602, "query is empty");', '"query is empty"', { order: VALIDATION_FIRST }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "McpError through a namespace import",
      code: `import * as types from "@modelcontextprotocol/sdk/types.js";
${inTool('  /*>*/throw new types.McpError(types.ErrorCode.InternalError, "search backend failed");')}`,
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: 'throw new types.McpError(types.ErrorCode.InternalError, "search backend failed");',
          data: data(SDK_TEXT("-32603")),
          suggestions: (code) =>
            returns(code, 'throw new types.McpError(types.ErrorCode.InternalError, "search backend failed");', '"search backend failed"'),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a code the rule cannot read",
      code: inTool('  const code = Number(process.env.ERROR_CODE);\n  /*>*/throw new McpError(code, "search backend failed");'),
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: 'throw new McpError(code, "search backend failed");',
          data: data(SDK_TEXT("<code>")),
          suggestions: (code) => returns(code, 'throw new McpError(code, "search backend failed");', '"search backend failed"'),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a const holding the McpError (no suggestion: the construction is elsewhere)",
      code: inTool('  const failure = new McpError(ErrorCode.InternalError, "search backend failed");\n  /*>*/throw failure;'),
      errors: [{ messageId: "protocolErrorInTool", reported: "throw failure;", data: data(SDK_TEXT("-32603")) }],
      output: null,
    }),
    invalid({
      name: "data in a third argument (no suggestion: it would be lost)",
      code: inTool('  /*>*/throw new McpError(ErrorCode.InternalError, "search backend failed", { upstream: 503 });'),
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: 'throw new McpError(ErrorCode.InternalError, "search backend failed", { upstream: 503 });',
          data: data(SDK_TEXT("-32603")),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a comment inside the throw (no suggestion)",
      code: inTool('  /*>*/throw new McpError(ErrorCode.InternalError, /* upstream */ "search backend failed");'),
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: 'throw new McpError(ErrorCode.InternalError, /* upstream */ "search backend failed");',
          data: data(SDK_TEXT("-32603")),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a handler declared to return a string (no suggestion)",
      code: `import { FastMCP } from "fastmcp";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
server.addTool({
  name: "get_page",
  execute: async (args): Promise<string> => {
    /*>*/throw new McpError(ErrorCode.InternalError, "wiki unreachable");
  },
});`,
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: 'throw new McpError(ErrorCode.InternalError, "wiki unreachable");',
          data: data(
            `FastMCP turns it into an isError result whose only text is "Tool 'get_page' execution failed: MCP error -32603: <message>", with no classification`,
            'tool "get_page"',
          ),
        },
      ],
      output: null,
    }),
    invalid({
      name: "the branch points at a category (status 404: business first)",
      code: inTool(`  const response = await fetch("https://docs.example.com/" + String(args.query));
  if (response.status === 404) {
    /*>*/${THROW}
  }
  return { content: [{ type: "text", text: await response.text() }] };`),
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: THROW,
          data: data(SDK_TEXT("-32603")),
          suggestions: (code) => returns(code, THROW, '"search backend failed"', { order: ["business", "transient", "validation", "permission"] }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "tmcp keeps the McpError's code as a JSON-RPC error",
      code: `import { McpServer } from "tmcp";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
const server = new McpServer({ name: "demo", version: "1.0.0" }, {});
server.tool({ name: "get_page", description: "Read a page" }, async () => {
  /*>*/throw new McpError(ErrorCode.InternalError, "wiki unreachable");
});`,
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: 'throw new McpError(ErrorCode.InternalError, "wiki unreachable");',
          data: data("tmcp sends it as a JSON-RPC error with code -32603, which the model never sees", 'tool "get_page"'),
          suggestions: (code) => returns(code, 'throw new McpError(ErrorCode.InternalError, "wiki unreachable");', '"wiki unreachable"'),
        },
      ],
      output: null,
    }),
    invalid({
      name: "EdgeFastMCP drops isError from results (no suggestion)",
      code: `import { EdgeFastMCP } from "fastmcp/edge";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
const server = new EdgeFastMCP({ name: "demo", version: "1.0.0" });
server.addTool({
  name: "get_page",
  execute: async (args) => {
    /*>*/throw new McpError(ErrorCode.InternalError, "wiki unreachable");
  },
});`,
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: 'throw new McpError(ErrorCode.InternalError, "wiki unreachable");',
          data: data("EdgeFastMCP sends it as a JSON-RPC error, which the model never sees", 'tool "get_page"'),
        },
      ],
      output: null,
    }),
    invalid({
      name: "with the snake-case preset",
      code: inTool(`  /*>*/${BAD_ARGS}`),
      settings: { "mcp-errors": { preset: "snake-case" } },
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: BAD_ARGS,
          data: data(SDK_TEXT("-32602"), SEARCH_DOCS, "McpError", "error_code", "retry_recommended"),
          suggestions: (code) =>
            returns(code, BAD_ARGS, '"pageId must be a UUID"', {
              order: VALIDATION_FIRST,
              categoryField: "error_code",
              retryableField: "retry_recommended",
              codes: { transient: "SYSTEM_UNAVAILABLE", validation: "VALIDATION_ERROR", business: "NOT_FOUND", permission: "PERMISSION_DENIED" },
              build: (category, retryable) => {
                const value = { transient: "SYSTEM_UNAVAILABLE", validation: "VALIDATION_ERROR", business: "NOT_FOUND", permission: "PERMISSION_DENIED" }[
                  category
                ];
                return `return { content: [{ type: "text", text: JSON.stringify({ error_code: "${value}", retry_recommended: ${String(retryable)}, error_message: "pageId must be a UUID" }) }], isError: true };`;
              },
            }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "with the nested preset: the payload sits in its container",
      code: inTool(`  /*>*/${BAD_ARGS}`),
      settings: { "mcp-errors": { preset: "nested" } },
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: BAD_ARGS,
          data: data(SDK_TEXT("-32602"), SEARCH_DOCS, "McpError", "code", "retryable"),
          suggestions: (code) =>
            returns(code, BAD_ARGS, '"pageId must be a UUID"', {
              order: VALIDATION_FIRST,
              categoryField: "code",
              retryableField: "retryable",
              codes: { transient: "SYSTEM_UNAVAILABLE", validation: "VALIDATION_ERROR", business: "NOT_FOUND", permission: "PERMISSION_DENIED" },
              build: (category, retryable) => {
                const value = { transient: "SYSTEM_UNAVAILABLE", validation: "VALIDATION_ERROR", business: "NOT_FOUND", permission: "PERMISSION_DENIED" }[
                  category
                ];
                return `return { content: [{ type: "text", text: JSON.stringify({ error: { code: "${value}", retryable: ${String(retryable)}, message: "pageId must be a UUID" } }) }], isError: true };`;
              },
            }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "with the tool-failure preset: the payload goes to _meta",
      code: inTool(`  /*>*/${BAD_ARGS}`),
      settings: { "mcp-errors": { preset: "tool-failure" } },
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: BAD_ARGS,
          data: data(SDK_TEXT("-32602"), SEARCH_DOCS, "McpError", "class", "retryable"),
          suggestions: (code) =>
            returns(code, BAD_ARGS, '"pageId must be a UUID"', {
              order: VALIDATION_FIRST,
              categoryField: "class",
              retryableField: "retryable",
              build: (category, retryable) =>
                `return { content: [{ type: "text", text: "pageId must be a UUID" }], isError: true, _meta: { "io.modelcontextprotocol/toolFailure": { class: "${category}", retryable: ${String(retryable)}, message: "pageId must be a UUID" } } };`,
            }),
        },
      ],
      output: null,
    }),
    {
      ...invalid({
        name: "a JavaScript file",
        code: `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { ErrorCode, McpError } = require("@modelcontextprotocol/sdk/types.js");
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.tool("get_page", async () => {
  /*>*/throw new McpError(ErrorCode.InternalError, "wiki unreachable");
});`,
        errors: [
          {
            messageId: "protocolErrorInTool",
            reported: 'throw new McpError(ErrorCode.InternalError, "wiki unreachable");',
            data: data(SDK_TEXT("-32603"), 'tool "get_page"'),
            suggestions: (code) => returns(code, 'throw new McpError(ErrorCode.InternalError, "wiki unreachable");', '"wiki unreachable"'),
          },
        ],
        output: null,
      }),
      filename: "server.js",
    },
  ],
});

// A protocol error is judged at its throw against the catches on the way out: a catch that passes
// McpErrors on (or wraps into another one) lets it reach the client; one that wraps it into a
// plain error or answers with a result stops it being a protocol error.
ruleTester.run("no-protocol-error-in-tool: catches on the way out", rule, {
  valid: [
    {
      name: "a catch that answers every error with a result",
      code: inDispatcher(`      try {
        if (!args.pageId) throw new McpError(ErrorCode.InvalidParams, "pageId is required: pass the id of the page to read");
        return { content: [{ type: "text", text: "page" }] };
      } catch (error) {
        return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "validation", isRetryable: false, description: String(error) }) }] };
      }`),
    },
    {
      name: "a catch that wraps the McpError into a plain Error: McpServer makes an isError result of that",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("get_page", { inputSchema: {} }, async ({ pageId }) => {
  try {
    if (!pageId) throw new McpError(ErrorCode.InvalidParams, "pageId is required: pass the id of the page to read");
    return { content: [{ type: "text", text: "page" }] };
  } catch (error) {
    throw new Error(\`Reading the page failed: \${String(error)}\`);
  }
});`,
    },
  ],
  invalid: [
    invalid({
      name: "a catch that passes McpErrors on unchanged",
      code: inDispatcher(`      try {
        if (!args.pageId) /*>*/throw new McpError(ErrorCode.InvalidParams, "pageId is required: pass the id of the page to read");
        return { content: [{ type: "text", text: "page" }] };
      } catch (error) {
        if (error instanceof McpError) throw error;
        return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: String(error) }) }] };
      }`),
      errors: [
        {
          messageId: "protocolErrorInTool",
          reported: 'throw new McpError(ErrorCode.InvalidParams, "pageId is required: pass the id of the page to read");',
          data: data(LOW_LEVEL("-32602"), 'tool "get_page"'),
          suggestions: (code) =>
            returns(
              code,
              'throw new McpError(ErrorCode.InvalidParams, "pageId is required: pass the id of the page to read");',
              '"pageId is required: pass the id of the page to read"',
              {
                order: VALIDATION_FIRST,
              },
            ),
        },
      ],
      output: null,
    }),
  ],
});
