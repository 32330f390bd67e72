/**
 * `no-generic-error-message`: a throw that a catch stops and turns into an error result saying
 * the error's own message. The thrown text is what the model reads, wherever it was thrown.
 */
import { describe } from "vitest";
import rule, { type MessageIds, type Options } from "../../../src/rules/no-generic-error-message.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool, invalid as invalidCase } from "../../cases.js";

const ruleTester = createRuleTester();
const invalid = invalidCase<MessageIds, Options>;

/** A helper that throws `thrown` when the index has no hits. */
const SEARCH = (thrown: string): string => `async function searchIndex(query) {
  const hits = await index.search(query, { signal: AbortSignal.timeout(5000) });
  if (!hits) throw new Error(${thrown});
  return hits.join("\\n");
}`;

/** The tool's catch answers with `text`, `e` being the caught error. */
const answering = (text: string, thrown = '/*>*/"Docs search failed."'): string =>
  inTool(
    `    try {
      return { content: [{ type: "text", text: await searchIndex(args.query) }] };
    } catch (e) {
      return { isError: true, content: [{ type: "text", text: ${text} }] };
    }`,
    SEARCH(thrown),
  );

/** A tool that runs `searchInto(args.query, response)` and makes its result from the output object. */
const WITH_OUTPUT = (onError: string): string =>
  inTool(
    `    const response = new Output();
    try {
      await searchInto(args.query, response);
    } catch (e) {
      ${onError}
    }
    const result = { content: response.lines() };
    if (response.error) result.isError = true;
    return result;`,
    `async function searchInto(query, response) {
  const hits = await index.search(query, { signal: AbortSignal.timeout(5000) });
  if (!hits) throw new Error(/*>*/"Docs search failed.");
  response.addLine(hits.join("\\n"));
}`,
  );

/** The tool's catch runs `onError`, and `toolFailure` (of this file) makes a result of what it is handed with `makes`. */
const HANDING = (onError: string, makes: string): string =>
  inTool(
    `    try {
      return { content: [{ type: "text", text: await searchIndex(args.query) }] };
    } catch (e) {
      ${onError}
    }`,
    `${SEARCH('/*>*/"Docs search failed."')}
function toolFailure(error, toolName = "search_docs") {
  ${makes}
}`,
  );

const reported = (code: string): ReturnType<typeof invalid> =>
  invalid({
    name: code,
    code,
    errors: [{ messageId: "genericErrorMessage", reported: '"Docs search failed."', data: { text: "Docs search failed.", tool: 'tool "search_docs"' } }],
    output: null,
  });

describe("no-generic-error-message: thrown text that a catch hands to the model", () => {
  ruleTester.run("no-generic-error-message", rule, {
    valid: [
      // The catch adds what the throw lacked: the query.
      { code: answering("`Searching the docs for ${args.query} failed: ${e.message}`", '"Docs search failed."') },
      // The catch says something of its own: the thrown text never reaches the model.
      { code: answering('"The docs index is offline; try again in a minute."', '"Docs search failed."') },
      // The output object the error is handed to does not decide isError.
      { code: WITH_OUTPUT("logger.error(e);").replace("/*>*/", "") },
      // A thrown text that names the input.
      { code: answering("e.message", '`No docs index for the query "${query}"`') },
      // The function the error is handed to says something of its own.
      {
        code: HANDING("return toolFailure(e);", 'return { isError: true, content: [{ type: "text", text: "The docs index is offline." }] };').replace(
          "/*>*/",
          "",
        ),
      },
      // Its words say more than that the tool failed.
      {
        code: HANDING(
          "return toolFailure(e);",
          'return { isError: true, content: [{ type: "text", text: `Searching the docs index of ${toolName}: ${error.message}` }] };',
        ).replace("/*>*/", ""),
      },
      // A text variable the catch later replaces.
      {
        code: answering("text", '"Docs search failed."').replace(
          "} catch (e) {",
          '} catch (e) {\n      let text = e.message;\n      text = "The docs index is offline.";',
        ),
      },
    ],
    invalid: [
      reported(answering("e.message")),
      reported(answering("`Error: ${e instanceof Error ? e.message : String(e)}`")),
      reported(answering('JSON.stringify({ errorCategory: "transient", isRetryable: true, description: String(e) })')),
      reported(WITH_OUTPUT("response.setError(e);")),
      // The error handed to a function of this file whose result says its message, with the tool's name before it.
      reported(
        HANDING(
          "const result = toolFailure(e);\n      console.error(e);\n      return result;",
          `const raw = error instanceof Error ? error.message : String(error);
  return { isError: true, content: [{ type: "text", text: \`Error running \${toolName}: \${redactSecrets(raw)}\` }] };`,
        ),
      ),
      // A text variable that only ever gets more of the error.
      reported(
        answering("text").replace(
          "} catch (e) {",
          "} catch (e) {\n      let text = e.message;\n      if (e.cause) text += `\\nCause: ${e.cause.message}`;",
        ),
      ),
    ],
  });
});

