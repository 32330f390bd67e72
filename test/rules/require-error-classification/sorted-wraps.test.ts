/**
 * `require-error-classification`: a dispatcher's catch that sorts errors by a test and wraps each
 * kind into another error (`if (err.name === "UnknownToolError") throw { code: -32601, ... } else
 * throw { code: -32000, message: \`... ${err.message}\` }`). An error the tests do not pick out
 * takes the wrap that hands on its message, so a throw inside a tool still reaches the client with
 * its own text and no classification: it is judged at its own site, beside the wraps.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/require-error-classification.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A low-level dispatcher whose catch ends with `otherwise` for errors its name test does not pick out. */
const dispatcher = (otherwise: string): string => `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";

async function getFolder(params) {
  if (!params.folderId) throw new Error("folderId is required: pass the id of the folder to read");
  return { content: [{ type: "text", text: "folder" }] };
}

const server = new Server({ name: "folders", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: params } = request.params;
  try {
    switch (name) {
      case "get_folder":
        return await getFolder(params);
      default:
        throw new Error("Unknown tool: " + name);
    }
  } catch (err) {
    if (err.name === "UnknownToolError") {
      throw { code: -32601, message: "Method not found" };
    } else {
      ${otherwise}
    }
  }
});`;

describe("require-error-classification: a catch that sorts errors and wraps each kind", () => {
  ruleTester.run("require-error-classification", rule, {
    valid: [],
    invalid: [
      // The other errors keep their message: the tool's throw is reported, and so is each wrap.
      {
        code: dispatcher("throw { code: -32000, message: `Error executing tool ${name}: ${err.message}` };"),
        errors: [
          { messageId: "unclassifiedThrow", line: 5 },
          { messageId: "unclassifiedThrow", line: 21 },
          { messageId: "unclassifiedThrow", line: 23 },
        ],
      },
      // Every wrap drops the message: the fix goes at the wraps, and the tool's throw is not reported again.
      {
        code: dispatcher('throw { code: -32000, message: "Tool execution failed" };'),
        errors: [
          { messageId: "unclassifiedThrow", line: 21 },
          { messageId: "unclassifiedThrow", line: 23 },
        ],
      },
    ],
  });
});
