import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import { describe } from "vitest";
import rule, { type MessageIds, type Options } from "../../src/rules/require-validation-detail.js";
import { inTool, invalid as invalidCase } from "../cases.js";
import { createRuleTester } from "../rule-tester.js";
import { type HandlerShape, SHAPES } from "../shapes.js";

const ruleTester = createRuleTester();
const invalid = invalidCase<MessageIds, Options>;
type Valid = ValidTestCase<Options>;
type Invalid = InvalidTestCase<MessageIds, Options>;

const SEARCH_DOCS = 'tool "search_docs"';
const UNNAMED = "this tool handler";

function data(text: string, parameters = "query", tool = SEARCH_DOCS): Record<string, string> {
  return { tool, text, parameters };
}

/** A low-level server lists its tools in a ListTools handler; the shapes do not, so add one. */
const LIST_TOOLS = `
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: "search_docs", inputSchema: { type: "object", properties: { query: { type: "string" } } } }],
}));`;

/** The shape around `body`, with the tool's input schema visible to the rule. */
function wrap(shape: HandlerShape, body: string): string {
  return shape.wrap(body) + (shape.title.startsWith("low-level") ? LIST_TOOLS : "");
}

/** Shapes whose registration does not show the tool's inputs (MCP-Nest's `@Tool()` without `parameters`). */
const WITHOUT_PARAMETERS = (shape: HandlerShape): boolean => shape.title.startsWith("@Tool()");

const GENERIC = (text: string): string =>
  `    if (String(args.query).length > 500) {
      return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: /*>*/"${text}" } };
    }
    return { content: [{ type: "text", text: "ok" }] };`;

const shapeInvalid: Invalid[] = SHAPES.filter((s) => !WITHOUT_PARAMETERS(s)).map((shape) =>
  invalid({
    name: `${shape.title}: a validation error that says only "Invalid input."`,
    code: wrap(shape, GENERIC("Invalid input.")),
    errors: [
      { messageId: "missingValidationDetail", reported: '"Invalid input."', data: data("Invalid input.", "query", shape.named ? SEARCH_DOCS : UNNAMED) },
    ],
    output: null,
  }),
);

const shapeValid: Valid[] = [
  ...SHAPES.map((shape) => ({
    name: `${shape.title}: a validation error that names the parameter and the limit`,
    code: wrap(shape, GENERIC("query must be at most 500 characters.").replace("/*>*/", "")),
  })),
  ...SHAPES.filter(WITHOUT_PARAMETERS).map((shape) => ({
    name: `${shape.title}: no parameter list known, silent`,
    code: wrap(shape, GENERIC("Invalid input.").replace("/*>*/", "")),
  })),
];

const SDK = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "demo", version: "1.0.0" });
`;
const LOW_LEVEL = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { zodToJsonSchema } from "zod-to-json-schema";
import { z } from "zod";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
`;

/** A `registerTool("book_room")` handler with a richer schema around `body`. */
function inBooking(body: string, schema = "{ roomId: z.string(), start_date: z.string(), filePath: z.string().optional() }"): string {
  return `${SDK}server.registerTool("book_room", { inputSchema: ${schema} }, async ({ roomId, start_date }) => {
${body}
});`;
}

/** A validation error result whose description is `description` (source text). */
function validationError(description: string): string {
  return `  if (!roomId) return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: ${description} } };
  return { content: [] };`;
}

