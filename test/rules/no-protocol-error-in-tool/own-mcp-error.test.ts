/**
 * A project's own class named `McpError` (`class McpError extends Error { constructor(code:
 * ErrorCode, message) }` in its `lib/errors.ts`) is an ordinary error: McpServer turns it into an
 * isError result with its message alone. It is told from the SDK's by the code it is built with:
 * a member of the project's own code table, or a string, where the SDK's takes a JSON-RPC number.
 * `no-protocol-error-in-tool` leaves it alone and `require-error-classification` judges it.
 */
import { describe } from "vitest";
import protocolRule from "../../../src/rules/no-protocol-error-in-tool.js";
import classificationRule from "../../../src/rules/require-error-classification.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A tool that throws `McpError` (imported as written) built with `code` (and data, so no suggestion rewrites it). */
const tool = (imports: string, code: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
${imports}
const server = new McpServer({ name: "files", version: "1.0.0" });
server.registerTool("read_file", { inputSchema: {} }, async (args) => {
  if (!args.path) throw new McpError(${code}, "path is required: pass the file to read", { field: "path" });
  return { content: [{ type: "text", text: await read(args.path) }] };
});`;

const OWN_TABLE = tool('import { ErrorCode, McpError } from "./lib/errors.js";', "ErrorCode.E_INVALID_INPUT");
const STRING_CODE = tool('import { McpError } from "./lib/errors.js";', '"E_INVALID_INPUT"');
/** The SDK's class, re-exported by a module of the project, with the SDK's code: still a protocol error. */
const RE_EXPORTED = tool('import { ErrorCode, McpError } from "./lib/errors.js";', "ErrorCode.InvalidParams");
const SDK_TABLE = tool(
  'import { McpError } from "./lib/errors.js";\nimport { ErrorCode } from "@modelcontextprotocol/sdk/types.js";',
  "ErrorCode.InvalidParams",
);

describe("a project's own McpError class", () => {
  ruleTester.run("no-protocol-error-in-tool", protocolRule, {
    valid: [{ code: OWN_TABLE }, { code: STRING_CODE }],
    invalid: [
      { code: RE_EXPORTED, errors: [{ messageId: "protocolErrorInTool" }] },
      { code: SDK_TABLE, errors: [{ messageId: "protocolErrorInTool" }] },
    ],
  });
  ruleTester.run("require-error-classification", classificationRule, {
    valid: [{ code: RE_EXPORTED }],
    invalid: [
      { code: OWN_TABLE, errors: [{ messageId: "unclassifiedThrow" }] },
      { code: STRING_CODE, errors: [{ messageId: "unclassifiedThrow" }] },
    ],
  });
});
