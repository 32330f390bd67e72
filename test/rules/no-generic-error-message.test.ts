import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../src/rules/no-generic-error-message.js";
import { createRuleTester } from "../rule-tester.js";
import { SDK_SHAPE, inTool, span } from "../cases.js";
import { type HandlerShape, SHAPES, SHAPES_WITH_KNOWN_THROW, locate, locateAll } from "../shapes.js";

type Valid = ValidTestCase<Options>;
type Invalid = InvalidTestCase<MessageIds, Options>;

const ruleTester = createRuleTester();

/** What the suggestion writes for a generic text inside `catch (e)`. */
function withCause(text: string): string {
  return `\`${text}: \${e instanceof Error ? e.message : String(e)}\``;
}

/** The tool as the message names it. */
function toolOf(shape: HandlerShape): string {
  return shape.named ? 'tool "search_docs"' : "this tool handler";
}

const TOOL = toolOf(SDK_SHAPE);

interface Expect {
  readonly options?: Options;
  readonly settings?: Record<string, unknown>;
  /** The replacement the suggestion writes over the marked node; no suggestion when absent. */
  readonly suggestion?: string;
  readonly tool?: string;
}

/** An invalid case with one report on the marked node, whose text is `text`. */
function generic(name: string, source: string, text: string, expect: Expect = {}): Invalid {
  const { code, ...location } = span(source);
  return {
    name,
    code,
    ...(expect.options ? { options: expect.options } : {}),
    ...(expect.settings ? { settings: expect.settings } : {}),
    output: null,
    errors: [
      {
        messageId: "genericErrorMessage",
        data: { text, tool: expect.tool ?? TOOL },
        ...location,
        suggestions:
          expect.suggestion === undefined
            ? []
            : [
                {
                  messageId: "appendCauseMessage",
                  data: { name: "e" },
                  output: source.replace(/\/\*>\*\/[^]*?\/\*<\*\//, () => expect.suggestion ?? ""),
                },
              ],
      },
    ],
  };
}

const valid: Valid[] = [];
const invalid: Invalid[] = [];

/** A handler body that returns `text` from an error result in a `catch (e)`. */
const caughtBody = (text: string): string => `    try {
      return { content: [{ type: "text", text: await searchIndex(args.query) }] };
    } catch (e) {
      return { isError: true, content: [{ type: "text", text: ${text} }] };
    }`;

// Every handler shape gets the same bodies, so every behaviour is tested in every shape.
for (const shape of SHAPES) {
  valid.push(
    {
      name: `${shape.title}: error text that interpolates the input and the cause`,
      code: shape.wrap(caughtBody('`Searching the docs for "${args.query}" failed: ${e instanceof Error ? e.message : String(e)}`')),
    },
    {
      name: `${shape.title}: static error text that names the resource and the next step`,
      code: shape.wrap(
        `    return { isError: true, content: [{ type: "text", text: "The docs index is being rebuilt. Retry search_docs in five minutes." }] };`,
      ),
    },
    {
      name: `${shape.title}: generic text in a successful result`,
      code: shape.wrap(`    return { content: [{ type: "text", text: "Error" }] };`),
    },
  );
  invalid.push(
    generic(
      `${shape.title}: generic content text of an error result`,
      shape.wrap(`    return { isError: true, content: [{ type: "text", text: /*>*/"An error occurred"/*<*/ }] };`),
      "An error occurred",
      { tool: toolOf(shape) },
    ),
    generic(
      `${shape.title}: generic text in a catch, with a suggestion to append the cause`,
      shape.wrap(caughtBody('/*>*/"Search failed."/*<*/')),
      "Search failed.",
      { tool: toolOf(shape), suggestion: withCause("Search failed") },
    ),
  );
}

for (const shape of SHAPES_WITH_KNOWN_THROW) {
  invalid.push(
    generic(
      `${shape.title}: generic message of an error thrown out of the handler`,
      shape.wrap(`    const hits = await searchIndex(args.query);
    if (hits === undefined) throw new Error(/*>*/"Something went wrong"/*<*/);
    return { content: [{ type: "text", text: hits.join("\\n") }] };`),
      "Something went wrong",
      { tool: toolOf(shape) },
    ),
  );
  valid.push({
    name: `${shape.title}: generic message of an error thrown and caught inside the handler`,
    code: shape.wrap(`    try {
      throw new Error("Something went wrong");
    } catch {
      return { isError: true, content: [{ type: "text", text: "The docs index is offline; retry search_docs in a minute." }] };
    }`),
  });
}

for (const shape of SHAPES.filter((s) => s.thrown === "unknown")) {
  valid.push({
    name: `${shape.title}: a throw whose fate the model does not know`,
    code: shape.wrap(`    throw new Error("Something went wrong");`),
  });
}

// The generic phrases of the issue (and a few more), each as the whole text of an error result.
for (const text of [
  "Error",
  "An error occurred",
  "Something went wrong",
  "Operation failed",
  "Internal server error",
  "Unknown error",
  "Invalid input",
  "Failed to create record",
  "Please try again later",
  "Error: Something went wrong.",
  "SOMETHING WENT WRONG!!!",
  "Unable to load configuration",
  "Search failed",
  "",
  // "Could not" / "Cannot" and their contractions are as generic as "Failed to".
  "Could not fetch data",
  "Couldn't load the config",
  "Cannot read file",
  "Can't reach server",
  // A failure report on an object of two or three words, and nothing else (which one, or why?).
  "Failed to update event instance",
  "Could not create accessibility snapshot",
  "Unable to retrieve the OAuth client",
  // A generic step, then a generic phrase where the cause belongs.
  "Failed to open URL: Unknown error occurred",
  // A listed phrase with or without its article and its "occurred".
  "Unknown error occurred",
  "Error: Unknown error occurred",
  "An unexpected error has occurred.",
  "Internal error occured",
  // A listed phrase with a circumstance every call shares, or only the service's name.
  "An error occurred while making the request",
  "Error while processing the request.",
  "An error occurred while processing your query",
  "Unknown Tableau error",
  "An unexpected API error occurred",
  // A listed phrase of two words or more after only a name in title case.
  "Issue Creation Wizard tool execution failed",
  "GitHub request failed",
]) {
  invalid.push(
    generic(
      `generic phrase ${JSON.stringify(text)}`,
      inTool(`  return { isError: true, content: [{ type: "text", text: /*>*/${JSON.stringify(text)}/*<*/ }] };`),
      text,
    ),
  );
}

invalid.push(
  generic(
    "a template literal without expressions",
    inTool('  return { isError: true, content: [{ type: "text", text: /*>*/`Operation failed`/*<*/ }] };'),
    "Operation failed",
  ),
  generic(
    "a concatenation of literals",
    inTool(`  return { isError: true, content: [{ type: "text", text: /*>*/"An error " + "occurred"/*<*/ }] };`),
    "An error occurred",
  ),
  generic(
    "a literal with a type assertion",
    inTool(`  return { isError: true, content: [{ type: "text" as const, text: /*>*/"Unknown error" as string/*<*/ }] };`),
    "Unknown error",
  ),

  // The description and message fields of the payload.
  generic(
    "the description field of structuredContent",
    inTool(`  return {
    isError: true,
    content: [{ type: "text", text: "Searching the docs index failed: the index is offline." }],
    structuredContent: { errorCategory: "transient", isRetryable: true, description: /*>*/"An error occurred"/*<*/ },
  };`),
    "An error occurred",
  ),
  generic(
    "the message field of a JSON text payload",
    inTool(
      `  return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "validation", message: /*>*/"Invalid input"/*<*/ }) }] };`,
    ),
    "Invalid input",
  ),
  generic(
    "the message field of a nested error object",
    inTool(
      `  return { isError: true, content: [{ type: "text", text: JSON.stringify({ error: { code: "INTERNAL", message: /*>*/"Internal server error"/*<*/ } }) }] };`,
    ),
    "Internal server error",
  ),
  generic(
    "the description field named by the vocabulary settings",
    inTool(
      `  return { isError: true, content: [{ type: "text", text: JSON.stringify({ error_code: "INTERNAL_ERROR", error_message: /*>*/"Unknown error"/*<*/ }) }] };`,
    ),
    "Unknown error",
    { settings: { "mcp-errors": { preset: "snake-case" } } },
  ),
  generic(
    "a payload object held in a const",
    inTool(`  const payload = { errorCategory: "transient", description: /*>*/"Operation failed"/*<*/ };
  return { isError: true, content: [{ type: "text", text: JSON.stringify(payload) }] };`),
    "Operation failed",
  ),

  // Errors thrown out of the handler.
  generic("a thrown string", inTool(`  throw /*>*/"Unknown error"/*<*/;`), "Unknown error"),
  generic("the message of an Error subclass", inTool(`  throw new TypeError(/*>*/"Invalid input"/*<*/);`), "Invalid input"),
  generic("an Error called without new", inTool(`  throw Error(/*>*/"Operation failed"/*<*/);`), "Operation failed"),
  generic(
    "the message (second argument) of McpError",
    inTool(`  throw new McpError(ErrorCode.InternalError, /*>*/"Internal server error"/*<*/);`),
    "Internal server error",
  ),
  generic(
    "a listed phrase after the name of a function",
    inTool(`  throw new Error(/*>*/"analyzeLedger tool execution failed"/*<*/);`),
    "analyzeLedger tool execution failed",
  ),
  generic(
    "a listed phrase after a snake_case name and a colon",
    inTool(`  throw new Error(/*>*/"export_ledger: Operation failed"/*<*/);`),
    "export_ledger: Operation failed",
  ),
  generic(
    "the message after a code, of an error factory",
    inTool(
      `  if (!args.query) throw createError("NOT_FOUND", /*>*/"Not found"/*<*/);
  return { content: [] };`,
      `function createError(code: string, message: string) {
  return Object.assign(new Error(message), { code });
}`,
    ),
    "Not found",
  ),
  generic(
    "an Error with options",
    inTool(`  const hits = await searchIndex(args.query);
  if (!hits) throw new Error(/*>*/"Something went wrong"/*<*/, { cause: hits });
  return { content: [] };`),
    "Something went wrong",
  ),
  generic(
    "a throw in a same-file function the handler awaits",
    inTool(
      `  return { content: [{ type: "text", text: await runSearch(args.query) }] };`,
      `async function runSearch(query) {
  const response = await fetch(\`https://docs.example.com/search?q=\${query}\`);
  if (!response.ok) throw new Error(/*>*/"Request failed"/*<*/);
  return response.text();
}`,
    ),
    "Request failed",
  ),

  // Same-file error helpers: the text is whatever the caller passes.
  generic(
    "a string passed to a same-file error helper",
    inTool(
      `  const hits = await searchIndex(args.query);
  if (!hits) return toolError(/*>*/"Operation failed"/*<*/);
  return { content: [{ type: "text", text: hits }] };`,
      `function toolError(message) {
  return { isError: true, content: [{ type: "text", text: message }] };
}`,
    ),
    "Operation failed",
  ),
  generic(
    "a generic fallback, kept in a constant, passed to a helper that only prefixes 'Error:'",
    inTool(
      `  const outcome = await editRange(args.path);
  if (outcome.ok) return { content: [{ type: "text", text: "Edited." }] };
  const message = outcome.errors.map((e) => e.error).join("; ") || /*>*/"Unknown error"/*<*/;
  return toolError(message);`,
      `function toolError(message) {
  return { isError: true, content: [{ type: "text", text: \`Error: \${message}\` }] };
}`,
    ),
    "Unknown error",
  ),
  generic(
    "a generic fallback assigned to a variable just before the throw that reads it",
    inTool(`  let error;
  const result = await runRemote(args.query);
  if (result.isError) {
    const message = result.content?.[0]?.text;
    error = message || /*>*/"Unknown error"/*<*/;
    throw new Error(error);
  }
  return result;`),
    "Unknown error",
  ),
  generic(
    "a description passed to a same-file error helper in an object",
    inTool(
      `  const hits = await searchIndex(args.query);
  if (!hits) return toolError({ category: "transient", description: /*>*/"Unknown error"/*<*/ });
  return { content: [{ type: "text", text: hits }] };`,
      `function toolError({ category, description }) {
  return { isError: true, content: [{ type: "text", text: "Searching the docs failed." }], structuredContent: { errorCategory: category, description } };
}`,
    ),
    "Unknown error",
  ),
  generic(
    "a string passed to a typed arrow error helper",
    inTool(
      `  const hits = await searchIndex(args.query);
  if (!hits) return toolError(/*>*/"Internal error"/*<*/);
  return { content: [{ type: "text", text: hits }] };`,
      `const toolError = (message: string): CallToolResult => ({ isError: true, content: [{ type: "text", text: message }] });`,
    ),
    "Internal error",
  ),
  generic(
    "a generic default of a same-file error helper's parameter",
    inTool(
      `  const hits = await searchIndex(args.query);
  if (!hits) return toolError();
  return { content: [{ type: "text", text: hits }] };`,
      `function toolError(message = /*>*/"Something went wrong"/*<*/) {
  return { isError: true, content: [{ type: "text", text: message }] };
}`,
    ),
    "Something went wrong",
  ),
  generic(
    "a generic literal inside a same-file error helper (reported once, not once per call)",
    inTool(
      `  const hits = await searchIndex(args.query);
  if (!hits) return toolError();
  if (hits.length > 100) return toolError();
  return { content: [{ type: "text", text: hits }] };`,
      `function toolError() {
  return { isError: true, content: [{ type: "text", text: /*>*/"Error"/*<*/ }] };
}`,
    ),
    "Error",
  ),

  // The suggestion.
  generic("suggestion: a template literal in a catch", inTool(caughtBody("/*>*/`Unknown error`/*<*/")), "Unknown error", {
    suggestion: withCause("Unknown error"),
  }),
  generic(
    "suggestion: a thrown message in a catch (trailing dots dropped)",
    inTool(`  try {
    return { content: [{ type: "text", text: await searchIndex(args.query) }] };
  } catch (e) {
    throw new Error(/*>*/"Operation failed..."/*<*/);
  }`),
    "Operation failed...",
    { suggestion: withCause("Operation failed") },
  ),
  generic(
    "suggestion: a string passed to an error helper in a catch",
    inTool(
      `  try {
    return { content: [{ type: "text", text: await searchIndex(args.query) }] };
  } catch (e) {
    return toolError(/*>*/"Something went wrong"/*<*/);
  }`,
      `function toolError(message) {
  return { isError: true, content: [{ type: "text", text: message }] };
}`,
    ),
    "Something went wrong",
    { suggestion: withCause("Something went wrong") },
  ),
  generic(
    "suggestion: backticks, ${ and backslashes in the text are escaped",
    inTool(caughtBody('/*>*/"Oops `${x}` broke \\\\ here"/*<*/')),
    "Oops `${x}` broke \\ here",
    {
      options: [{ additionalPhrases: ["Oops `${x}` broke \\ here"] }],
      suggestion: "`Oops \\`\\${x}\\` broke \\\\ here: ${e instanceof Error ? e.message : String(e)}`",
    },
  ),
  generic("suggestion: a text that ends in a colon gets no second colon", inTool(caughtBody('/*>*/"Search failed: "/*<*/')), "Search failed: ", {
    suggestion: withCause("Search failed"),
  }),
  generic("no suggestion: a catch without a binding", inTool(caughtBody('/*>*/"Search failed"/*<*/').replace("catch (e)", "catch")), "Search failed"),
  generic(
    "no suggestion: a destructured catch binding",
    inTool(caughtBody('/*>*/"Search failed"/*<*/').replace("catch (e)", "catch ({ code })")),
    "Search failed",
  ),
  generic("no suggestion: a concatenation in a catch", inTool(caughtBody('/*>*/"Search " + "failed"/*<*/')), "Search failed"),

  // Options.
  generic(
    "option additionalPhrases: a project-specific generic text (case and punctuation ignored)",
    inTool(`  return { isError: true, content: [{ type: "text", text: /*>*/"Docs are unavailable."/*<*/ }] };`),
    "Docs are unavailable.",
    { options: [{ additionalPhrases: ["docs are unavailable"] }] },
  ),
  generic(
    "option allowedPhrases: other generic texts are still reported",
    inTool(`  if (!args.query) return { isError: true, content: [{ type: "text", text: "Invalid input" }] };
  return { isError: true, content: [{ type: "text", text: /*>*/"Unknown error"/*<*/ }] };`),
    "Unknown error",
    { options: [{ allowedPhrases: ["Invalid input"] }] },
  ),
  generic(
    "long text is shortened in the message",
    inTool(
      `  return { isError: true, content: [{ type: "text", text: /*>*/"The operation could not be completed because an error occurred somewhere"/*<*/ }] };`,
    ),
    `${"The operation could not be completed because an error occurred somewhere".slice(0, 57)}...`,
    { options: [{ additionalPhrases: ["The operation could not be completed because an error occurred somewhere"] }] },
  ),
);

{
  // Two generic texts in one result: two reports, in source order.
  const marked = inTool(`  return {
    isError: true,
    content: [{ type: "text", text: /*1*/"An error occurred"/*2*/ }],
    structuredContent: { errorCategory: "transient", description: /*3*/"Internal server error"/*4*/ },
  };`);
  let code = marked;
  const at: { line: number; column: number }[] = [];
  for (const marker of ["/*1*/", "/*2*/", "/*3*/", "/*4*/"]) {
    const found = locate(code, marker);
    code = found.code;
    at.push({ line: found.line, column: found.column });
  }
  const [a, b, c, d] = at as [(typeof at)[0], (typeof at)[0], (typeof at)[0], (typeof at)[0]];
  invalid.push({
    name: "a generic content text and a generic description in one result",
    code,
    output: null,
    errors: [
      {
        messageId: "genericErrorMessage",
        data: { text: "An error occurred", tool: TOOL },
        line: a.line,
        column: a.column,
        endLine: b.line,
        endColumn: b.column,
        suggestions: [],
      },
      {
        messageId: "genericErrorMessage",
        data: { text: "Internal server error", tool: TOOL },
        line: c.line,
        column: c.column,
        endLine: d.line,
        endColumn: d.column,
        suggestions: [],
      },
    ],
  });
}

{
  // Two generic static parts in one content array: each is reported.
  const { code, at } = locateAll(
    inTool(`  return {
    isError: true,
    content: [
      { type: "text", text: /*1*/"An error occurred"/*2*/ },
      { type: "text", text: /*3*/"Please try again later"/*4*/ },
    ],
  };`),
    4,
  );
  const [a, b, c, d] = at as [(typeof at)[0], (typeof at)[0], (typeof at)[0], (typeof at)[0]];
  invalid.push({
    name: "two generic static content parts are both reported",
    code,
    output: null,
    errors: [
      {
        messageId: "genericErrorMessage",
        data: { text: "An error occurred", tool: TOOL },
        line: a.line,
        column: a.column,
        endLine: b.line,
        endColumn: b.column,
        suggestions: [],
      },
      {
        messageId: "genericErrorMessage",
        data: { text: "Please try again later", tool: TOOL },
        line: c.line,
        column: c.column,
        endLine: d.line,
        endColumn: d.column,
        suggestions: [],
      },
    ],
  });
}

valid.push(
  {
    name: "a generic first content part followed by a part that gives the cause",
    code: inTool(`  const res = await fetch(\`https://docs.example.com/search?q=\${args.query}\`);
  if (!res.ok) {
    return {
      isError: true,
      content: [
        { type: "text", text: "Search failed" },
        { type: "text", text: \`The docs index answered HTTP \${res.status}; retry search_docs in a minute.\` },
      ],
    };
  }
  return { content: [{ type: "text", text: await res.text() }] };`),
  },
  {
    name: "a message that starts generic and then names the cause",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "An error occurred: the docs index is offline." }] };`),
  },
  {
    name: "a message that names the input",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "Invalid input: query must be at least 3 characters." }] };`),
  },
  {
    name: "a message that names the resource",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "Failed to create the record in table docs_index" }] };`),
  },
  {
    // Another statement may write it in between: which value the throw reads is unknown.
    name: "a generic fallback assigned, then maybe replaced, before the throw",
    code: inTool(`  let error;
  const result = await runRemote(args.query);
  if (result.isError) {
    error = result.content?.[0]?.text || "Unknown error";
    if (result.structuredContent) error = JSON.stringify(result.structuredContent);
    throw new Error(error);
  }
  return result;`),
  },
  {
    // "Cannot" on a short object often states the reason itself.
    name: "a refusal that says why",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "Cannot delete default branch" }] };`),
  },
  {
    name: "a failure report on a longer object that says where",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "Failed to parse the invoice list from the billing API" }] };`),
  },
  {
    name: "an error while doing something named",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "An error occurred while uploading the invoice PDF" }] };`),
  },
  {
    name: "an unknown value of something named",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "Unknown currency code error: use ISO 4217 codes such as EUR" }] };`),
  },
  {
    name: "a specific step before a generic phrase, outside any catch",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "Refund of the last order: unknown error" }] };`),
  },
  {
    name: "a service's name before a listed phrase that says which side failed",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "QuickBooks server error. Please try again later." }] };`),
  },
  {
    name: "a not-found message that names the resource",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "Document not found" }] };`),
  },
  {
    name: "a template literal that interpolates the cause",
    code: inTool(caughtBody("`Operation failed: ${String(e)}`")),
  },
  {
    name: "a concatenation with a dynamic part",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "Search failed for " + args.query }] };`),
  },
  {
    name: "text that is not visible in the file",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: describeFailure(args) }] };`),
  },
  {
    name: "a generic userMessage is not the model-visible description",
    code: inTool(`  return {
    isError: true,
    content: [{ type: "text", text: "The docs index is offline; retry search_docs in a minute." }],
    structuredContent: { errorCategory: "transient", description: "The docs index is offline.", userMessage: "Something went wrong" },
  };`),
  },
  {
    name: "isError: false",
    code: inTool(`  return { isError: false, content: [{ type: "text", text: "Error" }] };`),
  },
  {
    name: "an isError object that is not a tool result",
    code: inTool(`  const status = { isError: true, text: "Error" };
  return { content: [{ type: "text", text: JSON.stringify(status) }] };`),
  },
  {
    name: "a thrown Error with an interpolated message",
    code: inTool('  throw new Error(`Search for "${args.query}" failed: the index is offline`);'),
  },
  {
    name: "the name of a function, then the cause",
    code: inTool(`  throw new Error("analyzeLedger failed: the ledger for the month given is locked; unlock it with unlock_ledger first");`),
  },
  {
    name: "a code before a specific message, of an error factory",
    code: inTool(
      `  if (!args.query) throw createError("NOT_FOUND", "No documentation at the path given in query: list the folders with list_docs first");
  return { content: [] };`,
      `function createError(code: string, message: string) {
  return Object.assign(new Error(message), { code });
}`,
    ),
  },
  {
    name: "a code after a message read from the caught error, of an error class",
    code: inTool(
      `  try {
    return { content: [{ type: "text", text: await searchIndex(args.query) }] };
  } catch (error) {
    throw new LedgerError((error as Error).message, "REQUEST_ERROR");
  }`,
      `class LedgerError extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
  }
}`,
    ),
  },
  {
    name: "McpError with an interpolated message",
    code: inTool("  throw new McpError(ErrorCode.InternalError, `Search for ${String(args.query)} failed: the index is offline`);"),
  },
  {
    name: "a rethrown error",
    code: inTool("  try {\n    return { content: [] };\n  } catch (e) {\n    throw e;\n  }"),
  },
  {
    name: "a throw in a function that is not on any handler path",
    code: inTool("  return { content: [] };", `function unrelated() {\n  throw new Error("Something went wrong");\n}`),
  },
  {
    name: "a floating promise's throw does not escape the handler",
    code: inTool(
      "  void runInBackground(args);\n  return { content: [] };",
      `async function runInBackground(args) {\n  throw new Error("Something went wrong");\n}`,
    ),
  },
  {
    name: "a file without MCP evidence",
    code: `export function handler(req) {
  if (!req) throw new Error("Something went wrong");
  return { ok: false, text: "An error occurred" };
}`,
  },
  {
    name: "the dispatcher's unknown-tool branch of a low-level server",
    code: `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "search_docs":
      return { content: [{ type: "text", text: "[]" }] };
    default:
      return { isError: true, content: [{ type: "text", text: "Error" }] };
  }
});`,
  },
  {
    name: "option allowedPhrases: an allowed generic text (case and punctuation ignored)",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "Invalid input." }] };`),
    options: [{ allowedPhrases: ["invalid input"] }],
  },
  {
    name: "option allowedPhrases wins over additionalPhrases",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "Docs are unavailable" }] };`),
    options: [{ additionalPhrases: ["Docs are unavailable"], allowedPhrases: ["Docs are unavailable"] }],
  },
  {
    name: "option additionalPhrases matches whole messages only",
    code: inTool(`  return { isError: true, content: [{ type: "text", text: "Docs are unavailable until the index rebuild finishes at 12:00 UTC" }] };`),
    options: [{ additionalPhrases: ["Docs are unavailable"] }],
  },
);

