/**
 * A monorepo without `node_modules` whose packages extend a base tsconfig of a sibling package
 * (`"extends": "@acme/tsconfig/base.json"`). TypeScript finds it only through the link an install
 * creates; the CLI reads it from the package's folder, so the options it sets (`strict`) hold.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unlinkedPackages, workspaceBase } from "../../src/cli/workspaces.js";
import { type Run, spawnBin } from "./spawn-bin.js";
import { filesUnder, writeTempTree } from "./temp-tree.js";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["packages/*"] }),
  "packages/tsconfig/package.json": JSON.stringify({ name: "@acme/tsconfig", private: true }),
  "packages/tsconfig/base.json": JSON.stringify({
    compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", skipLibCheck: true },
  }),
  "packages/server/package.json": JSON.stringify({ name: "@acme/server", type: "module" }),
  "packages/server/tsconfig.json": JSON.stringify({ extends: "@acme/tsconfig/base.json", include: ["src"] }),
  // The registrations are collected in an array that starts empty: only `strict` (noImplicitAny)
  // gives it the type of what is pushed, and so the handler a registration runs.
  "packages/server/src/server.ts": [
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
    "",
    "function registrations() {",
    "  const list = [];",
    "  const lookUp = async ({ id }: { id: string }) => {",
    "    const response = await fetch(`https://api.example.com/items/${id}`);",
    '    return { content: [{ type: "text" as const, text: await response.text() }] };',
    "  };",
    '  list.push({ name: "look_up", config: { description: "Look an item up" }, handler: lookUp });',
    "  return list;",
    "}",
    "",
    'const server = new McpServer({ name: "items", version: "1.0.0" });',
    "for (const { name, config, handler } of registrations()) server.registerTool(name, config, handler);",
  ].join("\n"),
};

describe("a base tsconfig of a workspace package, not installed", () => {
  let root: string;
  let run: Run;
  beforeAll(async () => {
    root = writeTempTree("mcp-errors-base-config-", FILES);
    run = await spawnBin(root, ["--format", "json", "."]);
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("finds the file in the package's folder, with or without a subpath or its extension", () => {
    const packages = unlinkedPackages(root);
    const base = path.join(root, "packages", "tsconfig", "base.json");
    expect(workspaceBase("@acme/tsconfig/base.json", packages)).toBe(base);
    expect(workspaceBase("@acme/tsconfig/base", packages)).toBe(base);
    expect(workspaceBase("@acme/tsconfig/missing.json", packages)).toBeUndefined();
    expect(workspaceBase("@other/tsconfig/base.json", packages)).toBeUndefined();
  });

  it("analyses with the base config's options: the handler pushed into the array is followed", () => {
    const results = JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string; line: number; message: string }[] }[];
    const timeout = results.flatMap((r) => r.messages).find((m) => m.ruleId === "mcp-errors/require-timeout");
    expect(timeout?.line).toBe(6);
    expect(run.stderr).not.toContain("base tsconfig");
  });

  it("writes nothing into the target", () => {
    expect(filesUnder(root)).toEqual(Object.keys(FILES).sort());
  });
});
