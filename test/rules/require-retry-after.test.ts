import type { InvalidTestCase, SuggestionOutput, ValidTestCase } from "@typescript-eslint/rule-tester";
import { describe } from "vitest";
import rule, { type MessageIds, type Options } from "../../src/rules/require-retry-after.js";
import { inTool, invalid as invalidCase, replaceOnce } from "../cases.js";
import { createRuleTester } from "../rule-tester.js";
import { SHAPES } from "../shapes.js";

const ruleTester = createRuleTester();
const invalid = invalidCase<MessageIds, Options>;
type Valid = ValidTestCase<Options>;
type Invalid = InvalidTestCase<MessageIds, Options>;

const SEARCH_DOCS = 'tool "search_docs"';
const UNNAMED = "this tool handler";
const R429 = "HTTP 429 (rate limited)";
const R503 = "HTTP 503 (unavailable)";
const RATE_LIMIT = "a rate limit";
const HEADER = "a response whose Retry-After header this function reads";

const OPEN_BREAKER = "an open circuit breaker";

function data(reason: string, tool = SEARCH_DOCS, field = "retryAfterSeconds"): Record<string, string> {
  const source = reason === OPEN_BREAKER ? "with the time left until the breaker half-opens" : "from the upstream's Retry-After header when it sends one";
  return { tool, reason, field, source };
}

/** The one suggestion: `from` in the code becomes `to`. */
function suggest(
  messageId: "readRetryAfterHeader" | "addFixedRetryAfter" | "addHalfOpenRetryAfter",
  from: string,
  to: string,
  field = "retryAfterSeconds",
) {
  return (code: string): SuggestionOutput<MessageIds>[] => [{ messageId, data: { field, fallback: "60" }, output: replaceOnce(code, from, to) }];
}

const CLASSIFIED = 'errorCategory: "transient", isRetryable: true, description: "Rate limited by the search backend."';
const FROM_HEADER = `${CLASSIFIED}, retryAfterSeconds: Number(res.headers.get("retry-after")) || 60`;

/** A fetch whose 429 branch returns a transient error without a retry-after hint. */
function fetch429(payload = CLASSIFIED): string {
  return `    const res = await fetch("https://search.example.com/?q=docs");
    if (res.status === 429) {
      return { isError: true, content: [{ type: "text", text: JSON.stringify({ /*>*/${payload} }) }] };
    }
    return { content: [{ type: "text", text: await res.text() }] };`;
}

const shapeInvalid: Invalid[] = SHAPES.map((shape) =>
  invalid({
    name: `${shape.title}: a transient error in a 429 branch`,
    code: shape.wrap(fetch429()),
    errors: [
      {
        messageId: "missingRetryAfter",
        reported: 'errorCategory: "transient"',
        data: data(R429, shape.named ? SEARCH_DOCS : UNNAMED),
        suggestions: suggest("readRetryAfterHeader", CLASSIFIED, FROM_HEADER),
      },
    ],
    output: null,
  }),
);

const shapeValid: Valid[] = SHAPES.map((shape) => ({
  name: `${shape.title}: a transient error in a 429 branch with a retry-after hint`,
  code: shape.wrap(fetch429(`${CLASSIFIED}, retryAfterSeconds: 30`).replace("/*>*/", "")),
}));

