/**
 * `no-swallowed-failure`: a helper's empty stand-in written into a variable that was read before
 * (`let notes = cache.get(id); if (notes === undefined) { notes = await loadNotes(id); ... }`).
 * The test before the write cannot tell the failure apart: it never sees the value.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A tool that answers with notes it keeps in a cache; `after` runs once they are loaded. */
const memoized = (after: string, loop = false): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "notes", version: "1.0.0" });
declare function readNotes(id: string): Promise<string[]>;
const cache = new Map<string, string[]>();
async function loadNotes(id: string): Promise<string[]> {
  try {
    return await readNotes(id);
  } catch {
    return [];
  }
}
server.registerTool("list_notes", { description: "The notes of a project" }, async ({ ids }: { ids: string[] }) => {
  let notes = cache.get(ids[0]);
  ${loop ? "for (const id of ids) {" : "{"}
    if (notes === undefined) {
      notes = await loadNotes(${loop ? "id" : "ids[0]"});
      cache.set(ids[0], notes);
    }
  }
${after}
  return { content: [{ type: "text", text: notes.length > 0 ? notes.join("\\n") : "No notes." }] };
});`;

describe("no-swallowed-failure: a value written after the reads that guard it", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // A test after the write fails on the empty list.
      { code: memoized(`  if (notes.length === 0) throw new Error("The notes could not be read");`) },
      // In a loop the test comes round again after the write: it may tell the failure apart.
      { code: memoized("", true) },
      // A best-effort lookup built into a new entry: a test of the entry's state is no test of the lookup.
      {
        code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "clusters", version: "1.0.0" });
type Entry = { id: string; state: "ready" | "pending" };
declare const registry: { find(id: string): Promise<Entry | undefined>; create(options: { name: string }): Promise<Entry> };
declare function projectName(id: string): Promise<string>;
declare function slug(project: string | undefined, id: string): string;
server.registerTool("connect", { description: "Connects to a cluster" }, async ({ id }: { id: string }) => {
  let entry = await registry.find(id);
  if (!entry) {
    const project = await projectName(id).catch(() => undefined);
    entry = await registry.create({ name: slug(project, id) });
  }
  if (entry.state === "ready") return { content: [{ type: "text", text: \`Connected as \${entry.id}\` }] };
  return { content: [{ type: "text", text: "Still connecting; call again." }] };
});`,
      },
    ],
    invalid: [
      {
        name: "a cache filled once, guarded by a test of what it held before",
        code: memoized(""),
        errors: [
          {
            messageId: "swallowedEmpty",
            data: { value: "an empty array", tool: 'tool "list_notes"' },
            suggestions: [
              {
                messageId: "rethrowWithCause",
                data: { cause: "error" },
                output: memoized("").replace("} catch {\n    return [];", '} catch (error) {\n    throw new Error("loadNotes failed", { cause: error });'),
              },
            ],
          },
        ],
      },
    ],
  });
});
