import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../src/rules/no-invisible-error-metadata.js";
import { createRuleTester } from "../rule-tester.js";
import { fixed, inTool, invalid as invalidCase } from "../cases.js";
import { type HandlerShape, SHAPES } from "../shapes.js";

type Valid = ValidTestCase<Options>;
type Invalid = InvalidTestCase<MessageIds, Options>;

const ruleTester = createRuleTester();
const invalid = invalidCase<MessageIds, Options>;

const TOOL = 'tool "search_docs"';
const SDK_EFFECT = "the SDK passes unknown keys on, but clients show the model only `content` and `structuredContent`";
const FASTMCP_EFFECT =
  "FastMCP validates results strictly and rejects unknown keys, so the agent gets \"Tool 'search_docs' execution failed\" instead of this result";
const BOTH = "`errorCategory` and `isRetryable`";

/** mcp-framework serialises the returned object into the text: its fields are visible. */
const SERIALISED = new Set(["mcp-framework class extends MCPTool"]);

function toolOf(shape: HandlerShape): string {
  return shape.named ? TOOL : "this tool handler";
}

function effectOf(shape: HandlerShape): string {
  return shape.title.startsWith("FastMCP") ? FASTMCP_EFFECT : SDK_EFFECT;
}

const topLevel = (tool: string, fields: string, count: number, effect = SDK_EFFECT): Record<string, string> => ({
  tool,
  fields,
  keys: count === 1 ? "key" : "keys",
  them: count === 1 ? "it" : "them",
  effect,
});

const metaOnly = (fields: string, count: number, tool = TOOL): Record<string, string> => ({ tool, fields, them: count === 1 ? "it" : "them" });

const MIRROR_BOTH = " and mirror them in the content text as JSON";

/** One suggestion of `messageId` whose output applies `edits`. */
const suggestion =
  (messageId: MessageIds, fields: string, mirror: string, ...edits: [string, string][]) =>
  (code: string) => [{ messageId, data: { fields, mirror }, output: fixed(...edits)(code) }];

// ---------------------------------------------------------------------------------------------
// Every handler shape.

const FLAT_ERROR = '    return { isError: true, content: [{ type: "text", text: "Rate limited" }], /*>*/errorCategory: "transient", isRetryable: true };';
const MOVED: [string, string][] = [
  [
    '[{ type: "text", text: "Rate limited" }], errorCategory: "transient", isRetryable: true }',
    '[{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: "Rate limited" }) }], structuredContent: { errorCategory: "transient", isRetryable: true } }',
  ],
];

const shapeInvalid: Invalid[] = SHAPES.filter((s) => !SERIALISED.has(s.title)).flatMap((shape) => [
  invalid({
    name: `${shape.title}: classification fields as top-level keys of an error result`,
    code: shape.wrap(FLAT_ERROR),
    errors: [
      {
        messageId: "topLevelMetadata",
        reported: 'errorCategory: "transient"',
        data: topLevel(toolOf(shape), BOTH, 2, effectOf(shape)),
        suggestions: suggestion("moveToStructuredContent", BOTH, MIRROR_BOTH, ...MOVED),
      },
    ],
    output: null,
  }),
  invalid({
    name: `${shape.title}: classification fields only in _meta`,
    code: shape.wrap(
      '    return { isError: true, content: [{ type: "text", text: "No such page" }], /*>*/_meta: { errorCategory: "business", isRetryable: false } };',
    ),
    errors: [
      {
        messageId: "metaOnlyMetadata",
        reported: "_meta",
        data: metaOnly(BOTH, 2, toolOf(shape)),
        suggestions: suggestion("copyToStructuredContent", BOTH, MIRROR_BOTH, [
          'text: "No such page" }], _meta: { errorCategory: "business", isRetryable: false } }',
          'text: JSON.stringify({ errorCategory: "business", isRetryable: false, description: "No such page" }) }], _meta: { errorCategory: "business", isRetryable: false }, structuredContent: { errorCategory: "business", isRetryable: false } }',
        ]),
      },
    ],
    output: null,
  }),
]);

