/**
 * `no-swallowed-failure`: tools registered from a table in a loop, each calling the function its
 * entry holds (`for (const { name, load } of TOOLS) ... load(id)`). The empty value a catch of that
 * function gives goes on from the call the loop body makes.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** `loop`: the registration loop, with `server` and the table `SOURCES` in scope. */
const catalog = (
  loop: string,
  entry = '{ name: "list_genes", load: (id) => genesOf(id) }',
): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "catalog", version: "1.0.0" });
async function genesOf(id) {
  try {
    const response = await fetch(\`https://genes.example/disease/\${id}\`, { signal: AbortSignal.timeout(5000) });
    return await response.json();
  } catch {
    return { results: [], total: 0 };
  }
}
const SOURCES = [${entry}, { name: "list_models", load: async (id) => ({ results: [id], total: 1 }) }];
${loop}`;

/** The report on the catch of `genesOf`, whose suggestion rethrows the failure. */
const empty = (code: string) => ({
  messageId: "swallowedEmpty" as const,
  line: 8,
  data: { value: "an empty result (`results: []`)", tool: "this tool handler" },
  suggestions: [
    {
      messageId: "rethrowWithCause" as const,
      output: code.replace("catch {\n    return { results: [], total: 0 };", 'catch (error) {\n    throw new Error("genesOf failed", { cause: error });'),
    },
  ],
});

// Destructured from each entry.
const DESTRUCTURED = catalog(`for (const { name, load } of SOURCES) {
  server.registerTool(name, { inputSchema: {} }, async ({ id }) => ({ content: [{ type: "text", text: JSON.stringify(await load(id)) }] }));
}`);

// Renamed as it is destructured, and called inside a callback the handler runs.
const RENAMED = catalog(`for (const { name, load: fetchRows } of SOURCES) {
  server.registerTool(name, { inputSchema: {} }, async ({ id }) => {
    const rows = await Promise.resolve().then(() => fetchRows(id));
    return { content: [{ type: "text", text: JSON.stringify(rows) }] };
  });
}`);

// Read from the loop's variable; the entry names a function declared in the file.
const MEMBER = catalog(
  `for (const source of SOURCES) {
  server.registerTool(source.name, { inputSchema: {} }, async ({ id }) => ({ content: [{ type: "text", text: JSON.stringify(await source.load(id)) }] }));
}`,
  '{ name: "list_genes", load: genesOf }',
);

describe("no-swallowed-failure: functions of a table a registration loop calls", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The loop body answers with its own text, never with what the entry's function gave back.
      {
        code: catalog(`for (const { name, load } of SOURCES) {
  server.registerTool(name, { inputSchema: {} }, async ({ id }) => {
    await load(id);
    return { content: [{ type: "text", text: "Refreshed." }] };
  });
}`),
      },
      // A table the loop does not run over: its functions are not what \`load\` holds.
      {
        code: catalog(
          `const OTHERS = [{ name: "ping", load: async () => ({ results: ["pong"], total: 1 }) }];
for (const { name, load } of OTHERS) {
  server.registerTool(name, { inputSchema: {} }, async ({ id }) => ({ content: [{ type: "text", text: JSON.stringify(await load(id)) }] }));
}`,
        ),
      },
    ],
    invalid: [DESTRUCTURED, RENAMED, MEMBER].map((code) => ({ code, errors: [empty(code)] })),
  });
});
