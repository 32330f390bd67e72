/**
 * A tool definition in MCP's listing shape (`{ name, description, inputSchema, execute }`) in a
 * module that names nothing of MCP: a registry elsewhere loads it (often a generated one that is
 * not in the checkout) and a dispatcher calls its `execute`. The `name` and `inputSchema` of the
 * tools list beside a function written in place are a tool; its path is checked like any other.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/require-timeout.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A module of one definition with the fields `fields` beside `name`, running `git` with no timeout. */
const definition = (fields: string): string => `import { execSync } from "node:child_process";

const ciStatus = {
  name: "ci_status",
  description: "The CI status of a branch.",
${fields}
};

export default ciStatus;`;

const EXECUTE = `  async execute(args) {
    const runs = execSync("gh run list --json status", { encoding: "utf8" });
    return { content: [{ type: "text", text: runs }] };
  },`;

/** The finding on the definition's `execSync`, with the suggestion that adds a timeout. */
const invalid = (code: string) => ({
  code,
  errors: [
    {
      messageId: "missingTimeout" as const,
      data: { label: "execSync", tool: 'tool "ci_status"', remedy: "a `timeout` option (and a `killSignal`)" },
      suggestions: [
        {
          messageId: "addTimeoutOption" as const,
          data: { signal: "AbortSignal.timeout(30000)", ms: "30000" },
          output: code.replace('{ encoding: "utf8" }', '{ encoding: "utf8", timeout: 30000 }'),
        },
      ],
    },
  ],
});

describe("require-timeout: tool definitions in MCP's listing shape", () => {
  ruleTester.run("require-timeout", rule, {
    valid: [
      // No input schema: a record with a name and a function is no tool by its shape alone.
      { code: definition(EXECUTE) },
      // The function is not written in place: what runs is not known here.
      { code: `${definition("  inputSchema: {},\n  execute: runStatus,")}\ndeclare function runStatus(args: unknown): Promise<unknown>;` },
      // The call has a timeout.
      { code: definition(`  inputSchema: {},\n${EXECUTE.replace('{ encoding: "utf8" }', '{ encoding: "utf8", timeout: 30_000 }')}`) },
    ],
    invalid: [
      invalid(definition(`  inputSchema: {},\n${EXECUTE}`)),
      // \`handler\` in place of \`execute\`.
      invalid(definition(`  inputSchema: {},\n${EXECUTE.replace("async execute(args) {", "handler: async (args) => {")}`)),
    ],
  });
});
