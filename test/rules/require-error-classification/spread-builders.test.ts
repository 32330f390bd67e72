/**
 * `require-error-classification`: an error result that spreads what a same-file builder returns
 * (`{ ...contentBlock(text, structured), isError: true }`). The builder's `structuredContent` and
 * JSON text are its parameters, so the payload is what the spread's call passes for them.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/require-error-classification.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

const SDK = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "files", version: "1.0.0" });
`;

const BLOCK = `function contentBlock(text, structured) {
  const json = JSON.stringify(structured);
  return { content: [{ type: "text", text }, { type: "text", text: json }], structuredContent: structured };
}`;

/** The same builder, whose parts end with the extra parts a call may pass (none by default). */
const EXTRA_BLOCK = `function contentBlock(text, structured, extra = []) {
  return { content: [{ type: "text", text }, ...extra], structuredContent: structured };
}`;

/** An error helper whose payload is `error` (an object literal), spread through the builder, with two calls. */
const helper = (error: string, structured = "{ ok: false, error: detail }"): string => `${SDK}${BLOCK}
function failure(error, code) {
  const message = error instanceof Error ? error.message : String(error);
  const detail = ${error};
  const structured = ${structured};
  return { ...contentBlock(\`Failed: \${message}\`, structured), isError: true };
}
server.registerTool("list_dir", { inputSchema: {} }, async (args) => {
  try {
    return { content: [{ type: "text", text: await list(args.path) }] };
  } catch (error) {
    return failure(error, "E_NOT_DIRECTORY");
  }
});
server.registerTool("read_file", { inputSchema: {} }, async (args) => {
  try {
    return { content: [{ type: "text", text: await read(args.path) }] };
  } catch (error) {
    return failure(error, "E_NOT_FILE");
  }
});`;

describe("require-error-classification: results spread from a builder", () => {
  ruleTester.run("require-error-classification", rule, {
    valid: [
      // The payload the call passes is classified: nothing to report.
      { code: helper('{ code, message, errorCategory: "transient", isRetryable: true }') },
      // What the call passes is not visible in the file: silent.
      { code: helper("{ code, message }", "describe(error)") },
    ],
    invalid: [
      {
        code: helper("{ code, message }"),
        errors: [{ messageId: "helperWithoutClassification" }],
      },
      // The builder's parts end with more parts it is given (\`...extra\`, \`[]\` by default): the
      // call passes none, so the parts are the text alone and the payload is still read.
      {
        code: helper("{ code, message }").replace(BLOCK, EXTRA_BLOCK),
        errors: [{ messageId: "helperWithoutClassification" }],
      },
    ],
  });
});
