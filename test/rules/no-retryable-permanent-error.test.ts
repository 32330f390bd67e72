import type { InvalidTestCase, SuggestionOutput, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../src/rules/no-retryable-permanent-error.js";
import { createRuleTester } from "../rule-tester.js";
import { fixed, invalid as invalidCase, replaceOnce } from "../cases.js";
import { SHAPES } from "../shapes.js";

const ruleTester = createRuleTester();

type Invalid = InvalidTestCase<MessageIds, Options>;
type Valid = ValidTestCase<Options>;

const SDK = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
`;

/** A `registerTool("get_doc")` handler around `body`. */
function inTool(body: string): string {
  return `${SDK}server.registerTool("get_doc", { inputSchema: {} }, async (args) => {
${body}
});`;
}

/** A same-file helper declared before a `get_doc` handler whose body calls it. */
function withHelper(helper: string, body: string): string {
  return `${SDK}${helper}
server.registerTool("get_doc", { inputSchema: {} }, async (args) => {
${body}
});`;
}

const GET_DOC = 'tool "get_doc"';
const SEARCH_DOCS = 'tool "search_docs"';
const UNNAMED = "this tool handler";

const invalid = invalidCase<MessageIds, Options>;

/** The `setNotRetryable` suggestion: `from` becomes `to`. */
function setNotRetryable(from: string, to: string, field = "isRetryable") {
  return (code: string): SuggestionOutput<MessageIds>[] => [{ messageId: "setNotRetryable", data: { field }, output: replaceOnce(code, from, to) }];
}

// ---------------------------------------------------------------------------------------------
// Every handler shape.

const shapeInvalid: Invalid[] = [
  ...SHAPES.map((shape) =>
    invalid({
      name: `${shape.title}: a retryable business error`,
      code: shape.wrap(
        '    return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "business", isRetryable: /*>*/true, description: "no such doc" }) }] };',
      ),
      errors: [
        {
          messageId: "retryablePermanentError",
          reported: "true",
          data: { category: "business", tool: shape.named ? SEARCH_DOCS : UNNAMED },
        },
      ],
      output: fixed(["isRetryable: true", "isRetryable: false"]),
    }),
  ),
  ...SHAPES.map((shape) =>
    invalid({
      name: `${shape.title}: a retry-after hint on a permission error`,
      code: shape.wrap(
        '    return { isError: true, content: [], structuredContent: { errorCategory: "permission", isRetryable: false, /*>*/retryAfterSeconds: 30 } };',
      ),
      errors: [
        {
          messageId: "retryAfterOnPermanentError",
          reported: "retryAfterSeconds: 30",
          data: { reason: "permission", tool: shape.named ? SEARCH_DOCS : UNNAMED, field: "retryAfterSeconds" },
        },
      ],
      output: fixed([", retryAfterSeconds: 30", ""]),
    }),
  ),
];

const shapeValid: Valid[] = [
  ...SHAPES.map((shape) => ({
    name: `${shape.title}: a non-retryable business error`,
    code: shape.wrap(
      '    return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "business", isRetryable: false, description: "no such doc" }) }] };',
    ),
  })),
  ...SHAPES.map((shape) => ({
    name: `${shape.title}: a retryable transient error with a retry-after hint`,
    code: shape.wrap(
      '    return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, retryAfterSeconds: 30 } };',
    ),
  })),
];

// ---------------------------------------------------------------------------------------------
// Hand-written cases.

const ERROR_HELPER = `function errorResult(category, retryable, message) {
  return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: category, isRetryable: retryable, description: message }) }] };
}`;

ruleTester.run("no-retryable-permanent-error", rule, {
  valid: [
    ...shapeValid,

    {
      name: "a retryable transient error",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true } };'),
    },
    {
      name: "a non-retryable transient error",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: false } };'),
    },
    {
      name: "validation, retryable, default option",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: true } };'),
    },
    {
      name: "validation, not retryable, default option",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false } };'),
    },
    {
      name: "validation: retryable as required",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: true } };'),
      options: [{ validation: "retryable" }],
    },
    {
      name: "validation: not retryable as required",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: false } };'),
      options: [{ validation: "not-retryable" }],
    },
    {
      name: "validation: a non-literal retryability is not judged",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: canRetry } };'),
      options: [{ validation: "retryable" }],
    },
    {
      name: "a business error whose retryability is not a literal",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "business", isRetryable: canRetry } };'),
    },
    {
      name: "a category that is not a literal",
      code: inTool("  return { isError: true, content: [], structuredContent: { errorCategory: kind, isRetryable: true } };"),
    },
    {
      name: "an unknown category",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "oops", isRetryable: true } };'),
    },
    {
      name: "a retry-after hint on a retryable transient error",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, retryAfterSeconds: 5 } };'),
    },
    {
      name: "a retry-after hint without a category",
      code: inTool("  return { isError: true, content: [], structuredContent: { isRetryable: false, retryAfterSeconds: 5 } };"),
    },
    {
      name: "an object without the category field",
      code: inTool('  return { isError: true, content: [], structuredContent: { kind: "business", isRetryable: true } };'),
    },
    {
      name: "a file without MCP evidence",
      code: 'const classification = { errorCategory: "business", isRetryable: true };',
    },

    // Same-file helpers.
    {
      name: "helper: non-retryable business arguments",
      code: withHelper(ERROR_HELPER, '  return errorResult("business", false, "no such doc");'),
    },
    {
      name: "helper: a category argument that is not a literal",
      code: withHelper(ERROR_HELPER, '  return errorResult(kind, true, "no such doc");'),
    },
    {
      name: "helper: a literal retryability in the helper, called with a transient category",
      code: withHelper(
        `function fail(category) {
  return { isError: true, content: [], structuredContent: { errorCategory: category, isRetryable: true } };
}`,
        '  return fail("transient");',
      ),
    },
    {
      name: "helper: retryable transient arguments",
      code: withHelper(ERROR_HELPER, '  return errorResult("transient", true, "busy");'),
    },

    // Settings.
    {
      name: "snake-case preset: a non-retryable business code",
      code: inTool('  return { isError: true, content: [], structuredContent: { error_code: "NOT_FOUND", retry_recommended: false } };'),
      settings: { "mcp-errors": { preset: "snake-case" } },
    },
    {
      name: "snake-case preset: default-vocabulary fields are not its fields",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "business", isRetryable: true } };'),
      settings: { "mcp-errors": { preset: "snake-case" } },
    },
    {
      name: "nested preset: a retryable rate limit",
      code: inTool(
        '  return { isError: true, content: [], structuredContent: { error: { code: "RATE_LIMITED", retryable: true, retry_after_seconds: 10 } } };',
      ),
      settings: { "mcp-errors": { preset: "nested" } },
    },
    {
      name: "tool-failure preset: a non-retryable not_found",
      code: inTool('  return { isError: true, content: [], _meta: { "io.modelcontextprotocol/toolFailure": { class: "not_found", retryable: false } } };'),
      settings: { "mcp-errors": { preset: "tool-failure" } },
    },
    {
      name: "custom categories: a retryable value mapped to transient",
      code: inTool('  return { isError: true, content: [], structuredContent: { kind: "OVERLOADED", canRetry: true } };'),
      settings: { "mcp-errors": { fields: { category: "kind", retryable: "canRetry" }, categories: { OVERLOADED: "transient" } } },
    },
  ],

  invalid: [
    ...shapeInvalid,

    // A permanent category marked retryable.
    invalid({
      name: "a retryable permission error",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "permission", isRetryable: /*>*/true } };'),
      errors: [{ messageId: "retryablePermanentError", reported: "true", data: { category: "permission", tool: GET_DOC } }],
      output: fixed(["isRetryable: true", "isRetryable: false"]),
    }),
    invalid({
      name: "quoted keys",
      code: inTool('  return { isError: true, content: [], structuredContent: { "errorCategory": "business", "isRetryable": /*>*/true } };'),
      errors: [{ messageId: "retryablePermanentError", reported: "true" }],
      output: fixed(['"isRetryable": true', '"isRetryable": false']),
    }),
    invalid({
      name: "a template-literal category and a parenthesized flag",
      code: inTool("  return { isError: true, content: [], structuredContent: { errorCategory: `permission`, isRetryable: (/*>*/true) } };"),
      errors: [{ messageId: "retryablePermanentError", reported: "true" }],
      output: fixed(["(true)", "(false)"]),
    }),
    invalid({
      name: "a flag with a type assertion",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "business", isRetryable: /*>*/true as boolean } };'),
      errors: [{ messageId: "retryablePermanentError", reported: "true" }],
      output: fixed(["true as boolean", "false as boolean"]),
    }),
    invalid({
      name: "a const payload passed to JSON.stringify",
      code: inTool(`  const payload = { errorCategory: "business", isRetryable: /*>*/true };
  return { isError: true, content: [{ type: "text", text: JSON.stringify(payload) }] };`),
      errors: [{ messageId: "retryablePermanentError", reported: "true", data: { category: "business", tool: GET_DOC } }],
      output: fixed(["isRetryable: true", "isRetryable: false"]),
    }),
    invalid({
      name: "a classification object at module level of an MCP file",
      code: `${SDK}const NOT_FOUND = { errorCategory: "business", isRetryable: /*>*/true };`,
      errors: [{ messageId: "retryablePermanentError", reported: "true", data: { category: "business", tool: UNNAMED } }],
      output: fixed(["isRetryable: true", "isRetryable: false"]),
    }),
    invalid({
      name: "a conditional category with one permanent branch: a suggestion, no autofix",
      code: inTool(
        '  return { isError: true, content: [], structuredContent: { errorCategory: gone ? "business" : "transient", isRetryable: /*>*/true } };',
      ),
      errors: [
        {
          messageId: "retryablePermanentError",
          reported: "true",
          data: { category: "business", tool: GET_DOC },
          suggestions: setNotRetryable("isRetryable: true", "isRetryable: false"),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a conditional category with two permanent branches: autofix",
      code: inTool(
        '  return { isError: true, content: [], structuredContent: { errorCategory: gone ? "business" : "permission", isRetryable: /*>*/true } };',
      ),
      errors: [{ messageId: "retryablePermanentError", reported: "true", data: { category: "business or permission", tool: GET_DOC } }],
      output: fixed(["isRetryable: true", "isRetryable: false"]),
    }),

    // Retry-after hints where a retry cannot succeed.
    invalid({
      name: "a retry-after hint on a non-retryable transient error",
      code: inTool(
        '  return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: false, /*>*/retryAfterSeconds: 30 } };',
      ),
      errors: [
        {
          messageId: "retryAfterOnPermanentError",
          reported: "retryAfterSeconds: 30",
          data: { reason: "non-retryable", tool: GET_DOC, field: "retryAfterSeconds" },
        },
      ],
      output: fixed([", retryAfterSeconds: 30", ""]),
    }),
    invalid({
      name: "a retry-after hint on a business error without a flag",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "business", /*>*/retryAfterSeconds: 30 } };'),
      errors: [
        {
          messageId: "retryAfterOnPermanentError",
          reported: "retryAfterSeconds: 30",
          data: { reason: "business", tool: GET_DOC, field: "retryAfterSeconds" },
        },
      ],
      output: fixed([", retryAfterSeconds: 30", ""]),
    }),
    invalid({
      name: "a retry-after hint between other fields",
      code: inTool(
        '  return { isError: true, content: [], structuredContent: { errorCategory: "business", /*>*/retryAfterSeconds: 30, isRetryable: false } };',
      ),
      errors: [{ messageId: "retryAfterOnPermanentError", reported: "retryAfterSeconds: 30" }],
      output: fixed(["retryAfterSeconds: 30, ", ""]),
    }),
    invalid({
      name: "a comment in the retry-after hint: no autofix",
      code: inTool(
        '  return { isError: true, content: [], structuredContent: { errorCategory: "business", isRetryable: false, /*>*/retryAfterSeconds: /* seconds */ 30 } };',
      ),
      errors: [{ messageId: "retryAfterOnPermanentError", reported: "retryAfterSeconds: /* seconds */ 30" }],
      output: null,
    }),
    invalid({
      name: "retryable business error with a retry-after hint, then a description: one pass",
      code: inTool(
        '  return { isError: true, content: [], structuredContent: { errorCategory: "business", isRetryable: /*1*/true, /*2*/retryAfterSeconds: 30, description: "gone" } };',
      ),
      errors: [
        { messageId: "retryablePermanentError", reported: "true" },
        { messageId: "retryAfterOnPermanentError", reported: "retryAfterSeconds: 30" },
      ],
      output: fixed(["isRetryable: true, retryAfterSeconds: 30,", "isRetryable: false,"]),
    }),
    invalid({
      name: "retryable business error with a trailing retry-after hint: two passes",
      code: inTool(
        '  return { isError: true, content: [], structuredContent: { errorCategory: "business", isRetryable: /*1*/true, /*2*/retryAfterSeconds: 30 } };',
      ),
      errors: [
        { messageId: "retryablePermanentError", reported: "true" },
        { messageId: "retryAfterOnPermanentError", reported: "retryAfterSeconds: 30" },
      ],
      output: (code) => {
        const first = replaceOnce(code, "isRetryable: true", "isRetryable: false");
        return [first, replaceOnce(first, ", retryAfterSeconds: 30", "")];
      },
    }),

    // Option `validation`.
    invalid({
      name: "validation: not-retryable, marked retryable",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: /*>*/true } };'),
      errors: [
        {
          messageId: "validationRetryability",
          reported: "true",
          data: { tool: GET_DOC, field: "isRetryable", actual: "true", expected: "not-retryable" },
        },
      ],
      output: fixed(["isRetryable: true", "isRetryable: false"]),
      options: [{ validation: "not-retryable" }],
    }),
    invalid({
      name: "validation: retryable, marked not retryable",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "validation", isRetryable: /*>*/false } };'),
      errors: [
        {
          messageId: "validationRetryability",
          reported: "false",
          data: { tool: GET_DOC, field: "isRetryable", actual: "false", expected: "retryable" },
        },
      ],
      output: fixed(["isRetryable: false", "isRetryable: true"]),
      options: [{ validation: "retryable" }],
    }),

    // Values passed through a same-file helper's parameters: checked at the call.
    invalid({
      name: "helper: a retryable business argument",
      code: withHelper(
        ERROR_HELPER,
        '  if (!args.id) return errorResult("business", /*>*/true, "no such doc");\n  return errorResult("transient", true, "busy");',
      ),
      errors: [{ messageId: "retryablePermanentError", reported: "true", data: { category: "business", tool: GET_DOC } }],
      output: fixed(['"business", true', '"business", false']),
    }),
    invalid({
      name: "helper: a call in a function shared by two tools names both",
      code: `${SDK}${ERROR_HELPER}
