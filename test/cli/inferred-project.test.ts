/**
 * A server with no tsconfig.json (plain JavaScript): the command makes one program of the files
 * it found, so a handler's path is followed into the project's other files, and writes nothing
 * into the target. The same for the files no tsconfig covers in a server that has one elsewhere
 * (a dashboard's, in a folder of its own).
 */
import { readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze, type AnalyzeResult } from "../../src/cli/analyzer.js";
import { filesUnder, writeTempTree } from "./temp-tree.js";

const FILES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "deployer", type: "module" }),
  "tools.js": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { deploy } from "./lib/deploy.js";
const { listRegions } = require("./lib/regions.cjs");

const server = new McpServer({ name: "deployer", version: "1.0.0" });
server.registerTool("deploy", { inputSchema: {} }, async ({ folder }) => {
  const output = await deploy(folder);
  return { content: [{ type: "text", text: output }] };
});
server.registerTool("list_regions", { inputSchema: {} }, async () => {
  return { content: [{ type: "text", text: (await listRegions()).join(", ") }] };
});
`,
  "lib/deploy.js": `import { execFile } from "node:child_process";
import { promisify } from "node:util";
const execFileAsync = promisify(execFile);

export async function deploy(folder) {
  const { stdout } = await execFileAsync("gcloud", ["run", "deploy", "--source", folder]);
  return stdout;
}
`,
  "lib/regions.cjs": `async function listRegions() {
  const response = await fetch("https://regions.example.com/list");
  return response.json();
}
module.exports = { listRegions };
`,
};

/** The same server, with a dashboard whose tsconfig covers only its own folder. */
const WITH_DASHBOARD: Record<string, string> = {
  ...FILES,
  "dashboard/tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ["*.ts"] }),
  "dashboard/app.ts": `export const title: string = "Deployments";\n`,
};

/** The same server, with a tsconfig at its root copied from a TypeScript template: it reads no JavaScript. */
const WITH_TEMPLATE_TSCONFIG: Record<string, string> = {
  ...FILES,
  "tsconfig.json": JSON.stringify({ extends: "./tsconfig.base.json", include: ["**/*"] }),
  "tsconfig.base.json": JSON.stringify({ compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", outDir: "dist" } }),
  // A file of types, the only one the tsconfig reads.
  "types/deployment.ts": "export interface Deployment {\n  readonly folder: string;\n}\n",
};

/** A TypeScript project with a release script in JavaScript beside its sources: the script stays where it was. */
const TS_WITH_SCRIPT: Record<string, string> = {
  "package.json": JSON.stringify({ name: "typed", type: "module" }),
  "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", noEmit: true } }),
  "src/server.ts": `export const name: string = "typed";\n`,
  "src/tools.ts": `export const tools: string[] = [];\n`,
  "scripts/release.js": `console.log("release");\n`,
};

/** And with one that reads it, through the config it extends. */
const WITH_ALLOW_JS: Record<string, string> = {
  ...WITH_TEMPLATE_TSCONFIG,
  "tsconfig.base.json": JSON.stringify({
    compilerOptions: { allowJs: true, strict: true, module: "NodeNext", moduleResolution: "NodeNext", outDir: "dist" },
  }),
};

/** Names a glob pattern would read as patterns: each file is still linted with its program. */
const ODD_NAMES: Record<string, string> = {
  "package.json": JSON.stringify({ name: "odd", type: "module" }),
  "web/tsconfig.json": JSON.stringify({ include: ["*.ts"] }),
  "server/[tools]+(v2).js": `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { regions } from "./lib/[regions]+(eu)!.js";
