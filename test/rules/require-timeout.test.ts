import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import { ESLintUtils, type TSESLint } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import rule, { type MessageIds, type Options } from "../../src/rules/require-timeout.js";
import { createRuleTester, createTypedRuleTester } from "../rule-tester.js";
import { replaceOnce as edit, span } from "../cases.js";
import { type HandlerShape, SHAPES, locate, locateAll, toolOf } from "../shapes.js";

type Invalid = InvalidTestCase<MessageIds, Options>;
type Valid = ValidTestCase<Options>;

const ruleTester = createRuleTester();

// The remedies the message names per client (part of the message contract).
const REMEDY = {
  fetch: "`signal: AbortSignal.timeout(ms)`",
  axios: "a `timeout` (per call, on the instance, or `axios.defaults.timeout`)",
  got: "a `timeout` option",
  http: "a `timeout` option or `req.setTimeout()`",
  child_process: "a `timeout` option (and a `killSignal`)",
  execa: "a `timeout` option",
  custom: "a `timeout` or `signal` option",
  ai: "`abortSignal: AbortSignal.timeout(ms)` (or `timeout`, where the AI SDK version takes one)",
} as const;

interface Expected {
  readonly messageId: MessageIds;
  /** Message data; when given the whole message text is compared. */
  readonly data?: Record<string, string>;
  /** The one suggestion, as an edit of the clean code; null: no suggestion. */
  readonly suggest: { readonly messageId: MessageIds; readonly from: string; readonly to: string } | null;
  readonly options?: Options[0];
}

/** One report on the marked call, with its suggestion (never an autofix). */
function invalid(name: string, marked: string, expected: Expected): Invalid {
  const { code, ...location } = span(marked);
  const { suggest } = expected;
  return {
    name,
    code,
    ...(expected.options ? { options: [expected.options] as Options } : {}),
    output: null,
    errors: [
      {
        messageId: expected.messageId,
        ...location,
        ...(expected.data ? { data: expected.data } : {}),
        suggestions: suggest ? [{ messageId: suggest.messageId, output: edit(code, suggest.from, suggest.to) }] : [],
      },
    ],
  };
}

/** One report on the marked call, fixed by `autofix: true` (so no suggestion). */
function autofixed(name: string, marked: string, messageId: MessageIds, fix: { from: string; to: string } | null, options: Options[0] = {}): Invalid {
  const { code, ...location } = span(marked);
  return {
    name,
    code,
    options: [{ ...options, autofix: true }],
    output: fix ? edit(code, fix.from, fix.to) : null,
    errors: [{ messageId, ...location, suggestions: [] }],
  };
}

