#!/usr/bin/env node
/**
 * Benchmark: what do the recommended rules cost on top of parsing?
 *
 * 1. Writes a deterministic corpus of MCP server files to `.bench/corpus/` (seeded PRNG, so the
 *    same files on every machine): every handler shape the model knows, with fetch/axios calls,
 *    try/catch, classified and generic error results, empty-result branches and helpers.
 * 2. In one worker thread per mode (scripts/lib/bench-worker.js: its own heap, as in an `eslint`
 *    process), lints the corpus with `plugin.configs.recommended` from `dist/` and with the same
 *    config minus its rules (parse only). The workers take turns every few files so machine
 *    noise hits both alike; prints the medians and their ratio.
 * 3. The warm-up (a quarter of the corpus) runs with `stats: true` and gives the time per rule,
 *    with the shared MCP model on a row of its own; the timed runs stay uninstrumented, because
 *    timing every listener slows the rules down.
 *
 * Usage: npm run bench [-- --runs N] [-- --chunk N] [-- --files N] [-- --floor] [-- --corpus-only]
 *        npm run bench -- --typed [--runs N] [--projects N]   (typed mode: see bench-typed.js)
 *        npm run bench -- --real <dir> [<dir>...]   (the stats ratio on real checkouts, syntactic)
 *        npm run bench -- --config strict|all ...   (the syntactic runs with another config's rules)
 *        npm run bench -- --typed --real <dir> [<dir>...]   (fresh processes per checkout: CPU, peak memory)
 *        npm run bench -- --typed --real <dir> --threads N   (also the command with --concurrency N: wall time, CPU, memory)
 * Exit code is 0 unless something crashes.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { ESLint } from "eslint";
import { createRandom } from "./lib/random.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CORPUS = path.join(ROOT, ".bench", "corpus");

const { values: args, positionals } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    chunk: { type: "string", default: "20" },
    files: { type: "string", default: "2000" },
    seed: { type: "string", default: "20251129" },
    "corpus-only": { type: "boolean", default: false },
    floor: { type: "boolean", default: false },
    typed: { type: "boolean", default: false },
    projects: { type: "string", default: "12" },
    real: { type: "boolean", default: false },
    config: { type: "string", default: "recommended" },
    threads: { type: "string" },
  },
  allowPositionals: true,
});
const RUNS = Math.max(1, Number.parseInt(args.runs, 10) || 3);
const CHUNK = Math.max(1, Number.parseInt(args.chunk, 10) || 20);
const FILES = Math.max(1, Number.parseInt(args.files, 10) || 2000);
if (!["recommended", "strict", "all"].includes(args.config)) throw new Error(`--config: recommended, strict or all, not ${args.config}`);
// Read by scripts/lib/bench-configs.js, here and in the workers (which get a copy of the environment).
process.env.MCP_ERRORS_BENCH_CONFIG = args.config;

// ---------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------

const SERVICES = [
  "github",
  "jira",
  "slack",
  "notion",
  "stripe",
  "weather",
  "linear",
  "gitlab",
  "airtable",
  "hubspot",
  "sentry",
  "datadog",
  "zendesk",
  "figma",
  "spotify",
];
const VERBS = ["get", "list", "search", "create", "update", "delete", "fetch", "query", "send", "sync", "lookup", "resolve"];
const NOUNS = [
  "issue",
  "ticket",
  "message",
  "page",
  "forecast",
  "customer",
  "invoice",
  "record",
  "file",
  "user",
  "project",
  "event",
  "channel",
  "comment",
  "deployment",
];
const GENERIC_MESSAGES = [
  "An error occurred",
  "Something went wrong",
  "Error",
  "Internal error",
  "Request failed",
  "Failed to process request",
  "Unexpected error",
];

const camel = (snake) => snake.replace(/_([a-z])/gu, (_, c) => c.toUpperCase());
const pascal = (snake) => camel(snake).replace(/^[a-z]/u, (c) => c.toUpperCase());
const indent = (lines, n) => lines.map((l) => (l === "" ? l : " ".repeat(n) + l));

// ---------------------------------------------------------------------------------------------
// Code fragments. Each returns an array of lines; `ctx` describes the tool being written.
// ---------------------------------------------------------------------------------------------

function errorObject(rnd, ctx, category, retryable, description) {
  const fields = [`errorCategory: "${category}"`, `isRetryable: ${retryable}`, `description: ${description}`];
  if (retryable && rnd.chance(0.4)) fields.push(`retryAfterSeconds: ${rnd.pick([5, 10, 30, 60])}`);
  if (rnd.chance(0.3)) fields.push(`userMessage: "The ${ctx.service} request could not be completed."`);
  return [
    "{",
    "  isError: true,",
    "  content: [",
    "    {",
    '      type: "text",',
    "      text: JSON.stringify({",
    ...fields.map((f) => `        ${f},`),
    "      }),",
    "    },",
    "  ],",
    "}",
  ];
}

/** `return <value>;` for a multi-line value. */
function returnLines(value) {
  const lines = [...value];
  lines[0] = `return ${lines[0]}`;
  lines[lines.length - 1] += ";";
  return lines;
}

function classifiedReturn(rnd, ctx, category, retryable, description) {
  if (ctx.hasErrorHelper && rnd.chance(0.6)) {
    return [`return errorResult("${category}", ${description}, ${retryable});`];
  }
  return returnLines(errorObject(rnd, ctx, category, retryable, description));
}

function genericReturn(rnd) {
  const message = rnd.pick(GENERIC_MESSAGES);
  return rnd.chance(0.5)
    ? [`return { isError: true, content: [{ type: "text", text: "${message}" }] };`]
    : returnLines(["{", "  isError: true,", `  content: [{ type: "text", text: "${message}" }],`, "}"]);
}

