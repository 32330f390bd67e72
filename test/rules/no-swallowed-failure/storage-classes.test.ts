/**
 * `no-swallowed-failure` in a storage class a dispatcher reaches through a field of another class
 * (`this.legacy.listNotes()`, with `this.legacy = new LegacyStore(dir)`):
 * - a predicate whose catch only logs and goes on to the `return false` that also answers "nothing
 *   to delete": the caller cannot tell the failure from that "no";
 * - a list filled by synchronous reads after an `existsSync` inside the try, whose catch only logs:
 *   the reads failed on something known to be there, and the rest of the list looks complete.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A server whose `delete_note` tool answers with what `NoteStore.deleteNote` returns; `body` is that method's body. */
const deleting = (body: string): string => `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { promises as fs } from "node:fs";
class NoteStore {
  async findNote(id: string): Promise<{ path: string } | undefined> {
    return (await fs.readdir("notes")).includes(id) ? { path: "notes/" + id } : undefined;
  }
  async deleteNote(id: string): Promise<boolean> {
${body}
  }
}
const store = new NoteStore();
const server = new Server({ name: "notes", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { id } = request.params.arguments as { id: string };
  const deleted = await store.deleteNote(id);
  return { content: [{ type: "text", text: JSON.stringify({ deleted }) }] };
});`;

const logsAndGoesOn = `    try {
      const note = await this.findNote(id);
      if (note) {
        await fs.rm(note.path);
        return true;
      }
    } catch (error) {
      console.error("Could not delete the note:", error);
    }
    return false;`;

/** `list_notes` answers with what `Notes.listNotes` returns, which asks `this.legacy` when its own folder fails. */
const listing = (
  legacyBody: string,
  field = "this.legacy = new LegacyNotes();",
): string => `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import fs from "node:fs";
class LegacyNotes {
  listNotes(): string[] {
${legacyBody}
  }
}
class Notes {
  legacy: LegacyNotes;
  constructor() {
    ${field}
  }
  async listNotes(): Promise<string[]> {
    try {
      return await fs.promises.readdir("notes");
    } catch {
      return this.legacy.listNotes();
    }
  }
}
const notes = new Notes();
const server = new Server({ name: "notes", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async () => {
  const found = await notes.listNotes();
  return { content: [{ type: "text", text: found.join("\\n") }] };
});`;

const checkedReads = `    const names: string[] = [];
    try {
      if (!fs.existsSync("old-notes")) return names;
      for (const folder of fs.readdirSync("old-notes")) {
        for (const file of fs.readdirSync("old-notes/" + folder)) names.push(fs.readFileSync(file, "utf8"));
      }
    } catch (error) {
      console.error("Could not list the old notes:", error);
    }
    return names.sort();`;

describe("no-swallowed-failure: storage classes behind a dispatcher", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // A probe: the try always answers, so the `false` after it answers only the failure.
      {
        code: deleting(`    try {
      await fs.rm("notes/" + id);
      return true;
    } catch (error) {
      console.error(error);
    }
    return false;`),
      },
      // The catch says so: the failure goes on as an error.
      { code: deleting(logsAndGoesOn.replace('console.error("Could not delete the note:", error);', "throw error;")) },
      // Not a predicate: the try never answers `true`.
      { code: deleting(logsAndGoesOn.replace("return true;", "return Boolean(note);")) },
      // Reads with no existence check: a missing folder is what the catch answers (no notes yet).
      { code: listing(checkedReads.replace('if (!fs.existsSync("old-notes")) return names;', "")) },
      // The field holds something else than a new instance of the class: its method is unknown.
      { code: listing(checkedReads, "this.legacy = makeLegacy();\n  }\n  swap(): void {\n    this.legacy = new LegacyNotes();") },
    ],
    invalid: [
      {
        name: "a catch that logs and goes on to the predicate's `return false`",
        code: deleting(logsAndGoesOn),
        errors: [{ messageId: "swallowedFallback", data: { value: "`false`", tool: "this tool handler" }, line: 15 }],
      },
      {
        name: "items left out after an existence check inside the try, in a class reached through a field",
        code: listing(checkedReads),
        errors: [{ messageId: "swallowedItems", line: 12 }],
      },
      {
        name: "the same through a class field written in place",
        code: listing(checkedReads, "").replace("  legacy: LegacyNotes;", "  legacy = new LegacyNotes();"),
        errors: [{ messageId: "swallowedItems", line: 12 }],
      },
    ],
  });
});
