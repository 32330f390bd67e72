import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import { describe } from "vitest";
import rule, { type MessageIds, type Options } from "../../src/rules/prefer-partial-results.js";
import { inTool, invalid } from "../cases.js";
import { createRuleTester } from "../rule-tester.js";
import { SHAPES } from "../shapes.js";

const ruleTester = createRuleTester();

type Invalid = InvalidTestCase<MessageIds, Options>;
type Valid = ValidTestCase<Options>;

const SEARCH_DOCS = 'tool "search_docs"';

/** The one report every invalid case expects, on `Promise.all`. */
function fanOut(tool: string, what: string): { messageId: MessageIds; reported: string; data: Record<string, string> } {
  return { messageId: "preferPartialResults", reported: "Promise.all", data: { tool, what } };
}

const TWO_FETCHES = `  const [docs, stats] = await /*>*/Promise.all([
    fetch("https://docs.example.com/search?q=" + args.query),
    fetch("https://stats.example.com/search?q=" + args.query),
  ]);
  return { content: [{ type: "text", text: String(docs.status) + String(stats.status) }] };`;

const TWO_SETTLED = `  const [docs, stats] = await Promise.allSettled([
    fetch("https://docs.example.com/search?q=" + args.query),
    fetch("https://stats.example.com/search?q=" + args.query),
  ]);
  const warnings = [docs, stats].filter((r) => r.status === "rejected").map((r) => String(r.reason));
  return { content: [{ type: "text", text: JSON.stringify({ complete: warnings.length === 0, warnings }) }] };`;

const shapeInvalid: Invalid[] = SHAPES.map((shape) =>
  invalid<MessageIds, Options>({
    name: `${shape.title}: two fetches in one Promise.all`,
    code: shape.wrap(TWO_FETCHES),
    output: null,
    errors: [fanOut(shape.named ? SEARCH_DOCS : "this tool handler", "2 outside calls")],
  }),
);

const shapeValid: Valid[] = SHAPES.map((shape) => ({
  name: `${shape.title}: Promise.allSettled with a partial result`,
  code: shape.wrap(TWO_SETTLED),
}));