function requestSignal(rnd, ctx) {
  return rnd.weighted([
    ["AbortSignal.timeout(" + rnd.pick(["5_000", "10_000", "15000", "30000"]) + ")", 3],
    [ctx.signal, ctx.signal ? 1 : 0],
    [ctx.signal ? `AbortSignal.any([${ctx.signal}, AbortSignal.timeout(20_000)])` : undefined, ctx.signal ? 1 : 0],
    [undefined, 2],
  ]);
}

function fetchStep(rnd, ctx) {
  const signal = requestSignal(rnd, ctx);
  const url = `\`\${API_BASE}/${ctx.noun}s?q=\${encodeURIComponent(String(${ctx.arg}))}\``;
  const lines = [`const response = await fetch(${url}, {`];
  if (rnd.chance(0.5)) lines.push(`  method: "${rnd.pick(["GET", "POST"])}",`);
  lines.push('  headers: { Authorization: `Bearer ${API_TOKEN}`, Accept: "application/json" },');
  if (signal) lines.push(`  signal: ${signal},`);
  lines.push("});");
  const style = rnd.weighted([
    ["classify", 3],
    ["throw", 3],
    ["generic", 2],
    ["status", 1],
  ]);
  lines.push("if (!response.ok) {");
  if (style === "classify") {
    lines.push(
      "  if (response.status === 429 || response.status >= 500) {",
      ...indent(classifiedReturn(rnd, ctx, "transient", true, `\`${ctx.service} returned \${response.status}\``), 4),
      "  }",
      "  if (response.status === 401 || response.status === 403) {",
      ...indent(classifiedReturn(rnd, ctx, "permission", false, `"The ${ctx.service} token lacks access to ${ctx.noun}s."`), 4),
      "  }",
      ...indent(classifiedReturn(rnd, ctx, "business", false, `\`${ctx.service} rejected the request: \${response.statusText}\``), 2),
    );
  } else if (style === "throw") {
    lines.push(`  throw new Error(\`${ctx.service} API error: \${response.status} \${response.statusText}\`);`);
  } else if (style === "status") {
    lines.push(`  return { isError: true, content: [{ type: "text", text: \`HTTP \${response.status}\` }] };`);
  } else {
    lines.push(...indent(genericReturn(rnd), 2));
  }
  lines.push("}");
  lines.push(ctx.ts ? `const data = (await response.json()) as ${pascal(ctx.noun)}Response;` : "const data = await response.json();");
  lines.push(`const results = data.items ?? [];`);
  return lines;
}

function axiosStep(rnd, ctx) {
  const method = rnd.pick(["get", "get", "post"]);
  const timeout = rnd.chance(0.5) ? `, timeout: ${rnd.pick([3000, 5000, 8000])}` : "";
  const signal = !timeout && ctx.signal && rnd.chance(0.3) ? `, signal: ${ctx.signal}` : "";
  const body = method === "post" ? `{ query: ${ctx.arg} }, ` : "";
  return [
    `const { data } = await axios.${method}(\`\${API_BASE}/${ctx.noun}s\`, ${body}{`,
    `  headers: { "X-Api-Key": API_TOKEN },`,
    ...(method === "get"
      ? [`  params: { q: ${ctx.arg}, limit: ${rnd.pick([10, 25, 50, 100])} }${timeout}${signal},`]
      : [`  ${(timeout + signal).slice(2) || "maxRedirects: 3"},`]),
    "});",
    ctx.ts ? `const results: ${pascal(ctx.noun)}[] = data.results ?? [];` : "const results = data.results ?? [];",
  ];
}

/** A fan-out over ids: one request per id, all awaited together. */
function fanOutStep(rnd, ctx) {
  const settle = rnd.chance(0.4) ? "allSettled" : "all";
  const lines = [
    `const ids = String(${ctx.arg}).split(",").slice(0, ${rnd.pick([5, 10, 20])});`,
    `const responses = await Promise.${settle}(`,
    `  ids.map((id) => fetch(\`\${API_BASE}/${ctx.noun}s/\${encodeURIComponent(id)}\`, { signal: AbortSignal.timeout(10_000) })),`,
    ");",
  ];
  lines.push(
    settle === "all"
      ? "const results = await Promise.all(responses.map((r) => r.json()));"
      : 'const results = responses.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));',
  );
  return lines;
}

function dbStep(rnd, ctx) {
  return [
    `const { rows: results } = await db.query(`,
    `  "SELECT id, name, status FROM ${ctx.noun}s WHERE name ILIKE $1 LIMIT ${rnd.pick([20, 50, 100])}",`,
    `  [\`%\${${ctx.arg}}%\`],`,
    ");",
  ];
}

function emptyCheck(rnd, ctx) {
  const style = rnd.weighted([
    ["error", 1],
    ["text", 5],
    ["classified", 2],
    ["throw", 0.5],
  ]);
  const lines = ["if (results.length === 0) {"];
  if (style === "error") {
    lines.push(`  return { isError: true, content: [{ type: "text", text: "No ${ctx.noun}s found" }] };`);
  } else if (style === "text") {
    lines.push(`  return { content: [{ type: "text", text: \`No ${ctx.noun}s match "\${${ctx.arg}}".\` }] };`);
  } else if (style === "classified") {
    lines.push(...indent(classifiedReturn(rnd, ctx, "business", false, `\`No ${ctx.noun} matches \${${ctx.arg}}\``), 2));
  } else {
    lines.push(`  throw new Error("No ${ctx.noun}s found");`);
  }
  lines.push("}");
  return lines;
}