// A text is judged per branch: a conditional or a fallback shows the model one branch at a time.
// Boilerplate next steps ("please try again", "contact support if the problem persists") do not
// make a text specific.
valid.push(
  {
    name: "both branches of a conditional name the cause",
    code: inTool(
      `    return { isError: true, content: [{ type: "text", text: args.id ? \`No document \${args.id} in the index\` : "Pass the id of the document to read" }] };`,
    ),
  },
  {
    // What the error has, kept a string when it has nothing: no text written for the model.
    name: "an empty-string fallback of the caught error's message in a JSON payload",
    code: inTool(caughtBody('JSON.stringify({ name: e instanceof Error ? e.name : "", message: (e as Error).message ?? "", error: e })')),
  },
  {
    name: "a specific text followed by a boilerplate next step",
    code: inTool('    return { isError: true, content: [{ type: "text", text: "The search index is rebuilding. Please try again later." }] };'),
  },
);
// A result made an error after it was built (`response.isError = true`, then a pushed part).
const mutated = (errorText: string, successText = "await searchIndex(args.query)"): string =>
  inTool(`    const response = { content: [], isError: false };
    try {
      response.content.push({ type: "text", text: ${successText} });
    } catch (e) {
      response.isError = true;
      response.content.push({ type: "text", text: ${errorText} });
    }
    return response;`);
