import type { InvalidTestCase, SuggestionOutput, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../src/rules/no-error-details-leak.js";
import { createRuleTester } from "../rule-tester.js";
import { inTool, invalid as invalidCase, replaceOnce } from "../cases.js";
import { SHAPES } from "../shapes.js";

const ruleTester = createRuleTester();

type Invalid = InvalidTestCase<MessageIds, Options>;
type Valid = ValidTestCase<Options>;

const invalid = invalidCase<MessageIds, Options>;

const SEARCH_DOCS = 'Tool "search_docs"';
const UNNAMED = "This tool handler";

/** The one `useMessage` suggestion: `from` becomes `to`. */
function useMessage(from: string, to: string, replacement = to): (code: string) => SuggestionOutput<MessageIds>[] {
  return (code) => [{ messageId: "useMessage", data: { replacement }, output: replaceOnce(code, from, to) }];
}

const CAUGHT = "error instanceof Error ? error.message : String(error)";

/** A `try` whose `catch (error)` first runs `onError` when the error is an `Error`, then returns the error serialized. */
function afterErrorBranch(onError: string): string {
  return `    try {
      return { content: [{ type: "text", text: await fetch("https://docs.example.com").then((r) => r.text()) }] };
    } catch (error) {
      if (error instanceof Error) {
        ${onError}
      }
      return { content: [{ type: "text", text: /*>*/JSON.stringify(error) }], isError: true };
    }`;
}

/** A `try` whose `catch (error)` returns `text`. */
function caught(text: string, indent = "    "): string {
  return `${indent}try {
${indent}  return { content: [{ type: "text", text: await fetch("https://docs.example.com").then((r) => r.text()) }] };
${indent}} catch (error) {
${indent}  return { content: [{ type: "text", text: ${text} }], isError: true };
${indent}}`;
}

// ---------------------------------------------------------------------------------------------
// Every handler shape.

const shapeInvalid: Invalid[] = [
  ...SHAPES.map((shape) =>
    invalid({
      name: `${shape.title}: the stack in a template`,
      code: shape.wrap(caught("`Search failed: ${/*>*/error.stack}`")),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "error.stack",
          data: { tool: shape.named ? SEARCH_DOCS : UNNAMED, what: "`error.stack`" },
          suggestions: useMessage("${error.stack}", `\${${CAUGHT}}`, CAUGHT),
        },
      ],
      output: null,
    }),
  ),
  ...SHAPES.map((shape) =>
    invalid({
      name: `${shape.title}: JSON.stringify of the caught error in a const`,
      code: shape.wrap(`    try {
      return { content: [{ type: "text", text: "ok" }] };
    } catch (error) {
      const details = /*>*/JSON.stringify(error);
      return { content: [{ type: "text", text: details }], isError: true };
    }`),
      errors: [
        {
          messageId: "errorObjectLeak",
          reported: "JSON.stringify(error)",
          data: { tool: shape.named ? SEARCH_DOCS : UNNAMED, what: "`JSON.stringify(error)`" },
          suggestions: useMessage("JSON.stringify(error)", CAUGHT),
        },
      ],
      output: null,
    }),
  ),
];

const shapeValid: Valid[] = [
  ...SHAPES.map((shape) => ({
    name: `${shape.title}: the message of the caught error`,
    code: shape.wrap(caught(`\`Search failed: \${${CAUGHT}}\``)),
  })),
  ...SHAPES.map((shape) => ({
    name: `${shape.title}: the stack goes to the server log`,
    code: shape.wrap(`    try {
      return { content: [{ type: "text", text: "ok" }] };
    } catch (error) {
      console.error(error instanceof Error ? error.stack : error);
      return { content: [{ type: "text", text: \`Search failed: \${String(error)}\` }], isError: true };
    }`),
  })),
];

// ---------------------------------------------------------------------------------------------
// Hand-written cases.

const DOCS = 'Tool "search_docs"';

