/**
 * `no-swallowed-failure`: a catch that answers through a method of its own class
 * (`return this.toResult(...)`), the helper every tool of the class answers with.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

const noteTools = (answer: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "notes", version: "1.0.0" });
class NoteTools {
  toResult(message) {
    return { content: [{ type: "text", text: message }] };
  }
  lookUp(message) {
    return findNote(message);
  }
  async createNote(text) {
    try {
      const note = await saveNote(text);
      return this.toResult(\`Note \${note.id} created\`);
    } catch (error) {
      return ${answer};
    }
  }
}
const tools = new NoteTools();
server.registerTool("create_note", { inputSchema: {} }, async ({ text }) => await tools.createNote(text));`;

describe("no-swallowed-failure: answers made by a method of the class", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The failure stops the tool.
      { code: noteTools("Promise.reject(new Error(`Saving the note failed: ${String(error)}`, { cause: error }))") },
      // A method that returns what a function of no result makes: not known to answer.
      { code: noteTools("this.lookUp(`Saving the note failed: ${String(error)}`)") },
    ],
    invalid: [
      {
        code: noteTools("this.toResult(`Failed to save the note: ${String(error)}`)"),
        errors: [
          {
            messageId: "swallowedResult",
            line: 15,
            suggestions: [
              {
                messageId: "rethrowWithCause",
                output: noteTools("this.toResult(`Failed to save the note: ${String(error)}`)").replace(
                  "return this.toResult(`Failed to save the note: ${String(error)}`);",
                  "throw new Error(`Failed to save the note: ${String(error)}`, { cause: error });",
                ),
              },
            ],
          },
        ],
      },
    ],
  });
});