valid.push(
  { name: "mutated result: a specific text pushed after isError is set", code: mutated('"The docs index is offline; retry search_docs in a minute."') },
  {
    name: "mutated result: a generic-looking text pushed in the success branch is no error text",
    code: mutated('"The docs index is offline."', '"Error"'),
  },
);
invalid.push(
  generic("mutated result: a generic text pushed after isError is set", mutated('/*>*/"Search failed"/*<*/'), "Search failed", {
    suggestion: withCause("Search failed"),
  }),
);

// A branch that pushes its text, then makes the result an error.
const mutatedBranch = (errorText: string): string =>
  inTool(`    const response = { content: [], isError: false };
    response.content.push({ type: "text", text: "Error" });
    const image = await renderPage(args.query);
    if (!image) {
      response.content.push({ type: "text", text: ${errorText} });
      response.isError = true;
    } else {
      response.content.push({ type: "image", data: image, mimeType: "image/png" });
    }
    return response;`);
valid.push({
  // The generic-looking part pushed before the branch, in the function's own block, is not the error's.
  name: "mutated result: a specific text pushed in the branch that sets isError",
  code: mutatedBranch('"The page renderer timed out after 30 s; retry with a smaller page."'),
});
invalid.push(
  generic(
    "mutated result: a generic text pushed in the branch that sets isError",
    mutatedBranch('/*>*/"Failed to get screenshot"/*<*/'),
    "Failed to get screenshot",
  ),
);