ruleTester.run("no-error-details-leak", rule, {
  valid: [
    ...shapeValid,
    {
      name: "not an MCP file",
      code: "export function describe(error: Error) { return { text: error.stack }; }",
    },
    { name: "the message", code: inTool(caught("error.message")) },
    { name: "String() of the caught error is its message", code: inTool(caught("String(error)")) },
    { name: "a template with the caught error", code: inTool(caught("`Failed: ${error}`")) },
    { name: "toString() of the caught error", code: inTool(caught("error.toString()")) },
    {
      name: "the upstream body is a different concern",
      code: inTool(caught("JSON.stringify(error.response?.data)")),
    },
    {
      name: "JSON.stringify as the fallback for a thrown non-Error",
      code: inTool(caught("error instanceof Error ? error.message : JSON.stringify(error)")),
    },
    {
      name: "JSON.stringify after a branch that leaves for every Error",
      code: inTool(afterErrorBranch('return { content: [{ type: "text", text: error.message }], isError: true };')),
    },
    {
      name: "a project's own error class serialized on purpose",
      code: `import { ToolError } from "./errors.js";
${inTool(caught("error instanceof ToolError ? JSON.stringify(error) : String(error)"))}`,
    },
    {
      name: "the first line of the stack is the message",
      code: inTool(caught('error.stack?.split("\\n")[0] ?? "unknown error"')),
    },
    {
      name: "the stack only decides the text",
      code: inTool(caught('error.stack ? "failed with a trace in the log" : "failed"')),
    },
    {
      name: "a `stack` that is not an error's",
      code: inTool('  const history = { stack: ["/home", "/docs"] };\n  return { content: [{ type: "text", text: JSON.stringify(history.stack) }] };'),
    },
    {
      name: "the stack of the tool's own input",
      code: inTool('  return { content: [{ type: "text", text: String(args.stack) }] };'),
    },
    {
      name: "an error helper called with a message",
      code: inTool(
        "  try {\n    return { content: [] };\n  } catch (error) {\n    return toolError(`Search failed: ${String(error)}`);\n  }",
        'function toolError(message: string) {\n  return { content: [{ type: "text" as const, text: message }], isError: true };\n}',
      ),
    },
    {
      name: "JSON.stringify of a value that is not an error",
      code: inTool(
        '  const hits = await fetch("https://docs.example.com").then((r) => r.json());\n  return { content: [{ type: "text", text: JSON.stringify(hits) }] };',
      ),
    },
    {
      name: "a stack in a low-level throw (a protocol error, not a result)",
      code: `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  try {
    return { content: [] };
  } catch (error) {
    throw new Error(\`failed: \${error.stack}\`);
  }
});`,
    },
    {
      name: "a result built off any handler path",
      code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export function describeFailure(error: Error) {
  const result = { content: [{ type: "text", text: error.stack }], isError: true };
  console.log(result);
}`,
    },
    {
      name: "an inspect() that is not node:util's",
      code: `import { inspect } from "./debug.js";\n${inTool(caught("inspect(error)"))}`,
    },
    {
      name: "String() of a value that is not a response",
      code: inTool(
        '  const count = await fetch("https://docs.example.com").then((r) => r.headers.get("x-count"));\n  return { content: [{ type: "text", text: String(count) }] };',
      ),
    },
  ],
  invalid: [
    ...shapeInvalid,

    invalid({
      name: "the stack as a fallback for the message",
      code: inTool(caught("/*>*/error.stack ?? error.message")),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "error.stack",
          data: { tool: DOCS, what: "`error.stack`" },
          suggestions: useMessage("error.stack ?? error.message", `(${CAUGHT}) ?? error.message`, CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "an optional chain",
      code: inTool(caught("/*>*/error?.stack")),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "error?.stack",
          data: { tool: DOCS, what: "`error?.stack`" },
          suggestions: useMessage("error?.stack", CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a truncated stack is still a stack",
      code: inTool(caught("/*>*/error.stack.slice(0, 500)")),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "error.stack",
          data: { tool: DOCS, what: "`error.stack`" },
          suggestions: useMessage("error.stack.slice", `(${CAUGHT}).slice`, CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "concatenation",
      code: inTool(caught('"Failed:\\n" + /*>*/error.stack')),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "error.stack",
          data: { tool: DOCS, what: "`error.stack`" },
          suggestions: useMessage("+ error.stack", `+ (${CAUGHT})`, CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "narrowed to Error: the suggestion reads .message",
      code: inTool(caught("error instanceof Error ? /*>*/error.stack : String(error)")),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "error.stack",
          data: { tool: DOCS, what: "`error.stack`" },
          suggestions: useMessage("? error.stack :", "? error.message :", "error.message"),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a cast to Error",
      code: inTool(caught("/*>*/(error as Error).stack")),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "(error as Error).stack",
          data: { tool: DOCS, what: "`(error as Error).stack`" },
          suggestions: useMessage("(error as Error).stack", "(error as Error).message"),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a const holding the caught error as Error",
      code: inTool(`  try {
    return { content: [] };
  } catch (caughtError) {
    const failure = caughtError as Error;
    return { content: [{ type: "text", text: /*>*/failure.stack }], isError: true };
  }`),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "failure.stack",
          data: { tool: DOCS, what: "`failure.stack`" },
          suggestions: useMessage("text: failure.stack", "text: failure.message", "failure.message"),
        },
      ],
      output: null,
    }),
    invalid({
      name: "an Error built from the caught value",
      code: inTool(`  try {
    return { content: [] };
  } catch (caughtError) {
    const failure = caughtError instanceof Error ? caughtError : new Error(String(caughtError));
    return { content: [{ type: "text", text: /*>*/failure.stack }], isError: true };
  }`),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "failure.stack",
          data: { tool: DOCS, what: "`failure.stack`" },
          suggestions: useMessage("text: failure.stack", "text: failure.message", "failure.message"),
        },
      ],
      output: null,
    }),
    invalid({
      name: "JSON.stringify with a replacer and indentation",
      code: inTool(caught("/*>*/JSON.stringify(error, null, 2)")),
      errors: [
        {
          messageId: "errorObjectLeak",
          reported: "JSON.stringify(error, null, 2)",
          data: { tool: DOCS, what: "`JSON.stringify(error, null, 2)`" },
          suggestions: useMessage("JSON.stringify(error, null, 2)", CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "JSON.stringify after a branch that only logs an Error",
      code: inTool(afterErrorBranch("console.error(error.message);")),
      errors: [
        {
          messageId: "errorObjectLeak",
          reported: "JSON.stringify(error)",
          data: { tool: DOCS, what: "`JSON.stringify(error)`" },
          suggestions: useMessage("JSON.stringify(error)", CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "an AxiosError serialized whole (its toJSON has the request config)",
      code: `import { AxiosError } from "axios";
${inTool(caught("error instanceof AxiosError ? /*>*/JSON.stringify(error) : String(error)"))}`,
      errors: [
        {
          messageId: "errorObjectLeak",
          reported: "JSON.stringify(error)",
          data: { tool: DOCS, what: "`JSON.stringify(error)`" },
          suggestions: useMessage("? JSON.stringify(error) :", "? error.message :", "error.message"),
        },
      ],
      output: null,
    }),
    invalid({
      name: "the stack in a stringified payload",
      code: inTool(caught("JSON.stringify({ message: error.message, stack: /*>*/error.stack })")),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "error.stack",
          data: { tool: DOCS, what: "`error.stack`" },
          suggestions: useMessage("stack: error.stack", `stack: ${CAUGHT}`, CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "the whole error inside a stringified payload",
      code: inTool(caught('JSON.stringify({ errorCategory: "transient", isRetryable: true, cause: /*>*/error })')),
      errors: [
        {
          messageId: "errorObjectLeak",
          reported: "error",
          data: { tool: DOCS, what: "`error`" },
          suggestions: useMessage("cause: error }", `cause: ${CAUGHT} }`, CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "the whole error in structuredContent (shorthand)",
      code: inTool(`  try {
    return { content: [] };
  } catch (error) {
    return { content: [{ type: "text", text: "Search failed." }], structuredContent: { /*>*/error }, isError: true };
  }`),
      errors: [
        {
          messageId: "errorObjectLeak",
          reported: "error",
          data: { tool: DOCS, what: "`error`" },
          suggestions: useMessage("structuredContent: { error }", `structuredContent: { error: ${CAUGHT} }`, `error: ${CAUGHT}`),
        },
      ],
      output: null,
    }),
    invalid({
      name: "the stack in structuredContent",
      code: inTool(`  try {
    return { content: [] };
  } catch (error) {
    return { content: [{ type: "text", text: "Search failed." }], structuredContent: { trace: /*>*/error.stack }, isError: true };
  }`),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "error.stack",
          data: { tool: DOCS, what: "`error.stack`" },
          suggestions: useMessage("trace: error.stack", `trace: ${CAUGHT}`, CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "util.inspect from node:util",
      code: `import util from "node:util";\n${inTool(caught("/*>*/util.inspect(error)"))}`,
      errors: [
        {
          messageId: "errorObjectLeak",
          reported: "util.inspect(error)",
          data: { tool: DOCS, what: "`util.inspect(error)`" },
          suggestions: useMessage("util.inspect(error)", CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a named inspect import",
      code: `import { inspect } from "util";\n${inTool(caught("/*>*/inspect(error, { depth: 4 })"))}`,
      errors: [
        {
          messageId: "errorObjectLeak",
          reported: "inspect(error, { depth: 4 })",
          data: { tool: DOCS, what: "`inspect(error, { depth: 4 })`" },
          suggestions: useMessage("inspect(error, { depth: 4 })", CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a .catch() callback's parameter",
      code: inTool(
        '  return fetch("https://docs.example.com")\n    .then(async (r) => ({ content: [{ type: "text" as const, text: await r.text() }] }))\n    .catch((reason) => ({ content: [{ type: "text" as const, text: /*>*/reason.stack }], isError: true }));',
      ),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "reason.stack",
          data: { tool: DOCS, what: "`reason.stack`" },
          suggestions: useMessage(
            "text: reason.stack",
            "text: reason instanceof Error ? reason.message : String(reason)",
            "reason instanceof Error ? reason.message : String(reason)",
          ),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a stack destructured in the catch clause",
      code: inTool(`  try {
    return { content: [] };
  } catch ({ message, stack }) {
    return { content: [{ type: "text", text: \`\${String(message)}\\n\${/*>*/stack}\` }], isError: true };
  }`),
      errors: [{ messageId: "stackTraceLeak", reported: "stack", data: { tool: DOCS, what: "`stack` destructured from the caught error" } }],
      output: null,
    }),
    invalid({
      name: "an error helper called with the stack",
      code: inTool(
        "  try {\n    return { content: [] };\n  } catch (error) {\n    return toolError(/*>*/error.stack);\n  }",
        'function toolError(message: string) {\n  return { content: [{ type: "text" as const, text: message }], isError: true };\n}',
      ),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "error.stack",
          data: { tool: DOCS, what: "`error.stack`" },
          suggestions: useMessage("toolError(error.stack)", `toolError(${CAUGHT})`, CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "an error helper that stringifies what it gets",
      code: inTool(
        "  try {\n    return { content: [] };\n  } catch (error) {\n    return toolError(/*>*/error);\n  }",
        'function toolError(failure: unknown) {\n  return { content: [{ type: "text" as const, text: JSON.stringify(failure) }], isError: true };\n}',
      ),
      errors: [{ messageId: "errorObjectLeak", reported: "error", data: { tool: DOCS, what: "`JSON.stringify(failure)` in `toolError()`" } }],
      output: null,
    }),
    invalid({
      name: "an error helper that narrows, then reads the stack",
      code: inTool(
        "  try {\n    return { content: [] };\n  } catch (error) {\n    return toolError(error);\n  }",
        'function toolError(failure: unknown) {\n  return { content: [{ type: "text" as const, text: failure instanceof Error ? /*>*/failure.stack : String(failure) }], isError: true };\n}',
      ),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "failure.stack",
          data: { tool: DOCS, what: "`failure.stack`" },
          suggestions: useMessage("? failure.stack :", "? failure.message :", "failure.message"),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a helper declared to take an Error",
      code: inTool(
        "  try {\n    return { content: [] };\n  } catch (error) {\n    return toolError(error as Error);\n  }",
        'function toolError(failure: Error) {\n  return { content: [{ type: "text" as const, text: /*>*/failure.stack ?? failure.message }], isError: true };\n}',
      ),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "failure.stack",
          data: { tool: DOCS, what: "`failure.stack`" },
          suggestions: useMessage("failure.stack ??", "failure.message ??", "failure.message"),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a text formatter that appends the stack",
      code: inTool(caught("formatFailure(/*>*/error)"), "function formatFailure(failure) {\n  return `${failure.message}\\n${failure.stack}`;\n}"),
      errors: [{ messageId: "stackTraceLeak", reported: "error", data: { tool: DOCS, what: "`failure.stack` in `formatFailure()`" } }],
      output: null,
    }),
    invalid({
      name: "String() of an HTTP response",
      code: inTool(`  const response = await fetch("https://docs.example.com/search");
  if (!response.ok) {
    return { content: [{ type: "text", text: \`Search failed: \${/*>*/String(response)}\` }], isError: true };
  }
  return { content: [{ type: "text", text: await response.text() }] };`),
      errors: [{ messageId: "responseObjectLeak", reported: "String(response)", data: { tool: DOCS, what: "`String(response)`" } }],
      output: null,
    }),
    invalid({
      name: "an axios error's response in a template",
      code: inTool(caught("`Search failed: ${/*>*/error.response}`")),
      errors: [{ messageId: "responseObjectLeak", reported: "error.response", data: { tool: DOCS, what: "`error.response`" } }],
      output: null,
    }),
    invalid({
      name: "a thrown message becomes the result text in McpServer",
      code: inTool(`  try {
    return { content: [] };
  } catch (error) {
    throw new Error(\`Search failed: \${/*>*/error.stack}\`);
  }`),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "error.stack",
          data: { tool: DOCS, what: "`error.stack`" },
          suggestions: useMessage("${error.stack}", `\${${CAUGHT}}`, CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a thrown McpError's message (the second argument)",
      code: inTool(`  try {
    return { content: [] };
  } catch (error) {
    throw new McpError(ErrorCode.InternalError, String(/*>*/error.stack));
  }`),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "error.stack",
          data: { tool: DOCS, what: "`error.stack`" },
          suggestions: useMessage("String(error.stack)", `String(${CAUGHT})`, CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "two results share one leaking const (one report)",
      code: inTool(`  try {
    return { content: [] };
  } catch (error) {
    const trace = /*>*/error.stack;
    if (Math.random() > 0.5) return { content: [{ type: "text", text: trace }], isError: true };
    return { content: [{ type: "text", text: \`again: \${trace}\` }], isError: true };
  }`),
      errors: [
        {
          messageId: "stackTraceLeak",
          reported: "error.stack",
          data: { tool: DOCS, what: "`error.stack`" },
          suggestions: useMessage("= error.stack;", `= ${CAUGHT};`, CAUGHT),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a comment inside the leaking expression (no suggestion)",
      code: inTool(caught("/*>*/JSON.stringify(error /* all of it */)")),
      errors: [
        {
          messageId: "errorObjectLeak",
          reported: "JSON.stringify(error /* all of it */)",
          data: { tool: DOCS, what: "`JSON.stringify(error /* all of it */)`" },
        },
      ],
      output: null,
    }),
    {
      ...invalid({
        name: "a JavaScript file",
        code: `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.tool("get_page", async () => {
  try {
    return { content: [] };
  } catch (err) {
    return { content: [{ type: "text", text: /*>*/err.stack }], isError: true };
  }
});`,
        errors: [
          {
            messageId: "stackTraceLeak",
            reported: "err.stack",
            data: { tool: 'Tool "get_page"', what: "`err.stack`" },
            suggestions: useMessage(
              "text: err.stack",
              "text: err instanceof Error ? err.message : String(err)",
              "err instanceof Error ? err.message : String(err)",
            ),
          },
        ],
        output: null,
      }),
      filename: "server.js",
    },
  ],
});