function validation(rnd, ctx) {
  const check = rnd.pick([`!${ctx.arg}`, `String(${ctx.arg}).trim() === ""`, `String(${ctx.arg}).length > 200`]);
  const lines = [`if (${check}) {`];
  lines.push(
    ...indent(
      rnd.chance(0.85)
        ? classifiedReturn(rnd, ctx, "validation", false, `"${camel(ctx.argName)} must be a non-empty string of at most 200 characters."`)
        : rnd.chance(0.5)
          ? [`throw new Error("Invalid input");`]
          : genericReturn(rnd),
      2,
    ),
  );
  lines.push("}");
  return lines;
}

function successReturn(rnd, ctx) {
  return rnd.pick([
    ["return {", `  content: [{ type: "text", text: JSON.stringify(results, null, 2) }],`, "};"],
    [`return { content: [{ type: "text", text: formatItems(results) }] };`],
    ["return {", `  content: [{ type: "text", text: \`Found \${results.length} ${ctx.noun}s\` }],`, "  structuredContent: { items: results },", "};"],
  ]);
}

function catchClause(rnd, ctx) {
  const head = ctx.ts ? "} catch (error: unknown) {" : "} catch (error) {";
  const message = ctx.ts ? "error instanceof Error ? error.message : String(error)" : "error.message";
  const style = rnd.weighted([
    ["classified", 8],
    ["generic", 1],
    ["message", 1],
    ["wrongRetry", 0.5],
    ["rethrow", 1],
    ["log", 1],
    ["swallow", 0.5],
    ["stack", 0.3],
  ]);
  const body = [];
  if (style === "classified") {
    body.push(...classifiedReturn(rnd, ctx, "transient", true, `\`${ctx.service} is unreachable: \${${message}}\``));
  } else if (style === "generic") {
    if (rnd.chance(0.5)) body.push(`console.error("${ctx.name} failed", error);`);
    body.push(...genericReturn(rnd));
  } else if (style === "message") {
    body.push(`return { isError: true, content: [{ type: "text", text: \`Error: \${${message}}\` }] };`);
  } else if (style === "wrongRetry") {
    body.push(...returnLines(errorObject(rnd, ctx, rnd.pick(["validation", "permission"]), true, `"${ctx.noun} request rejected"`)));
  } else if (style === "rethrow") {
    body.push(ctx.framework === "low-level" ? `throw new McpError(ErrorCode.InternalError, \`${ctx.name}: \${${message}}\`);` : "throw error;");
  } else if (style === "swallow") {
    body.push(`return { content: [{ type: "text", text: "No ${ctx.noun}s available." }] };`);
  } else if (style === "stack") {
    body.push(`return { isError: true, content: [{ type: "text", text: String(${ctx.ts ? "(error as Error).stack" : "error.stack"}) }] };`);
  } else {
    body.push(`logger.warn({ err: error, tool: "${ctx.name}" }, "tool call failed");`);
    body.push(...(ctx.hasErrorHelper ? [`return errorResult("transient", ${message}, true);`] : genericReturn(rnd)));
  }
  return [head, ...indent(body, 2), "}"];
}

/** Mapping and summarising the results: ordinary code with no error path. */
function shaping(rnd, ctx) {
  const lines = [
    "const rows = results.map((item) => ({",
    "  id: String(item.id),",
    `  name: item.name ?? "(unnamed ${ctx.noun})",`,
    '  status: item.status ?? "unknown",',
    "}));",
    "const byStatus = new Map();",
    "for (const row of rows) {",
    "  byStatus.set(row.status, (byStatus.get(row.status) ?? 0) + 1);",
    "}",
    'const summary = [...byStatus].map(([status, count]) => `${status}: ${count}`).join(", ");',
  ];
  if (rnd.chance(0.5)) {
    lines.push(
      "const sorted = [...rows].sort((a, b) => a.name.localeCompare(b.name));",
      `const lines = sorted.slice(0, ${rnd.pick([10, 25, 50])}).map((row) => \`- \${row.name} (\${row.id}, \${row.status})\`);`,
      "void lines;",
    );
  }
  lines.push("void summary;");
  return lines;
}

/** The statements of one tool handler. */
function handlerBody(rnd, ctx) {
  const work = [];
  const call = rnd.weighted([
    [fetchStep, 5],
    [axiosStep, 3],
    [dbStep, 2],
    [fanOutStep, 1],
  ]);
  work.push(...call(rnd, ctx));
  if (rnd.chance(0.7)) work.push(...emptyCheck(rnd, ctx));
  if (rnd.chance(0.3)) work.push(`const top = results.slice(0, ${rnd.pick([5, 10, 20])});`, "void top;");
  // Plain data handling between the error paths, as real handlers have.
  work.push(...shaping(rnd, ctx));
  work.push(...successReturn(rnd, ctx));
  const lines = [];
  if (ctx.framework === "fastmcp" && rnd.chance(0.5)) lines.push(`log.info("${ctx.name} called", { ${ctx.argName}: ${ctx.arg} });`);
  if (rnd.chance(0.6)) lines.push(...validation(rnd, ctx));
  if (rnd.chance(0.75)) {
    lines.push("try {", ...indent(work, 2), ...catchClause(rnd, ctx));
  } else {
    lines.push(...work);
  }
  return lines;
}

function makeToolContext(rnd, file, framework) {
  const service = file.service;
  let noun, verb, name;
  // Tool names are unique per file (they also name handler functions and classes).
  do {
    noun = rnd.pick(NOUNS);
    verb = rnd.pick(VERBS);
    name = `${verb}_${noun}${rnd.chance(0.3) ? "s" : ""}`;
  } while (file.toolNames.has(name));
  file.toolNames.add(name);
  const argName = rnd.pick(["query", "id", "name", "city", "term", "key"]);
  return {
    ts: file.ts,
    service,
    noun,
    verb,
    framework,
    argName,
    name,
    arg: argName,
    signal: undefined,
    hasErrorHelper: file.hasErrorHelper,
  };
}