function valid(name: string, code: string, options?: Options[0]): Valid {
  return { name, code, ...(options ? { options: [options] as Options } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Every handler shape: a bare fetch is reported, a bounded fetch is not, a forwarded request
// signal alone is cancellation, not a timeout.
// ---------------------------------------------------------------------------------------------

/** Where the request's cancellation signal lives in the shape's body, when not `extra.signal`. */
const SIGNAL_PATH: Readonly<Record<string, string>> = {
  "registerTool with SDK v2 (args, ctx)": "extra.mcpReq.signal",
  "mcp-framework class extends MCPTool": "this.abortSignal",
};

/**
 * Shapes whose fix does not combine the request signal: the model knows no signal for the
 * framework (MCP-Nest, a bare CallToolResult function), the wrapper may not pass the context on,
 * or the call is not in the handler's own function.
 */
const NO_COMBINED_SIGNAL: ReadonlySet<string> = new Set([
  "@Tool()-decorated method",
  "a function declared to return CallToolResult",
  "a handler wrapped in a same-file higher-order function",
  "a same-file function on the handler path",
]);

function signalPath(shape: HandlerShape): string | undefined {
  return SIGNAL_PATH[shape.title] ?? (shape.hasExtra ? "extra.signal" : undefined);
}

/** The signal the fix inserts for a call written directly in the shape's body. */
function fixSignal(shape: HandlerShape, ms = 30_000): string {
  const path = NO_COMBINED_SIGNAL.has(shape.title) ? undefined : signalPath(shape);
  return path === undefined ? `AbortSignal.timeout(${String(ms)})` : `AbortSignal.any([${path}, AbortSignal.timeout(${String(ms)})])`;
}

const shapeValid: Valid[] = [];
const shapeInvalid: Invalid[] = [];
for (const shape of SHAPES) {
  shapeInvalid.push(
    invalid(
      `${shape.title}: a bare fetch`,
      shape.wrap(`    const response = await /*>*/fetch(args.url)/*<*/;
    return { content: [{ type: "text", text: await response.text() }] };`),
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: toolOf(shape), remedy: REMEDY.fetch },
        suggest: { messageId: "addTimeoutSignal", from: "fetch(args.url)", to: `fetch(args.url, { signal: ${fixSignal(shape)} })` },
      },
    ),
  );
  shapeValid.push(
    valid(
      `${shape.title}: fetch with AbortSignal.timeout`,
      shape.wrap(`    const response = await fetch(args.url, { signal: AbortSignal.timeout(5000) });
    return { content: [{ type: "text", text: await response.text() }] };`),
    ),
  );
  const path = signalPath(shape);
  if (shape.hasExtra && path !== undefined) {
    shapeInvalid.push(
      invalid(
        `${shape.title}: only the request's cancellation signal`,
        shape.wrap(`    const response = await /*>*/fetch(args.url, { signal: ${path} })/*<*/;
    return { content: [{ type: "text", text: await response.text() }] };`),
        {
          messageId: "cancellationIsNotTimeout",
          data: { label: "fetch", tool: toolOf(shape) },
          suggest: { messageId: "combineWithTimeout", from: `signal: ${path} }`, to: `signal: AbortSignal.any([${path}, AbortSignal.timeout(30000)]) }` },
        },
      ),
    );
    shapeValid.push(
      valid(
        `${shape.title}: the request signal combined with a timeout`,
        shape.wrap(`    const response = await fetch(args.url, { signal: AbortSignal.any([${path}, AbortSignal.timeout(5000)]) });
    return { content: [{ type: "text", text: await response.text() }] };`),
      ),
    );
  }
}

describe("the shape tables of this file", () => {
  it("name only existing shapes", () => {
    const titles = new Set(SHAPES.map((s) => s.title));
    for (const title of [...Object.keys(SIGNAL_PATH), ...NO_COMBINED_SIGNAL]) expect(titles).toContain(title);
  });
});

// ---------------------------------------------------------------------------------------------
// Hand-written cases: one registerTool handler `fetch_page` with `(args, extra)`.
// ---------------------------------------------------------------------------------------------

/** A registerTool handler around `body`; `imports` go first, `top` after the server. */
function inTool(body: string, { imports = "", top = "" }: { imports?: string; top?: string } = {}): string {
  return `${imports}import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
${top}server.registerTool("fetch_page", { inputSchema: {} }, async (args, extra) => {
${body}
  return { content: [] };
});`;
}

const TOOL = 'tool "fetch_page"';
const COMBINED = "AbortSignal.any([extra.signal, AbortSignal.timeout(30000)])";
/** How the message names a call that no tool handler reaches (`scope: "everywhere"`). */
const OUTSIDE = "a function outside any tool handler";
const addSignal = (from: string, to: string) => ({ messageId: "addTimeoutSignal", from, to }) as const;
const addTimeout = (from: string, to: string) => ({ messageId: "addTimeoutOption", from, to }) as const;

const AXIOS = `import axios from "axios";\n`;
const GOT = `import got from "got";\n`;
const CP = `import { exec, execFile, spawn, execSync } from "node:child_process";\n`;
const EXECA = `import { execa } from "execa";\n`;

const fetchCases = {
  valid: [
    valid("a same-file function named fetch", inTool("  await fetch(args.url);", { top: "async function fetch(url) {\n  return { url };\n}\n" })),
    valid(
      "a parameter named fetch",
      inTool("  await load(globalThis.fetch.bind(globalThis), args.url, AbortSignal.timeout(5000));", {
        top: "function load(fetch, url, signal) {\n  return fetch(url);\n}\n",
      }),
    ),
    // A web UI the tool starts: its routes run when a request comes, not while the tool runs.
    valid(
      "a route handler of a web UI the tool starts",
      inTool(
        '  const router = express.Router();\n  router.get("/collection", async (req, res) => {\n    res.send(await (await fetch("https://example.com/index.json")).text());\n  });',
        {
          imports: 'import express from "express";\n',
        },
      ),
    ),
    valid("fetch imported from an unknown module", inTool("  await fetch(args.url);", { imports: 'import { fetch } from "./http-client.js";\n' })),
    valid(
      "fetch of a parameter declared as a Request (it may carry its own signal)",
      inTool("  await load(new Request(args.url));", { top: "async function load(source: Request) {\n  return (await fetch(source)).text();\n}\n" }),
    ),
    valid(
      "fetch of a Request object (it carries its own signal)",
      inTool('  const request = new Request("https://example.com");\n  await fetch(request);'),
    ),
    valid(
      "a signal from an AbortController aborted by a timer",
      inTool(
        "  const controller = new AbortController();\n  setTimeout(() => controller.abort(), 5000);\n  await fetch(args.url, { signal: controller.signal });",
      ),
    ),
    valid(
      "a signal variable that combines the request signal with a timeout",
      inTool("  const signal = AbortSignal.any([extra.signal, AbortSignal.timeout(5000)]);\n  await fetch(args.url, { signal });"),
    ),
    valid("fetch with no arguments", inTool("  await fetch();")),
    // The bytes are in the address: nothing goes over the network that could hang.
    valid("fetch of a data: address", inTool("  await fetch(`data:image/png;base64,${args.image}`);")),
    valid(
      "fetch of a parameter named as a data URL",
      inTool("  const toBlob = async (dataUrl: string) => (await fetch(dataUrl)).blob();\n  await toBlob(args.image);"),
    ),
    valid("fetch of an object URL", inTool("  await fetch(URL.createObjectURL(args.blob));")),
    // node-fetch v2 honours `timeout` (v3 dropped it); the installed version is unknown here.
    valid("node-fetch with a timeout option", inTool("  await fetch(args.url, { timeout: 5000 });", { imports: 'import fetch from "node-fetch";\n' })),
  ],
  invalid: [
    // A `get` that takes no route: its callback runs while the tool waits.
    invalid(
      "fetch in the loader of a cache read",
      inTool('  await cache.get("collection", async () => /*>*/fetch("https://example.com/index.json")/*<*/);', {
        top: "declare const cache: { get(key: string, load: () => Promise<unknown>): Promise<unknown> };\n",
      }),
      {
        messageId: "missingTimeout",
        suggest: addSignal('fetch("https://example.com/index.json")', `fetch("https://example.com/index.json", { signal: ${COMBINED} })`),
      },
    ),
    // Declared as a string (or a URL), the argument is an address: no Request carries a signal in.
    invalid(
      "fetch of a parameter declared as a string",
      inTool("  await load(args.url);", {
        top: "async function load(source: string | URL) {\n  return (await /*>*/fetch(source)/*<*/).arrayBuffer();\n}\n",
      }),
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
        suggest: addSignal("fetch(source)", "fetch(source, { signal: AbortSignal.timeout(30000) })"),
      },
    ),
    // The tool's input is decoded JSON: an argument of it is an address, never a Request.
    invalid("fetch of a tool argument, whatever its name", inTool("  const source = args.source;\n  await /*>*/fetch(source)/*<*/;"), {
      messageId: "missingTimeout",
      suggest: addSignal("fetch(source)", `fetch(source, { signal: ${COMBINED} })`),
    }),
    invalid(
      "fetch of an argument destructured in the handler's parameter",
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("fetch_page", { inputSchema: {} }, async ({ fileSource }) => {
  const res = await /*>*/fetch(fileSource)/*<*/;
  return { content: [{ type: "text", text: await res.text() }] };
});`,
      {
        messageId: "missingTimeout",
        suggest: addSignal("fetch(fileSource)", "fetch(fileSource, { signal: AbortSignal.timeout(30000) })"),
      },
    ),
    // Named like a data URL, but the file shows an endpoint.
    invalid(
      "global fetch of a const named dataUrl that holds an endpoint",
      inTool("  const dataUrl = `https://example.com/data/${args.id}.json`;\n  await /*>*/fetch(dataUrl)/*<*/;"),
      {
        messageId: "missingTimeout",
        suggest: addSignal("fetch(dataUrl)", `fetch(dataUrl, { signal: ${COMBINED} })`),
      },
    ),
    invalid("global fetch of a string literal", inTool('  await /*>*/fetch("https://example.com/api")/*<*/;'), {
      messageId: "missingTimeout",
      data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
      suggest: addSignal('fetch("https://example.com/api")', `fetch("https://example.com/api", { signal: ${COMBINED} })`),
    }),
    invalid("global fetch of a template literal", inTool("  await /*>*/fetch(`https://example.com/${args.id}`)/*<*/;"), {
      messageId: "missingTimeout",
      suggest: addSignal("fetch(`https://example.com/${args.id}`)", `fetch(\`https://example.com/\${args.id}\`, { signal: ${COMBINED} })`),
    }),
    invalid("global fetch with options but no signal", inTool('  await /*>*/fetch(args.url, { method: "POST", body: args.body })/*<*/;'), {
      messageId: "missingTimeout",
      suggest: addSignal("body: args.body }", `body: args.body, signal: ${COMBINED} }`),
    }),
    invalid("global fetch with an empty options object", inTool("  await /*>*/fetch(args.url, {})/*<*/;"), {
      messageId: "missingTimeout",
      suggest: addSignal("args.url, {})", `args.url, { signal: ${COMBINED} })`),
    }),
    invalid("global fetch with a local options object", inTool('  const init = { method: "GET" };\n  await /*>*/fetch(args.url, init)/*<*/;'), {
      messageId: "missingTimeout",
      suggest: addSignal('method: "GET" }', `method: "GET", signal: ${COMBINED} }`),
    }),
    invalid(
      "global fetch with a module-level options object: no suggestion (the shared object is left alone)",
      inTool("  await /*>*/fetch(args.url, init)/*<*/;", { top: 'const init = { method: "GET" };\n' }),
      { messageId: "missingTimeout", data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch }, suggest: null },
    ),
    invalid("globalThis.fetch", inTool("  await /*>*/globalThis.fetch(args.url)/*<*/;"), {
      messageId: "missingTimeout",
      data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
      suggest: addSignal("fetch(args.url)", `fetch(args.url, { signal: ${COMBINED} })`),
    }),
    invalid("fetch imported from node-fetch", inTool("  await /*>*/fetch(args.url)/*<*/;", { imports: 'import fetch from "node-fetch";\n' }), {
      messageId: "missingTimeout",
      data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
      suggest: addSignal("fetch(args.url)", `fetch(args.url, { signal: ${COMBINED} })`),
    }),
    invalid("fetch imported from undici", inTool("  await /*>*/fetch(args.url)/*<*/;", { imports: 'import { fetch } from "undici";\n' }), {
      messageId: "missingTimeout",
      suggest: addSignal("fetch(args.url)", `fetch(args.url, { signal: ${COMBINED} })`),
    }),
    invalid(
      "a fetch in a callback inside the handler combines the request signal",
      inTool("  await Promise.all(args.urls.map((url) => /*>*/fetch(url)/*<*/));"),
      {
        messageId: "missingTimeout",
        suggest: addSignal("fetch(url)", `fetch(url, { signal: ${COMBINED} })`),
      },
    ),
    invalid("fetch with a timeout option", inTool("  await /*>*/fetch(args.url, { timeout: 5000 })/*<*/;"), {
      messageId: "fetchTimeoutIgnored",
      data: { tool: TOOL },
      suggest: { messageId: "replaceTimeoutWithSignal", from: "timeout: 5000", to: "signal: AbortSignal.timeout(5000)" },
    }),
    invalid("fetch with a shorthand timeout option", inTool('  const timeout = 5000;\n  await /*>*/fetch(args.url, { method: "GET", timeout })/*<*/;'), {
      messageId: "fetchTimeoutIgnored",
      suggest: { messageId: "replaceTimeoutWithSignal", from: 'GET", timeout }', to: 'GET", signal: AbortSignal.timeout(timeout) }' },
    }),
    invalid("fetch with a timeout option holding a comment (no fix)", inTool("  await /*>*/fetch(args.url, { timeout: /* ms */ 5000 })/*<*/;"), {
      messageId: "fetchTimeoutIgnored",
      suggest: null,
    }),
    invalid(
      "a destructured request signal (shorthand property)",
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("fetch_page", { inputSchema: {} }, async (args, { signal }) => {
  await /*>*/fetch(args.url, { signal })/*<*/;
  return { content: [] };
});`,
      {
        messageId: "cancellationIsNotTimeout",
        data: { label: "fetch", tool: TOOL },
        suggest: {
          messageId: "combineWithTimeout",
          from: "args.url, { signal })",
          to: "args.url, { signal: AbortSignal.any([signal, AbortSignal.timeout(30000)]) })",
        },
      },
    ),
    invalid(
      "mcp-framework: only this.abortSignal",
      `import { MCPTool } from "mcp-framework";
export default class FetchPageTool extends MCPTool {
  name = "fetch_page";
  async execute(input) {
    return /*>*/fetch(input.url, { signal: this.abortSignal })/*<*/;
  }
}`,
      {
        messageId: "cancellationIsNotTimeout",
        data: { label: "fetch", tool: TOOL },
        suggest: {
          messageId: "combineWithTimeout",
          from: "signal: this.abortSignal",
          to: "signal: AbortSignal.any([this.abortSignal, AbortSignal.timeout(30000)])",
        },
      },
    ),
  ],
};

const axiosCases = {
  valid: [
    valid("axios.get with a timeout", inTool("  await axios.get(args.url, { timeout: 5000 });", { imports: AXIOS })),
    valid("axios.post with a signal", inTool("  await axios.post(args.url, args.body, { signal: AbortSignal.timeout(5000) });", { imports: AXIOS })),
    valid("axios(config) with a timeout", inTool("  await axios({ url: args.url, timeout: 5000 });", { imports: AXIOS })),
    valid(
      "an axios.create({ timeout }) instance",
      inTool('  await api.get("/search");\n  await api.post("/index", args.body);', {
        imports: AXIOS,
        top: 'const api = axios.create({ baseURL: "https://example.com", timeout: 5000 });\n',
      }),
    ),
    valid(
      "axios.defaults.timeout in the file",
      inTool("  await axios.get(args.url);\n  await axios({ url: args.url });", { imports: AXIOS, top: "axios.defaults.timeout = 5000;\n" }),
    ),
    valid(
      "instance.defaults.timeout in the file",
      inTool('  await api.get("/search");', { imports: AXIOS, top: "const api = axios.create({});\napi.defaults.timeout = 5000;\n" }),
    ),
    valid(
      "an axios instance built from unknown config",
      inTool('  await api.get("/search");', { imports: AXIOS, top: "const api = axios.create(sharedConfig);\n" }),
    ),
    valid("axios(config) of a parameter", inTool("  await axios(args.config);", { imports: AXIOS })),
    valid("axios.get with options from a parameter", inTool("  await axios.get(args.url, args.options);", { imports: AXIOS })),
    valid("axios.get with spread options", inTool("  await axios.get(args.url, { ...args.options });", { imports: AXIOS })),
    valid("axios helpers that make no request", inTool("  axios.isAxiosError(args.error);", { imports: AXIOS })),
    valid(
      "axios.get of a namespace import's default export, with a timeout",
      inTool("  await requests.default.get(args.url, { timeout: 5000 });", { imports: 'import * as requests from "axios";\n' }),
    ),
    valid(
      "got with a timeout",
      inTool("  await got(args.url, { timeout: { request: 5000 } });\n  await got.post(args.url, { signal: AbortSignal.timeout(5000) });", {
        imports: GOT,
      }),
    ),
    valid("got(options) with a timeout", inTool("  await got({ url: args.url, timeout: { request: 5000 } });", { imports: GOT })),
    valid(
      "axios(config) and got(options) with a shorthand url and a timeout",
      inTool("  const url = args.url;\n  await axios({ url, timeout: 5000 });\n  await got({ url, timeout: { request: 5000 } });", {
        imports: AXIOS + GOT,
      }),
    ),
    valid(
      "a got.extend({ timeout }) instance",
      inTool('  await client.get("search");', { imports: GOT, top: "const client = got.extend({ timeout: { request: 5000 } });\n" }),
    ),
  ],
  invalid: [
    invalid("axios.get(url)", inTool("  await /*>*/axios.get(args.url)/*<*/;", { imports: AXIOS }), {
      messageId: "missingTimeout",
      data: { label: "axios.get", tool: TOOL, remedy: REMEDY.axios },
      suggest: addTimeout("axios.get(args.url)", "axios.get(args.url, { timeout: 30000 })"),
    }),
    invalid(
      "axios.get of a namespace import's default export",
      inTool('  await /*>*/requests.default.get(args.url, { responseType: "arraybuffer" })/*<*/;', { imports: 'import * as requests from "axios";\n' }),
      {
        messageId: "missingTimeout",
        data: { label: "requests.default.get", tool: TOOL, remedy: REMEDY.axios },
        suggest: addTimeout('responseType: "arraybuffer" }', 'responseType: "arraybuffer", timeout: 30000 }'),
      },
    ),
    invalid("axios.post(url, data)", inTool("  await /*>*/axios.post(args.url, args.body)/*<*/;", { imports: AXIOS }), {
      messageId: "missingTimeout",
      data: { label: "axios.post", tool: TOOL, remedy: REMEDY.axios },
      suggest: addTimeout("args.body)", "args.body, { timeout: 30000 })"),
    }),
    invalid("axios(config)", inTool('  await /*>*/axios({ url: args.url, method: "get" })/*<*/;', { imports: AXIOS }), {
      messageId: "missingTimeout",
      data: { label: "axios", tool: TOOL, remedy: REMEDY.axios },
      suggest: addTimeout('method: "get" }', 'method: "get", timeout: 30000 }'),
    }),
    invalid("axios(url)", inTool("  await /*>*/axios(args.url)/*<*/;", { imports: AXIOS }), {
      messageId: "missingTimeout",
      data: { label: "axios", tool: TOOL, remedy: REMEDY.axios },
      suggest: addTimeout("axios(args.url)", "axios(args.url, { timeout: 30000 })"),
    }),
    invalid("axios.request(config)", inTool("  await /*>*/axios.request({ url: args.url })/*<*/;", { imports: AXIOS }), {
      messageId: "missingTimeout",
      suggest: addTimeout("{ url: args.url }", "{ url: args.url, timeout: 30000 }"),
    }),
    invalid(
      "axios.get(url, { headers })",
      inTool('  await /*>*/axios.get(args.url, { headers: { accept: "application/json" } })/*<*/;', { imports: AXIOS }),
      {
        messageId: "missingTimeout",
        suggest: addTimeout('"application/json" } }', '"application/json" }, timeout: 30000 }'),
      },
    ),
    invalid("axios with timeout: 0", inTool("  await /*>*/axios.get(args.url, { timeout: 0 })/*<*/;", { imports: AXIOS }), {
      messageId: "missingTimeout",
      suggest: addTimeout("timeout: 0", "timeout: 30000"),
    }),
    invalid(
      "an axios.create({ headers }) instance is reported at the instance call",
      inTool('  await /*>*/api.get("/search")/*<*/;', { imports: AXIOS, top: 'const api = axios.create({ headers: { accept: "application/json" } });\n' }),
      {
        messageId: "missingTimeout",
        data: { label: "api.get", tool: TOOL, remedy: REMEDY.axios },
        suggest: addTimeout('api.get("/search")', 'api.get("/search", { timeout: 30000 })'),
      },
    ),
    invalid(
      "an instance's post(url) with neither data nor config",
      inTool("  await /*>*/api.post(`/cards/${args.id}/archive`)/*<*/;", {
        imports: AXIOS,
        top: 'const api = axios.create({ baseURL: "https://example.com" });\n',
      }),
      // The config goes after the data, which the call does not pass: no edit is offered.
      { messageId: "missingTimeout", data: { label: "api.post", tool: TOOL, remedy: REMEDY.axios }, suggest: null },
    ),
    invalid(
      "axios.defaults.timeout = 0 is no default",
      inTool("  await /*>*/axios.get(args.url)/*<*/;", { imports: AXIOS, top: "axios.defaults.timeout = 0;\n" }),
      {
        messageId: "missingTimeout",
        suggest: addTimeout("axios.get(args.url)", "axios.get(args.url, { timeout: 30000 })"),
      },
    ),
    invalid("axios from require", inTool("  await /*>*/axios.get(args.url)/*<*/;", { imports: 'const axios = require("axios");\n' }), {
      messageId: "missingTimeout",
      suggest: addTimeout("axios.get(args.url)", "axios.get(args.url, { timeout: 30000 })"),
    }),
    invalid("got.get(url)", inTool("  await /*>*/got.get(args.url)/*<*/;", { imports: GOT }), {
      messageId: "missingTimeout",
      data: { label: "got.get", tool: TOOL, remedy: REMEDY.got },
      suggest: addTimeout("got.get(args.url)", "got.get(args.url, { timeout: { request: 30000 } })"),
    }),
    invalid("got(url)", inTool("  await /*>*/got(args.url)/*<*/;", { imports: GOT }), {
      messageId: "missingTimeout",
      data: { label: "got", tool: TOOL, remedy: REMEDY.got },
      suggest: addTimeout("got(args.url)", "got(args.url, { timeout: { request: 30000 } })"),
    }),
    invalid("got(url, options) without a timeout", inTool("  await /*>*/got(args.url, { retry: { limit: 2 } })/*<*/;", { imports: GOT }), {
      messageId: "missingTimeout",
      data: { label: "got", tool: TOOL, remedy: REMEDY.got },
      suggest: addTimeout("{ limit: 2 } }", "{ limit: 2 }, timeout: { request: 30000 } }"),
    }),
    invalid("got(options) without a timeout", inTool("  await /*>*/got({ url: args.url })/*<*/;", { imports: GOT }), {
      messageId: "missingTimeout",
      suggest: addTimeout("{ url: args.url }", "{ url: args.url, timeout: { request: 30000 } }"),
    }),
    invalid(
      "a got.extend instance without a timeout",
      inTool('  await /*>*/client.get("search")/*<*/;', { imports: GOT, top: 'const client = got.extend({ prefixUrl: "https://example.com" });\n' }),
      {
        messageId: "missingTimeout",
        data: { label: "client.get", tool: TOOL, remedy: REMEDY.got },
        suggest: addTimeout('client.get("search")', 'client.get("search", { timeout: { request: 30000 } })'),
      },
    ),
  ],
};

const HTTP = 'import http from "node:http";\nimport https from "node:https";\n';
const httpCases = {
  valid: [
    valid("https.get with a timeout", inTool("  https.get(args.url, { timeout: 5000 }, (res) => res.resume());", { imports: HTTP })),
    valid("http.request({ timeout })", inTool('  http.request({ hostname: "example.com", timeout: 5000 }).end();', { imports: HTTP })),
    valid("req.setTimeout on the request", inTool("  const req = http.request(args.url);\n  req.setTimeout(5000);\n  req.end();", { imports: HTTP })),
    valid("setTimeout chained on http.get", inTool("  https.get(args.url, (res) => res.resume()).setTimeout(5000);", { imports: HTTP })),
    valid(
      "https.request(options, callback) with the timeout in a const",
      inTool("  https.request(options, (res) => res.resume()).end();", {
        imports: HTTP,
        top: 'const options = { hostname: "example.com", timeout: 5000 };\n',
      }),
    ),
    valid("https.request of options it cannot see", inTool("  https.request(args.requestOptions).end();", { imports: HTTP })),
    valid(
      'req.on("timeout") on the request',
      inTool('  const req = https.request(args.url);\n  req.on("error", () => {});\n  req.on("timeout", () => req.destroy());\n  req.end();', {
        imports: HTTP,
      }),
    ),
    valid(
      "req.setTimeout on an https request with an error listener",
      inTool('  const req = https.request(args.url);\n  req.on("error", () => {});\n  req.setTimeout(5000);\n  req.end();', { imports: HTTP }),
    ),
    valid("http.request with a signal", inTool("  http.request(args.url, { signal: AbortSignal.timeout(5000) }).end();", { imports: HTTP })),
  ],
  invalid: [
    invalid("https.get(url, callback)", inTool("  /*>*/https.get(args.url, (res) => res.resume())/*<*/;", { imports: HTTP }), {
      messageId: "missingTimeout",
      data: { label: "https.get", tool: TOOL, remedy: REMEDY.http },
      suggest: null,
    }),
    invalid(
      "http.request(options) without a timeout",
      inTool('  /*>*/http.request({ hostname: "example.com", path: "/" })/*<*/.end();', { imports: HTTP }),
      {
        messageId: "missingTimeout",
        data: { label: "http.request", tool: TOOL, remedy: REMEDY.http },
        suggest: addTimeout('path: "/" }', 'path: "/", timeout: 30000 }'),
      },
    ),
    invalid("http.request(url) without req.setTimeout", inTool("  const req = /*>*/http.request(args.url)/*<*/;\n  req.end();", { imports: HTTP }), {
      messageId: "missingTimeout",
      suggest: addTimeout("http.request(args.url)", "http.request(args.url, { timeout: 30000 })"),
    }),
    invalid(
      "https.request(url string, callback)",
      inTool('  /*>*/https.request("https://example.com/api", (res) => res.resume())/*<*/.end();', { imports: HTTP }),
      {
        messageId: "missingTimeout",
        data: { label: "https.request", tool: TOOL, remedy: REMEDY.http },
        suggest: null,
      },
    ),
    invalid(
      "an error listener is no timeout",
      inTool('  const req = /*>*/https.request(args.url)/*<*/;\n  req.on("error", () => {});\n  req.end();', { imports: HTTP }),
      {
        messageId: "missingTimeout",
        data: { label: "https.request", tool: TOOL, remedy: REMEDY.http },
        suggest: addTimeout("https.request(args.url)", "https.request(args.url, { timeout: 30000 })"),
      },
    ),
    invalid(
      "a named request import from node:https",
      inTool('  /*>*/request({ hostname: "example.com" })/*<*/.end();', { imports: 'import { request } from "node:https";\n' }),
      {
        messageId: "missingTimeout",
        data: { label: "https.request", tool: TOOL, remedy: REMEDY.http },
        suggest: addTimeout('{ hostname: "example.com" }', '{ hostname: "example.com", timeout: 30000 }'),
      },
    ),
  ],
};

const AI = `import { generateText } from "ai";\ndeclare const model: unknown;\n`;

const aiCases = {
  valid: [
    valid(
      "generateText with an abortSignal",
      inTool("  await generateText({ model, prompt: args.q, abortSignal: AbortSignal.timeout(30000) });", { imports: AI }),
    ),
    valid("generateText with a timeout", inTool("  await generateText({ model, prompt: args.q, timeout: 30000 });", { imports: AI })),
    valid(
      "a generateText of the project's own",
      inTool("  await generateText({ model, prompt: args.q });", {
        top: "async function generateText(options: object) {\n  return options;\n}\ndeclare const model: unknown;\n",
      }),
    ),
  ],
  invalid: [
    invalid("generateText of the AI SDK with no abortSignal", inTool("  await /*>*/generateText({ model, prompt: args.q })/*<*/;", { imports: AI }), {
      messageId: "missingTimeout",
      data: { label: "generateText", tool: TOOL, remedy: REMEDY.ai },
      suggest: addSignal("prompt: args.q }", `prompt: args.q, abortSignal: ${COMBINED} }`),
    }),
  ],
};

const childCases = {
  valid: [
    valid("exec with a timeout", inTool("  exec(args.cmd, { timeout: 5000 }, (error, stdout) => {});", { imports: CP })),
    valid("spawn with a signal", inTool('  spawn("ls", ["-la"], { signal: AbortSignal.timeout(5000) });', { imports: CP })),
    // A process the tool starts and lets go: nothing waits for it, so nothing can hang the tool.
    valid(
      "a detached spawn that is unref'd at once",
      inTool('  spawn("xdg-open", [args.path], { detached: true, stdio: "ignore" }).unref();', { imports: CP }),
    ),
    valid(
      "a detached spawn unref'd through its variable",
      inTool('  const viewer = spawn("xdg-open", [args.path], { detached: true, stdio: "ignore" });\n  viewer.unref();', { imports: CP }),
    ),
    valid(
      "a detached spawn a helper returns, unref'd by its caller",
      inTool("  const viewer = openViewer(args.path);\n  viewer.unref();", {
        imports: CP,
        top: 'function openViewer(path) {\n  return spawn("xdg-open", [path], { detached: true, stdio: "ignore" });\n}\n',
      }),
    ),
    // A timer that kills the process bounds it as a `timeout` option would.
    valid(
      "a spawn that a timer kills",
      inTool('  const install = spawn("npx", ["playwright", "install"]);\n  setTimeout(() => {\n    install.kill();\n  }, 120_000);', { imports: CP }),
    ),
    // A timer that rejects the promise the process is started in bounds the wait for it.
    valid(
      "a spawn in a promise that a timer rejects",
      inTool(
        '  await new Promise((resolve, reject) => {\n    const timer = setTimeout(() => reject(new Error("The indexer was not ready within 30 s")), 30_000);\n    const child = spawn("indexer", ["--serve"]);\n    child.stdout.once("data", () => {\n      clearTimeout(timer);\n      resolve(child);\n    });\n  });',
        { imports: CP },
      ),
    ),
    valid("execSync with a timeout", inTool('  execSync("ls", { timeout: 5000, killSignal: "SIGKILL" });', { imports: CP })),
    valid("exec with options from a parameter", inTool("  exec(args.cmd, args.options, (error) => {});", { imports: CP })),
    valid("exec with spread options", inTool("  exec(args.cmd, { ...args.options }, (error) => {});", { imports: CP })),
    valid(
      "promisify(exec) with a timeout",
      inTool("  await execAsync(args.cmd, { timeout: 5000 });", {
        imports: `${CP}import { promisify } from "node:util";\n`,
        top: "const execAsync = promisify(exec);\n",
      }),
    ),
    valid("execa with a timeout", inTool('  await execa("git", ["status"], { timeout: 5000 });', { imports: EXECA })),
    valid("execa with a cancelSignal", inTool('  await execa("git", ["status"], { cancelSignal: AbortSignal.timeout(5000) });', { imports: EXECA })),
  ],
  invalid: [
    invalid("exec(cmd, callback)", inTool("  /*>*/exec(args.cmd, (error, stdout) => {})/*<*/;", { imports: CP }), {
      messageId: "missingTimeout",
      data: { label: "exec", tool: TOOL, remedy: REMEDY.child_process },
      suggest: addTimeout("args.cmd, (error", "args.cmd, { timeout: 30000 }, (error"),
    }),
    invalid(
      "spawn(command, args, options) where args is a value the file does not show",
      inTool('  /*>*/spawn(args.command, args.argv, { stdio: "pipe" })/*<*/;', { imports: CP }),
      {
        messageId: "missingTimeout",
        data: { label: "spawn", tool: TOOL, remedy: REMEDY.child_process },
        suggest: addTimeout('{ stdio: "pipe" }', '{ stdio: "pipe", timeout: 30000 }'),
      },
    ),
    invalid("execFile(file, args)", inTool('  /*>*/execFile("git", ["log"])/*<*/;', { imports: CP }), {
      messageId: "missingTimeout",
      data: { label: "execFile", tool: TOOL, remedy: REMEDY.child_process },
      suggest: addTimeout('["log"])', '["log"], { timeout: 30000 })'),
    }),
    invalid(
      "a spawn whose timer gives up waiting but leaves the process running",
      inTool(
        '  const install = /*>*/spawn("npx", ["playwright", "install"])/*<*/;\n  setTimeout(() => console.error("still installing"), 120_000);\n  install.on("close", () => {});',
        { imports: CP },
      ),
      {
        messageId: "missingTimeout",
        data: { label: "spawn", tool: TOOL, remedy: REMEDY.child_process },
        suggest: addTimeout('["playwright", "install"])', '["playwright", "install"], { timeout: 30000 })'),
      },
    ),
    invalid(
      "a spawn a helper returns, waited for by one of its callers",
      inTool('  openViewer(args.path).unref();\n  openViewer(args.other).on("close", () => {});', {
        imports: CP,
        top: 'function openViewer(path) {\n  return /*>*/spawn("xdg-open", [path], { stdio: "ignore" })/*<*/;\n}\n',
      }),
      {
        messageId: "missingTimeout",
        data: { label: "spawn", tool: TOOL, remedy: REMEDY.child_process },
        suggest: addTimeout('{ stdio: "ignore" }', '{ stdio: "ignore", timeout: 30000 }'),
      },
    ),
    invalid("spawn with options but no timeout", inTool('  /*>*/spawn("ls", ["-la"], { cwd: "/tmp" })/*<*/;', { imports: CP }), {
      messageId: "missingTimeout",
      data: { label: "spawn", tool: TOOL, remedy: REMEDY.child_process },
      suggest: addTimeout('{ cwd: "/tmp" }', '{ cwd: "/tmp", timeout: 30000 }'),
    }),
    invalid(
      "a spawn in a promise whose timer only logs",
      inTool(
        '  await new Promise((resolve, reject) => {\n    setTimeout(() => console.error("still waiting for the indexer"), 30_000);\n    const child = /*>*/spawn("indexer", ["--serve"], { cwd: "/tmp" })/*<*/;\n    child.on("exit", resolve);\n    child.on("error", reject);\n  });',
        { imports: CP },
      ),
      {
        messageId: "missingTimeout",
        data: { label: "spawn", tool: TOOL, remedy: REMEDY.child_process },
        suggest: addTimeout('{ cwd: "/tmp" }', '{ cwd: "/tmp", timeout: 30000 }'),
      },
    ),
    invalid("execSync(cmd)", inTool('  /*>*/execSync("ls")/*<*/;', { imports: CP }), {
      messageId: "missingTimeout",
      data: { label: "execSync", tool: TOOL, remedy: REMEDY.child_process },
      suggest: addTimeout('execSync("ls")', 'execSync("ls", { timeout: 30000 })'),
    }),
    invalid("execSync with timeout: 0", inTool('  /*>*/execSync("ls", { timeout: 0 })/*<*/;', { imports: CP }), {
      messageId: "missingTimeout",
      suggest: addTimeout("timeout: 0", "timeout: 30000"),
    }),
    invalid("a namespace import: cp.exec", inTool("  /*>*/cp.exec(args.cmd)/*<*/;", { imports: 'import * as cp from "node:child_process";\n' }), {
      messageId: "missingTimeout",
      data: { label: "exec", tool: TOOL, remedy: REMEDY.child_process },
      suggest: addTimeout("cp.exec(args.cmd)", "cp.exec(args.cmd, { timeout: 30000 })"),
    }),
    invalid("require destructuring", inTool('  /*>*/execFile("git", ["log"])/*<*/;', { imports: 'const { execFile } = require("child_process");\n' }), {
      messageId: "missingTimeout",
      data: { label: "execFile", tool: TOOL, remedy: REMEDY.child_process },
      suggest: addTimeout('["log"])', '["log"], { timeout: 30000 })'),
    }),
    invalid("a required namespace: cp.spawn", inTool('  /*>*/cp.spawn("ls")/*<*/;', { imports: 'const cp = require("node:child_process");\n' }), {
      messageId: "missingTimeout",
      suggest: addTimeout('cp.spawn("ls")', 'cp.spawn("ls", { timeout: 30000 })'),
    }),
    invalid(
      "promisify(exec)",
      inTool("  await /*>*/execAsync(args.cmd)/*<*/;", {
        imports: `${CP}import { promisify } from "node:util";\n`,
        top: "const execAsync = promisify(exec);\n",
      }),
      {
        messageId: "missingTimeout",
        data: { label: "exec", tool: TOOL, remedy: REMEDY.child_process },
        suggest: addTimeout("execAsync(args.cmd)", "execAsync(args.cmd, { timeout: 30000 })"),
      },
    ),
    invalid(
      "util.promisify(cp.execFile)",
      inTool('  await /*>*/execFileAsync("git", ["log"])/*<*/;', {
        imports: 'import * as cp from "node:child_process";\nimport util from "node:util";\n',
        top: "const execFileAsync = util.promisify(cp.execFile);\n",
      }),
      {
        messageId: "missingTimeout",
        data: { label: "execFile", tool: TOOL, remedy: REMEDY.child_process },
        suggest: addTimeout('["log"])', '["log"], { timeout: 30000 })'),
      },
    ),
    invalid("execa(file, args)", inTool('  await /*>*/execa("git", ["status"])/*<*/;', { imports: EXECA }), {
      messageId: "missingTimeout",
      data: { label: "execa", tool: TOOL, remedy: REMEDY.execa },
      suggest: addTimeout('["status"])', '["status"], { timeout: 30000 })'),
    }),
    invalid("execa with options but no timeout", inTool('  await /*>*/execa("git", ["status"], { cwd: "/repo" })/*<*/;', { imports: EXECA }), {
      messageId: "missingTimeout",
      suggest: addTimeout('{ cwd: "/repo" }', '{ cwd: "/repo", timeout: 30000 }'),
    }),
  ],
};

// A same-file function that hands its options parameter to a client: its calls are the client's.
const EXEC_FILE_SYNC = 'import { execFileSync } from "node:child_process";\n';
const RUN = "function run(file, args, options) {\n  return execFileSync(file, args, options);\n}\n";
const passThroughCases = {
  valid: [
    valid(
      "a pass-through wrapper called with a timeout",
      inTool('  run("kubectl", ["get", "pods"], { encoding: "utf8", timeout: 5000 });', { imports: EXEC_FILE_SYNC, top: RUN }),
    ),
    valid(
      "a pass-through wrapper called with options it cannot see",
      inTool('  run("kubectl", ["get", "pods"], args.options);', { imports: EXEC_FILE_SYNC, top: RUN }),
    ),
    valid(
      "a wrapper that reads the options before passing them on",
      inTool('  run("kubectl", ["get", "pods"], { encoding: "utf8" });', {
        imports: EXEC_FILE_SYNC,
        top: "function run(file, args, options) {\n  options.timeout ??= 5000;\n  return execFileSync(file, args, options);\n}\n",
      }),
    ),
    valid(
      "a wrapper that bounds the call itself",
      inTool('  run("kubectl", ["get", "pods"], { encoding: "utf8" });', {
        imports: EXEC_FILE_SYNC,
        top: "function run(file, args, options) {\n  return execFileSync(file, args, { ...options, timeout: 5000 });\n}\n",
      }),
    ),
    valid(
      "a wrapper named for its timeout",
      inTool('  runWithTimeout("kubectl", ["get", "pods"], { encoding: "utf8" });', {
        imports: EXEC_FILE_SYNC,
        top: "function runWithTimeout(file, args, options) {\n  return execFileSync(file, args, options);\n}\n",
      }),
    ),
    valid(
      "a local function that shadows a pass-through wrapper's name",
      inTool('  const run = (file, args, options) => ({ file, args, options });\n  run("kubectl", ["get", "pods"], { encoding: "utf8" });', {
        imports: EXEC_FILE_SYNC,
        top: RUN,
      }),
    ),
    valid(
      "a pass-through wrapper listed in wrappers",
      inTool('  run("kubectl", ["get", "pods"], { encoding: "utf8" });', { imports: EXEC_FILE_SYNC, top: RUN }),
      {
        wrappers: ["run"],
      },
    ),
  ],
  invalid: [
    invalid(
      "a pass-through wrapper called with options but no timeout",
      inTool('  /*>*/run("kubectl", ["get", "pods"], { encoding: "utf8" })/*<*/;', { imports: EXEC_FILE_SYNC, top: RUN }),
      {
        messageId: "missingTimeout",
        data: { label: "run", tool: TOOL, remedy: REMEDY.child_process },
        suggest: addTimeout('{ encoding: "utf8" }', '{ encoding: "utf8", timeout: 30000 }'),
      },
    ),
    invalid(
      "a pass-through wrapper called without options",
      inTool('  /*>*/run("kubectl", ["get", "pods"])/*<*/;', { imports: EXEC_FILE_SYNC, top: RUN }),
      {
        messageId: "missingTimeout",
        data: { label: "run", tool: TOOL, remedy: REMEDY.child_process },
        suggest: addTimeout('["get", "pods"])', '["get", "pods"], { timeout: 30000 })'),
      },
    ),
    invalid(
      "an arrow that hands its init to fetch",
      inTool('  await /*>*/getJson(args.url, { headers: { accept: "application/json" } })/*<*/;', {
        top: "const getJson = async (url, init) => (await fetch(url, init)).json();\n",
      }),
      {
        messageId: "missingTimeout",
        data: { label: "getJson", tool: TOOL, remedy: REMEDY.fetch },
        suggest: addSignal('{ accept: "application/json" } }', `{ accept: "application/json" }, signal: ${COMBINED} }`),
      },
    ),
  ],
};

// A function that spreads its caller's options into its own (or takes the rest of them) is as
// bounded as what its callers pass: one report at the call when none passes a bound.
const SEARCH_API =
  'async function searchApi(path, init) {\n  return /*>*/fetch(`https://search.example.com${path}`, { ...init, headers: { accept: "json" } })/*<*/;\n}\n';