const SDK = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "demo", version: "1.0.0" });
`;

describe("require-retry-after", () => {
  ruleTester.run("require-retry-after", rule, {
    valid: [
      ...shapeValid,
      { name: "not an MCP file", code: "export function add(a: number, b: number) { return a + b; }" },
      {
        name: "the hint under another retry key than the configured one",
        code: inTool(`  const res = await fetch("https://x.example.com");
  if (res.status === 429) return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, retryAfter: 30 } };
  return { content: [] };`),
      },
      {
        name: "a business error (quota) in a 429 branch",
        code: inTool(`  const res = await fetch("https://x.example.com");
  if (res.status === 429) return { isError: true, content: [], structuredContent: { errorCategory: "business", isRetryable: false, description: "Monthly quota used up." } };
  return { content: [] };`),
      },
      {
        name: "a transient error in a plain 5xx branch (no 503, no rate-limit words)",
        code: inTool(`  const res = await fetch("https://x.example.com");
  if (res.status >= 500) return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, description: "Upstream failed." } };
  return { content: [] };`),
      },
      {
        name: "a branch that says it is NOT a rate limit",
        code: inTool(`  const res = await fetch("https://x.example.com");
  if (res.status !== 429) return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, description: "Upstream failed." } };
  return { content: [] };`),
      },
      {
        name: "a negated rate-limit check",
        code: inTool(`  if (!isRateLimited(args)) return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, description: "Upstream failed." } };
  return { content: [] };`),
      },
      {
        name: "a branch on a rate-limit setting or limiter, not on a limit that was hit",
        code: inTool(`  if (config.rateLimit && rateLimiter.enabled) {
    return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, description: "The index is warming up." } };
  }
  return { content: [] };`),
      },
      {
        name: "the else branch of a 429 check",
        code: inTool(`  const res = await fetch("https://x.example.com");
  if (res.status === 429) {
    return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, retryAfterSeconds: 10 } };
  } else {
    return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, description: "Upstream failed." } };
  }`),
      },
      {
        name: "a category that is transient on one path only",
        code: inTool(`  const res = await fetch("https://x.example.com");
  if (res.status === 429) return { isError: true, content: [], structuredContent: { errorCategory: quota ? "business" : "transient", isRetryable: !quota } };
  return { content: [] };`),
      },
      {
        name: "a payload with a spread (the hint may be in it)",
        code: inTool(`  const res = await fetch("https://x.example.com");
  if (res.status === 429) return { isError: true, content: [], structuredContent: { ...limits, errorCategory: "transient", isRetryable: true } };
  return { content: [] };`),
      },
      {
        name: "an unclassified error in a 429 branch (require-error-classification reports it)",
        code: inTool(`  const res = await fetch("https://x.example.com");
  if (res.status === 429) return { isError: true, content: [{ type: "text", text: "Rate limited." }] };
  return { content: [] };`),
      },
      {
        name: "retryable false without a category",
        code: inTool(`  const res = await fetch("https://x.example.com");
  if (res.status === 429) return { isError: true, content: [], structuredContent: { isRetryable: false, description: "Rate limited for today." } };
  return { content: [] };`),
      },
      {
        name: "a transient error with no rate-limit or unavailability context",
        code: inTool(`  try {
    return { content: [{ type: "text", text: await search(args.query) }] };
  } catch {
    return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, description: "The search backend timed out." } };
  }`),
      },
      {
        name: "a helper whose own object is transient, never called in a rate-limit branch",
        code: `${SDK}function busy(message: string) {
  return { isError: true, content: [{ type: "text" as const, text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: message }) }] };
}
server.registerTool("search_docs", { inputSchema: { query: z.string() } }, async ({ query }) => {
  if (!query) return busy("The index is rebuilding.");
  return { content: [] };
});`,
      },
      {
        name: "a helper that takes the hint as a parameter",
        code: `${SDK}function transient(description: string, retryAfterSeconds?: number) {
  return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, retryAfterSeconds, description } };
}
server.registerTool("search_docs", { inputSchema: { query: z.string() } }, async ({ query }) => {
  const res = await fetch("https://x.example.com/?q=" + query);
  if (res.status === 429) return transient("Rate limited.", 30);
  return { content: [] };
});`,
      },
      {
        name: "a retry-after read only in a nested function",
        code: inTool(`  const hint = (r: Response) => r.headers.get("retry-after");
  try {
    return { content: [{ type: "text", text: await search(args.query) }] };
  } catch {
    return { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, description: "Search failed." } };
  }`),
      },
    ],
    invalid: [
      ...shapeInvalid,
      invalid({
        name: "switch on the status: case 429",
        code: inTool(`  const res = await fetch("https://x.example.com");
  switch (res.status) {
    case 429:
      return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
    default:
      return { content: [] };
  }`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(R429),
            suggestions: suggest(
              "readRetryAfterHeader",
              "isRetryable: true }",
              'isRetryable: true, retryAfterSeconds: Number(res.headers.get("retry-after")) || 60 }',
            ),
          },
        ],
        output: null,
      }),
      invalid({
        name: "an empty case 429 falling through into case 503",
        code: inTool(`  const res = await fetch("https://x.example.com");
  switch (res.status) {
    case 429:
    case 500:
      return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
    default:
      return { content: [] };
  }`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(R429),
            suggestions: suggest(
              "readRetryAfterHeader",
              "isRetryable: true }",
              'isRetryable: true, retryAfterSeconds: Number(res.headers.get("retry-after")) || 60 }',
            ),
          },
        ],
        output: null,
      }),
      invalid({
        name: "503 on a status of unknown origin: a fixed delay",
        code: inTool(`  const status = await probe();
  if (status === 503) return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
  return { content: [] };`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(R503),
            suggestions: suggest("addFixedRetryAfter", "isRetryable: true }", "isRetryable: true, retryAfterSeconds: 60 }"),
          },
        ],
        output: null,
      }),
      invalid({
        name: "[429, 503].includes(res.status)",
        code: inTool(`  const res = await fetch("https://x.example.com");
  if ([429, 503].includes(res.status)) return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
  return { content: [] };`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(R429),
            suggestions: suggest(
              "readRetryAfterHeader",
              "isRetryable: true }",
              'isRetryable: true, retryAfterSeconds: Number(res.headers.get("retry-after")) || 60 }',
            ),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a fetch Response parameter",
        code: `${SDK}function fromResponse(res: Response) {
  if (res.status === 429) return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
  return { content: [] };
}
server.registerTool("search_docs", { inputSchema: { query: z.string() } }, async ({ query }) => fromResponse(await fetch("https://x.example.com/?q=" + query)));`,
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(R429),
            suggestions: suggest(
              "readRetryAfterHeader",
              "isRetryable: true }",
              'isRetryable: true, retryAfterSeconds: Number(res.headers.get("retry-after")) || 60 }',
            ),
          },
        ],
        output: null,
      }),
      invalid({
        name: "an axios error's response status",
        code: `import axios from "axios";
