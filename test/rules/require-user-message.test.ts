import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../src/rules/require-user-message.js";
import { inTool, invalid as invalidCase } from "../cases.js";
import { createRuleTester } from "../rule-tester.js";
import { SHAPES, toolOf } from "../shapes.js";

type Valid = ValidTestCase<Options>;
type Invalid = InvalidTestCase<MessageIds, Options>;

const ruleTester = createRuleTester();
const invalid = invalidCase<MessageIds, Options>;

const data = (tool = 'tool "search_docs"', field = "userMessage"): Record<string, string> => ({ tool, field });

// ---------------------------------------------------------------------------------------------
// Every handler shape: a "no such page" business error, with and without a message for the user.

const DESCRIPTION = 'description: "No page matches the id; list_pages gives the valid ids."';
const notFound = (extra: string): string => `    const page = await findPage(args.query);
    if (!page) {
      const error = { /*>*/errorCategory: "business", isRetryable: false, ${DESCRIPTION}${extra} };
      return { content: [{ type: "text", text: JSON.stringify(error) }], structuredContent: error, isError: true };
    }
    return { content: [{ type: "text", text: page.body }] };`;

const shapeValid: Valid[] = SHAPES.map((shape) => ({
  name: `${shape.title}: a business error with a message for the user`,
  code: shape.wrap(notFound(', userMessage: "We could not find that page."').replace("/*>*/", "")),
}));

const shapeInvalid: Invalid[] = SHAPES.map((shape) =>
  invalid({
    name: `${shape.title}: a business error without one`,
    code: shape.wrap(notFound("")),
    errors: [{ messageId: "missingUserMessage", reported: 'errorCategory: "business"', data: data(toolOf(shape)) }],
    output: null,
  }),
);

// ---------------------------------------------------------------------------------------------
// Hand-written cases: `registerTool("search_docs")` (`inTool`) unless said otherwise.

/** An error result whose only payload is the JSON text. */
const textOnly = (payload: string): string => inTool(`  return { content: [{ type: "text", text: JSON.stringify(${payload}) }], isError: true };`);

/** A FastMCP tool that throws a UserError with these extras. */
const userError = (extras: string): string => `import { FastMCP, UserError } from "fastmcp";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
server.addTool({
  name: "search_docs",
  execute: async (args) => {
    throw new UserError("No such page.", ${extras});
  },
});`;

const valid: Valid[] = [
  {
    name: "a transient error needs no user message",
    code: textOnly('{ errorCategory: "transient", isRetryable: true, description: "The index is rebuilding." }'),
  },
  { name: "a category the file does not show", code: textOnly('{ errorCategory: args.kind, description: "The page is locked." }') },
  {
    name: "either business or permission: not statically business",
    code: textOnly('{ errorCategory: args.locked ? "business" : "permission", description: "The page is locked." }'),
  },
  { name: "a spread may bring the message", code: textOnly('{ ...userFacing, errorCategory: "business", description: "The page is locked." }') },
  {
    name: "a payload built elsewhere",
    code: inTool('  return { content: [{ type: "text", text: JSON.stringify(payload) }], structuredContent: payload, isError: true };'),
  },
  {
    name: "the message in the JSON text, the category in structuredContent",
    code: inTool(`  return {
    content: [{ type: "text", text: JSON.stringify({ description: "Locked.", userMessage: "This page is being edited by someone else." }) }],
    structuredContent: { errorCategory: "business", isRetryable: false },
    isError: true,
  };`),
  },
  {
    name: "a successful result that happens to say business",
    code: inTool('  return { content: [{ type: "text", text: "ok" }], structuredContent: { errorCategory: "business" } };'),
  },
  {
    name: "snake-case has no user-message field: nothing to require",
    code: textOnly('{ error_code: "NOT_FOUND", retry_recommended: false, error_message: "No such page." }'),
    settings: { "mcp-errors": { preset: "snake-case" } },
  },
  {
    name: "a configured field name",
    code: textOnly('{ errorCategory: "business", description: "No such page.", displayText: "That page does not exist." }'),
    settings: { "mcp-errors": { fields: { userMessage: "displayText" } } },
  },
  {
    name: "nested: the suggestion field is its user message",
    code: textOnly('{ error: { code: "NOT_FOUND", retryable: false, message: "No such page.", suggestion: "Check the page id and try again." } }'),
    settings: { "mcp-errors": { preset: "nested" } },
  },
  {
    name: "an error helper called with another category",
    code: inTool(
      '  return toolError("transient", "The index is rebuilding.");',
      'function toolError(category, description) {\n  return { content: [{ type: "text", text: JSON.stringify({ errorCategory: category, description }) }], isError: true };\n}',
    ),
  },
  {
    name: "an error helper that takes the user message, called with one",
    code: inTool(
      '  return toolError("business", "No such page.", "That page does not exist.");',
      'function toolError(category, description, userMessage) {\n  return { content: [{ type: "text", text: JSON.stringify({ errorCategory: category, description, userMessage }) }], isError: true };\n}',
    ),
  },
  {
    name: "FastMCP: a UserError whose extras carry the message",
    code: userError('{ errorCategory: "business", isRetryable: false, userMessage: "That page does not exist." }'),
  },
  {
    name: "the dispatcher's unknown-tool branch",
    code: `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "search_docs":
      return { content: [{ type: "text", text: "ok" }] };
    default:
      return { content: [{ type: "text", text: JSON.stringify({ errorCategory: "business", description: \`Unknown tool: \${request.params.name}\` }) }], isError: true };
  }
});`,
  },
  { name: "not an MCP file", code: 'export const error = { errorCategory: "business", description: "No such page." };' },
];

