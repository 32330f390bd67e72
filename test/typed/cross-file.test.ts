/**
 * The program index on multi-file projects: each fixture under test/fixtures/cross-file puts the
 * defect one import (or class, or re-export) away from the registration, and marks every line
 * that must be reported with `// expect: <rule>[, <rule>]`. The typed config must report exactly
 * those, in the file where the defect is; the syntactic config, which cannot leave the file,
 * must report none of the ones outside the registration's file.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { setLintTargets } from "../../src/typed/conversions.js";
import { expectedFindings, lint, lintInOrder, lintMessages } from "./lint-project.js";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "cross-file");
const projects = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe.each(projects)("cross-file project %s", (name) => {
  const dir = path.join(FIXTURES, name);
  const expected = expectedFindings(dir);

  it("the typed config reports exactly the marked lines", async () => {
    expect(expected.length).toBeGreaterThan(0);
    expect(await lint(dir, "recommended-type-checked")).toEqual(expected);
  });

  it("the syntactic config reports no more than it can see in one file", async () => {
    const syntactic = await lint(dir, "recommended");
    // Everything the syntactic analysis finds is also found with types.
    expect(expected).toEqual(expect.arrayContaining(syntactic));
    // And the fixture is really about another file: types find more.
    expect(syntactic.length).toBeLessThan(expected.length);
  });
});

describe("the order ESLint lints the files in", () => {
  // ESLint lints a project's files in the order their reads finish. The catch in catalog.ts is
  // reported only through the callback server.ts hands to answering.ts: the call site the index
  // records when it follows answering.ts must reach the walk from catalog.ts, whichever file
  // ESLint linted first (and whose model the index built before that call site was known).
  const dir = path.join(FIXTURES, "callback-answer");
  const files = ["src/server.ts", "src/answering.ts", "src/catalog.ts"];
  it.each([
    ["the registering file first", files],
    ["the catch's file first", [...files].reverse()],
    ["the helper first", ["src/answering.ts", "src/catalog.ts", "src/server.ts"]],
  ])("reports the same with %s", async (_, order) => {
    // A new generation of lint targets: the index is built afresh for this run.
    setLintTargets(undefined);
    expect(await lintInOrder(dir, order)).toEqual(expectedFindings(dir));
  });
});

describe("tool names found by the index", () => {
  const names = async (name: string): Promise<string[]> => {
    const messages = await lintMessages(path.join(FIXTURES, name), "recommended-type-checked");
    return [...new Set(messages.flatMap((m) => [...m.message.matchAll(/tool "([^"]+)"/gu)].map((match) => match[1] ?? "")))].sort();
  };

  it("names the tools of a class registry after the definitions its list entries carry", async () => {
    // `catalog.runnerOf(name)` returns `this.byName.get(name)?.runner`, set by `add(definition, runner)`.
    expect(await names("registry-map")).toEqual(["count_books", "list_loans", "renew_loan"]);
    expect(await names("registry-entries")).toEqual(["get_storm_warnings", "get_tides"]);
  });

  it("names a subclass's tool after its `name` field", async () => {
    expect(await names("base-class")).toEqual(["geocode"]);
  });

  it("names no tool after the `name` of a class a registered handler calls further down its path", async () => {
    // `connector.id()` on a database connector whose `name` is its engine's ("PostgreSQL").
    expect(await names("handler-factory")).toEqual([]);
  });

  it("names the tools of a dispatcher's table of imported handlers by its keys, and no tool by the keys of a handler's own table", async () => {
    // `generators[kind]` inside generate_report picks a report kind (`MEMBER`), not a tool.
    expect(await names("table-of-imports")).toEqual(["generate_report", "get_member", "list_votes"]);
  });

  it("names a registry entry's tool after its `name` property", async () => {
    expect(await names("registry")).toEqual(["refund_order", "search_orders"]);
  });

  it("names registry tools after their definitions' `name` (shorthand or not), each tool that reaches a shared function", async () => {
    const messages = await lintMessages(path.join(FIXTURES, "registry-modules"), "recommended-type-checked");
    const shared = messages.filter((m) => m.file === "src/upstream.ts").map((m) => m.message);
    expect(shared).toEqual([expect.stringContaining('tools "find_city" and "get_weather"')]);
  });

  it("names each factory-made tool after what its own factory returns, not every implementation of the interface", async () => {
    const messages = await lintMessages(path.join(FIXTURES, "interface-factory"), "recommended-type-checked");
    const byFile = messages.map((m) => `${m.file} ${[...m.message.matchAll(/tool "([^"]+)"/giu)].map((match) => match[1] ?? "").join(",")}`);
    expect([...new Set(byFile)].sort()).toEqual(["src/tools/health.ts service_health", "src/tools/records.ts read_record"]);
  });

  it("names a registry entry's tool after the member the registration reads its name from (`tool.title`)", async () => {
    const messages = await lintMessages(path.join(FIXTURES, "registry-collections"), "recommended-type-checked");
    const named = messages.flatMap((m) => [...m.message.matchAll(/tool "([^"]+)"/giu)].map((match) => match[1] ?? ""));
    expect([...new Set(named)].sort()).toEqual(["hold_order", "list_notes"]);
  });

  it("names each tool of a dispatch table put together from spread factory results and tables", async () => {
    expect(await names("spread-table")).toEqual(["find_notes", "rename_tag", "trash_note"]);
  });

  it("follows a call through a cast that restates a method of the value's own class", async () => {
    expect(await names("cast-receiver")).toEqual(["close_ledger"]);
  });

  it("names a dispatcher case's tool", async () => {
    expect(await names("low-level-dispatch")).toEqual(["search"]);
  });
});