const handWrittenInvalid: Invalid[] = [
  invalid({
    name: "a fetch per item through .map",
    code: inTool(`  const pages = await /*>*/Promise.all(args.ids.map((id) => fetch(\`https://api.example.com/pages/\${id}\`)));
  return { content: [{ type: "text", text: String(pages.length) }] };`),
    output: null,
    errors: [fanOut(SEARCH_DOCS, "one outside call per item")],
  }),
  invalid({
    name: "an async .map callback that awaits axios and reads the body",
    code: `import axios from "axios";
${inTool(`  const users = await /*>*/Promise.all(
    args.ids.map(async (id) => {
      const response = await axios.get(\`https://api.example.com/users/\${id}\`, { timeout: 5000 });
      return response.data;
    }),
  );
  return { content: [{ type: "text", text: JSON.stringify(users) }] };`)}`,
    output: null,
    errors: [fanOut(SEARCH_DOCS, "one outside call per item")],
  }),
  invalid({
    name: "a .map callback that calls a same-file function doing the fetch",
    code: inTool(
      `  const pages = await /*>*/Promise.all(args.ids.map((id) => loadPage(id)));
  return { content: [{ type: "text", text: pages.join("\\n") }] };`,
      `async function loadPage(id) {
  const response = await fetch(\`https://api.example.com/pages/\${id}\`);
  return response.text();
}`,
    ),
    output: null,
    errors: [fanOut(SEARCH_DOCS, "one outside call per item")],
  }),
  invalid({
    name: "a same-file function passed to .map by name",
    code: inTool(
      `  const pages = await /*>*/Promise.all(args.ids.map(loadPage));
  return { content: [{ type: "text", text: pages.join("\\n") }] };`,
      `async function loadPage(id) {
  const response = await fetch(\`https://api.example.com/pages/\${id}\`);
  return response.text();
}`,
    ),
    output: null,
    errors: [fanOut(SEARCH_DOCS, "one outside call per item")],
  }),
  invalid({
    name: "two same-file functions that each fetch",
    code: inTool(
      `  const [weather, forecast] = await /*>*/Promise.all([getWeather(args.city), getForecast(args.city)]);
  return { content: [{ type: "text", text: weather + forecast }] };`,
      `async function getWeather(city) {
  const response = await fetch("https://weather.example.com/now?city=" + city);
  if (!response.ok) throw new Error("weather failed");
  return response.text();
}
const getForecast = async (city) => {
  const response = await fetch("https://weather.example.com/forecast?city=" + city);
  return response.text();
};`,
    ),
    output: null,
    errors: [fanOut(SEARCH_DOCS, "2 outside calls")],
  }),
  invalid({
    name: "a .map result kept in a const, then awaited",
    code: inTool(`  const requests = args.ids.map((id) => fetch("https://api.example.com/items/" + id));
  const responses = await /*>*/Promise.all(requests);
  return { content: [{ type: "text", text: String(responses.length) }] };`),
    output: null,
    errors: [fanOut(SEARCH_DOCS, "one outside call per item")],
  }),
  invalid({
    name: "promises started earlier and awaited together",
    code: inTool(`  const docs = fetch("https://docs.example.com/search?q=" + args.query);
  const stats = fetch("https://stats.example.com/search?q=" + args.query);
  const [a, b] = await /*>*/Promise.all([docs, stats]);
  return { content: [{ type: "text", text: String(a.status) + String(b.status) }] };`),
    output: null,
    errors: [fanOut(SEARCH_DOCS, "2 outside calls")],
  }),
  invalid({
    name: "elements chained with .then(ok) still reject",
    code: inTool(`  const [a, b] = await /*>*/Promise.all([
    fetch("https://a.example.com/").then((r) => r.json()),
    fetch("https://b.example.com/").then((r) => r.json()).finally(() => console.log("done")),
  ]);
  return { content: [{ type: "text", text: JSON.stringify({ a, b }) }] };`),
    output: null,
    errors: [fanOut(SEARCH_DOCS, "2 outside calls")],
  }),
  invalid({
    name: "one part has its own .catch, two do not",
    code: inTool(`  const [a, b, c] = await /*>*/Promise.all([
    fetch("https://a.example.com/"),
    fetch("https://b.example.com/"),
    fetch("https://c.example.com/").catch(() => undefined),
  ]);
  return { content: [{ type: "text", text: String(a.status) + String(b.status) + String(c?.status) }] };`),
    output: null,
    errors: [fanOut(SEARCH_DOCS, "2 outside calls")],
  }),
  invalid({
    name: "caught by a catch that returns one error result",
    code: inTool(`  try {
    const [a, b] = await /*>*/Promise.all([fetch("https://a.example.com/"), fetch("https://b.example.com/")]);
    return { content: [{ type: "text", text: String(a.status) + String(b.status) }] };
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: "Search failed: " + String(error) }] };
  }`),
    output: null,
    errors: [fanOut(SEARCH_DOCS, "2 outside calls")],
  }),
  invalid({
    name: "caught by a catch that rethrows",
    code: inTool(`  try {
    const [a, b] = await /*>*/Promise.all([fetch("https://a.example.com/"), fetch("https://b.example.com/")]);
    return { content: [{ type: "text", text: String(a.status) + String(b.status) }] };
  } catch (error) {
    console.error(error);
    throw new Error("search failed");
  }`),
    output: null,
    errors: [fanOut(SEARCH_DOCS, "2 outside calls")],
  }),
  invalid({
    name: "a returned Promise.all(...).then(...)",
    code: inTool(`  return /*>*/Promise.all([fetch("https://a.example.com/"), fetch("https://b.example.com/")]).then(([a, b]) => ({
    content: [{ type: "text", text: String(a.status) + String(b.status) }],
  }));`),
    output: null,
    errors: [fanOut(SEARCH_DOCS, "2 outside calls")],
  }),
  invalid({
    name: "child processes through promisify(execFile) and execa",
    code: `import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { execa } from "execa";
const run = promisify(execFile);
${inTool(`  const [log, status] = await /*>*/Promise.all([run("git", ["log"]), execa("git", ["status"])]);
  return { content: [{ type: "text", text: log.stdout + status.stdout }] };`)}`,
    output: null,
    errors: [fanOut(SEARCH_DOCS, "2 outside calls")],
  }),
  invalid({
    name: "two immediately invoked async functions that fetch",
    code: inTool(`  const [a, b] = await /*>*/Promise.all([
    (async () => (await fetch("https://a.example.com/")).json())(),
    (async () => (await fetch("https://b.example.com/")).json())(),
  ]);
  return { content: [{ type: "text", text: JSON.stringify({ a, b }) }] };`),
    output: null,
    errors: [fanOut(SEARCH_DOCS, "2 outside calls")],
  }),
  invalid({
    name: "a same-file helper on the handler path (its rejection reaches the handler)",
    code: inTool(
      `  const text = await searchEverywhere(args.query);
  return { content: [{ type: "text", text }] };`,
      `async function searchEverywhere(query) {
  const [a, b] = await /*>*/Promise.all([fetch("https://a.example.com/?q=" + query), fetch("https://b.example.com/?q=" + query)]);
  return (await a.text()) + (await b.text());
}`,
    ),
    output: null,
    errors: [fanOut(SEARCH_DOCS, "2 outside calls")],
  }),
  invalid({
    name: "class methods that fetch, called on this (mcp-framework)",
    code: `import { MCPTool } from "mcp-framework";
export default class ForecastTool extends MCPTool {
  name = "forecast";
  description = "Forecast";
  schema = {};
  async execute(input) {
    const [now, later] = await /*>*/Promise.all([this.current(input.city), this.daily(input.city)]);
    return { content: [{ type: "text", text: now + later }] };
  }
  async current(city) {
    return (await fetch("https://weather.example.com/now?city=" + city)).text();
  }
  async daily(city) {
    return (await fetch("https://weather.example.com/daily?city=" + city)).text();
  }
}`,
    output: null,
    errors: [fanOut('tool "forecast"', "2 outside calls")],
  }),
  invalid({
    name: "real-world shape: a low-level dispatcher's search helper fans out to two same-file fetchers",
    code: `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
function checkQuota() {
  if (Date.now() < 0) throw new Error("quota exceeded");
}
async function loadPlaces(ids) {
  checkQuota();
  const response = await fetch("https://places.example.com/details?ids=" + ids.join(","));
  if (!response.ok) throw new Error("places failed");
  return response.json();
}
async function loadSummaries(ids) {
  checkQuota();
  const response = await fetch("https://places.example.com/summaries?ids=" + ids.join(","));
  return response.json();
}
async function nearbySearch(query) {
  const ids = query.split(" ");
  const [places, summaries] = await /*>*/Promise.all([loadPlaces(ids), loadSummaries(ids)]);
  return JSON.stringify({ places, summaries });
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "nearby_search": {
      const text = await nearbySearch(String(request.params.arguments?.query));
      return { content: [{ type: "text", text }] };
    }
    default:
      throw new Error(\`Unknown tool: \${request.params.name}\`);
  }
});`,
    output: null,
    errors: [fanOut('tool "nearby_search"', "2 outside calls")],
  }),
  {
    ...invalid({
      name: "a JavaScript file",
      code: `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("fetch_all", { inputSchema: {} }, async ({ urls }) => {
  const bodies = await /*>*/Promise.all(urls.map(async (url) => (await fetch(url)).text()));
  return { content: [{ type: "text", text: bodies.join("\\n") }] };
});`,
      output: null,
      errors: [fanOut('tool "fetch_all"', "one outside call per item")],
    }),
    filename: "server.js",
  },
];

const handWrittenValid: Valid[] = [
  {
    name: "Promise.any and Promise.race do not fail on the first rejection the same way",
    code: inTool(`  const fastest = await Promise.any([fetch("https://a.example.com/"), fetch("https://b.example.com/")]);
  const first = await Promise.race([fetch("https://a.example.com/"), fetch("https://b.example.com/")]);
  return { content: [{ type: "text", text: String(fastest.status) + String(first.status) }] };`),
  },
  {
    name: "every part has its own .catch",
    code: inTool(`  const [a, b] = await Promise.all([
    fetch("https://a.example.com/").catch(() => undefined),
    fetch("https://b.example.com/").then((r) => r.json(), () => undefined),
  ]);
  return { content: [{ type: "text", text: JSON.stringify({ a, b }) }] };`),
  },
  {
    name: "a .map callback that catches per item",
    code: inTool(`  const results = await Promise.all(
    args.ids.map(async (id) => {
      try {
        return { id, body: await (await fetch("https://api.example.com/" + id)).text() };
      } catch (error) {
        return { id, error: String(error) };
      }
    }),
  );
  return { content: [{ type: "text", text: JSON.stringify(results) }] };`),
  },
  {
    name: "safe same-file functions that catch inside",
    code: inTool(
      `  const [a, b] = await Promise.all([safeFetch("https://a.example.com/"), safeFetch("https://b.example.com/")]);
  return { content: [{ type: "text", text: JSON.stringify({ a, b }) }] };`,
      `async function safeFetch(url) {
  try {
    return await (await fetch(url)).text();
  } catch {
    return null;
  }
}`,
    ),
  },
  {
    name: "only one part leaves the process",
    code: inTool(`  const [remote, local] = await Promise.all([fetch("https://a.example.com/"), Promise.resolve(args.query)]);
  return { content: [{ type: "text", text: String(remote.status) + local }] };`),
  },
  {
    name: "one required call and one optional call with its own .catch",
    code: inTool(`  const [item, extras] = await Promise.all([fetch("https://a.example.com/"), fetch("https://b.example.com/").catch(() => null)]);
  return { content: [{ type: "text", text: String(item.status) + String(extras?.status) }] };`),
  },
  {
    name: "the whole fan-out has a .catch with a fallback",
    code: inTool(`  const pages = await Promise.all(args.ids.map((id) => fetch("https://api.example.com/" + id))).catch(() => []);
  return { content: [{ type: "text", text: String(pages.length) }] };`),
  },
  {
    name: "the catch falls back to a success result",
    code: inTool(`  try {
    const [a, b] = await Promise.all([fetch("https://a.example.com/"), fetch("https://b.example.com/")]);
    return { content: [{ type: "text", text: String(a.status) + String(b.status) }] };
  } catch {
    return { content: [{ type: "text", text: "Search is unavailable right now; showing cached results." }] };
  }`),
  },
  {
    name: "the catch goes on instead of ending the call",
    code: inTool(`  let pages = [];
  try {
    pages = await Promise.all(args.ids.map((id) => fetch("https://api.example.com/" + id)));
  } catch (error) {
    console.error(error);
  }
  return { content: [{ type: "text", text: String(pages.length) }] };`),
  },
  {
    name: "not on a handler path",
    code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export async function warmUp(urls) {
  await Promise.all(urls.map((url) => fetch(url)));
}`,
  },
  {
    name: "calls into code from another module (unknown)",
    code: `import { getUser, getOrders } from "./api.js";
${inTool(`  const [user, orders] = await Promise.all([getUser(args.id), getOrders(args.id)]);
  return { content: [{ type: "text", text: JSON.stringify({ user, orders }) }] };`)}`,
  },
  {
    name: "file reads are not outside calls",
    code: `import { readFile } from "node:fs/promises";
${inTool(`  const files = await Promise.all(args.paths.map((p) => readFile(p, "utf8")));
  return { content: [{ type: "text", text: files.join("\\n") }] };`)}`,
  },
  {
    name: "a local Promise that is not the global one",
    code: `import Promise from "bluebird";
${inTool(`  const [a, b] = await Promise.all([fetch("https://a.example.com/"), fetch("https://b.example.com/")]);
  return { content: [{ type: "text", text: String(a.status) + String(b.status) }] };`)}`,
  },
  {
    name: "an inner Promise.all inside a callback handed to Promise.allSettled",
    code: inTool(`  const groups = await Promise.allSettled(
    args.groups.map(async (group) => Promise.all(group.map((id) => fetch("https://api.example.com/" + id)))),
  );
  return { content: [{ type: "text", text: JSON.stringify(groups.map((g) => g.status)) }] };`),
  },
  {
    name: "a spread of values we cannot see",
    code: inTool(`  const results = await Promise.all([...args.tasks]);
  return { content: [{ type: "text", text: String(results.length) }] };`),
  },
  {
    name: "real-world shape: class methods that go through an HTTP helper the class inherits",
    code: `import { MCPTool } from "mcp-framework";
import { ApiTool } from "./api-tool.js";
export default class PlaceTool extends ApiTool {
  name = "describe_place";
  async execute(input) {
    const [address, pois] = await Promise.all([this.reverse(input.lon, input.lat), this.pois(input.lon, input.lat)]);
    return { content: [{ type: "text", text: JSON.stringify({ address, pois }) }] };
  }
  async reverse(lon, lat) {
    return (await this.request("https://geo.example.com/reverse?lon=" + lon + "&lat=" + lat)).json();
  }
  async pois(lon, lat) {
    return (await this.request("https://geo.example.com/pois?lon=" + lon + "&lat=" + lat)).json();
  }
}`,
  },
  {
    name: "not an MCP file",
    code: `export async function all(urls) { return Promise.all(urls.map((u) => fetch(u))); }`,
  },
];

describe("prefer-partial-results", () => {
  ruleTester.run("prefer-partial-results", rule, {
    valid: [...shapeValid, ...handWrittenValid],
    invalid: [...shapeInvalid, ...handWrittenInvalid],
  });
});
