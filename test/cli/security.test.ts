/**
 * Auditing a repository must never run its code. A hostile tree gets a module planted at every
 * path that a formatter, config, plugin, parser or TypeScript plugin lookup could pick up, in the
 * audited folder and in its parent; each writes a marker file when it is loaded, and a formatter
 * also tries to replace the report. Then the CLI runs on it in every format and mode, and the
 * `analyze()` API in this process: no marker may appear, and every report must be ours.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, type Run, spawnBin } from "./spawn-bin.js";

const tmp = mkdtempSync(path.join(os.tmpdir(), "mcp-errors-hostile-"));
const markers = path.join(tmp, "markers");
const outer = path.join(tmp, "outer");
const target = path.join(outer, "server");

/**
 * CommonJS that leaves a marker named after the planted module and the process that loaded it
 * (worker threads share their process's id), and exports `value`.
 */
function planted(name: string, value = "{}"): string {
  const marker = JSON.stringify(path.join(markers, name.replaceAll("/", "__")));
  return `require("node:fs").writeFileSync(${marker} + "@" + process.pid, "loaded");\nmodule.exports = ${value};\n`;
}

/** The planted modules that the process `pid` loaded. */
const loadedBy = (pid: number | undefined): string[] => readdirSync(markers).filter((marker) => marker.endsWith(`@${String(pid)}`));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** An npm package in `dir/node_modules`, CommonJS, whose main module is planted. */
function plantPackage(dir: string, name: string, value?: string): void {
  const root = path.join(dir, "node_modules", name);
  write(path.join(root, "package.json"), JSON.stringify({ name, version: "1.0.0", main: "index.js" }));
  write(path.join(root, "index.js"), planted(`${path.basename(dir)}-${name}`, value));
}

const FORMATS = ["stylish", "json", "sarif", "markdown"] as const;
const FORMATTER = `function format() { return "REPLACED BY THE AUDITED TREE"; }`;

function plantTree(): void {
  mkdirSync(markers, { recursive: true });
  for (const dir of [outer, target]) {
    const where = path.basename(dir);
    // ESLint looks formatters up as `eslint-formatter-<name>` from the working directory upward.
    for (const format of [...FORMATS, "html", "json-with-metadata"]) plantPackage(dir, `eslint-formatter-${format}`, FORMATTER);
    for (const config of ["eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", "eslint.config.ts", "eslint.config.mts", "eslint.config.cts"]) {
      write(path.join(dir, config), planted(`${where}-${config}`, "[]"));
    }
    write(path.join(dir, ".eslintrc.js"), planted(`${where}-.eslintrc.js`, `{ parser: "evil-parser", plugins: ["evil"] }`));
    write(path.join(dir, ".eslintrc.cjs"), planted(`${where}-.eslintrc.cjs`, `{ parser: "evil-parser", plugins: ["evil"] }`));
    write(path.join(dir, ".eslintrc.json"), JSON.stringify({ parser: "evil-parser", plugins: ["evil"], extends: ["plugin:evil/all"] }));
    write(path.join(dir, ".eslintrc.yml"), "parser: evil-parser\nplugins: [evil]\n");
    // Whatever a config above could name: a parser, a plugin, a TypeScript language service plugin.
    for (const name of ["evil-parser", "eslint-plugin-evil", "evil-ts-plugin", "typescript-eslint-language-service", "jiti"]) plantPackage(dir, name);
  }
  // Stand-ins for the packages the CLI itself needs: they must come from its own installation.
  for (const name of ["eslint", "typescript", "@typescript-eslint/parser", "@typescript-eslint/typescript-estree", "ignore"]) plantPackage(target, name);
  write(
    path.join(target, "package.json"),
    JSON.stringify({
      name: "hostile-server",
      type: "module",
      scripts: Object.fromEntries(
        ["preinstall", "install", "postinstall", "prepare", "pretest", "test", "lint"].map((script) => [
          script,
          `node -e "require('node:fs').writeFileSync(${JSON.stringify(path.join(markers, `script-${script}`))}, '')"`,
        ]),
      ),
    }),
  );
  write(
    path.join(target, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: "nodenext",
        moduleResolution: "nodenext",
        target: "es2022",
        noEmit: true,
        plugins: [{ name: "evil-ts-plugin" }, { name: "typescript-eslint-language-service" }],
      },
      include: ["src"],
    }),
  );
  // A server with one finding of each kind the run must still report.
  write(
    path.join(target, "src", "server.ts"),
    [
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
      `/* eslint evil/rule: "error" */`,
      `const server = new McpServer({ name: "hostile", version: "1.0.0" });`,
      `server.registerTool("fetch_page", { description: "Fetch a page" }, async () => {`,
      `  const response = await fetch("https://example.com");`,
      `  if (!response.ok) return { isError: true, content: [{ type: "text", text: "Something went wrong" }] };`,
      `  return { content: [{ type: "text", text: await response.text() }] };`,
      `});`,
      ``,
    ].join("\n"),
  );
}