// A helper whose own words say what failed: the text passed in is only the cause.
valid.push({
  name: "a generic text passed to a helper whose template names the failure",
  code: inTool(
    `  const hits = await searchIndex(args.query);
  if (!hits) return toolError("Unknown error");
  return { content: [{ type: "text", text: hits }] };`,
    `function toolError(cause) {
  return { isError: true, content: [{ type: "text", text: \`The docs index at docs.example.com did not answer: \${cause}\` }] };
}`,
  ),
});

// A text that says only that the tool's own operation failed (the tool is "search_docs").
/** A search whose catch (binding `param`) runs `onError`. */
const catching = (param: string, onError: string): string => `    try {
      return { content: [{ type: "text", text: await searchIndex(args.query) }] };
    } catch ${param} {
      ${onError}
    }`;
/** An error result for a missing index: no caught error is at hand, so none is dropped. */
const missingIndex = (text: string): string => `    const index = await openIndex(args.query);
    if (!index) return { isError: true, content: [{ type: "text", text: ${text} }] };
    return { content: [{ type: "text", text: index.search(args.query) }] };`;
valid.push(
  {
    name: "a vague action on something the tool's name does not name, and where",
    code: inTool(missingIndex('"Unable to retrieve the docs index of the search cluster"')),
  },
  { name: "a failure named by something other than the tool's operation", code: inTool(caughtBody('"Authentication failed"')) },
  { name: "a subject with a word the tool's name does not have", code: inTool(missingIndex('"Docs index failed"')) },
  { name: "more than the subject and 'failed'", code: inTool(caughtBody('"Search docs failed: the index is offline"')) },
  // The catch keeps the cause beside the text, or the text answers a test of the error.
  {
    name: "a catch that passes the cause in another part",
    code: inTool(
      catching("(e)", 'return { isError: true, content: [{ type: "text", text: "Failed to read the docs index" }, { type: "text", text: String(e) }] };'),
    ),
  },
  {
    name: "a catch that answers a test of the error",
    code: inTool(
      catching(
        "(e)",
        'if (e.code === "ENOENT") return { isError: true, content: [{ type: "text", text: "Failed to read the docs index" }] };\n      throw e;',
      ),
    ),
  },
);
// A short failure report is generic even with no caught error at hand: which index, and why?
invalid.push(
  generic(
    "a vague action on a short object, outside any catch",
    inTool(missingIndex('/*>*/"Unable to retrieve the docs index"/*<*/')),
    "Unable to retrieve the docs index",
  ),
);
// A catch that drops the cause: a text that only names the tool's own kind of operation, in words of its own.
/** A static text a catch answers with, reported with the suggestion to append the cause. */
const inCatch = (name: string, text: string): Invalid =>
  generic(name, inTool(caughtBody(`/*>*/${JSON.stringify(text)}/*<*/`)), text, { suggestion: withCause(text.replace(/\.$/u, "")) });