async function load(id) {
  return errorResult("business", /*>*/true, "no such doc");
}
server.registerTool("get_doc", { inputSchema: {} }, async (args) => load(args.id));
server.registerTool("open_doc", { inputSchema: {} }, async (args) => load(args.id));`,
      errors: [{ messageId: "retryablePermanentError", reported: "true", data: { category: "business", tool: 'tools "get_doc" and "open_doc"' } }],
      output: fixed(['"business", true', '"business", false']),
    }),
    invalid({
      name: "helper: a conditional category argument",
      code: withHelper(ERROR_HELPER, '  return errorResult(args.id ? "business" : "transient", /*>*/true, "x");'),
      errors: [
        {
          messageId: "retryablePermanentError",
          reported: "true",
          suggestions: setNotRetryable('"transient", true', '"transient", false'),
        },
      ],
      output: null,
    }),
    invalid({
      name: "helper: a destructured options argument",
      code: withHelper(
        `function fail({ category, retryable }) {
  return { isError: true, content: [], structuredContent: { errorCategory: category, isRetryable: retryable } };
}`,
        '  return fail({ category: "permission", retryable: /*>*/true });',
      ),
      errors: [{ messageId: "retryablePermanentError", reported: "true", data: { category: "permission", tool: GET_DOC } }],
      output: fixed(["retryable: true }", "retryable: false }"]),
    }),
    invalid({
      name: "helper: an arrow helper",
      code: withHelper(
        "const fail = (category, retryable) => ({ isError: true, content: [], structuredContent: { errorCategory: category, isRetryable: retryable } });",
        '  return fail("business", /*>*/true);',
      ),
      errors: [{ messageId: "retryablePermanentError", reported: "true" }],
      output: fixed(['fail("business", true)', 'fail("business", false)']),
    }),
    invalid({
      name: "helper: parameter defaults",
      code: withHelper(
        `function fail(category = "business", retryable = true) {
  return { isError: true, content: [], structuredContent: { errorCategory: category, isRetryable: retryable } };
}`,
        "  return /*>*/fail();",
      ),
      // The defaults serve every caller: reported at the call that relies on them, never rewritten.
      errors: [{ messageId: "retryablePermanentError", reported: "fail()" }],
      output: null,
    }),
    invalid({
      name: "helper: a literal retryability shared by every caller is reported at the business call, never rewritten",
      code: withHelper(
        `function fail(category) {
  return { isError: true, content: [], structuredContent: { errorCategory: category, isRetryable: true } };
}`,
        '  if (!args.id) return /*>*/fail("business");\n  return fail("transient");',
      ),
      // The `true` lives in the helper and is right for the transient caller: no autofix, no suggestion.
      errors: [{ messageId: "retryablePermanentError", reported: 'fail("business")', data: { category: "business", tool: GET_DOC } }],
      output: null,
    }),
    invalid({
      name: "helper: the validation option at the call",
      code: withHelper(ERROR_HELPER, '  return errorResult("validation", /*>*/true, "bad id");'),
      errors: [
        {
          messageId: "validationRetryability",
          reported: "true",
          data: { tool: GET_DOC, field: "isRetryable", actual: "true", expected: "not-retryable" },
        },
      ],
      output: fixed(['"validation", true', '"validation", false']),
      options: [{ validation: "not-retryable" }],
    }),
    invalid({
      name: "helper: literal classification in the helper is reported once",
      code: withHelper(
        `function notFound(message) {
  return { isError: true, content: [], structuredContent: { errorCategory: "business", isRetryable: /*>*/true, description: message } };
}`,
        '  if (!args.id) return notFound("no id");\n  return notFound("no doc");',
      ),
      errors: [{ messageId: "retryablePermanentError", reported: "true", data: { category: "business", tool: GET_DOC } }],
      output: fixed(["isRetryable: true", "isRetryable: false"]),
    }),
    invalid({
      name: "helper: a retry-after parameter is reported once, in the helper, without autofix",
      code: withHelper(
        `function fail(category, retryAfter) {
  return { isError: true, content: [], structuredContent: { errorCategory: category, isRetryable: false, /*>*/retryAfterSeconds: retryAfter } };
}`,
        '  if (!args.id) return fail("business", 30);\n  return fail("permission", 10);',
      ),
      errors: [
        {
          messageId: "retryAfterOnPermanentError",
          reported: "retryAfterSeconds: retryAfter",
          data: { reason: "business", tool: GET_DOC, field: "retryAfterSeconds" },
        },
      ],
      output: null,
    }),

    // Settings: the vocabulary.
    invalid({
      name: "snake-case preset: a retryable NOT_FOUND",
      code: inTool('  return { isError: true, content: [], structuredContent: { error_code: "NOT_FOUND", retry_recommended: /*>*/true } };'),
      errors: [{ messageId: "retryablePermanentError", reported: "true", data: { category: "business", tool: GET_DOC } }],
      output: fixed(["retry_recommended: true", "retry_recommended: false"]),
      settings: { "mcp-errors": { preset: "snake-case" } },
    }),
    invalid({
      name: "snake-case preset: its retry-after field on a non-retryable error",
      code: inTool(
        '  return { isError: true, content: [], structuredContent: { error_code: "RATE_LIMITED", retry_recommended: false, /*>*/retry_after_seconds: 5 } };',
      ),
      errors: [
        {
          messageId: "retryAfterOnPermanentError",
          reported: "retry_after_seconds: 5",
          data: { reason: "non-retryable", tool: GET_DOC, field: "retry_after_seconds" },
        },
      ],
      output: fixed([", retry_after_seconds: 5", ""]),
      settings: { "mcp-errors": { preset: "snake-case" } },
    }),
    invalid({
      name: "nested preset: a retryable FORBIDDEN in the error object",
      code: inTool(
        '  return { isError: true, content: [], structuredContent: { error: { code: "FORBIDDEN", retryable: /*>*/true, message: "no access" } } };',
      ),
      errors: [{ messageId: "retryablePermanentError", reported: "true", data: { category: "permission", tool: GET_DOC } }],
      output: fixed(["retryable: true", "retryable: false"]),
      settings: { "mcp-errors": { preset: "nested" } },
    }),
    invalid({
      name: "tool-failure preset: a retryable forbidden class",
      code: inTool(
        '  return { isError: true, content: [], _meta: { "io.modelcontextprotocol/toolFailure": { class: "forbidden", retryable: /*>*/true } } };',
      ),
      errors: [{ messageId: "retryablePermanentError", reported: "true", data: { category: "permission", tool: GET_DOC } }],
      output: fixed(["retryable: true", "retryable: false"]),
      settings: { "mcp-errors": { preset: "tool-failure" } },
    }),
    invalid({
      name: "tool-failure preset: retryNotBefore on not_found",
      code: inTool(
        '  return { isError: true, content: [], _meta: { "io.modelcontextprotocol/toolFailure": { class: "not_found", retryable: false, /*>*/retryNotBefore: "2030-01-01T00:00:00Z" } } };',
      ),
      errors: [
        {
          messageId: "retryAfterOnPermanentError",
          reported: 'retryNotBefore: "2030-01-01T00:00:00Z"',
          data: { reason: "business", tool: GET_DOC, field: "retryNotBefore" },
        },
      ],
      output: fixed([', retryNotBefore: "2030-01-01T00:00:00Z"', ""]),
      settings: { "mcp-errors": { preset: "tool-failure" } },
    }),
    invalid({
      name: "custom fields and categories",
      code: inTool('  return { isError: true, content: [], structuredContent: { kind: "QUOTA_EXCEEDED", canRetry: /*1*/true, /*2*/waitMs: 100 } };'),
      errors: [
        { messageId: "retryablePermanentError", reported: "true", data: { category: "business", tool: GET_DOC } },
        { messageId: "retryAfterOnPermanentError", reported: "waitMs: 100", data: { reason: "business", tool: GET_DOC, field: "waitMs" } },
      ],
      output: (code) => {
        const first = replaceOnce(code, "canRetry: true", "canRetry: false");
        return [first, replaceOnce(first, ", waitMs: 100", "")];
      },
      settings: {
        "mcp-errors": { fields: { category: "kind", retryable: "canRetry", retryAfter: "waitMs" }, categories: { QUOTA_EXCEEDED: "business" } },
      },
    }),
  ],
});

// ---------------------------------------------------------------------------------------------
// Errors answered for an open circuit breaker: the breaker half-opens, so they are transient.

const OPOSSUM = `import CircuitBreaker from "opossum";
const breaker = new CircuitBreaker((id: string) => fetch("https://docs.example.com/" + id, { signal: AbortSignal.timeout(5000) }).then((r) => r.text()));
`;

/** A `get_doc` handler that fetches through an opossum breaker and answers its open error with `payload`. */
function openCatch(payload: string): string {
  return `${SDK}${OPOSSUM}server.registerTool("get_doc", { inputSchema: {} }, async (args) => {
  try {
    return { content: [{ type: "text", text: await breaker.fire("a") }] };
  } catch (error: any) {
    if (error.code === "EOPENBREAKER") {
      return { isError: true, content: [], structuredContent: { ${payload} } };
    }
    throw error;
  }
});`;
}

/** The `markTransient` suggestion: each `[from, to]` applied in turn. */
function markTransient(...edits: [string, string][]) {
  return (code: string): SuggestionOutput<MessageIds>[] => [
    {
      messageId: "markTransient",
      data: { categoryField: "errorCategory", code: '"transient"', retryable: "isRetryable" },
      output: fixed(...edits)(code),
    },
  ];
}

/** An invalid case: the value marked in `code` is reported as `marking` for an open breaker, and `markTransient` applies `edits`. */
function notTransient(name: string, code: string, reported: string, marking: string, ...edits: [string, string][]): Invalid {
  return invalid({
    name,
    code,
    errors: [{ messageId: "openCircuitNotTransient", reported, data: { tool: GET_DOC, marking }, suggestions: markTransient(...edits) }],
    output: null,
  });
}

ruleTester.run("no-retryable-permanent-error: open circuit breakers", rule, {
  valid: [
    { name: "a transient, retryable error for an open breaker", code: openCatch('errorCategory: "transient", isRetryable: true, retryAfterSeconds: 30') },
    {
      name: "a business error outside any breaker branch",
      code: inTool('  return { isError: true, content: [], structuredContent: { errorCategory: "business", isRetryable: false } };'),
    },
    {
      name: "a category the rule cannot read",
      code: openCatch("errorCategory: categoryOf(error), isRetryable: true"),
    },
    {
      name: "a branch on a closed breaker",
      code: `${SDK}${OPOSSUM}server.registerTool("get_doc", { inputSchema: {} }, async () => {
  if (breaker.closed) return { isError: true, content: [], structuredContent: { errorCategory: "business", isRetryable: false } };
  return { content: [] };
});`,
    },
  ],
  invalid: [
    notTransient(
      "opossum's open error classified as a business error",
      openCatch('errorCategory: /*>*/"business", isRetryable: false, description: "Docs are paused."'),
      '"business"',
      "business",
      ['"business", isRetryable: false', '"transient", isRetryable: true'],
    ),
    notTransient(
      "a business error with a retry-after hint for an open breaker: one finding, on the category",
      openCatch('errorCategory: /*>*/"business", retryAfterSeconds: 30'),
      '"business"',
      "business",
      ['"business"', '"transient"'],
    ),
    notTransient(
      "a transient error marked not retryable in a hand-written breaker's open branch",
      `${SDK}class DocTools {
  private state: "closed" | "open" | "half-open" = "closed";
  private failures = 0;
  register() {
    server.registerTool("get_doc", {}, async () => {
      if (this.state === "open") return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: /*>*/false } };
      return { content: [] };
    });
  }
}`,
      "false",
      "not retryable",
      ["isRetryable: false", "isRetryable: true"],
    ),
    invalid({
      name: "snake-case preset: cockatiel's BrokenCircuitError answered as a permission error",
      settings: { "mcp-errors": { preset: "snake-case" } },
      code: `${SDK}import { BrokenCircuitError } from "cockatiel";