/** A transport that spreads defaults the file shows in full, then the caller's options. */
const DEFAULTS_THEN_CALLER =
  'async function request(path, options) {\n  const defaults = { method: "GET", headers: { accept: "json" } };\n  return /*>*/fetch(`https://api.example.com${path}`, { ...defaults, ...options })/*<*/;\n}\n';
/** Options taken from a field of an object parameter, with a default, and headers set on them first. */
const FIELD_API =
  'async function api({ path, options = {} }) {\n  options.headers = { accept: "json", ...options.headers };\n  return /*>*/fetch(`https://api.example.com${path}`, { ...options })/*<*/;\n}\n';
/** An API client class whose requests spread the defaults its constructor sets. */
const DEFAULTS_CLIENT = (defaults: string): string =>
  `class Api {\n  constructor(token) {\n    this.defaults = ${defaults};\n  }\n  async get(path) {\n    const options = { ...this.defaults, method: "GET" };\n    options.headers = { ...this.defaults.headers, accept: "application/json" };\n    return /*>*/fetch(\`https://api.example.com\${path}\`, options)/*<*/;\n  }\n}\nconst api = new Api(process.env.TOKEN);\n`;
/** An API client whose request options come from an async method of the class (`init`: what that method may add). */
const BUILT_INIT_CLIENT = (extra: string): string =>
  `class Api {\n  async buildInit(options) {\n    if (options.form) return { method: "POST", body: options.form };\n    return { method: options.method ?? "GET", ...(options.body ? { headers: { "content-type": "json" }, body: JSON.stringify(options.body) } : {})${extra} };\n  }\n  async request(path, options = {}) {\n    const init = await this.buildInit(options);\n    return /*>*/fetch(\`https://api.example.com\${path}\`, init)/*<*/;\n  }\n}\nconst api = new Api();\n`;
