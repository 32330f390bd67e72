/**
 * `no-swallowed-failure`: a function that answers like a tool handler (each of its returns is a
 * tool result literal, one outside its catches) where the file shows no registration reaching it,
 * as the methods of a handler class that a registry of another file calls. Its catch that answers
 * with a success result is the same defect as a handler's.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A handler class of an MCP server, whose `sync` method answers with `onError` when the sync fails. */
const handlerClass = (
  onError: string,
  tried = "const report = await this.portfolio.sync(scope);",
): string => `// Handlers of the portfolio tools (an MCP server's registry calls them).
export class PortfolioHandler {
  constructor(private readonly portfolio: { sync(scope: string): Promise<{ pushed: number }> }, private readonly badge: { text(): string }) {}

  private decorate(message: string): string {
    return \`\${this.badge.text()} \${message}\`;
  }

  async sync(scope: string) {
    try {
      ${tried}
      return { content: [{ type: "text", text: \`Synced \${report.pushed} elements\` }] };
    } catch (error) {
      ${onError}
    }
  }
}`;

/**
 * A module of tool logic that a registry of another file loads: no word of it names the protocol,
 * only the result it answers with does.
 */
const LOGIC_MODULE = `export async function listDevices(run: (args: string[]) => Promise<string>) {
  try {
    const out = await run(["devices", "list", "--json"]);
    return { content: [{ type: "text", text: out }] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { content: [{ type: "text", text: \`Failed to list devices: \${message}\` }] };
  }
}`;
const LOGIC_EXPRESSION = "`Failed to list devices: ${message}`";

const FAILED_EXPRESSION = 'this.decorate("❌ **Sync failed**") + `: ${error instanceof Error ? error.message : String(error)}`';
const FAILED_TEXT = `return { content: [{ type: "text", text: ${FAILED_EXPRESSION} }] };`;

/** The four suggestions that make the answer a classified error result, one per category. */
const classified = (code: string, expression: string): { messageId: "addIsError"; output: string }[] =>
  [
    ["transient", "true"],
    ["validation", "false"],
    ["business", "false"],
    ["permission", "false"],
  ].map(([category, retryable]) => ({
    messageId: "addIsError",
    output: code.replace(
      `text: ${expression} }] }`,
      `text: JSON.stringify({ errorCategory: "${category}", isRetryable: ${retryable}, description: ${expression} }) }], isError: true }`,
    ),
  }));

const BADGE_EXPRESSION = "`${this.badge.text()} Sync failed: ${error instanceof Error ? error.message : String(error)}`";

describe("no-swallowed-failure: functions that answer like a tool handler", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The catch answers with an error result.
      { code: handlerClass('return { isError: true, content: [{ type: "text", text: `Sync failed: ${String(error)}` }] };') },
      // It rethrows.
      { code: handlerClass('throw new Error("The portfolio sync failed", { cause: error });') },
      // One return is no result literal: the function may be a helper whose caller decides.
      {
        code: handlerClass(FAILED_TEXT, "const report = await this.portfolio.sync(scope);\n      if (report.pushed === 0) return null;"),
      },
    ],
    invalid: [
      {
        code: LOGIC_MODULE,
        errors: [{ messageId: "swallowedResult", suggestions: classified(LOGIC_MODULE, LOGIC_EXPRESSION) }],
      },
      {
        code: handlerClass(FAILED_TEXT),
        errors: [
          {
            messageId: "swallowedResult",
            data: { tool: "This function, which answers like a tool handler,", field: "" },
            suggestions: classified(handlerClass(FAILED_TEXT), FAILED_EXPRESSION),
          },
        ],
      },
      {
        // The text names the failure and the caught error: the call that decorates it fetches nothing.
        code: handlerClass(`return { content: [{ type: "text", text: ${BADGE_EXPRESSION} }] };`),
        errors: [
          {
            messageId: "swallowedResult",
            suggestions: classified(handlerClass(`return { content: [{ type: "text", text: ${BADGE_EXPRESSION} }] };`), BADGE_EXPRESSION),
          },
        ],
      },
    ],
  });
});
