import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import { describe } from "vitest";
import rule, { type MessageIds, type Options } from "../../src/rules/no-blind-retry.js";
import { type Expected, inTool, invalid } from "../cases.js";
import { createRuleTester } from "../rule-tester.js";
import { SHAPES } from "../shapes.js";

const ruleTester = createRuleTester();

type Invalid = InvalidTestCase<MessageIds, Options>;
type Valid = ValidTestCase<Options>;

const SEARCH_DOCS = 'tool "search_docs"';
const SLEEP = "function sleep(ms) {\n  return new Promise((resolve) => setTimeout(resolve, ms));\n}";

const everyError = (tool = SEARCH_DOCS): Expected<MessageIds> => ({ messageId: "retriesEveryError", reported: "catch", data: { tool } });
const constant = (delay: string, tool = SEARCH_DOCS): Expected<MessageIds> => ({ messageId: "constantDelay", reported: delay, data: { tool, delay } });
const noJitter = (delay: string, tool = SEARCH_DOCS): Expected<MessageIds> => ({ messageId: "noJitter", reported: delay, data: { tool, delay } });
const noDelay = (reported: string, tool = SEARCH_DOCS): Expected<MessageIds> => ({ messageId: "noDelay", reported, data: { tool } });

/** A retry with exponential backoff and jitter whose catch retries every error. */
const BLIND_LOOP = `  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const response = await fetch("https://docs.example.com/search?q=" + args.query);
      return { content: [{ type: "text", text: await response.text() }] };
    } /*>*/catch (error) {
      console.error(\`attempt \${attempt} failed: \${String(error)}\`);
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt * (0.5 + Math.random())));
    }
  }
  // A throw, not an isError return: the model reads a function whose only visible return is an
  // error result as an error helper (it does not look inside loops).
  throw new Error("Search failed after 3 attempts.");`;

/** The same loop with a catch that rethrows what cannot succeed on a retry. */
const CAREFUL_LOOP = `  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const response = await fetch("https://docs.example.com/search?q=" + args.query);
      if (response.status === 404) return { content: [{ type: "text", text: "No such page." }] };
      if (!response.ok) throw Object.assign(new Error("HTTP " + response.status), { status: response.status });
      return { content: [{ type: "text", text: await response.text() }] };
    } catch (error) {
      if (error.status < 500 || attempt === 2) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt * (0.5 + Math.random())));
    }
  }
  // A throw, not an isError return: the model reads a function whose only visible return is an
  // error result as an error helper (it does not look inside loops).
  throw new Error("Search failed after 3 attempts.");`;

const shapeInvalid: Invalid[] = SHAPES.map((shape) =>
  invalid<MessageIds, Options>({
    name: `${shape.title}: a retry loop whose catch retries every error`,
    code: shape.wrap(BLIND_LOOP),
    output: null,
    errors: [everyError(shape.named ? SEARCH_DOCS : "this tool handler")],
  }),
);

const shapeValid: Valid[] = SHAPES.map((shape) => ({
  name: `${shape.title}: a retry loop that inspects the error and backs off with jitter`,
  code: shape.wrap(CAREFUL_LOOP),
}));