/** A retrying helper that takes the signal out of its options and hands it to fetch (`shape`: how it gets it). */
const RETRYING = (shape: "body" | "parameter" | "default" | "spread"): string => {
  const head = {
    body: "async function fetchWithRetries(url, options = {}) {\n  const { retries = 2, headers = {}, signal } = options;\n",
    parameter: "async function fetchWithRetries(url, { retries = 2, headers = {}, signal } = {}) {\n",
    default:
      "async function fetchWithRetries(url, options = {}) {\n  const { retries = 2, headers = {}, signal = AbortSignal.timeout(5000) } = options;\n",
    spread: "async function fetchWithRetries(url, options = {}) {\n  const { retries = 2, headers = {}, signal, ...init } = options;\n",
  }[shape];
  const init = shape === "spread" ? "{ ...init, headers, signal }" : '{ method: "GET", headers, signal }';
  return `${head}  for (let attempt = 0; ; attempt++) {\n    try {\n      return await /*>*/fetch(url, ${init})/*<*/;\n    } catch (error) {\n      if (attempt >= retries) throw error;\n    }\n  }\n}\n`;
};
/** An HTTP function a test may inject, with axios as the default the server runs. */
const SEND = "const deps = globalThis.deps ?? {};\nconst send = deps.send ?? ((config) => /*>*/axios(config)/*<*/);\n";
/** A fetch of the file's own, made by a wrapper that retries on 401 (`retry`: what the wrapper's calls pass on). */
const AUTH_FETCH = (retry = "{ ...options, headers: { authorization: token() } }", own = "options"): string =>
  `import nodeFetch from "node-fetch";
import fetchCookie from "fetch-cookie";
function withAuthRetry(baseFetch: typeof nodeFetch, token: () => string): typeof nodeFetch {
  return (async (url: string, options?: any) => {
    const response = await baseFetch(url, ${own});
    if (response.status !== 401) return response;
    return await baseFetch(url, ${retry});
  }) as typeof nodeFetch;
}
let fetch: typeof nodeFetch = withAuthRetry(nodeFetch, () => process.env.TOKEN ?? "");
export function resetAuth(jar?: object) {
  fetch = withAuthRetry(jar ? fetchCookie(nodeFetch, jar) : nodeFetch, () => "");
}
`;
const wrappedCases = {
  valid: [
    valid(
      "fetch wrapped by a retrying wrapper, called with a signal",
      inTool("  await fetch(`https://git.example.com/projects/${args.id}`, { headers: {}, signal: AbortSignal.timeout(5000) });", { top: AUTH_FETCH() }),
    ),
    valid(
      "a wrapper that gives every call a signal of its own",
      inTool("  await fetch(`https://git.example.com/projects/${args.id}`, { headers: {} });", {
        top: AUTH_FETCH("{ ...options, signal: AbortSignal.timeout(5000) }", "{ ...options, signal: AbortSignal.timeout(5000) }"),
      }),
    ),
    valid(
      "wrapped fetch with options from a builder that gives a signal",
      inTool('  await fetch(`https://git.example.com/projects/${args.id}`, { ...fetchConfig(), method: "GET" });', {
        top: `${AUTH_FETCH()}const fetchConfig = () => ({ headers: { accept: "application/json" }, signal: AbortSignal.timeout(10000) });\n`,
      }),
    ),
    valid(
      "options a builder of the file makes, with a signal",
      inTool("  await fetch(`https://git.example.com/projects/${args.id}`, fetchConfig());", {
        top: `${AUTH_FETCH()}function fetchConfig() {\n  return { headers: { accept: "application/json" }, signal: AbortSignal.timeout(10000) };\n}\n`,
      }),
    ),
    valid(
      "a wrapper the file does not show",
      inTool("  await authFetch(`https://git.example.com/projects/${args.id}`, { headers: {} });", {
        top: 'import nodeFetch from "node-fetch";\nimport { withAuthRetry } from "./auth-retry.js";\nconst authFetch = withAuthRetry(nodeFetch, config);\n',
      }),
    ),
  ],
  invalid: [
    invalid(
      "fetch wrapped by a retrying wrapper that hands the options on, called without a signal",
      inTool('  await /*>*/fetch(`https://git.example.com/projects/${args.id}`, { headers: {}, method: "GET" })/*<*/;', { top: AUTH_FETCH() }),
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
        suggest: addSignal('method: "GET" }', 'method: "GET", signal: AbortSignal.any([extra.signal, AbortSignal.timeout(30000)]) }'),
      },
    ),
    invalid(
      "options a builder of the file makes, with headers only: no edit in the shared builder",
      inTool("  await /*>*/fetch(`https://git.example.com/projects/${args.id}`, fetchConfig())/*<*/;", {
        top: `${AUTH_FETCH()}function fetchConfig() {\n  return { headers: { accept: "application/json" } };\n}\n`,
      }),
      { messageId: "missingTimeout", data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch }, suggest: null },
    ),
    invalid(
      "wrapped fetch with options from a builder of headers only",
      inTool('  await /*>*/fetch(`https://git.example.com/projects/${args.id}`, { ...fetchConfig(), method: "GET" })/*<*/;', {
        top: `${AUTH_FETCH()}function fetchConfig() {\n  return { headers: { accept: "application/json" }, agent: undefined };\n}\n`,
      }),
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
        suggest: addSignal('method: "GET" }', 'method: "GET", signal: AbortSignal.any([extra.signal, AbortSignal.timeout(30000)]) }'),
      },
    ),
  ],
};

