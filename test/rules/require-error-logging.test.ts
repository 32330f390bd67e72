import type { InvalidTestCase, SuggestionOutput, ValidTestCase } from "@typescript-eslint/rule-tester";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import rule, { type MessageIds, type Options } from "../../src/rules/require-error-logging.js";
import { type Expected, fixed, inTool, invalid as invalidCase } from "../cases.js";
import { createRuleTester } from "../rule-tester.js";
import { type HandlerShape, SHAPES, toolOf } from "../shapes.js";

type Valid = ValidTestCase<Options>;
type Invalid = InvalidTestCase<MessageIds, Options>;

const ruleTester = createRuleTester();
const invalid = invalidCase<MessageIds, Options>;

/** What the suggested `console.error` names: the tool, else the function the catch is in. */
function labelOf(shape: HandlerShape): string {
  return shape.named ? "search_docs" : "searchDocs";
}

/** The suggestion that inserts `statement` right after `opening` (the catch's `{` and what precedes it). */
function logFirst(code: string, opening: string, statement: string, indent = "      "): SuggestionOutput<MessageIds>[] {
  return [{ messageId: "logCaughtError", data: { statement }, output: fixed([opening, `${opening}\n${indent}${statement}`])(code) }];
}

// ---------------------------------------------------------------------------------------------
// Every handler shape: the same bodies in each. `/*>*/` marks the `catch` keyword, where the
// rule reports.

const ERROR_RESULT = `{ content: [{ type: "text", text: \`Search failed: \${String(error)}\` }], isError: true }`;
const answersWithError = (onError: string): string => `    try {
      const hits = await searchIndex(args.query);
      return { content: [{ type: "text", text: hits.join("\\n") }] };
    } /*>*/catch (error) {${onError}
      return ${ERROR_RESULT};
    }`;
const dropsFailure = (onError: string): string => `    const hits = await searchIndex(args.query);
    try {
      await recordQuery(args.query);
    } /*>*/catch (error) {${onError}
      stats.unrecorded += 1;
    }
    return { content: [{ type: "text", text: hits.join("\\n") }] };`;

const shapeValid: Valid[] = SHAPES.flatMap((shape) => [
  {
    name: `${shape.title}: an error result after console.error`,
    code: shape.wrap(answersWithError('\n      console.error("search_docs failed:", error);').replace("/*>*/", "")),
  },
  {
    name: `${shape.title}: a dropped failure that a logger records`,
    code: shape.wrap(dropsFailure('\n      logger.warn("could not record the query", error);').replace("/*>*/", "")),
  },
]);

const shapeInvalid: Invalid[] = SHAPES.flatMap((shape) =>
  (
    [
      ["an error result", answersWithError(""), "unloggedErrorResult"],
      ["a dropped failure", dropsFailure(""), "unloggedDroppedFailure"],
    ] as const
  ).map(([what, body, messageId]) =>
    invalid({
      name: `${shape.title}: ${what}, nothing logged`,
      code: shape.wrap(body),
      errors: [
        {
          messageId,
          reported: "catch",
          data: { tool: toolOf(shape) },
          suggestions: (code) => logFirst(code, "catch (error) {", `console.error("${labelOf(shape)} failed:", error);`),
        },
      ],
      output: null,
    }),
  ),
);

// ---------------------------------------------------------------------------------------------
// Hand-written cases: `registerTool("search_docs")` (`inTool`) unless said otherwise.

/** A try in the tool whose catch runs `onError` (indented by the caller), then answers with an error result. */
const failing = (onError: string, param = "(error)"): string => `  try {
    return { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } catch ${param} {
${onError}
    return { content: [{ type: "text", text: "The docs search failed." }], isError: true };
  }`;

const TOOL = 'tool "search_docs"';
const STATEMENT = 'console.error("search_docs failed:", error);';

