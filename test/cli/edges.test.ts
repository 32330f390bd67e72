/**
 * The edges of a CLI run: what it lints when the paths match nothing or are patterns, where the
 * report goes, how an internal error reads, and that it never destroys data it does not own
 * (the cache file, a symlink's target, the files `--fix` would write while the report cannot be).
 * Most cases run `main()` in this process, syntactic, on copies in a temporary folder.
 */
import { cpSync, existsSync, mkdirSync, symlinkSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { Linter } from "eslint";
import { afterAll, describe, expect, it } from "vitest";
import { globMatcher, splitGlob } from "../../src/cli/glob.js";
import { internalErrorLine } from "../../src/cli/main.js";
import { BIN, mainInProcess, ROOT, type Run } from "./spawn-bin.js";

const FIXTURES = path.join(ROOT, "test/fixtures/cli");
const tmp = mkdtempSync(path.join(os.tmpdir(), "mcp-errors-edges-"));

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

const lines = (text: string): string[] => text.split("\n").filter((line) => line !== "");

/** A copy of a fixture in the temporary folder, to run in or to write to. */
function copy(fixture: string, name: string): string {
  const dir = path.join(tmp, name);
  cpSync(path.join(FIXTURES, fixture), dir, { recursive: true });
  return dir;
}

const linted = (run: Run, cwd: string): string[] =>
  (JSON.parse(run.stdout) as { filePath: string }[]).map((result) => path.relative(cwd, result.filePath).split(path.sep).join("/")).sort();

describe("paths that match nothing", () => {
  const plain = path.join(FIXTURES, "plain-js");
  mkdirSync(path.join(tmp, "empty"));
  mkdirSync(path.join(tmp, "docs-only"));
  writeFileSync(path.join(tmp, "docs-only", "README.md"), "# no code here\n");

  it.each([
    [tmp, ["empty"], /^mcp-errors: No files matching the pattern "empty" were found\.$/u],
    [tmp, ["docs-only"], /^mcp-errors: No files matching the pattern "docs-only" were found\.$/u],
    [plain, ["src/*.ts"], /^mcp-errors: No files matching the pattern "src\/\*\.ts" were found\.$/u],
    [plain, ["package.json"], /^mcp-errors: No files to lint in package\.json: none of them is a JavaScript or TypeScript source file\.$/u],
    [
      path.join(plain, "src"),
      ["../dist/server.js"],
      /^mcp-errors: \.\.\/dist\/server\.js is outside the working directory .*src: run mcp-errors from a folder that contains it\.$/u,
    ],
    [path.join(plain, "src"), [path.join(plain, "dist")], /^mcp-errors: .*dist is outside the working directory/u],
  ] as const)("exits 2 with one line, never 'No problems' (%#: %j)", async (cwd, args, reason) => {
    const run = await mainInProcess(cwd, ["--no-types", ...args]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toEqual([expect.stringMatching(reason), "Run mcp-errors --help for the options."]);
  });

  it("lints a file the user named under node_modules/ (ESLint's default ignore would drop it unseen)", async () => {
    const dir = path.join(tmp, "vendored");
    mkdirSync(path.join(dir, "node_modules", "tool"), { recursive: true });
    cpSync(path.join(plain, "src", "server.js"), path.join(dir, "node_modules", "tool", "server.js"));
    const run = await mainInProcess(dir, ["--format", "json", "node_modules/tool/server.js"]);
    expect(run.code).toBe(1);
    expect(linted(run, dir)).toEqual(["node_modules/tool/server.js"]);
  });
});

describe("glob patterns as paths", () => {
  const plain = path.join(FIXTURES, "plain-js");

  it.each([
    [["src/*.js"], ["src/server.js"]],
    // The walk's filters still apply: dist/, the git-ignored generated/ and test files stay out.
    [["**/*.js"], ["src/server.js"]],
    [["{src,dist}/server.js"], ["src/server.js"]],
    [["s?c"], ["src/server.js"]],
    [
      ["**/*.js", "--include-tests"],
      ["src/server.js", "src/server.test.js"],
    ],
  ] as const)("%j lints %j", async (args, files) => {
    const run = await mainInProcess(plain, ["--format", "json", ...args]);
    expect(run.stderr).not.toMatch(/^mcp-errors: (?!\d)/mu);
    expect(linted(run, plain)).toEqual(files);
  });
});

describe("globMatcher", () => {
  it.each([
    ["*.ts", "server.ts", true],
    ["*.ts", "lib/server.ts", false],
    ["**/*.ts", "server.ts", true],
    ["**/*.ts", "a/b/server.ts", true],
    ["src/**", "src/a/b.js", true],
    ["*.{ts,js}", "a.js", true],
    ["{src,lib/{a,b}}/*.ts", "lib/b/x.ts", true],
    ["{src,lib/{a,b}}/*.ts", "lib/c/x.ts", false],
    ["file[0-9].ts", "file7.ts", true],
    ["file[!0-9].ts", "file7.ts", false],
    ["a?c.ts", "abc.ts", true],
    ["a?c.ts", "a/c.ts", false],
    ["(a).ts", "(a).ts", true],
    ["a+b.ts", "aab.ts", false],
  ] as const)("%s on %s: %s", (pattern, file, expected) => {
    expect(globMatcher(pattern)(file)).toBe(expected);
  });

  it("walks from the pattern's literal folders", () => {
    expect(splitGlob("src/tools/*.ts")).toEqual({ base: "src/tools", rest: "*.ts" });
    expect(splitGlob("**/*.ts")).toEqual({ base: ".", rest: "**/*.ts" });
    expect(splitGlob("/abs/*.ts")).toEqual({ base: "/abs", rest: "*.ts" });
    expect(splitGlob("/*.ts")).toEqual({ base: "/", rest: "*.ts" });
  });
});

describe("--output", () => {
  it("creates the report's folder", async () => {
    const report = path.join(tmp, "reports", "nested", "mcp-errors.json");
    const run = await mainInProcess(path.join(FIXTURES, "plain-js"), ["--format", "json", "--output", report]);
    expect(run.code).toBe(1);
    expect(JSON.parse(readFileSync(report, "utf8"))).toHaveLength(1);
  });

  it("is checked before the run: no header, no lint, and an existing report is left as it was", async () => {
    const blocker = path.join(tmp, "a-file");
    writeFileSync(blocker, "not a folder\n");
    const run = await mainInProcess(path.join(FIXTURES, "plain-js"), ["--output", path.join(blocker, "report.txt")]);
    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toEqual([
      expect.stringMatching(/^mcp-errors: Cannot write the report to .*a-file\/report\.txt: /u),
      "Run mcp-errors --help for the options.",
    ]);
    expect(readFileSync(blocker, "utf8")).toBe("not a folder\n");
  });
});

describe("an internal error", () => {
  /** The error ESLint throws when a rule fails on a file: the message names the file, line and rule. */
  function ruleCrash(filename: string): unknown {
    const linter = new Linter({ configType: "flat", cwd: tmp });
    const crashing = {
      create: () => ({
        Identifier: () => {
          throw new TypeError("Cannot read properties of undefined (reading 'name')");
        },
      }),
    };
    try {
      linter.verify("\n\nconst tool = 1;\n", { plugins: { p: { rules: { crash: crashing } } }, rules: { "p/crash": "error" } }, { filename });
    } catch (error) {
      return error;
    }
    throw new Error("the rule did not crash");
  }

  it("names the file, line and rule ESLint reports, relative to the working directory, in one line", () => {
    const line = internalErrorLine(ruleCrash(path.join(tmp, "src", "server.js")), tmp);
    expect(line).toBe(`mcp-errors: internal error in src/server.js:3 (rule p/crash): Cannot read properties of undefined (reading 'name')`);
  });

  it("is one line without a file when none is known", () => {
    expect(internalErrorLine(new Error("ENOENT: no such file or directory, mkdtemp\nmore"), tmp)).toBe(
      "mcp-errors: internal error: ENOENT: no such file or directory, mkdtemp",
    );
  });
});

describe("data that is not the CLI's own", () => {
  const KEEP = "a file the user keeps\n";

  it("without --cache, deletes neither the --cache-location file, nor the default cache, nor the project's .eslintcache", async () => {
    const dir = copy("plain-js", "no-cache");
    const files = [path.join(tmp, "notes.txt"), path.join(dir, "node_modules", ".cache", "mcp-errors", ".cache"), path.join(dir, ".eslintcache")];
    for (const file of files) {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, KEEP);
    }
    expect((await mainInProcess(dir, ["--cache-location", files[0] ?? ""])).code).toBe(1);
    expect((await mainInProcess(dir, [])).code).toBe(1);
    for (const file of files) expect(readFileSync(file, "utf8"), file).toBe(KEEP);
  });

  it.each([
    ["the default cache file", ["--cache"], "node_modules/.cache/mcp-errors/.cache", ""],
    // The link points at a folder that holds a file where the cache would go.
    ["a folder on the way to it", ["--cache"], "node_modules/.cache", "mcp-errors/.cache"],
    ["the --cache-location file", ["--cache", "--cache-location", "ci.cache"], "ci.cache", ""],
  ])("with --cache, refuses a symbolic link as %s, in one line, and writes nothing through it", async (_, args, link, below) => {
    const name = link.replaceAll("/", "-");
    const dir = copy("plain-js", `link-${name}`);
    const target = path.join(tmp, `victim-${name}`);
    const victim = path.join(target, below);
    mkdirSync(path.dirname(victim), { recursive: true });
    writeFileSync(victim, KEEP);
    mkdirSync(path.dirname(path.join(dir, link)), { recursive: true });
    symlinkSync(target, path.join(dir, link));
    const run = await mainInProcess(dir, args);
    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toEqual([
      expect.stringMatching(/^mcp-errors: The cache path .* is a symbolic link: refusing to write the cache through it/u),
      "Run mcp-errors --help for the options.",
    ]);
    expect(readFileSync(victim, "utf8")).toBe(KEEP);
  });

  it("with --cache, writes the cache as before", async () => {
    const dir = copy("plain-js", "cached");
    expect((await mainInProcess(dir, ["--cache"])).code).toBe(1);
    expect(existsSync(path.join(dir, "node_modules", ".cache", "mcp-errors", ".cache"))).toBe(true);
    expect((await mainInProcess(dir, ["--cache", "--cache-location", "own-folder/"])).code).toBe(1);
    expect(existsSync(path.join(dir, "own-folder"))).toBe(true);
  });

  it("--fix with a report that cannot be written fails before it writes a fix", async () => {
    const dir = copy("ts-server", "fix-unwritable-output");
    const before = readFileSync(path.join(dir, "src", "server.ts"), "utf8");
    const run = await mainInProcess(dir, ["--fix", "--no-types", "--output", path.join(dir, "package.json", "report.txt")]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^mcp-errors: Cannot write the report to /u);
    expect(readFileSync(path.join(dir, "src", "server.ts"), "utf8")).toBe(before);
    // The same run with a report it can write does fix the file.
    expect((await mainInProcess(dir, ["--fix", "--no-types", "--output", path.join(dir, "report.txt")])).code).not.toBe(2);
    expect(readFileSync(path.join(dir, "src", "server.ts"), "utf8")).not.toBe(before);
  });
});

describe("the process", () => {
  it("exits quietly, with the run's own code, when the reader of its output goes away (| head)", async () => {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [BIN, "--no-types"], { cwd: path.join(FIXTURES, "ts-server"), stdio: ["ignore", "pipe", "pipe"] });
      // Closed before the first line: every write to stdout meets EPIPE.
      child.stdout.destroy();
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
      child.on("error", reject);
      child.on("close", (code) => {
        resolve({ code, stderr });
      });
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
  });
});