const handWrittenInvalid: Invalid[] = [
  invalid({
    name: "the classic blind retry: every error, a fixed second",
    code: inTool(
      `  let retries = 3;
  while (retries > 0) {
    try {
      const response = await fetch("https://api.example.com/search?q=" + args.query);
      return { content: [{ type: "text", text: await response.text() }] };
    } /*1*/catch (error) {
      retries--;
      if (retries === 0) throw error;
      await sleep(/*2*/1000);
    }
  }`,
      SLEEP,
    ),
    output: null,
    errors: [everyError(), constant("1000")],
  }),
  invalid({
    name: "a do-while loop with a done flag and a catch without a binding",
    code: inTool(
      `  let done = false;
  let attempts = 0;
  let text = "";
  do {
    try {
      text = await (await fetch("https://api.example.com/search?q=" + args.query)).text();
      done = true;
    } /*1*/catch {
      attempts++;
      await sleep(/*2*/2000);
    }
  } while (!done && attempts < 3);
  return { content: [{ type: "text", text }] };`,
      SLEEP,
    ),
    output: null,
    errors: [everyError(), constant("2000")],
  }),
  invalid({
    name: "the call, then break after the try; the catch continues",
    code: inTool(
      `  let response;
  for (let i = 0; i < 3; i++) {
    try {
      response = await fetch("https://api.example.com/search?q=" + args.query);
    } /*1*/catch (error) {
      await sleep(/*2*/500);
      continue;
    }
    break;
  }
  return { content: [{ type: "text", text: await response.text() }] };`,
      SLEEP,
    ),
    output: null,
    errors: [everyError(), constant("500")],
  }),
  invalid({
    name: "logging the message in a template is not inspecting it",
    code: `import axios from "axios";
${inTool(`  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      const { data } = await axios.get("https://api.example.com/search", { params: { q: args.query }, timeout: 5000 });
      return { content: [{ type: "text", text: JSON.stringify(data) }] };
    } /*>*/catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(\`Attempt \${attempt + 1} failed: \${message}\`);
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt + Math.random() * 100));
    }
  }
  throw new Error("search failed");`)}`,
    output: null,
    errors: [everyError()],
  }),
  invalid({
    name: "a fixed delay is reported even when the error is inspected",
    code: inTool(
      `  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      if (!isRetryable(error)) throw error;
      await sleep(/*>*/RETRY_DELAY_MS);
    }
  }
  return { isError: true, content: [{ type: "text", text: "Search is unavailable." }] };`,
      `const RETRY_DELAY_MS = 1500;\n${SLEEP}\nfunction isRetryable(error) {\n  return error.status >= 500;\n}`,
    ),
    output: null,
    errors: [constant("RETRY_DELAY_MS")],
  }),
  invalid({
    name: "jitter around a fixed delay is still no backoff",
    code: inTool(
      `  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      if (error.code !== "ECONNRESET") throw error;
      await sleep(/*>*/1000 + Math.random() * 500);
    }
  }
  return { isError: true, content: [{ type: "text", text: "Search is unavailable." }] };`,
      SLEEP,
    ),
    output: null,
    errors: [constant("1000 + Math.random() * 500")],
  }),
  invalid({
    name: "await setTimeout(ms) from timers/promises",
    code: `import { setTimeout } from "node:timers/promises";
${inTool(`  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      if (error.name === "AbortError") throw error;
      await setTimeout(/*>*/750);
    }
  }
  return { isError: true, content: [{ type: "text", text: "Search is unavailable." }] };`)}`,
    output: null,
    errors: [constant("750")],
  }),
  invalid({
    name: "a tight loop with no wait at all",
    code: inTool(`  let attempts = 0;
  /*>*/while (true) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      if (!isTransient(error) || ++attempts >= 3) throw error;
    }
  }`),
    output: null,
    errors: [noDelay("while")],
  }),
  invalid({
    name: "an exponential backoff without jitter",
    code: inTool(
      `  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      if (error.status && error.status < 500) throw error;
      const wait = Math.min(100 * 2 ** attempt, 5000);
      await sleep(/*>*/wait);
    }
  }
  return { isError: true, content: [{ type: "text", text: "Search is unavailable." }] };`,
      SLEEP,
    ),
    output: null,
    errors: [noJitter("wait")],
  }),
  invalid({
    name: "a doubled delay variable without jitter",
    code: inTool(
      `  let delayMs = 200;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      if (error instanceof TypeError === false) throw error;
      await sleep(/*>*/delayMs);
      delayMs *= 2;
    }
  }
  return { isError: true, content: [{ type: "text", text: "Search is unavailable." }] };`,
      SLEEP,
    ),
    output: null,
    errors: [noJitter("delayMs")],
  }),
  invalid({
    name: "a shifted delay without jitter",
    code: inTool(
      `  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      if (!isRetryable(error)) throw error;
      await sleep(/*>*/100 << attempt);
    }
  }
  return { isError: true, content: [{ type: "text", text: "Search is unavailable." }] };`,
      SLEEP,
    ),
    output: null,
    errors: [noJitter("100 << attempt")],
  }),
  invalid({
    name: "a generic withRetry(fn) helper on the handler path",
    code: inTool(
      `  const text = await withRetry(() => fetch("https://api.example.com/" + args.query).then((r) => r.text()));
  return { content: [{ type: "text", text }] };`,
      `async function withRetry(operation, retries = 3, delayMs = 1000) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await operation();
    } /*1*/catch (error) {
      if (attempt >= retries) throw error;
      await sleep(/*2*/delayMs);
    }
  }
}
${SLEEP}`,
    ),
    output: null,
    errors: [everyError(), constant("delayMs")],
  }),
  invalid({
    name: "a same-file function that fetches, called in the try",
    code: inTool(
      `  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return { content: [{ type: "text", text: await loadPage(args.query) }] };
    } /*>*/catch {
      await sleep(300 * 2 ** attempt * Math.random());
    }
  }
  return { isError: true, content: [{ type: "text", text: "Search is unavailable." }] };`,
      `async function loadPage(query) {
  const response = await fetch("https://api.example.com/" + query);
  if (!response.ok) throw new Error("HTTP " + response.status);
  return response.text();
}
${SLEEP}`,
    ),
    output: null,
    errors: [everyError()],
  }),
  invalid({
    name: "recursion with a retries counter and a fixed delay",
    code: inTool(
      `  return { content: [{ type: "text", text: await fetchWithRetry("https://api.example.com/" + args.query) }] };`,
      `async function fetchWithRetry(url, retries = 3) {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error("HTTP " + response.status);
    return await response.text();
  } /*1*/catch (error) {
    if (retries <= 0) throw error;
    await sleep(/*2*/1000);
    return fetchWithRetry(url, retries - 1);
  }
}
${SLEEP}`,
    ),
    output: null,
    errors: [everyError(), constant("1000")],
  }),
  invalid({
    name: "recursion with no wait",
    code: inTool(
      `  return { content: [{ type: "text", text: await load("https://api.example.com/" + args.query, 0) }] };`,
      `async function load(url, attempt) {
  try {
    return await (await fetch(url)).text();
  } catch (error) {
    if (attempt >= 2 || error.name === "AbortError") throw error;
    return /*>*/load(url, attempt + 1);
  }
}`,
    ),
    output: null,
    errors: [noDelay("load")],
  }),
  invalid({
    name: "recursion whose delay grows with the counter parameter but has no jitter",
    code: inTool(
      `  return { content: [{ type: "text", text: await load("https://api.example.com/" + args.query) }] };`,
      `async function load(url, attempt = 0) {
  try {
    return await (await fetch(url)).text();
  } catch (error) {
    if (attempt >= 2 || !isRetryable(error)) throw error;
    await sleep(/*>*/250 * 2 ** attempt);
    return load(url, attempt + 1);
  }
}
${SLEEP}`,
    ),
    output: null,
    errors: [noJitter("250 * 2 ** attempt")],
  }),
  invalid({
    name: "a class method that calls itself through this",
    code: `import axios from "axios";
