/**
 * A monorepo checked out without `node_modules`: one package imports another by name. The CLI
 * resolves the workspace package from its package.json and tsconfig (without writing anything),
 * follows the tool into it, and says in one notice what stays unresolved.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unlinkedPackages, workspacePaths } from "../../src/cli/workspaces.js";
import { type Run, spawnBin } from "./spawn-bin.js";
import { filesUnder, writeTempTree } from "./temp-tree.js";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["packages/*"] }),
  // A base config from a package that is not installed.
  "tsconfig.base.json": JSON.stringify({
    extends: "@acme-missing/tsconfig/base.json",
    compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022", skipLibCheck: true },
  }),
  "packages/billing/package.json": JSON.stringify({
    name: "@acme/billing",
    type: "module",
    exports: { ".": { types: "./build/index.d.ts", import: "./build/index.js" } },
  }),
  "packages/billing/tsconfig.json": JSON.stringify({
    extends: "../../tsconfig.base.json",
    compilerOptions: { rootDir: "lib", outDir: "build" },
    include: ["lib"],
  }),
  "packages/billing/lib/index.ts": [
    "export class Invoices {",
    "  async total(id: string): Promise<number> {",
    "    const response = await fetch(`https://billing.example.com/invoices/${id}`);",
    "    return Number(await response.text());",
    "  }",
    "}",
  ].join("\n"),
  "packages/server/package.json": JSON.stringify({ name: "@acme/server", type: "module", dependencies: { "@acme/billing": "*" } }),
  "packages/server/tsconfig.json": JSON.stringify({ extends: "../../tsconfig.base.json", include: ["src"] }),
  "packages/server/src/server.ts": [
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
    'import { Invoices } from "@acme/billing";',
    'const server = new McpServer({ name: "billing", version: "1.0.0" });',
    "const invoices = new Invoices();",
    'server.registerTool("invoice_total", { description: "Total of an invoice" }, async ({ id }: { id: string }) => {',
    '  return { content: [{ type: "text", text: String(await invoices.total(id)) }] };',
    "});",
  ].join("\n"),
};

describe("a monorepo without node_modules", () => {
  let root: string;
  let run: Run;
  beforeAll(async () => {
    root = writeTempTree("mcp-errors-workspace-", FILES);
    // Right away, as a pre-commit hook after a checkout would: ESLint reads the files of one
    // lintFiles call all at once, and the sibling package read first used to lose the finding.
    run = await spawnBin(root, ["--format", "json", "."]);
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("maps each workspace package to the source its entry point is built from", () => {
    const packages = unlinkedPackages(root);
    expect(packages.map((p) => [p.name, p.entry && path.relative(root, p.entry)])).toEqual([
      ["@acme/billing", path.join("packages", "billing", "lib", "index.ts")],
      ["@acme/server", undefined],
    ]);
    expect(workspacePaths(packages)["@acme/billing/*"]).toEqual([path.join(root, "packages", "billing", "lib", "*")]);
  });

  it("follows the tool into the sibling package", () => {
    const results = JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string; line: number; message: string }[] }[];
    const findings = results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}:${String(m.line)} ${m.ruleId}`));
    expect(findings).toContain(`${path.join("packages", "billing", "lib", "index.ts")}:3 mcp-errors/require-timeout`);
    const message = results.flatMap((r) => r.messages).find((m) => m.ruleId === "mcp-errors/require-timeout")?.message;
    expect(message).toContain('tool "invoice_total"');
  });

  it("keeps one thread with --concurrency, so the finding in the sibling package is not lost", async () => {
    const parallel = await spawnBin(root, ["--format", "json", "--concurrency", "2", "."]);
    const results = JSON.parse(parallel.stdout) as { filePath: string; messages: { ruleId: string; line: number }[] }[];
    const findings = results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)}:${String(m.line)} ${m.ruleId}`));
    expect(findings).toContain(`${path.join("packages", "billing", "lib", "index.ts")}:3 mcp-errors/require-timeout`);
    expect(parallel.stderr).toContain("mcp-errors: --concurrency is ignored in this typed run: threads take whole repositories");
  }, 120_000);

  it("says once what could not be resolved, and writes nothing into the target", () => {
    const notices = run.stderr.split("\n").filter((line) => line.includes("could not be resolved"));
    expect(notices).toEqual([expect.stringMatching(/^mcp-errors: 1 import in 1 file and 1 base tsconfig could not be resolved/u)]);
    expect(filesUnder(root)).toEqual(Object.keys(FILES).sort());
  });
});