// ---------------------------------------------------------------------------------------------
// Handler shapes
// ---------------------------------------------------------------------------------------------

function zodShape(ctx) {
  return `{ ${ctx.argName}: z.string().describe("The ${ctx.noun} ${ctx.argName}") }`;
}

function registerToolInline(rnd, file) {
  const ctx = makeToolContext(rnd, file, "mcp-sdk");
  ctx.signal = "extra.signal";
  const params = file.ts ? `{ ${ctx.argName} }: { ${ctx.argName}: string }, extra` : `{ ${ctx.argName} }, extra`;
  return [
    "server.registerTool(",
    `  "${ctx.name}",`,
    "  {",
    `    title: "${pascal(ctx.name)}",`,
    `    description: "${pascal(ctx.verb)} ${ctx.noun}s in ${ctx.service}.",`,
    `    inputSchema: ${zodShape(ctx)},`,
    "  },",
    `  async (${params}) => {`,
    ...indent(handlerBody(rnd, ctx), 4),
    "  },",
    ");",
    "",
  ];
}

function registerToolNamed(rnd, file) {
  const ctx = makeToolContext(rnd, file, "mcp-sdk");
  ctx.signal = rnd.chance(0.5) ? "extra.signal" : undefined;
  ctx.arg = `args.${ctx.argName}`;
  const fn = `handle${pascal(ctx.name)}`;
  const params = file.ts ? `args: { ${ctx.argName}: string }, extra: RequestHandlerExtra` : "args, extra";
  const returns = file.ts ? ": Promise<CallToolResult>" : "";
  return [
    `async function ${fn}(${params})${returns} {`,
    ...indent(handlerBody(rnd, ctx), 2),
    "}",
    "",
    `server.registerTool("${ctx.name}", { description: "Handles ${ctx.noun}s.", inputSchema: ${zodShape(ctx)} }, ${fn});`,
    "",
  ];
}

function toolOverload(rnd, file) {
  const ctx = makeToolContext(rnd, file, "mcp-sdk");
  const overload = rnd.int(0, 3);
  const useExtra = rnd.chance(0.5);
  if (useExtra) ctx.signal = "extra.signal";
  const params = useExtra ? `{ ${ctx.argName} }, extra` : `{ ${ctx.argName} }`;
  const head = [
    [`server.tool("${ctx.name}", ${zodShape(ctx)}, async (${params}) => {`],
    [`server.tool("${ctx.name}", "Look up ${ctx.noun}s in ${ctx.service}", ${zodShape(ctx)}, async (${params}) => {`],
    [
      "server.tool(",
      `  "${ctx.name}",`,
      `  "Look up ${ctx.noun}s in ${ctx.service}",`,
      `  ${zodShape(ctx)},`,
      "  { readOnlyHint: true, openWorldHint: true },",
      `  async (${params}) => {`,
    ],
    [`server.tool("${ctx.name}", async (extra) => {`],
  ][overload];
  if (overload === 3) {
    ctx.signal = "extra.signal";
    ctx.arg = "DEFAULT_QUERY";
  }
  const close = overload === 2 ? ["  },", ");"] : ["});"];
  return [...head, ...indent(handlerBody(rnd, ctx), overload === 2 ? 4 : 2), ...close, ""];
}

function lowLevelCases(rnd, file, budget) {
  const cases = [];
  const names = [];
  let used = 0;
  for (let i = 0; i < 6; i++) {
    const ctx = makeToolContext(rnd, file, "low-level");
    ctx.arg = `args.${ctx.argName}`;
    ctx.signal = rnd.chance(0.4) ? "extra.signal" : undefined;
    const block = [`case "${ctx.name}": {`, ...indent(handlerBody(rnd, ctx), 2), "}"];
    if (cases.length > 0 && used + block.length > budget) break;
    names.push(ctx.name);
    cases.push(...block);
    used += block.length;
  }
  return {
    names,
    lines: [
      `server.setRequestHandler(ListToolsRequestSchema, async () => ({`,
      `  tools: [${names.map((n) => `{ name: "${n}", inputSchema: { type: "object" } }`).join(", ")}],`,
      "}));",
      "",
      `server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {`,
      file.ts ? "  const args = (request.params.arguments ?? {}) as Record<string, string>;" : "  const args = request.params.arguments ?? {};",
      "  switch (request.params.name) {",
      ...indent(cases, 4),
      "    default:",
      "      throw new McpError(ErrorCode.MethodNotFound, `Unknown tool: ${request.params.name}`);",
      "  }",
      "});",
      "",
    ],
  };
}

