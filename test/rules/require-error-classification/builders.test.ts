/**
 * `require-error-classification`: result builders whose `isError` is a parameter
 * (`reply(text, isError = false)`, `build({ texts, isError = false })`): only the calls that pass
 * `true` make error results, and a helper that returns such a call with `true` is an error
 * helper. And a wrap that drops the caught error hides the throw inside it.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/require-error-classification.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool } from "../../cases.js";

const ruleTester = createRuleTester();

const REPLY = `function reply(text, isError = false) {
  return { content: [{ type: "text", text }], isError };
}`;
const BUILD = `function build(options) {
  const { texts, isError = false } = options;
  return { content: [{ type: "text", text: texts.join("\\\\n") }], isError };
}
function ok(text) {
  return build({ texts: [text] });
}`;
const FORMAT = `function format(status, message, data) {
  return { content: [{ type: "text", text: JSON.stringify({ status, message, data }) }], isError: status === "error" };
}`;
/** A builder whose literal goes through another call before it is returned, so it is no error helper. */
const RESPOND = `function respond(content, isError = false) {
  const text = typeof content === "string" ? content : JSON.stringify(content);
  const response = { content: [{ type: "text", text: text || (isError ? "No detail" : "Done") }], isError };
  return sanitize(response);
}`;
/** The same, but the builder sets the flag itself. */
const RESPOND_CHECKED = RESPOND.replace("  const text =", "  if (content instanceof Error) isError = true;\n  const text =");
const USER_ERROR = `
function userError(text) {
  return build({ texts: [text], isError: true });
}`;

describe("require-error-classification: builders that take isError", () => {
  ruleTester.run("require-error-classification", rule, {
    valid: [
      // Only successes: no error result, whatever the builder could build.
      { code: inTool("    return reply(`Found ${args.query}`);", REPLY) },
      { code: inTool("    return ok(args.query);", BUILD) },
      // A flag the file does not show is neither.
      { code: inTool("    return reply(args.query, args.failed);", REPLY) },
      // `isError: status === "error"`: a call that passes another status makes a success.
      { code: inTool('    return format("success", `Found ${args.query}`, []);', FORMAT) },
      // A builder that hands its literal to another function first: no call passes `true`.
      { code: inTool("    return respond(await search(args.query));", RESPOND) },
    ],
    invalid: [
      {
        // The same builder with a call that passes `true`: an error result, at its literal.
        code: inTool(
          '    if (!args.query) return respond("The query is empty: pass the words to look for", true);\n    return respond(await search(args.query));',
          RESPOND,
        ),
        errors: [{ messageId: "missingClassification", line: 10 }],
      },
      {
        // A builder that sets the flag itself decides alone.
        code: inTool("    return respond(await search(args.query));", RESPOND_CHECKED),
        errors: [{ messageId: "missingClassification", line: 10 }],
      },
      {
        // One error call, one success: one error result, at the builder's literal.
        code: inTool('    if (!args.query) return reply("The query is empty: pass the words to look for", true);\n    return reply(args.query);', REPLY),
        errors: [{ messageId: "missingClassification", line: 9 }],
      },
      {
        // `userError` builds its result through `build`: an error helper of one call.
        code: inTool(
          '    if (!args.query) return userError("The query is empty: pass the words to look for");\n    return ok(args.query);',
          BUILD + USER_ERROR,
        ),
        errors: [{ messageId: "missingClassification", line: 10 }],
      },
      {
        // The status that the comparison makes true makes the error result.
        code: inTool(
          '    if (!args.query) return format("error", "The query is empty: pass the words to look for");\n    return format("success", args.query);',
          FORMAT,
        ),
        errors: [{ messageId: "missingClassification", line: 9 }],
      },
      {
        // A result builder of its own file, callers unseen: the status it compares makes its errors.
        code: `import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
export function format(status: "success" | "error", message: string): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify({ status, message }) }], isError: status === "error" };
}`,
        errors: [{ messageId: "missingClassification", line: 3 }],
      },
    ],
  });
});

const LOOKUP = (wrap: string): string =>
  inTool(
    `    try {
      return { content: [{ type: "text", text: await lookUp(args.query) }] };
    } catch (error) {
      ${wrap}
    }`,
    `class NotFound extends Error {}
async function lookUp(key) {
  if (key.length > 64) throw new NotFound(\`No entry is named \${key}\`);
  return key;
}`,
  );