invalid.push(
  inCatch("a vague action on an object one of whose words the tool's name has", "Unable to retrieve the docs index"),
  inCatch("a subject one of whose words the tool's name has, and 'failed'", "Docs index failed"),
  generic(
    "the same after an `Error:` prefix, in a catch with no binding",
    inTool(catching("", 'return { isError: true, content: [{ type: "text", text: /*>*/`Error: Failed to load the docs history`/*<*/ }] };')),
    "Error: Failed to load the docs history",
  ),
);
invalid.push(
  // The step that failed, then a generic phrase where the dropped cause belongs.
  inCatch("the step, then only that an unknown error occurred", "Error converting the docs: Unknown error occurred"),
  // A catch that shows an Error's own message (`if (e instanceof Error)`): what a helper throws is the text.
  generic(
    "a helper's throw whose message a catch shows for errors of class Error",
    inTool(
      catching(
        "(e)",
        'if (e instanceof Error) return { isError: true, content: [{ type: "text", text: `Error: ${e.message}` }] };\n      return { isError: true, content: [{ type: "text", text: `Error: ${String(e)}` }] };',
      ).replace("await searchIndex(args.query)", "await convertDocs(args.query)"),
      `async function convertDocs(query) {
  if (!query) throw new Error(/*>*/"Unknown error"/*<*/);
  return query;
}`,
    ),
    "Unknown error",
  ),
  // `e instanceof Error` only asks how to read the cause: the other branch still drops it.
  generic(
    "the same in the branch for a thrown value that is not an Error",
    inTool(
      catching(
        "(e)",
        'if (e instanceof Error) throw new Error(`Error converting the docs: ${e.message}`);\n      else throw new Error(/*>*/"Error converting the docs: Unknown error occurred"/*<*/);',
      ),
    ),
    "Error converting the docs: Unknown error occurred",
    { suggestion: withCause("Error converting the docs: Unknown error occurred") },
  ),
);
valid.push(
  // The same text where the catch keeps the cause in another part: the agent reads the cause there.
  {
    name: "the step and a generic phrase, beside the cause",
    code: inTool(
      catching(
        "(e)",
        'return { isError: true, content: [{ type: "text", text: "Error converting the docs: Unknown error occurred" }, { type: "text", text: String(e) }] };',
      ),
    ),
  },
  // Outside a catch there is no cause to drop: the step is what the agent can act on.
  { name: "the step and a generic phrase, no catch", code: inTool('    throw new Error("Markdown conversion: unknown error");') },
);
invalid.push(
  generic(
    "a vague action on the tool's own object, nothing else",
    inTool(caughtBody('/*>*/"Unable to retrieve the search docs."/*<*/')),
    "Unable to retrieve the search docs.",
    {
      suggestion: withCause("Unable to retrieve the search docs"),
    },
  ),
  // "docs" abbreviates "documentation" (as "stats" does "statistics" in a tool named get_usage_stats).
  generic(
    "a vague action on the tool's own object, written out in full",
    inTool(caughtBody('/*>*/"Failed to search the documentation."/*<*/')),
    "Failed to search the documentation.",
    {
      suggestion: withCause("Failed to search the documentation"),
    },
  ),
  generic("the tool's own operation and 'failed', nothing else", inTool(caughtBody('/*>*/"Docs search failed."/*<*/')), "Docs search failed.", {
    suggestion: withCause("Docs search failed"),
  }),
  generic(
    "the same, in one branch of a conditional",
    inTool(
      '    const hits = await searchIndex(args.query);\n    if (hits.length === 0) return { isError: true, content: [{ type: "text", text: args.query ? `No docs match ${args.query}` : /*>*/"Searches failed"/*<*/ }] };\n    return { content: [{ type: "text", text: hits.join("\\n") }] };',
    ),
    "Searches failed",
  ),
);

