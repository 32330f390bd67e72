/**
 * `no-swallowed-failure`: a synchronous read of a file the function has checked exists
 * (`if (!existsSync(path)) return []`, then `readFileSync(path)`) is an access that can fail, as an
 * awaited call is: a catch that turns it into an empty value a tool then reports as "none"
 * swallows the failure. Without the check the file is an optional one, whose absence the catch
 * turns into a default; a try that only parses text it was given is no access either.
 */
import { describe } from "vitest";
import type { InvalidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A server whose `list_rules` tool answers with what `loadRules` gives; `read` is its try block, after `guard`. */
const server = (imports: string, read: string, guard = ""): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
${imports}
const server = new McpServer({ name: "rules", version: "1.0.0" });
function loadRules(path: string): string[] {
  ${guard}
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
      {
        code: server(
          `import { readFileSync, existsSync } from "./cache.js";`,
          `    return JSON.parse(readFileSync(path)) as string[];`,
          "if (!existsSync(path)) return [];",
        ),
      },
      // An optional file: its absence is a default, not a failure.
      { code: server(`import { readFileSync } from "node:fs";`, `    return JSON.parse(readFileSync(path, "utf8")) as string[];`) },
    ],
    invalid: [
      reported(
        "readFileSync imported from node:fs, after existsSync",
        server(
          `import { existsSync, readFileSync } from "node:fs";`,
          `    return JSON.parse(readFileSync(path, "utf8")) as string[];`,
          "if (!existsSync(path)) return [];",
        ),
      ),
      reported(
        "fs.readdirSync on the fs namespace, after fs.existsSync",
        server(
          `import fs from "fs";`,
          `    return fs.readdirSync(path).filter((name) => name.endsWith(".json"));`,
          "if (!fs.existsSync(path)) throw new Error(`No rules folder at ${path}`);",
        ),
      ),
    ],
  });
});