${SDK}server.registerTool("search_docs", { inputSchema: { query: z.string() } }, async ({ query }) => {
  try {
    const { data } = await axios.get("https://x.example.com", { params: { query }, timeout: 5000 });
    return { content: [{ type: "text", text: String(data) }] };
  } catch (error: any) {
    if (error.response?.status === 429) {
      return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
    }
    throw error;
  }
});`,
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(R429),
            suggestions: suggest(
              "readRetryAfterHeader",
              "isRetryable: true }",
              'isRetryable: true, retryAfterSeconds: Number(error.response?.headers["retry-after"]) || 60 }',
            ),
          },
        ],
        output: null,
      }),
      invalid({
        name: "error.response.status without axios: the client is unknown, a fixed delay",
        code: inTool(`  try {
    return { content: [{ type: "text", text: await search(args.query) }] };
  } catch (error: any) {
    if (error.response.status === 429) return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
    throw error;
  }`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(R429),
            suggestions: suggest("addFixedRetryAfter", "isRetryable: true }", "isRetryable: true, retryAfterSeconds: 60 }"),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a got response's statusCode",
        code: `import got from "got";
${SDK}server.registerTool("search_docs", { inputSchema: { query: z.string() } }, async ({ query }) => {
  const res = await got("https://x.example.com/?q=" + query, { timeout: { request: 5000 }, throwHttpErrors: false });
  if (res.statusCode === 429) return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
  return { content: [{ type: "text", text: res.body }] };
});`,
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(R429),
            suggestions: suggest(
              "readRetryAfterHeader",
              "isRetryable: true }",
              'isRetryable: true, retryAfterSeconds: Number(res.headers["retry-after"]) || 60 }',
            ),
          },
        ],
        output: null,
      }),
      invalid({
        name: "rate-limit words in the branch test",
        code: inTool(`  try {
    return { content: [{ type: "text", text: await search(args.query) }] };
  } catch (error: any) {
    if (String(error.message).toLowerCase().includes("rate limit")) {
      return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
    }
    throw error;
  }`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(RATE_LIMIT),
            suggestions: suggest("addFixedRetryAfter", "isRetryable: true }", "isRetryable: true, retryAfterSeconds: 60 }"),
          },
        ],
        output: null,
      }),
      invalid({
        name: "an error class named for rate limiting",
        code: inTool(`  try {
    return { content: [{ type: "text", text: await search(args.query) }] };
  } catch (error) {
    if (error instanceof RateLimitError) return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
    throw error;
  }`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(RATE_LIMIT),
            suggestions: suggest("addFixedRetryAfter", "isRetryable: true }", "isRetryable: true, retryAfterSeconds: 60 }"),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a const named for the rate limit in the test, beside another condition",
        code: inTool(`  try {
    return { content: [{ type: "text", text: await search(args.query) }] };
  } catch (error: any) {
    const isRateLimited = error.statusCode === 429;
    if (isRateLimited && !args.apiKey) return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
    throw error;
  }`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(RATE_LIMIT),
            suggestions: suggest("addFixedRetryAfter", "isRetryable: true }", "isRetryable: true, retryAfterSeconds: 60 }"),
          },
        ],
        output: null,
      }),
      invalid({
        name: "an error code compared in the test",
        code: inTool(`  try {
    return { content: [{ type: "text", text: await search(args.query) }] };
  } catch (error: any) {
    return error.code === "TOO_MANY_REQUESTS"
      ? { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } }
      : { isError: true, content: [], structuredContent: { errorCategory: "transient", isRetryable: true, description: "Search failed." } };
  }`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(RATE_LIMIT),
            suggestions: suggest("addFixedRetryAfter", "isRetryable: true } }", "isRetryable: true, retryAfterSeconds: 60 } }"),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a plain text part that says the upstream throttled the call",
        code: inTool(
          `  return { isError: true, content: [{ type: "text", text: "The index throttled this request." }], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };`,
        ),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(RATE_LIMIT),
            suggestions: suggest("addFixedRetryAfter", "isRetryable: true }", "isRetryable: true, retryAfterSeconds: 60 }"),
          },
        ],
        output: null,
      }),
      invalid({
        name: "the error's own description says it is a rate limit",
        code: inTool(`  if (tooFast()) {
    return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true, description: "Too many requests: slow down." } };
  }
  return { content: [] };`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(RATE_LIMIT),
            suggestions: suggest(
              "addFixedRetryAfter",
              'description: "Too many requests: slow down." }',
              'description: "Too many requests: slow down.", retryAfterSeconds: 60 }',
            ),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a Retry-After header read into a const: the suggestion uses it",
        code: inTool(`  const res = await fetch("https://x.example.com");
  const wait = res.headers.get("Retry-After");
  if (!res.ok) {
    return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true, description: \`Busy, retry in \${wait}s.\` } };
  }
  return { content: [] };`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(HEADER),
            suggestions: suggest("readRetryAfterHeader", "s.` }", "s.`, retryAfterSeconds: Number(wait) || 60 }"),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a header already converted with Number()",
        code: inTool(`  const res = await fetch("https://x.example.com");
  const wait = Number(res.headers.get("retry-after"));
  if (res.status === 429) return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
  return { content: [] };`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(R429),
            suggestions: suggest("readRetryAfterHeader", "isRetryable: true }", "isRetryable: true, retryAfterSeconds: wait || 60 }"),
          },
        ],
        output: null,
      }),
      invalid({
        name: "retryable without a category in a 429 branch",
        code: inTool(`  const res = await fetch("https://x.example.com");
  if (res.status === 429) return { isError: true, content: [], structuredContent: { /*>*/isRetryable: true, description: "Slow down." } };
  return { content: [] };`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: "isRetryable: true",
            data: data(R429),
            suggestions: suggest(
              "readRetryAfterHeader",
              'description: "Slow down." }',
              'description: "Slow down.", retryAfterSeconds: Number(res.headers.get("retry-after")) || 60 }',
            ),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a const payload used for text and structuredContent gets the field once",
        code: inTool(`  const res = await fetch("https://x.example.com");
  if (res.status === 503) {
    const error = { /*>*/errorCategory: "transient", isRetryable: true, description: "Maintenance." };
    return { isError: true, content: [{ type: "text", text: JSON.stringify(error) }], structuredContent: error };
  }
  return { content: [] };`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(R503),
            suggestions: suggest(
              "readRetryAfterHeader",
              'description: "Maintenance." }',
              'description: "Maintenance.", retryAfterSeconds: Number(res.headers.get("retry-after")) || 60 }',
            ),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a const payload declared outside the branch: no suggestion (other paths use it)",
        code: inTool(`  const res = await fetch("https://x.example.com");
  const busy = { /*>*/errorCategory: "transient", isRetryable: true };
  if (res.status === 429) return { isError: true, content: [], structuredContent: busy };
  if (res.status >= 500) return { isError: true, content: [], structuredContent: busy };
  return { content: [] };`),
        errors: [{ messageId: "missingRetryAfter", reported: 'errorCategory: "transient"', data: data(R429) }],
        output: null,
      }),
      invalid({
        name: "a helper call with a literal transient category: reported at the call, no suggestion",
        code: `${SDK}function rateLimited(description: string) {
  return { isError: true, content: [{ type: "text" as const, text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description }) }] };
}
server.registerTool("search_docs", { inputSchema: { query: z.string() } }, async ({ query }) => {
  const res = await fetch("https://x.example.com/?q=" + query);
  if (res.status === 429) return /*>*/rateLimited("Slow down.");
  return { content: [] };
});`,
        errors: [{ messageId: "missingRetryAfter", reported: 'rateLimited("Slow down.")', data: data(R429) }],
        output: null,
      }),
      invalid({
        name: "a helper call that passes the transient category",
        code: `${SDK}function toolError(errorCategory: string, isRetryable: boolean, description: string) {
  return { isError: true, content: [], structuredContent: { errorCategory, isRetryable, description } };
}
server.registerTool("search_docs", { inputSchema: { query: z.string() } }, async ({ query }) => {
  if (!query) return toolError("validation", false, "query must not be empty.");
  return /*>*/toolError("transient", true, "Rate limited by the index.");
});`,
        errors: [{ messageId: "missingRetryAfter", reported: 'toolError("transient", true, "Rate limited by the index.")', data: data(RATE_LIMIT) }],
        output: null,
      }),
      invalid({
        name: "snake-case preset",
        settings: { "mcp-errors": { preset: "snake-case" } },
        code: inTool(`  const res = await fetch("https://x.example.com");
  if (res.status === 429) return { isError: true, content: [], structuredContent: { /*>*/error_code: "RATE_LIMITED", retry_recommended: true } };
  return { content: [] };`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'error_code: "RATE_LIMITED"',
            data: data(R429, SEARCH_DOCS, "retry_after_seconds"),
            suggestions: suggest(
              "readRetryAfterHeader",
              "retry_recommended: true }",
              'retry_recommended: true, retry_after_seconds: Number(res.headers.get("retry-after")) || 60 }',
              "retry_after_seconds",
            ),
          },
        ],
        output: null,
      }),
      invalid({
        name: "tool-failure preset: retryNotBefore is a timestamp",
        settings: { "mcp-errors": { preset: "tool-failure" } },
        code: inTool(`  const res = await fetch("https://x.example.com");
  if (res.status === 429) {
    return { isError: true, content: [{ type: "text", text: "Rate limited." }], _meta: { "io.modelcontextprotocol/toolFailure": { /*>*/class: "rate_limited", retryable: true } } };
  }
  return { content: [] };`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'class: "rate_limited"',
            data: data(R429, SEARCH_DOCS, "retryNotBefore"),
            suggestions: suggest(
              "readRetryAfterHeader",
              "retryable: true }",
              'retryable: true, retryNotBefore: new Date(Date.now() + (Number(res.headers.get("retry-after")) || 60) * 1000).toISOString() }',
              "retryNotBefore",
            ),
          },
        ],
        output: null,
      }),
      invalid({
        name: "a field in milliseconds",
        settings: { "mcp-errors": { fields: { retryAfter: "retryAfterMs" } } },
        code: inTool(`  const status = await probe();
  if (status === 429) return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
  return { content: [] };`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'errorCategory: "transient"',
            data: data(R429, SEARCH_DOCS, "retryAfterMs"),
            suggestions: suggest("addFixedRetryAfter", "isRetryable: true }", "isRetryable: true, retryAfterMs: 60000 }", "retryAfterMs"),
          },
        ],
        output: null,
      }),
      {
        ...invalid({
          name: "a JavaScript file",
          code: `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("search_docs", {}, async () => {
  const res = await fetch("https://x.example.com");
  if (res.status === 429) return { isError: true, content: [], structuredContent: { /*>*/errorCategory: "transient", isRetryable: true } };
  return { content: [] };
});`,
          errors: [
            {
              messageId: "missingRetryAfter",
              reported: 'errorCategory: "transient"',
              data: data(R429),
              suggestions: suggest(
                "readRetryAfterHeader",
                "isRetryable: true }",
                'isRetryable: true, retryAfterSeconds: Number(res.headers.get("retry-after")) || 60 }',
              ),
            },
          ],
          output: null,
        }),
        filename: "server.js",
      },
    ],
  });
});