const invalidCases: Invalid[] = [
  invalid({
    name: "only in the JSON text",
    code: textOnly('{ /*>*/errorCategory: "business", isRetryable: false, description: "No such page." }'),
    errors: [{ messageId: "missingUserMessage", reported: 'errorCategory: "business"', data: data() }],
    output: null,
  }),
  invalid({
    name: "a nested error object of the default vocabulary",
    code: textOnly('{ error: { /*>*/errorCategory: "business", description: "No such page." } }'),
    errors: [{ messageId: "missingUserMessage", reported: 'errorCategory: "business"', data: data() }],
    output: null,
  }),
  invalid({
    name: "a code mapped to business in the settings",
    code: textOnly('{ /*>*/errorCategory: "QUOTA_EXCEEDED", description: "The monthly quota is spent." }'),
    settings: { "mcp-errors": { categories: { QUOTA_EXCEEDED: "business" } } },
    errors: [{ messageId: "missingUserMessage", reported: 'errorCategory: "QUOTA_EXCEEDED"', data: data() }],
    output: null,
  }),
  invalid({
    name: "snake-case with a user-message field configured",
    code: textOnly('{ /*>*/error_code: "NOT_FOUND", retry_recommended: false, error_message: "No such page." }'),
    settings: { "mcp-errors": { preset: "snake-case", fields: { userMessage: "user_message" } } },
    errors: [{ messageId: "missingUserMessage", reported: 'error_code: "NOT_FOUND"', data: data(undefined, "user_message") }],
    output: null,
  }),
  invalid({
    name: "nested without a suggestion",
    code: textOnly('{ error: { /*>*/code: "CONFLICT", retryable: false, message: "The page changed since it was read." } }'),
    settings: { "mcp-errors": { preset: "nested" } },
    errors: [{ messageId: "missingUserMessage", reported: 'code: "CONFLICT"', data: data(undefined, "suggestion") }],
    output: null,
  }),
  invalid({
    name: "an error helper without the field, called with business: reported at the call",
    code: inTool(
      '  return /*>*/toolError("business", "No such page.");',
      'function toolError(category, description) {\n  return { content: [{ type: "text", text: JSON.stringify({ errorCategory: category, description }) }], isError: true };\n}',
    ),
    errors: [{ messageId: "missingUserMessage", reported: 'toolError("business", "No such page.")', data: data() }],
    output: null,
  }),
  invalid({
    name: "an error helper that takes the user message, called without one",
    code: inTool(
      '  return /*>*/toolError("business", "No such page.");',
      'function toolError(category, description, userMessage) {\n  return { content: [{ type: "text", text: JSON.stringify({ errorCategory: category, description, userMessage }) }], isError: true };\n}',
    ),
    errors: [{ messageId: "missingUserMessage", reported: 'toolError("business", "No such page.")', data: data() }],
    output: null,
  }),
  invalid({
    name: "a helper that is always a business error: reported once, at the helper",
    code: inTool(
      '  if (!args.query) return notFound("No query.");\n  return notFound("No such page.");',
      'function notFound(description) {\n  return { content: [{ type: "text", text: JSON.stringify({ /*>*/errorCategory: "business", description }) }], isError: true };\n}',
    ),
    errors: [{ messageId: "missingUserMessage", reported: 'errorCategory: "business"', data: data() }],
    output: null,
  }),
  invalid({
    name: "FastMCP: a UserError whose extras say business",
    code: userError('{ /*>*/errorCategory: "business", isRetryable: false }'),
    errors: [{ messageId: "missingUserMessage", reported: 'errorCategory: "business"', data: data() }],
    output: null,
  }),
];

ruleTester.run("require-user-message", rule, {
  valid: [...shapeValid, ...valid],
  invalid: [...shapeInvalid, ...invalidCases],
});
