/**
 * `no-swallowed-failure`: a catch that answers with the call of a method of its class (or a
 * function of its file) that builds `{ success: false, error }` every time (`return
 * this.failure(message, started)`). Answered whole by the tool (`text: JSON.stringify(result)`),
 * the failure goes out as a successful result; a tool that tests the flag first is fine.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A class whose `handle` catches with `caught`; the tool answers with `answer` (`result` in scope). */
const endpoint = (caught: string, answer: string): string =>
  `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "ops", version: "1.0.0" });
declare const api: { run(operation: string): Promise<unknown> };
interface OperationResult { success: boolean; data?: unknown; error?: string; elapsedMs: number }
function failed(error: string, started: number): OperationResult {
  return { success: false, error, elapsedMs: Date.now() - started };
}
class Endpoint {
  async handle(operation: string): Promise<OperationResult> {
    const started = Date.now();
    try {
      return { success: true, data: await api.run(operation), elapsedMs: Date.now() - started };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ${caught}
    }
  }
  private failure(error: string, started: number): OperationResult {
    return { success: false, error, elapsedMs: Date.now() - started };
  }
}
const endpoint = new Endpoint();
server.registerTool("run_operation", { description: "Runs an operation" }, async ({ operation }: { operation: string }) => {
  const result = await endpoint.handle(operation);
  ${answer}
});`;

const WHOLE = 'return { content: [{ type: "text", text: JSON.stringify(result, null, 2) }] };';
const CHECKED = `if (!result.success) return { isError: true, content: [{ type: "text", text: \`Operation failed: \${result.error}\` }] };
  ${WHOLE}`;

/** The finding at the call, and its suggestion: rethrow with the cause. */
const answeredWhole = (code: string, call: string) => [
  {
    messageId: "swallowedResult" as const,
    data: { tool: 'Tool "run_operation"' },
    suggestions: [
      {
        messageId: "rethrowWithCause" as const,
        data: { cause: "error" },
        output: code.replace(`return ${call};`, 'throw new Error("handle failed", { cause: error });'),
      },
    ],
  },
];

describe("no-swallowed-failure: failures built by a method or a function of the file", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The tool tests the flag and answers with an error result.
      { code: endpoint("return this.failure(message, started);", CHECKED) },
      { code: endpoint("return failed(message, started);", CHECKED) },
      // Nothing of the caught error goes in: not this rule's shape (a fixed answer).
      { code: endpoint('return this.failure("Unavailable", started);', WHOLE) },
    ],
    invalid: [
      {
        code: endpoint("return this.failure(message, started);", WHOLE),
        errors: answeredWhole(endpoint("return this.failure(message, started);", WHOLE), "this.failure(message, started)"),
      },
      {
        code: endpoint("return failed(message, started);", WHOLE),
        errors: answeredWhole(endpoint("return failed(message, started);", WHOLE), "failed(message, started)"),
      },
    ],
  });
});