invalid.push(
  generic(
    "generic text in one branch of a conditional",
    inTool(`  try {
    return { content: [{ type: "text", text: await searchIndex(args.query) }] };
  } catch (e) {
    return { isError: true, content: [{ type: "text", text: e instanceof Error ? \`Search failed: \${e.message}\` : /*>*/"Something went wrong"/*<*/ }] };
  }`),
    "Something went wrong",
    { suggestion: withCause("Something went wrong") },
  ),
  generic(
    "generic fallback text after ||",
    inTool('    return { isError: true, content: [{ type: "text", text: args.reason || /*>*/"Unknown error"/*<*/ }] };'),
    "Unknown error",
  ),
  generic(
    "a generic text whose only next step is boilerplate",
    inTool(
      '    return { isError: true, content: [{ type: "text", text: /*>*/"An internal error occurred. Please try again or contact support if the problem persists."/*<*/ }] };',
    ),
    "An internal error occurred. Please try again or contact s...",
  ),
  generic(
    "a generic text whose only next step is to read logs the model cannot see",
    inTool('    return { isError: true, content: [{ type: "text", text: /*>*/"An internal error occurred. Check server logs for details."/*<*/ }] };'),
    "An internal error occurred. Check server logs for details.",
  ),
  generic(
    "a thrown error whose message is generic in one branch",
    inTool('    throw new Error(args.id ? `Document ${args.id} is locked` : /*>*/"Operation failed"/*<*/);'),
    "Operation failed",
  ),
);

// A payload builder of the file: its `message` is what each call passes.
const ENVELOPE = `function envelope(code, message) {
  return { code, message };
}`;
invalid.push(
  generic(
    "the message a stringified payload builder takes from its call",
    inTool(
      '    return { isError: true, content: [{ type: "text", text: JSON.stringify(envelope("INVALID_REQUEST", /*>*/"Invalid request."/*<*/)) }] };',
      ENVELOPE,
    ),
    "Invalid request.",
  ),
);
valid.push({
  name: "a specific message a stringified payload builder takes from its call",
  code: inTool(
    '    return { isError: true, content: [{ type: "text", text: JSON.stringify(envelope("INVALID_DATE", `The date ${args.date} is not in YYYY-MM-DD form`)) }] };',
    ENVELOPE,
  ),
});

ruleTester.run("no-generic-error-message", rule, { valid, invalid });
