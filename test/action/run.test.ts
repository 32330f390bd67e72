/**
 * The GitHub Action, run as its step runs it: scripts/action/run.mjs with the variables
 * action.yml maps its inputs to, GITHUB_ACTION_PATH at this checkout (dist/ built: `npm run
 * build` first) and a temporary workspace.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module of the action, without types
import { splitWords } from "../../scripts/action/run.mjs";
import { ROOT } from "../cli/spawn-bin.js";
import { tempDir } from "../slow/install.js";

const SCRIPT = path.join(ROOT, "scripts/action/run.mjs");
const split = splitWords as (text: string) => string[];

const server = (tool: string, body: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "s", version: "1.0.0" });
server.registerTool(${JSON.stringify(tool)}, { description: "d" }, async () => {
${body}
});
`;
const TIMEOUT = `  const response = await fetch("https://example.com", { signal: AbortSignal.timeout(5000) });
  if (!response.ok) return { isError: true, content: [{ type: "text", text: "Something went wrong" }] };
  return { content: [{ type: "text", text: await response.text() }] };`;
const CLEAN = `  return { content: [{ type: "text", text: "ok" }] };`;

const workspace = tempDir("action");
mkdirSync(path.join(workspace, "a dir"));
writeFileSync(path.join(workspace, "a dir/one.js"), server("one", TIMEOUT));
writeFileSync(path.join(workspace, "two.js"), server("50%,x", TIMEOUT));
writeFileSync(path.join(workspace, "clean.js"), server("clean", CLEAN));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

interface ActionRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly outputs: Record<string, string>;
}

let runs = 0;
function runAction(inputs: Record<string, string>, actionPath = ROOT): ActionRun {
  const outputFile = path.join(workspace, `.github-output-${++runs}`);
  writeFileSync(outputFile, "");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_COLOR: "1",
    GITHUB_ACTION_PATH: actionPath,
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: outputFile,
    GITHUB_JOB: "lint",
    RUNNER_TEMP: workspace,
  };
  for (const [name, value] of Object.entries(inputs)) env[`MCP_ERRORS_${name.toUpperCase().replaceAll("-", "_")}`] = value;
  const result = spawnSync(process.execPath, [SCRIPT], { cwd: workspace, env, encoding: "utf8", timeout: 120_000 });
  const outputs = Object.fromEntries(
    readFileSync(outputFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  return { code: result.status, stdout: result.stdout, outputs };
}

describe("splitting path and args as a shell does", () => {
  it.each([
    ["--rule require-timeout:off", ["--rule", "require-timeout:off"]],
    [`--rule "require-timeout:off" --rule 'no-generic-error-message:off'`, ["--rule", "require-timeout:off", "--rule", "no-generic-error-message:off"]],
    ["src\npackages/a\n\n  packages/b  \n", ["src", "packages/a", "packages/b"]],
    [`"a dir/one.js" a\\ b 'it''s' "say \\"hi\\""`, ["a dir/one.js", "a b", "its", 'say "hi"']],
    ["", []],
  ])("%j", (text, words) => {
    expect(split(text)).toEqual(words);
  });

  it("refuses an unterminated quote", () => {
    expect(() => split(`--rule "require-timeout:off`)).toThrow(/unterminated "/u);
  });
});

describe("the action's step", () => {
  it("lints every line of a multi-line path and shows the findings as escaped annotations (exit 1)", () => {
    const run = runAction({ path: `"a dir/one.js"\ntwo.js\n` });
    expect(run.code).toBe(1);
    expect(run.outputs["exit-code"]).toBe("1");
    const annotations = run.stdout.split("\n").filter((line) => line.startsWith("::error "));
    // Each file: an unclassified error result, and its generic text.
    expect(annotations).toHaveLength(4);
    expect(annotations[1]).toMatch(
      /^::error file=a dir\/one\.js,line=5,col=\d+,endLine=5,endColumn=\d+,title=mcp-errors\/no-generic-error-message::The error text "Something went wrong" of tool "one" /u,
    );
    // `%` and `,` of the tool name encoded, so the runner reads the message back as written.
    expect(annotations[3]).toMatch(/^::error file=two\.js,line=5,.*::The error text "Something went wrong" of tool "50%25,x" /u);
    expect(run.stdout).toContain("mcp-errors found problems (exit 1).");
  });

  it("removes the quotes of args (quoted --rule options turn the rules off: exit 0)", () => {
    const run = runAction({ path: "two.js", args: `--rule "no-generic-error-message:off" --rule 'require-error-classification:off'` });
    expect(run.stdout).not.toContain("::error");
    expect(run.code).toBe(0);
  });

  it("exits 0 on a clean file, with no annotation", () => {
    const run = runAction({ path: "clean.js" });
    expect(run.code).toBe(0);
    expect(run.outputs["exit-code"]).toBe("0");
    expect(run.stdout).not.toMatch(/^::/mu);
  });

  it("prints plain log lines instead of annotations with annotations: false", () => {
    const run = runAction({ path: "two.js", annotations: "false" });
    expect(run.code).toBe(1);
    expect(run.stdout).not.toMatch(/^::error/mu);
    expect(run.stdout).toMatch(/^two\.js:5:\d+ {2}error {2}The error text "Something went wrong" of tool "50%,x"/mu);
  });

  it("writes the SARIF report only when the upload is on, and names its category", () => {
    const off = runAction({ path: "two.js" });
    expect(existsSync(path.join(workspace, "mcp-errors.sarif"))).toBe(false);
    expect(off.outputs["sarif-file"]).toBeUndefined();
    expect(off.outputs.category).toBe("mcp-errors/lint/two.js");

    const on = runAction({ path: "two.js", "upload-sarif": "true", "sarif-file": "reports/out.sarif", category: "mcp-errors-node-22" });
    expect(on.outputs["sarif-file"]).toBe("reports/out.sarif");
    expect(on.outputs.category).toBe("mcp-errors-node-22");
    const log = JSON.parse(readFileSync(path.join(workspace, "reports/out.sarif"), "utf8")) as { runs: { results: unknown[] }[] };
    expect(log.runs[0]?.results).toHaveLength(2);
  });

  it("reports a usage error as exit 2, not as findings", () => {
    const run = runAction({ path: "two.js", config: "nope" });
    expect(run.code).toBe(2);
    expect(run.outputs["exit-code"]).toBe("2");
    expect(run.stdout).toContain("::error title=mcp-errors::mcp-errors exited with 2: a usage or internal error");
    expect(run.stdout).not.toContain("found problems");
  });

  it("reports an install failure as exit 2 with no file analysed", () => {
    // An action checkout without dist/ whose install fails (a dependency that does not exist).
    const broken = path.join(workspace, "broken-action");
    mkdirSync(broken);
    writeFileSync(path.join(broken, "package.json"), JSON.stringify({ name: "broken", version: "1.0.0", dependencies: { missing: "file:./missing" } }));
    const run = runAction({ path: "two.js" }, broken);
    expect(run.code).toBe(2);
    expect(run.outputs["exit-code"]).toBe("2");
    expect(run.stdout).toMatch(
      /^::error title=mcp-errors::The action could not install mcp-errors from its checkout .* this is not a finding \(exit 2\)\./mu,
    );
  });

  it("refuses an unterminated quote in args with exit 2", () => {
    const run = runAction({ path: "two.js", args: `--rule "x` });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain("::error title=mcp-errors::The path or args input cannot be read: unterminated");
  });
});

describe("action.yml", () => {
  const action = readFileSync(path.join(ROOT, "action.yml"), "utf8");

  it("runs the script of its own checkout, not a package from the registry", () => {
    expect(action).toContain('run: node "$GITHUB_ACTION_PATH/scripts/action/run.mjs"');
    expect(action).not.toContain("npx");
  });

  it("maps every input the script reads", () => {
    const script = readFileSync(SCRIPT, "utf8");
    const read = new Set([...script.matchAll(/env\.(MCP_ERRORS_\w+)/gu)].map(([, name]) => name));
    const mapped = new Set(
      [...action.matchAll(/^\s+(MCP_ERRORS_\w+): \$\{\{ inputs\.([\w-]+) \}\}$/gmu)].map(([, variable, input]) => {
        // One name for both: MCP_ERRORS_SARIF_FILE is inputs.sarif-file.
        expect(variable).toBe(`MCP_ERRORS_${(input ?? "").toUpperCase().replaceAll("-", "_")}`);
        return variable;
      }),
    );
    expect([...read].sort()).toEqual([...mapped].sort());
  });

  it("defaults to annotations, no SARIF upload, Node 22 and current action majors", () => {
    const input = (name: string): string | undefined => new RegExp(`^  ${name}:\\n(?:    .*\\n)*?    default: "?([^"\\n]*)"?$`, "mu").exec(action)?.[1];
    expect(input("annotations")).toBe("true");
    expect(input("upload-sarif")).toBe("false");
    expect(input("node-version")).toBe("22");
    expect(Number(/actions\/setup-node@v(\d+)/u.exec(action)?.[1])).toBeGreaterThanOrEqual(5);
    expect(Number(/codeql-action\/upload-sarif@v(\d+)/u.exec(action)?.[1])).toBeGreaterThanOrEqual(4);
    expect(action).toContain("category: ${{ steps.run.outputs.category }}");
  });
});
