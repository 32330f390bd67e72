/**
 * The order of a typed run (`lintOrder`): a project's files stay together, so that what the
 * program index converts for ESLint does not wait in memory while other projects are linted, and
 * the projects that register tools come first, so that a package's helpers are linted after the
 * index of the package whose tools call them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { analyze, lintOrder } from "../../src/cli/analyzer.js";

const REGISTERS = 'server.registerTool("search", { description: "Search" }, async () => ({ content: [] }));\n';
const FILES: Record<string, string> = {
  "packages/billing/tsconfig.json": "{}",
  "packages/billing/src/invoices.ts": "export const total = 1;\n",
  "packages/server/tsconfig.json": "{}",
  "packages/server/src/format.ts": "export const format = String;\n",
  "packages/server/src/tools.ts": REGISTERS,
  "packages/server/src/nested/more-tools.ts": REGISTERS,
  "packages/web/tsconfig.json": "{}",
  "packages/web/src/client.ts": "export const client = 1;\n",
  "packages/web/src/tools.ts": REGISTERS,
  "scripts/release.ts": "export {};\n",
};

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "mcp-errors-order-"));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("lintOrder", () => {
  it("lints one project after the other (a group each), registering projects and files first", () => {
    const files = Object.keys(FILES)
      .filter((file) => file.endsWith(".ts"))
      .map((file) => path.join(root, file));
    const order = lintOrder(files).map((group) => group.map((file) => path.relative(root, file)));
    expect(order).toEqual([
      ["packages/server/src/tools.ts", "packages/server/src/nested/more-tools.ts", "packages/server/src/format.ts"],
      ["packages/web/src/tools.ts", "packages/web/src/client.ts"],
      ["packages/billing/src/invoices.ts"],
      ["scripts/release.ts"],
    ]);
  });

  it("gives ESLint one project at a time: inside one lintFiles call the files are linted as their reads complete", async () => {
    const lintFiles = vi.spyOn(ESLint.prototype, "lintFiles");
    try {
      await analyze({ cwd: root });
      // Inside a group the order is the discovery's (and does not matter): compared sorted.
      const calls = lintFiles.mock.calls.map(([patterns]) =>
        [patterns]
          .flat()
          .map((file) => path.relative(root, path.resolve(root, file)))
          .sort(),
      );
      expect(calls).toEqual([
        ["packages/server/src/format.ts", "packages/server/src/nested/more-tools.ts", "packages/server/src/tools.ts"],
        ["packages/web/src/client.ts", "packages/web/src/tools.ts"],
        ["packages/billing/src/invoices.ts"],
        ["scripts/release.ts"],
      ]);
    } finally {
      lintFiles.mockRestore();
    }
  });
});