const TRANSIENT = 'errorCategory: "transient", isRetryable: true';
/** A transient error result marked for the report: `/*>*\/` before the category. */
const OPEN_RESULT = `return { isError: true, content: [{ type: "text", text: "The index is failing; calls are paused." }], structuredContent: { /*>*/${TRANSIENT} } };`;
const OPEN_RESULT_PLAIN = OPEN_RESULT.replace("/*>*/", "");

/** A registerTool handler of "search_docs" whose body is `body`, after `setup` at the top level. */
function breakerTool(setup: string, body: string): string {
  return `${SDK}${setup}
server.registerTool("search_docs", { inputSchema: { q: z.string() } }, async ({ q }) => {
${body}
});`;
}

const OPOSSUM = `import CircuitBreaker from "opossum";
const search = (q: string) => fetch("https://index.example.com/?q=" + q, { signal: AbortSignal.timeout(5000) }).then((r) => r.text());`;
const COCKATIEL = `import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, IsolatedCircuitError, circuitBreaker, handleAll, isBrokenCircuitError, retry, wrap } from "cockatiel";
const breaker = circuitBreaker(handleAll, { halfOpenAfter: 15_000, breaker: new ConsecutiveBreaker(5) });
const policy = wrap(retry(handleAll, { maxAttempts: 2 }), breaker);`;
const OK = `  return { content: [{ type: "text", text: "ok" }] };`;

