/**
 * A browser extension built with WXT, checked out fresh: its tsconfig extends
 * `.wxt/tsconfig.json`, which `wxt prepare` writes (usually on install), so it is not there, and
 * with it go the `@/` import aliases. The CLI reads the tsconfig with WXT's defaults instead: the
 * aliased import resolves, so the tool class's result type (declared on `CallToolResult`) and its
 * error helper are known, and its generic error text is found.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Run, spawnBin } from "./spawn-bin.js";
import { filesUnder, writeTempTree } from "./temp-tree.js";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "tab-helper", private: true, type: "module", scripts: { postinstall: "wxt prepare" } }),
  "tsconfig.json": JSON.stringify({ extends: "./.wxt/tsconfig.json" }),
  "common/result.ts": [
    'import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";',
    "",
    "export interface ToolResult extends CallToolResult {",
    "  isError: boolean;",
    "}",
    "",
    'export const failure = (text: string): ToolResult => ({ content: [{ type: "text", text }], isError: true });',
  ].join("\n"),
  "entrypoints/background/tools/open-tab.ts": [
    'import { type ToolResult, failure } from "@/common/result";',
    "",
    "export class OpenTabTool {",
    "  async execute(args: { url: string }): Promise<ToolResult> {",
    "    const tab = await chrome.tabs.create({ url: args.url });",
    '    if (tab.id === undefined) return failure("Failed to open tab: Unknown error occurred");',
    '    return { content: [{ type: "text", text: `Opened tab ${String(tab.id)}` }], isError: false };',
    "  }",
    "}",
  ].join("\n"),
};

describe("a base tsconfig that a build tool generates, not there", () => {
  let root: string;
  let run: Run;
  beforeAll(async () => {
    root = writeTempTree("mcp-errors-generated-base-", FILES);
    run = await spawnBin(root, ["--format", "json", "."]);
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("says which tsconfig is read with the tool's defaults", () => {
    expect(run.stderr).toContain("tsconfig.json extends .wxt/tsconfig.json, which WXT generates (`wxt prepare`) and is not there");
    expect(run.stderr).not.toContain("is not a valid tsconfig");
  });

  it("resolves the tool's aliases: the generic text of the tool class's error result is found", () => {
    const results = JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string; line: number }[] }[];
    const generic = results
      .flatMap((r) => r.messages.map((m) => ({ ...m, file: r.filePath })))
      .filter((m) => m.ruleId === "mcp-errors/no-generic-error-message");
    expect(generic.map((m) => [m.file.endsWith("open-tab.ts"), m.line])).toEqual([[true, 6]]);
  });

  it("writes nothing into the target", () => {
    expect(filesUnder(root)).toEqual(Object.keys(FILES).sort());
  });
});
