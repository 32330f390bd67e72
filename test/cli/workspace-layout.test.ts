/**
 * Where a workspace package's sources are, when its entry point names a build output: the
 * tsconfig's `rootDir`/`outDir` first, then `src` beside `dist` (a tsconfig whose `rootDir` is the
 * package itself, so that tests beside the sources compile too).
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { unlinkedPackages } from "../../src/cli/workspaces.js";
import { writeTempTree } from "./temp-tree.js";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["packages/*"] }),
  "packages/core/package.json": JSON.stringify({ name: "@acme/core", exports: { ".": { types: "./dist/index.d.ts", default: "./dist/index.js" } } }),
  "packages/core/tsconfig.json": JSON.stringify({ compilerOptions: { rootDir: ".", outDir: "./dist" }, include: ["**/*.ts"] }),
  "packages/core/src/index.ts": "export const core = 1;\n",
  "packages/tools/package.json": JSON.stringify({ name: "@acme/tools", main: "./build/main.js" }),
  "packages/tools/tsconfig.json": JSON.stringify({ compilerOptions: { rootDir: "./lib", outDir: "./build" } }),
  "packages/tools/lib/main.ts": "export const tools = 1;\n",
};

describe("the source of a workspace package's entry point", () => {
  const root = writeTempTree("mcp-errors-layout-", FILES);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("follows rootDir and outDir, then src beside dist", () => {
    const entries = unlinkedPackages(root).map((p) => [p.name, p.entry && path.relative(root, p.entry)]);
    expect(entries).toEqual([
      ["@acme/core", path.join("packages", "core", "src", "index.ts")],
      ["@acme/tools", path.join("packages", "tools", "lib", "main.ts")],
    ]);
  });
});