describe("require-error-classification: throws inside a wrap", () => {
  ruleTester.run("require-error-classification", rule, {
    valid: [],
    invalid: [
      {
        // The wrap drops the caught error: the wrap (and the rethrow of the rest) reach the model, the throw inside does not.
        code: LOOKUP('if (error instanceof NotFound) throw new Error("Not found");\n      throw error;'),
        errors: [
          { messageId: "unclassifiedThrow", line: 8 },
          { messageId: "unclassifiedThrow", line: 9 },
        ],
      },
      {
        // The wrap carries the caught message on: the text thrown inside reaches the model too.
        code: LOOKUP("throw new Error(`Lookup failed: ${error.message}`);"),
        errors: [
          { messageId: "unclassifiedThrow", line: 8 },
          { messageId: "unclassifiedThrow", line: 13 },
        ],
      },
      {
        // The wrap hands the caught error to a factory that keeps it out of the message: only the wrap's text reaches the model.
        code: `${LOOKUP("throw lookupFailed(args.query, error);")}
function lookupFailed(key, error) {
  return new Error(\`Lookup of \${key} failed; retry once the index is back.\`, { cause: error });
}`,
        errors: [{ messageId: "unclassifiedThrow", line: 8 }],
      },
      {
        // A factory that puts the caught message in its text carries it on.
        code: `${LOOKUP("throw lookupFailed(args.query, error);")}
function lookupFailed(key, error) {
  return new Error(\`Lookup of \${key} failed: \${error.message}\`);
}`,
        errors: [
          { messageId: "unclassifiedThrow", line: 8 },
          { messageId: "unclassifiedThrow", line: 13 },
        ],
      },
      {
        // The same through a constant the catch makes of the error.
        code: LOOKUP("const message = error instanceof Error ? error.message : String(error);\n      throw new Error(`Lookup failed: ${message}`);"),
        errors: [
          { messageId: "unclassifiedThrow", line: 9 },
          { messageId: "unclassifiedThrow", line: 14 },
        ],
      },
    ],
  });
});

/**
 * A builder that adds optional parts by spreads (`...(structuredContent !== undefined && { structuredContent })`)
 * and makes its content with `texts.map(...)`: the parts are read, and a part taken from a parameter
 * is there only for the calls that pass it.
 */
const SPREADING = `function build(options) {
  const { texts, isError = false, telemetry, structuredContent, _meta } = options;
  return {
    content: texts.map((text) => ({ type: "text", text })),
    isError,
    ...(telemetry && { toolTelemetry: telemetry }),
    ...(structuredContent !== undefined && { structuredContent }),
    ...(_meta !== undefined && { _meta }),
  };
}
function ok(text, opts) {
  return build({ texts: [text], structuredContent: opts?.structuredContent });
}
function userError(text, opts) {
  return build({ texts: [text], isError: true, telemetry: { status: "soft-fail", category: opts?.category ?? "input" }, structuredContent: opts?.structuredContent, _meta: opts?.meta });
}`;
const TWO_ERRORS = (second: string): string =>
  inTool(
    `    if (!args.query) return userError("The query is empty: pass the words to look for");
    if (args.query.length > 200) return ${second};
    return ok(args.query);`,
    SPREADING,
  );

describe("require-error-classification: builders with optional parts", () => {
  ruleTester.run("require-error-classification", rule, {
    valid: [
      // A call that passes a payload of its own may classify it there: the helper is not known to be unclassified.
      { code: TWO_ERRORS('userError("The query is too long", { structuredContent: { errorCategory: "validation", isRetryable: false } })') },
      // A log entry that says a result was an error: its spread adds no content, so it is no result.
      {
        code: inTool(`    const meta = { tool: "search_docs", query: args.query };
    const result = await runSearch(args.query);
    if (result.isError) logger.warn("tool error response", { ...meta, isError: true, parts: result.content.length });
    return result;`),
      },
    ],
    invalid: [
      {
        // No call passes a structuredContent: the helper's results have no classification the model
        // reads (its category goes to telemetry). One finding, at the helper's error call of the builder.
        code: TWO_ERRORS('userError("The query is longer than 200 characters", { category: "input", meta: { limit: 200 } })'),
        errors: [{ messageId: "helperWithoutClassification", line: 23 }],
      },
    ],
  });
});

/** A function that makes plain text parts of the texts it is given. */
const TEXT_PARTS = `function textParts(description, ...data) {
  const parts = [{ type: "text", text: description }];
  if (data.length > 0) parts.push({ type: "text", text: \`Data:\\n\${data.join("\\n")}\` });
  return parts;
}`;
const MISSING_INDEX = (content: string): string =>
  inTool(
    `    const index = await openIndex(args.query);
    if (!index) return { isError: true, content: ${content} };
    return { content: [{ type: "text", text: index.search(args.query) }] };`,
    TEXT_PARTS,
  );

describe("require-error-classification: content made by a text-part builder", () => {
  ruleTester.run("require-error-classification", rule, {
    valid: [
      // A JSON argument is a payload the model reads: here it carries the classification.
      { code: MISSING_INDEX('textParts("No docs index is open", JSON.stringify({ errorCategory: "business", isRetryable: false }))') },
      // An argument that may hold anything (a JSON text among them) leaves the payload unknown.
      { code: MISSING_INDEX("textParts(args.reason)") },
    ],
    invalid: [
      {
        // Only texts, and a JSON payload without classification.
        code: MISSING_INDEX("textParts(`No docs index for ${args.query}`, JSON.stringify({ query: args.query }))"),
        errors: [{ messageId: "missingClassification", line: 6 }],
      },
    ],
  });
});