const shapeValid: Valid[] = SHAPES.flatMap((shape) => [
  {
    name: `${shape.title}: classification in structuredContent and the JSON text`,
    code: shape.wrap(`    const error = { errorCategory: "transient", isRetryable: true, description: "Rate limited" };
    return { isError: true, content: [{ type: "text", text: JSON.stringify(error) }], structuredContent: error };`),
  },
  ...(SERIALISED.has(shape.title)
    ? [{ name: `${shape.title}: top-level fields are serialised into the text by the framework`, code: shape.wrap(FLAT_ERROR.replace("/*>*/", "")) }]
    : []),
]);

// ---------------------------------------------------------------------------------------------
// Hand-written cases: `registerTool("search_docs")` unless said otherwise.

const FASTMCP = `import { FastMCP } from "fastmcp";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
`;

ruleTester.run("no-invisible-error-metadata", rule, {
  valid: [
    ...shapeValid,

    // Top-level keys that are not classification.
    { name: "a result with only content", code: inTool('  return { content: [{ type: "text", text: "ok" }] };') },
    {
      name: "a `message` key beside the content (not a classification field)",
      code: inTool('  return { isError: true, content: [{ type: "text", text: "x" }], message: "x" };'),
    },
    { name: "a `category` key on a success result is data", code: inTool('  return { content: [{ type: "text", text: "x" }], category: "news" };') },
    {
      name: "a success object returned by an inline callback on the handler path",
      code: inTool(`  const parts = items.map((item) => ({ content: [{ type: "text", text: item.name }], isRetryable: false }));
  return { content: parts.flatMap((p) => p.content) };`),
    },
    {
      name: "a success-shaped object returned off any handler path",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export function toPage(doc) {
  return { content: [{ type: "text", text: doc.body }], retryAfterSeconds: 0 };
}`,
    },
    {
      name: "an expected value in a test (not returned)",
      code: `import { expect, it } from "vitest";
import { callTool } from "@modelcontextprotocol/sdk/client/index.js";
it("fails", async () => {
  expect(await callTool("x")).toEqual({ isError: true, content: [], errorCategory: "transient" });
});`,
    },
    { name: "not an MCP file", code: 'export const r = () => ({ content: [], errorCategory: "transient" });' },
    {
      name: "a key of the server's own on a success result, holding data",
      code: inTool('  return { content: [{ type: "text", text: "x" }], metadata: { category: "news", statusCode: 200 } };'),
    },
    {
      name: "classification nested in structuredContent is readable",
      code: inTool('  return { isError: true, content: [{ type: "text", text: "x" }], structuredContent: { error: { errorCategory: "transient" } } };'),
    },

    // _meta that the model can read some other way, or that is the standard key.
    {
      name: "_meta fields also in the JSON text",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "business", isRetryable: false }) }], _meta: { errorCategory: "business", isRetryable: false } };',
      ),
    },
    {
      name: "_meta fields also in structuredContent",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: "No such page" }], structuredContent: { errorCategory: "business", isRetryable: false }, _meta: { errorCategory: "business", isRetryable: false } };',
      ),
    },
    {
      name: "_meta fields also in a nested error object of structuredContent",
      code: inTool(
        '  return { isError: true, content: [], structuredContent: { error: { errorCategory: "business", isRetryable: false } }, _meta: { errorCategory: "business", isRetryable: false } };',
      ),
    },
    {
      name: "structuredContent built elsewhere",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: "No such page" }], structuredContent: details, _meta: { errorCategory: "business" } };',
      ),
    },
    {
      name: "JSON text of a value built elsewhere",
      code: inTool('  return { isError: true, content: [{ type: "text", text: JSON.stringify(details) }], _meta: { errorCategory: "business" } };'),
    },
    { name: "content built elsewhere", code: inTool('  return { isError: true, content: parts, _meta: { errorCategory: "business" } };') },
    { name: "a content part built elsewhere", code: inTool('  return { isError: true, content: [part], _meta: { errorCategory: "business" } };') },
    { name: "_meta built elsewhere", code: inTool('  return { isError: true, content: [{ type: "text", text: "x" }], _meta: meta };') },
    {
      name: "the _meta value is in the text (the same expression)",
      code: inTool('  return { isError: true, content: [{ type: "text", text: `${code}: no such page` }], _meta: { errorCode: code } };'),
    },
    {
      name: "the _meta value is in the text (the same literal)",
      code: inTool('  return { isError: true, content: [{ type: "text", text: "NOT_FOUND: no such page" }], _meta: { error_code: "NOT_FOUND" } };'),
    },
    {
      name: "the _meta value is a value of the JSON text under another key",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: JSON.stringify({ error: "parameter_invalid", parameter: args.name }) }], _meta: { errorCode: "parameter_invalid" } };',
      ),
    },
    {
      name: "the standard tool-failure key of _meta (default settings)",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: "Rate limited" }], _meta: { "io.modelcontextprotocol/toolFailure": { class: "rate_limited", retryable: true } } };',
      ),
    },
    {
      name: "the standard tool-failure key of _meta (tool-failure preset)",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: "Rate limited" }], _meta: { "io.modelcontextprotocol/toolFailure": { class: "rate_limited", retryable: true, message: "Rate limited" } } };',
      ),
      settings: { "mcp-errors": { preset: "tool-failure" } },
    },
    {
      name: "a payload variable whose later fields classify nothing",
      code: inTool(
        '  const payload = { message: "Rate limited" };\n  payload.hint = "Wait a minute";\n  return { isError: true, content: [{ type: "text", text: "Rate limited" }], error: payload };',
      ),
    },
    { name: "_meta on a success result", code: inTool('  return { content: [{ type: "text", text: "ok" }], _meta: { isRetryable: false } };') },
    {
      name: "_meta without classification fields",
      code: inTool('  return { isError: true, content: [{ type: "text", text: "x" }], _meta: { traceId } };'),
    },
    {
      name: "an easy-mcp tool (the framework wraps the returned value as text)",
      code: `import { EasyMCP, Tool } from "easy-mcp";
export class Server extends EasyMCP {
  @Tool({ name: "search_docs", description: "Search" })
  async search(args) {
    return { isError: true, content: [], errorCategory: "transient" };
  }
}`,
    },
  ],
  invalid: [
    ...shapeInvalid,

    invalid({
      name: "classification fields in an object under a top-level key of the server's own (error result)",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: "Rate limited" }], /*>*/metadata: { errorType: "RATE_LIMIT", isRetryable: true } };',
      ),
      errors: [
        {
          messageId: "nestedMetadata",
          reported: 'metadata: { errorType: "RATE_LIMIT", isRetryable: true }',
          data: { tool: TOOL, fields: "`errorType` and `isRetryable`", key: "metadata", them: "them", effect: SDK_EFFECT },
          suggestions: () => [],
        },
      ],
      output: null,
    }),
    invalid({
      name: "classification fields set on the payload's variable after its literal",
      code: inTool(
        '  const payload = { message: "Rate limited" };\n  if (status) payload.code = status;\n  payload.isRetryable = true;\n  return { isError: true, content: [{ type: "text", text: "Rate limited" }], /*>*/error: payload };',
      ),
      errors: [
        {
          messageId: "nestedMetadata",
          reported: "error: payload",
          data: { tool: TOOL, fields: "`code` and `isRetryable`", key: "error", them: "them", effect: SDK_EFFECT },
          suggestions: () => [],
        },
      ],
      output: null,
    }),
    invalid({
      name: "an error type under a top-level key of a success-shaped result",
      code: inTool('  return { content: [{ type: "text", text: `Error: ${String(e)}` }], /*>*/details: { errorType: "API_ERROR", statusCode: 502 } };'),
      errors: [
        {
          messageId: "nestedMetadata",
          reported: 'details: { errorType: "API_ERROR", statusCode: 502 }',
          data: { tool: TOOL, fields: "`errorType`", key: "details", them: "it", effect: SDK_EFFECT },
          suggestions: () => [],
        },
      ],
      output: null,
    }),

    invalid({
      name: "a retryability on a success result: moved, not mirrored",
      code: inTool('  return { content: [{ type: "text", text: "Queued" }], /*>*/retryAfterSeconds: 30 };'),
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: "retryAfterSeconds: 30",
          data: topLevel(TOOL, "`retryAfterSeconds`", 1),
          suggestions: suggestion("moveToStructuredContent", "`retryAfterSeconds`", "", [
            "retryAfterSeconds: 30",
            "structuredContent: { retryAfterSeconds: 30 }",
          ]),
        },
      ],
      output: null,
    }),
    invalid({
      name: "isError: false counts as a success",
      code: inTool('  return { isError: false, content: [{ type: "text", text: "Queued" }], /*>*/isRetryable: true };'),
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: "isRetryable: true",
          data: topLevel(TOOL, "`isRetryable`", 1),
          suggestions: suggestion("moveToStructuredContent", "`isRetryable`", "", ["isRetryable: true", "structuredContent: { isRetryable: true }"]),
        },
      ],
      output: null,
    }),
    invalid({
      name: "into an existing structuredContent",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: "Busy" }], structuredContent: { service: "search" }, /*>*/isRetryable: true };',
      ),
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: "isRetryable: true",
          data: topLevel(TOOL, "`isRetryable`", 1),
          suggestions: suggestion(
            "moveToStructuredContent",
            "`isRetryable`",
            " and mirror it in the content text as JSON",
            ['text: "Busy" }]', 'text: JSON.stringify({ isRetryable: true, description: "Busy" }) }]'],
            ['{ service: "search" }, isRetryable: true }', '{ service: "search", isRetryable: true } }'],
          ),
        },
      ],
      output: null,
    }),
    invalid({
      name: "into an empty structuredContent",
      code: inTool('  return { isError: true, content: [{ type: "text", text: "Busy" }], structuredContent: {}, /*>*/isRetryable: true };'),
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: "isRetryable: true",
          data: topLevel(TOOL, "`isRetryable`", 1),
          suggestions: suggestion(
            "moveToStructuredContent",
            "`isRetryable`",
            " and mirror it in the content text as JSON",
            ['text: "Busy" }]', 'text: JSON.stringify({ isRetryable: true, description: "Busy" }) }]'],
            ["structuredContent: {}, isRetryable: true }", "structuredContent: { isRetryable: true } }"],
          ),
        },
      ],
      output: null,
    }),
    invalid({
      name: "structuredContent built elsewhere: no suggestion",
      code: inTool('  return { isError: true, content: [{ type: "text", text: "Busy" }], structuredContent: details, /*>*/isRetryable: true };'),
      errors: [{ messageId: "topLevelMetadata", reported: "isRetryable: true", data: topLevel(TOOL, "`isRetryable`", 1) }],
      output: null,
    }),
    invalid({
      name: "structuredContent already has a field of that name: no suggestion",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: "Busy" }], structuredContent: { isRetryable: false }, /*>*/isRetryable: true };',
      ),
      errors: [{ messageId: "topLevelMetadata", reported: "isRetryable: true", data: topLevel(TOOL, "`isRetryable`", 1) }],
      output: null,
    }),
    invalid({
      name: "a value that runs code is moved but not mirrored",
      code: inTool('  return { isError: true, content: [{ type: "text", text: "Busy" }], /*>*/retryAfterSeconds: backoff(attempt) };'),
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: "retryAfterSeconds: backoff(attempt)",
          data: topLevel(TOOL, "`retryAfterSeconds`", 1),
          suggestions: suggestion("moveToStructuredContent", "`retryAfterSeconds`", "", [
            "retryAfterSeconds: backoff(attempt)",
            "structuredContent: { retryAfterSeconds: backoff(attempt) }",
          ]),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a top-level description is moved but the text is not replaced",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: "Failed" }], /*>*/errorCategory: "business", description: "Invoice is closed" };',
      ),
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: 'errorCategory: "business"',
          data: topLevel(TOOL, "`errorCategory` and `description`", 2),
          suggestions: suggestion("moveToStructuredContent", "`errorCategory` and `description`", "", [
            'errorCategory: "business", description: "Invoice is closed" }',
            'structuredContent: { errorCategory: "business", description: "Invoice is closed" } }',
          ]),
        },
      ],
      output: null,
    }),
    invalid({
      name: "fields before and between the other keys, over several lines",
      code: inTool(`  return {
    /*>*/errorCategory: "permission",
    isError: true,
    isRetryable: false,
    content: [{ type: "text", text: message }],
  };`),
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: 'errorCategory: "permission"',
          data: topLevel(TOOL, BOTH, 2),
          suggestions: suggestion("moveToStructuredContent", BOTH, MIRROR_BOTH, [
            `    errorCategory: "permission",
    isError: true,
    isRetryable: false,
    content: [{ type: "text", text: message }],`,
            `    structuredContent: { errorCategory: "permission", isRetryable: false },
    isError: true,
    content: [{ type: "text", text: JSON.stringify({ errorCategory: "permission", isRetryable: false, description: message }) }],`,
          ]),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a run of fields before structuredContent",
      code: inTool(
        '  return { isError: true, content: [], /*>*/errorCategory: "transient", isRetryable: true, structuredContent: { service: "search" } };',
      ),
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: 'errorCategory: "transient"',
          data: topLevel(TOOL, BOTH, 2),
          suggestions: suggestion("moveToStructuredContent", BOTH, "", [
            'content: [], errorCategory: "transient", isRetryable: true, structuredContent: { service: "search" } }',
            'content: [], structuredContent: { service: "search", errorCategory: "transient", isRetryable: true } }',
          ]),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a spread in the result: no suggestion",
      code: inTool('  return { ...base, isError: true, content: [], /*>*/errorCategory: "transient" };'),
      errors: [{ messageId: "topLevelMetadata", reported: 'errorCategory: "transient"', data: topLevel(TOOL, "`errorCategory`", 1) }],
      output: null,
    }),
    invalid({
      name: "a comment in the result: no suggestion",
      code: inTool('  return { isError: true, content: [], /*>*/errorCategory: "transient" /* for the agent */ };'),
      errors: [{ messageId: "topLevelMetadata", reported: 'errorCategory: "transient"', data: topLevel(TOOL, "`errorCategory`", 1) }],
      output: null,
    }),
    invalid({
      name: "common spellings outside the vocabulary (code, retryable)",
      code: inTool('  return { isError: true, content: [{ type: "text", text: msg }], /*>*/code: "NOT_FOUND", retryable: false };'),
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: 'code: "NOT_FOUND"',
          data: topLevel(TOOL, "`code` and `retryable`", 2),
          suggestions: suggestion("moveToStructuredContent", "`code` and `retryable`", MIRROR_BOTH, [
            '[{ type: "text", text: msg }], code: "NOT_FOUND", retryable: false }',
            '[{ type: "text", text: JSON.stringify({ code: "NOT_FOUND", retryable: false, description: msg }) }], structuredContent: { code: "NOT_FOUND", retryable: false } }',
          ]),
        },
      ],
      output: null,
    }),
    invalid({
      name: "snake-case preset: the description field of the mirror",
      code: inTool('  return { isError: true, content: [{ type: "text", text: "Busy" }], /*>*/error_code: "RATE_LIMITED" };'),
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: 'error_code: "RATE_LIMITED"',
          data: topLevel(TOOL, "`error_code`", 1),
          suggestions: suggestion("moveToStructuredContent", "`error_code`", " and mirror it in the content text as JSON", [
            '[{ type: "text", text: "Busy" }], error_code: "RATE_LIMITED" }',
            '[{ type: "text", text: JSON.stringify({ error_code: "RATE_LIMITED", error_message: "Busy" }) }], structuredContent: { error_code: "RATE_LIMITED" } }',
          ]),
        },
      ],
      output: null,
      settings: { "mcp-errors": { preset: "snake-case" } },
    }),
    invalid({
      name: "nested preset: the new structuredContent holds the container, no mirror",
      code: inTool('  return { isError: true, content: [{ type: "text", text: "Busy" }], /*>*/code: "RATE_LIMITED", retryable: true };'),
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: 'code: "RATE_LIMITED"',
          data: topLevel(TOOL, "`code` and `retryable`", 2),
          suggestions: suggestion("moveToStructuredContent", "`code` and `retryable`", "", [
            'code: "RATE_LIMITED", retryable: true }',
            'structuredContent: { error: { code: "RATE_LIMITED", retryable: true } } }',
          ]),
        },
      ],
      output: null,
      settings: { "mcp-errors": { preset: "nested" } },
    }),
    invalid({
      name: "FastMCP: the message says the call fails",
      code: `${FASTMCP}server.addTool({
  name: "search_docs",
  execute: async () => ({ isError: true, content: [], /*>*/isRetryable: true }),
});`,
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: "isRetryable: true",
          data: topLevel(TOOL, "`isRetryable`", 1, FASTMCP_EFFECT),
          suggestions: suggestion("moveToStructuredContent", "`isRetryable`", "", ["isRetryable: true", "structuredContent: { isRetryable: true }"]),
        },
      ],
      output: null,
    }),
    invalid({
      name: "FastMCP edge: the framework drops the keys",
      code: `import { EdgeFastMCP } from "fastmcp/edge";
const server = new EdgeFastMCP({ name: "demo", version: "1.0.0" });
server.addTool({
  name: "search_docs",
  execute: async () => ({ content: [{ type: "text", text: "Queued" }], /*>*/retryAfterSeconds: 5 }),
});`,
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: "retryAfterSeconds: 5",
          data: topLevel(TOOL, "`retryAfterSeconds`", 1, "EdgeFastMCP rebuilds the result as `{ content }` and drops them"),
          suggestions: suggestion("moveToStructuredContent", "`retryAfterSeconds`", "", [
            "retryAfterSeconds: 5",
            "structuredContent: { retryAfterSeconds: 5 }",
          ]),
        },
      ],
      output: null,
    }),
    invalid({
      name: "an error helper in a utility module",
      code: `import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
export function toolError(message, category) {
  return { isError: true, content: [{ type: "text", text: message }], /*>*/errorCategory: category };
}`,
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: "errorCategory: category",
          data: topLevel("this tool handler", "`errorCategory`", 1),
          suggestions: suggestion("moveToStructuredContent", "`errorCategory`", " and mirror it in the content text as JSON", [
            '[{ type: "text", text: message }], errorCategory: category }',
            '[{ type: "text", text: JSON.stringify({ errorCategory: category, description: message }) }], structuredContent: { errorCategory: category } }',
          ]),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a JavaScript file with shorthand properties",
      code: `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.tool("search_docs", async () => {
  const errorCategory = "transient";
  return { isError: true, content: [{ type: "text", text: "Busy" }], /*>*/errorCategory };
});`,
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: "errorCategory",
          data: topLevel(TOOL, "`errorCategory`", 1),
          suggestions: suggestion("moveToStructuredContent", "`errorCategory`", " and mirror it in the content text as JSON", [
            '[{ type: "text", text: "Busy" }], errorCategory }',
            '[{ type: "text", text: JSON.stringify({ errorCategory, description: "Busy" }) }], structuredContent: { errorCategory } }',
          ]),
        },
      ],
      output: null,
    }),

    // Only in _meta.
    invalid({
      name: "_meta beside an existing structuredContent without the fields",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: "Busy" }], structuredContent: { service: "search" }, /*>*/_meta: { isRetryable: true } };',
      ),
      errors: [
        {
          messageId: "metaOnlyMetadata",
          reported: "_meta",
          data: metaOnly("`isRetryable`", 1),
          suggestions: suggestion(
            "copyToStructuredContent",
            "`isRetryable`",
            " and mirror it in the content text as JSON",
            ['text: "Busy" }]', 'text: JSON.stringify({ isRetryable: true, description: "Busy" }) }]'],
            ['{ service: "search" }, _meta', '{ service: "search", isRetryable: true }, _meta'],
          ),
        },
      ],
      output: null,
    }),
    invalid({
      name: "JSON text without the _meta fields",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: JSON.stringify({ description: "Busy" }) }], /*>*/_meta: { isRetryable: true } };',
      ),
      errors: [
        {
          messageId: "metaOnlyMetadata",
          reported: "_meta",
          data: metaOnly("`isRetryable`", 1),
          suggestions: suggestion("copyToStructuredContent", "`isRetryable`", "", [
            "_meta: { isRetryable: true }",
            "_meta: { isRetryable: true }, structuredContent: { isRetryable: true }",
          ]),
        },
      ],
      output: null,
    }),
    invalid({
      name: "one field mirrored in the text, one not",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: `${code}: no such page` }], /*>*/_meta: { errorCode: code, isRetryable: false } };',
      ),
      errors: [
        {
          messageId: "metaOnlyMetadata",
          reported: "_meta",
          data: metaOnly("`isRetryable`", 1),
          suggestions: suggestion(
            "copyToStructuredContent",
            "`isRetryable`",
            " and mirror it in the content text as JSON",
            ["text: `${code}: no such page` }]", "text: JSON.stringify({ isRetryable: false, description: `${code}: no such page` }) }]"],
            [
              "_meta: { errorCode: code, isRetryable: false } }",
              "_meta: { errorCode: code, isRetryable: false }, structuredContent: { isRetryable: false } }",
            ],
          ),
        },
      ],
      output: null,
    }),
    invalid({
      name: "_meta held in a const: no suggestion",
      code: inTool(
        '  const meta = { errorCategory: "business" };\n  return { isError: true, content: [{ type: "text", text: "Closed" }], /*>*/_meta: meta };',
      ),
      errors: [{ messageId: "metaOnlyMetadata", reported: "_meta", data: metaOnly("`errorCategory`", 1) }],
      output: null,
    }),
    invalid({
      name: "a nested error object in _meta: no suggestion",
      code: inTool('  return { isError: true, content: [{ type: "text", text: "Closed" }], /*>*/_meta: { error: { errorCategory: "business" } } };'),
      errors: [{ messageId: "metaOnlyMetadata", reported: "_meta", data: metaOnly("`errorCategory`", 1) }],
      output: null,
    }),
    invalid({
      name: "a _meta value that runs code: no suggestion",
      code: inTool('  return { isError: true, content: [{ type: "text", text: "Busy" }], /*>*/_meta: { retryAfterSeconds: backoff(attempt) } };'),
      errors: [{ messageId: "metaOnlyMetadata", reported: "_meta", data: metaOnly("`retryAfterSeconds`", 1) }],
      output: null,
    }),
    invalid({
      name: "nested preset: the container inside _meta, no suggestion",
      code: inTool(
        '  return { isError: true, content: [{ type: "text", text: "Busy" }], /*>*/_meta: { error: { code: "RATE_LIMITED", retryable: true } } };',
      ),
      errors: [{ messageId: "metaOnlyMetadata", reported: "_meta", data: metaOnly("`code` and `retryable`", 2) }],
      output: null,
      settings: { "mcp-errors": { preset: "nested" } },
    }),
    invalid({
      name: "a top-level key and _meta in the same result: two reports",
      code: inTool('  return { isError: true, content: [{ type: "text", text: "Busy" }], /*1*/isRetryable: true, /*2*/_meta: { retryAfterSeconds: 5 } };'),
      errors: [
        {
          messageId: "topLevelMetadata",
          reported: "isRetryable: true",
          data: topLevel(TOOL, "`isRetryable`", 1),
          suggestions: suggestion("moveToStructuredContent", "`isRetryable`", " and mirror it in the content text as JSON", [
            'text: "Busy" }], isRetryable: true,',
            'text: JSON.stringify({ isRetryable: true, description: "Busy" }) }], structuredContent: { isRetryable: true },',
          ]),
        },
        {
          messageId: "metaOnlyMetadata",
          reported: "_meta",
          data: metaOnly("`retryAfterSeconds`", 1),
          suggestions: suggestion(
            "copyToStructuredContent",
            "`retryAfterSeconds`",
            " and mirror it in the content text as JSON",
            ['text: "Busy" }]', 'text: JSON.stringify({ retryAfterSeconds: 5, description: "Busy" }) }]'],
            ["_meta: { retryAfterSeconds: 5 } }", "_meta: { retryAfterSeconds: 5 }, structuredContent: { retryAfterSeconds: 5 } }"],
          ),
        },
      ],
      output: null,
    }),
  ],
});