/** A handler that runs the wrapped cockatiel policy and answers a caught error that passes `condition` with `result`. */
function policyCatch(condition: string, result: string): string {
  return breakerTool(
    COCKATIEL,
    `  try {
    return { content: [{ type: "text", text: await policy.execute(() => fetch("https://index.example.com", { signal: AbortSignal.timeout(5000) }).then((r) => r.text())) }] };
  } catch (error) {
    if (${condition}) ${result}
    throw error;
  }`,
  );
}

/** A tool class with a breaker of its own: a half-open state and a failure count, `nextAttempt` when it half-opens. */
function ownBreaker(handlerBody: string, extra = ""): string {
  return `${SDK}class SearchTools {
  private state: "closed" | "open" | "half-open" = "closed";
  private failureCount = 0;
  private nextAttempt = 0;
${extra}
  register() {
    server.registerTool("search_docs", { inputSchema: { q: z.string() } }, async ({ q }) => {
${handlerBody}
    });
  }
}`;
}

/**
 * An invalid case: the transient error marked in `code` is reported for an open breaker, and the
 * one suggestion (`messageId`) adds `field: value`.
 */
function openBreaker(
  name: string,
  code: string,
  messageId: "addFixedRetryAfter" | "addHalfOpenRetryAfter",
  value: string,
  field = "retryAfterSeconds",
  settings?: Record<string, unknown>,
): Invalid {
  return invalid({
    name,
    code,
    ...(settings ? { settings } : {}),
    errors: [
      {
        messageId: "missingRetryAfter",
        reported: 'errorCategory: "transient"',
        data: data(OPEN_BREAKER, SEARCH_DOCS, field),
        suggestions: suggest(messageId, `${TRANSIENT} }`, `${TRANSIENT}, ${field}: ${value} }`, field),
      },
    ],
    output: null,
  });
}