const spreadCases = {
  valid: [
    valid(
      "a field of an object parameter that every caller fills with a signal",
      inTool('  await api({ path: "/q", options: { signal: AbortSignal.timeout(5000) } });', { top: FIELD_API }),
    ),
    valid(
      "a field of an object parameter on which the function sets the signal",
      inTool('  await api({ path: "/q" });', {
        top: FIELD_API.replace("options.headers = ", "options.signal = AbortSignal.timeout(5000);\n  options.headers = "),
      }),
    ),
    valid(
      "a spreading helper whose caller passes a signal",
      inTool('  await searchApi("/q", { signal: AbortSignal.timeout(5000) });', { top: SEARCH_API }),
    ),
    valid("a spreading helper whose caller passes options it cannot see", inTool('  await searchApi("/q", args.init);', { top: SEARCH_API })),
    valid("a spreading helper every caller of which passes a timeout", inTool('  await searchApi("/r", { timeout: 5000 });', { top: SEARCH_API })),
    valid(
      "a helper that sets the signal on the options it was given",
      inTool('  await load("/q", {});', {
        top: "async function load(url, init) {\n  init.signal = AbortSignal.timeout(5000);\n  return fetch(url, { ...init });\n}\n",
      }),
    ),
    valid(
      "options that get their signal after the literal",
      inTool(
        '  const init = { method: "GET" };\n  init.signal = AbortSignal.timeout(5000);\n  await fetch(`https://api.example.com/items/${args.id}`, init);',
      ),
    ),
    valid("spread defaults that carry a signal", inTool('  await api.get("/items");', { top: DEFAULTS_CLIENT("{ signal: AbortSignal.timeout(5000) }") })),
    valid(
      "a conditional spread that may add the signal",
      inTool('  await fetch(`https://api.example.com/items/${args.id}`, { method: "GET", ...(args.slow && { signal: AbortSignal.timeout(60000) }) });'),
    ),
    valid(
      "a conditional spread of options that the file does not show",
      inTool('  await fetch(`https://api.example.com/items/${args.id}`, { method: "GET", ...(args.slow ? args.init : {}) });'),
    ),
    valid("spread defaults the class takes from its caller", inTool('  await api.get("/items");', { top: DEFAULTS_CLIENT("token") })),
    valid(
      "options a method of the class builds, one way with a signal",
      inTool('  await api.request("/items");', { top: BUILT_INIT_CLIENT(", signal: AbortSignal.timeout(5000)") }),
    ),
    valid(
      "an injected axios function's default whose caller passes a config with a timeout",
      inTool("  await send({ url: `/items/${args.id}`, timeout: 5000 });", { imports: AXIOS, top: SEND }),
    ),
    valid(
      "an injected axios function's default whose caller sets the timeout after the literal",
      inTool("  const config = { url: `/items/${args.id}` };\n  config.timeout = 5000;\n  await send(config);", { imports: AXIOS, top: SEND }),
    ),
    valid(
      "an axios function whose caller passes a URL",
      inTool("  await get(`https://api.example.com/items/${args.id}`);", { imports: AXIOS, top: "const get = (target) => axios(target);\n" }),
    ),
    valid(
      "a signal taken out of the options, which every caller passes",
      inTool(
        '  await fetchWithRetries("https://registry.example.com/a", { signal: AbortSignal.timeout(8000) });\n  await fetchWithRetries("https://registry.example.com/b", { retries: 0, signal: extra.signal });',
        {
          top: RETRYING("body"),
        },
      ),
    ),
    valid(
      "a signal taken out of the options with a default of its own",
      inTool('  await fetchWithRetries("https://registry.example.com/a", { retries: 1 });', { top: RETRYING("default") }),
    ),
    valid(
      "a signal taken out of the options beside a spread of the rest: unknown",
      inTool('  await fetchWithRetries("https://registry.example.com/a", { retries: 1 });', { top: RETRYING("spread") }),
    ),
    valid(
      "a signal taken out of options the caller builds where the file cannot see",
      inTool('  await fetchWithRetries("https://registry.example.com/a", args.options);', { top: RETRYING("body") }),
    ),
    valid(
      "defaults spread before the options of a caller that passes a signal",
      inTool('  await request("/q", { signal: AbortSignal.timeout(5000) });', { top: DEFAULTS_THEN_CALLER }),
    ),
    valid(
      "the rest of the options, after the pattern took the signal out",
      inTool('  await load("/q", {});', {
        top: "async function load(url, options) {\n  const { signal, ...init } = options;\n  return fetch(url, init);\n}\n",
      }),
    ),
  ],
  invalid: [
    invalid("a field of an object parameter that a caller leaves out", inTool('  await api({ path: "/q" });', { top: FIELD_API }), {
      messageId: "missingTimeoutFromCallers",
      data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
      suggest: addSignal("{ ...options }", "{ signal: AbortSignal.timeout(30000), ...options }"),
    }),
    // One caller's path is unbounded, whatever the other passes.
    invalid(
      "a spreading helper one of whose callers passes a timeout, the other none",
      inTool('  await searchApi("/q");\n  await searchApi("/r", { timeout: 5000 });', { top: SEARCH_API }),
      {
        messageId: "missingTimeoutFromCallers",
        data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
        suggest: addSignal("{ ...init,", "{ signal: AbortSignal.timeout(30000), ...init,"),
      },
    ),
    invalid("a spreading helper called without options", inTool('  await searchApi("/q");', { top: SEARCH_API }), {
      messageId: "missingTimeoutFromCallers",
      data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
      suggest: addSignal("{ ...init,", "{ signal: AbortSignal.timeout(30000), ...init,"),
    }),
    invalid("defaults spread before the options of callers that pass none", inTool('  await request("/q");', { top: DEFAULTS_THEN_CALLER }), {
      messageId: "missingTimeoutFromCallers",
      data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
      suggest: addSignal("{ ...defaults,", "{ signal: AbortSignal.timeout(30000), ...defaults,"),
    }),
    invalid("a spreading helper whose callers pass options without a bound", inTool('  await searchApi("/q", { method: "GET" });', { top: SEARCH_API }), {
      messageId: "missingTimeoutFromCallers",
      data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
      suggest: addSignal("{ ...init,", "{ signal: AbortSignal.timeout(30000), ...init,"),
    }),
    invalid(
      "conditional spreads whose every branch the file shows, none with a bound",
      inTool(
        '  await /*>*/fetch(`https://api.example.com/items/${args.id}`, { method: "POST", ...(args.body && { body: args.body }), ...(args.raw ? {} : { headers: { accept: "json" } }) })/*<*/;',
      ),
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
        suggest: addSignal('"json" } }) }', '"json" } }), signal: AbortSignal.any([extra.signal, AbortSignal.timeout(30000)]) }'),
      },
    ),
    invalid(
      "options a method of the class builds from literals with no signal",
      inTool('  await api.request("/items");', { top: BUILT_INIT_CLIENT("") }),
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
        suggest: null,
      },
    ),
    invalid(
      "spread defaults that the class sets to headers only",
      inTool('  await api.get("/items");', { top: DEFAULTS_CLIENT("{ headers: { authorization: `Bearer ${token}` } }") }),
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
        suggest: addSignal('method: "GET" }', 'method: "GET", signal: AbortSignal.timeout(30000) }'),
      },
    ),
    invalid(
      "the default of an injected axios function, called with a config that has no timeout",
      inTool('  const config = { url: `/items/${args.id}`, method: "GET" };\n  config.params = { full: true };\n  await send(config);', {
        imports: AXIOS,
        top: SEND,
      }),
      { messageId: "missingTimeoutFromCallers", data: { label: "axios", tool: TOOL, remedy: REMEDY.axios }, suggest: null },
    ),
    invalid(
      "a signal taken out of the options, which one caller leaves out",
      inTool(
        '  await fetchWithRetries("https://registry.example.com/a", { signal: AbortSignal.timeout(8000) });\n  await fetchWithRetries("https://registry.example.com/b", { retries: 1 });',
        {
          top: RETRYING("body"),
        },
      ),
      {
        messageId: "missingTimeoutFromCallers",
        data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
        suggest: { messageId: "addDefaultSignal", from: "headers, signal }", to: "headers, signal: signal ?? AbortSignal.timeout(30000) }" },
      },
    ),
    invalid(
      "a signal destructured in the parameter list, called with no options",
      inTool('  await fetchWithRetries("https://registry.example.com/a");', { top: RETRYING("parameter") }),
      {
        messageId: "missingTimeoutFromCallers",
        data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
        suggest: { messageId: "addDefaultSignal", from: "headers, signal }", to: "headers, signal: signal ?? AbortSignal.timeout(30000) }" },
      },
    ),
    invalid(
      "the rest of the caller's options, handed to fetch",
      inTool('  await load("/q", { retries: 2 });', {
        top: "async function load(url, options = {}) {\n  const { retries = 0, ...init } = options;\n  return /*>*/fetch(url, init)/*<*/;\n}\n",
      }),
      { messageId: "missingTimeoutFromCallers", data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch }, suggest: null },
    ),
    invalid(
      "a client method that spreads its options, called by another method",
      inTool('  await api.getThing("1");', {
        top: "class Api {\n  async request(path, init = {}) {\n    return /*>*/fetch(path, { ...init })/*<*/;\n  }\n  async getThing(id) {\n    return this.request(`/things/${id}`);\n  }\n}\nconst api = new Api();\n",
      }),
      {
        messageId: "missingTimeoutFromCallers",
        data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
        suggest: addSignal("{ ...init }", "{ signal: AbortSignal.timeout(30000), ...init }"),
      },
    ),
  ],
};