/** A server whose `lookUp` throws a class of no classification (line 5). */
const LOOKED_UP = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "docs", version: "1.0.0" });
class NotFound extends Error {}
async function lookUp(key) {
  if (key.length > 64) throw new NotFound(\`No entry is named \${key}\`);
  return key;
}
`;

describe("require-error-classification: a throw wrapped on one way out and let through on another", () => {
  ruleTester.run("require-error-classification", rule, {
    valid: [],
    invalid: [
      {
        code: `${LOOKED_UP}server.registerTool("find", {}, async (args) => {
  try {
    return { content: [{ type: "text", text: await lookUp(args.key) }] };
  } catch {
    throw new Error("The lookup failed.");
  }
});
server.registerTool("get", {}, async (args) => ({ content: [{ type: "text", text: await lookUp(args.key) }] }));`,
        // The wrap, and the throw inside: "get" sends it out as it was thrown.
        errors: [
          { messageId: "unclassifiedThrow", line: 5 },
          { messageId: "unclassifiedThrow", line: 12 },
        ],
      },
      {
        code: `${LOOKED_UP}server.registerTool("get", {}, async (args) => {
  let alias;
  try {
    alias = await lookUp(args.alias);
  } catch {
    throw new Error("The alias lookup failed.");
  }
  return { content: [{ type: "text", text: \`\${alias}: \${await lookUp(args.key)}\` }] };
});`,
        // One tool, two ways out: the second call sends the error out as it was thrown.
        errors: [
          { messageId: "unclassifiedThrow", line: 5 },
          { messageId: "unclassifiedThrow", line: 13 },
        ],
      },
    ],
  });
});

/** A builder whose result is an error when the envelope it is handed is not ok, and the envelope makers of its file. */
const ENVELOPE = `function toResult(envelope, text) {
  return { content: [{ type: "text", text: text ?? envelope.summary }], structuredContent: envelope, isError: !envelope.ok };
}
function success(summary) {
  return { ok: true, kind: "ok", summary };
}
function failure(summary, kind = "tool-error") {
  return { ok: false, kind, summary };
}`;
const CLASSIFIED_ENVELOPE = ENVELOPE.replace(
  "return { ok: false, kind, summary }",
  'return { ok: false, errorCategory: kind, isRetryable: kind === "transient", summary }',
);

describe("require-error-classification: builders that take an envelope", () => {
  ruleTester.run("require-error-classification", rule, {
    valid: [
      // Only ok envelopes: no error result.
      { code: inTool("    return toResult(success(`Found ${args.query}`));", ENVELOPE) },
      // The failure envelope carries both fields.
      {
        code: inTool(
          '    if (!args.query) return toResult(failure("The query is empty: pass the words to look for", "validation"));\n    return toResult(success(args.query));',
          CLASSIFIED_ENVELOPE,
        ),
      },
      // An envelope the file does not show: neither.
      { code: inTool("    return toResult(await search(args.query));", ENVELOPE) },
    ],
    invalid: [
      {
        // `isError: !envelope.ok`, handed `failure(...)` twice: one finding at the builder, whose envelopes carry no retryability.
        code: inTool(
          '    if (!args.query) return toResult(failure("The query is empty: pass the words to look for", "validation"));\n    if (args.query.length > 200) return toResult(failure("The query is longer than 200 characters", "validation"));\n    return toResult(success(args.query));',
          ENVELOPE,
        ),
        errors: [{ messageId: "helperWithoutClassification", line: 10 }],
      },
    ],
  });
});

/**
 * A builder that spreads its flag in (`...(isError ? { isError: true } : {})`) and writes out
 * whatever value its caller passes (`text: JSON.stringify(value)`): its error results say what the
 * calls that make errors pass it.
 */
const SPREAD_REPLY = `function reply(value, isError = false) {
  return {
    content: [{ type: "text", text: JSON.stringify(value) }],
    ...(isError ? { isError: true } : {}),
  };
}`;

describe("require-error-classification: builders that spread the flag in and write out what they are given", () => {
  ruleTester.run("require-error-classification", rule, {
    valid: [
      // Only successes.
      { code: inTool("    return reply({ found: args.query });", SPREAD_REPLY) },
      // Every error call passes a classified value.
      {
        code: inTool(
          '    if (!args.query) return reply({ error: "query_required", errorCategory: "validation", isRetryable: false }, true);\n    if (args.query.length > 200) return reply({ error: "query_too_long", errorCategory: "validation", isRetryable: false }, true);\n    return reply({ found: args.query });',
          SPREAD_REPLY,
        ),
      },
      // A value the file does not show: unknown.
      {
        code: inTool(
          '    if (!args.query) return reply(await describeFailure(args), true);\n    if (args.query.length > 200) return reply({ error: "query_too_long" }, true);\n    return reply({ found: args.query });',
          SPREAD_REPLY,
        ),
      },
    ],
    invalid: [
      {
        // Two error calls whose values carry no classification: one finding at the builder's flag.
        code: inTool(
          '    if (!args.query) return reply({ error: "query_required" }, true);\n    if (args.query.length > 200) return reply({ error: "query_too_long" }, true);\n    return reply({ found: args.query });',
          SPREAD_REPLY,
        ),
        errors: [{ messageId: "helperWithoutClassification", line: 12 }],
      },
    ],
  });
});
