import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../src/rules/no-error-on-empty-result.js";
import { createRuleTester } from "../rule-tester.js";
import { SDK_SHAPE, inTool, span } from "../cases.js";
import { type HandlerShape, SHAPES, SHAPES_WITH_KNOWN_THROW } from "../shapes.js";

type Valid = ValidTestCase<Options>;
type Invalid = InvalidTestCase<MessageIds, Options>;

const ruleTester = createRuleTester();

/** The tool as the message names it, at the start of a sentence. */
function toolOf(shape: HandlerShape): string {
  return shape.named ? 'Tool "search_docs"' : "This tool handler";
}

const TOOL = toolOf(SDK_SHAPE);

interface Expect {
  readonly options?: Options;
  /** The whole code after the suggestion; no suggestion when absent. */
  readonly suggestion?: string;
  readonly tool?: string;
}

/** An invalid case with one report on the marked node; `what` names the empty-result test. */
function empty(name: string, source: string, what: string, expect: Expect = {}): Invalid {
  const { code, ...location } = span(source);
  return {
    name,
    code,
    ...(expect.options ? { options: expect.options } : {}),
    output: null,
    errors: [
      {
        messageId: "errorOnEmptyResult",
        // Several tools report (plural); one tool, or a handler of no known tool, reports.
        data: { tool: expect.tool ?? TOOL, reports: /^(Tools |\d+ tools )/u.test(expect.tool ?? TOOL) ? "report" : "reports", what },
        ...location,
        suggestions: expect.suggestion === undefined ? [] : [{ messageId: "returnEmptySuccess", output: expect.suggestion }],
      },
    ],
  };
}

/** `{ isError: true, content: [...] }` with a text part, and the same result without `isError`. */
const TEXT = '`Nothing in the docs index for "${args.query}".`';
const ERROR = `{ isError: true, content: [{ type: "text", text: ${TEXT} }] }`;
const SUCCESS = `{ content: [{ type: "text", text: ${TEXT} }] }`;
const MARKED_ERROR = `/*>*/${ERROR}/*<*/`;

/** A handler body that searches, then runs `onEmpty` when `test` holds. */
const searchBody = (test: string, onEmpty: string): string => `    const results = await searchIndex(args.query);
    if (${test}) {
      ${onEmpty}
    }
    return { content: [{ type: "text", text: results.join("\\n") }] };`;