import { policy } from "./resilience.js";
server.registerTool("get_doc", { inputSchema: {} }, async () => {
  try {
    return { content: [{ type: "text", text: await policy.execute(() => fetch("https://docs.example.com", { signal: AbortSignal.timeout(5000) }).then((r) => r.text())) }] };
  } catch (error) {
    if (!(error instanceof BrokenCircuitError)) throw error;
    return { isError: true, content: [], structuredContent: { error_code: /*>*/"FORBIDDEN", retry_recommended: false } };
  }
});`,
      errors: [
        {
          messageId: "openCircuitNotTransient",
          reported: '"FORBIDDEN"',
          data: { tool: GET_DOC, marking: "permission" },
          suggestions: (code) => [
            {
              messageId: "markTransient",
              data: { categoryField: "error_code", code: '"SYSTEM_UNAVAILABLE"', retryable: "retry_recommended" },
              output: fixed(['"FORBIDDEN", retry_recommended: false', '"SYSTEM_UNAVAILABLE", retry_recommended: true'])(code),
            },
          ],
        },
      ],
      output: null,
    }),
    invalid({
      name: "an error helper with a permanent category of its own called for an open breaker: reported at the call",
      code: `${SDK}${OPOSSUM}function notFound(description: string) {
  return { isError: true, content: [{ type: "text" as const, text: JSON.stringify({ errorCategory: "business", isRetryable: false, description }) }] };
}
server.registerTool("get_doc", { inputSchema: {} }, async () => {
  if (breaker.opened) return /*>*/notFound("Docs are paused.");
  return { content: [] };
});`,
      errors: [{ messageId: "openCircuitNotTransient", reported: 'notFound("Docs are paused.")', data: { tool: GET_DOC, marking: "business" } }],
      output: null,
    }),
  ],
});