import { MCPTool } from "mcp-framework";
export default class PriceTool extends MCPTool {
  name = "get_price";
  description = "Price";
  schema = {};
  async execute(input) {
    return { content: [{ type: "text", text: JSON.stringify(await this.request(input.symbol, 3)) }] };
  }
  async request(symbol, retriesLeft) {
    try {
      return (await axios.get("https://prices.example.com/" + symbol, { timeout: 3000 })).data;
    } /*1*/catch (error) {
      if (retriesLeft === 0) throw error;
      await new Promise((resolve) => setTimeout(resolve, /*2*/this.retryDelay));
      return this.request(symbol, retriesLeft - 1);
    }
  }
  retryDelay = 1000;
}`,
    output: null,
    errors: [everyError('tool "get_price"'), constant("this.retryDelay", 'tool "get_price"')],
  }),
  invalid({
    name: "real-world shape: a transient-error predicate and exponential backoff, but no jitter",
    code: inTool(
      `  return { content: [{ type: "text", text: await retryOnTransient(() => fetch("https://api.example.com/" + args.query).then((r) => r.text()), isTransient) }] };`,
      `async function retryOnTransient(fn, isTransient, maxRetries = 2, baseDelayMs = 1000) {
  let lastError;
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    try {
      return await fn();
    } catch (error) {
      lastError = error;
      if (!isTransient(error) || attempt === maxRetries) throw error;
      await sleep(/*>*/baseDelayMs * 2 ** attempt);
    }
  }
  throw lastError;
}
${SLEEP}`,
    ),
    output: null,
    errors: [noJitter("baseDelayMs * 2 ** attempt")],
  }),
  {
    ...invalid({
      name: "a JavaScript file",
      code: `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("ping", { inputSchema: {} }, async ({ url }) => {
  for (let i = 0; i < 3; i++) {
    try {
      return { content: [{ type: "text", text: await (await fetch(url)).text() }] };
    } /*1*/catch (e) {
      await new Promise((r) => setTimeout(r, /*2*/1000));
    }
  }
  return { isError: true, content: [{ type: "text", text: "unreachable" }] };
});`,
      output: null,
      errors: [everyError('tool "ping"'), constant("1000", 'tool "ping"')],
    }),
    filename: "server.js",
  },
  invalid({
    name: "requireJitter still reports a fixed delay",
    code: inTool(
      `  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      if (!isRetryable(error)) throw error;
      await sleep(/*>*/1000);
    }
  }
  return { isError: true, content: [{ type: "text", text: "Search is unavailable." }] };`,
      SLEEP,
    ),
    options: [{ requireJitter: false }],
    output: null,
    errors: [constant("1000")],
  }),
];

/** A retry loop around `tried` in a handler, with `handling` as its catch body. */
function retryLoop(
  catchBody: string,
  tried = 'return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };',
): string {
  return `  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      ${tried}
    } catch (error) {
${catchBody}
    }
  }
  return { isError: true, content: [{ type: "text", text: "Search is unavailable." }] };`;
}
const JITTERED = "      await sleep(200 * 2 ** attempt * Math.random());";

const handWrittenValid: Valid[] = [
  {
    name: "a transient-error predicate, exponential backoff and jitter (helper of the Exa shape)",
    code: inTool(
      `  return { content: [{ type: "text", text: await retryOnTransient(() => fetch("https://api.example.com/" + args.query).then((r) => r.text()), isTransient) }] };`,
      `async function retryOnTransient(fn, isTransient, maxRetries = 2, baseDelayMs = 1000) {
  let lastError;
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    try {
      return await fn();
    } catch (error) {
      lastError = error;
      if (!isTransient(error) || attempt === maxRetries) throw error;
      await sleep(baseDelayMs * 2 ** attempt * (0.5 + Math.random()));
    }
  }
  throw lastError;
}
${SLEEP}`,
    ),
  },
  {
    name: "no jitter with requireJitter: false",
    code: inTool(retryLoop("      if (!isRetryable(error)) throw error;\n      await sleep(100 * 2 ** attempt);"), SLEEP),
    options: [{ requireJitter: false }],
  },
  { name: "a comparison of the error's status", code: inTool(retryLoop(`      if (error.response?.status === 404) throw error;\n${JITTERED}`), SLEEP) },
  {
    name: "instanceof a specific error class",
    code: inTool(retryLoop(`      if (error instanceof RateLimitError) {\n${JITTERED}\n        continue;\n      }\n      throw error;`), SLEEP),
  },
  {
    name: "a switch on the error code",
    code: inTool(
      retryLoop(
        `      switch (error.code) {\n        case "ECONNRESET":\n          break;\n        default:\n          throw error;\n      }\n${JITTERED}`,
      ),
      SLEEP,
    ),
  },
  {
    name: "a destructured catch binding",
    code: inTool(retryLoop(`      void status;\n${JITTERED}`).replace("catch (error)", "catch ({ status })"), SLEEP),
  },
  {
    name: "a text test on the message",
    code: inTool(retryLoop(`      const message = String(error);\n      if (!message.includes("timeout")) throw error;\n${JITTERED}`), SLEEP),
  },
  {
    name: "a same-file handler that may rethrow",
    code: inTool(retryLoop(`      rethrowIfPermanent(error);\n${JITTERED}`), `${SLEEP}\nfunction rethrowIfPermanent(e) { if (e.status < 500) throw e; }`),
  },
  {
    name: "the try returns before throwing for permanent statuses",
    code: inTool(
      retryLoop(
        JITTERED,
        `const response = await fetch("https://api.example.com/" + args.query);
      if (response.status >= 400 && response.status < 500) return { isError: true, content: [{ type: "text", text: "Rejected: " + response.status }] };
      if (!response.ok) throw new Error("HTTP " + response.status);
      return { content: [{ type: "text", text: await response.text() }] };`,
      ),
      SLEEP,
    ),
  },
  {
    name: "a polling loop without a catch",
    code: inTool(
      `  for (let i = 0; i < 30; i++) {
    const job = await (await fetch("https://api.example.com/jobs/" + args.id)).json();
    if (job.status === "done") return { content: [{ type: "text", text: JSON.stringify(job.result) }] };
    await sleep(2000);
  }
  return { isError: true, content: [{ type: "text", text: "The job is still running; check again later." }] };`,
      SLEEP,
    ),
  },
  {
    name: "a polling loop whose try goes on after a success",
    code: inTool(
      `  for (let i = 0; i < 30; i++) {
    try {
      const job = await (await fetch("https://api.example.com/jobs/" + args.id)).json();
      if (job.status === "done") return { content: [{ type: "text", text: JSON.stringify(job.result) }] };
      console.log("still running");
    } catch (error) {
      console.error(error);
    }
    await sleep(2000);
  }
  return { isError: true, content: [{ type: "text", text: "The job is still running; check again later." }] };`,
      SLEEP,
    ),
  },
  {
    name: "a failover over mirrors reads the loop variable",
    code: inTool(`  for (const mirror of ["https://a.example.com/", "https://b.example.com/"]) {
    try {
      return { content: [{ type: "text", text: await (await fetch(mirror + args.query)).text() }] };
    } catch (error) {
      console.warn(mirror, error);
    }
  }
  return { isError: true, content: [{ type: "text", text: "Every mirror failed." }] };`),
  },
  {
    name: "an indexed walk over alternatives",
    code: inTool(`  const urls = ["https://a.example.com/", "https://b.example.com/"];
  for (let i = 0; i < urls.length; i++) {
    try {
      return { content: [{ type: "text", text: await (await fetch(urls[i] + args.query)).text() }] };
    } catch {
      console.warn("next mirror");
    }
  }
  return { isError: true, content: [{ type: "text", text: "Every mirror failed." }] };`),
  },
  {
    name: "a loop over items that collects failures",
    code: inTool(`  const failures = [];
  for (const id of args.ids) {
    try {
      await fetch("https://api.example.com/items/" + id, { method: "DELETE" });
    } catch (error) {
      failures.push({ id, error: String(error) });
    }
  }
  return { content: [{ type: "text", text: JSON.stringify({ failures }) }] };`),
  },
  {
    name: "a catch that always ends the loop",
    code: inTool(retryLoop(`      return { isError: true, content: [{ type: "text", text: String(error) }] };`)),
  },
  {
    name: "a token refresh after a 401, then an immediate retry",
    code: inTool(retryLoop(`      if (error.status !== 401) throw error;\n      await refreshToken();`)),
  },
  {
    name: "a wait through a helper we cannot see",
    code: inTool(retryLoop(`      if (!isRetryable(error)) throw error;\n      await sleep(backoff(attempt));`), SLEEP),
  },
  {
    name: "the server's Retry-After from the error",
    code: inTool(retryLoop(`      if (error.status !== 429) throw error;\n      await sleep(error.retryAfterSeconds * 1000);`), SLEEP),
  },
  {
    name: "the try calls code from another module",
    code: `import { search } from "./client.js";