/**
 * `run` answers with what `parseOrderDetails` returns, and its catch makes the error's message a
 * JSON failure payload (`payload`), after `classTest`; the thrown text is the one the model reads.
 */
const STRINGIFIED = (
  classTest: string,
  payload: string,
  operation = "parseOrderDetails",
): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "shop", version: "1.0.0" });
class LlmError extends Error {}
function ${operation}(raw) {
  try {
    return JSON.parse(raw);
  } catch (error) {
    console.error(error);
    throw new Error(/*>*/"Failed to parse order details");
  }
}
async function run(raw) {
  try {
    return JSON.stringify(${operation}(raw));
  } catch (error) {
    ${classTest}
    const errorMessage = error.message || "Unknown error";
    return JSON.stringify(${payload});
  }
}
server.registerTool("checkout", { inputSchema: {} }, async ({ raw }) => ({ content: [{ type: "text", text: await run(raw) }] }));
`;
const CLASS_TEST = "if (error instanceof LlmError) return JSON.stringify(error);";

/** A generic `text` of `tool` thrown in a catch of `error`: the suggestion appends its message. */
const caughtInCatch = (text: string, tool: string): Parameters<typeof invalid>[0]["errors"][number] => ({
  messageId: "genericErrorMessage",
  reported: `"${text}"`,
  data: { text, tool: `tool "${tool}"` },
  suggestions: (clean) => [
    {
      messageId: "appendCauseMessage",
      data: { name: "error" },
      output: clean.replace(`"${text}"`, `\`${text}: \${error instanceof Error ? error.message : String(error)}\``),
    },
  ],
});

const restated = (code: string): ReturnType<typeof invalid> =>
  invalid({
    name: code,
    code,
    errors: [caughtInCatch("Failed to parse order details", "checkout")],
    output: null,
  });

describe("no-generic-error-message: thrown text that a catch makes a JSON failure payload", () => {
  ruleTester.run("no-generic-error-message", rule, {
    valid: [
      // The payload says something of its own.
      { code: STRINGIFIED(CLASS_TEST, '{ error: { message: "Checkout is unavailable; try again in a minute." } }').replace("/*>*/", "") },
      // The text names more than the function it is thrown from does (and more than a short failure report).
      {
        code: STRINGIFIED(CLASS_TEST, "{ error: { message: errorMessage } }", "readCart")
          .replace("/*>*/", "")
          .replace('"Failed to parse order details"', '"Failed to parse the order details of the saved cart"'),
      },
    ],
    invalid: [
      // Errors of one class answered their own way, every other one as a payload with its message.
      restated(STRINGIFIED(CLASS_TEST, '{ error: { message: errorMessage, type: "api_error" } }')),
      restated(STRINGIFIED("", "{ error: errorMessage }")),
    ],
  });
});

/** A tool whose client method throws what `handleApiError(...)` builds from `args`. */
const HELPER_THROW = (args: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "flows", version: "1.0.0" });
declare function handleApiError(...args: unknown[]): Error;
async function getWorkflows() {
  try {
    const response = await fetch("https://flows.example.com/workflows", { signal: AbortSignal.timeout(5000) });
    return await response.json();
  } catch (error) {
    throw handleApiError(${args});
  }
}
server.registerTool("list_workflows", { inputSchema: {} }, async () => ({ content: [{ type: "text", text: JSON.stringify(await getWorkflows()) }] }));
`;

describe("no-generic-error-message: errors a helper builds", () => {
  ruleTester.run("no-generic-error-message", rule, {
    // Handed the caught error, the helper may add its message to the text.
    valid: [{ code: HELPER_THROW('error, "Failed to fetch workflows"') }],
    invalid: [
      invalid({
        name: "a helper handed only the text",
        code: HELPER_THROW('/*>*/"Failed to fetch workflows"'),
        errors: [caughtInCatch("Failed to fetch workflows", "list_workflows")],
        output: null,
      }),
    ],
  });
});