const server = new McpServer({ name: "odd", version: "1.0.0" });
server.registerTool("list_regions", { inputSchema: {} }, async () => ({ content: [{ type: "text", text: await regions() }] }));
`,
  "server/lib/[regions]+(eu)!.js": `export async function regions() {
  const response = await fetch("https://regions.example.com/list");
  return response.text();
}
`,
};

let root: string;
let dashboardRoot: string;
let oddRoot: string;
let odd: AnalyzeResult;
let typed: AnalyzeResult;
let syntactic: AnalyzeResult;
let beside: AnalyzeResult;
let leftBehind: string[];
let templateRoot: string;
let template: AnalyzeResult;
let allowJsRoot: string;
let allowJs: AnalyzeResult;
let scriptRoot: string;
let script: AnalyzeResult;
beforeAll(async () => {
  root = writeTempTree("mcp-errors-inferred-", FILES);
  dashboardRoot = writeTempTree("mcp-errors-inferred-", WITH_DASHBOARD);
  const before = new Set(readdirSync(tmpdir()));
  typed = await analyze({ cwd: root });
  beside = await analyze({ cwd: dashboardRoot });
  oddRoot = writeTempTree("mcp-errors-inferred-", ODD_NAMES);
  odd = await analyze({ cwd: oddRoot });
  templateRoot = writeTempTree("mcp-errors-inferred-", WITH_TEMPLATE_TSCONFIG);
  template = await analyze({ cwd: templateRoot });
  allowJsRoot = writeTempTree("mcp-errors-inferred-", WITH_ALLOW_JS);
  allowJs = await analyze({ cwd: allowJsRoot });
  scriptRoot = writeTempTree("mcp-errors-inferred-", TS_WITH_SCRIPT);
  script = await analyze({ cwd: scriptRoot });
  leftBehind = readdirSync(tmpdir()).filter((name) => !before.has(name) && name.startsWith("mcp-errors-project-"));
  syntactic = await analyze({ cwd: root, types: false });
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(dashboardRoot, { recursive: true, force: true });
  rmSync(oddRoot, { recursive: true, force: true });
  rmSync(templateRoot, { recursive: true, force: true });
  rmSync(allowJsRoot, { recursive: true, force: true });
  rmSync(scriptRoot, { recursive: true, force: true });
});

const found = (result: AnalyzeResult): string[] => result.findings.map((f) => `${f.file}:${String(f.line)} ${String(f.ruleId)} ${f.tools.join(",")}`);

describe("a JavaScript server without tsconfig.json", () => {
  it("is analysed with types, on one inferred program", () => {
    expect(typed.mode).toMatchObject({ typed: true, reason: "no tsconfig.json: an inferred project" });
  });

  it("follows each tool into the files it imports or requires", () => {
    expect(found(typed)).toEqual(["lib/deploy.js:6 mcp-errors/require-timeout deploy", "lib/regions.cjs:2 mcp-errors/require-timeout list_regions"]);
    // Without types each file stands alone: the helpers are on no tool's path.
    expect(found(syntactic)).toEqual([]);
  });

  it("writes nothing into the target and leaves no temporary tsconfig behind", () => {
    expect(filesUnder(root)).toEqual(Object.keys(FILES).sort());
    expect(filesUnder(dashboardRoot)).toEqual(Object.keys(WITH_DASHBOARD).sort());
    expect(leftBehind).toEqual([]);
  });
});

describe("a JavaScript server whose only tsconfig.json is a dashboard's", () => {
  it("says that the files outside it have an inferred project", () => {
    expect(beside.mode).toMatchObject({ typed: true, reason: "1 tsconfig.json, an inferred project for 3 files outside them" });
  });

  it("follows each tool into the files it imports or requires, as without any tsconfig", () => {
    expect(found(beside)).toEqual(found(typed));
  });

  it("takes file names with glob characters for names", () => {
    expect(found(odd)).toEqual(["server/lib/[regions]+(eu)!.js:2 mcp-errors/require-timeout list_regions"]);
  });
});

describe("a JavaScript server under a tsconfig.json that reads no JavaScript", () => {
  it("gives the files the tsconfig does not read an inferred project", () => {
    expect(template.mode).toMatchObject({ typed: true, reason: "1 tsconfig.json, an inferred project for 3 files outside them" });
    expect(found(template)).toEqual(found(typed));
  });

  it("leaves a TypeScript project's scripts where they were", () => {
    expect(script.mode).toMatchObject({ typed: true, reason: "1 tsconfig.json" });
  });

  it("leaves the files to the tsconfig when it reads them (`allowJs` in the config it extends)", () => {
    expect(allowJs.mode).toMatchObject({ typed: true, reason: "1 tsconfig.json" });
    expect(found(allowJs)).toEqual(found(typed));
  });
});
