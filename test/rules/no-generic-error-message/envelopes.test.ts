/**
 * `no-generic-error-message`: failure envelopes a catch on a tool's path answers with (`return {
 * success: false, error: message }`), written in the catch or built by a function of the file it
 * hands the error to. The wrapper that receives one shows its text to the model, so a generic text
 * in one branch of it ("Unknown error occurred" for a thrown value that is no `Error`) is generic.
 * So is the message of an `Error` the envelope holds, and the message of a result type's failure
 * (`return Err({ message })`).
 */
import { describe } from "vitest";
import rule, { type MessageIds, type Options } from "../../../src/rules/no-generic-error-message.js";
import { createRuleTester } from "../../rule-tester.js";
import { invalid as invalidCase } from "../../cases.js";

const ruleTester = createRuleTester();
const invalid = invalidCase<MessageIds, Options>;

/** A query function that answers failures with an envelope; `onError` is its catch's body. */
const query = (onError: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "db", version: "1.0.0" });
declare function execute(sql: string): Promise<unknown[]>;
async function runQuery(sql: string): Promise<{ success: boolean; data?: unknown[]; error?: string }> {
  try {
    return { success: true, data: await execute(sql) };
  } catch (error) {
${onError}
  }
}
server.registerTool("execute_query", { inputSchema: {} }, async ({ sql }) => {
  const result = await runQuery(sql);
  if (!result.success) return { isError: true, content: [{ type: "text", text: result.error ?? \`Running \${sql} failed with no message\` }] };
  return { content: [{ type: "text", text: JSON.stringify(result.data) }] };
});`;

/** The same, its catch handing the error to a method that builds the envelope in each branch. */
const controller = (fallback: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "memory", version: "1.0.0" });
declare function load(branch: string): Promise<string>;
class ContextController {
  async readContext(branch: string) {
    try {
      return { success: true, data: await load(branch) };
    } catch (error) {
      return this.handleError(error);
    }
  }
  private handleError(error: unknown): { success: boolean; error: string } {
    let errorMessage: string;
    if (error instanceof Error) {
      errorMessage = \`Reading the branch failed: \${error.message}\`;
    } else {
      errorMessage = ${fallback};
    }
    return { success: false, error: errorMessage };
  }
}
const controller = new ContextController();
server.registerTool("read_context", { inputSchema: {} }, async ({ branch }) => {
  const result = await controller.readContext(branch);
  if (!result.success) throw new Error(result.error);
  return { content: [{ type: "text", text: String(result.data) }] };
});`;

/** A low-level dispatcher, whose tool has no name of its own, calling an API client that answers failures with `Err`. */
const dispatcher = (onError: string): string => `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
declare function Ok<T>(value: T): { ok: true; value: T };
declare function Err<E>(error: E): { ok: false; error: E };
declare function post(body: unknown): Promise<{ status: number; data: { message?: string; rows: unknown[] } }>;
const server = new Server({ name: "viz", version: "1.0.0" }, { capabilities: { tools: {} } });
async function queryDatasource(query: unknown) {
  try {
    return Ok((await post(query)).data.rows);
  } catch (error) {
${onError}
  }
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const result = await queryDatasource(request.params.arguments);
  if (!result.ok) return { isError: true, content: [{ type: "text", text: JSON.stringify(result.error) }] };
  return { content: [{ type: "text", text: JSON.stringify(result.value) }] };
});`;

/** The finding on a generic text in a catch of `error`, with the suggestion that appends the caught error's message. */
const genericWithCause = (text: string, tool: string) => ({
  messageId: "genericErrorMessage" as const,
  reported: JSON.stringify(text),
  data: { text, tool },
  suggestions: (clean: string) => [
    {
      messageId: "appendCauseMessage" as const,
      data: { name: "error" },
      output: clean.replace(JSON.stringify(text), `\`${text}: \${error instanceof Error ? error.message : String(error)}\``),
    },
  ],
});

const FALLBACK = "    const message = error instanceof Error ? error.message : MESSAGE;\n    return { success: false, error: message };";

describe("no-generic-error-message: failure envelopes", () => {
  ruleTester.run("no-generic-error-message", rule, {
    valid: [
      // Every branch says something of the error.
      { code: query(FALLBACK.replace("MESSAGE", "String(error)")) },
      { code: controller("`Reading the branch failed: ${String(error)}`") },
      // Not a failure envelope: the flag says it worked.
      { code: query('    return { success: true, data: [], error: "Unknown error occurred" };') },
      // `let message = ""` is "not set": only the texts written in the branches are messages.
      {
        code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "db", version: "1.0.0" });
server.registerTool("aggregate", { inputSchema: {} }, async ({ pipeline, readOnly }) => {
  let forbidden = "";
  if (readOnly) {
    forbidden = "In read-only mode a pipeline cannot write with $out or $merge: drop those stages.";
  }
  if (forbidden && pipeline.some((stage) => "$out" in stage)) throw new Error(forbidden);
  return { content: [{ type: "text", text: "ok" }] };
});`,
      },
      // The Error held says what failed.
      { code: query("    return { ok: false, statusCode: 500, error: new Error(`The query failed: ${String(error)}`) };") },
      { code: dispatcher('    return Err({ type: "api-error", message: error instanceof Error ? error.message : String(error) });') },
      // Not a failure: `Ok` answers with what it is handed.
      { code: dispatcher('    return Ok({ message: "Unknown error" });') },
      // No tool reaches the function.
      { code: query(FALLBACK.replace("MESSAGE", '"Unknown error occurred"')).replace(/server\.registerTool[\s\S]*$/, "") },
    ],
    invalid: [
      invalid({
        name: "an envelope whose error is generic for a value that is no Error",
        code: query(FALLBACK.replace("MESSAGE", '/*>*/"Unknown error occurred"')),
        errors: [genericWithCause("Unknown error occurred", 'tool "execute_query"')],
        output: null,
      }),
      invalid({
        name: "an envelope a method builds, whose let is set to a generic text in one branch",
        code: controller('/*>*/"An unexpected error occurred"'),
        errors: [
          {
            messageId: "genericErrorMessage",
            reported: '"An unexpected error occurred"',
            data: { text: "An unexpected error occurred", tool: 'tool "read_context"' },
          },
        ],
        output: null,
      }),
      invalid({
        name: "an envelope holding an Error whose message is generic",
        code: query('    return { ok: false, statusCode: 500, error: new Error(/*>*/"An error occurred while making the request") };'),
        errors: [genericWithCause("An error occurred while making the request", 'tool "execute_query"')],
        output: null,
      }),
      invalid({
        name: "a result type's failure whose message falls back to a generic text, in a tool with no name of its own",
        code: dispatcher('    return Err({ type: "api-error", message: (error as { message?: string }).message ?? /*>*/"Unknown Tableau error" });'),
        errors: [genericWithCause("Unknown Tableau error", "this tool handler")],
        output: null,
      }),
    ],
  });
});
