import type { InvalidTestCase, SuggestionOutput, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../src/rules/require-error-classification.js";
import { createRuleTester } from "../rule-tester.js";
import { invalid as invalidCase, replaceOnce } from "../cases.js";
import { SHAPES, SHAPES_WITH_KNOWN_THROW, type HandlerShape } from "../shapes.js";

const ruleTester = createRuleTester();

type Category = "transient" | "validation" | "business" | "permission";
type Invalid = InvalidTestCase<MessageIds, Options>;
type Valid = ValidTestCase<Options>;

/** The order of suggestions when the branch gives no hint. */
const DEFAULT_ORDER: readonly Category[] = ["transient", "validation", "business", "permission"];
const RETRYABLE: Readonly<Record<Category, boolean>> = { transient: true, validation: false, business: false, permission: false };

const SDK = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
`;
const LOW_LEVEL = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
`;
const FASTMCP = `import { FastMCP, UserError } from "fastmcp";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
`;
/** A client whose constructor checks its token (the throw carries the marker of the reported node). */
const CLIENT = `class DocsClient {
  token: string;
  constructor(token = process.env.DOCS_TOKEN) {
    if (!token) /*>*/throw new Error("DOCS_TOKEN is not set: add a token to the server's environment");
    this.token = token;
  }
}
`;

/** A `registerTool("get_doc")` handler around `body`. */
function inTool(body: string): string {
  return `${SDK}server.registerTool("get_doc", { inputSchema: {} }, async (args) => {
${body}
});`;
}

/** A FastMCP `addTool({ name: "get_doc" })` handler around `body`. */
function inFastMcp(body: string): string {
  return `${FASTMCP}server.addTool({
  name: "get_doc",
  execute: async (args) => {
${body}
  },
});`;
}

const GET_DOC = 'tool "get_doc"';
const SEARCH_DOCS = 'tool "search_docs"';
const UNNAMED = "this tool handler";
const SDK_OUTCOME = "McpServer turns it into an isError result whose only content is the message text";
const LOW_LEVEL_OUTCOME = "the low-level MCP Server sends it as a JSON-RPC protocol error, which the model never sees";

interface SuggestionSpec {
  /** Categories in the order the suggestions must come in. */
  readonly order?: readonly Category[];
  /** The retryability field named in the suggestion message. */
  readonly field?: string;
  /** The category field and the value written for each category. */
  readonly categoryField?: string;
  readonly codes?: Partial<Record<Category, string>>;
  readonly validationRetryable?: boolean;
}

/** One `addClassification` suggestion per category: `from` in `code` becomes `to(category, retryable)`. */
function classifications(
  code: string,
  from: string,
  to: (category: Category, retryable: boolean) => string,
  { order = DEFAULT_ORDER, field = "isRetryable", validationRetryable = false, categoryField = "errorCategory", codes = {} }: SuggestionSpec = {},
): SuggestionOutput<MessageIds>[] {
  return order.map((category) => {
    const retryable = category === "validation" ? validationRetryable : RETRYABLE[category];
    return {
      messageId: "addClassification",
      data: { category, categoryField, code: JSON.stringify(codes[category] ?? category), retryable: field, value: String(retryable) },
      output: replaceOnce(code, from, to(category, retryable)),
    };
  });
}

/** The suggestions that turn `text: <message>` into a JSON payload keeping the message as description. */
function textToJson(code: string, message: string, spec: SuggestionSpec = {}): SuggestionOutput<MessageIds>[] {
  return classifications(
    code,
    `text: ${message}`,
    (category, retryable) => `text: JSON.stringify({ errorCategory: "${category}", isRetryable: ${String(retryable)}, description: ${message} })`,
    spec,
  );
}

const invalid = invalidCase<MessageIds, Options>;

function missingClassification(tool: string, category = "errorCategory", retryable = "isRetryable"): Record<string, string> {
  return { tool, category, retryable };
}

function unclassifiedThrow(tool: string, outcome: string, category = "errorCategory", retryable = "isRetryable"): Record<string, string> {
  return { tool, outcome, category, retryable };
}

/** What the shape's framework turns an escaping throw into (the message's `outcome`). */
function outcomeOf(shape: HandlerShape): string {
  if (shape.title.startsWith("low-level")) return LOW_LEVEL_OUTCOME;
  if (shape.title.startsWith("FastMCP")) {
    return `FastMCP turns it into an isError result whose only text is "Tool 'search_docs' execution failed: <message>"`;
  }
  if (shape.title.startsWith("mcp-framework")) return "mcp-framework turns it into an isError result whose only content is the message text";
  if (shape.title.startsWith("@Tool()")) return "MCP-Nest turns it into an isError result whose only content is the message text";
  return SDK_OUTCOME;
}

// ---------------------------------------------------------------------------------------------
// Every handler shape.

const THROW = 'throw new Error("search backend failed");';

const shapeInvalid: Invalid[] = [
  ...SHAPES.map((shape) =>
    invalid({
      name: `${shape.title}: a plain-text error result`,
      code: shape.wrap('    return { /*>*/isError: true, content: [{ type: "text", text: "boom" }] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          data: missingClassification(shape.named ? SEARCH_DOCS : UNNAMED),
          suggestions: (code) => textToJson(code, '"boom"'),
        },
      ],
      output: null,
    }),
  ),
  ...SHAPES.map((shape) =>
    invalid({
      name: `${shape.title}: a JSON payload with a category and no retryability`,
      code: shape.wrap(
        '    return { /*>*/isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", description: "busy" }) }] };',
      ),
      errors: [
        {
          messageId: "missingRetryable",
          reported: "isError: true",
          data: { tool: shape.named ? SEARCH_DOCS : UNNAMED, retryable: "isRetryable" },
        },
      ],
      output: (code) => replaceOnce(code, 'errorCategory: "transient",', 'errorCategory: "transient", isRetryable: true,'),
    }),
  ),
  ...SHAPES_WITH_KNOWN_THROW.map((shape) =>
    invalid({
      name: `${shape.title}: a throw that escapes the handler`,
      code: shape.wrap(`    /*>*/${THROW}`),
      errors: [{ messageId: "unclassifiedThrow", reported: THROW, data: unclassifiedThrow(SEARCH_DOCS, outcomeOf(shape)) }],
      output: null,
    }),
  ),
];

const shapeValid: Valid[] = [
  ...SHAPES.map((shape) => ({
    name: `${shape.title}: a classified JSON error payload`,
    code: shape.wrap(
      '    return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: "busy" }) }] };',
    ),
  })),
  ...SHAPES.map((shape) => ({
    name: `${shape.title}: a throw caught into a classified result`,
    code: shape.wrap(`    try {
      ${THROW}
    } catch (error) {
      return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true } };
    }`),
  })),
  // Where the framework's treatment of a throw is unknown, a throw is not reported.
  ...SHAPES.filter((shape) => shape.thrown === "unknown").map((shape) => ({
    name: `${shape.title}: a throw whose outcome is unknown`,
    code: shape.wrap(`    ${THROW}`),
  })),
];

// ---------------------------------------------------------------------------------------------
// Hand-written cases.

const fixedRetryable = (from: string, to: string) => (code: string) => replaceOnce(code, from, to);