// Clients generated from an OpenAPI description: every operation is an HTTP call.
const OCA = 'import OpenAPIClientAxios from "openapi-client-axios";\n';
const ocaClient = (options: string) => `const generated = new OpenAPIClientAxios(${options});\n`;
const OPENAPI_FETCH = 'import createClient from "openapi-fetch";\nconst petstore = createClient({ baseUrl: "https://pets.example.com" });\n';
const generatedCases = {
  valid: [
    valid(
      "openapi-client-axios with a timeout in axiosConfigDefaults",
      inTool("  const api = await generated.init();\n  await api.getPet({ id: 1 });", {
        imports: OCA,
        top: ocaClient('{ definition: "./spec.json", axiosConfigDefaults: { timeout: 5000 } }'),
      }),
    ),
    valid(
      "an openapi-client-axios operation with a timeout in its config",
      inTool("  const api = await generated.init();\n  await api.getPet({ id: 1 }, null, { timeout: 5000 });", {
        imports: OCA,
        top: ocaClient('{ definition: "./spec.json" }'),
      }),
    ),
    valid(
      "openapi-client-axios built from options the rule cannot read",
      inTool("  const api = await generated.init();\n  await api.getPet({ id: 1 });", { imports: OCA, top: ocaClient("options") }),
    ),
    valid("an openapi-fetch call with a signal", inTool('  await petstore.GET("/pets", { signal: AbortSignal.timeout(5000) });', { top: OPENAPI_FETCH })),
    valid(
      "a private method no tool reaches",
      inTool("  await docs.search(args.q);", {
        top: 'class Docs {\n  async search(q) {\n    return [q];\n  }\n  async #refresh() {\n    await fetch("https://docs.example.com/refresh");\n  }\n}\nconst docs = new Docs();\n',
      }),
    ),
    valid(
      "a factory's openapi-fetch client with its own fetch",
      inTool('  await pets.GET("/pets");', {
        imports: 'import createClient from "openapi-fetch";\n',
        top: 'function petClient(fetcher) {\n  return createClient({ baseUrl: "https://pets.example.com", fetch: fetcher });\n}\nconst pets = petClient(boundedFetch);\n',
      }),
    ),
    valid(
      "a factory that returns something else on one path",
      inTool('  await pets.GET("/pets");', {
        imports: 'import createClient from "openapi-fetch";\n',
        top: 'function petClient(mock) {\n  if (mock) return mockClient();\n  return createClient({ baseUrl: "https://pets.example.com" });\n}\nconst pets = petClient(false);\n',
      }),
    ),
    valid(
      "a variable given a bounded and an unbounded client",
      inTool('  await pets.GET("/pets");', {
        imports: 'import createClient from "openapi-fetch";\n',
        top: 'let pets = createClient({ baseUrl: "https://pets.example.com" });\nfunction bound(fetcher) {\n  pets = createClient({ baseUrl: "https://pets.example.com", fetch: fetcher });\n}\n',
      }),
    ),
    valid(
      "an openapi-fetch client with its own fetch",
      inTool('  await pets.GET("/pets");', {
        imports: 'import createClient from "openapi-fetch";\n',
        top: 'const pets = createClient({ baseUrl: "https://pets.example.com", fetch: boundedFetch });\n',
      }),
    ),
  ],
  invalid: [
    invalid(
      "an openapi-client-axios operation without a timeout",
      inTool("  const api = await generated.init();\n  await /*>*/api.getPet({ id: 1 })/*<*/;", {
        imports: OCA,
        top: ocaClient('{ definition: "./spec.json" }'),
      }),
      { messageId: "missingTimeout", data: { label: "api.getPet", tool: TOOL, remedy: REMEDY.axios }, suggest: null },
    ),
    invalid(
      "an openapi-client-axios operation called by name",
      inTool("  const api = await generated.init();\n  await /*>*/api[args.operation](args.params)/*<*/;", {
        imports: OCA,
        top: ocaClient('{ definition: "./spec.json", axiosConfigDefaults: { baseURL: "https://api.example.com" } }'),
      }),
      { messageId: "missingTimeout", data: { label: "api.[operation]", tool: TOOL, remedy: REMEDY.axios }, suggest: null },
    ),
    invalid(
      "a fetch in a private method (this.#query) of a same-file class the tool calls",
      inTool("  await docs.search(args.q);", {
        top: 'class Docs {\n  async search(q) {\n    return this.#query(q);\n  }\n  async #query(q) {\n    const response = await /*>*/fetch("https://docs.example.com/?q=" + q)/*<*/;\n    return response.json();\n  }\n}\nconst docs = new Docs();\n',
      }),
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
        suggest: addSignal(
          'fetch("https://docs.example.com/?q=" + q)',
          'fetch("https://docs.example.com/?q=" + q, { signal: AbortSignal.timeout(30000) })',
        ),
      },
    ),
    invalid(
      "an openapi-fetch client made by a same-file factory, held in a let given the same factory again",
      inTool('  await /*>*/pets.GET("/pets/{id}", { params: { path: { id: 1 } } })/*<*/;', {
        imports: 'import createClient from "openapi-fetch";\n',
        top: 'function petClient(token) {\n  return createClient({ baseUrl: "https://pets.example.com", headers: { Authorization: token } });\n}\nlet pets = petClient(process.env.TOKEN);\nfunction rotate(token) {\n  pets = petClient(token);\n}\n',
      }),
      {
        messageId: "missingTimeout",
        data: { label: "pets.GET", tool: TOOL, remedy: REMEDY.fetch },
        suggest: addSignal("{ params: { path: { id: 1 } } }", `{ params: { path: { id: 1 } }, signal: ${COMBINED} }`),
      },
    ),
    invalid("an openapi-fetch call without a signal", inTool('  await /*>*/petstore.GET("/pets")/*<*/;', { top: OPENAPI_FETCH }), {
      messageId: "missingTimeout",
      data: { label: "petstore.GET", tool: TOOL, remedy: REMEDY.fetch },
      suggest: addSignal('GET("/pets")', `GET("/pets", { signal: ${COMBINED} })`),
    }),
  ],
};