const reportFile = path.join(tmp, "report.out");

/** Every format, then each option that changes how ESLint is set up or where it looks. */
const RUNS: Record<string, readonly string[]> = {
  ...Object.fromEntries(FORMATS.map((format) => [`--format ${format}`, ["--format", format]])),
  // Worker threads rebuild ESLint from an options module: a second place where loading happens.
  "--concurrency 2": ["--concurrency", "2"],
  "--format json --concurrency auto": ["--format", "json", "--concurrency", "auto"],
  "--no-types": ["--format", "json", "--no-types"],
  "--project": ["--format", "json", "--project", "tsconfig.json"],
  "--cache": ["--format", "json", "--cache"],
  "--fix-dry-run": ["--format", "json", "--fix-dry-run"],
  "--config all --include-tests": ["--format", "json", "--config", "all", "--include-tests"],
  "--output": ["--format", "json", "--output", reportFile],
};

/** A run, and the report it wrote (stdout, or the `--output` file). */
const runs = new Map<string, Run & { readonly report: string }>();

beforeAll(async () => {
  plantTree();
  const names = Object.keys(RUNS);
  // Two at a time: each typed run takes a core.
  for (let i = 0; i < names.length; i += 2) {
    await Promise.all(
      names.slice(i, i + 2).map(async (name) => {
        const run = await spawnBin(target, RUNS[name] ?? []);
        runs.set(name, { ...run, report: name === "--output" ? readReport() : run.stdout });
      }),
    );
  }
}, 600_000);

function readReport(): string {
  return existsSync(reportFile) ? readFileSync(reportFile, "utf8") : "";
}

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe("the CLI on a hostile tree", () => {
  it.each(Object.keys(RUNS))("loads nothing from it: %s", (name) => {
    const run = runs.get(name);
    expect(run?.stderr).not.toMatch(/internal error/u);
    expect(run?.code).toBe(1);
    expect(loadedBy(run?.pid)).toEqual([]);
    expect(run?.report).not.toContain("REPLACED BY THE AUDITED TREE");
    // The report is ours and has the findings: the run really linted the planted server.
    expect(run?.report).toContain("require-timeout");
  });
});

describe("analyze() on a hostile tree", () => {
  it("loads nothing from it, typed or not", async () => {
    const { analyze } = (await import(pathToFileURL(path.join(ROOT, "dist/cli/analyzer.js")).href)) as typeof import("../../src/cli/analyzer.js");
    for (const types of [true, false]) {
      const result = await analyze({ cwd: target, types, config: "all" });
      expect(result.findings.map((finding) => finding.ruleId)).toContain("mcp-errors/require-timeout");
    }
    expect(loadedBy(process.pid)).toEqual([]);
  }, 120_000);
});

describe("after every run", () => {
  it("no planted module and no package script ran at all", () => {
    expect(readdirSync(markers)).toEqual([]);
  });
});