ruleTester.run("require-error-classification", rule, {
  valid: [
    ...shapeValid,

    // A thrown McpError is no-protocol-error-in-tool's report (one report per line).
    {
      name: "a thrown McpError is left to no-protocol-error-in-tool",
      code: `import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
${inTool('  throw new McpError(ErrorCode.InternalError, "The index is being rebuilt");')}`,
    },
    {
      name: "McpError.fromError is left to no-protocol-error-in-tool",
      code: `import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
${inTool('  throw McpError.fromError(ErrorCode.InternalError, "The index is being rebuilt");')}`,
    },
    {
      name: "an McpError of a namespace import, and one held in a const, are left to no-protocol-error-in-tool",
      code: `import * as types from "@modelcontextprotocol/sdk/types.js";
${inTool(`  if (!args.id) throw new types.McpError(types.ErrorCode.InvalidParams, "id is required");
  const busy = new types.McpError(types.ErrorCode.InternalError, "The index is being rebuilt");
  throw busy;`)}`,
    },
    {
      name: "the SDK v2 ProtocolError is left to no-protocol-error-in-tool",
      code: `import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
${inTool('  throw new ProtocolError(ProtocolErrorCode.InternalError, "The index is being rebuilt");')}`,
    },

    // Where the classification may live.
    {
      name: "classification in structuredContent",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "business", isRetryable: false } };'),
    },
    {
      name: "classification in _meta",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: "not found" }], _meta: { errorCategory: "business", isRetryable: false } };',
      ),
    },
    {
      name: "classification in a nested error object",
      code: inTool('  return { isError: true, content: [], structuredContent: { error: { errorCategory: "permission", isRetryable: false } } };'),
    },
    {
      name: "classification in a const passed to JSON.stringify",
      code: inTool(`  const payload = { errorCategory: "validation", isRetryable: false, description: "bad id" };
  return { isError: true, content: [{ type: "text", text: JSON.stringify(payload) }] };`),
    },
    {
      name: "the category and the retryability split over content and structuredContent",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "business" }) }], structuredContent: { isRetryable: false } };',
      ),
    },

    // Not an error result.
    { name: "isError: false", code: inTool('  return { isError: false, content: [{ type: "text", text: "ok" }] };') },
    { name: "an isError object without content or structuredContent", code: inTool('  return { isError: true, message: "boom" };') },
    {
      name: "an isError object off any handler path that is not returned (a test expectation)",
      code: 'const expected = { isError: true, content: [{ type: "text", text: "not found" }] };',
    },

    // Unknown payloads stay silent.
    { name: "a spread result", code: inTool("  return { ...base, isError: true };") },
    { name: "content built elsewhere", code: inTool("  return { isError: true, content: parts };") },
    { name: "a content part built elsewhere", code: inTool("  return { isError: true, content: [part] };") },
    {
      name: "JSON.stringify of a non-literal argument",
      code: inTool('  return { isError: true, content: [{ type: "text", text: JSON.stringify(payload) }] };'),
    },
    { name: "structuredContent built elsewhere", code: inTool("  return { isError: true, content: [], structuredContent: details };") },
    {
      name: "a spread in the JSON payload",
      code: inTool('  return { isError: true, content: [{ type: "text", text: JSON.stringify({ ...classification, description: "x" }) }] };'),
    },

    // Same-file helpers.
    {
      name: "a classified helper called twice",
      code: `${SDK}function errorResult(message) {
  return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "validation", isRetryable: false, description: message }) }] };
}
server.registerTool("get_doc", { inputSchema: {} }, async (args) => {
  if (!args.id) return errorResult("id is required");
  return errorResult("id is malformed");
});`,
    },

    // Throws that do not escape, or whose error is not known to be unclassified.
    { name: "a throw inside try/catch", code: inTool('  try {\n    throw new Error("x");\n  } catch {\n    return { content: [] };\n  }') },
    {
      name: "a throw in a nested function that is never called",
      code: inTool('  const fail = () => {\n    throw new Error("never called");\n  };\n  return { content: [] };'),
    },
    {
      name: "a throw in a same-file function called inside try/catch",
      code: `${SDK}function check(args) {
  if (!args.id) throw new Error("id is required");
}
server.registerTool("get_doc", { inputSchema: {} }, async (args) => {
  try {
    check(args);
  } catch {
    return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false } };
  }
  return { content: [] };
});`,
    },
    { name: "rethrowing a value that is not the caught error", code: inTool("  throw err;") },
    {
      // A call the error is handed to, or a property set on it, may classify it: unknown, silent.
      name: "an error held in a const and handed to a function, or given another property, before the throw",
      code: inTool(`  const response = await fetch(\`https://docs.example.com/\${args.id}\`, { signal: AbortSignal.timeout(5000) });
  if (response.status === 429) {
    const limited = new Error("Rate limited by the docs API");
    tagFailure(limited, response);
    throw limited;
  }
  if (!response.ok) {
    const failure = new Error(\`Docs API answered \${response.status}\`);
    failure.retryable = response.status >= 500;
    throw failure;
  }
  return { content: [{ type: "text", text: await response.text() }] };`),
    },
    {
      // A field named like a classification, or an object written in place with one, may classify it.
      name: "an error held in a const given a code, a status, or details with a code, before the throw",
      code: inTool(`  const response = await fetch(\`https://docs.example.com/\${args.id}\`, { signal: AbortSignal.timeout(5000) });
  if (response.status === 404) {
    const missing = new Error(\`No doc \${args.id}\`);
    missing.code = "DOC_NOT_FOUND";
    throw missing;
  }
  if (response.status === 429) {
    const limited = new Error("Rate limited by the docs API");
    limited.details = { errorCategory: "transient", path: args.id };
    throw limited;
  }
  if (!response.ok) {
    const failure = new Error(\`Docs API answered \${response.status}\`);
    failure.httpStatus = response.status;
    throw failure;
  }
  return { content: [{ type: "text", text: await response.text() }] };`),
    },
    {
      name: "an error result whose content spreads a choice of parts, one of them classified",
      code: inTool(
        '  return {\n    isError: true,\n    content: [...(verbose ? [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true }) }] : [])],\n  };',
      ),
    },
    {
      name: "an error result whose content spreads a choice with an array that is no literal",
      code: inTool("  return { isError: true, content: [...(verbose ? parts : [])] };"),
    },
    {
      name: "throwing a variable that also holds an error of the project's own",
      code: inTool(
        "  let last;\n  for (let i = 0; i < 3; i++) {\n    try {\n      return await fetchDoc(args.id);\n    } catch (error) {\n      last = error;\n    }\n  }\n  last = new QuotaError();\n  throw last;",
      ),
    },
    {
      name: "throwing a variable with a value of its own",
      code: inTool("  let last = pending;\n  try {\n    return await fetchDoc(args.id);\n  } catch (error) {\n    last = error;\n  }\n  throw last;"),
    },
    { name: "throwing what a non-error factory returns", code: inTool('  throw createToolError("x");') },
    { name: "a floating promise", code: inTool("  void run().catch(() => {});\n  return { content: [] };") },
    {
      name: "a wrapper that catches what the handler throws",
      code: `${SDK}function withErrors(fn) {
  return async (args, extra) => {
    try {
      return await fn(args, extra);
    } catch (error) {
      return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true } };
    }
  };
}
server.registerTool("get_doc", { inputSchema: {} }, withErrors(async (args) => {
  throw new Error("boom");
}));`,
    },
    {
      name: "a file without MCP evidence",
      code: 'thing.tool("get_doc", () => {\n  throw new Error("x");\n});',
    },

    // FastMCP UserError.
    {
      name: "FastMCP UserError with the classification in its extras",
      code: inFastMcp('    throw new UserError("id is malformed", { errorCategory: "validation", isRetryable: false });'),
    },
    { name: "FastMCP UserError with extras built elsewhere", code: inFastMcp('    throw new UserError("id is malformed", extras);') },

    // A dispatcher's unknown-tool throw: the MCP spec asks for a protocol error there, and a thrown
    // unknown-tool error is left alone. (A returned unknown-tool error result is reported: see invalid.)
    {
      name: "an unknown-tool throw after a dispatcher if chain",
      code: `${LOW_LEVEL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "get_doc") return { content: [] };
  throw new Error(\`Tool not found: \${request.params.name}\`);
});`,
    },

    {
      name: "an unknown-tool throw built with + after a dispatcher if",
      code: `${LOW_LEVEL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "get_doc") return { content: [] };
  throw new Error("Unknown tool: " + request.params.name);
});`,
    },
    {
      name: "the throw of a dispatcher a tool's handler runs, for a tool of its group it does not know",
      code: `${LOW_LEVEL}const SPACE_TOOLS = { get_space: async (params) => ({ content: [{ type: "text", text: String(params.id) }] }) };
async function handleSpaceTool(toolName, params) {
  const run = SPACE_TOOLS[toolName];
  if (!run) throw new Error(\`Unknown space tool: \${toolName}\`);
  return run(params);
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: params } = request.params;
  if (name.endsWith("_space")) return handleSpaceTool(name, params);
  throw new Error("Unknown tool: " + name);
});`,
    },
    {
      name: "an unknown-tool error held in a const before it is thrown",
      code: `${LOW_LEVEL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "get_doc") return { content: [] };
  const error = new Error(\`Unknown tool: \${request.params.name}\`);
  error.name = "UnknownToolError";
  throw error;
});`,
    },
    {
      name: "a JSON-RPC error object thrown for a tool the configuration disables",
      code: `${LOW_LEVEL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const reason = allowList.length > 0 ? \`Tool '\${request.params.name}' is not in the enabled tools list.\` : \`Tool '\${request.params.name}' is disabled.\`;
  if (disabled.has(request.params.name)) throw { code: -32601, message: reason };
  return { content: [] };
});`,
    },
    // Options.
    {
      name: "classifiedErrorClasses: a listed class",
      code: inTool('  throw new ToolError("not found");'),
      options: [{ classifiedErrorClasses: ["ToolError"] }],
    },
    {
      name: "classifiedErrorClasses: a listed class reached through a namespace",
      code: inTool('  throw new errors.ToolError("not found");'),
      options: [{ classifiedErrorClasses: ["ToolError"] }],
    },

    // Settings.
    {
      name: "snake-case preset: a classified payload",
      code: inTool('  return { isError: true, content: [], structuredContent: { error_code: "NOT_FOUND", retry_recommended: false } };'),
      settings: { "mcp-errors": { preset: "snake-case" } },
    },
    {
      name: "nested preset: a classified error object",
      code: inTool(
        '  return { isError: true, content: [], structuredContent: { error: { code: "RATE_LIMITED", retryable: true, message: "slow down" } } };',
      ),
      settings: { "mcp-errors": { preset: "nested" } },
    },
    {
      name: "nested preset: an error object built elsewhere",
      code: inTool("  return { isError: true, content: [], structuredContent: { error: details } };"),
      settings: { "mcp-errors": { preset: "nested" } },
    },
    {
      name: "tool-failure preset: a classified _meta entry",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: "gone" }], _meta: { "io.modelcontextprotocol/toolFailure": { class: "not_found", retryable: false } } };',
      ),
      settings: { "mcp-errors": { preset: "tool-failure" } },
    },
    {
      name: "tool-failure preset: _meta built elsewhere",
      code: inTool('  return { isError: true, content: [{ type: "text", text: "gone" }], _meta: meta };'),
      settings: { "mcp-errors": { preset: "tool-failure" } },
    },
    // With no settings, a payload written wholly in another built-in preset's words is classified.
    {
      name: "no settings: an error object of the nested preset's words, in JSON text built by a helper",
      code: `function errorBody(code, message, retryable) {
  return { error: { code, message, retryable } };
}
${inTool(`  const body = errorBody("INVALID_DOMAIN", "A domain is required.", false);
  return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }] };`)}`,
    },
    {
      name: "settings of clients and wrappers only: a payload in the nested preset's words is still classified",
      code: inTool(
        '  return { isError: true, content: [], structuredContent: { error: { code: "RATE_LIMITED", retryable: true, message: "slow down" } } };',
      ),
      settings: { "mcp-errors": { wrappers: ["withDeadline"] } },
    },
    {
      // A builder's flag, spread in under its own parameter: its calls decide, and none is seen here.
      name: "a builder that spreads its isError parameter in as a flag",
      code: `function reply(text: string, isError = false) {
  return { content: [{ type: "text" as const, text }], ...(isError && { isError: true }) };
}
${inTool('  return reply("ok");')}`,
    },
    {
      name: "no settings: the snake-case preset's fields",
      code: inTool('  return { isError: true, content: [], structuredContent: { error_code: "NOT_FOUND", retry_recommended: false } };'),
    },
    {
      name: "custom fields and an added category",
      code: inTool('  return { isError: true, content: [], structuredContent: { kind: "QUOTA_EXCEEDED", canRetry: false } };'),
      settings: { "mcp-errors": { fields: { category: "kind", retryable: "canRetry" }, categories: { QUOTA_EXCEEDED: "business" } } },
    },
  ],

  invalid: [
    ...shapeInvalid,

    // A dispatcher's unknown-tool answer, when it is an error result, is read by the model like any
    // other: it needs the classification that tells the agent to fix its call (or, as the MCP spec
    // asks, a protocol error, which this rule leaves alone).
    ...[
      [
        "in the default case of a dispatcher switch",
        `${LOW_LEVEL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "get_doc":
      return { content: [] };
    default:
      return { /*>*/isError: true, content: [{ type: "text", text: "Unknown tool" }] };
  }
});`,
        '"Unknown tool"',
      ],
      [
        "in the else of a dispatcher if chain",
        `${LOW_LEVEL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name } = request.params;
  if (name === "get_doc") {
    return { content: [] };
  } else {
    return { /*>*/isError: true, content: [{ type: "text", text: "Unknown tool: " + name }] };
  }
});`,
        '"Unknown tool: " + name',
      ],
      [
        "when a dispatch table has no handler",
        `${LOW_LEVEL}const handlers = { get_doc: async () => ({ content: [] }) };
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = handlers[request.params.name];
  if (!handler) {
    return { /*>*/isError: true, content: [{ type: "text", text: "Unknown tool" }] };
  }
  return handler(request.params.arguments);
});`,
        '"Unknown tool"',
      ],
      [
        "after a one-branch dispatcher if",
        `${LOW_LEVEL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name } = request.params;
  if (name === "get_doc") return { content: [] };
  return { /*>*/isError: true, content: [{ type: "text", text: \`Unknown tool: \${name}\` }] };
});`,
        "`Unknown tool: ${name}`",
      ],
    ].map(([where = "", code = "", text = ""]) =>
      invalid({
        name: `an unknown-tool error result ${where}`,
        code,
        errors: [{ messageId: "missingClassification", reported: "isError: true", suggestions: (c) => textToJson(c, text) }],
        output: null,
      }),
    ),

    invalid({
      name: "an error result whose content spreads a choice of text parts, none classified",
      code: inTool(
        '  try {\n    return await fetchDoc(args.id);\n  } catch (error) {\n    return {\n      /*>*/isError: true,\n      content: [{ type: "text", text: String(error) }, ...(DEBUG ? [{ type: "text", text: String(error.stack) }] : [])],\n    };\n  }',
      ),
      // No suggestion: where the fields would go depends on which parts are there.
      errors: [{ messageId: "missingClassification", reported: "isError: true" }],
      output: null,
    }),
    // Missing both fields: suggestions insert them where the payload is.
    invalid({
      name: "a JSON payload without classification",
      code: inTool('  return { /*>*/isError: true, content: [{ type: "text", text: JSON.stringify({ description: "boom" }) }] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          data: missingClassification(GET_DOC),
          suggestions: (code) => classifications(code, "({ description", (c, r) => `({ errorCategory: "${c}", isRetryable: ${String(r)}, description`),
        },
      ],
      output: null,
    }),
    invalid({
      name: "an empty structuredContent",
      code: inTool("  return { /*>*/isError: true, content: [], structuredContent: {} };"),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) =>
            classifications(code, "structuredContent: {}", (c, r) => `structuredContent: { errorCategory: "${c}", isRetryable: ${String(r)} }`),
        },
      ],
      output: null,
    }),
    invalid({
      name: "structuredContent beside a text part: the fields go into structuredContent",
      code: inTool('  return { /*>*/isError: true, content: [{ type: "text", text: "boom" }], structuredContent: { id: args.id } };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) =>
            classifications(code, "structuredContent: { id", (c, r) => `structuredContent: { errorCategory: "${c}", isRetryable: ${String(r)}, id`),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a const JSON payload: the fields go into the const",
      code: inTool(`  const payload = { description: "boom" };
  return { /*>*/isError: true, content: [{ type: "text", text: JSON.stringify(payload) }] };`),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) =>
            classifications(code, '{ description: "boom" }', (c, r) => `{ errorCategory: "${c}", isRetryable: ${String(r)}, description: "boom" }`),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a template-literal message becomes the description",
      code: inTool('  return { /*>*/isError: true, content: [{ type: "text", text: `failed: ${error.message}` }] };'),
      errors: [{ messageId: "missingClassification", reported: "isError: true", suggestions: (code) => textToJson(code, "`failed: ${error.message}`") }],
      output: null,
    }),
    invalid({
      name: "a non-literal isError",
      code: inTool('  return { /*>*/isError: failed, content: [{ type: "text", text: "boom" }] };'),
      errors: [{ messageId: "missingClassification", reported: "isError: failed", suggestions: (code) => textToJson(code, '"boom"') }],
      output: null,
    }),
    invalid({
      name: "an error result returned by a function outside any handler in an MCP file",
      code: 'export function notFound() {\n  return { /*>*/isError: true, content: [{ type: "text", text: "not found" }] };\n}',
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          data: missingClassification(UNNAMED),
          suggestions: (code) => textToJson(code, '"not found"'),
        },
      ],
      output: null,
    }),
    invalid({
      name: "two text parts: no suggestion (which one is the message is unclear)",
      code: inTool('  return { /*>*/isError: true, content: [{ type: "text", text: "boom" }, { type: "text", text: "details" }] };'),
      errors: [{ messageId: "missingClassification", reported: "isError: true" }],
      output: null,
    }),
    invalid({
      name: "a comment inside the message: no suggestion (it would be lost)",
      code: inTool('  return { /*>*/isError: true, content: [{ type: "text", text: "boom: " + /* why */ reason }] };'),
      errors: [{ messageId: "missingClassification", reported: "isError: true" }],
      output: null,
    }),
    invalid({
      name: "a computed key in structuredContent: no suggestion",
      code: inTool("  return { /*>*/isError: true, content: [], structuredContent: { [key]: 1 } };"),
      errors: [{ messageId: "missingClassification", reported: "isError: true" }],
      output: null,
    }),

    // The branch hints at the category: its suggestion comes first.
    invalid({
      name: "HTTP 401/403: permission first",
      code: inTool('  if (res.status === 401 || res.status === 403) return { /*>*/isError: true, content: [{ type: "text", text: "denied" }] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) => textToJson(code, '"denied"', { order: ["permission", "transient", "validation", "business"] }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "HTTP 422: validation first",
      code: inTool('  if (res.status === 422) return { /*>*/isError: true, content: [{ type: "text", text: "bad" }] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) => textToJson(code, '"bad"', { order: ["validation", "transient", "business", "permission"] }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "HTTP 400 in a conditional expression: validation first",
      code: inTool('  return res.status === 400 ? { /*>*/isError: true, content: [{ type: "text", text: "bad" }] } : { content: [] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) => textToJson(code, '"bad"', { order: ["validation", "transient", "business", "permission"] }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "HTTP 404 in a switch case: business first",
      code: inTool('  switch (res.status) {\n    case 404:\n      return { /*>*/isError: true, content: [{ type: "text", text: "missing" }] };\n  }'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) => textToJson(code, '"missing"', { order: ["business", "transient", "validation", "permission"] }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "HTTP 429 or 404: transient, then business",
      code: inTool('  if (res.status === 429 || res.status === 404) return { /*>*/isError: true, content: [{ type: "text", text: "x" }] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) => textToJson(code, '"x"', { order: ["transient", "business", "validation", "permission"] }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "HTTP 503 or 401: transient, then permission",
      code: inTool('  if (res.status === 503 || res.status === 401) return { /*>*/isError: true, content: [{ type: "text", text: "x" }] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) => textToJson(code, '"x"', { order: ["transient", "permission", "validation", "business"] }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "ETIMEDOUT or 403: transient, then permission",
      code: inTool(`  try {
    await fetchDoc(args.id);
  } catch (e) {
    if (e.code === "ETIMEDOUT" || e.status === 403) return { /*>*/isError: true, content: [{ type: "text", text: "x" }] };
  }`),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) => textToJson(code, '"x"', { order: ["transient", "permission", "validation", "business"] }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "EACCES: permission first",
      code: inTool('  if (e.code === "EACCES") return { /*>*/isError: true, content: [{ type: "text", text: "x" }] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) => textToJson(code, '"x"', { order: ["permission", "transient", "validation", "business"] }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "HTTP 403: permission first",
      code: inTool('  if (res.status === 403) return { /*>*/isError: true, content: [{ type: "text", text: "x" }] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) => textToJson(code, '"x"', { order: ["permission", "transient", "validation", "business"] }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "`!== 403` gives no hint (it says the opposite of permission)",
      code: inTool('  if (res.status !== 403) return { /*>*/isError: true, content: [{ type: "text", text: "x" }] };'),
      errors: [{ messageId: "missingClassification", reported: "isError: true", suggestions: (code) => textToJson(code, '"x"') }],
      output: null,
    }),
    invalid({
      name: "HTTP `>= 500`: transient first",
      code: inTool('  if (res.status >= 500) return { /*>*/isError: true, content: [{ type: "text", text: "x" }] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) => textToJson(code, '"x"', { order: ["transient", "validation", "business", "permission"] }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "HTTP `>= 500` or 404: transient, then business",
      code: inTool('  if (res.status >= 500 || res.status === 404) return { /*>*/isError: true, content: [{ type: "text", text: "x" }] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) => textToJson(code, '"x"', { order: ["transient", "business", "validation", "permission"] }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "the else of a 403 test gives no hint",
      code: inTool(
        '  if (res.status === 403) {\n    return { content: [] };\n  } else {\n    return { /*>*/isError: true, content: [{ type: "text", text: "x" }] };\n  }',
      ),
      errors: [{ messageId: "missingClassification", reported: "isError: true", suggestions: (code) => textToJson(code, '"x"') }],
      output: null,
    }),

    // A literal category without retryability: the retryability follows, as an autofix.
    invalid({
      name: "business without retryability: autofix false",
      code: inTool('  return { /*>*/isError: true, content: [], structuredContent: { errorCategory: "business", description: "gone" } };'),
      errors: [{ messageId: "missingRetryable", reported: "isError: true", data: { tool: GET_DOC, retryable: "isRetryable" } }],
      output: fixedRetryable('errorCategory: "business",', 'errorCategory: "business", isRetryable: false,'),
    }),
    invalid({
      name: "permission without retryability: autofix false",
      code: inTool('  return { /*>*/isError: true, content: [], _meta: { errorCategory: "permission" } };'),
      errors: [{ messageId: "missingRetryable", reported: "isError: true" }],
      output: fixedRetryable('errorCategory: "permission"', 'errorCategory: "permission", isRetryable: false'),
    }),
    invalid({
      name: "validation without retryability: autofix false by default",
      code: inTool('  return { /*>*/isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "validation" }) }] };'),
      errors: [{ messageId: "missingRetryable", reported: "isError: true" }],
      output: fixedRetryable('errorCategory: "validation"', 'errorCategory: "validation", isRetryable: false'),
    }),
    invalid({
      name: "validation without retryability: autofix true with validationRetryable",
      code: inTool('  return { /*>*/isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "validation" }) }] };'),
      errors: [{ messageId: "missingRetryable", reported: "isError: true" }],
      output: fixedRetryable('errorCategory: "validation"', 'errorCategory: "validation", isRetryable: true'),
      options: [{ validationRetryable: true }],
    }),
    invalid({
      name: "a category in a nested error object: autofix inside it",
      code: inTool('  return { /*>*/isError: true, content: [], structuredContent: { error: { errorCategory: "transient" } } };'),
      errors: [{ messageId: "missingRetryable", reported: "isError: true" }],
      output: fixedRetryable('errorCategory: "transient"', 'errorCategory: "transient", isRetryable: true'),
    }),
    invalid({
      name: "a category in a const payload: autofix in the const",
      code: inTool(`  const payload = { errorCategory: "permission" };
  return { /*>*/isError: true, content: [{ type: "text", text: JSON.stringify(payload, null, 2) }] };`),
      errors: [{ messageId: "missingRetryable", reported: "isError: true" }],
      output: fixedRetryable('errorCategory: "permission"', 'errorCategory: "permission", isRetryable: false'),
    }),
    invalid({
      name: "a template-literal category: autofix",
      code: inTool("  return { /*>*/isError: true, content: [], structuredContent: { errorCategory: `transient` } };"),
      errors: [{ messageId: "missingRetryable", reported: "isError: true" }],
      output: fixedRetryable("errorCategory: `transient`", "errorCategory: `transient`, isRetryable: true"),
    }),
    invalid({
      name: "a conditional category: no autofix",
      code: inTool('  return { /*>*/isError: true, content: [], structuredContent: { errorCategory: gone ? "business" : "transient" } };'),
      errors: [{ messageId: "missingRetryable", reported: "isError: true" }],
      output: null,
    }),
    invalid({
      name: "a category from a variable: no autofix",
      code: inTool("  return { /*>*/isError: true, content: [], structuredContent: { errorCategory: kind } };"),
      errors: [{ messageId: "missingRetryable", reported: "isError: true" }],
      output: null,
    }),

    // Retryability without category.
    invalid({
      name: "retryability without category, no JSON payload: no suggestion",
      code: inTool('  return { /*>*/isError: true, content: [{ type: "text", text: "x" }], _meta: { isRetryable: false } };'),
      errors: [
        {
          messageId: "missingCategory",
          reported: "isError: true",
          data: { tool: GET_DOC, category: "errorCategory", categories: "transient, validation, business, permission" },
        },
      ],
      output: null,
    }),

    invalid({
      name: "isRetryable: false without category: only the categories that are not retryable",
      code: inTool("  return { /*>*/isError: true, content: [], structuredContent: { isRetryable: false } };"),
      errors: [
        {
          messageId: "missingCategory",
          reported: "isError: true",
          data: { tool: GET_DOC, category: "errorCategory", categories: "transient, validation, business, permission" },
          suggestions: (code) =>
            classifications(code, "structuredContent: { isRetryable", (c) => `structuredContent: { errorCategory: "${c}", isRetryable`, {
              order: ["validation", "business", "permission"],
            }),
        },
      ],
      output: null,
    }),
    invalid({
      name: "isRetryable: true without category: only transient (and validation)",
      code: inTool("  return { /*>*/isError: true, content: [], structuredContent: { isRetryable: true } };"),
      errors: [
        {
          messageId: "missingCategory",
          reported: "isError: true",
          data: { tool: GET_DOC, category: "errorCategory", categories: "transient, validation, business, permission" },
          suggestions: (code) =>
            classifications(code, "structuredContent: { isRetryable", (c) => `structuredContent: { errorCategory: "${c}", isRetryable`, {
              order: ["transient", "validation"],
            }),
        },
      ],
      output: null,
    }),

    // Category values that are not configured.
    invalid({
      name: "an unknown category",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: /*>*/"oops", isRetryable: false } };'),
      errors: [
        {
          messageId: "unknownCategory",
          reported: '"oops"',
          data: { value: "oops", tool: GET_DOC, categories: "transient, validation, business, permission" },
        },
      ],
      output: null,
    }),
    invalid({
      name: "an unknown category without retryability: both reported, no autofix",
      code: inTool('  return { /*1*/isError: true, content: [], structuredContent: { errorCategory: /*2*/"oops" } };'),
      errors: [
        { messageId: "missingRetryable", reported: "isError: true" },
        { messageId: "unknownCategory", reported: '"oops"' },
      ],
      output: null,
    }),
    invalid({
      name: "an unknown value in a conditional category",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: gone ? "business" : /*>*/"nope", isRetryable: false } };'),
      errors: [
        {
          messageId: "unknownCategory",
          reported: '"nope"',
          data: { value: "nope", tool: GET_DOC, categories: "transient, validation, business, permission" },
        },
      ],
      output: null,
    }),

    // Same-file helper: checked once, at its own object.
    invalid({
      name: "an unclassified helper is reported once, at its object",
      code: `${SDK}function errorResult(message) {
  return { /*>*/isError: true, content: [{ type: "text", text: message }] };
}
server.registerTool("get_doc", { inputSchema: {} }, async (args) => {
  if (!args.id) return errorResult("id is required");
  return errorResult("id is malformed");
});`,
      errors: [
        {
          messageId: "helperWithoutClassification",
          reported: "isError: true",
          data: { helper: " `errorResult`", calls: "2 calls", tool: GET_DOC, category: "errorCategory", retryable: "isRetryable" },
          // No single category fits both calls: the fix is parameters, at the helper.
          suggestions: () => [],
        },
      ],
      output: null,
    }),
    invalid({
      name: "an unclassified helper called once: that call's result, with suggestions",
      code: `${SDK}function errorResult(message) {
  return { /*>*/isError: true, content: [{ type: "text", text: message }] };
}
server.registerTool("get_doc", { inputSchema: {} }, async (args) => errorResult("id is required"));`,
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          data: missingClassification(GET_DOC),
          suggestions: (code) => textToJson(code, "message"),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a helper whose category comes from a parameter: no autofix",
      code: `${SDK}const errorResult = (category, message) => ({ /*>*/isError: true, content: [], structuredContent: { errorCategory: category, description: message } });
server.registerTool("get_doc", { inputSchema: {} }, async (args) => errorResult("business", "gone"));`,
      errors: [{ messageId: "missingRetryable", reported: "isError: true" }],
      output: null,
    }),

    // Throws that escape.
    invalid({
      name: "throw Error() without new",
      code: inTool('  /*>*/throw Error("boom");'),
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw Error("boom");', data: unclassifiedThrow(GET_DOC, SDK_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a helper shared by two tools names only the tool out of which its throw escapes",
      code: `${SDK}async function loadDoc(id) {
  const response = await fetch(\`https://docs.example.com/\${id}\`, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) /*>*/throw new Error(\`Loading doc \${id} failed: HTTP \${response.status}\`);
  return response.json();
}
server.registerTool("get_doc", { inputSchema: {} }, async ({ id }) => {
  try {
    return { content: [{ type: "text", text: JSON.stringify(await loadDoc(id)) }] };
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: String(error) }) }] };
  }
});
server.registerTool("print_doc", { inputSchema: {} }, async ({ id }) => ({ content: [{ type: "text", text: String(await loadDoc(id)) }] }));`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: "throw new Error(`Loading doc ${id} failed: HTTP ${response.status}`);",
          data: unclassifiedThrow('tool "print_doc"', SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a gate that hands back the handler it is given, or a fallback",
      code: `${SDK}function whenConfigured(configured, handler) {
  if (!configured) {
    return () => ({ content: [{ type: "text", text: "Configure an API key first." }] });
  }
  return handler;
}
server.registerTool("get_doc", { inputSchema: {} }, whenConfigured(process.env.DOCS_KEY, async ({ id }) => {
  if (typeof id !== "string") /*>*/throw new Error("id must be a string");
  return { content: [{ type: "text", text: id }] };
}));`,
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw new Error("id must be a string");', data: unclassifiedThrow(GET_DOC, SDK_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a throw inside the callback an AsyncLocalStorage runs: Node hands it back to the handler",
      code: `import { AsyncLocalStorage } from "node:async_hooks";
${SDK}const requestContext = new AsyncLocalStorage();
const other = { run: (store, fn) => Promise.resolve(fn).catch(() => undefined) };
server.registerTool("get_doc", { inputSchema: {} }, async ({ id }) =>
  requestContext.run({ started: Date.now() }, async () => {
    if (typeof id !== "string") /*>*/throw new Error("id must be a string");
    await other.run({}, async () => {
      throw new Error("no AsyncLocalStorage runs this one");
    });
    return { content: [{ type: "text", text: id }] };
  }),
);`,
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw new Error("id must be a string");', data: unclassifiedThrow(GET_DOC, SDK_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a project's own ProtocolError class is an ordinary unclassified error, not the SDK's",
      code: `class ProtocolError extends Error {}
${inTool('  /*>*/throw new ProtocolError("The upstream protocol broke");')}`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new ProtocolError("The upstream protocol broke");',
          data: unclassifiedThrow(GET_DOC, SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "throwing a string",
      code: inTool('  /*>*/throw "boom";'),
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw "boom";' }],
      output: null,
    }),
    invalid({
      name: "an error held in a const whose name and message are all that change before the throw",
      code: inTool(`  const response = await fetch(\`https://docs.example.com/\${args.id}\`, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) {
    const failure = new Error(\`Docs API answered \${response.status}\`);
    failure.name = "DocsApiError";
    failure.message += \` for \${args.id}\`;
    console.error(failure.message);
    /*>*/throw failure;
  }
  return { content: [{ type: "text", text: await response.text() }] };`),
      errors: [{ messageId: "unclassifiedThrow", reported: "throw failure;" }],
      output: null,
    }),
    invalid({
      name: "an error held in a const given details that say nothing of its kind before the throw",
      code: inTool(`  try {
    return { content: [{ type: "text", text: await fetchDoc(args.id) }] };
  } catch (error) {
    const failure = new Error(\`Docs lookup failed: \${error.message}\`);
    failure.details = { path: args.id, attempts: 3 };
    failure.originalError = error;
    /*>*/throw failure;
  }`),
      errors: [{ messageId: "unclassifiedThrow", reported: "throw failure;" }],
      output: null,
    }),
    invalid({
      name: "rethrowing the caught error",
      code: inTool("  try {\n    await fetchDoc(args.id);\n  } catch (error) {\n    /*>*/throw error;\n  }"),
      errors: [{ messageId: "unclassifiedThrow", reported: "throw error;" }],
      output: null,
    }),
    invalid({
      name: "rethrowing the caught error unless the request was cancelled (only the other rethrow reaches anyone)",
      code: inTool(
        '  try {\n    await fetchDoc(args.id, extra.signal);\n  } catch (error) {\n    if (extra.signal.aborted) throw error;\n    if (args.strict && extra.signal?.aborted) {\n      throw new Error("cancelled");\n    }\n    /*>*/throw error;\n  }',
      ).replace("async (args) =>", "async (args, extra) =>"),
      errors: [{ messageId: "unclassifiedThrow", reported: "throw error;" }],
      output: null,
    }),
    invalid({
      name: "a throw under a signal of the handler's own (not the request's cancellation)",
      code: inTool(
        '  const export_ = new AbortController();\n  setTimeout(() => export_.abort(), 1000);\n  if (export_.signal.aborted) /*>*/throw new Error("The export ran out of time");',
      ),
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw new Error("The export ran out of time");' }],
      output: null,
    }),
    invalid({
      name: "throwing, after a retry loop, the last error its catch kept",
      code: inTool(
        "  let lastError;\n  for (let attempt = 0; attempt < 3; attempt++) {\n    try {\n      return await fetchDoc(args.id);\n    } catch (error) {\n      lastError = error;\n    }\n  }\n  /*>*/throw lastError;",
      ),
      errors: [{ messageId: "unclassifiedThrow", reported: "throw lastError;" }],
      output: null,
    }),
    invalid({
      name: "throwing, after a retry loop, the last error kept as an Error",
      code: inTool(
        "  let lastError: Error | undefined;\n  for (let attempt = 0; attempt < 3; attempt++) {\n    try {\n      return await fetchDoc(args.id);\n    } catch (error) {\n      lastError = error instanceof Error ? error : new Error(String(error));\n    }\n  }\n  /*>*/throw lastError;",
      ),
      errors: [{ messageId: "unclassifiedThrow", reported: "throw lastError;" }],
      output: null,
    }),
    invalid({
      name: "wrapping the caught error in a new Error",
      code: inTool('  try {\n    await fetchDoc(args.id);\n  } catch (error) {\n    /*>*/throw new Error("fetch failed", { cause: error });\n  }'),
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw new Error("fetch failed", { cause: error });' }],
      output: null,
    }),
    invalid({
      name: "try/finally without catch does not stop a throw",
      code: inTool('  try {\n    /*>*/throw new Error("boom");\n  } finally {\n    cleanup();\n  }'),
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw new Error("boom");' }],
      output: null,
    }),
    invalid({
      name: "a throw in a nested function the handler calls",
      code: inTool('  const fail = () => {\n    /*>*/throw new Error("called");\n  };\n  fail();\n  return { content: [] };'),
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw new Error("called");' }],
      output: null,
    }),
    invalid({
      name: "a throw in a same-file function the handler calls",
      code: `${SDK}function check(args) {
  if (!args.id) /*>*/throw new Error("id is required");
}
server.registerTool("get_doc", { inputSchema: {} }, async (args) => {
  check(args);
  return { content: [] };
});`,
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw new Error("id is required");', data: unclassifiedThrow(GET_DOC, SDK_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a throw in a function shared by two tools names both",
      code: `${SDK}async function load(id) {
  if (!id) /*>*/throw new Error("id required");
  return { content: [] };
}
server.registerTool("get_doc", { inputSchema: {} }, async (args) => load(args.id));
server.registerTool("open_doc", { inputSchema: {} }, async (args) => load(args.id));`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("id required");',
          data: unclassifiedThrow('tools "get_doc" and "open_doc"', SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "an unlisted error class",
      code: inTool('  /*>*/throw new ToolError("not found");'),
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw new ToolError("not found");' }],
      output: null,
    }),
    invalid({
      name: "classifiedErrorClasses: other classes are still reported",
      code: inTool('  /*>*/throw new Error("not found");'),
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw new Error("not found");' }],
      output: null,
      options: [{ classifiedErrorClasses: ["ToolError"] }],
    }),
    invalid({
      name: "FastMCP UserError without extras",
      code: inFastMcp('    /*>*/throw new UserError("id is malformed");'),
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new UserError("id is malformed");',
          // FastMCP passes a UserError's message through as it is (no "execution failed" prefix).
          data: unclassifiedThrow(
            GET_DOC,
            "FastMCP turns a UserError without classified extras into an isError result whose only content is the message text",
          ),
        },
      ],
      output: null,
    }),
    invalid({
      name: "FastMCP UserError with extras that lack the retryability",
      code: inFastMcp('    /*>*/throw new UserError("id is malformed", { errorCategory: "validation" });'),
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw new UserError("id is malformed", { errorCategory: "validation" });' }],
      output: null,
    }),
    invalid({
      name: "a UserError thrown out of an McpServer tool is not special",
      code: inTool('  /*>*/throw new UserError("id is malformed", { errorCategory: "validation", isRetryable: false });'),
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new UserError("id is malformed", { errorCategory: "validation", isRetryable: false });',
          data: unclassifiedThrow(GET_DOC, SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a throw in a dispatcher case",
      code: `${LOW_LEVEL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "get_doc":
      /*>*/throw new Error("not implemented");
    default:
      throw new Error("Unknown tool");
  }
});`,
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw new Error("not implemented");', data: unclassifiedThrow(GET_DOC, LOW_LEVEL_OUTCOME) }],
      output: null,
    }),

    // Settings: the vocabulary.
    invalid({
      name: "snake-case preset: suggestions use its fields and codes",
      code: inTool('  return { /*>*/isError: true, content: [{ type: "text", text: "boom" }] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          data: missingClassification(GET_DOC, "error_code", "retry_recommended"),
          suggestions: (code) => {
            const codes: Record<Category, string> = {
              transient: "SYSTEM_UNAVAILABLE",
              validation: "VALIDATION_ERROR",
              business: "NOT_FOUND",
              permission: "PERMISSION_DENIED",
            };
            return classifications(
              code,
              'text: "boom"',
              (c, r) => `text: JSON.stringify({ error_code: "${codes[c]}", retry_recommended: ${String(r)}, error_message: "boom" })`,
              { field: "retry_recommended", categoryField: "error_code", codes },
            );
          },
        },
      ],
      output: null,
      settings: { "mcp-errors": { preset: "snake-case" } },
    }),
    invalid({
      name: "snake-case preset: a transient code without retryability",
      code: inTool('  return { /*>*/isError: true, content: [], structuredContent: { error_code: "RATE_LIMITED" } };'),
      errors: [{ messageId: "missingRetryable", reported: "isError: true", data: { tool: GET_DOC, retryable: "retry_recommended" } }],
      output: fixedRetryable('error_code: "RATE_LIMITED"', 'error_code: "RATE_LIMITED", retry_recommended: true'),
      settings: { "mcp-errors": { preset: "snake-case" } },
    }),
    invalid({
      name: "snake-case preset: a default-vocabulary category is unknown",
      code: inTool('  return { isError: true, content: [], structuredContent: { error_code: /*>*/"business", retry_recommended: false } };'),
      errors: [
        {
          messageId: "unknownCategory",
          reported: '"business"',
          data: {
            value: "business",
            tool: GET_DOC,
            categories:
              "NOT_FOUND, CONFLICT, ALREADY_EXISTS, PRECONDITION_FAILED, QUOTA_EXCEEDED, PERMISSION_DENIED, UNAUTHORIZED, UNAUTHENTICATED, FORBIDDEN, VALIDATION_ERROR, INVALID_INPUT, INVALID_ARGUMENT, BAD_REQUEST, SYSTEM_UNAVAILABLE, SERVICE_UNAVAILABLE, RATE_LIMITED, TIMEOUT, INTERNAL_ERROR",
          },
        },
      ],
      output: null,
      settings: { "mcp-errors": { preset: "snake-case" } },
    }),
    invalid({
      name: "snake-case preset: the throw message names its fields",
      code: inTool('  /*>*/throw new Error("boom");'),
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("boom");',
          data: unclassifiedThrow(GET_DOC, SDK_OUTCOME, "error_code", "retry_recommended"),
        },
      ],
      output: null,
      settings: { "mcp-errors": { preset: "snake-case" } },
    }),
    ...[
      ["a condition", "...(failed.length > 0 ? { /*>*/isError: true as const/*<*/ } : {})"],
      ["an &&", "...(failed.length > 0 && { /*>*/isError: true/*<*/ })"],
    ].map(([how, spread]) =>
      invalid({
        name: `an isError flag spread into the result under ${String(how)}`,
        code: inTool(`  const failed = await updateAll(args.ids);
  return {
    content: [{ type: "text", text: \`\${failed.length} of \${args.ids.length} updates failed\` }],
    ${String(spread)},
  };`),
        errors: [
          {
            messageId: "missingClassification",
            reported: String(spread).includes("as const") ? "isError: true as const" : "isError: true",
            data: missingClassification(GET_DOC),
          },
        ],
        output: null,
      }),
    ),
    invalid({
      name: "no settings: an error object of the nested preset's words without retryable is unclassified",
      code: inTool(
        '  return { /*>*/isError: true, content: [{ type: "text", text: JSON.stringify({ error: { code: "INVALID_DOMAIN", message: "A domain is required." } }) }] };',
      ),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) => classifications(code, "({ error", (c, r) => `({ errorCategory: "${c}", isRetryable: ${String(r)}, error`),
        },
      ],
      output: null,
    }),
    invalid({
      name: "nested preset: a plain-text error, no suggestion",
      code: inTool('  return { /*>*/isError: true, content: [{ type: "text", text: "boom" }] };'),
      errors: [{ messageId: "missingClassification", reported: "isError: true", data: missingClassification(GET_DOC, "code", "retryable") }],
      output: null,
      settings: { "mcp-errors": { preset: "nested" } },
    }),
    invalid({
      name: "nested preset: an error object without code",
      code: inTool('  return { /*>*/isError: true, content: [], structuredContent: { error: { message: "boom" } } };'),
      errors: [{ messageId: "missingClassification", reported: "isError: true" }],
      output: null,
      settings: { "mcp-errors": { preset: "nested" } },
    }),
    invalid({
      name: "nested preset: default-vocabulary fields at the top level do not count",
      code: inTool('  return { /*>*/isError: true, content: [], structuredContent: { errorCategory: "business", isRetryable: false } };'),
      errors: [{ messageId: "missingClassification", reported: "isError: true" }],
      output: null,
      settings: { "mcp-errors": { preset: "nested" } },
    }),
    invalid({
      name: "nested preset: a code without retryable",
      code: inTool('  return { /*>*/isError: true, content: [], structuredContent: { error: { code: "TIMEOUT", message: "slow" } } };'),
      errors: [{ messageId: "missingRetryable", reported: "isError: true", data: { tool: GET_DOC, retryable: "retryable" } }],
      output: fixedRetryable('code: "TIMEOUT"', 'code: "TIMEOUT", retryable: true'),
      settings: { "mcp-errors": { preset: "nested" } },
    }),
    invalid({
      name: "tool-failure preset: a class without retryable",
      code: inTool(
        '  return { /*>*/isError: true, content: [{ type: "text", text: "slow" }], _meta: { "io.modelcontextprotocol/toolFailure": { class: "timeout" } } };',
      ),
      errors: [{ messageId: "missingRetryable", reported: "isError: true" }],
      output: fixedRetryable('class: "timeout"', 'class: "timeout", retryable: true'),
      settings: { "mcp-errors": { preset: "tool-failure" } },
    }),
    invalid({
      name: "tool-failure preset: an unknown class",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: "x" }], _meta: { "io.modelcontextprotocol/toolFailure": { class: /*>*/"boom", retryable: false } } };',
      ),
      errors: [{ messageId: "unknownCategory", reported: '"boom"' }],
      output: null,
      settings: { "mcp-errors": { preset: "tool-failure" } },
    }),
    invalid({
      name: "tool-failure preset: no _meta entry, no suggestion",
      code: inTool('  return { /*>*/isError: true, content: [{ type: "text", text: "x" }] };'),
      errors: [{ messageId: "missingClassification", reported: "isError: true", data: missingClassification(GET_DOC, "class", "retryable") }],
      output: null,
      settings: { "mcp-errors": { preset: "tool-failure" } },
    }),
    invalid({
      name: "custom fields: suggestions use them",
      code: inTool('  return { /*>*/isError: true, content: [{ type: "text", text: "boom" }] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          data: missingClassification(GET_DOC, "kind", "canRetry"),
          suggestions: (code) =>
            classifications(code, 'text: "boom"', (c, r) => `text: JSON.stringify({ kind: "${c}", canRetry: ${String(r)}, detail: "boom" })`, {
              field: "canRetry",
              categoryField: "kind",
            }),
        },
      ],
      output: null,
      settings: { "mcp-errors": { fields: { category: "kind", retryable: "canRetry", description: "detail" } } },
    }),
    invalid({
      name: "custom fields that are not identifiers: the text-to-JSON suggestions quote them",
      code: inTool('  return { /*>*/isError: true, content: [{ type: "text", text: "boom" }] };'),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          data: missingClassification(GET_DOC, "error-kind", "can-retry"),
          suggestions: (code) =>
            classifications(
              code,
              'text: "boom"',
              (c, r) => `text: JSON.stringify({ "error-kind": "${c}", "can-retry": ${String(r)}, description: "boom" })`,
              {
                field: "can-retry",
                categoryField: "error-kind",
              },
            ),
        },
      ],
      output: null,
      settings: { "mcp-errors": { fields: { category: "error-kind", retryable: "can-retry" } } },
    }),
    invalid({
      name: "custom categories: an added value maps to its category",
      code: inTool('  return { /*>*/isError: true, content: [], structuredContent: { kind: "QUOTA_EXCEEDED" } };'),
      errors: [{ messageId: "missingRetryable", reported: "isError: true", data: { tool: GET_DOC, retryable: "canRetry" } }],
      output: fixedRetryable('kind: "QUOTA_EXCEEDED"', 'kind: "QUOTA_EXCEEDED", canRetry: false'),
      settings: { "mcp-errors": { fields: { category: "kind", retryable: "canRetry" }, categories: { QUOTA_EXCEEDED: "business" } } },
    }),
    invalid({
      name: "custom categories: the message lists them",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: /*>*/"OVER_LIMIT", isRetryable: false } };'),
      errors: [
        {
          messageId: "unknownCategory",
          reported: '"OVER_LIMIT"',
          data: { value: "OVER_LIMIT", tool: GET_DOC, categories: "transient, validation, business, permission, QUOTA_EXCEEDED" },
        },
      ],
      output: null,
      settings: { "mcp-errors": { categories: { QUOTA_EXCEEDED: "business" } } },
    }),
    invalid({
      name: "custom field names that are not identifiers: autofix quotes them",
      code: inTool('  return { /*>*/isError: true, content: [], structuredContent: { "error-kind": "business" } };'),
      errors: [{ messageId: "missingRetryable", reported: "isError: true" }],
      output: fixedRetryable('"error-kind": "business"', '"error-kind": "business", "can-retry": false'),
      settings: { "mcp-errors": { fields: { category: "error-kind", retryable: "can-retry" } } },
    }),
  ],
});

