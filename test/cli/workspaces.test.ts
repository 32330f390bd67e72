/**
 * A monorepo checked out without `node_modules`: one package imports another by name. The CLI
 * resolves the workspace package from its package.json and tsconfig (without writing anything),
 * follows the tool into it, and says in one notice what stays unresolved.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countUnresolved, unlinkedPackages, workspacePaths } from "../../src/cli/workspaces.js";
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

/**
 * Where no `node_modules` is above a file, a package name resolves only through the settings that
 * map it elsewhere; the count skips TypeScript's search for every other name, and each of these
 * must still resolve as TypeScript resolves it. One folder per setting, each importing one name the
 * setting finds and one it does not (`absent-*`).
 */
const NODE = { module: "NodeNext", moduleResolution: "NodeNext" };
const RESOLVING: Record<string, string> = {
  "roots/tsconfig.json": JSON.stringify({ compilerOptions: { ...NODE, typeRoots: ["./types"] } }),
  "roots/types/ledger-kit.d.ts": "export declare const balance: number;",
  "roots/src/a.ts": 'import { balance } from "ledger-kit";\nimport "absent-roots";\nexport const b = balance;',
  "mapped/tsconfig.json": JSON.stringify({ compilerOptions: { ...NODE, paths: { "@shelf/*": ["./shelf/*"] } } }),
  "mapped/shelf/books.ts": "export const books = 1;",
  "mapped/src/a.ts": 'import { books } from "@shelf/books.js";\nimport "absent-mapped";\nexport const b = books;',
  "based/tsconfig.json": JSON.stringify({ compilerOptions: { module: "CommonJS", moduleResolution: "node10", baseUrl: "." } }),
  "based/lib/tides.ts": "export const tides = 1;",
  "based/src/a.ts": 'import { tides } from "lib/tides";\nimport "absent-based";\nexport const t = tides;',
  // No moduleResolution and ES module output: the classic resolution looks for `almanac.ts` in each folder up.
  "classic/tsconfig.json": JSON.stringify({ compilerOptions: { module: "ESNext", target: "ES2022" } }),
  "classic/almanac.ts": "export const almanac = 1;",
  "classic/src/a.ts": 'import { almanac } from "almanac";\nimport "absent-classic";\nexport const a = almanac;',
  // A package that imports itself by its own name, through its exports.
  "self/package.json": JSON.stringify({
    name: "@orchard/self",
    type: "module",
    exports: { "./trees": { types: "./src/trees.ts", default: "./src/trees.ts" } },
  }),
  "self/tsconfig.json": JSON.stringify({ compilerOptions: NODE }),
  "self/src/trees.ts": "export const trees = 1;",
  "self/src/a.ts": 'import { trees } from "@orchard/self/trees";\nimport "absent-self";\nexport const t = trees;',
  // Relative imports written with their output extension: one beside its source, one whose file is gone.
  "relative/tsconfig.json": JSON.stringify({ compilerOptions: NODE }),
  "relative/src/b.ts": "export const b = 1;",
  "relative/src/lib/c.mts": "export const c = 1;",
  "relative/src/a.ts": 'import { b } from "./b.js";\nimport { c } from "./lib/c.mjs";\nimport "./gone.js";\nexport const a = b + c;',
};

describe("counting unresolved imports without node_modules", () => {
  let root: string;
  beforeAll(() => {
    root = writeTempTree("mcp-errors-resolving-", RESOLVING);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it.each(["roots", "mapped", "based", "classic", "self", "relative"])("resolves what %s settings map, and counts the rest", (folder) => {
    const file = path.join(root, folder, "src", "a.ts");
    expect(countUnresolved([file], [path.join(root, folder, "tsconfig.json")])).toEqual({ imports: 1, files: 1, baseConfigs: 0 });
  });
});
