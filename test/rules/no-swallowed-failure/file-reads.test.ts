/**
 * `no-swallowed-failure`: a synchronous read of the file system (`readFileSync`, `readdirSync`)
 * is an access that can fail, as an awaited call is: a catch that turns it into an empty value a
 * tool then reports as "none" swallows the failure. A try that only parses text it was given
 * is not one.
 */
import { describe } from "vitest";
import type { InvalidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A server whose `list_rules` tool answers with what `loadRules` gives; `read` is its try block. */
const server = (imports: string, read: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
${imports}
const server = new McpServer({ name: "rules", version: "1.0.0" });
function loadRules(path: string): string[] {
  try {
${read}
  } catch {
    return [];
  }
}
server.registerTool("list_rules", { description: "The deployed rules" }, async ({ path }: { path: string }) => {
  const rules = loadRules(path);
  return { content: [{ type: "text", text: rules.length > 0 ? rules.join("\\n") : "No rules are deployed." }] };
});`;

const reported = (name: string, code: string): InvalidTestCase<MessageIds, Options> => ({
  name,
  code,
  errors: [
    {
      messageId: "swallowedEmpty",
      data: { value: "an empty array", tool: 'tool "list_rules"' },
      suggestions: [
        {
          messageId: "rethrowWithCause",
          data: { cause: "error" },
          output: code.replace("} catch {\n    return [];", '} catch (error) {\n    throw new Error("loadRules failed", { cause: error });'),
        },
      ],
    },
  ],
});

describe("no-swallowed-failure: synchronous file reads", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // Only parses the text it was handed.
      { code: server("", `    return JSON.parse(path) as string[];`) },
      // A function of another module with the same name.
      { code: server(`import { readFileSync } from "./cache.js";`, `    return JSON.parse(readFileSync(path)) as string[];`) },
    ],
    invalid: [
      reported(
        "readFileSync imported from node:fs",
        server(`import { readFileSync } from "node:fs";`, `    return JSON.parse(readFileSync(path, "utf8")) as string[];`),
      ),
      reported(
        "fs.readdirSync on the fs namespace",
        server(`import fs from "fs";`, `    return fs.readdirSync(path).filter((name) => name.endsWith(".json"));`),
      ),
    ],
  });
});