// A throw is judged at its own site against the catches between it and the framework: a catch
// stops it only where it returns (or swallows); one that logs and rethrows, wraps, rethrows
// through a variable or sorts errors by class lets the others through.
const FASTMCP_OUTCOME = "FastMCP turns it into an isError result whose only text is \"Tool 'get_doc' execution failed: <message>\"";
const loadDoc = (statusThrow: string): string => `async function loadDoc(id: string): Promise<string> {
  const response = await fetch(\`https://docs.example.com/\${id}\`, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) ${statusThrow}
  return response.text();
}
`;
const HTTP_THROW = "throw new Error(`Loading doc ${id} failed: HTTP ${response.status}`);";
/** A helper whose catch logs and rethrows whatever the fetch failed with. */
const LOAD_INDEX = `async function loadIndex(id: string): Promise<string> {
  try {
    const response = await fetch(\`https://docs.example.com/\${id}\`, { signal: AbortSignal.timeout(5000) });
    return await response.text();
  } catch (error) {
    console.error("index lookup failed", error);
    throw error;
  }
}
`;

/** A FastMCP tool whose callback, handed to `runner` (declared in `helpers`), throws on a missing id: reported there. */
const runnerCase = (name: string, helpers: string, runner: string) =>
  invalid({
    name,
    code: `${FASTMCP}${helpers}server.addTool({ name: "get_doc", execute: async ({ id }) =>
  ${runner}async () => {
    if (!id) /*>*/throw new Error("get_doc needs an id: pass the id of the document to read");
    return "ok";
  }) });`,
    errors: [
      {
        messageId: "unclassifiedThrow",
        reported: 'throw new Error("get_doc needs an id: pass the id of the document to read");',
        data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME),
      },
    ],
    output: null,
  });