const valid: Valid[] = [
  { name: "console.warn", code: inTool(failing('    console.warn("docs search failed", error);')) },
  { name: "console.log with only a message", code: inTool(failing('    console.log("docs search failed");')) },
  {
    name: "an imported logger, without the error",
    code: `import { logger } from "./logger.js";\n${inTool(failing('    logger.error("docs search failed");'))}`,
  },
  { name: "a logger property of this", code: inTool(failing('    this.logger.error({ err: error }, "docs search failed");')) },
  { name: "a pino child logger named for logging", code: inTool(failing("    requestLog.warn({ err: error });")) },
  { name: "winston's default logger", code: inTool(failing('    winston.error("docs search failed", { error });')) },
  { name: "a method named log on anything", code: inTool(failing('    this.log("error", `docs search failed: ${String(error)}`);')) },
  { name: "a function named for logging", code: inTool(failing('    logFailure("search_docs");')) },
  { name: "stderr", code: inTool(failing("    process.stderr.write(`docs search failed: ${String(error)}\\n`);")) },
  {
    name: "the MCP logging notification on the server",
    code: inTool(failing('    await server.server.sendLoggingMessage({ level: "error", data: "docs search failed" });')),
  },
  {
    name: "the MCP logging notification through the request context",
    code: inTool(
      failing('    await extra.sendNotification({ method: "notifications/message", params: { level: "error", data: "docs search failed" } });'),
    ),
  },
  {
    name: "SDK v2: the request context's log",
    code: `import { McpServer } from "@modelcontextprotocol/server";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("search_docs", {}, async (ctx) => {
  try {
    return { content: [{ type: "text", text: await fetchDocs() }] };
  } catch (error) {
    await ctx.mcpReq.log("error", { message: "docs search failed" });
    return { content: [{ type: "text", text: "The docs search failed." }], isError: true };
  }
});`,
  },
  {
    name: "FastMCP: the context's logger, destructured",
    code: `import { FastMCP } from "fastmcp";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
server.addTool({
  name: "search_docs",
  execute: async (args, { log }) => {
    try {
      return await fetchDocs(args.query);
    } catch (error) {
      log.error("docs search failed", { error: String(error) });
      return { content: [{ type: "text", text: "The docs search failed." }], isError: true };
    }
  },
});`,
  },
  { name: "the error handed to an imported function (it may log)", code: inTool(failing("    reportFailure(error);")) },
  { name: "a value derived from the error handed to a tracer", code: inTool(failing("    span.setStatus({ code: 2, message: error.message });")) },
  {
    name: "a derived constant handed on",
    code: inTool(failing("    const detail = error instanceof Error ? error.message : String(error);\n    metrics.failure(detail);")),
  },
  { name: "the error kept in a variable outside the catch", code: inTool(failing("    lastFailure = error;")) },
  {
    name: "a same-file function that logs what it is given",
    code: inTool(failing("    note(error);"), 'function note(problem) {\n  console.error("search_docs:", problem);\n}'),
  },
  {
    name: "a same-file function that logs, called without the error",
    code: inTool(failing("    alertOperator();"), 'function alertOperator() {\n  logger.error("the docs search is failing");\n}'),
  },
  {
    name: "a rethrow after an error result for some errors",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } catch (error) {
    if (error instanceof NotFound) {
      return { content: [{ type: "text", text: "No such page." }], isError: true };
    }
    throw error;
  }`),
  },
  {
    name: "a wrapped rethrow",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } catch (error) {
    throw new Error("The docs search failed", { cause: error });
  }`),
  },
  {
    name: "a catch that answers with a successful result is no-swallowed-failure's",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } catch {
    return { content: [{ type: "text", text: "No documents found." }] };
  }`),
  },
  {
    name: "a catch that answers with an error result on one path and a value on another",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } catch (error) {
    if (error instanceof Quota) return { content: [{ type: "text", text: "Over quota." }], isError: true };
    return { content: [{ type: "text", text: "Nothing found." }] };
  }`),
  },
  {
    name: "a fallback the try leaves in a variable read afterwards is no-swallowed-failure's",
    code: inTool(`  let pages = [];
  try {
    pages = await fetchPages(args.query);
  } catch {
    pages = [];
  }
  return { content: [{ type: "text", text: pages.join("\\n") }] };`),
  },
  {
    name: "a step the request asked for, dropped without a word, is no-swallowed-failure's",
    code: inTool(`  const doc = await docs.create(args.folder);
  if (args.title) {
    try {
      await docs.rename(doc.id, args.title);
    } catch {}
  }
  return { content: [{ type: "text", text: \`Created \${doc.id}\` }] };`),
  },
  {
    name: "an empty catch with a comment says the failure is meant to be dropped",
    code: inTool(`  try {
    await warmCache(args.query);
  } catch {
    // The cache is an optimisation: a cold cache only costs time.
  }
  return { content: [{ type: "text", text: await fetchDocs(args.query) }] };`),
  },
  {
    name: "a catch that is only `continue` skips the item on purpose",
    code: inTool(`  const pages = [];
  for (const id of args.ids) {
    try {
      pages.push(await fetchPage(id));
    } catch {
      continue;
    }
  }
  return { content: [{ type: "text", text: pages.join("\\n") }] };`),
  },
  {
    name: "a catch that builds a result is no-swallowed-failure's",
    code: inTool(`  let answer;
  try {
    answer = { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } catch {
    answer = { content: [{ type: "text", text: "Nothing found." }] };
  }
  return answer;`),
  },
  {
    name: "a catch off every handler path",
    code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export function parseConfig(text) {
  try {
    return JSON.parse(text);
  } catch {
    return { content: [{ type: "text", text: "bad config" }], isError: true };
  }
}`,
  },
  {
    name: "the dispatcher's own unknown-tool branch",
    code: `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "search_docs": {
      console.error("searching");
      return { content: [{ type: "text", text: await fetchDocs(request.params.arguments) }] };
    }
    default:
      try {
        return await forward(request);
      } catch {
        return { content: [{ type: "text", text: \`Unknown tool: \${request.params.name}\` }], isError: true };
      }
  }
});`,
  },
  { name: "not an MCP file", code: "export function parse(text: string) { try { return JSON.parse(text); } catch { return null; } }" },
];

/** A log suggestion whose output inserts `statement` after `from`, replaced by `to` (a catch parameter added, say). */
const logAs =
  (statement: string, from: string, to: string) =>
  (code: string): SuggestionOutput<MessageIds>[] => [{ messageId: "logCaughtError", data: { statement }, output: fixed([from, to])(code) }];

/** An invalid case: one finding of `search_docs` at the marked `catch`, with the log suggestion (default: after `catch (error) {`). */
function unlogged(
  name: string,
  code: string,
  {
    messageId = "unloggedErrorResult",
    suggestions = (c) => logFirst(c, "catch (error) {", STATEMENT, "    "),
  }: Partial<Pick<Expected<MessageIds>, "messageId" | "suggestions">> = {},
): Invalid {
  return invalid({ name, code, errors: [{ messageId, reported: "catch", data: { tool: TOOL }, suggestions }], output: null });
}

const invalidCases: Invalid[] = [
  unlogged("a catch without a parameter: the suggestion adds one", inTool(failing("    stats.failures += 1;", "").replace("catch  {", "/*>*/catch {")), {
    suggestions: logAs(STATEMENT, "catch {", `catch (error) {\n    ${STATEMENT}`),
  }),
  unlogged(
    "a catch without a parameter whose body already uses `error`: the new one is `err`",
    inTool(`  const error = "search";
  try {
    return { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } /*>*/catch {
    return { content: [{ type: "text", text: \`The \${error} failed.\` }], isError: true };
  }`),
    { suggestions: logAs('console.error("search_docs failed:", err);', "catch {", 'catch (err) {\n    console.error("search_docs failed:", err);') },
  ),
  unlogged("a destructured parameter: no suggestion", inTool(failing("    stats.failures += 1;", "({ message })").replace("catch ({", "/*>*/catch ({")), {
    suggestions: () => [],
  }),
  unlogged(
    "only pure functions and tests of the error: String(), JSON.stringify, includes, instanceof",
    inTool(`  try {
    return { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } /*>*/catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    if (RETRYABLE.includes(error.code) || isAxiosError(error)) {
      return { content: [{ type: "text", text: JSON.stringify({ retry: true, text }) }], isError: true };
    }
    return { content: [{ type: "text", text }], isError: true };
  }`),
  ),
  unlogged(
    "a same-file error helper that only formats",
    inTool(
      `  try {
    return { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } /*>*/catch (error) {
    return toolError(error);
  }`,
      'function toolError(error) {\n  return { content: [{ type: "text", text: error instanceof Error ? error.message : String(error) }], isError: true };\n}',
    ),
  ),
  unlogged(
    "an error result through a constant, and the same error result either way",
    inTool(`  try {
    return { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } /*>*/catch (error) {
    const failure = { content: [{ type: "text", text: "The docs search failed." }], isError: true };
    return args.verbose ? failure : failure;
  }`),
  ),
  unlogged(
    "one line: the statement goes beside the brace",
    inTool(`  try {
    return { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } /*>*/catch (error) { return { content: [{ type: "text", text: "The docs search failed." }], isError: true }; }`),
    { suggestions: logAs(STATEMENT, "catch (error) { return", `catch (error) { ${STATEMENT} return`) },
  ),
  unlogged(
    "a comment at the top of the catch: the statement goes above it",
    inTool(`  try {
    return { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } /*>*/catch (error) {
    // The index is down: tell the agent.
    return { content: [{ type: "text", text: "The docs search failed." }], isError: true };
  }`),
  ),
  unlogged(
    "an empty catch without a comment drops the failure; the suggestion fills it",
    inTool(`  try {
    await warmCache(args.query);
  } /*>*/catch {}
  return { content: [{ type: "text", text: await fetchDocs(args.query) }] };`),
    { messageId: "unloggedDroppedFailure", suggestions: logAs(STATEMENT, "catch {}", `catch (error) {\n    ${STATEMENT}\n  }`) },
  ),
  unlogged(
    "an item of a fan-out counted as missing, without a trace of why",
    inTool(`  const pages = [];
  let missing = 0;
  for (const id of args.ids) {
    try {
      pages.push(await fetchPage(id));
    } /*>*/catch {
      missing += 1;
    }
  }
  return { content: [{ type: "text", text: \`\${pages.join("\\n")}\\n(\${missing} missing)\` }] };`),
    { messageId: "unloggedDroppedFailure", suggestions: logAs(STATEMENT, "catch {", `catch (error) {\n      ${STATEMENT}`) },
  ),
  unlogged(
    "a same-file function that is given the error and neither logs nor hands it on",
    inTool(
      failing("    remember(error);"),
      "function remember(problem) {\n  return problem instanceof Error ? problem.message : String(problem);\n}",
    ).replace("catch (error)", "/*>*/catch (error)"),
  ),
  invalid({
    name: "several tools through one function: the message names them, the log names the function",
    code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
async function callApi(path) {
  try {
    return { content: [{ type: "text", text: await get(path) }] };
  } /*>*/catch (error) {
    return { content: [{ type: "text", text: "The API call failed." }], isError: true };
  }
}
server.registerTool("list_pages", {}, async () => callApi("/pages"));
server.registerTool("list_users", {}, async () => callApi("/users"));`,
    errors: [
      {
        messageId: "unloggedErrorResult",
        reported: "catch",
        data: { tool: 'tools "list_pages" and "list_users"' },
        suggestions: (code) => logFirst(code, "catch (error) {", 'console.error("callApi failed:", error);', "    "),
      },
    ],
    output: null,
  }),
];

ruleTester.run("require-error-logging", rule, {
  valid: [...shapeValid, ...valid],
  invalid: [...shapeInvalid, ...invalidCases],
});

describe("require-error-logging beside no-swallowed-failure", () => {
  const linter = new Linter({ configType: "flat" });
  const both = new Set(["mcp-errors/require-error-logging", "mcp-errors/no-swallowed-failure"]);
  // Every rule of `all`, as users run them; only the two rules' findings are compared.
  const rulesAt = (code: string): string[] =>
    linter
      .verify(code, [plugin.configs.all], "server.ts")
      .map((m) => m.ruleId ?? "")
      .filter((id) => both.has(id));

  it("reports a catch that answers with a success result once, as a swallowed failure", () => {
    const code = inTool(`  try {
    return { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Search failed: \${error.message}\` }] };
  }`);
    expect(rulesAt(code)).toEqual(["mcp-errors/no-swallowed-failure"]);
  });

  it("reports a catch that falls through and leaves an empty default once, as a swallowed failure", () => {
    const code = inTool(`  let pages = [];
  try {
    pages = await fetchPages(args.query);
  } catch {}
  return { content: [{ type: "text", text: \`\${pages.length} pages\` }] };`);
    expect(rulesAt(code)).toEqual(["mcp-errors/no-swallowed-failure"]);
  });

  it("reports a catch after which the try's answer loses a part once, as a swallowed failure", () => {
    const code = inTool(`  const branch = await api.getBranch(args.id);
  try {
    const tables = await listTables(branch);
    return { content: [{ type: "text", text: branch.name }, { type: "text", text: tables.join("\\n") }] };
  } catch {}
  return { content: [{ type: "text", text: branch.name }] };`);
    expect(rulesAt(code)).toEqual(["mcp-errors/no-swallowed-failure"]);
  });

  it("reports a catch that answers with an unlogged error result once, as unlogged", () => {
    const code = inTool(`  try {
    return { content: [{ type: "text", text: await fetchDocs(args.query) }] };
  } catch (error) {
    return { content: [{ type: "text", text: \`Search failed: \${error.message}\` }], isError: true };
  }`);
    expect(rulesAt(code)).toEqual(["mcp-errors/require-error-logging"]);
  });
});
