/**
 * TypeScript is the plugin's optional peer: a plain JavaScript project that installs the plugin
 * gets no TypeScript and still lints its JavaScript (with ESLint's own parser), and a TypeScript
 * file there gets one line that says what to install. The `mcp-errors` package
 * (packages/mcp-errors) brings ESLint, TypeScript and the parser, so that `npx mcp-errors`
 * audits a TypeScript server with no setup. Installs the packed plugin (dist/ as built: `npm run
 * build` first) and the rest from the registry.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../cli/spawn-bin.js";
import { OFFLINE, exec, registryReachable, tempDir, userEnv } from "./install.js";

const work = tempDir("typescript-free");
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `npm pack` of a package folder into `work`; the tarball's path. */
function pack(folder: string): string {
  const name = execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", work], {
    cwd: folder,
    encoding: "utf8",
    env: userEnv(),
  }).trim();
  return path.join(work, name);
}

const DEFECT = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("get_doc", { inputSchema: {} }, async (args) => {
  const response = await fetch("https://docs.example.com/" + args.id);
  return { content: [{ type: "text", text: await response.text() }] };
});
`;

let plugin = "";
beforeAll(() => {
  plugin = pack(ROOT);
});

describe("without TypeScript", () => {
  it("a JavaScript project gets no TypeScript, lints its JavaScript, and a .ts file names what to install", async (context) => {
    context.skip(!(await registryReachable()), OFFLINE);
    const project = path.join(work, "js-project");
    mkdirSync(path.join(project, "src"), { recursive: true });
    writeFileSync(
      path.join(project, "package.json"),
      JSON.stringify({
        name: "js-project",
        private: true,
        type: "module",
        devDependencies: { eslint: "^10.0.0", "eslint-plugin-mcp-errors": `file:${plugin}` },
      }),
    );
    writeFileSync(
      path.join(project, "eslint.config.js"),
      'import mcpErrors from "eslint-plugin-mcp-errors";\nexport default [mcpErrors.configs.recommended];\n',
    );
    writeFileSync(path.join(project, "src/server.js"), DEFECT);
    writeFileSync(path.join(project, "src/typed.ts"), DEFECT.replace("async (args)", "async (args: { id: string })"));
    const install = await exec("npm", ["install", "--no-audit", "--no-fund"], { cwd: project, env: userEnv() });
    expect(install.code, install.stderr).toBe(0);

    const ls = await exec("npm", ["ls", "--all", "--parseable", "typescript", "@typescript-eslint/parser", "@typescript-eslint/typescript-estree"], {
      cwd: project,
      env: userEnv(),
    });
    expect(ls.stdout.trim(), "no TypeScript package in the tree").toBe("");

    const lint = await exec(process.execPath, [path.join(project, "node_modules/eslint/bin/eslint.js"), "--format", "json", "src"], {
      cwd: project,
      env: userEnv(),
    });
    const results = JSON.parse(lint.stdout) as { filePath: string; messages: { ruleId: string | null; message: string }[] }[];
    const byFile = Object.fromEntries(results.map((r) => [path.basename(r.filePath), r.messages.map((m) => m.ruleId ?? m.message)]));
    expect(byFile["server.js"]).toEqual(["mcp-errors/require-timeout"]);
    expect(byFile["typed.ts"]).toEqual([
      "Parsing error: eslint-plugin-mcp-errors: TypeScript files and typed linting need typescript, which is not installed: npm install --save-dev typescript typescript-eslint (or typescript @typescript-eslint/parser).",
    ]);

    // The plugin's own command audits JavaScript without TypeScript, and says what a .ts file needs.
    const bin = path.join(project, "node_modules/eslint-plugin-mcp-errors/dist/cli/bin.js");
    const javascript = await exec(process.execPath, [bin, "--format", "json", "src/server.js"], { cwd: project, env: userEnv() });
    expect(javascript.code, javascript.stderr).toBe(1);
    const found = JSON.parse(javascript.stdout) as { messages: { ruleId: string | null }[] }[];
    expect(found.flatMap((r) => r.messages.map((m) => m.ruleId))).toEqual(["mcp-errors/require-timeout"]);
    const typed = await exec(process.execPath, [bin, "src"], { cwd: project, env: userEnv() });
    expect(typed.code).toBe(2);
    expect(typed.stderr).toContain(
      "1 TypeScript file to audit, and typescript is not installed next to the plugin. Run the mcp-errors package, which brings it (npx mcp-errors)",
    );
  }, 600_000);

  it("the mcp-errors package brings TypeScript and audits a TypeScript server", async (context) => {
    context.skip(!(await registryReachable()), OFFLINE);
    const cli = pack(path.join(ROOT, "packages/mcp-errors"));
    const project = path.join(work, "ts-server");
    mkdirSync(path.join(project, "src"), { recursive: true });
    cpSync(path.join(ROOT, "test/fixtures/cli/ts-server/tsconfig.json"), path.join(project, "tsconfig.json"), { errorOnExist: false });
    writeFileSync(path.join(project, "src/server.ts"), DEFECT.replace("async (args)", "async (args: { id: string })"));
    // As `npx mcp-errors` installs it; the plugin's tarball stands in for the registry's release.
    const prefix = path.join(work, "npx");
    mkdirSync(prefix);
    writeFileSync(path.join(prefix, "package.json"), JSON.stringify({ name: "npx-cache", private: true }));
    const install = await exec("npm", ["install", "--no-audit", "--no-fund", plugin, cli], { cwd: prefix, env: userEnv() });
    expect(install.code, install.stderr).toBe(0);
    const run = await exec(path.join(prefix, "node_modules/.bin/mcp-errors"), ["--format", "json", "src"], { cwd: project, env: userEnv() });
    expect(run.code, run.stderr).toBe(1);
    const results = JSON.parse(run.stdout) as { messages: { ruleId: string | null }[] }[];
    expect(results.flatMap((r) => r.messages.map((m) => m.ruleId))).toEqual(["mcp-errors/require-timeout"]);
  }, 600_000);
});
