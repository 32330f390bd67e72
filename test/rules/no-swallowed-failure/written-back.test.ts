/**
 * `no-swallowed-failure`: a catch that puts an empty list or object in place of what could not be
 * read, which the code then writes back over what was stored (a read-modify-write whose read
 * failed). The data is lost whatever the tool answers.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool } from "../../cases.js";

const ruleTester = createRuleTester();

/** Labels of a ticket read from the API, one added, and the list written back; `onError` is the read's catch. */
const addLabel = (onError: string, write = "await api.replaceLabels(args.ticket, { labels });", declare = "let labels: string[] = [];") =>
  inTool(`    ${declare}
    try {
      const current = await api.getLabels(args.ticket);
      labels = current.labels ?? [];
    } catch (error) {
      ${onError}
    }
    labels.push(args.label);
    ${write}
    return { content: [{ type: "text", text: \`Added \${args.label}\` }] };`);

/** Notes kept in a JSON file; `check` comes before the read. */
const addNote = (check: string, read = 'readFileSync(file, "utf8")') =>
  inTool(
    `    const file = join(dataDir, "notes.json");
    let notes = [];
    ${check}
    try {
      notes = JSON.parse(${read});
    } catch (error) {
      console.error("Could not read the notes", error);
      notes = [];
    }
    notes.push({ text: args.text });
    writeFileSync(file, JSON.stringify(notes, null, 2));
    return { content: [{ type: "text", text: "Note saved." }] };`,
    `import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";`,
  );

const overwrite = (value: string, write: string) => ({
  messageId: "swallowedOverwrite" as const,
  data: { value, write, tool: 'tool "search_docs"' },
});

describe("no-swallowed-failure: a stand-in written back over what was stored", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The read's failure stops the tool.
      { code: addLabel("throw new Error(`Could not read the labels of ${args.ticket}`, { cause: error });") },
      // The write only happens for a list that has items.
      { code: addLabel("labels = [];", "if (labels.length > 1) await api.replaceLabels(args.ticket, { labels });") },
      // A file read without checking it is there first: its absence (nothing stored yet) is the usual failure.
      { code: addNote("") },
      { code: addNote("", 'await readFile(file, "utf8")') },
      // What is written is not the stand-in.
      { code: addLabel("labels = [];", "await api.replaceLabels(args.ticket, { labels: [args.label] });") },
      // A cache file that could not be parsed, started afresh: a cache holds copies.
      {
        code: addNote("if (!existsSync(file)) notes = [];").replace("writeFileSync(file,", "writeFileSync(CACHE_FILE,"),
      },
      // Written through a call that adds, not one that replaces.
      { code: addLabel("labels = [];", "await api.addLabels(args.ticket, labels);") },
    ],
    invalid: [
      { code: addLabel("labels = [];"), errors: [overwrite("an empty array", "api.replaceLabels")] },
      // The catch leaves the empty default in place.
      { code: addLabel('logger.warn("labels unavailable", error);'), errors: [overwrite("an empty array", "api.replaceLabels")] },
      {
        code: addLabel("labels = [];", "await api.upsertTicket({ id: args.ticket, labels: [...labels] });"),
        errors: [overwrite("an empty array", "api.upsertTicket")],
      },
      // The file was there: the failure is a real one (unreadable, corrupt), and the write replaces it.
      { code: addNote("if (!existsSync(file)) notes = [];"), errors: [overwrite("an empty array", "writeFileSync")] },
    ],
  });
});