const RATE_LIMIT_TEST = 'error instanceof Error && error.message.toLowerCase().includes("rate limit")';
const loadTree = (
  treeThrow: string,
  rethrowMarker = "/*2*/",
  fallbackTest = RATE_LIMIT_TEST,
  declarations = "",
): string => `const FALLBACK_TREE = ["README.md"];
async function loadTree(path: string, root = ""): Promise<string[]> {
  ${declarations}try {
    const response = await fetch(\`https://git.example.com/tree/\${path}\`, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) ${treeThrow}
    return (await response.json()) as string[];
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (${fallbackTest}) return FALLBACK_TREE;
    ${rethrowMarker}throw error;
  }
}
${SDK}server.registerTool("get_tree", { inputSchema: {} }, async ({ path }) => ({ content: [{ type: "text", text: (await loadTree(path)).join("\\n") }] }));
`;

ruleTester.run("require-error-classification: catches on the way out", rule, {
  valid: [
    {
      name: "a catch that rethrows only once the client cancelled the request, and answers every other error",
      code: `${SDK}async function readDoc(id?: string): Promise<string> {
  if (!id) throw new Error("get_doc needs an id: pass the id of the document to read");
  const response = await fetch(\`https://docs.example.com/\${id}\`, { signal: AbortSignal.timeout(5000) });
  return response.text();
}
server.registerTool("get_doc", { inputSchema: {} }, async ({ id }: { id?: string }, extra: { signal: AbortSignal }) => {
  try {
    return { content: [{ type: "text", text: await readDoc(id) }] };
  } catch (error) {
    if (extra.signal.aborted) throw error;
    const payload = { errorCategory: "validation", isRetryable: false, description: String(error) };
    return { isError: true, content: [{ type: "text", text: JSON.stringify(payload) }] };
  }
});`,
    },
    {
      name: "a throw in an axios interceptor of an instance no tool sends a request through",
      code: `${SDK}import axios from "axios";
const adminApi = axios.create({ baseURL: "https://admin.example.com", timeout: 5000 });
const docsApi = axios.create({ baseURL: "https://docs.example.com", timeout: 5000 });
adminApi.interceptors.response.use(undefined, (error: { response?: { status: number } }) => {
  if (error.response?.status === 401) throw new Error("The admin API rejected the key: set ADMIN_API_KEY to a valid key");
  return Promise.reject(error);
});
server.registerTool("get_doc", { inputSchema: {} }, async ({ id }: { id?: string }) => {
  const response = await docsApi.get(\`/docs/\${String(id)}\`);
  return { content: [{ type: "text", text: String(response.data) }] };
});`,
    },
    {
      name: "a constructor that throws, for a client built when the module loads: on no tool's path",
      code: `${FASTMCP}${CLIENT.replace("/*>*/", "")}const docs = new DocsClient();
server.addTool({ name: "get_doc", execute: async ({ id }) => \`\${docs.token.length} \${String(id)}\` });`,
    },
    {
      // The test reads the error too: only an expired session goes on, and only for remote calls.
      // The rethrow sends on SessionExpired errors only (narrowed by the test, whatever else it asks),
      // judged where they are thrown: none here. The catch answers the others with a classified result.
      name: "a catch that rethrows under a test of the error's class and the inputs answers the other errors",
      code: `class SessionExpired extends Error {}
async function boardsOf(team: string): Promise<string[]> {
  const response = await fetch(\`https://boards.example.com/\${team}\`, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(\`Boards of team \${team}: HTTP \${response.status}\`);
  return (await response.json()) as string[];
}
${SDK}server.registerTool("list_boards", { inputSchema: {} }, async ({ team, remote }) => {
  try {
    return { content: [{ type: "text", text: JSON.stringify(await boardsOf(team)) }] };
  } catch (error) {
    if (error instanceof SessionExpired && remote) throw error;
    return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: String(error) }) }] };
  }
});
`,
    },
    {
      name: "a catch that answers every error with a classified result stops them",
      code: `${FASTMCP}${loadDoc(HTTP_THROW)}server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    return await loadDoc(id);
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: String(error) }) }] };
  }
} });`,
    },
    {
      name: "a callback queued without the promise's reject: the queue's own handling is not visible (silent)",
      code: `${FASTMCP}const queue: { operation: () => Promise<unknown>; resolve: (value: unknown) => void }[] = [];
function enqueue(operation: () => Promise<unknown>): Promise<unknown> {
  return new Promise((resolve) => {
    queue.push({ operation, resolve });
  });
}
server.addTool({ name: "get_doc", execute: async ({ id }) =>
  enqueue(async () => {
    if (!id) throw new Error("get_doc needs an id: pass the id of the document to read");
    return "ok";
  }) });`,
    },
    {
      name: "a catch that hands the error to a helper that may return converts it (unknown means silent)",
      code: `${FASTMCP}${loadDoc(HTTP_THROW)}function report(failure: unknown) {
  if (failure instanceof TypeError) return "The document could not be parsed";
  throw failure;
}
server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    return await loadDoc(id);
  } catch (error) {
    return report(error);
  }
} });`,
    },
    {
      name: "a catch that wraps every error into a classified UserError converts them",
      code: `${FASTMCP}${loadDoc(HTTP_THROW)}server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    return await loadDoc(id);
  } catch (error) {
    throw new UserError(\`Loading \${id} failed\`, { errorCategory: "transient", isRetryable: true });
  }
} });`,
    },
    {
      name: "a catch that rethrows only the class it tests lets no Error through when the throw is of another class",
      code: `${SDK}class QuotaError extends Error {}
${loadDoc(HTTP_THROW)}server.registerTool("get_doc", { inputSchema: {} }, async ({ id }) => {
  try {
    return { content: [{ type: "text", text: await loadDoc(id) }] };
  } catch (error) {
    if (error instanceof QuotaError) throw error;
    return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: String(error) }) }] };
  }
});`,
    },
    {
      name: "a catch that may answer with a result under a condition it cannot read stays unjudged",
      code: `${FASTMCP}declare function isTransient(error: unknown): boolean;
${loadDoc(HTTP_THROW)}server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    return { content: [{ type: "text", text: await loadDoc(id) }] };
  } catch (error) {
    if (isTransient(error)) return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: String(error) }) }] };
    throw new UserError(\`Loading \${id} failed\`, { errorCategory: "business", isRetryable: false });
  }
} });`,
    },
    {
      // Each side tests a class: only errors of those classes go on, judged where they are thrown.
      name: "a rethrow narrowed to one of two classes sends on only those",
      code: `${FASTMCP}class QuotaError extends Error {}
class PolicyError extends Error {}
server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    const response = await fetch(\`https://docs.example.com/\${id}\`, { signal: AbortSignal.timeout(5000) });
    return await response.text();
  } catch (error) {
    if (error instanceof QuotaError || error instanceof PolicyError) throw error;
    throw new UserError(\`Reading \${id} failed: \${String(error)}\`, { errorCategory: "transient", isRetryable: true });
  }
} });`,
    },
    {
      // The wrap into McpError is no-protocol-error-in-tool's; what the rethrow sends on becomes that.
      name: "a helper's rethrow that the tool wraps into a protocol error is left to the wrap",
      code: `${LOW_LEVEL}import { McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
${LOAD_INDEX}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    return { content: [{ type: "text", text: await loadIndex(String(request.params.arguments?.id)) }] };
  } catch (error) {
    throw new McpError(ErrorCode.InternalError, \`Reading failed: \${String(error)}\`);
  }
});`,
    },
    {
      // Past a catch that sorts errors by class, what the rethrown error becomes is not known here.
      name: "a helper's rethrow that reaches a catch sorting errors by class stays silent",
      code: `${FASTMCP}class QuotaError extends Error {}
${LOAD_INDEX}server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    return await loadIndex(id);
  } catch (error) {
    if (error instanceof QuotaError) throw error;
    throw new UserError(\`Reading \${id} failed: \${String(error)}\`, { errorCategory: "transient", isRetryable: true });
  }
} });`,
    },
    {
      name: "a rethrow narrowed to McpError sends on protocol errors, which are judged where they are thrown",
      code: `${LOW_LEVEL}import { McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    return { content: [{ type: "text", text: "ok" }] };
  } catch (error) {
    if (error instanceof McpError) throw error;
    return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: String(error) }) }] };
  }
});`,
    },
  ],
  invalid: [
    invalid({
      // `throw last instanceof AuthError ? last : new AuthError(...)` is an AuthError either way: not the class the catch rethrows.
      name: "a throw whose conditional keeps one class is sorted by it: a catch that rethrows another class and wraps the rest sends on only its wrap",
      code: `${SDK}class AuthError extends Error {}
class LockError extends Error {}
class SessionError extends Error {}
async function refresh(id: string): Promise<string> {
  let last: unknown;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const response = await fetch(\`https://auth.example.com/\${id}\`, { signal: AbortSignal.timeout(5000) });
      return await response.text();
    } catch (error) {
      last = error;
    }
  }
  throw last instanceof AuthError ? last : new AuthError(String(last));
}
server.registerTool("get_session", { inputSchema: {} }, async ({ id }) => {
  try {
    return { content: [{ type: "text", text: await refresh(id) }] };
  } catch (error) {
    if (error instanceof LockError) throw error;
    /*1*/throw new SessionError("The stored session could not be refreshed: sign in again");
  }
});`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new SessionError("The stored session could not be refreshed: sign in again");',
          data: unclassifiedThrow('tool "get_session"', SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a catch that answers only errors whose message names a rate limit lets a throw whose text cannot name one through",
      code: loadTree('/*1*/throw new Error("The tree request failed");'),
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("The tree request failed");',
          data: unclassifiedThrow('tool "get_tree"', SDK_OUTCOME),
        },
        { messageId: "unclassifiedThrow", reported: "throw error;", data: unclassifiedThrow('tool "get_tree"', SDK_OUTCOME) },
      ],
      output: null,
    }),
    invalid({
      name: "the message tested through a constant the catch takes from the error: a throw whose text cannot hold it goes through, and so does the wrap",
      code: `async function addEntries(entries: string[]): Promise<string[]> {
  if (entries.length === 0) /*1*/throw new Error("No entries were provided: pass at least one entry");
  return entries;
}
${SDK}server.registerTool("add_entries", { inputSchema: {} }, async ({ entries }) => {
  try {
    return { content: [{ type: "text", text: (await addEntries(entries)).join("\\n") }] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.toLowerCase().includes("not found") && message.includes("account")) {
      return { content: [{ type: "text", text: "The account does not exist." }] };
    }
    /*2*/throw new Error(\`Adding entries failed: \${message}\`);
  }
});
`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("No entries were provided: pass at least one entry");',
          data: unclassifiedThrow('tool "add_entries"', SDK_OUTCOME),
        },
        {
          messageId: "unclassifiedThrow",
          reported: "throw new Error(`Adding entries failed: ${message}`);",
          data: unclassifiedThrow('tool "add_entries"', SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a catch that answers errors whose message holds one of two texts lets a throw with neither through, and the wrap",
      code: `async function cloneVoice(file: string): Promise<string> {
  if (!file.endsWith(".mp3")) /*1*/throw new Error("Only .mp3 files can be cloned: convert the sample first");
  return file;
}
${SDK}server.registerTool("clone_voice", { inputSchema: {} }, async ({ file }) => {
  try {
    return { content: [{ type: "text", text: await cloneVoice(file) }] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.includes("user forbidden") || message.includes("real-name verification")) {
      return { content: [{ type: "text", text: "Voice cloning needs a verified account." }] };
    }
    /*2*/throw new Error(\`Cloning failed: \${message}\`);
  }
});
`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("Only .mp3 files can be cloned: convert the sample first");',
          data: unclassifiedThrow('tool "clone_voice"', SDK_OUTCOME),
        },
        {
          messageId: "unclassifiedThrow",
          reported: "throw new Error(`Cloning failed: ${message}`);",
          data: unclassifiedThrow('tool "clone_voice"', SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a catch that answers only errors whose message names a rate limit may answer a throw whose text does, or is computed",
      code: loadTree("throw new Error(`Tree request failed: ${response.statusText}`);", "/*>*/"),
      errors: [{ messageId: "unclassifiedThrow", reported: "throw error;", data: unclassifiedThrow('tool "get_tree"', SDK_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a catch that answers only errors whose message names a rate limit may answer a throw that names one",
      code: loadTree('throw new Error("GitHub API rate limit exceeded");', "/*>*/"),
      errors: [{ messageId: "unclassifiedThrow", reported: "throw error;", data: unclassifiedThrow('tool "get_tree"', SDK_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a fallback taken for one input, whatever the error, lets a computed throw through on the others",
      code: loadTree("/*1*/throw new Error(`Tree request failed: ${response.statusText}`);", "/*2*/", `${RATE_LIMIT_TEST} && path === root`),
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: "throw new Error(`Tree request failed: ${response.statusText}`);",
          data: unclassifiedThrow('tool "get_tree"', SDK_OUTCOME),
        },
        { messageId: "unclassifiedThrow", reported: "throw error;", data: unclassifiedThrow('tool "get_tree"', SDK_OUTCOME) },
      ],
      output: null,
    }),
    invalid({
      name: "a fallback taken for one input lets a throw that names a rate limit through on the others",
      code: loadTree('/*1*/throw new Error("GitHub API rate limit exceeded");', "/*2*/", `${RATE_LIMIT_TEST} && path === ""`),
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("GitHub API rate limit exceeded");',
          data: unclassifiedThrow('tool "get_tree"', SDK_OUTCOME),
        },
        { messageId: "unclassifiedThrow", reported: "throw error;", data: unclassifiedThrow('tool "get_tree"', SDK_OUTCOME) },
      ],
      output: null,
    }),
    invalid({
      name: "a catch that rethrows for some inputs, whatever the error, lets every throw through for them",
      code: `async function boardsOf(teams: string[]): Promise<string[][]> {
  return Promise.all(teams.map(async (team) => {
    try {
      const response = await fetch(\`https://boards.example.com/\${team}\`, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) /*1*/throw new Error(\`Boards of team \${team}: HTTP \${response.status}\`);
      return (await response.json()) as string[];
    } catch (error) {
      // One team asked for: its failure is the answer. Several: the others still count.
      if (teams.length === 1) /*2*/throw error;
      return [];
    }
  }));
}
${SDK}server.registerTool("list_boards", { inputSchema: {} }, async ({ teams }) => ({ content: [{ type: "text", text: JSON.stringify(await boardsOf(teams)) }] }));
`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: "throw new Error(`Boards of team ${team}: HTTP ${response.status}`);",
          data: unclassifiedThrow('tool "list_boards"', SDK_OUTCOME),
        },
        { messageId: "unclassifiedThrow", reported: "throw error;", data: unclassifiedThrow('tool "list_boards"', SDK_OUTCOME) },
      ],
      output: null,
    }),
    invalid({
      name: "a fallback under a condition read from the error may answer a computed throw",
      code: loadTree("throw new Error(`Tree request failed: ${response.statusText}`);", "/*>*/", "status === 429"),
      errors: [{ messageId: "unclassifiedThrow", reported: "throw error;", data: unclassifiedThrow('tool "get_tree"', SDK_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a fallback under a condition on a variable written again may answer a computed throw",
      code: loadTree(
        "throw new Error(`Tree request failed: ${response.statusText}`);",
        "/*>*/",
        "attempts > 2",
        "let attempts = 0;\n  attempts += 1;\n  ",
      ),
      errors: [{ messageId: "unclassifiedThrow", reported: "throw error;", data: unclassifiedThrow('tool "get_tree"', SDK_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a fallback under a condition that calls a function may answer a computed throw",
      code: loadTree("throw new Error(`Tree request failed: ${response.statusText}`);", "/*>*/", "path.startsWith(root)"),
      errors: [{ messageId: "unclassifiedThrow", reported: "throw error;", data: unclassifiedThrow('tool "get_tree"', SDK_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a catch that logs and rethrows lets the callee's throw reach FastMCP, and sends on whatever else fails",
      code: `${FASTMCP}${loadDoc(`/*1*/${HTTP_THROW}`)}server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    return await loadDoc(id);
  } catch (error) {
    console.error("get_doc failed", error);
    /*2*/throw error;
  }
} });`,
      errors: [
        { messageId: "unclassifiedThrow", reported: HTTP_THROW, data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME) },
        { messageId: "unclassifiedThrow", reported: "throw error;", data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME) },
      ],
      output: null,
    }),
    invalid({
      name: "past a test that wraps every Error, the rethrow passes on only what is no Error: the wrap is the finding",
      code: `${FASTMCP}${loadDoc(`/*1*/${HTTP_THROW}`)}server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    return await loadDoc(id);
  } catch (error) {
    if (error instanceof Error) {
      /*2*/throw new Error(\`Loading \${id} failed: \${error.message}\`);
    }
    throw error;
  }
} });`,
      errors: [
        { messageId: "unclassifiedThrow", reported: HTTP_THROW, data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME) },
        {
          messageId: "unclassifiedThrow",
          reported: "throw new Error(`Loading ${id} failed: ${error.message}`);",
          data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a helper's rethrow that the tool wraps with its message carried on is judged like the throws it sends on",
      code: `${FASTMCP}async function loadIndex(id: string): Promise<string> {
  try {
    return await loadDoc(id);
  } catch (error) {
    console.error("index lookup failed", error);
    /*1*/throw error;
  }
}
${loadDoc(`/*2*/${HTTP_THROW}`)}server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    return await loadIndex(id);
  } catch (error) {
    /*3*/throw new Error(\`Reading \${id} failed: \${error instanceof Error ? error.message : String(error)}\`);
  }
} });`,
      errors: [
        { messageId: "unclassifiedThrow", reported: "throw error;", data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME) },
        { messageId: "unclassifiedThrow", reported: HTTP_THROW, data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME) },
        {
          messageId: "unclassifiedThrow",
          reported: "throw new Error(`Reading ${id} failed: ${error instanceof Error ? error.message : String(error)}`);",
          data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a rethrow inside the try of an outer catch that rethrows again is reported once, at the outer rethrow",
      code: `${FASTMCP}${loadDoc(`/*1*/${HTTP_THROW}`)}server.addTool({ name: "get_doc", execute: async ({ id }) => {
  let attempted = false;
  try {
    try {
      attempted = true;
      return await loadDoc(id);
    } catch (inner) {
      console.warn("loadDoc failed", inner);
      throw inner;
    }
  } catch (error) {
    console.error("get_doc failed", attempted, error);
    /*2*/throw error;
  }
} });`,
      errors: [
        { messageId: "unclassifiedThrow", reported: HTTP_THROW, data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME) },
        { messageId: "unclassifiedThrow", reported: "throw error;", data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME) },
      ],
      output: null,
    }),
    invalid({
      name: "a catch that hands the error to a helper of the file that logs and rethrows it",
      code: `${FASTMCP}${loadDoc(`/*>*/${HTTP_THROW}`)}function logAndRethrow(failure: unknown, tool: string): never {
  console.error(\`\${tool} failed\`, failure);
  throw failure;
}
server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    return await loadDoc(id);
  } catch (error) {
    logAndRethrow(error, "get_doc");
  }
} });`,
      errors: [{ messageId: "unclassifiedThrow", reported: HTTP_THROW, data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a catch that returns a call of a helper that always throws an error of its own",
      code: `${FASTMCP}${loadDoc(HTTP_THROW)}const fail = (tool: string): never => {
  /*>*/throw new Error(\`\${tool} failed\`);
};
server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    return await loadDoc(id);
  } catch {
    return fail("get_doc");
  }
} });`,
      errors: [{ messageId: "unclassifiedThrow", reported: "throw new Error(`${tool} failed`);", data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a dispatcher catch that passes McpErrors on and wraps the rest into one lets a plain Error through",
      code: `${LOW_LEVEL}import { McpError, ErrorCode } from "@modelcontextprotocol/sdk/types.js";
async function getThing(id: string) {
  try {
    if (id.length > 40) /*>*/throw new Error(\`thing \${id} has an id longer than 40 characters\`);
    return { content: [{ type: "text", text: id }] };
  } catch (error) {
    if (error instanceof McpError) throw error;
    throw new McpError(ErrorCode.InternalError, \`getThing failed: \${String(error)}\`);
  }
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "get_thing":
      return await getThing(String(request.params.arguments?.id ?? ""));
    default:
      throw new McpError(ErrorCode.MethodNotFound, \`Unknown tool: \${request.params.name}\`);
  }
});`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: "throw new Error(`thing ${id} has an id longer than 40 characters`);",
          data: unclassifiedThrow('tool "get_thing"', LOW_LEVEL_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a catch that rethrows through a variable that may hold the caught error",
      code: `${FASTMCP}class QuotaError extends Error {}
declare function render(id: string): Promise<string>;
server.addTool({ name: "get_doc", execute: async ({ id }) => {
  try {
    return await render(id);
  } catch (caught) {
    const failure = caught instanceof QuotaError ? new UserError(\`The report quota is used up for \${id}.\`) : caught;
    /*>*/throw failure;
  }
} });`,
      errors: [{ messageId: "unclassifiedThrow", reported: "throw failure;", data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME) }],
      output: null,
    }),
    runnerCase(
      "a throw in a callback a queue runs, whose catch rejects the promise the queue returns",
      `function enqueue<T>(work: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const task = async () => {
      try {
        resolve(await work());
      } catch (error) {
        reject(error);
      }
    };
    void task();
  });
}
`,
      "enqueue(",
    ),
    invalid({
      name: "a throw in an axios interceptor of the instance a tool sends its request through",
      code: `${SDK}import axios from "axios";
const docsApi = axios.create({ baseURL: "https://docs.example.com", timeout: 5000 });
docsApi.interceptors.response.use(
  (response) => response,
  (error: { response?: { status: number } }) => {
    if (error.response?.status === 401) /*>*/throw new Error("The docs API rejected the key: set DOCS_API_KEY to a valid key");
    return Promise.reject(error);
  },
);
server.registerTool("get_doc", { inputSchema: {} }, async ({ id }: { id?: string }) => {
  const response = await docsApi.get(\`/docs/\${String(id)}\`);
  return { content: [{ type: "text", text: String(response.data) }] };
});`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("The docs API rejected the key: set DOCS_API_KEY to a valid key");',
          data: unclassifiedThrow(GET_DOC, SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    runnerCase(
      "a throw in a callback handed to a helper that calls it and catches nothing",
      `async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const value = await work();
  console.error(\`\${label}: \${String(Date.now() - started)} ms\`);
  return value;
}
`,
      'timed("get_doc", ',
    ),
    invalid({
      name: "a registration through a bound alias of registerTool, cast to a narrower type",
      code: `${SDK}type RegisterToolFn = (name: string, config: object, cb: (args: { id?: string }) => unknown) => unknown;
const registerTool = server.registerTool.bind(server) as RegisterToolFn;
registerTool("get_doc", { inputSchema: {} }, async ({ id }) => {
  if (!id) /*>*/throw new Error("get_doc needs an id: pass the id of the document to read");
  return { content: [{ type: "text", text: id }] };
});`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("get_doc needs an id: pass the id of the document to read");',
          data: unclassifiedThrow(GET_DOC, SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a constructor that throws, for a client a tool builds: the throw leaves the tool",
      code: `${FASTMCP}${CLIENT}server.addTool({ name: "get_doc", execute: async ({ id }) => {
  const docs = new DocsClient();
  return \`\${docs.token.length} \${String(id)}\`;
} });`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("DOCS_TOKEN is not set: add a token to the server\'s environment");',
          data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a throw in a callback handed to a retrying helper whose catch keeps the error for its last throw",
      code: `${FASTMCP}async function retry<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  let lastError: Error | undefined;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await work();
    } catch (error) {
      lastError = error as Error;
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
  }
  /*1*/throw lastError;
}
server.addTool({ name: "get_doc", execute: async ({ id }) =>
  retry(async () => {
    if (!id) /*2*/throw new Error("get_doc needs an id: pass the id of the document to read");
    return "ok";
  }) });`,
      errors: [
        { messageId: "unclassifiedThrow", reported: "throw lastError;", data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME) },
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("get_doc needs an id: pass the id of the document to read");',
          data: unclassifiedThrow(GET_DOC, FASTMCP_OUTCOME),
        },
      ],
      output: null,
    }),
    runnerCase(
      "a throw in a callback a helper queues with its promise's reject: the failure settles that promise",
      `const queue: { operation: () => Promise<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
function drain() {
  const entry = queue.shift();
  if (entry) entry.operation().then(entry.resolve, entry.reject).finally(drain);
}
function enqueue<T>(operation: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    queue.push({ operation, resolve, reject });
    if (queue.length === 1) drain();
  });
}
`,
      "enqueue(",
    ),
    invalid({
      name: "a catch that answers only axios errors lets the plain Error a helper made of a 429 through",
      code: `${LOW_LEVEL}import axios from "axios";
const api = axios.create({ baseURL: "https://api.example.com", timeout: 10_000 });
async function search(query: string) {
  try {
    return (await api.post("/search", { query })).data;
  } catch (error: any) {
    if (error.response?.status === 429) /*1*/throw new Error("Usage limit exceeded: wait a minute before searching again");
    throw error;
  }
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    return { content: [{ type: "text", text: JSON.stringify(await search(String(request.params.arguments?.query))) }] };
  } catch (error) {
    if (axios.isAxiosError(error)) return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: error.message }) }] };
    /*2*/throw error;
  }
});`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("Usage limit exceeded: wait a minute before searching again");',
          data: unclassifiedThrow(UNNAMED, LOW_LEVEL_OUTCOME),
        },
        { messageId: "unclassifiedThrow", reported: "throw error;", data: unclassifiedThrow(UNNAMED, LOW_LEVEL_OUTCOME) },
      ],
      output: null,
    }),
    invalid({
      name: "an async helper's promise returned without await leaves the try around it",
      code: `${SDK}async function drain(node: string) {
  if (!node) /*>*/throw new Error("drain needs a node name: pass the node to drain");
  return { content: [{ type: "text", text: \`drained \${node}\` }] };
}
server.registerTool("get_doc", { inputSchema: {} }, async ({ node }) => {
  try {
    return drain(node);
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: String(error) }) }] };
  }
});`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("drain needs a node name: pass the node to drain");',
          data: unclassifiedThrow(GET_DOC, SDK_OUTCOME),
        },
      ],
      output: null,
    }),
  ],
});

// Payloads built elsewhere: a content part or JSON built by a same-file function, and an error
// helper whose classification comes from its parameters (judged at each call).
const TOOL_ERROR = `function toolError(description: string, errorCategory?: string, isRetryable?: boolean) {
  return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory, isRetryable, description }) }] };
}
`;
const PART = (payload: string): string => `function errorPart(error: Error) {
  return { type: "text", text: JSON.stringify(${payload}) };
}
`;
ruleTester.run("require-error-classification: payloads built elsewhere", rule, {
  valid: [
    {
      name: "a call that passes the helper's classification",
      code: `${SDK}${TOOL_ERROR}server.registerTool("get_doc", { inputSchema: {} }, async ({ id }) => toolError(\`No document \${id}\`, "business", false));`,
    },
    {
      name: "a helper whose classification parameters have defaults",
      code: `${SDK}function toolError(description: string, errorCategory = "transient", isRetryable = true) {
  return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory, isRetryable, description }) }] };
}
server.registerTool("get_doc", { inputSchema: {} }, async ({ id }) => toolError(\`Loading \${id} timed out\`));`,
    },
    {
      name: "a content part built by a function that classifies",
      code: `${SDK}${PART('{ errorCategory: "transient", isRetryable: true, description: error.message }')}server.registerTool("get_doc", { inputSchema: {} }, async () => {
  try {
    return { content: [{ type: "text", text: "ok" }] };
  } catch (error) {
    return { isError: true, content: [errorPart(error as Error)] };
  }
});`,
    },
  ],
  invalid: [
    invalid({
      name: "a call that passes none of the helper's classification parameters",
      code: `${SDK}${TOOL_ERROR}server.registerTool("get_doc", { inputSchema: {} }, async ({ id }) => /*>*/toolError(\`Reading \${id} failed\`));`,
      errors: [
        {
          messageId: "helperCallUnclassified",
          reported: "toolError(`Reading ${id} failed`)",
          data: { tool: GET_DOC, helper: "`toolError`", missing: "`errorCategory` or `isRetryable`" },
        },
      ],
      output: null,
    }),
    invalid({
      name: "a call that passes the category and leaves out the retryability",
      code: `${SDK}${TOOL_ERROR}server.registerTool("get_doc", { inputSchema: {} }, async ({ id }) => /*>*/toolError(\`Reading \${id} failed\`, "transient"));`,
      errors: [
        {
          messageId: "helperCallUnclassified",
          reported: 'toolError(`Reading ${id} failed`, "transient")',
          data: { tool: GET_DOC, helper: "`toolError`", missing: "`isRetryable`" },
        },
      ],
      output: null,
    }),
    invalid({
      name: "a content part built by a function, with an error object and no classification",
      code: `${SDK}${PART("{ error: { code: error.name, message: error.message } }")}server.registerTool("get_doc", { inputSchema: {} }, async () => {
  try {
    return { content: [{ type: "text", text: "ok" }] };
  } catch (error) {
    return { /*>*/isError: true, content: [errorPart(error as Error)] };
  }
});`,
      errors: [
        { messageId: "missingClassification", reported: "isError: true", data: { tool: GET_DOC, category: "errorCategory", retryable: "isRetryable" } },
      ],
      output: null,
    }),
  ],
});

// A throw inside a callback an array method runs at once (`items.map((item) => { throw ... })`)
// leaves the handler through that call, under the catches around it.
ruleTester.run("require-error-classification: throws in array callbacks", rule, {
  valid: [
    {
      name: "a catch around the map that answers with a classified result",
      code: inTool(`  try {
    const names = args.ids.map((id: string) => {
      if (!id) throw new Error("an empty id");
      return id.trim();
    });
    return { content: [{ type: "text", text: names.join(", ") }] };
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "validation", isRetryable: false, description: String(error) }) }] };
  }`),
    },
    {
      name: "an async callback: its throw is a rejected promise nobody awaits here",
      code: inTool(`  const pending = args.ids.map(async (id: string) => {
    if (!id) throw new Error("an empty id");
    return id;
  });
  void pending;
  return { content: [{ type: "text", text: "queued" }] };`),
    },
    {
      name: "a span callback whose throw the try inside it converts",
      code: inTool(`  return await startSpan({ name: "get_doc" }, async () => {
    try {
      if (!args.id) throw new Error("The id is empty: pass the document id");
      return { content: [{ type: "text", text: args.id }] };
    } catch (error) {
      return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "validation", isRetryable: false, description: String(error) }) }] };
    }
  });`),
    },
    {
      name: "a span that is not awaited or returned: what its callback throws is no concern of the handler",
      code: inTool(`  void startSpan({ name: "audit" }, async () => {
    if (!args.id) throw new Error("The audit needs an id");
  });
  return { content: [{ type: "text", text: "done" }] };`),
    },
    {
      name: "an async fan-out under Promise.allSettled: a rejection is a settled result, not a throw",
      code: inTool(`  const settled = await Promise.allSettled(args.ids.map(async (id: string) => {
    if (!id) throw new Error("an empty id");
    return id;
  }));
  return { content: [{ type: "text", text: JSON.stringify(settled) }] };`),
    },
    {
      name: "a promise's .catch callback whose promise nobody awaits",
      code: inTool(`  void loadDoc(args.id).catch(() => {
    throw new Error("The document could not be loaded");
  });
  return { content: [{ type: "text", text: "loading" }] };`),
    },
    {
      name: "a callback handed to something that is no array method",
      code: inTool(`  args.events.on("data", (chunk: string) => {
    if (!chunk) throw new Error("an empty chunk");
  });
  return { content: [{ type: "text", text: "listening" }] };`),
    },
  ],
  invalid: [
    invalid({
      name: "a throw in a map callback of the handler",
      code: inTool(`  const entries = args.names.map((name: string) => {
    const entry = args.graph.find((e: { name: string }) => e.name === name);
    if (!entry) /*>*/throw new Error(\`No entity named \${name}\`);
    return entry;
  });
  return { content: [{ type: "text", text: JSON.stringify(entries) }] };`),
      errors: [{ messageId: "unclassifiedThrow", reported: "throw new Error(`No entity named ${name}`);", data: unclassifiedThrow(GET_DOC, SDK_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a throw in a forEach callback of a method the handler awaits",
      code: `${SDK}class Store {
  async add(names: string[]) {
    names.forEach((name) => {
      if (name.length > 64) /*>*/throw new Error(\`The name \${name} is longer than 64 characters\`);
    });
  }
}
const store = new Store();
server.registerTool("get_doc", { inputSchema: {} }, async (args) => {
  await store.add(args.names);
  return { content: [{ type: "text", text: "added" }] };
});`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: "throw new Error(`The name ${name} is longer than 64 characters`);",
          data: unclassifiedThrow(GET_DOC, SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a throw in an async fan-out whose promises the handler awaits with Promise.all",
      code: inTool(`  const docs = await Promise.all(args.ids.map(async (id: string) => {
    if (id.length > 64) /*>*/throw new Error(\`The id \${id} is longer than 64 characters\`);
    return id;
  }));
  return { content: [{ type: "text", text: docs.join("\\n") }] };`),
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: "throw new Error(`The id ${id} is longer than 64 characters`);",
          data: unclassifiedThrow(GET_DOC, SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a throw in a promise's .catch callback: it rejects the promise the handler awaits",
      code: inTool(`  const doc = await loadDoc(args.id).catch(() => {
    /*>*/throw new Error(\`The document \${args.id} answered with no valid JSON\`);
  });
  return { content: [{ type: "text", text: JSON.stringify(doc) }] };`),
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: "throw new Error(`The document ${args.id} answered with no valid JSON`);",
          data: unclassifiedThrow(GET_DOC, SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a throw in either of two functions a constant chooses between",
      code: `${SDK}async function fromCache(id: string) {
  /*1*/throw new Error(\`The cache holds no document \${id}\`);
}
async function fromOrigin(id: string) {
  /*2*/throw new Error(\`The origin holds no document \${id}\`);
}
server.registerTool("get_doc", { inputSchema: {} }, async (args) => {
  const load = args.cached ? fromCache : fromOrigin;
  return { content: [{ type: "text", text: await load(args.id) }] };
});`,
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: "throw new Error(`The cache holds no document ${id}`);",
          data: unclassifiedThrow(GET_DOC, SDK_OUTCOME),
        },
        {
          messageId: "unclassifiedThrow",
          reported: "throw new Error(`The origin holds no document ${id}`);",
          data: unclassifiedThrow(GET_DOC, SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a throw in the callback of a tracing span the handler awaits",
      code: inTool(`  return await Sentry.startSpan({ name: "get_doc" }, async () => {
    if (!args.token) /*>*/throw new Error("The request carries no token: sign in first");
    return { content: [{ type: "text", text: args.token }] };
  });`),
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("The request carries no token: sign in first");',
          data: unclassifiedThrow(GET_DOC, SDK_OUTCOME),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a throw in the callback a string's replace runs for each placeholder",
      code: inTool(`  const path = "/files/{folder}/{name}".replace(/\\{(\\w+)\\}/g, (_whole: string, key: string) => {
    if (!(key in args)) /*>*/throw new Error(\`The path needs "\${key}": pass it in the arguments\`);
    return encodeURIComponent(String(args[key]));
  });
  return { content: [{ type: "text", text: path }] };`),
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error(`The path needs "${key}": pass it in the arguments`);',
          data: unclassifiedThrow(GET_DOC, SDK_OUTCOME),
        },
      ],
      output: null,
    }),
  ],
});

// A structured payload built by a same-file function, and payloads with spreads the file shows
// (`...(cond ? { a } : {})`): read, where any spread used to make the payload unknown.
const PAYLOAD = (fields: string): string => `function limitPayload(code: string, wait?: number) {
  return {
    code,
    message: "The anonymous quota is spent: add an API key to go on.",
    ${fields}
  };
}
`;
const LIMIT_RESULT = `server.registerTool("get_doc", { inputSchema: {} }, async () => {
  const payload = limitPayload("QUOTA_SPENT", 30);
  return { /*>*/isError: true, content: [{ type: "text", text: payload.message }], structuredContent: payload };
});`;
ruleTester.run("require-error-classification: built and spread payloads", rule, {
  valid: [
    {
      name: "a builder whose payload classifies",
      code: `${SDK}${PAYLOAD('errorCategory: "transient", isRetryable: true,')}${LIMIT_RESULT}`,
    },
    {
      name: "a builder that may add the classification in a conditional spread",
      code: `${SDK}${PAYLOAD('...(wait ? { errorCategory: "transient", isRetryable: true } : {}),')}${LIMIT_RESULT}`,
    },
    {
      name: "FastMCP UserError whose extras a builder classifies",
      code: `${FASTMCP}${PAYLOAD('errorCategory: "transient", isRetryable: true,')}server.addTool({
  name: "get_doc",
  execute: async () => {
    throw new UserError("The anonymous quota is spent.", limitPayload("QUOTA_SPENT"));
  },
});`,
    },
    {
      name: "a builder with a return per kind of error, one of which classifies",
      code: `${SDK}function limitPayload(code: string, wait?: number) {
  if (wait === undefined) return { code, message: "The quota is spent." };
  return { code, message: "Slow down.", errorCategory: "transient", isRetryable: true };
}
${LIMIT_RESULT}`,
    },
    {
      name: "FastMCP UserError whose extras spread something the file does not show",
      code: inFastMcp('    throw new UserError("id is malformed", { code: "BAD_ID", ...args });'),
    },
    {
      name: "a spread of something the file does not show",
      code: `${SDK}function limitPayload(code: string, extra: object) {
  return { code, message: "The anonymous quota is spent: add an API key to go on.", ...extra };
}
server.registerTool("get_doc", { inputSchema: {} }, async () => {
  const payload = limitPayload("QUOTA_SPENT", {});
  return { isError: true, content: [{ type: "text", text: payload.message }], structuredContent: payload };
});`,
    },
  ],
  invalid: [
    invalid({
      name: "a builder's payload through a const, with no classification",
      code: `${SDK}${PAYLOAD("")}${LIMIT_RESULT}`,
      errors: [
        { messageId: "missingClassification", reported: "isError: true", data: { tool: GET_DOC, category: "errorCategory", retryable: "isRetryable" } },
      ],
      output: null,
    }),
    invalid({
      name: "a builder with a return per kind of error, none of which classifies",
      code: `${SDK}function limitPayload(code: string, wait?: number) {
  if (wait === undefined) return { code, message: "The quota is spent." };
  return { code, message: "Slow down.", errors: [{ code, message: "Slow down." }] };
}
${LIMIT_RESULT.replace("structuredContent: payload", "structuredContent: payload as unknown as Record<string, unknown>")}`,
      errors: [
        { messageId: "missingClassification", reported: "isError: true", data: { tool: GET_DOC, category: "errorCategory", retryable: "isRetryable" } },
      ],
      output: null,
    }),
    invalid({
      name: "conditional spreads that add other fields only",
      code: `${SDK}${PAYLOAD("...(wait ? { retry_after_seconds: wait } : {}), ...(code === 'QUOTA_SPENT' && { docs: 'https://example.com/keys' }),")}${LIMIT_RESULT}`,
      errors: [
        { messageId: "missingClassification", reported: "isError: true", data: { tool: GET_DOC, category: "errorCategory", retryable: "isRetryable" } },
      ],
      output: null,
    }),
    invalid({
      name: "FastMCP UserError whose extras a builder makes without classification",
      code: `${FASTMCP}${PAYLOAD("...(wait ? { retry_after_seconds: wait } : {}),")}server.addTool({
  name: "get_doc",
  execute: async () => {
    /*>*/throw new UserError("The anonymous quota is spent.", limitPayload("QUOTA_SPENT", 30));
  },
});`,
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw new UserError("The anonymous quota is spent.", limitPayload("QUOTA_SPENT", 30));' }],
      output: null,
    }),
    invalid({
      name: "FastMCP UserError whose extras spread a builder's payload and add fields",
      code: `${FASTMCP}${PAYLOAD("")}server.addTool({
  name: "get_doc",
  execute: async () => {
    const extras = { ...limitPayload("OPTION_UNAVAILABLE"), option: "retention" };
    /*>*/throw new UserError("Retention is not available without an account.", extras);
  },
});`,
      errors: [{ messageId: "unclassifiedThrow", reported: 'throw new UserError("Retention is not available without an account.", extras);' }],
      output: null,
    }),
    invalid({
      name: "an inline structured payload with a conditional spread",
      code: `${SDK}server.registerTool("get_doc", { inputSchema: {} }, async ({ id }) => {
  return { /*>*/isError: true, content: [{ type: "text", text: \`No document \${id}\` }], structuredContent: { code: "NOT_FOUND", ...(id ? { id } : {}) } };
});`,
      errors: [
        { messageId: "missingClassification", reported: "isError: true", data: { tool: GET_DOC, category: "errorCategory", retryable: "isRetryable" } },
      ],
      output: null,
    }),
  ],
});

// ---------------------------------------------------------------------------------------------
// Circuit breakers: a breaker's bare open error reaches the model as an unclassified throw, and an
// unclassified result for an open breaker is offered the transient classification first.

/** A hand-written breaker whose open branch is `openTest`, run by the `get_doc` handler. */
function breakerClass(openTest: string, extra = ""): string {
  return `${SDK}enum CircuitState { Closed = "closed", Open = "open", HalfOpen = "half-open" }
class CircuitBreaker {
  private state = CircuitState.Closed;
  private failures = 0;
${extra}
  async execute<T>(task: () => Promise<T>): Promise<T> {
    if (${openTest}) /*>*/throw new Error("Circuit breaker is open");
    return task();
  }
}
const breaker = new CircuitBreaker();
server.registerTool("get_doc", { inputSchema: {} }, async () => {
  const text = await breaker.execute(() => fetch("https://docs.example.com", { signal: AbortSignal.timeout(5000) }).then((r) => r.text()));
  return { content: [{ type: "text", text }] };
});`;
}

const OPEN_THROW = 'throw new Error("Circuit breaker is open");';

ruleTester.run("require-error-classification: circuit breakers", rule, {
  valid: [
    {
      name: "the breaker's open error caught in the handler and answered with a classified result",
      code: breakerClass('this.state === "open"')
        .replace("/*>*/", "")
        .replace(
          "  const text = await breaker.execute(",
          `  let text: string;
  try {
    text = await breaker.execute(`,
        )
        .replace(
          '  return { content: [{ type: "text", text }] };',
          `  } catch {
    return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, retryAfterSeconds: 30 } };
  }
  return { content: [{ type: "text", text }] };`,
        ),
    },
    {
      name: "a breaker no tool runs",
      code: `${SDK}class CircuitBreaker {
  private state = "closed";
  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.state === "open") throw new Error("Circuit breaker is open");
    return task();
  }
}
server.registerTool("get_doc", { inputSchema: {} }, async () => ({ content: [{ type: "text", text: "ok" }] }));`,
    },
  ],
  invalid: [
    invalid({
      name: "a breaker class's open branch on a string state",
      code: breakerClass('this.state === "open"'),
      errors: [{ messageId: "unclassifiedThrow", reported: OPEN_THROW, data: unclassifiedThrow(GET_DOC, SDK_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a breaker class's open branch on a state enum",
      code: breakerClass("this.state === CircuitState.Open"),
      errors: [{ messageId: "unclassifiedThrow", reported: OPEN_THROW, data: unclassifiedThrow(GET_DOC, SDK_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "a breaker class's open branch through isOpen()",
      code: breakerClass(
        "this.isOpen()",
        `  private nextAttempt = 0;
  isOpen() {
    return this.state === CircuitState.Open && Date.now() < this.nextAttempt;
  }`,
      ),
      errors: [{ messageId: "unclassifiedThrow", reported: OPEN_THROW, data: unclassifiedThrow(GET_DOC, SDK_OUTCOME) }],
      output: null,
    }),
    invalid({
      name: "an unclassified result for an open breaker: transient first, before what the outer branch points at",
      code: inTool(`  const res = await fetch("https://docs.example.com", { signal: AbortSignal.timeout(5000) });
  if (res.status === 409) {
    if (breaker.opened) return { /*>*/isError: true, content: [{ type: "text", text: "paused" }] };
  }
  return { content: [] };`),
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          suggestions: (code) => textToJson(code, '"paused"', { order: ["transient", "business", "validation", "permission"] }),
        },
      ],
      output: null,
    }),
  ],
});

/** A `get_doc` handler that builds its result in `response` first and fills it in `body`. */
function builtFirst(body: string, start = "{ content: [], isError: false }"): string {
  return inTool(`  const response: CallToolResult = ${start};
  try {
    const doc = await loadDoc(args.id);
${body}
  } catch (error) {
    /*>*/response.isError = true;
    response.content.push({ type: "text", text: \`Loading document \${args.id} failed: \${String(error)}\` });
  }
  return response;`);
}

const NO_CLASSIFICATION = { tool: GET_DOC, category: "errorCategory", retryable: "isRetryable" };

ruleTester.run("require-error-classification: results made errors after they were built", rule, {
  valid: [
    {
      name: "the pushed part carries both fields",
      code: replaceOnce(
        builtFirst('    response.content.push({ type: "text", text: doc.body });').replace("/*>*/", ""),
        "text: `Loading document ${args.id} failed: ${String(error)}`",
        'text: JSON.stringify({ errorCategory: "transient", isRetryable: true, message: String(error) })',
      ),
    },
    {
      name: "the result is handed to a function that may add the fields",
      code: builtFirst('    response.content.push({ type: "text", text: doc.body });\n    decorate(response);').replace("/*>*/", ""),
    },
    {
      name: "a pushed part the rule cannot read",
      code: builtFirst("    response.content.push(renderDoc(doc));").replace("/*>*/", ""),
    },
    {
      name: "content from elsewhere: the payload is unknown",
      code: builtFirst("    response.content.push(doc.part);", "{ content: await renderAll(), isError: false }").replace("/*>*/", ""),
    },
    {
      name: "isError only ever set to false",
      code: inTool(`  const response = { content: [], isError: false };
  response.isError = false;
  response.content.push({ type: "text", text: "ok" });
  return response;`),
    },
    {
      name: "another field set on the result: the payload may hold anything",
      code: builtFirst("    response.structuredContent = doc.meta;").replace("/*>*/", ""),
    },
    {
      name: "off any tool's path",
      code: `${SDK}function render(failed) {
  const response = { content: [], isError: false };
  if (failed) response.isError = true;
  response.content.push({ type: "text", text: "Rendering failed" });
  return response;
}`,
    },
  ],
  invalid: [
    invalid({
      name: "isError set in a catch on a result built before the try",
      code: builtFirst('    response.content.push({ type: "text", text: doc.body });'),
      errors: [{ messageId: "missingClassification", reported: "response.isError = true", data: NO_CLASSIFICATION }],
      output: null,
    }),
    invalid({
      name: "set in an empty-answer branch, with the result read in a test",
      code: inTool(`  const response = { content: [] as TextContent[], isError: false };
  const hits = await search(args.q);
  if (hits.length === 0) {
    /*>*/response.isError = true;
    response.content.push({ type: "text", text: "Nothing matched" });
    return response;
  }
  for (const hit of hits) response.content.push({ type: "text", text: hit.title });
  if (!response.isError && response.content.length > 3) log("many");
  return response;`),
      errors: [{ messageId: "missingClassification", reported: "response.isError = true", data: NO_CLASSIFICATION }],
      output: null,
    }),
    invalid({
      name: "a category without retryability",
      code: replaceOnce(
        builtFirst('    response.content.push({ type: "text", text: doc.body });'),
        "text: `Loading document ${args.id} failed: ${String(error)}`",
        'text: JSON.stringify({ errorCategory: "transient", message: String(error) })',
      ),
      errors: [{ messageId: "missingRetryable", reported: "response.isError = true", data: { tool: GET_DOC, retryable: "isRetryable" } }],
      output: null,
    }),
  ],
});

ruleTester.run("require-error-classification: resources and prompts are no tools", rule, {
  valid: [
    {
      name: "the low-level read-resource handler's error answer",
      code: `${LOW_LEVEL}import { ReadResourceRequestSchema } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
  try {
    return { contents: [await readDoc(request.params.uri)] };
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: JSON.stringify({ error: String(error) }) }] };
  }
});`,
    },
    {
      name: "a request handler registered by method name",
      code: `${LOW_LEVEL}server.setRequestHandler("resources/read", async () => ({ isError: true, content: [{ type: "text", text: "gone" }] }));`,
    },
    {
      name: "McpServer registerResource and registerPrompt callbacks",
      code: `${SDK}server.registerResource("doc", "doc://readme", {}, async (uri) => ({ isError: true, content: [{ type: "text", text: "missing " + uri }] }));
server.registerPrompt("review", {}, () => {
  return { isError: true, content: [{ type: "text", text: "no prompt" }] };
});`,
    },
    {
      name: "a FastMCP resource's load method",
      code: `${FASTMCP}server.addResource({
  uri: "file:///logs/app.log",
  name: "Application logs",
  async load() {
    return { isError: true, content: [{ type: "text", text: "no logs" }] };
  },
});`,
    },
  ],
  invalid: [
    invalid({
      name: "a tool beside a resource in the same file is still checked",
      code: `${LOW_LEVEL}import { ReadResourceRequestSchema } from "@modelcontextprotocol/sdk/types.js";
server.setRequestHandler(ReadResourceRequestSchema, async () => ({ isError: true, content: [{ type: "text", text: "gone" }] }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "get_doc") return { /*>*/isError: true, content: [{ type: "text", text: "Doc service down" }] };
  return { content: [] };
});`,
      errors: [
        {
          messageId: "missingClassification",
          reported: "isError: true",
          data: NO_CLASSIFICATION,
          suggestions: (code) => textToJson(code, '"Doc service down"'),
        },
      ],
      output: null,
    }),
  ],
});

// @cyanheads/mcp-ts-core: `tool("name", { input, output, handler })`. The framework catches every
// throw; its own McpError carries a code (NotFound, RateLimited, ...) into the result, a plain
// Error only a generic internal-error code.
const CORE = `import { tool, z } from "@cyanheads/mcp-ts-core";
import { JsonRpcErrorCode, McpError } from "@cyanheads/mcp-ts-core/errors";
`;
/** An mcp-ts-core `tool("read_note")` handler around `body`. */
function inCoreTool(body: string): string {
  return `${CORE}export const readNote = tool("read_note", {
  description: "Read a note",
  input: z.object({ path: z.string() }),
  output: z.object({ text: z.string() }),
  async handler(input, ctx) {
${body}
  },
});`;
}

ruleTester.run("require-error-classification: mcp-ts-core", rule, {
  valid: [
    {
      name: "the framework's own McpError carries its code",
      code: inCoreTool("    throw new McpError(JsonRpcErrorCode.NotFound, `No note at ${input.path}`);"),
    },
    {
      name: "a throw in a function that no tool definition registers",
      code: `${CORE}export function helper() {\n  throw new Error("not reached by a tool");\n}`,
    },
  ],
  invalid: [
    invalid({
      name: "a plain Error thrown out of the handler",
      code: inCoreTool(
        '    const text = await ctx.read(input.path);\n    if (text === undefined) /*>*/throw new Error("vault unreachable");/*<*/\n    return { text };',
      ),
      errors: [
        {
          messageId: "unclassifiedThrow",
          reported: 'throw new Error("vault unreachable");',
          data: unclassifiedThrow(
            'tool "read_note"',
            "mcp-ts-core turns it into an isError result with a generic internal-error code, which says neither what kind of failure it was nor whether a retry may help",
          ),
        },
      ],
      output: null,
    }),
  ],
});

// An error class that carries a payload from where it is thrown to a catch that answers with it:
// the payload is what the constructions pass, judged at the answer, once (the fix is at each
// construction, so no edit is offered).
const carrierTool = (
  constructions: string,
  classDeclaration = "class UserFacingError {\n  constructor(public details: Record<string, unknown>) {}\n}\n",
) =>
  `${SDK}${classDeclaration}async function checkRange(from: string, to: string) {
  if (!from) throw new UserFacingError(${constructions.split("|")[0] ?? ""});
  if (from > to) throw new UserFacingError(${constructions.split("|")[1] ?? ""});
  return \`\${from}..\${to}\`;
}
server.registerTool("get_doc", { inputSchema: {} }, async ({ from, to }) => {
  try {
    return { content: [{ type: "text", text: await checkRange(from, to) }] };
  } catch (e) {
    if (e instanceof UserFacingError) {
      return { content: [{ type: "text", text: JSON.stringify(e.details) }], /*>*/isError: true };
    }
    return { content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: String(e) }) }], isError: true };
  }
});`;
const TWO_PLAIN = '{ error: "from is required" }|{ error: "from must come before to" }';
const CARRIER_FINDING = {
  messageId: "carrierWithoutClassification",
  reported: "isError: true",
  data: {
    tool: GET_DOC,
    field: "details",
    carrier: "UserFacingError",
    constructions: "2 constructions",
    category: "errorCategory",
    retryable: "isRetryable",
  },
} as const;

ruleTester.run("require-error-classification: error classes that carry the payload", rule, {
  valid: [
    {
      name: "every construction passes the classification",
      code: carrierTool(
        '{ error: "from is required", errorCategory: "validation", isRetryable: false }|{ error: "from must come before to", errorCategory: "validation", isRetryable: false }',
      ).replace("/*>*/", ""),
    },
    {
      name: "a construction passes a value the file cannot read",
      code: carrierTool('{ error: "from is required" }|JSON.parse(to)').replace("/*>*/", ""),
    },
    {
      name: "an exported class may be constructed with a classification in files this one cannot see",
      code: carrierTool(TWO_PLAIN, "export class UserFacingError {\n  constructor(public details: Record<string, unknown>) {}\n}\n").replace("/*>*/", ""),
    },
    {
      name: "a field the constructor does not set from a parameter",
      code: carrierTool(
        TWO_PLAIN,
        'class UserFacingError {\n  details = { error: "failed" };\n  constructor(public input: Record<string, unknown>) {}\n}\n',
      ).replace("/*>*/", ""),
    },
  ],
  invalid: [
    invalid({
      name: "a parameter property that every construction fills with an unclassified literal",
      code: carrierTool(TWO_PLAIN),
      errors: [CARRIER_FINDING],
      output: null,
    }),
    invalid({
      name: "a field the constructor assigns from its parameter",
      code: carrierTool(
        TWO_PLAIN,
        "class UserFacingError extends Error {\n  details: Record<string, unknown>;\n  constructor(details: Record<string, unknown>) {\n    super(String(details.error));\n    this.details = details;\n  }\n}\n",
      ),
      errors: [CARRIER_FINDING],
      output: null,
    }),
  ],
});
