/**
 * `no-swallowed-failure`: a catch in a callback the tool hands to a runner of the file
 * (`execute(async () => ..., format)`), where the runner calls its parameter and answers with what
 * the callback gave back. The empty value the catch leaves goes on from that call.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** `runner`: the body of `execute(operation, format)`. */
const getWorker = (runner: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "edge", version: "1.0.0" });
async function execute(operation, format) {
${runner}
}
server.registerTool("get_worker", { inputSchema: {} }, async ({ id }) =>
  execute(
    async () => {
      const worker = await (await fetch(\`https://edge.example/workers/\${id}\`, { signal: AbortSignal.timeout(5000) })).json();
      let versions = [];
      try {
        const response = await fetch(\`https://edge.example/workers/\${id}/versions\`, { signal: AbortSignal.timeout(5000) });
        versions = (await response.json()).versions;
      } catch {
        // Versions are optional.
      }
      return { ...worker, versions };
    },
    (found) => JSON.stringify(found),
  ),
);`;

describe("no-swallowed-failure: callbacks a runner of the file calls", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The runner never answers with the callback's value.
      { code: getWorker('  await operation();\n  return { content: [{ type: "text", text: "Done." }] };') },
      // It answers with an error result when the value is missing.
      {
        code: getWorker(
          '  const value = await operation();\n  if (value.versions.length === 0) return { isError: true, content: [{ type: "text", text: "No versions could be read." }] };\n  return { content: [{ type: "text", text: format(value) }] };',
        ),
      },
    ],
    invalid: [
      {
        code: getWorker('  const value = await operation();\n  return { content: [{ type: "text", text: format(value) }] };'),
        errors: [{ messageId: "swallowedEmpty", line: 15, data: { value: "an empty array", tool: 'tool "get_worker"' } }],
      },
      {
        code: getWorker('  return { content: [{ type: "text", text: JSON.stringify(await operation()) }] };'),
        errors: [{ messageId: "swallowedEmpty", line: 14, data: { value: "an empty array", tool: 'tool "get_worker"' } }],
      },
    ],
  });
});