function fastMcpTool(rnd, file) {
  const ctx = makeToolContext(rnd, file, "fastmcp");
  ctx.arg = `args.${ctx.argName}`;
  const body = handlerBody(rnd, ctx).map((l) => l.replace(/throw new Error\(/gu, rnd.chance(0.5) ? "throw new UserError(" : "throw new Error("));
  return [
    "server.addTool({",
    `  name: "${ctx.name}",`,
    `  description: "Work with ${ctx.service} ${ctx.noun}s",`,
    `  parameters: z.object(${zodShape(ctx)}),`,
    `  execute: async (args, { log }) => {`,
    ...indent(body, 4),
    "  },",
    "});",
    "",
  ];
}

function mcpFrameworkTool(rnd, file) {
  const ctx = makeToolContext(rnd, file, "mcp-framework");
  ctx.arg = `input.${ctx.argName}`;
  const cls = `${pascal(ctx.name)}Tool`;
  const typeArg = file.ts ? `<${pascal(ctx.name)}Input>` : "";
  const param = file.ts ? `input: ${pascal(ctx.name)}Input` : "input";
  return [
    ...(file.ts ? [`interface ${pascal(ctx.name)}Input {`, `  ${ctx.argName}: string;`, "}", ""] : []),
    `class ${cls} extends MCPTool${typeArg} {`,
    `  name = "${ctx.name}";`,
    `  description = "Query ${ctx.service} for ${ctx.noun}s";`,
    "  schema = {",
    `    ${ctx.argName}: { type: z.string(), description: "The ${ctx.argName} to look up" },`,
    "  };",
    "",
    `  async execute(${param}) {`,
    ...indent(handlerBody(rnd, ctx), 4),
    "  }",
    "}",
    "",
  ];
}

// ---------------------------------------------------------------------------------------------
// Helpers and file assembly
// ---------------------------------------------------------------------------------------------

function errorHelper(file) {
  const sig = file.ts
    ? 'function errorResult(category: "transient" | "validation" | "business" | "permission", description: string, isRetryable: boolean): CallToolResult {'
    : "function errorResult(category, description, isRetryable) {";
  return [
    "/** One shape for every failure, so the agent can decide whether to retry. */",
    sig,
    "  return {",
    "    isError: true,",
    '    content: [{ type: "text", text: JSON.stringify({ errorCategory: category, isRetryable, description }) }],',
    "  };",
    "}",
    "",
  ];
}

function formatHelper(file) {
  return [
    `function formatItems(items${file.ts ? ": Array<{ id: string; name?: string }>" : ""})${file.ts ? ": string" : ""} {`,
    "  return items",
    '    .map((item, index) => `${index + 1}. ${item.name ?? "(unnamed)"} [${item.id}]`)',
    '    .join("\\n");',
    "}",
    "",
  ];
}

function helperChunks(rnd, file) {
  const noun = rnd.pick(NOUNS);
  const t = (ts, js) => (file.ts ? ts : js);
  return [
    [
      `function summarize${pascal(noun)}(item${t(": { id: string; name?: string; status?: string }", "")})${t(": string", "")} {`,
      '  const status = item.status ? ` (${item.status})` : "";',
      '  return `${item.name ?? "(unnamed)"} [${item.id}]${status}`;',
      "}",
      "",
    ],
    [
      `async function withRetry${t("<T>", "")}(fn${t(": () => Promise<T>", "")}, attempts = 3)${t(": Promise<T>", "")} {`,
      `  let lastError${t(": unknown", "")};`,
      "  for (let attempt = 0; attempt < attempts; attempt++) {",
      "    try {",
      "      return await fn();",
      "    } catch (error) {",
      "      lastError = error;",
      "      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));",
      "    }",
      "  }",
      "  throw lastError;",
      "}",
      "",
    ],
    [
      `function buildUrl(path${t(": string", "")}, params${t(": Record<string, string | number>", "")} = {})${t(": string", "")} {`,
      "  const url = new URL(path, API_BASE);",
      "  for (const [key, value] of Object.entries(params)) {",
      "    url.searchParams.set(key, String(value));",
      "  }",
      "  return url.toString();",
      "}",
      "",
    ],
    [
      `function categoryForStatus(status${t(": number", "")})${t(': "transient" | "validation" | "business" | "permission"', "")} {`,
      '  if (status === 429 || status >= 500) return "transient";',
      '  if (status === 401 || status === 403) return "permission";',
      '  if (status === 400 || status === 422) return "validation";',
      '  return "business";',
      "}",
      "",
    ],
    [
      `async function fetchJson(url${t(": string", "")}, init${t(": RequestInit", "")} = {}) {`,
      "  const response = await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(10_000) });",
      "  if (!response.ok) {",
      "    throw new Error(`Request to ${url} failed with ${response.status}`);",
      "  }",
      "  return response.json();",
      "}",
      "",
    ],
    ...(file.ts
      ? [
          [
            `interface ${pascal(noun)} {`,
            "  id: string;",
            "  name?: string;",
            '  status: "open" | "closed";',
            "  updatedAt: string;",
            "}",
            "",
            `interface ${pascal(noun)}Response {`,
            `  items?: ${pascal(noun)}[];`,
            "  nextCursor?: string;",
            "}",
            "",
          ],
        ]
      : []),
  ];
}

function header(rnd, file, bodyText) {
  const lines = [`// ${file.service} MCP server (generated benchmark fixture #${file.index}).`];
  const imp = (what, from) => lines.push(`import ${what} from "${from}";`);
  switch (file.shape) {
    case "fastmcp":
      imp("{ FastMCP, UserError }", "fastmcp");
      break;
    case "mcp-framework":
      imp("{ MCPTool }", "mcp-framework");
      break;
    case "low-level":
      imp("{ Server }", "@modelcontextprotocol/sdk/server/index.js");
      imp("{ CallToolRequestSchema, ListToolsRequestSchema, McpError, ErrorCode }", "@modelcontextprotocol/sdk/types.js");
      break;
    default:
      imp("{ McpServer }", "@modelcontextprotocol/sdk/server/mcp.js");
  }
  if (file.ts) {
    imp(file.shape === "mcp-sdk-named" ? "type { CallToolResult, RequestHandlerExtra }" : "type { CallToolResult }", "@modelcontextprotocol/sdk/types.js");
  }
  imp("{ z }", "zod");
  // Import exactly what the generated body uses.
  if (bodyText.includes("axios.")) imp("axios", "axios");
  if (bodyText.includes("db.query")) imp("{ db }", "./db.js");
  if (bodyText.includes("logger.")) imp("{ logger }", "./logger.js");
  lines.push(
    "",
    `const API_BASE = process.env.${file.service.toUpperCase()}_API_URL ?? "https://api.${file.service}.example.com/v1";`,
    `const API_TOKEN = process.env.${file.service.toUpperCase()}_TOKEN ?? "";`,
    `const DEFAULT_QUERY = "${rnd.pick(NOUNS)}";`,
    "",
  );
  switch (file.shape) {
    case "fastmcp":
      lines.push(`const server = new FastMCP({ name: "${file.service}", version: "1.${rnd.int(0, 9)}.0" });`, "");
      break;
    case "mcp-framework":
      break;
    case "low-level":
      lines.push(`const server = new Server({ name: "${file.service}", version: "0.${rnd.int(1, 9)}.0" }, { capabilities: { tools: {} } });`, "");
      break;
    default:
      lines.push(`const server = new McpServer({ name: "${file.service}-mcp", version: "1.0.${rnd.int(0, 20)}" });`, "");
  }
  return lines;
}

function footer(file) {
  switch (file.shape) {
    case "fastmcp":
      return ['server.start({ transportType: "stdio" });'];
    case "mcp-framework":
      return [];
    case "low-level":
      return ["export default server;"];
    default:
      return ["export { server };"];
  }
}

const SHAPES = [
  ["mcp-sdk-inline", 25],
  ["mcp-sdk-named", 15],
  ["mcp-sdk-tool", 20],
  ["low-level", 15],
  ["fastmcp", 13],
  ["mcp-framework", 12],
];

const TOOL_BUILDERS = {
  "mcp-sdk-inline": registerToolInline,
  "mcp-sdk-named": registerToolNamed,
  "mcp-sdk-tool": toolOverload,
  fastmcp: fastMcpTool,
  "mcp-framework": mcpFrameworkTool,
};

const MIN_LINES = 60;
/** Imports header() adds only when the body uses them (axios, db, logger). */
const OPTIONAL_IMPORTS = 3;
const MAX_LINES = 300;

/** One corpus file: header, helpers, tools of one shape, footer; 60-300 lines. */
function generateFile(rnd, index) {
  const file = {
    index,
    shape: rnd.weighted(SHAPES),
    ts: rnd.chance(0.6),
    service: rnd.pick(SERVICES),
    hasErrorHelper: rnd.chance(0.45),
    toolNames: new Set(),
  };
  // Skewed towards shorter files (mean about 130 lines): most real servers keep a few small
  // handlers per file and a few files grow large. Also keeps a full run within ~3 minutes.
  const target = MIN_LINES + Math.floor((MAX_LINES - MIN_LINES) * rnd.next() ** 3);
  // The header's imports depend on the body; up to three more lines than with an empty body.
  const headMin = header(rnd, file, "").length;
  const tail = footer(file);
  const limit = MAX_LINES - tail.length - OPTIONAL_IMPORTS;
  const body = [];
  if (file.hasErrorHelper) body.push(...errorHelper(file));
  body.push(...formatHelper(file));
  // Each helper at most once per file (they are declarations).
  const helpers = helperChunks(rnd, file);
  const nextHelper = () => helpers.splice(rnd.int(0, helpers.length - 1), 1)[0];
  const size = () => headMin + body.length;
  if (file.shape === "low-level") {
    const { lines } = lowLevelCases(rnd, file, Math.max(20, target - size() - 20));
    body.push(...lines);
  } else {
    const build = TOOL_BUILDERS[file.shape];
    let misses = 0;
    while (size() < target && misses < 20) {
      const useHelper = helpers.length > 0 && rnd.chance(0.2);
      const chunk = useHelper ? nextHelper() : build(rnd, file);
      if (size() + chunk.length > limit) {
        // A rejected tool keeps its name reserved; harmless, names only need to be unique.
        misses++;
        if (useHelper) helpers.push(chunk);
        continue;
      }
      body.push(...chunk);
    }
  }
  // Pad short files with the remaining helpers (each well under ten lines).
  while (size() < MIN_LINES && helpers.length > 0) body.push(...nextHelper());
  const lines = [...header(rnd, file, body.join("\n")), ...body, ...tail];
  return { file, text: lines.join("\n") + "\n", lines: lines.length };
}

function writeCorpus() {
  rmSync(CORPUS, { recursive: true, force: true });
  const rnd = createRandom(Number.parseInt(args.seed, 10));
  const stats = { ts: 0, js: 0, lines: 0, min: Infinity, max: 0, shapes: {} };
  for (let i = 0; i < FILES; i++) {
    const { file, text, lines } = generateFile(rnd, i);
    const ext = file.ts ? "ts" : rnd.pick(["js", "js", "mjs"]);
    const dir = path.join(CORPUS, file.shape);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${String(i).padStart(5, "0")}-${file.service}.${ext}`), text);
    stats[file.ts ? "ts" : "js"]++;
    stats.lines += lines;
    stats.min = Math.min(stats.min, lines);
    stats.max = Math.max(stats.max, lines);
    stats.shapes[file.shape] = (stats.shapes[file.shape] ?? 0) + 1;
  }
  return stats;
}

// ---------------------------------------------------------------------------------------------
// Linting
// ---------------------------------------------------------------------------------------------

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

/**
 * One lint of `files` (the whole corpus directory by default) with a fresh ESLint instance, so
 * no run reuses another's state.
 */
async function lintOnce(config, { files = [path.relative(ROOT, CORPUS)], stats = false } = {}) {
  const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: true, overrideConfig: [config], stats });
  const start = performance.now();
  const results = await eslint.lintFiles(files);
  return { ms: performance.now() - start, results };
}

/** Corpus files as sorted relative paths. */
function corpusFiles() {
  return readdirSync(CORPUS, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .sort();
}

function summarize(results) {
  let fatal = 0;
  let firstFatal;
  const reports = new Map();
  const perRule = new Map();
  let parseMs = 0;
  for (const result of results) {
    for (const message of result.messages) {
      if (message.fatal) {
        fatal++;
        firstFatal ??= `${path.relative(ROOT, result.filePath)}:${message.line}: ${message.message}`;
      } else if (message.ruleId) {
        reports.set(message.ruleId, (reports.get(message.ruleId) ?? 0) + 1);
      }
    }
    for (const pass of result.stats?.times.passes ?? []) {
      parseMs += pass.parse?.total ?? 0;
      for (const [ruleId, { total }] of Object.entries(pass.rules ?? {})) {
        perRule.set(ruleId, (perRule.get(ruleId) ?? 0) + total);
      }
    }
  }
  return { fatal, firstFatal, reports, perRule, parseMs };
}

/**
 * A worker thread that lints in one mode (scripts/lib/bench-worker.js); returns a function that
 * sends it a message and resolves with its reply, and `terminate`.
 */
async function startWorker(mode) {
  const worker = new Worker(new URL("./lib/bench-worker.js", import.meta.url), { workerData: { root: ROOT, mode } });
  const next = () =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        worker.off("error", onError);
        resolve(message);
      };
      const onError = (error) => {
        worker.off("message", onMessage);
        reject(error);
      };
      worker.once("message", onMessage);
      worker.once("error", onError);
    });
  await next();
  const send = (message) => {
    const reply = next();
    worker.postMessage(message);
    return reply;
  };
  send.terminate = () => worker.terminate();
  return send;
}

/**
 * The stats ratio on real checkouts (`--real <dir>...`): each folder linted once with
 * `recommended` (or `--config`) and ESLint's stats, over the files the mcp-errors command lints there.
 * Real servers hold far fewer handlers and defects per line than the generated corpus.
 */
async function realStats(dirs) {
  const { measured } = await import("./lib/bench-configs.js");
  const { discover } = await import("../dist/cli/discover.js");
  const { statsTimes } = await import("./lib/stats.js");
  let parseMs = 0;
  let rulesMs = 0;
  let files = 0;
  for (const dir of dirs) {
    const cwd = path.resolve(dir);
    const eslint = new ESLint({ cwd, overrideConfigFile: true, overrideConfig: [measured], stats: true });
    const results = await eslint.lintFiles(discover(cwd, ["."], { includeTests: false }).files);
    const times = statsTimes(results);
    files += results.length;
    parseMs += times.parseMs;
    rulesMs += times.rulesMs;
  }
  console.log(
    `stats ratio (${args.config}) on ${dirs.length} checkout(s), ${files} files: rules ${seconds(rulesMs)} / parse ${seconds(parseMs)} = ${((100 * rulesMs) / parseMs).toFixed(1)}% (target <= 10%)`,
  );
}

async function main() {
  if (args.real && args.typed) {
    const { runTypedReal } = await import("./bench-typed.js");
    await runTypedReal({ dirs: positionals, runs: RUNS, threads: args.threads === undefined ? undefined : Number.parseInt(args.threads, 10) });
    return;
  }
  if (args.real) {
    await realStats(positionals);
    return;
  }
  if (args.typed) {
    const { runTypedBench } = await import("./bench-typed.js");
    await runTypedBench({ runs: RUNS, projects: Math.max(1, Number.parseInt(args.projects, 10) || 12) });
    return;
  }
  const generated = performance.now();
  const corpus = writeCorpus();
  console.log(
    `corpus: ${FILES} files (${corpus.ts} .ts, ${corpus.js} .js/.mjs), ${corpus.lines} lines ` +
      `(${corpus.min}-${corpus.max} per file) in ${path.relative(ROOT, CORPUS)}/ ` +
      `[${seconds(performance.now() - generated)}]`,
  );
  console.log(
    `shapes: ${Object.entries(corpus.shapes)
      .map(([s, n]) => `${s} ${n}`)
      .join(", ")}`,
  );
  if (args["corpus-only"]) return;

  const { configs, measured, MODEL_ROW } = await import("./lib/bench-configs.js");
  const ruleCount = Object.keys(measured.rules ?? {}).length;

  // The instrumented run for per-rule times, on a quarter of the corpus: `stats` wraps every
  // listener, so it stays out of the timed runs. (Each worker warms up on the same quarter.)
  const files = corpusFiles();
  const quarter = files.filter((_, i) => i % 4 === 0);
  const warm = await lintOnce(configs.stats, { files: quarter, stats: true });

  // Timed runs. Each mode lints in a worker thread of its own, with its own V8 heap: in one
  // shared heap, the measured mode's files survive minor GCs (see CONTRIBUTING) and V8 starts
  // allocating every tree straight into the old generation, parse-only's included, which made the
  // ratio depend on which mode warmed up first (1.11x or 1.25x for the same code). This machine's
  // speed drifts by tens of percent within a minute, so the workers take turns chunk by chunk
  // (a few files each, order swapped every chunk): both see the same drift, and the ratio of
  // their sums is stable where whole-corpus runs are not.
  console.log(`${args.config}: ${ruleCount} rule(s); ${RUNS} timed run(s) after a warm-up, one worker per mode, taking turns every ${CHUNK} files`);
  // `--floor`: two more modes. One rule that does nothing shows what ESLint itself adds as soon
  // as any rule runs (rule contexts, listener dispatch), apart from what our rules cost; one rule
  // that only builds the shared model, the way the rules do, shows what the model costs.
  const modes = args.floor ? ["parseOnly", "floor", "model", "measured"] : ["parseOnly", "measured"];
  const workers = Object.fromEntries(await Promise.all(modes.map(async (mode) => [mode, await startWorker(mode)])));
  const lint = async (mode, message) => {
    const reply = await workers[mode](message);
    if (reply.fatal > 0) throw new Error(`${mode}: ${reply.fatal} corpus file(s) do not parse`);
    return reply.ms;
  };
  for (const mode of modes) await lint(mode, { files: quarter });
  const runs = [];
  const chunkRatios = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const mode of modes) await lint(mode, { fresh: true });
      const total = Object.fromEntries(modes.map((mode) => [mode, 0]));
      for (let i = 0, chunk = 0; i < files.length; i += CHUNK, chunk++) {
        const slice = files.slice(i, i + CHUNK);
        const order = (run + chunk) % 2 === 0 ? ["parseOnly", "measured"] : ["measured", "parseOnly"];
        if (args.floor) order.splice(1, 0, "floor", "model");
        const ms = {};
        for (const mode of order) {
          ms[mode] = await lint(mode, { files: slice });
          total[mode] += ms[mode];
        }
        chunkRatios.push(ms.measured / ms.parseOnly);
      }
      runs.push(total);
    }
  } finally {
    await Promise.all(Object.values(workers).map((worker) => worker.terminate()));
  }

  const perFile = (ms) => `${((ms / files.length) * 1000).toFixed(0)} µs/file`;
  const parseMedian = median(runs.map((r) => r.parseOnly));
  const measuredMedian = median(runs.map((r) => r.measured));
  const runRatios = runs.map((r) => r.measured / r.parseOnly);
  const sorted = [...chunkRatios].sort((a, b) => a - b);
  const quantile = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
  console.log(`parse-only:  median ${seconds(parseMedian)} (${perFile(parseMedian)})  runs: ${runs.map((r) => seconds(r.parseOnly)).join(", ")}`);
  console.log(`${args.config}: median ${seconds(measuredMedian)} (${perFile(measuredMedian)})  runs: ${runs.map((r) => seconds(r.measured)).join(", ")}`);
  console.log(
    `per-run ratios: ${runRatios.map((r) => r.toFixed(3)).join(", ")}; per-chunk ratio quartiles: ${quantile(0.25)} / ${quantile(0.5)} / ${quantile(0.75)}`,
  );
  console.log(`${args.config} / parse-only: ${median(runRatios).toFixed(2)}x`);
  if (args.floor) {
    const floorRatios = runs.map((r) => r.floor / r.parseOnly);
    console.log(
      `one no-op rule / parse-only (ESLint's own cost of running any rule): ${median(floorRatios).toFixed(2)}x (runs: ${floorRatios.map((r) => r.toFixed(3)).join(", ")})`,
    );
    const modelRatios = runs.map((r) => r.model / r.parseOnly);
    console.log(
      `the shared model alone / parse-only (ESLint's cost included): ${median(modelRatios).toFixed(2)}x (runs: ${modelRatios.map((r) => r.toFixed(3)).join(", ")})`,
    );
    // What the plugin itself adds: the measured config's ratio minus the no-op rule's, run by run.
    const above = runs.map((r) => (r.measured - r.floor) / r.parseOnly);
    const signed = (d) => `${d < 0 ? "-" : "+"}${Math.abs(d).toFixed(3)}`;
    console.log(
      `${args.config} above ESLint's floor (its ratio minus the no-op rule's): ${signed(median(above))} (runs: ${above.map(signed).join(", ")})`,
    );
  }

  const { fatal, firstFatal, reports, perRule, parseMs } = summarize(warm.results);
  if (fatal > 0) console.log(`warning: ${fatal} corpus file(s) do not parse, first: ${firstFatal}`);
  if (ruleCount === 0) {
    console.log(`per-rule: (no rules in ${args.config})`);
    return;
  }
  // How dense the planted defects are, to compare with real servers (see the closing line).
  const findings = [...reports.values()].reduce((a, b) => a + b, 0);
  const lines = warm.results.reduce((sum, r) => sum + (r.source ?? "").split("\n").length, 0);
  if (lines > 0) {
    console.log(`findings: ${((100 * findings) / lines).toFixed(2)} per 100 lines in the warm-up files (real servers measured 0.06-0.98)`);
  }
  const rulesMs = [...perRule.values()].reduce((a, b) => a + b, 0);
  // The target: what our rules take over what parsing takes, both from ESLint's own `stats` of
  // one run over the same files (the wall-clock ratio above also holds ESLint's fixed cost of
  // running any rule at all).
  console.log(
    `stats ratio (${args.config}, ESLint stats, ${quarter.length} files, one run): rules ${seconds(rulesMs)} / parse ${seconds(parseMs)} = ${((100 * rulesMs) / parseMs).toFixed(1)}% (target <= 10%)`,
  );
  console.log(`per-rule (stats run over ${quarter.length} files, ${seconds(rulesMs)} in rules):`);
  const rows = [...perRule].sort((a, b) => b[1] - a[1]);
  const width = Math.max(...rows.map(([id]) => id.length));
  for (const [ruleId, ms] of rows) {
    const share = `${ms.toFixed(1).padStart(8)} ms  ${((100 * ms) / rulesMs).toFixed(1).padStart(5)}%`;
    const what = ruleId === MODEL_ROW ? "the shared MCP model (collection and build)" : `${reports.get(ruleId) ?? 0} report(s)`;
    console.log(`  ${ruleId.padEnd(width)}  ${share}  ${what}`);
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