// A registration helper of the project's own: each call registers a tool whose handler is the function it passes.
const HELPER_CLASS = (body: string) => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
class Tools {
  server = new McpServer({ name: "demo", version: "1.0.0" });
  addTool(name, handler) {
    const wrapped = async (args) => handler(args);
    this.server.registerTool(name, { description: name }, wrapped);
  }
  init() {
${body}
  }
}`;
const registrationHelperCases = {
  valid: [
    valid(
      "a helper's tool whose fetch has a timeout",
      HELPER_CLASS('    this.addTool("get_widget", async (args) => fetch(args.url, { signal: AbortSignal.timeout(5000) }));'),
    ),
  ],
  invalid: [
    invalid(
      "a handler passed to the project's own addTool()",
      HELPER_CLASS('    this.addTool("get_widget", async (args) => /*>*/fetch(args.url)/*<*/);'),
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: 'tool "get_widget"', remedy: REMEDY.fetch },
        suggest: addSignal("fetch(args.url)", "fetch(args.url, { signal: AbortSignal.timeout(30000) })"),
      },
    ),
    invalid(
      "a handler the helper's closure calls with the input it has validated",
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
const server = new McpServer({ name: "demo", version: "1.0.0" });
const registerTool = (name, schema, handler) => {
  const wrappedHandler = async (args, extra) => {
    const validated = z.object(schema).parse({ ...args });
    return handler(validated);
  };
  server.tool(name, schema, wrappedHandler);
};
const getWidget = async ({ url }) => {
  const response = await /*>*/fetch(url)/*<*/;
  return { content: [{ type: "text", text: await response.text() }] };
};
registerTool("get_widget", { url: z.string() }, getWidget);`,
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: 'tool "get_widget"', remedy: REMEDY.fetch },
        suggest: addSignal("fetch(url)", "fetch(url, { signal: AbortSignal.timeout(30000) })"),
      },
    ),
    invalid(
      "a method registered as this.method.bind(this)",
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
class Pages {
  server = new McpServer({ name: "demo", version: "1.0.0" });
  init() {
    this.server.registerTool("read_page", { description: "Read a page", inputSchema: {} }, this.readPage.bind(this));
  }
  async readPage(args) {
    const response = await /*>*/fetch(args.url)/*<*/;
    return { content: [{ type: "text", text: await response.text() }] };
  }
}`,
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: 'tool "read_page"', remedy: REMEDY.fetch },
        suggest: addSignal("fetch(args.url)", "fetch(args.url, { signal: AbortSignal.timeout(30000) })"),
      },
    ),
    invalid(
      "a handler passed to a registration function that registers it as it is",
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
function register(name, handler) {
  server.registerTool(name, { description: name }, handler);
}
register("list_widgets", async () => {
  const response = await /*>*/fetch("https://widgets.example.com")/*<*/;
  return { content: [{ type: "text", text: await response.text() }] };
});`,
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: 'tool "list_widgets"', remedy: REMEDY.fetch },
        suggest: addSignal('fetch("https://widgets.example.com")', 'fetch("https://widgets.example.com", { signal: AbortSignal.timeout(30000) })'),
      },
    ),
    invalid(
      "a handler passed to a registration function that registers what a wrapper of the file makes of it (only its own tool's path)",
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
const withText = (name, run) => async (args) => ({ content: [{ type: "text", text: await run(args) }] });
const tool = (name, run) => {
  server.registerTool(name, { description: name }, (args) => withText(name, run)(args));
};
tool("list_widgets", async () => {
  const response = await /*>*/fetch("https://widgets.example.com")/*<*/;
  return response.text();
});
tool("count_widgets", async () => "12");`,
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: 'tool "list_widgets"', remedy: REMEDY.fetch },
        suggest: addSignal('fetch("https://widgets.example.com")', 'fetch("https://widgets.example.com", { signal: AbortSignal.timeout(30000) })'),
      },
    ),
  ],
};

const guardCases = {
  valid: [
    valid("Promise.race with a timer", inTool("  await Promise.race([fetch(args.url), timeout(5000)]);")),
    valid("a withTimeout wrapper", inTool("  await withTimeout(fetch(args.url), 5000);")),
    valid("a withTimeout wrapper of a callback", inTool("  await withTimeout(async () => {\n    await fetch(args.url);\n  }, 5000);")),
    valid(
      "inside async function fetchWithTimeout()",
      inTool("  await fetchWithTimeout(args.url);", { top: "async function fetchWithTimeout(url) {\n  return fetch(url);\n}\n" }),
    ),
    valid(
      "inside a const arrow named for a deadline",
      inTool("  await fetchWithDeadline(args.url);", { top: "const fetchWithDeadline = async (url) => fetch(url);\n" }),
    ),
    valid("a configured wrapper", inTool("  await bounded(fetch(args.url));"), { wrappers: ["bounded"] }),
    valid(
      "a configured wrapper function around the call",
      inTool("  await retrying(args.url);", { top: "async function retrying(url) {\n  return fetch(url);\n}\n" }),
      { wrappers: ["retrying"] },
    ),
    valid("fetch with spread options", inTool("  await fetch(args.url, { ...args.init });")),
    valid("fetch with spread options and more", inTool('  await fetch(args.url, { ...args.init, method: "GET" });')),
    valid("fetch with options from a parameter", inTool("  await fetch(args.url, args.init);")),
    valid("fetch with options built elsewhere", inTool("  const init = buildInit();\n  await fetch(args.url, init);")),
    valid("fetch with spread arguments", inTool("  await fetch(...args.request);")),
  ],
  invalid: [
    invalid("a wrapper that is not configured", inTool("  await bounded(/*>*/fetch(args.url)/*<*/);"), {
      messageId: "missingTimeout",
      suggest: addSignal("fetch(args.url)", `fetch(args.url, { signal: ${COMBINED} })`),
    }),
    invalid("setTimeout delays a call, it does not bound it", inTool("  setTimeout(() => {\n    void /*>*/fetch(args.url)/*<*/;\n  }, 100);"), {
      messageId: "missingTimeout",
      data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
      suggest: addSignal("fetch(args.url)", `fetch(args.url, { signal: ${COMBINED} })`),
    }),
    invalid(
      "a handler registered inside a function whose name says timeout: the name is no guard past the handler",
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
function registerTimeoutTools(server) {
  server.registerTool("t", { inputSchema: {} }, async (args, extra) => {
    await /*>*/fetch(args.url)/*<*/;
  });
}
registerTimeoutTools(server);`,
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: 'tool "t"', remedy: REMEDY.fetch },
        suggest: addSignal("fetch(args.url)", `fetch(args.url, { signal: ${COMBINED} })`),
      },
    ),
  ],
};

const LOW_LEVEL = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
const server = new Server({ name: "demo", version: "1.0.0" }, { capabilities: { tools: {} } });
`;

/** A dispatch table whose `fetch_page` entry fetches; `call` is how the dispatcher calls the entry. */
const tableDispatch = (call: string): string => `${LOW_LEVEL}const handlers = {
  fetch_page: async (input, ctx) => /*>*/fetch(input.url)/*<*/,
};
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => ${call});`;

// Where the request signal reaches a tool's code only when the dispatcher passes it along.
const dispatchCases = {
  invalid: [
    invalid(
      "table dispatch that passes extra along: the entry's ctx.signal is combined",
      tableDispatch("handlers[request.params.name](request.params.arguments, extra)"),
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
        suggest: addSignal("fetch(input.url)", "fetch(input.url, { signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(30000)]) })"),
      },
    ),
    invalid("table dispatch that does not pass extra along: a plain timeout", tableDispatch("handlers[request.params.name](request.params.arguments)"), {
      messageId: "missingTimeout",
      data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
      suggest: addSignal("fetch(input.url)", "fetch(input.url, { signal: AbortSignal.timeout(30000) })"),
    }),
    // An operations table of the tool's own, picked by its input: any entry may run.
    ...[
      ["through a constant", "const operation = OPERATIONS[args.operation];\n  return operation(args);"],
      ["called in place", "return OPERATIONS[args.operation](args);"],
    ].map(([how, body]) =>
      invalid(
        `an operation picked from a same-file table by the tool's input, ${String(how)}`,
        `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
async function fetchPage(args) {
  const response = await /*>*/fetch(args.url)/*<*/;
  return { content: [{ type: "text", text: await response.text() }] };
}
const OPERATIONS = { fetch: fetchPage, echo: async (args) => ({ content: [{ type: "text", text: args.url }] }) };
server.registerTool("fetch_page", {}, async (args) => {
  ${String(body)}
});`,
        {
          messageId: "missingTimeout",
          data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
          suggest: addSignal("fetch(args.url)", "fetch(args.url, { signal: AbortSignal.timeout(30000) })"),
        },
      ),
    ),
    invalid(
      "delegated dispatch to a function that switches on the name: a plain timeout",
      `${LOW_LEVEL}async function handleToolCall(name, args) {
  switch (name) {
    case "fetch_page": {
      const response = await /*>*/fetch(args.url)/*<*/;
      return { content: [{ type: "text", text: await response.text() }] };
    }
    default:
      throw new Error(\`Unknown tool: \${name}\`);
  }
}
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => handleToolCall(request.params.name, request.params.arguments));`,
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
        suggest: addSignal("fetch(args.url)", "fetch(args.url, { signal: AbortSignal.timeout(30000) })"),
      },
    ),
  ],
};

