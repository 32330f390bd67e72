/**
 * Faults in the audited tree that must cost only the file they are in, or be said out loud
 * (issue 18, items 10 and 11): a file nobody can read, a binary file named like a source file,
 * and a tsconfig TypeScript finds fault with. The built bin, on projects in a temporary folder.
 */
import { accessSync, chmodSync, constants, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import type { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import { spawnBin } from "./spawn-bin.js";

const tmp = mkdtempSync(path.join(os.tmpdir(), "mcp-errors-faults-"));

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

const server = new McpServer({ name: "weather", version: "1.0.0" });

server.registerTool("forecast", { description: "Forecast for a city" }, async () => {
  const response = await fetch("https://weather.example/forecast");
  return { content: [{ type: "text", text: await response.text() }] };
});
`;

/** A project with `src/server.ts` (one require-timeout finding) and the given other files. */
function project(name: string, files: Record<string, string | Buffer> = {}): string {
  const dir = path.join(tmp, name);
  mkdirSync(path.join(dir, "src"), { recursive: true });
  for (const [file, text] of Object.entries({ "src/server.ts": SERVER, ...files })) writeFileSync(path.join(dir, file), text);
  return dir;
}

/** `file ruleId-or-message` for each message of a json report. */
function messages(stdout: string, cwd: string): string[] {
  return (JSON.parse(stdout) as ESLint.LintResult[])
    .flatMap((result) => result.messages.map((m) => `${path.relative(cwd, result.filePath)} ${m.ruleId ?? m.message}`))
    .sort();
}

const notices = (stderr: string): string[] => stderr.split("\n").filter((line) => line.startsWith("mcp-errors: "));

describe("a file that cannot be read", () => {
  it("gets a fatal error of its own, and the other files are linted", async () => {
    const dir = project("unreadable", { "src/locked.ts": "export const locked = 1;\n" });
    const locked = path.join(dir, "src/locked.ts");
    chmodSync(locked, 0o000);
    let readable = true;
    try {
      accessSync(locked, constants.R_OK);
    } catch {
      readable = false;
    }
    if (readable) {
      // Root reads a chmod 000 file: a FIFO named like a source file, which no read gets to the
      // end of, stands in for it (only a path named on the command line can be one).
      rmSync(locked);
      execFileSync("mkfifo", [locked]);
    }
    const run = await spawnBin(dir, ["--format", "json", "--no-types", "src", "src/locked.ts"]);
    expect(run.code).toBe(1);
    const reason = readable ? "it is not a regular file" : "EACCES: permission denied";
    expect(messages(run.stdout, dir)).toEqual([`src/locked.ts Cannot read the file: ${reason}.`, "src/server.ts mcp-errors/require-timeout"]);
  });
});

describe("a binary file named like a source file", () => {
  it("is skipped with a notice, not counted as a parse error", async () => {
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypmp42"), Buffer.alloc(64, 0xff)]);
    const dir = project("binary", { "src/intro.ts": video });
    const run = await spawnBin(dir, ["--format", "json", "--no-types"]);
    expect(run.code).toBe(1);
    expect(messages(run.stdout, dir)).toEqual(["src/server.ts mcp-errors/require-timeout"]);
    expect(notices(run.stderr)).toEqual(["mcp-errors: skipped src/intro.ts: not text (a NUL byte in the first KB), so not source code to check."]);
    expect(run.stderr).toContain("syntactic analysis (--no-types) · 1 file");
  });

  it("only binary files: nothing was linted, exit 2", async () => {
    const dir = path.join(tmp, "only-binary");
    mkdirSync(dir);
    writeFileSync(path.join(dir, "clip.ts"), Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]));
    const run = await spawnBin(dir, ["--no-types"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("No files to lint: the 1 files found are binary.");
  });
});

describe("an invalid tsconfig", () => {
  it("found: a notice names it and TypeScript's message, and the header says so", async () => {
    const dir = project("invalid-found", { "tsconfig.json": '{ "compilerOptions": { "strict": "yes", "bogus": 1 }, "include": ["src"] }\n' });
    const run = await spawnBin(dir, ["--format", "json"]);
    expect(run.code).toBe(1);
    expect(notices(run.stderr).filter((line) => !line.includes("could not be resolved"))).toEqual([
      "mcp-errors: tsconfig.json is not a valid tsconfig: Compiler option 'strict' requires a value of type boolean. (TS5024, line 1) and 1 more problem. " +
        "The typed analysis uses what TypeScript makes of it, so cross-file findings may be missing: fix it, or name a valid one with --project.",
    ]);
    expect(run.stderr).toContain("typed analysis (1 tsconfig.json, 1 invalid)");
  });

  it("given with -p: broken JSON is named, with TypeScript's message", async () => {
    const dir = project("invalid-project", { "tsconfig.build.json": '{ "compilerOptions": { "strict": true, "include": ["src"]\n' });
    const run = await spawnBin(dir, ["--format", "json", "-p", "tsconfig.build.json"]);
    expect(run.code).toBe(1);
    expect(notices(run.stderr)).toContain(
      "mcp-errors: tsconfig.build.json is not a valid tsconfig: '}' expected. (TS1005, line 2) and 1 more problem. " +
        "The typed analysis uses what TypeScript makes of it, so cross-file findings may be missing: fix it, or name a valid one with --project.",
    );
    expect(run.stderr).toContain("typed analysis (--project tsconfig.build.json, invalid)");
  });
});

describe("a file nested too deep to parse", () => {
  it("gets its own parsing error, and the rules still run on the other files", async () => {
    // A chain of a thousand `.then()` calls is deeper than the parser's recursion goes.
    const chain = `export const total = Promise.resolve(0)${".then((n) => n + 1)".repeat(1000)};\n`;
    const dir = project("deep", { "src/chain.ts": chain });
    const run = await spawnBin(dir, ["--no-types", "--format", "json", "."]);
    expect(run.code).toBe(1);
    expect(messages(run.stdout, dir)).toEqual([
      "src/chain.ts Parsing error: Maximum call stack size exceeded",
      "src/server.ts mcp-errors/require-timeout",
    ]);
  });
});

describe("targets the CLI cannot lint", () => {
  it("says which named files it left out because they are not JavaScript or TypeScript", async () => {
    const dir = project("other-kinds", { "App.vue": "<template><div /></template>\n", "README.md": "# Weather\n" });
    const run = await spawnBin(dir, ["--no-types", "--format", "json", "src/server.ts", "App.vue", "README.md"]);
    expect(run.code).toBe(1);
    expect(notices(run.stderr)).toEqual(["mcp-errors: 2 named files are not JavaScript or TypeScript and left out: App.vue, README.md."]);
  });

  it("names a loop of symbolic links in one line, exit 2, instead of an internal error", async () => {
    const dir = project("symlink-loop");
    symlinkSync(path.join(dir, "first"), path.join(dir, "second"));
    symlinkSync(path.join(dir, "second"), path.join(dir, "first"));
    const run = await spawnBin(dir, ["--no-types", "first"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("mcp-errors: first is a loop of symbolic links.");
    expect(run.stderr).not.toContain("internal error");
  });

  it("says when a folder cannot be read, and lints the rest", async (context) => {
    const dir = project("locked-folder");
    mkdirSync(path.join(dir, "locked"));
    writeFileSync(path.join(dir, "locked", "tool.ts"), SERVER);
    chmodSync(path.join(dir, "locked"), 0o000);
    try {
      readdirSync(path.join(dir, "locked"));
      // Root reads any folder: the case cannot be made here.
      context.skip("running as root, a chmod 000 folder stays readable");
    } catch {
      // Not readable: the case holds.
    }
    const run = await spawnBin(dir, ["--no-types", "--format", "json", "."]);
    chmodSync(path.join(dir, "locked"), 0o755);
    expect(run.code).toBe(1);
    expect(notices(run.stderr)).toEqual(["mcp-errors: cannot read the folder locked (EACCES): its files are left out."]);
  });
});

describe("a file too deep for TypeScript in a typed project", () => {
  it("costs only that file: the others are linted, without types, with one notice", async () => {
    // Deep enough that TypeScript's own recursion fails while it builds the program.
    const chain = `export const total = Promise.resolve(0)${".then((n) => n + 1)".repeat(3000)};\n`;
    const dir = project("deep-typed", {
      "src/chain.ts": chain,
      "src/other.ts": "export const answer: number = 42;\n",
      "tsconfig.json": JSON.stringify({
        compilerOptions: { strict: true, module: "NodeNext", moduleResolution: "NodeNext", target: "ES2022" },
        include: ["src"],
      }),
    });
    const run = await spawnBin(dir, ["--format", "json", "."]);
    expect(run.code).toBe(1);
    expect(messages(run.stdout, dir)).toEqual([
      "src/chain.ts Parsing error: Maximum call stack size exceeded",
      "src/server.ts mcp-errors/require-timeout",
    ]);
    expect(notices(run.stderr).filter((line) => line.includes("no type information"))).toHaveLength(1);
  });
});