/** Two tools through one wrapper whose catch answers with an error result in its own words. */
const WRAPPED = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
function withErrors(handler, prefix = "Error") {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      return { isError: true, content: [{ type: "text", text: \`\${prefix}: \${error instanceof Error ? error.message : String(error)}\` }] };
    }
  };
}
async function listReleases(args) {
  const releases = await api.releases(args.state);
  if (releases.length === 0) /*>*/throw new Error("No releases found");/*<*/
  return { content: [{ type: "text", text: JSON.stringify(releases) }] };
}
server.registerTool("list_releases", { inputSchema: {} }, withErrors(listReleases, "Error listing releases"));
server.registerTool("active_releases", { inputSchema: {} }, withErrors(listReleases));`;
const valid: Valid[] = [];
valid.push({
  name: "a throw in a catch that words the failure as nothing found (the call failed; it found nothing only in its text)",
  code: inTool(`  let blocks;
  try {
    blocks = await listBlocks(args.category);
  } catch (error) {
    throw new Error("No blocks found in the registry");
  }
  return { content: [{ type: "text", text: blocks.join("\\n") }] };`),
});
valid.push({
  name: "an error that asks for an input, on a value a helper made of the input (validation, whatever it tested)",
  code: inTool(`  const content = await contentFor(args);
  if (!content || content.length < 1) {
    throw new Error("Provide content and/or a source document URI.");
  }
  return { content: [{ type: "text", text: await train(content) }] };`),
});
valid.push({
  name: "the same, where the text is the second argument of a project error class, after its code",
  code: inTool(`  const content = await contentFor(args);
  if (!content || content.length < 1) {
    throw new TrainingError("CONTENT_REQUIRED", "Provide content and/or a source document URI.");
  }
  return { content: [{ type: "text", text: await train(content) }] };`),
});
valid.push({
  name: "an error made by a factory, whose text asks for an input in its second sentence",
  code: inTool(
    `  const lines = linesOf(args.invoice);
  if (lines.length === 0) {
    throw preflightError(\`This \${args.kind} needs a sales category on each product line. Provide categoryId and accountCode.\`);
  }
  return { content: [{ type: "text", text: await post(lines) }] };`,
    "function preflightError(detail) {\n  return new Error(`Stopped before posting.\\n\\n${detail}`);\n}",
  ),
});
// A synchronous function of the file that only computes (`Object.entries`, array methods) looks nothing up.
const COMPACT = `function compact(fields) {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== ""));
}`;
valid.push({
  name: "a throw when a filter that helpers compute from their arguments comes out empty (nothing was looked up)",
  code: inTool(
    `  const filter = matchFilter({ id: args.id, ref: args.ref });
  return { content: [{ type: "text", text: await removeMatching(filter) }] };`,
    `${COMPACT}
function matchFilter(match) {
  const filter = compact({ id: match.id, ref: match.ref });
  if (Object.keys(filter).length === 0) throw new Error(\`Nothing to match on in \${JSON.stringify(match)}\`);
  return filter;
}`,
  ),
});
valid.push({
  name: "an error that asks for a step first (the empty list is a precondition that does not hold)",
  code: inTool(`  const accounts = await listCachedAccounts();
  if (accounts.length === 0) {
    throw new Error("No accounts found. Please log in first.");
  }
  return { content: [{ type: "text", text: \`Using \${accounts[0].name}\` }] };`),
});
valid.push({
  name: "an error that says what the input must hold (the empty list is made of the input)",
  code: inTool(`  const terms = termsOf(args.query);
  if (terms.length === 0) {
    return { content: [{ type: "text", text: JSON.stringify({ error: "Query must contain at least one term with 3+ characters" }) }], isError: true };
  }
  return { content: [{ type: "text", text: await search(terms) }] };`),
});
const invalid: Invalid[] = [];
invalid.push(
  empty(
    "an error result when what a computing helper keeps of a search is empty (the search's data, filtered)",
    inTool(
      searchBody("results.length === 0", `return ${MARKED_ERROR};`).replace("await searchIndex(args.query)", "compact(await searchIndex(args.query))"),
      COMPACT,
    ),
    "`results.length === 0`",
    {
      tool: TOOL,
      suggestion: inTool(
        searchBody("results.length === 0", `return ${SUCCESS};`).replace("await searchIndex(args.query)", "compact(await searchIndex(args.query))"),
        COMPACT,
      ),
    },
  ),
);

// Every handler shape gets the same bodies, so every behaviour is tested in every shape.
for (const shape of SHAPES) {
  invalid.push(
    empty(
      `${shape.title}: an error result when the search found nothing`,
      shape.wrap(searchBody("results.length === 0", `return ${MARKED_ERROR};`)),
      "`results.length === 0`",
      { tool: toolOf(shape), suggestion: shape.wrap(searchBody("results.length === 0", `return ${SUCCESS};`)) },
    ),
  );
  valid.push(
    {
      name: `${shape.title}: an error result when the tool's own input is empty (validation)`,
      code: shape.wrap(`    if (args.query.length === 0) {
      return { isError: true, content: [{ type: "text", text: "The query must not be empty." }] };
    }
    return { content: [{ type: "text", text: (await searchIndex(args.query)).join("\\n") }] };`),
    },
    {
      name: `${shape.title}: a successful result when the search found nothing`,
      code: shape.wrap(searchBody("results.length === 0", `return ${SUCCESS};`)),
    },
    {
      name: `${shape.title}: a single-item lookup that found nothing (default options)`,
      code: shape.wrap(`    const doc = await fetchDoc(args.query);
    if (!doc) return { isError: true, content: [{ type: "text", text: "Document not found" }] };
    return { content: [{ type: "text", text: doc.body }] };`),
    },
  );
}

// A handler whose every return is an error is still a handler, not a same-file error helper.
// Two shapes are left out: a same-file function the handler calls, and a bare function typed
// to return CallToolResult, are error helpers when all they do is fail.
const HELPER_LIKE = new Set(["a same-file function on the handler path", "a function declared to return CallToolResult"]);
for (const shape of SHAPES.filter((s) => !HELPER_LIKE.has(s.title))) {
  const onlyFails = (text: string): string => `    return ${text};`;
  invalid.push(
    empty(
      `${shape.title}: a handler whose only return is an error that says nothing matched`,
      shape.wrap(onlyFails('/*>*/{ isError: true, content: [{ type: "text", text: "No results found" }] }/*<*/')),
      "nothing matched",
      { tool: toolOf(shape), suggestion: shape.wrap(onlyFails('{ content: [{ type: "text", text: "No results found" }] }')) },
    ),
  );
}

const SAME_FILE_FUNCTION = "a same-file function on the handler path";
for (const shape of SHAPES_WITH_KNOWN_THROW) {
  const thrown = `throw new Error(${TEXT});`;
  invalid.push(
    empty(
      `${shape.title}: an error thrown when the search found nothing`,
      shape.wrap(searchBody("!results.length", `/*>*/${thrown}/*<*/`)),
      "`!results.length`",
      {
        tool: toolOf(shape),
        // A throw in a function the handler calls cannot become the handler's return value.
        ...(shape.title === SAME_FILE_FUNCTION ? {} : { suggestion: shape.wrap(searchBody("!results.length", `return ${SUCCESS};`)) }),
      },
    ),
  );
}

for (const shape of SHAPES.filter((s) => s.thrown === "unknown")) {
  valid.push({
    name: `${shape.title}: a throw whose fate the model does not know`,
    code: shape.wrap(searchBody("!results.length", `throw new Error(${TEXT});`)),
  });
}

// A tool that acts (starts a session, sends, creates) looks up what it acts on: when that
// lookup finds nothing, the action cannot happen, and the error is the answer.
const onTheWayTo = (tool: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.tool("${tool}", {}, async (args) => {
  const devices = await listDevices();
  const matches = devices.filter((device) => device.name === args.device);
  if (matches.length === 0) /*>*/throw new Error(\`No devices matching "\${args.device}"\`);/*<*/
  return { content: [{ type: "text", text: await startSession(matches[0]) }] };
});`;
for (const tool of ["start_session", "runAppLiveSession", "send-test-email", "createIssue", "actual_budgets_export", "accounts_create"]) {
  valid.push({ name: `a lookup that finds nothing in the action tool "${tool}"`, code: span(onTheWayTo(tool)).code });
}
for (const tool of [
  "search_devices",
  "devices",
  "startup_report",
  "run_query",
  "runDeviceSearch",
  "get_created_sessions",
  "export_report",
  "latest_run_status",
]) {
  const suggestion = span(onTheWayTo(tool)).code.replace(/throw new Error\((.*)\);/u, 'return { content: [{ type: "text", text: $1 }] };');
  invalid.push(
    empty(`the same lookup in "${tool}", whose name is no action or names a query`, onTheWayTo(tool), "`matches.length === 0`", {
      tool: `Tool "${tool}"`,
      suggestion,
    }),
  );
}

/** `searchBody` for a hand-written case, at the indentation of `inTool`. */
const body = (test: string, onEmpty: string, setup = "const results = await searchIndex(args.query);"): string => `  ${setup}
  if (${test}) {
    ${onEmpty}
  }
  return { content: [{ type: "text", text: JSON.stringify(results) }] };`;

// Each emptiness test of the issue, on a value that came from a call in the handler.
for (const [test, setup] of [
  ["results.length === 0", undefined],
  ["results.length == 0", undefined],
  ["0 === results.length", undefined],
  ["!results.length", undefined],
  ["results.length < 1", undefined],
  ["results.length <= 0", undefined],
  ["1 > results.length", undefined],
  ["!results || results.length === 0", undefined],
  ["results.length === 0 || !results", undefined],
  ["!results?.length", undefined],
  ["results?.length === 0", undefined],
  ["results.size === 0", "const results = await cache.keysMatching(args.query);"],
  ["Object.keys(results).length === 0", "const results = await fetchFacets(args.query);"],
  ["Object.entries(results).length === 0", "const results = await fetchFacets(args.query);"],
  ["results.count === 0", "const results = await countDocs(args.query);"],
  ["results.total === 0", "const results = await client.search({ q: args.query });"],
  ["count === 0", "const { count, rows: results } = await db.query(args.query);"],
  ["total === 0", "const { total, items: results } = await client.search({ q: args.query });"],
  ["results.length === 0", "const results = (await db.query(args.query)).rows;"],
  ["results.length === 0", "const results = (await client.search({ q: args.query })).hits.hits as string[];"],
  ["results.length === 0", 'const { data: results } = await supabase.from("docs").select().textSearch("body", args.query);'],
] as const) {
  const setupLine = setup ?? "const results = await searchIndex(args.query);";
  invalid.push(
    empty(`emptiness test \`${test}\` after \`${setupLine}\``, inTool(body(test, `return ${MARKED_ERROR};`, setupLine)), `\`${test}\``, {
      suggestion: inTool(body(test, `return ${SUCCESS};`, setupLine)),
    }),
  );
}

invalid.push(
  empty(
    "an error result in a conditional expression",
    inTool(`  const results = await searchIndex(args.query);
  return results.length === 0 ? /*>*/{ isError: true, content: [{ type: "text", text: "Search came back empty." }] }/*<*/ : { content: [{ type: "text", text: results.join("\\n") }] };`),
    "`results.length === 0`",
    {
      suggestion: inTool(`  const results = await searchIndex(args.query);
  return results.length === 0 ? { content: [{ type: "text", text: "Search came back empty." }] } : { content: [{ type: "text", text: results.join("\\n") }] };`),
    },
  ),
  empty(
    "an error result in an else-if branch",
    inTool(`  const results = await searchIndex(args.query);
  if (results === undefined) {
    return { isError: true, content: [{ type: "text", text: "The docs index did not answer; retry in a minute." }] };
  } else if (results.length === 0) {
    return /*>*/{ isError: true, content: [{ type: "text", text: "Search came back empty." }] }/*<*/;
  }
  return { content: [{ type: "text", text: results.join("\\n") }] };`),
    "`results.length === 0`",
    {
      suggestion: inTool(`  const results = await searchIndex(args.query);
  if (results === undefined) {
    return { isError: true, content: [{ type: "text", text: "The docs index did not answer; retry in a minute." }] };
  } else if (results.length === 0) {
    return { content: [{ type: "text", text: "Search came back empty." }] };
  }
  return { content: [{ type: "text", text: results.join("\\n") }] };`),
    },
  ),

  // Error text that says nothing matched, whatever the branch.
  ...[
    "No results found",
    "No matching documents were found.",
    "Nothing found",
    "Found nothing for this query",
    "0 results",
    "The search returned no documents",
    "Query did not match any page",
  ].map((text) =>
    empty(
      `error text ${JSON.stringify(text)}`,
      inTool(
        body("results.every((r) => r.score < 0.2)", `return /*>*/{ isError: true, content: [{ type: "text", text: ${JSON.stringify(text)} }] }/*<*/;`),
      ),
      "nothing matched",
      { suggestion: inTool(body("results.every((r) => r.score < 0.2)", `return { content: [{ type: "text", text: ${JSON.stringify(text)} }] };`)) },
    ),
  ),
  empty(
    "a thrown error whose template text says nothing matched",
    inTool("  /*>*/throw new Error(`No results for ${args.query}`);/*<*/"),
    "nothing matched",
    { suggestion: inTool('  return { content: [{ type: "text", text: `No results for ${args.query}` }] };') },
  ),
  empty(
    "a thrown McpError that says nothing matched (no suggestion: two arguments)",
    inTool(`  const results = await searchIndex(args.query);
  if (results.length === 0) /*>*/throw new McpError(ErrorCode.InvalidRequest, "No results found");/*<*/
  return { content: [] };`),
    "`results.length === 0`",
  ),

  // The else branch of a non-emptiness test.
  ...["results.length > 0", "results.length !== 0", "results.length >= 1"].map((test) => {
    const elseBranch = (result: string): string =>
      inTool(`  const results = await searchIndex(args.query);
  if (${test}) {
    return { content: [{ type: "text", text: results.join("\\n") }] };
  } else {
    return ${result};
  }`);
    return empty(
      `an error result in the else of \`${test}\``,
      elseBranch('/*>*/{ isError: true, content: [{ type: "text", text: "Search came back empty." }] }/*<*/'),
      `\`${test}\` is false`,
      { suggestion: elseBranch('{ content: [{ type: "text", text: "Search came back empty." }] }') },
    );
  }),

  // Template text that says nothing matched, whatever the branch.
  empty(
    "an error result whose template text says nothing matched",
    inTool(
      body(
        "results.every((r) => r.score < 0.2)",
        'return /*>*/{ isError: true, content: [{ type: "text", text: `No results found for "${args.query}"` }] }/*<*/;',
      ),
    ),
    "nothing matched",
    {
      suggestion: inTool(
        body("results.every((r) => r.score < 0.2)", 'return { content: [{ type: "text", text: `No results found for "${args.query}"` }] };'),
      ),
    },
  ),
  // An inline handler that only ever fails, as the issue wrote it.
  empty(
    "an inline (args) handler whose only return is an error",
    `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("search_docs", { inputSchema: {} }, async (args) => {
  return /*>*/{ isError: true, content: [{ type: "text", text: "No results found" }] }/*<*/;
});`,
    "nothing matched",
    {
      suggestion: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("search_docs", { inputSchema: {} }, async (args) => {
  return { content: [{ type: "text", text: "No results found" }] };
});`,
    },
  ),

  // A wrapper whose catch answers with an error result in its own words still makes the throw an error.
  empty("a throw on empty that a wrapper's catch turns into a prefixed error result, two tools through it", WRAPPED, "`releases.length === 0`", {
    tool: 'Tools "list_releases" and "active_releases"',
    suggestion: WRAPPED.replace('/*>*/throw new Error("No releases found");/*<*/', 'return { content: [{ type: "text", text: "No releases found" }] };'),
  }),

  // Same-file error helpers.
  empty(
    "a returned call to a same-file error helper",
    inTool(
      body("results.length === 0", `return /*>*/toolError(${TEXT})/*<*/;`),
      `function toolError(message) {
  return { isError: true, content: [{ type: "text", text: message }] };
}`,
    ),
    "`results.length === 0`",
    {
      suggestion: inTool(
        body("results.length === 0", `return { content: [{ type: "text", text: ${TEXT} }] };`),
        `function toolError(message) {
  return { isError: true, content: [{ type: "text", text: message }] };
}`,
      ),
    },
  ),
  empty(
    "a call to an error helper whose own text says nothing matched",
    inTool(
      `  return /*>*/noResults()/*<*/;`,
      `function noResults() {
  return { isError: true, content: [{ type: "text", text: "No results found" }] };
}`,
    ),
    "nothing matched",
    {
      suggestion: inTool(
        `  return { content: [{ type: "text", text: "No results found" }] };`,
        `function noResults() {
  return { isError: true, content: [{ type: "text", text: "No results found" }] };
}`,
      ),
    },
  ),
  empty(
    "no suggestion: an error helper call that is not returned directly",
    inTool(
      `  const results = await searchIndex(args.query);
  return results.length === 0 ? /*>*/toolError("Search came back empty.")/*<*/ : { content: [{ type: "text", text: results.join("\\n") }] };`,
      `function toolError(message) {
  return { isError: true, content: [{ type: "text", text: message }] };
}`,
    ),
    "`results.length === 0`",
  ),

  // Suggestion edge cases.
  empty(
    "suggestion: isError as the last property",
    inTool(body("results.length === 0", `return /*>*/{ content: [{ type: "text", text: ${TEXT} }], isError: true }/*<*/;`)),
    "`results.length === 0`",
    { suggestion: inTool(body("results.length === 0", `return ${SUCCESS};`)) },
  ),
  empty(
    "suggestion: a multi-line result keeps its other properties",
    inTool(
      body(
        "results.length === 0",
        `return /*>*/{
      isError: true,
      content: [{ type: "text", text: ${TEXT} }],
      structuredContent: { results: [] },
    }/*<*/;`,
      ),
    ),
    "`results.length === 0`",
    {
      suggestion: inTool(
        body(
          "results.length === 0",
          `return {
      content: [{ type: "text", text: ${TEXT} }],
      structuredContent: { results: [] },
    };`,
        ),
      ),
    },
  ),
  empty(
    "no suggestion: a comment inside isError would be lost",
    inTool(body("results.length === 0", `return /*>*/{ isError: /* empty is an error here */ true, content: [{ type: "text", text: ${TEXT} }] }/*<*/;`)),
    "`results.length === 0`",
  ),
  empty(
    "no suggestion: a comment inside a throw would be lost",
    inTool(body("results.length === 0", `/*>*/throw new Error(/* shown to the agent */ ${TEXT});/*<*/`)),
    "`results.length === 0`",
  ),

  // Option reportSingleItemLookup.
  empty(
    "option reportSingleItemLookup: an empty listing whose text says the path may not exist",
    inTool(`  const items = await repo.listItems(args.path);
  if (!items || items.length === 0) return /*>*/{ isError: true, content: [{ type: "text", text: "Nothing there: the path may not exist." }] }/*<*/;
  return { content: [{ type: "text", text: JSON.stringify(items) }] };`),
    "`!items || items.length === 0`",
    {
      options: [{ reportSingleItemLookup: true }],
      suggestion: inTool(`  const items = await repo.listItems(args.path);
  if (!items || items.length === 0) return { content: [{ type: "text", text: "Nothing there: the path may not exist." }] };
  return { content: [{ type: "text", text: JSON.stringify(items) }] };`),
    },
  ),
  empty(
    "option reportSingleItemLookup: `!doc`",
    inTool(`  const doc = await fetchDoc(args.id);
  if (!doc) return /*>*/{ isError: true, content: [{ type: "text", text: "Document not found" }] }/*<*/;
  return { content: [{ type: "text", text: doc.body }] };`),
    "`!doc`",
    {
      options: [{ reportSingleItemLookup: true }],
      suggestion: inTool(`  const doc = await fetchDoc(args.id);
  if (!doc) return { content: [{ type: "text", text: "Document not found" }] };
  return { content: [{ type: "text", text: doc.body }] };`),
    },
  ),
  empty(
    "option reportSingleItemLookup: `doc === null`",
    inTool(`  const doc = await db.docs.findUnique({ where: { id: args.id } });
  if (doc === null) return /*>*/{ isError: true, content: [{ type: "text", text: "That document does not exist" }] }/*<*/;
  return { content: [{ type: "text", text: doc.body }] };`),
    "`doc === null`",
    {
      options: [{ reportSingleItemLookup: true }],
      suggestion: inTool(`  const doc = await db.docs.findUnique({ where: { id: args.id } });
  if (doc === null) return { content: [{ type: "text", text: "That document does not exist" }] };
  return { content: [{ type: "text", text: doc.body }] };`),
    },
  ),
  empty(
    "option reportSingleItemLookup: `!user` with a template not-found text",
    inTool(`  const user = await db.find(args.id);
  if (!user) return /*>*/{ isError: true, content: [{ type: "text", text: \`User \${args.id} not found\` }] }/*<*/;
  return { content: [{ type: "text", text: user.name }] };`),
    "`!user`",
    {
      options: [{ reportSingleItemLookup: true }],
      suggestion: inTool(`  const user = await db.find(args.id);
  if (!user) return { content: [{ type: "text", text: \`User \${args.id} not found\` }] };
  return { content: [{ type: "text", text: user.name }] };`),
    },
  ),
  empty(
    "option reportSingleItemLookup: a thrown template message",
    inTool(`  const user = await users.get(args.id);
  if (undefined == user) {
    /*>*/throw new Error(\`User \${args.id} not found\`);/*<*/
  }
  return { content: [{ type: "text", text: user.name }] };`),
    "`undefined == user`",
    {
      options: [{ reportSingleItemLookup: true }],
      suggestion: inTool(`  const user = await users.get(args.id);
  if (undefined == user) {
    return { content: [{ type: "text", text: \`User \${args.id} not found\` }] };
  }
  return { content: [{ type: "text", text: user.name }] };`),
    },
  ),
);

valid.push(
  // Validation of the tool's own input.
  ...[
    ["!args.tags.length", ""],
    ["args.ids.length < 1", ""],
    ["Object.keys(args.filters).length === 0", ""],
    ["ids.length === 0", "const { ids } = args;"],
    ["tags.length === 0", "const tags = args.tags.filter(Boolean);"],
    ["query.length === 0", 'const query = (args.query ?? "").trim();'],
    ["Object.keys(filters).length === 0", "const filters = JSON.parse(args.filters);"],
    ["blocks.length === 0", "const blocks = parseReplaceBlocks(args.patch);"],
    ["!terms.length", "const { query } = args;\n  const terms = extractTerms(query, args.language);"],
  ].map(([test, setup]) => ({
    name: `validation of the input: \`${String(test)}\`${setup ? ` after \`${String(setup)}\`` : ""}`,
    code: inTool(`  ${String(setup)}
  if (${String(test)}) {
    return { isError: true, content: [{ type: "text", text: "Give at least one filter, tag or id." }] };
  }
  return { content: [{ type: "text", text: JSON.stringify(await searchIndex(args)) }] };`),
  })),
  {
    name: "validation in a dispatcher the handler hands its input to, after a schema checked it",
    code: `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "docs", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => handleToolCall(request.params));
async function handleToolCall(params) {
  switch (params.name) {
    case "patch_description": {
      const { patch } = PatchSchema.parse(params.arguments);
      const blocks = parseReplaceBlocks(patch);
      if (blocks.length === 0) throw new Error("No valid search/replace blocks found in the patch");
      return { content: [{ type: "text", text: await applyBlocks(blocks) }] };
    }
  }
}`,
  },
  {
    name: "validation of an input whose text reads like an empty answer: `documents.length === 0`, thrown into an error result",
    code: inTool(`  try {
    const { documents } = args;
    if (documents.length === 0) throw new Error("No documents provided for reranking");
    return { content: [{ type: "text", text: JSON.stringify(await searchIndex(documents)) }] };
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: String(error) }] };
  }`),
  },
  {
    name: "validation of a converted input: `query.length === 0` after `String(args.query).trim()`",
    code: inTool(`  const query = String(args.query).trim();
  if (query.length === 0) return { isError: true, content: [{ type: "text", text: "The query must not be empty." }] };
  return { content: [{ type: "text", text: JSON.stringify(await searchIndex(query)) }] };`),
  },
  {
    name: "an error from a catch inside an emptiness branch is its own failure",
    code: inTool(`  const existing = await db.findByTitle(args.title);
  if (existing.length === 0) {
    try {
      await db.create(args.doc);
    } catch (e) {
      return { isError: true, content: [{ type: "text", text: \`Creating doc failed: \${String(e)}\` }] };
    }
  }
  return { content: [{ type: "text", text: "Saved." }] };`),
  },
  {
    name: "a single-item lookup with a template not-found text (default options)",
    code: inTool(`  const user = await db.find(args.id);
  if (!user) return { isError: true, content: [{ type: "text", text: \`User \${args.id} not found\` }] };
  return { content: [{ type: "text", text: user.name }] };`),
  },
  {
    name: "an empty listing whose error text says the requested path may not exist (default options)",
    code: inTool(`  const items = await repo.listItems(args.path);
  if (!items || items.length === 0) {
    return { isError: true, content: [{ type: "text", text: \`No items found at \${args.path}: the path may not exist in this repository.\` }] };
  }
  return { content: [{ type: "text", text: JSON.stringify(items) }] };`),
  },
  {
    name: "an emptiness test on a parameter of a same-file function",
    code: inTool(
      "  return runSearch(args.tags);",
      `async function runSearch(tags) {
  if (tags.length === 0) return { isError: true, content: [{ type: "text", text: "Give at least one tag." }] };
  return { content: [{ type: "text", text: JSON.stringify(await searchIndex(tags)) }] };
}`,
    ),
  },
  {
    name: "a value whose origin is unknown (a reassigned let)",
    code: inTool(`  let results = [];
  results = await searchIndex(args.query);
  if (results.length === 0) return { isError: true, content: [{ type: "text", text: "Search came back empty." }] };
  return { content: [{ type: "text", text: results.join("\\n") }] };`),
  },
  {
    name: "a size test that is not an emptiness test",
    code: inTool(`  const results = await searchIndex(args.query);
  if (results.length > 100) return { isError: true, content: [{ type: "text", text: "Over 100 documents match; narrow the query." }] };
  if (results.length === 1) return { content: [{ type: "text", text: results[0] }] };
  return { content: [{ type: "text", text: results.join("\\n") }] };`),
  },
  {
    name: "a count that is not an emptiness test",
    code: inTool(`  const { count } = await db.count(args.query);
  if (count === 5000) return { isError: true, content: [{ type: "text", text: "The count hit the 5000 cap; narrow the query." }] };
  return { content: [{ type: "text", text: String(count) }] };`),
  },
  {
    name: "an error result after an emptiness test, outside its branch",
    code: inTool(`  const results = await searchIndex(args.query);
  if (results.length === 0) {
    console.log("empty");
  }
  return { isError: true, content: [{ type: "text", text: "The docs index is read-only today; retry tomorrow." }] };`),
  },
  {
    name: "an error result in a nested callback of an emptiness branch",
    code: inTool(`  const results = await searchIndex(args.query);
  if (results.length === 0) {
    return retry(async () => ({ isError: true, content: [{ type: "text", text: "The docs index did not answer; retry in a minute." }] }));
  }
  return { content: [{ type: "text", text: results.join("\\n") }] };`),
  },
  {
    name: "option reportSingleItemLookup: a missing item whose text does not say it was not found",
    code: inTool(`  const doc = await fetchDoc(args.id);
  if (!doc) return { isError: true, content: [{ type: "text", text: "The docs service did not answer; retry in a minute." }] };
  return { content: [{ type: "text", text: doc.body }] };`),
    options: [{ reportSingleItemLookup: true }],
  },
  {
    name: "option reportSingleItemLookup: a missing input argument",
    code: inTool(`  if (!args.id) return { isError: true, content: [{ type: "text", text: "Document id not found in the arguments" }] };
  return { content: [{ type: "text", text: (await fetchDoc(args.id)).body }] };`),
    options: [{ reportSingleItemLookup: true }],
  },
  {
    // The lookup failed; the catch only adds suggestions when it has some, else the failure goes on.
    name: "a catch that rethrows the caught error when it has no suggestions to add",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readNote(args.path) }] };
  } catch (err) {
    const suggestions = await similarPaths(args.path);
    if (suggestions.length === 0) throw err;
    return { isError: true, content: [{ type: "text", text: \`No note at \${args.path}. Did you mean \${suggestions.join(", ")}?\` }] };
  }`),
  },
  {
    name: "a file without MCP evidence",
    code: `export async function search(query) {
  const results = await searchIndex(query);
  if (results.length === 0) throw new Error("No results found");
  return results;
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
      return { isError: true, content: [{ type: "text", text: \`No tool matches "\${request.params.name}"; nothing found\` }] };
  }
});`,
  },
  {
    name: "an isError: false result",
    code: inTool(body("results.length === 0", 'return { isError: false, content: [{ type: "text", text: "No results found" }] };')),
  },
  {
    name: "a caught throw",
    code: inTool(`  try {
    const results = await searchIndex(args.query);
    if (results.length === 0) throw new Error("No results found");
    return { content: [{ type: "text", text: results.join("\\n") }] };
  } catch {
    return { content: [{ type: "text", text: "No documents match the query." }] };
  }`),
  },
);

// A result built first and turned into an error later: `response.isError = true`.
const built = (
  test: string,
  onEmpty: string[],
  declare = 'const response = { content: [] as { type: "text"; text: string }[], isError: false };',
): string => `  ${declare}
  const page = await client.search({ q: args.query });
  if (${test}) {
${onEmpty.map((line) => `    ${line}`).join("\n")}
    return response;
  }
  for (const hit of page.results) response.content.push({ type: "text", text: hit.title });
  return response;`;
const PUSH_NONE = 'response.content.push({ type: "text", text: "No web results found" });';

/** A list that starts empty and gets what `source` iterates, then an error result when it stays empty. */
const collected = (source: string, onEmpty: string): string =>
  inTool(`    const urls = [];
    for (const result of ${source}) {
      if (result.imageUrl) urls.push(result.imageUrl);
    }
    if (urls.length === 0) {
      return ${onEmpty};
    }
    return { content: [{ type: "text", text: urls.join("\\n") }] };`);
const SEARCHED = "(await searchIndex(args.query)).results";
invalid.push(
  empty("a list filled from a search's results, empty", collected(SEARCHED, MARKED_ERROR), "`urls.length === 0`", {
    suggestion: collected(SEARCHED, SUCCESS),
  }),
);
/** A search's hits, cut to five, kept under a field of an object of the handler's own. */
const fielded = (onEmpty: string): string =>
  inTool(`    const data = { results: (await searchIndex(args.query)).slice(0, 5) };
    if (data.results.length === 0) return ${onEmpty};
    return { content: [{ type: "text", text: data.results.join("\\n") }] };`);
invalid.push(
  empty("a field of an object literal that holds a search's hits, empty", fielded(MARKED_ERROR), "`data.results.length === 0`", {
    suggestion: fielded(SUCCESS),
  }),
);
// Filled from the tool's own arguments: an empty list is a bad call.
valid.push(
  { name: "a list filled from the tool's input, empty", code: collected("args.pages", ERROR) },
  {
    // Nothing created is a failed write, not an empty answer.
    name: "a list filled with what each step of a loop creates, empty",
    code: inTool(`    const created = [];
    for (const name of args.names) {
      const label = await api.createLabel(name);
      if (label) created.push(label);
    }
    if (created.length === 0) {
      return { isError: true, content: [{ type: "text", text: "No labels were created" }] };
    }
    return { content: [{ type: "text", text: JSON.stringify(created) }] };`),
  },
);
// What a call on a handler's parameter gives is no input (`extra.client.listProjects()`).
const listed = (onEmpty: string): string =>
  inTool(`    const projects = await extra.client.listProjects();
    if (projects.length === 0) return ${onEmpty};
    return { content: [{ type: "text", text: projects.join("\\n") }] };`);
const NO_PROJECTS = '{ content: [{ type: "text", text: "No projects found." }] }';
// A helper's parameter is no tool input: what the helper is handed came from a call.
const pickProject = (onEmpty: string): string =>
  inTool(
    "    return pickProject(await listProjects());",
    `function pickProject(projects) {
  if (projects.length === 0) return ${onEmpty};
  return { content: [{ type: "text", text: projects[0].name }] };
}`,
  );
invalid.push(
  empty(
    "a listing made by a client the handler is handed, empty",
    listed(`/*>*/${NO_PROJECTS.replace("{ ", "{ isError: true, ")}/*<*/`),
    "nothing matched",
    { suggestion: listed(NO_PROJECTS) },
  ),
  empty(
    "a helper handed a listing, which reports an error when it is empty",
    pickProject('/*>*/{ isError: true, content: [{ type: "text", text: "No projects found to select from." }] }/*<*/'),
    "nothing matched",
    { suggestion: pickProject('{ content: [{ type: "text", text: "No projects found to select from." }] }') },
  ),
);

invalid.push(
  empty(
    "a result built first, set to isError in an emptiness branch",
    inTool(built("!page || !Array.isArray(page.results) || page.results.length < 1", ["/*>*/response.isError = true;/*<*/", PUSH_NONE])),
    "`!page || !Array.isArray(page.results) || page.results.length < 1`",
    { suggestion: inTool(built("!page || !Array.isArray(page.results) || page.results.length < 1", [PUSH_NONE])) },
  ),
  empty(
    "a result built first, set to isError after its text was pushed (a typed declaration)",
    inTool(
      built(
        "page.results.length === 0",
        [PUSH_NONE, "/*>*/response.isError = true;/*<*/"],
        "const response: CallToolResult = { content: [], isError: false };",
      ),
    ),
    "`page.results.length === 0`",
    { suggestion: inTool(built("page.results.length === 0", [PUSH_NONE], "const response: CallToolResult = { content: [], isError: false };")) },
  ),
  empty(
    "a result built first, its text saying nothing matched outside an emptiness test",
    inTool(built("page.status === 204", ["/*>*/response.isError = true;/*<*/", PUSH_NONE])),
    "nothing matched",
    { suggestion: inTool(built("page.status === 204", [PUSH_NONE])) },
  ),
  empty(
    "a result built first, set to isError beside its text on one line",
    inTool(built("page.results.length === 0", [`/*>*/response.isError = true;/*<*/  ${PUSH_NONE}`])),
    "`page.results.length === 0`",
    { suggestion: inTool(built("page.results.length === 0", [PUSH_NONE])) },
  ),
  empty(
    "a result built first, set to isError after its text on one line",
    inTool(built("page.results.length === 0", [`${PUSH_NONE} /*>*/response.isError = true;/*<*/`])),
    "`page.results.length === 0`",
    { suggestion: inTool(built("page.results.length === 0", [PUSH_NONE])) },
  ),
  empty(
    "a result built first, a comment in the assignment (no suggestion)",
    inTool(built("page.results.length === 0", ["/*>*/response.isError = /* empty */ true;/*<*/", PUSH_NONE])),
    "`page.results.length === 0`",
  ),
  empty(
    "an error result whose text names what found nothing",
    inTool(
      body(
        "results.length === 0",
        '/*>*/return { isError: true, content: [{ type: "text", text: "No web results found" }] };/*<*/'
          .replace("/*>*/return ", "return /*>*/")
          .replace(";/*<*/", "/*<*/;"),
      ),
    ),
    "`results.length === 0`",
    { suggestion: inTool(body("results.length === 0", 'return { content: [{ type: "text", text: "No web results found" }] };')) },
  ),
);

valid.push(
  {
    name: "a result built first, set to isError where the text says the operation did not work",
    code: inTool(
      built("!page || page.results.length === 0", [
        "response.isError = true;",
        'response.content.push({ type: "text", text: "Unable to retrieve a summary." });',
      ]),
    ),
  },
  {
    name: "an error result whose text says the operation did not work, in an emptiness branch",
    code: inTool(
      body("results.length === 0", 'return { isError: true, content: [{ type: "text", text: "Could not retrieve the summary; retry in a minute." }] };'),
    ),
  },
  {
    name: "a result built first, set to isError when the input is empty",
    code: inTool(`  const response = { content: [] as { type: "text"; text: string }[], isError: false };
  if (args.query.length === 0) {
    response.isError = true;
    response.content.push({ type: "text", text: "The query must not be empty." });
  }
  return response;`),
  },
  {
    name: "a result built first, set to isError outside a block",
    code: inTool(built("page.results.length === 0", ["if (page.partial) response.isError = true;", PUSH_NONE])),
  },
  {
    name: "an error result under another condition inside an emptiness branch",
    code: inTool(`  const page = await client.fetchContents({ urls: args.urls });
  const failures = page.statuses.filter((s) => s.status === "error");
  if (!page || !page.results || page.results.length === 0) {
    if (failures.length > 0) {
      return { isError: true, content: [{ type: "text", text: \`Fetching \${failures.map((f) => f.id).join(", ")} failed.\` }] };
    }
    return { content: [{ type: "text", text: "The pages had no content." }] };
  }
  return { content: [{ type: "text", text: JSON.stringify(page.results) }] };`),
  },
  {
    name: "an error result in the else of another condition inside an emptiness branch",
    code: inTool(
      body(
        "results.length === 0",
        'return cached.length > 0 ? { content: [{ type: "text", text: cached.join("\\n") }] } : { isError: true, content: [{ type: "text", text: "The docs index is being rebuilt." }] };',
      ),
    ),
  },
  {
    name: "an emptiness test beside an unrelated missing-value test",
    code: inTool(
      body("!args.strict || results.length === 0", 'return { isError: true, content: [{ type: "text", text: "Strict mode needs a narrower query." }] };'),
    ),
  },
  {
    name: "a result built first, set to isError in the dispatcher's unknown-tool branch",
    code: `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const response = { content: [] as { type: "text"; text: string }[], isError: false };
  switch (request.params.name) {
    case "search_docs":
      response.content.push({ type: "text", text: "[]" });
      return response;
    default: {
      response.isError = true;
      response.content.push({ type: "text", text: \`No tool matches "\${request.params.name}"; nothing found\` });
      return response;
    }
  }
});`,
  },
  {
    name: "a search by a key that names one item, whose text says that item was not found",
    code: inTool(`  const identities = await directory.search(args.email);
  if (!identities || identities.value.length === 0) {
    throw new Error(\`No user found with email \${args.email}\`);
  }
  return { content: [{ type: "text", text: identities.value[0].id }] };`),
  },
  {
    name: "a throw when what a settled call gave is missing: the call may have failed",
    code: inTool(`  const [schemas, releases] = await Promise.allSettled([api.schemas(), api.releases()]);
  const found = valueOf(schemas);
  if (!found || found.length === 0) {
    throw new Error("Deploy a schema first: none could be read.");
  }
  return { content: [{ type: "text", text: JSON.stringify({ found, releases }) }] };`),
  },
  {
    name: "a throw on empty that a wrapper's catch turns into a success answer",
    code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
function orNone(handler) {
  return async (args) => {
    try {
      return await handler(args);
    } catch {
      return { content: [{ type: "text", text: "none" }] };
    }
  };
}
server.registerTool("list_releases", { inputSchema: {} }, orNone(async (args) => {
  const releases = await api.releases(args.state);
  if (releases.length === 0) throw new Error("No releases found");
  return { content: [{ type: "text", text: JSON.stringify(releases) }] };
}));`,
  },
  {
    name: "an object set to isError that is not a tool result",
    code: inTool(`  const status = { isError: false, count: 0 };
  const page = await client.search({ q: args.query });
  if (page.results.length === 0) {
    status.isError = true;
  }
  return { content: [{ type: "text", text: JSON.stringify(status) }] };`),
  },
);

// The first item of a listing (`pipelines[0]`): an empty list is an answer even when the text
// says "not found". A listing by the item's own key is a single-item lookup.
invalid.push(
  empty(
    "the first of a listing, missing: a thrown not-found text",
    inTool(`  const pipelines = await api.getPipelines({ projectSlug: args.project, branch: args.branch });
  const latest = pipelines?.[0];
  if (!latest) {
    /*>*/throw new Error("Latest pipeline not found");/*<*/
  }
  return { content: [{ type: "text", text: latest.state }] };`),
    "`getPipelines` listed no pipelines (`!latest`)",
    {
      suggestion: inTool(`  const pipelines = await api.getPipelines({ projectSlug: args.project, branch: args.branch });
  const latest = pipelines?.[0];
  if (!latest) {
    return { content: [{ type: "text", text: "Latest pipeline not found" }] };
  }
  return { content: [{ type: "text", text: latest.state }] };`),
    },
  ),
  empty(
    "the first of a listing read by destructuring, from a response field",
    inTool(`  const [first] = (await client.jobs.list({ status: "failed" })).items;
  if (first === undefined) return /*>*/{ isError: true, content: [{ type: "text", text: "No failed jobs found" }] }/*<*/;
  return { content: [{ type: "text", text: first.name }] };`),
    "`list` listed no jobs (`first === undefined`)",
    {
      suggestion: inTool(`  const [first] = (await client.jobs.list({ status: "failed" })).items;
  if (first === undefined) return { content: [{ type: "text", text: "No failed jobs found" }] };
  return { content: [{ type: "text", text: first.name }] };`),
    },
  ),
  empty(
    "the first of a listing held by a `let` never written again",
    inTool(`  let deployments = await api.listDeployments({ environment: args.environment });
  const latest = deployments[0];
  if (!latest) /*>*/throw new Error("No deployment found");/*<*/
  return { content: [{ type: "text", text: latest.id }] };`),
    "`listDeployments` listed no deployments (`!latest`)",
    {
      suggestion: inTool(`  let deployments = await api.listDeployments({ environment: args.environment });
  const latest = deployments[0];
  if (!latest) return { content: [{ type: "text", text: "No deployment found" }] };
  return { content: [{ type: "text", text: latest.id }] };`),
    },
  ),
  empty(
    "a `let` list written again only after the test (it still holds the listing there)",
    inTool(`  let streams = await api.listStreams(args.activityId);
  if (!streams || streams.length === 0) /*>*/throw new Error("No streams were returned");/*<*/
  streams = streams.slice(0, 100);
  return { content: [{ type: "text", text: JSON.stringify(streams) }] };`),
    "`!streams || streams.length === 0`",
    {
      suggestion: inTool(`  let streams = await api.listStreams(args.activityId);
  if (!streams || streams.length === 0) return { content: [{ type: "text", text: "No streams were returned" }] };
  streams = streams.slice(0, 100);
  return { content: [{ type: "text", text: JSON.stringify(streams) }] };`),
    },
  ),
  empty(
    "a variable that one branch sets to the first of a listing",
    inTool(`  let run;
  if (args.runNumber) {
    run = await api.getRunByNumber(args.runNumber);
  } else {
    const runs = await api.listRuns({ branch: args.branch });
    run = runs.at(0);
  }
  if (!run) /*>*/throw new Error("Run not found");/*<*/
  return { content: [{ type: "text", text: run.status }] };`),
    "`listRuns` listed no runs (`!run`)",
    {
      suggestion: inTool(`  let run;
  if (args.runNumber) {
    run = await api.getRunByNumber(args.runNumber);
  } else {
    const runs = await api.listRuns({ branch: args.branch });
    run = runs.at(0);
  }
  if (!run) return { content: [{ type: "text", text: "Run not found" }] };
  return { content: [{ type: "text", text: run.status }] };`),
    },
  ),
);

valid.push(
  ...[
    ["a listing by the item's own key", "const runs = await api.listRuns({ runId: args.id });", "runs[0]"],
    ["a listing by a key nested in its options", "const runs = await api.getRuns({ params: { path: { id: args.id } } });", "runs[0]"],
    ["a listing by email", "const users = await api.getUsers({ email: args.email });", "users[0]"],
    ["a listing by an identifier argument", "const runs = await api.listRuns(args.runNumber);", "runs[0]"],
    ["a query that does not say it lists", "const rows = await db.query(SQL, [args.name]);", "rows[0]"],
    ["a singular lookup", "const runs = await api.getStatus(args.name);", "runs[0]"],
    ["an item that is not the first", "const runs = await api.listRuns({ branch: args.branch });", "runs[1]"],
  ].map(([name, setup, first]) => ({
    name: `the first of a listing: ${String(name)}`,
    code: inTool(`  ${String(setup)}
  const item = ${String(first)};
  if (!item) throw new Error("Run not found");
  return { content: [{ type: "text", text: item.status }] };`),
  })),
  {
    name: "the first of a listing, missing, with a text that does not say nothing was found",
    code: inTool(`  const runs = await api.listRuns({ branch: args.branch });
  if (!runs[0]) throw new Error("The runs API answered without a run; retry in a minute.");
  return { content: [{ type: "text", text: runs[0].status }] };`),
  },
  {
    // The write later in the loop comes round to the test on the next pass.
    name: "a `let` list written again later in a loop around the test",
    code: inTool(`  let page = await api.listStreams(args.activityId);
  for (let i = 0; i < 3; i++) {
    if (page.length === 0) throw new Error("No streams were returned");
    page = args.filter(page);
  }
  return { content: [{ type: "text", text: JSON.stringify(page) }] };`),
  },
  {
    // Written again: what the list holds at the read is not the listing's result alone.
    name: "the first of a `let` list that is written again",
    code: inTool(`  let runs = await api.listRuns({ branch: args.branch });
  if (args.runId) runs = await api.getRunsById(args.runId);
  const latest = runs[0];
  if (!latest) throw new Error("Run not found");
  return { content: [{ type: "text", text: latest.status }] };`),
  },
);

// A builder whose `isError` compares a status parameter: the status the call passes decides.
const STATUS_BUILDER = `function format(status, message, data) {
  return { content: [{ type: "text", text: JSON.stringify({ status, message, data }) }], isError: status === "error" };
}`;
valid.push({
  name: "an empty listing answered through a builder, with the success status",
  code: inTool(
    `    const apps = await api.listApps({ project: args.project });
    if (!apps || apps.length === 0) return format("success", "No apps found", []);
    return format("success", \`\${apps.length} apps\`, apps);`,
    STATUS_BUILDER,
  ),
});

// The first of a listing whose options are built beforehand: the text says which key it looked up by.
valid.push({
  name: "the first of a listing, missing, with a text naming the id it looked up",
  code: inTool(`  const query = { part: "snippet", id: args.channelId };
  const found = await api.listChannels(query);
  const channel = found.items[0];
  if (!channel) throw new Error(\`Channel with ID '\${args.channelId}' not found\`);
  return { content: [{ type: "text", text: channel.title }] };`),
});

// A failure envelope of the project's own (`{ success: false, error }`), which its dispatcher turns
// into an error result: an empty search answered with one is an error on an empty result.
invalid.push(
  empty(
    "a failure envelope returned when a search found nothing",
    inTool(`  const found = await api.searchPlaylists(args.query);
  if (found.items.length === 0) {
    return { /*>*/success: false/*<*/, error: \`No playlists found matching "\${args.query}"\` };
  }
  return { success: true, data: found.items.map((item) => item.title).join("\\n") };`),
    "`found.items.length === 0`",
  ),
);
valid.push(
  {
    name: "a failure envelope for an empty input",
    code: inTool(`  if (args.ids.length === 0) return { success: false, error: "Pass at least one playlist id" };
  return { success: true, data: await api.getPlaylists(args.ids) };`),
  },
  {
    // One item of a fan-out says it failed: the item's own envelope, not the tool's answer.
    name: "a failure envelope a per-item callback returns",
    code: inTool(`  const found = await api.searchPlaylists(args.query);
  const rows = found.items.map((item) => (item.tracks.length === 0 ? { success: false, error: "No tracks found" } : { success: true, data: item.title }));
  return { content: [{ type: "text", text: JSON.stringify(rows) }] };`),
  },
  {
    name: "a failure envelope for a failed call, not an empty one",
    code: inTool(`  const found = await api.searchPlaylists(args.query);
  if (!found.ok) return { success: false, error: \`The search failed: HTTP \${found.status}\` };
  return { success: true, data: found.items };`),
  },
);

ruleTester.run("no-error-on-empty-result", rule, { valid, invalid });