const UNCALLED = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
async function warmCache() {
  await /*>*/fetch("https://example.com/warm")/*<*/;
}
server.registerTool("ping", {}, async () => ({ content: [{ type: "text", text: "pong" }] }));`;
const NOT_MCP = `export async function load(id) {
  return /*>*/fetch(\`https://example.com/items/\${id}\`)/*<*/;
}`;

/** `scope: "everywhere"` in a file without MCP evidence: imported clients are still recognised. */
const everywhereImports: Invalid = (() => {
  const { code, at } = locateAll(
    `import axios from "axios";
import { execFile } from "node:child_process";
export async function getRepo(r) {
  await /*1*/axios.get(\`https://api.github.com/repos/\${r}\`)/*2*/;
  /*3*/execFile("git", ["log"], () => {})/*4*/;
  await /*5*/fetch(\`https://api.github.com/repos/\${r}/commits\`)/*6*/;
}`,
    6,
  );
  const [a, b, c, d, e, f] = at as [(typeof at)[0], (typeof at)[0], (typeof at)[0], (typeof at)[0], (typeof at)[0], (typeof at)[0]];
  return {
    name: "scope everywhere: axios, execFile and fetch imported in a file without MCP evidence",
    code,
    options: [{ scope: "everywhere" }],
    output: null,
    errors: [
      {
        messageId: "missingTimeout",
        data: { label: "axios.get", tool: OUTSIDE, remedy: REMEDY.axios },
        line: a.line,
        column: a.column,
        endLine: b.line,
        endColumn: b.column,
        suggestions: [{ messageId: "addTimeoutOption", output: edit(code, "/repos/${r}`)", "/repos/${r}`, { timeout: 30000 })") }],
      },
      // A callback after the argument array leaves no place the fix can be sure of.
      {
        messageId: "missingTimeout",
        data: { label: "execFile", tool: OUTSIDE, remedy: REMEDY.child_process },
        line: c.line,
        column: c.column,
        endLine: d.line,
        endColumn: d.column,
        suggestions: [],
      },
      {
        messageId: "missingTimeout",
        data: { label: "fetch", tool: OUTSIDE, remedy: REMEDY.fetch },
        line: e.line,
        column: e.column,
        endLine: f.line,
        endColumn: f.column,
        suggestions: [{ messageId: "addTimeoutSignal", output: edit(code, "/commits`)", "/commits`, { signal: AbortSignal.timeout(30000) })") }],
      },
    ],
  };
})();

const optionCases = {
  valid: [
    valid("scope handlers: a fetch no handler calls", locate(UNCALLED).code.replace("/*<*/", "")),
    valid("scope handlers: a file without MCP evidence", locate(NOT_MCP).code.replace("/*<*/", "")),
    valid("clients: a custom client with a signal", inTool("  await callApi(args.url, { signal: AbortSignal.timeout(5000) });"), { clients: ["callApi"] }),
    valid("clients: a custom member client with a timeout", inTool('  await client.request("/search", { timeout: 5000 });'), {
      clients: ["client.request"],
    }),
    valid("clients: not configured, not checked", inTool("  await callApi(args.url);")),
    {
      ...valid("settings wrappers: a call inside a listed wrapper", inTool("  await withBudget(() => fetch(args.url));")),
      settings: { "mcp-errors": { wrappers: ["withBudget"] } },
    },
  ],
  invalid: [
    invalid("scope everywhere: a fetch no handler calls", UNCALLED, {
      messageId: "missingTimeout",
      data: { label: "fetch", tool: OUTSIDE, remedy: REMEDY.fetch },
      suggest: addSignal('fetch("https://example.com/warm")', 'fetch("https://example.com/warm", { signal: AbortSignal.timeout(30000) })'),
      options: { scope: "everywhere" },
    }),
    invalid("scope everywhere: a file without MCP evidence", NOT_MCP, {
      messageId: "missingTimeout",
      data: { label: "fetch", tool: OUTSIDE, remedy: REMEDY.fetch },
      suggest: addSignal("/items/${id}`)", "/items/${id}`, { signal: AbortSignal.timeout(30000) })"),
      options: { scope: "everywhere" },
    }),
    everywhereImports,
    invalid("scope everywhere: a call in a handler keeps the tool and its signal", inTool("  await /*>*/fetch(args.url)/*<*/;"), {
      messageId: "missingTimeout",
      data: { label: "fetch", tool: TOOL, remedy: REMEDY.fetch },
      suggest: addSignal("fetch(args.url)", `fetch(args.url, { signal: ${COMBINED} })`),
      options: { scope: "everywhere" },
    }),
    invalid("clients: a custom function", inTool("  await /*>*/callApi(args.url)/*<*/;"), {
      messageId: "missingTimeout",
      data: { label: "callApi", tool: TOOL, remedy: REMEDY.custom },
      suggest: addTimeout("callApi(args.url)", "callApi(args.url, { timeout: 30000 })"),
      options: { clients: ["callApi", "client.request"] },
    }),
    invalid("clients: a custom member", inTool('  await /*>*/client.request("/search", { method: "GET" })/*<*/;'), {
      messageId: "missingTimeout",
      data: { label: "client.request", tool: TOOL, remedy: REMEDY.custom },
      suggest: addTimeout('method: "GET" }', 'method: "GET", timeout: 30000 }'),
      options: { clients: ["callApi", "client.request"] },
    }),
    invalid("clients: only the request signal", inTool("  await /*>*/callApi(args.url, { signal: extra.signal })/*<*/;"), {
      messageId: "cancellationIsNotTimeout",
      data: { label: "callApi", tool: TOOL },
      suggest: { messageId: "combineWithTimeout", from: "signal: extra.signal", to: `signal: ${COMBINED}` },
      options: { clients: ["callApi"] },
    }),
    // The project's clients and wrappers as shared settings: the model's one answer, for every rule and the inventory.
    {
      ...invalid("settings clients: a custom function", inTool("  await /*>*/callApi(args.url)/*<*/;"), {
        messageId: "missingTimeout",
        data: { label: "callApi", tool: TOOL, remedy: REMEDY.custom },
        suggest: addTimeout("callApi(args.url)", "callApi(args.url, { timeout: 30000 })"),
      }),
      settings: { "mcp-errors": { clients: ["callApi"] } },
    },
    invalid("timeoutMs: fetch", inTool("  await /*>*/fetch(args.url)/*<*/;"), {
      messageId: "missingTimeout",
      suggest: addSignal("fetch(args.url)", "fetch(args.url, { signal: AbortSignal.any([extra.signal, AbortSignal.timeout(10000)]) })"),
      options: { timeoutMs: 10_000 },
    }),
    invalid("timeoutMs: fetch outside a handler", UNCALLED, {
      messageId: "missingTimeout",
      suggest: addSignal('fetch("https://example.com/warm")', 'fetch("https://example.com/warm", { signal: AbortSignal.timeout(10000) })'),
      options: { scope: "everywhere", timeoutMs: 10_000 },
    }),
    invalid("timeoutMs: cancellation only", inTool("  await /*>*/fetch(args.url, { signal: extra.signal })/*<*/;"), {
      messageId: "cancellationIsNotTimeout",
      suggest: {
        messageId: "combineWithTimeout",
        from: "signal: extra.signal",
        to: "signal: AbortSignal.any([extra.signal, AbortSignal.timeout(10000)])",
      },
      options: { timeoutMs: 10_000 },
    }),
    invalid("timeoutMs: axios", inTool("  await /*>*/axios.get(args.url)/*<*/;", { imports: AXIOS }), {
      messageId: "missingTimeout",
      suggest: addTimeout("axios.get(args.url)", "axios.get(args.url, { timeout: 10000 })"),
      options: { timeoutMs: 10_000 },
    }),
    invalid("timeoutMs: got", inTool("  await /*>*/got.get(args.url)/*<*/;", { imports: GOT }), {
      messageId: "missingTimeout",
      suggest: addTimeout("got.get(args.url)", "got.get(args.url, { timeout: { request: 10000 } })"),
      options: { timeoutMs: 10_000 },
    }),
    invalid("timeoutMs: child process", inTool('  /*>*/execSync("ls")/*<*/;', { imports: CP }), {
      messageId: "missingTimeout",
      suggest: addTimeout('execSync("ls")', 'execSync("ls", { timeout: 10000 })'),
      options: { timeoutMs: 10_000 },
    }),
    autofixed("autofix: fetch", inTool("  await /*>*/fetch(args.url)/*<*/;"), "missingTimeout", {
      from: "fetch(args.url)",
      to: `fetch(args.url, { signal: ${COMBINED} })`,
    }),
    autofixed("autofix: cancellation only", inTool("  await /*>*/fetch(args.url, { signal: extra.signal })/*<*/;"), "cancellationIsNotTimeout", {
      from: "signal: extra.signal",
      to: `signal: ${COMBINED}`,
    }),
    autofixed("autofix: fetch timeout option", inTool("  await /*>*/fetch(args.url, { timeout: 5000 })/*<*/;"), "fetchTimeoutIgnored", {
      from: "timeout: 5000",
      to: "signal: AbortSignal.timeout(5000)",
    }),
    autofixed(
      "autofix: axios with timeoutMs",
      inTool("  await /*>*/axios.get(args.url)/*<*/;", { imports: AXIOS }),
      "missingTimeout",
      {
        from: "axios.get(args.url)",
        to: "axios.get(args.url, { timeout: 5000 })",
      },
      { timeoutMs: 5000 },
    ),
    autofixed("autofix: exec before its callback", inTool("  /*>*/exec(args.cmd, (error) => {})/*<*/;", { imports: CP }), "missingTimeout", {
      from: "args.cmd, (error",
      to: "args.cmd, { timeout: 30000 }, (error",
    }),
    autofixed(
      "autofix: nothing to fix on https.get(url, callback)",
      inTool("  /*>*/https.get(args.url, (res) => res.resume())/*<*/;", { imports: HTTP }),
      "missingTimeout",
      null,
    ),
  ],
};

ruleTester.run("require-timeout", rule, {
  valid: [
    ...shapeValid,
    ...fetchCases.valid,
    ...wrappedCases.valid,
    ...axiosCases.valid,
    ...httpCases.valid,
    ...childCases.valid,
    ...aiCases.valid,
    ...passThroughCases.valid,
    ...spreadCases.valid,
    ...generatedCases.valid,
    ...registrationHelperCases.valid,
    ...guardCases.valid,
    ...optionCases.valid,
  ],
  invalid: [
    ...shapeInvalid,
    ...fetchCases.invalid,
    ...wrappedCases.invalid,
    ...axiosCases.invalid,
    ...httpCases.invalid,
    ...childCases.invalid,
    ...aiCases.invalid,
    ...passThroughCases.invalid,
    ...spreadCases.invalid,
    ...generatedCases.invalid,
    ...registrationHelperCases.invalid,
    ...guardCases.invalid,
    ...dispatchCases.invalid,
    ...optionCases.invalid,
  ],
});

// ---------------------------------------------------------------------------------------------
// With type information the answers are the same.
// ---------------------------------------------------------------------------------------------

const typedRuleTester = createTypedRuleTester();
/**
 * The named cases, linted as `file.ts` of the fixture project. `file.ts` belongs to the fixture
 * tsconfig, so it is served by that project rather than the default project (the project
 * service refuses a file that is both).
 */
const sample = <T extends Valid | Invalid>(cases: readonly T[], names: readonly string[]): T[] => {
  const picked = cases.filter((c) => c.name !== undefined && names.includes(c.name));
  if (picked.length !== names.length) throw new Error(`typed sample: missing cases among ${names.join(", ")}`);
  return picked.map((c) => ({ ...c, filename: "file.ts", languageOptions: { parserOptions: { projectService: true } } }));
};

typedRuleTester.run("require-timeout (typed)", rule, {
  valid: [
    ...sample(shapeValid, [
      "registerTool with an inline handler: fetch with AbortSignal.timeout",
      "low-level switch on request.params.name: fetch with AbortSignal.timeout",
    ]),
    ...sample(fetchCases.valid, ["a same-file function named fetch"]),
    ...sample(axiosCases.valid, ["an axios.create({ timeout }) instance"]),
    ...sample(guardCases.valid, ["Promise.race with a timer", "fetch with options from a parameter"]),
    ...sample(optionCases.valid, ["scope handlers: a fetch no handler calls"]),
  ],
  invalid: [
    ...sample(shapeInvalid, [
      "registerTool with an inline handler: a bare fetch",
      "registerTool with an inline handler: only the request's cancellation signal",
      "low-level switch on request.params.name: a bare fetch",
    ]),
    ...sample(fetchCases.invalid, ["fetch with a timeout option"]),
    ...sample(axiosCases.invalid, ["an axios.create({ headers }) instance is reported at the instance call"]),
    ...sample(childCases.invalid, ["promisify(exec)"]),
    ...sample(optionCases.invalid, ["scope everywhere: a fetch no handler calls", "autofix: fetch"]),
  ],
});

// The typed cases above only prove something if the program is really there.
const needsProgram: TSESLint.RuleModule<"noProgram"> = {
  meta: { type: "problem", schema: [], messages: { noProgram: "No type information." } },
  defaultOptions: [],
  create(context) {
    // Throws when the parser gave no program.
    ESLintUtils.getParserServices(context);
    return {};
  },
};
typedRuleTester.run("typed tester gives type information", needsProgram, {
  valid: sample(shapeValid, ["registerTool with an inline handler: fetch with AbortSignal.timeout"]).map(({ code, filename, languageOptions }) => ({
    code,
    ...(filename === undefined ? {} : { filename }),
    ...(languageOptions === undefined ? {} : { languageOptions }),
  })),
  invalid: [],
});