describe("require-validation-detail", () => {
  ruleTester.run("require-validation-detail", rule, {
    valid: [
      ...shapeValid,
      { name: "not an MCP file", code: "export function add(a: number, b: number) { return a + b; }" },

      // The message names the parameter.
      { name: "the parameter as written", code: inBooking(validationError('"Unknown roomId."')) },
      { name: "a snake_case parameter written in camelCase", code: inBooking(validationError('"Bad startDate."')) },
      { name: "a snake_case parameter written as words", code: inBooking(validationError('"The start date is in the past."')) },
      { name: "a parameter in another case", code: inBooking(validationError('"Unknown ROOMID."')) },
      { name: "the last word of a multi-word parameter", code: inBooking(validationError('"Invalid path."')) },
      {
        name: "a longer word that starts with the parameter",
        code: `${SDK}server.registerTool("get_issue", { inputSchema: { repo: z.string() } }, async ({ repo }) => {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: "Unknown repository." } };
});`,
      },

      // The message says what is expected.
      { name: "a constraint", code: inBooking(validationError('"Value must not be empty."')) },
      { name: "an expected format", code: inBooking(validationError('"Expected a date in YYYY-MM-DD format."')) },
      { name: "a list of allowed values", code: inBooking(validationError('"Unknown room; use one of the ids that list_rooms returns."')) },
      { name: "a quoted example", code: inBooking(validationError('\'Unknown sort order; use "asc" or "desc".\'')) },
      { name: "an e.g.", code: inBooking(validationError('"Bad value (e.g. R-101)."')) },
      { name: "a numeric range", code: inBooking(validationError('"Capacity out of bounds: 1-20."')) },

      // Interpolations that tell which argument is meant, or may.
      { name: "the value of a destructured parameter", code: inBooking(validationError("`No room ${roomId}.`")) },
      {
        name: "a property of the arguments object",
        code: `${SDK}server.registerTool("book_room", { inputSchema: { roomId: z.string() } }, async (args) => {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: \`Invalid: \${args.roomId}\` } };
});`,
      },
      {
        name: "a validator's message",
        code: inBooking(`  const parsed = z.string().uuid().safeParse(roomId);
  if (!parsed.success) return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: \`Invalid input: \${parsed.error.message}\` } };
  return { content: [] };`),
      },
      { name: "a text that is only an interpolation", code: inBooking(validationError("`${code}`")) },
      { name: "a value built by a call", code: inBooking(validationError("`Invalid input: ${describeProblem()}`")) },

      // Texts the rule cannot judge.
      { name: "a message held in a variable", code: inBooking(validationError("message")) },
      {
        name: "a static text beside a dynamic description",
        code: inBooking(
          `  return { isError: true, content: [{ type: "text", text: "Invalid input." }], structuredContent: { errorCategory: "validation", isRetryable: false, description: detail } };`,
        ),
      },
      {
        name: "a payload with a spread",
        code: inBooking(
          `  return { isError: true, content: [], structuredContent: { ...base, errorCategory: "validation", description: "Invalid input." } };`,
        ),
      },

      // Not a validation error.
      {
        name: "a business error",
        code: inBooking(
          `  return { isError: true, content: [], structuredContent: { errorCategory: "business", isRetryable: false, description: "Invalid input." } };`,
        ),
      },
      {
        name: "a category that is validation on one path only",
        code: inBooking(
          `  return { isError: true, content: [], structuredContent: { errorCategory: bad ? "validation" : "business", isRetryable: false, description: "Invalid input." } };`,
        ),
      },
      { name: "an unclassified error", code: inBooking('  return { isError: true, content: [{ type: "text", text: "Invalid input." }] };') },

      // No parameter list.
      {
        name: "a schema imported from another file, and an arguments object that is not destructured",
        code: `${SDK}import { BookingSchema } from "./schemas.js";
server.registerTool("book_room", { inputSchema: BookingSchema }, async (args) => {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: "Invalid input." } };
});`,
      },
      {
        name: "a config object with a spread",
        code: `${SDK}server.registerTool("book_room", { ...shared }, async (args) => {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: "Invalid input." } };
});`,
      },
      {
        name: "a tool without inputs",
        code: `${SDK}server.registerTool("reset", { description: "Reset" }, async () => {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: "Invalid state." } };
});`,
      },
      {
        name: "a low-level server without a ListTools handler",
        code: `${LOW_LEVEL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "get_issue":
      return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: "Invalid arguments." } };
    default:
      throw new Error("Unknown tool");
  }
});`,
      },
      {
        name: "a ListTools entry whose schema is built elsewhere",
        code: `${LOW_LEVEL}import { issueSchema } from "./schemas.js";
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "get_issue", inputSchema: issueSchema }] }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "get_issue":
      return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: "Invalid arguments." } };
    default:
      throw new Error("Unknown tool");
  }
});`,
      },

      // Helpers.
      {
        name: "a validation helper, never called with a vague text",
        code: `${SDK}function invalidInput(description: string) {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description } };
}
server.registerTool("book_room", { inputSchema: { roomId: z.string() } }, async ({ roomId }) => {
  if (!roomId.startsWith("R-")) return invalidInput("roomId must start with R-.");
  return { content: [] };
});`,
      },
    ],
    invalid: [
      ...shapeInvalid,
      invalid({
        name: "a plain content text beside a structured classification",
        code: inBooking(
          `  return { isError: true, content: [{ type: "text", text: /*>*/"Invalid input." }], structuredContent: { errorCategory: "validation", isRetryable: false } };`,
        ),
        errors: [
          {
            messageId: "missingValidationDetail",
            reported: '"Invalid input."',
            data: data("Invalid input.", "roomId, start_date, filePath", 'tool "book_room"'),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a JSON payload with a vague description",
        code: inBooking(
          `  return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "validation", isRetryable: false, description: /*>*/"Bad request" }) }] };`,
        ),
        errors: [
          {
            messageId: "missingValidationDetail",
            reported: '"Bad request"',
            data: data("Bad request", "roomId, start_date, filePath", 'tool "book_room"'),
          },
        ],
        output: null,
      }),
      invalid({
        name: "an interpolated value that is not an argument",
        code: inBooking(`  const attempt = 3;
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: /*>*/\`Invalid request (attempt \${attempt}).\` } };`),
        errors: [
          {
            messageId: "missingValidationDetail",
            reported: "`Invalid request (attempt ${attempt}).`",
            data: data("Invalid request (attempt …).", "roomId, start_date, filePath", 'tool "book_room"'),
          },
        ],
        output: null,
      }),
      invalid({
        name: "snake-case preset",
        settings: { "mcp-errors": { preset: "snake-case" } },
        code: inBooking(
          `  return { isError: true, content: [], structuredContent: { error_code: "INVALID_ARGUMENT", retry_recommended: false, error_message: /*>*/"Invalid arguments." } };`,
        ),
        errors: [
          {
            messageId: "missingValidationDetail",
            reported: '"Invalid arguments."',
            data: data("Invalid arguments.", "roomId, start_date, filePath", 'tool "book_room"'),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a helper with a literal validation category: reported at the text argument",
        code: `${SDK}function invalidInput(description: string) {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description } };
}
server.registerTool("book_room", { inputSchema: { roomId: z.string() } }, async ({ roomId }) => {
  if (!roomId.startsWith("R-")) return invalidInput(/*>*/"Invalid parameters.");
  return { content: [] };
});`,
        errors: [
          { messageId: "missingValidationDetail", reported: '"Invalid parameters."', data: data("Invalid parameters.", "roomId", 'tool "book_room"') },
        ],
        output: null,
      }),
      invalid({
        name: "a helper that receives the validation category",
        code: `${SDK}function toolError(errorCategory: string, isRetryable: boolean, description: string) {
  return { isError: true, content: [{ type: "text" as const, text: JSON.stringify({ errorCategory, isRetryable, description }) }] };
}
server.registerTool("book_room", { inputSchema: { roomId: z.string() } }, async ({ roomId }) => {
  if (!roomId) return toolError("validation", false, /*>*/"Missing required parameter.");
  return toolError("transient", true, "Try again.");
});`,
        errors: [
          {
            messageId: "missingValidationDetail",
            reported: '"Missing required parameter."',
            data: data("Missing required parameter.", "roomId", 'tool "book_room"'),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a helper whose text is its default: reported at the call",
        code: `${SDK}function invalidInput(description = "Invalid input.") {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description } };
}
server.registerTool("book_room", { inputSchema: { roomId: z.string() } }, async ({ roomId }) => {
  if (!roomId) return /*>*/invalidInput();
  return { content: [] };
});`,
        errors: [{ messageId: "missingValidationDetail", reported: "invalidInput()", data: data("Invalid input.", "roomId", 'tool "book_room"') }],
        output: null,
      }),
      invalid({
        name: "a low-level ListTools entry whose JSON schema lists the properties",
        code: `${LOW_LEVEL}const TOOLS = [
  { name: "get_issue", inputSchema: { type: "object", properties: { owner: { type: "string" }, repo: { type: "string" }, issue_number: { type: "number" } } } },
];
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "get_issue":
      return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: /*>*/"Invalid arguments." } };
    default:
      throw new Error("Unknown tool");
  }
});`,
        errors: [
          {
            messageId: "missingValidationDetail",
            reported: '"Invalid arguments."',
            data: data("Invalid arguments.", "owner, repo, issue_number", 'tool "get_issue"'),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a low-level ListTools entry built with zodToJsonSchema",
        code: `${LOW_LEVEL}const GetIssueSchema = z.object({ owner: z.string(), repo: z.string() }).extend({ issue_number: z.number() });
const getIssueTool = { name: "get_issue", description: "Read an issue", inputSchema: zodToJsonSchema(GetIssueSchema) };
server.setRequestHandler(ListToolsRequestSchema, async () => {
  return { tools: [getIssueTool] };
});
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === "get_issue") {
    return { isError: true, content: [{ type: "text", text: /*>*/"Validation failed." }], _meta: { errorCategory: "validation", isRetryable: false } };
  }
  throw new Error("Unknown tool");
});`,
        errors: [
          {
            messageId: "missingValidationDetail",
            reported: '"Validation failed."',
            data: data("Validation failed.", "owner, repo, issue_number", 'tool "get_issue"'),
          },
        ],
        output: null,
      }),
      invalid({
        name: "FastMCP parameters with .strict() and a shape spread",
        code: `import { FastMCP } from "fastmcp";
import { z } from "zod";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
const paging = { page: z.number(), per_page: z.number() };
server.addTool({
  name: "list_rooms",
  parameters: z.object({ building: z.string(), ...paging }).strict(),
  execute: async (args) => {
    return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: /*>*/"Invalid paging." } };
  },
});`,
        errors: [
          {
            messageId: "missingValidationDetail",
            reported: '"Invalid paging."',
            data: data("Invalid paging.", "building, page, per_page", 'tool "list_rooms"'),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a schema built elsewhere: the destructured arguments are the parameter list",
        code: `${SDK}import { BookingSchema } from "./schemas.js";
server.registerTool("book_room", { inputSchema: BookingSchema }, async ({ roomId, guests }) => {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: /*>*/"Invalid input." } };
});`,
        errors: [
          { messageId: "missingValidationDetail", reported: '"Invalid input."', data: data("Invalid input.", "roomId, guests", 'tool "book_room"') },
        ],
        output: null,
      }),
      invalid({
        name: "tool() with a description, a shape const and a callback",
        code: `${SDK}const shape = { city: z.string(), units: z.enum(["metric", "imperial"]) };
server.tool("get_weather", "Weather for a city", shape, async ({ city }) => {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: /*>*/"Bad input." } };
});`,
        errors: [{ messageId: "missingValidationDetail", reported: '"Bad input."', data: data("Bad input.", "city, units", 'tool "get_weather"') }],
        output: null,
      }),
      invalid({
        name: "a text kept in a const",
        code: inBooking(`  const /*1*/message = /*>*/"Invalid request.";
  return { isError: true, content: [{ type: "text", text: message }], structuredContent: { errorCategory: "validation", isRetryable: false, description: message } };`).replace(
          "/*1*/",
          "",
        ),
        errors: [
          {
            messageId: "missingValidationDetail",
            reported: '"Invalid request."',
            data: data("Invalid request.", "roomId, start_date, filePath", 'tool "book_room"'),
          },
        ],
        output: null,
      }),
      invalid({
        name: "the shared registerTool builder",
        code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "validation", description: /*>*/"Invalid." } };'),
        errors: [{ messageId: "missingValidationDetail", reported: '"Invalid."', data: data("Invalid.") }],
        output: null,
      }),
      invalid({
        name: "a parameter of three letters is not matched inside a longer word",
        code: `${SDK}server.registerTool("set_tag", { inputSchema: { tag: z.string() } }, async ({ tag }) => {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: /*>*/"Invalid tagline." } };
});`,
        errors: [{ messageId: "missingValidationDetail", reported: '"Invalid tagline."', data: data("Invalid tagline.", "tag", 'tool "set_tag"') }],
        output: null,
      }),
      invalid({
        name: "MCP-Nest @Tool() with parameters",
        code: `import { Tool } from "@rekog/mcp-nest";
import { z } from "zod";
export class RoomTools {
  @Tool({ name: "book_room", description: "Book a room", parameters: z.object({ roomId: z.string(), guests: z.number() }) })
  async book(args) {
    return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: /*>*/"Invalid booking." } };
  }
}`,
        errors: [
          { messageId: "missingValidationDetail", reported: '"Invalid booking."', data: data("Invalid booking.", "roomId, guests", 'tool "book_room"') },
        ],
        output: null,
      }),
      invalid({
        name: "xmcp: the exported schema",
        code: `import { type InferSchema } from "xmcp";
import { z } from "zod";
export const schema = { city: z.string(), days: z.number() };
export const metadata = { name: "get_forecast", description: "Forecast" };
export default async function getForecast({ city }: InferSchema<typeof schema>) {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: /*>*/"Invalid request." } };
}`,
        errors: [
          { messageId: "missingValidationDetail", reported: '"Invalid request."', data: data("Invalid request.", "city, days", 'tool "get_forecast"') },
        ],
        output: null,
      }),
      invalid({
        name: "a schema const that shares its name with a type, through .omit() and .shape",
        code: `${SDK}const Booking = z.object({ roomId: z.string(), guests: z.number(), internalNote: z.string() });
type Booking = z.infer<typeof Booking>;
const PublicBooking = Booking.omit({ internalNote: true });
server.tool("book_room", "Book a room", PublicBooking.shape, async (args: Booking) => {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: /*>*/"Invalid booking." } };
});`,
        errors: [
          { messageId: "missingValidationDetail", reported: '"Invalid booking."', data: data("Invalid booking.", "roomId, guests", 'tool "book_room"') },
        ],
        output: null,
      }),
      invalid({
        name: "tool() whose description is a const",
        code: `${SDK}const DESCRIPTION = \`Book a room.
Rooms are listed by list_rooms.\`;
server.tool("book_room", DESCRIPTION, { roomId: z.string() }, async (args) => {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: /*>*/"Invalid booking." } };
});`,
        errors: [{ messageId: "missingValidationDetail", reported: '"Invalid booking."', data: data("Invalid booking.", "roomId", 'tool "book_room"') }],
        output: null,
      }),
      invalid({
        name: "a conditional spread in the shape: both sides are parameter names",
        code: `${SDK}const SAFE = process.env.SAFE === "1";
server.registerTool("book_room", { inputSchema: { roomId: z.string(), ...(SAFE ? {} : { override: z.boolean() }) } }, async ({ roomId }) => {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: /*>*/"Invalid booking." } };
});`,
        errors: [
          { messageId: "missingValidationDetail", reported: '"Invalid booking."', data: data("Invalid booking.", "roomId, override", 'tool "book_room"') },
        ],
        output: null,
      }),
      {
        ...invalid({
          name: "a JavaScript file",
          code: `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const { z } = require("zod");
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("search_docs", { inputSchema: { query: z.string() } }, async ({ query }) => {
  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false, description: /*>*/"Invalid input." } };
});`,
          errors: [{ messageId: "missingValidationDetail", reported: '"Invalid input."', data: data("Invalid input.") }],
          output: null,
        }),
        filename: "server.js",
      },
    ],
  });
});
