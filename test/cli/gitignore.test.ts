/**
 * `.gitignore` rules as the CLI reads them (issue 18, item 14): the same answers as the `ignore`
 * package (git's own semantics), but a generated `.gitignore` of tens of thousands of plain paths
 * no longer takes minutes over a large tree.
 */
import ignore from "ignore";
import { describe, expect, it } from "vitest";
import { gitignoreRules } from "../../src/cli/discover.js";

const PATTERNS = [
  "# a comment",
  "",
  "secrets.ts",
  "generated/",
  "/root-only.ts",
  "src/legacy/old.ts",
  "packages/api/build/",
  "*.tmp.ts",
  "fixtures/**/big-*.ts",
  "docs/*.md",
  "trailing.ts   ",
];

const PATHS = [
  "secrets.ts",
  "src/secrets.ts",
  "src/secrets.ts/",
  "generated/",
  "generated/a.ts",
  "src/generated/",
  "src/generated",
  "root-only.ts",
  "src/root-only.ts",
  "src/legacy/old.ts",
  "legacy/old.ts",
  "src/legacy/",
  "packages/api/build/",
  "packages/api/build/x.ts",
  "packages/api/build",
  "a/b.tmp.ts",
  "fixtures/x/y/big-1.ts",
  "docs/readme.md",
  "trailing.ts",
  "src/keep.ts",
];

describe("gitignoreRules", () => {
  it("answers as git (the ignore package) does", () => {
    const text = PATTERNS.join("\n");
    const reference = ignore().add(text);
    const rules = gitignoreRules(text);
    for (const path of PATHS) expect([path, rules.ignores(path)]).toEqual([path, reference.ignores(path)]);
  });

  it("leaves a .gitignore with a negation to the ignore package, in git's order", () => {
    const text = "*.ts\n!keep.ts\n";
    const rules = gitignoreRules(text);
    expect(rules.ignores("src/drop.ts")).toBe(true);
    expect(rules.ignores("src/keep.ts")).toBe(false);
  });

  it("reads 40,000 plain paths against 20,000 files in well under a second per 10,000", () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `src/d${String(i % 200)}/generated-${String(i)}.ts`);
    const rules = gitignoreRules(`${lines.join("\n")}\n*.log\n`);
    const started = performance.now();
    let ignored = 0;
    for (let i = 0; i < 20_000; i++) if (rules.ignores(`src/d${String(i % 200)}/file-${String(i)}.ts`)) ignored++;
    expect(rules.ignores("src/d7/generated-7.ts")).toBe(true);
    expect(ignored).toBe(0);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
