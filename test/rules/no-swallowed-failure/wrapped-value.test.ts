/**
 * `no-swallowed-failure`: a handler a project's registration helper hands to a wrapper of the file
 * (`tool(name, description, run)` registering `(args) => wrapToolCallback(name, run)(args)`), where
 * the wrapper makes a success result of whatever the handler returns.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** The wrapper answers with `answer` (made of the handler's `response`); `onError` is the analyzer tool's catch. */
const wrapped = (
  onError: string,
  answer = '{ content: [{ type: "text", text }] }',
): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
const wrapToolCallback = (name, callback) => {
  return async (args) => {
    try {
      const response = await callback(args);
      const text = typeof response === "string" ? response : response.text;
      return ${answer};
    } catch (error) {
      return { isError: true, content: [{ type: "text", text: \`\${name} failed: \${error.message}\` }] };
    }
  };
};
const tool = (name, description, callback) => {
  server.registerTool(name, { description }, (args) => wrapToolCallback(name, callback)(args));
};
tool("run_analyzer", "Runs an analyzer", async ({ analyzer }) => {
  try {
    const result = await api.runAnalyzer(analyzer);
    return \`Status: \${result.status}\`;
  } catch (error) {
    ${onError}
  }
});
tool("list_analyzers", "Lists the analyzers", async () => "forecast, anomalies");`;

const RETURNED = "return `Error executing the analyzer: ${error.message}`;";

describe("no-swallowed-failure: a failure text a wrapper of the file answers with as a success", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // A part the answer may carry (`wanted ? await part() : undefined`), whose failure says so in
      // its own words beside the rest of the answer: a visible partial failure.
      {
        code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
async function toolsOf(actor) {
  try {
    return (await api.listTools(actor)).join(", ");
  } catch (error) {
    console.error(error);
    return \`Failed to list the tools of \${actor}; the actor's MCP server may be down.\`;
  }
}
server.registerTool("actor_details", { description: "Details of an actor" }, async ({ actor, withTools }) => {
  const details = await api.details(actor);
  const tools = withTools ? await toolsOf(actor) : undefined;
  return { content: [{ type: "text", text: [details.summary, tools].filter(Boolean).join("\\n") }] };
});`,
      },
      // The wrapper hands the value back as it is: the handler's own return is the result.
      { code: wrapped(RETURNED, "response") },
      // The catch rethrows; the wrapper's catch makes the error result.
      { code: wrapped("throw new Error(`The analyzer failed: ${error.message}`, { cause: error });") },
    ],
    invalid: [
      {
        code: wrapped(RETURNED),
        errors: [
          {
            messageId: "swallowedResult",
            // Named after the tool whose catch it is, not every tool the wrapper serves.
            data: { tool: 'Tool "run_analyzer"', value: "the text `Error executing the analyzer: …`" },
            suggestions: [
              {
                messageId: "rethrowWithCause",
                data: { cause: "error" },
                output: wrapped("throw new Error(`Error executing the analyzer: ${error.message}`, { cause: error });"),
              },
            ],
          },
        ],
      },
    ],
  });
});