describe("require-retry-after: circuit breakers", () => {
  ruleTester.run("require-retry-after", rule, {
    valid: [
      {
        name: "a catch-all around a breaker call: no open-branch evidence",
        code: breakerTool(
          `${OPOSSUM}\nconst breaker = new CircuitBreaker(search);`,
          `  try {
    return { content: [{ type: "text", text: await breaker.fire(q) }] };
  } catch {
    ${OPEN_RESULT_PLAIN}
  }`,
        ),
      },
      {
        name: "a class named like a breaker is not an open branch by itself",
        code: breakerTool(
          "class CircuitBreaker { run<T>(task: () => Promise<T>) { return task(); } }\nconst guard = new CircuitBreaker();",
          `  const text = await guard.run(() => fetch("https://index.example.com", { signal: AbortSignal.timeout(5000) }).then((r) => r.text()));
  if (!text) ${OPEN_RESULT_PLAIN}
${OK}`,
        ),
      },
      {
        name: "an issue whose state is open is no breaker",
        code: breakerTool(
          "",
          `  const issue = await fetch("https://git.example.com/issues/" + q, { signal: AbortSignal.timeout(5000) }).then((r) => r.json());
  if (issue.state === "open") ${OPEN_RESULT_PLAIN}
${OK}`,
        ),
      },
      {
        name: "an open state in a class that is no breaker (no half-open state, no failure count)",
        code: `${SDK}class Connection {
  private state: "open" | "closed" = "closed";
  register() {
    server.registerTool("search_docs", {}, async () => {
      if (this.state === "open") ${OPEN_RESULT_PLAIN}
${OK}
    });
  }
}`,
      },
      {
        name: "an open-circuit error or something else: either may hold",
        code: policyCatch("error instanceof BrokenCircuitError || error instanceof TypeError", OPEN_RESULT_PLAIN),
      },
      {
        name: "cockatiel's isolated circuit (held open by hand) is left out",
        code: policyCatch("error instanceof IsolatedCircuitError", OPEN_RESULT_PLAIN),
      },
      {
        name: "a breaker that is not open",
        code: breakerTool(`${OPOSSUM}\nconst breaker = new CircuitBreaker(search);`, `  if (!breaker.opened) ${OPEN_RESULT_PLAIN}\n${OK}`),
      },
      {
        name: "a half-open breaker",
        code: breakerTool(`${OPOSSUM}\nconst breaker = new CircuitBreaker(search);`, `  if (breaker.halfOpen) ${OPEN_RESULT_PLAIN}\n${OK}`),
      },
      {
        name: "cockatiel's closed state",
        code: breakerTool(COCKATIEL, `  if (breaker.state === CircuitState.Closed) ${OPEN_RESULT_PLAIN}\n${OK}`),
      },
      {
        name: "an open branch whose error already carries the hint",
        code: breakerTool(
          `${OPOSSUM}\nconst breaker = new CircuitBreaker(search, { resetTimeout: 20_000 });`,
          `  if (breaker.opened) return { isError: true, content: [], structuredContent: { ${TRANSIENT}, retryAfterSeconds: 20 } };\n${OK}`,
        ),
      },
      {
        name: "an unclassified error in an open branch is require-error-classification's",
        code: breakerTool(
          `${OPOSSUM}\nconst breaker = new CircuitBreaker(search);`,
          `  if (breaker.opened) return { isError: true, content: [{ type: "text", text: "Paused." }] };\n${OK}`,
        ),
      },
    ],
    invalid: [
      openBreaker(
        "opossum: a branch on breaker.opened, the reset time from the construction",
        breakerTool(
          `${OPOSSUM}\nconst breaker = new CircuitBreaker(search, { timeout: 5000, resetTimeout: 20_000 });`,
          `  if (breaker.opened) ${OPEN_RESULT}\n${OK}`,
        ),
        "addHalfOpenRetryAfter",
        `20`,
      ),
      openBreaker(
        "opossum: EOPENBREAKER in a catch, options without resetTimeout (opossum's default 30 s)",
        breakerTool(
          `${OPOSSUM}\nconst options = { timeout: 5000 };\nconst breaker = new CircuitBreaker(search, options);`,
          `  try {
    return { content: [{ type: "text", text: await breaker.fire(q) }] };
  } catch (error: any) {
    if (error.code === "EOPENBREAKER") ${OPEN_RESULT}
    throw error;
  }`,
        ),
        "addHalfOpenRetryAfter",
        `30`,
      ),
      openBreaker(
        "opossum: a switch on the error code",
        breakerTool(
          `${OPOSSUM}\nconst breaker = new CircuitBreaker(search, { resetTimeout: 45 * 1000 });`,
          `  try {
    return { content: [{ type: "text", text: await breaker.fire(q) }] };
  } catch (error: any) {
    switch (error.code) {
      case "EOPENBREAKER":
        ${OPEN_RESULT}
      default:
        throw error;
    }
  }`,
        ),
        "addHalfOpenRetryAfter",
        `45`,
      ),
      openBreaker(
        "cockatiel: instanceof BrokenCircuitError around a wrapped policy, halfOpenAfter in milliseconds",
        policyCatch("error instanceof BrokenCircuitError", OPEN_RESULT),
        "addHalfOpenRetryAfter",
        `15000`,
        "retryAfterMs",
        { "mcp-errors": { fields: { retryAfter: "retryAfterMs" } } },
      ),
      openBreaker(
        "cockatiel: isBrokenCircuitError(error) as a guard, the open case after it",
        breakerTool(
          COCKATIEL,
          `  try {
    return { content: [{ type: "text", text: await breaker.execute(() => fetch("https://index.example.com", { signal: AbortSignal.timeout(5000) }).then((r) => r.text())) }] };
  } catch (error) {
    if (!isBrokenCircuitError(error)) throw error;
    ${OPEN_RESULT}
  }`,
        ),
        "addHalfOpenRetryAfter",
        `15`,
      ),
      openBreaker(
        "cockatiel: the policy's state is CircuitState.Open; its construction is not in the file (a fixed delay)",
        breakerTool(
          `import { CircuitState } from "cockatiel";\nimport { searchPolicy } from "./resilience.js";`,
          `  if (searchPolicy.state === CircuitState.Open) ${OPEN_RESULT}\n${OK}`,
        ),
        "addFixedRetryAfter",
        `60`,
      ),
      openBreaker(
        "a hand-written breaker object: isOpen(), no time in scope",
        breakerTool(`import { breaker } from "./breaker.js";`, `  if (breaker.isOpen()) ${OPEN_RESULT}\n${OK}`),
        "addFixedRetryAfter",
        `60`,
      ),
      openBreaker(
        "a hand-written breaker that refuses: !canExecute()",
        breakerTool(`import { circuitBreaker } from "./breaker.js";`, `  if (!circuitBreaker.canExecute()) ${OPEN_RESULT}\n${OK}`),
        "addFixedRetryAfter",
        `60`,
      ),
      openBreaker(
        "a hand-written open-circuit error class in a catch",
        breakerTool(
          `import { CircuitOpenError, guarded } from "./breaker.js";`,
          `  try {
    return { content: [{ type: "text", text: await guarded(q) }] };
  } catch (error) {
    if (error instanceof CircuitOpenError) ${OPEN_RESULT}
    throw error;
  }`,
        ),
        "addFixedRetryAfter",
        `60`,
      ),
      openBreaker(
        "a tool class with its own breaker: the time left until nextAttempt",
        ownBreaker(`      if (this.state === "open") {
        if (Date.now() < this.nextAttempt) ${OPEN_RESULT}
        this.state = "half-open";
      }
  ${OK}`),
        "addHalfOpenRetryAfter",
        `Math.max(1, Math.ceil((this.nextAttempt - Date.now()) / 1000))`,
      ),
      openBreaker(
        "a tool class with its own breaker: elapsed since opening against a cool-down, read through a method",
        ownBreaker(
          `      if (this.state === "open" && !this.coolDownOver()) ${OPEN_RESULT}
  ${OK}`,
          `  private openedAt = 0;
  private readonly coolDownMs = 30_000;
  private coolDownOver() {
    const elapsed = Date.now() - this.openedAt;
    return elapsed >= this.coolDownMs;
  }`,
        ),
        "addHalfOpenRetryAfter",
        `Math.max(1, Math.ceil(((this.openedAt + this.coolDownMs) - Date.now()) / 1000))`,
      ),
      invalid({
        name: "a tool class with its own breaker, tool-failure preset: the half-open moment as a timestamp",
        settings: { "mcp-errors": { preset: "tool-failure" } },
        code: ownBreaker(`      if (this.state === "open" && Date.now() < this.nextAttempt) {
        return { isError: true, content: [{ type: "text", text: "Paused." }], _meta: { "io.modelcontextprotocol/toolFailure": { /*>*/class: "unavailable", retryable: true } } };
      }
  ${OK}`),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'class: "unavailable"',
            data: data(OPEN_BREAKER, SEARCH_DOCS, "retryNotBefore"),
            suggestions: suggest(
              "addHalfOpenRetryAfter",
              "retryable: true }",
              "retryable: true, retryNotBefore: new Date(this.nextAttempt).toISOString() }",
              "retryNotBefore",
            ),
          },
        ],
        output: null,
      }),
      openBreaker(
        "a constructor parameter in the time check is in scope in a handler registered in the constructor",
        `${SDK}class SearchTools {
  private state: "closed" | "open" | "half-open" = "closed";
  private failureCount = 0;
  private openedAt = 0;
  constructor(coolDownMs: number) {
    server.registerTool("search_docs", {}, async () => {
      if (this.state === "open" && Date.now() - this.openedAt < coolDownMs) ${OPEN_RESULT}
  ${OK}
    });
  }
}`,
        "addHalfOpenRetryAfter",
        `Math.max(1, Math.ceil(((this.openedAt + coolDownMs) - Date.now()) / 1000))`,
      ),
      openBreaker(
        "a time check on another method's parameter is not in scope at the error: a fixed delay",
        ownBreaker(
          `      if (this.state === "open" && this.coolingDown(30_000)) ${OPEN_RESULT}
  ${OK}`,
          `  private openedAt = 0;
  private coolingDown(coolDownMs: number) {
    return Date.now() - this.openedAt < coolDownMs;
  }`,
        ),
        "addFixedRetryAfter",
        `60`,
      ),
      invalid({
        name: "an error helper called in an open branch: reported at the call, no suggestion",
        code: breakerTool(
          `${OPOSSUM}\nconst breaker = new CircuitBreaker(search);
function toolError(errorCategory: string, isRetryable: boolean, description: string) {
  return { isError: true, content: [{ type: "text" as const, text: JSON.stringify({ errorCategory, isRetryable, description }) }] };
}`,
          `  if (breaker.opened) return /*>*/toolError("transient", true, "The index is failing; calls are paused.");\n${OK}`,
        ),
        errors: [
          {
            messageId: "missingRetryAfter",
            reported: 'toolError("transient", true, "The index is failing; calls are paused.")',
            data: data(OPEN_BREAKER),
          },
        ],
        output: null,
      }),
    ],
  });
});