${inTool(retryLoop("      await sleep(1000);", 'return { content: [{ type: "text", text: await search(args.query) }] };'), SLEEP)}`,
  },
  {
    name: "a retry loop that is not on a handler path",
    code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export async function ping(url) {
  for (let i = 0; i < 3; i++) {
    try {
      return await fetch(url);
    } catch {
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}`,
  },
  {
    name: "a library retry (p-retry) is left alone",
    code: `import pRetry from "p-retry";
${inTool(`  const text = await pRetry(() => fetch("https://api.example.com/" + args.query).then((r) => r.text()), { retries: 3 });
  return { content: [{ type: "text", text }] };`)}`,
  },
  {
    name: "a setTimeout that aborts the request is not a wait",
    code: inTool(
      retryLoop(
        "      if (!isRetryable(error)) throw error;\n      await sleep(200 * 2 ** attempt * Math.random());",
        `const controller = new AbortController();
      setTimeout(() => controller.abort(), 5000);
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query, { signal: controller.signal })).text() }] };`,
      ),
      SLEEP,
    ),
  },
  {
    name: "real-world shape: polling a deployment, with a budget for failed polls",
    code: inTool(
      `  let info;
  let failuresLeft = 3;
  while (failuresLeft > 0) {
    try {
      info = await (await fetch("https://deploy.example.com/setups/" + args.id)).json();
      if (info.status !== "pending") break;
    } catch {
      failuresLeft--;
    }
    await sleep(2000);
  }
  return { content: [{ type: "text", text: JSON.stringify(info) }] };`,
      SLEEP,
    ),
  },
  {
    name: "not an MCP file",
    code: `export async function get(url) {
  for (;;) {
    try { return await fetch(url); } catch { await new Promise((r) => setTimeout(r, 1000)); }
  }
}`,
  },
];

describe("no-blind-retry", () => {
  ruleTester.run("no-blind-retry", rule, {
    valid: [...shapeValid, ...handWrittenValid],
    invalid: [...shapeInvalid, ...handWrittenInvalid],
  });
});
