/**
 * End-to-end: the built `mcp-errors` bin (`npm test` builds `dist/` first) over the fixture
 * projects of `test/fixtures/cli/`. Typed runs cost seconds, so every run the file needs is
 * started once in `beforeAll`, a few at a time, and shared by the assertions that read it.
 * Runs that write (`--fix`, `--cache`, `--output`) work in a temporary folder, never in a fixture.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mainInProcess, ROOT, type Run, spawnBin } from "./spawn-bin.js";

const FIXTURES = path.join(ROOT, "test/fixtures/cli");
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

type Fixture = "plain-js" | "ts-server" | "monorepo" | "missing-extends" | "foreign-directives";

interface JsonMessage {
  readonly ruleId: string | null;
  readonly line: number;
  readonly message: string;
}

interface JsonResult {
  readonly filePath: string;
  readonly messages: readonly JsonMessage[];
  readonly suppressedMessages: readonly JsonMessage[];
  readonly output?: string;
}

const FIXTURE_NAMES: readonly Fixture[] = ["plain-js", "ts-server", "monorepo", "missing-extends", "foreign-directives"];
const fixture = (name: Fixture): string => path.join(FIXTURES, name);

/** Every file of the fixtures and its content, to prove at the end that no run changed them. */
function snapshotTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), readFileSync(file, "utf8"));
  }
  return files;
}

// One CLI process per core or so: more only makes each typed run slower.
const PARALLEL = Math.min(4, Math.max(2, os.availableParallelism()));
let active = 0;
const waiting: (() => void)[] = [];

async function inSlot<T>(task: () => Promise<T>): Promise<T> {
  if (active < PARALLEL) active++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await task();
  } finally {
    // Hand the slot straight to the next run, or give it back.
    const next = waiting.shift();
    if (next) next();
    else active--;
  }
}

/** Runs the bin in `cwd`, a few at a time. */
function cli(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return inSlot(() => spawnBin(cwd, args, env));
}

const relative = (cwd: string, file: string): string => path.relative(cwd, file).split(path.sep).join("/");

function jsonResults(run: Run): JsonResult[] {
  return JSON.parse(run.stdout) as JsonResult[];
}

/** `file:line rule` for every finding of a `--format json` run, sorted. */
function findings(run: Run, cwd: string): string[] {
  return jsonResults(run)
    .flatMap((result) => result.messages.map((m) => `${relative(cwd, result.filePath)}:${String(m.line)} ${m.ruleId ?? "(parse error)"}`))
    .sort();
}

function lintedFiles(run: Run, cwd: string): string[] {
  return jsonResults(run)
    .map((result) => relative(cwd, result.filePath))
    .sort();
}

const header = (analysis: string, files: number): string =>
  `mcp-errors ${VERSION} · recommended · ${analysis} · ${String(files)} file${files === 1 ? "" : "s"}`;

const lines = (text: string): string[] => text.split("\n").filter((line) => line !== "");

/** The rows of the stylish report's tool inventory, cells split on the column gaps. */
function inventory(text: string): string[][] {
  const start = text.search(/^Tools \(\d+\)$/mu);
  if (start < 0) return [];
  const [, , ...rows] = text.slice(start).split("\n");
  const table: string[][] = [];
  for (const row of rows) {
    if (!row.startsWith("  ")) break;
    table.push(row.trim().split(/ {2,}/u));
  }
  return table;
}

const toolNames = (text: string): string[] => inventory(text).map(([name]) => name ?? "");

const STACK_FRAME = /^\s+at /mu;

const tmp = mkdtempSync(path.join(os.tmpdir(), "mcp-errors-bin-"));
const snapshotFixtures = (): Map<string, string>[] => FIXTURE_NAMES.map((name) => snapshotTree(fixture(name)));
const before = snapshotFixtures();
const fixCopy = path.join(tmp, "ts-server-fix");
const cacheLocation = path.join(tmp, "cache", "ts-server");
const reportFile = path.join(tmp, "report.txt");

const WARN_BOTH = ["--rule", "require-timeout:warn", "--rule", "no-generic-error-message:warn"];

/** Every run of the file: fixture, arguments, and the environment when it matters. */
const RUNS = {
  // Typed runs first: they are the long ones.
  tsCached: ["ts-server", ["--format", "json", "--cache", "--cache-location", cacheLocation]],
  tsConcurrent: ["ts-server", ["--format", "json", "--concurrency", "2"]],
  monorepo: ["monorepo", ["--format", "json"]],
  monorepoProject: ["monorepo", ["--format", "json", "--project", "packages/server/tsconfig.json"]],
  // File names, as a pre-commit hook passes them: the tsconfig.json above them still counts.
  missingExtends: ["missing-extends", ["--format", "json", "src/server.ts", "src/calendar.ts"]],
  tsNoTypesDryRun: ["ts-server", ["--format", "json", "--no-types", "--fix-dry-run"]],
  plainJson: ["plain-js", ["--format", "json"]],
  plainCleanToFile: ["plain-js", ["--rule", "require-timeout:off", "--rule", "mcp-errors/no-generic-error-message:off", "--output", reportFile]],
  plainMaxWarnings1: ["plain-js", [...WARN_BOTH, "--max-warnings", "1"]],
  plainMaxWarnings2: ["plain-js", [...WARN_BOTH, "--max-warnings", "2"]],
  plainQuiet: ["plain-js", ["--format", "json", "--quiet", "--rule", "require-timeout:warn"]],
  foreignJson: ["foreign-directives", ["--format", "json"]],
  help: ["plain-js", ["--help"]],
  version: ["plain-js", ["--version"]],
  unknownOption: ["plain-js", ["--bogus"]],
  // An internal failure, cheaply: no temporary folder for the worker threads' options module.
  internalErrorDebug: ["plain-js", ["--concurrency", "2", "--debug"], { TMPDIR: path.join(tmp, "missing") }],
} satisfies Record<string, readonly [Fixture, readonly string[], NodeJS.ProcessEnv?]>;

type RunName = keyof typeof RUNS | "tsCachedAgain" | "tsFix";
const runs = {} as Record<RunName, Run>;

beforeAll(async () => {
  cpSync(fixture("ts-server"), fixCopy, { recursive: true });
  const started: Promise<void>[] = [
    // The second cached run needs the cache of the first.
    cli(fixture("ts-server"), RUNS.tsCached[1]).then(async (run) => {
      runs.tsCached = run;
      runs.tsCachedAgain = await cli(fixture("ts-server"), RUNS.tsCached[1]);
    }),
    // A folder below the tsconfig.json: still typed, which the fix of the helper call needs.
    cli(fixCopy, ["--fix", "src"]).then((run) => {
      runs.tsFix = run;
    }),
  ];
  for (const [name, [where, args, env]] of Object.entries(RUNS) as [keyof typeof RUNS, (typeof RUNS)[keyof typeof RUNS]][]) {
    if (name === "tsCached") continue;
    started.push(
      cli(fixture(where), args, env).then((run) => {
        runs[name] = run;
      }),
    );
  }
  await Promise.all(started);
  // Generous: under `npm test` the other test files compete for the same cores.
}, 600_000);

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe("fixtures", () => {
  it("hold the files the discovery must skip (git-ignored ones included)", () => {
    for (const file of [
      "plain-js/.gitignore",
      "plain-js/generated/tools.js",
      "plain-js/dist/server.js",
      "plain-js/src/globals.d.ts",
      "plain-js/src/server.test.js",
      "ts-server/src/env.d.ts",
    ]) {
      expect(existsSync(path.join(FIXTURES, file)), file).toBe(true);
    }
  });
});

describe("plain-js: no tsconfig", () => {
  const cwd = fixture("plain-js");

  it("runs the typed analysis on an inferred project and exits 1 on findings", () => {
    expect(runs.plainJson.code).toBe(1);
    expect(lines(runs.plainJson.stderr)).toEqual([header("typed analysis (no tsconfig.json: an inferred project)", 1)]);
    expect(findings(runs.plainJson, cwd)).toEqual(["src/server.js:17 mcp-errors/require-timeout", "src/server.js:22 mcp-errors/no-generic-error-message"]);
  });

  it("skips git-ignored folders, dist/, declaration files and tests", () => {
    expect(lintedFiles(runs.plainJson, cwd)).toEqual(["src/server.js"]);
  });

  it("turns rules off with --rule id:off (with or without the plugin prefix) and exits 0 when clean", () => {
    expect(runs.plainCleanToFile.code).toBe(0);
    expect(readFileSync(reportFile, "utf8")).toContain("No problems in 1 file, 2 tools");
  });

  it("writes the report to --output, the header to stderr and nothing to stdout", () => {
    expect(runs.plainCleanToFile.stdout).toBe("");
    expect(lines(runs.plainCleanToFile.stderr)).toEqual([header("typed analysis (no tsconfig.json: an inferred project)", 1)]);
    expect(toolNames(readFileSync(reportFile, "utf8"))).toEqual(["package_info", "download_count"]);
  });

  it("exits 1 when the warnings exceed --max-warnings, 0 when they do not", () => {
    expect(runs.plainMaxWarnings1.code).toBe(1);
    expect(runs.plainMaxWarnings1.stdout).toContain("2 problems (0 errors, 2 warnings)");
    expect(lines(runs.plainMaxWarnings1.stderr)).toEqual(["mcp-errors: 2 warnings, more than --max-warnings 1."]);
    expect(runs.plainMaxWarnings2.code).toBe(0);
    expect(runs.plainMaxWarnings2.stderr).toBe("");
  });

  it("reports errors only with --quiet", () => {
    expect(runs.plainQuiet.code).toBe(1);
    expect(findings(runs.plainQuiet, cwd)).toEqual(["src/server.js:22 mcp-errors/no-generic-error-message"]);
  });
});

describe("ts-server: one tsconfig, helpers in other files", () => {
  const cwd = fixture("ts-server");
  const typed = [
    "src/lib/http.ts:6 mcp-errors/require-timeout",
    "src/lib/http.ts:7 mcp-errors/require-error-classification",
    "src/server.ts:34 mcp-errors/no-retryable-permanent-error",
    "src/server.ts:37 mcp-errors/no-retryable-permanent-error",
  ];

  it("runs the typed analysis and follows the handlers into the helpers", () => {
    expect(runs.tsCached.code).toBe(1);
    // Only the header: no progress line when stderr is not a terminal, no notice.
    expect(runs.tsCached.stderr).toBe(`${header("typed analysis (1 tsconfig.json)", 3)}\n`);
    expect(findings(runs.tsCached, cwd)).toEqual(typed);
    expect(lintedFiles(runs.tsCached, cwd)).toEqual(["src/lib/errors.ts", "src/lib/http.ts", "src/server.ts"]);
  });

  it("gives the same findings from the --cache on the second run", () => {
    expect(existsSync(cacheLocation)).toBe(true);
    expect(runs.tsCachedAgain.code).toBe(1);
    expect(findings(runs.tsCachedAgain, cwd)).toEqual(typed);
  });

  it("gives the same findings with --concurrency 2", () => {
    expect(runs.tsConcurrent.code).toBe(1);
    expect(findings(runs.tsConcurrent, cwd)).toEqual(typed);
  });

  // One run for both: --fix-dry-run reports what is left after fixing, which here is nothing.
  it("computes fixes with --fix-dry-run without writing them; sees only the handler's own file with --no-types", () => {
    const run = runs.tsNoTypesDryRun;
    expect(run.code).toBe(0);
    expect(lines(run.stderr)).toEqual([header("syntactic analysis (--no-types)", 3)]);
    // The helpers of other files are not followed: no findings there, and the helper call's
    // permission error (a typed finding) is left alone; the inline one is fixed.
    expect(findings(run, cwd)).toEqual([]);
    const server = jsonResults(run).find((result) => result.filePath.endsWith("server.ts"));
    expect(server?.output).toContain(`const payload = { errorCategory: "permission", isRetryable: false,`);
    expect(server?.output).toContain(`return toolError("permission", true, `);
    expect(readFileSync(path.join(cwd, "src/server.ts"), "utf8")).toContain(`const payload = { errorCategory: "permission", isRetryable: true,`);
  });

  it("writes the safe fixes with --fix (on a copy) and reports what is left", () => {
    expect(runs.tsFix.code).toBe(1);
    expect(runs.tsFix.stdout.startsWith(`${header("typed analysis (1 tsconfig.json)", 3)}\n`)).toBe(true);
    const server = readFileSync(path.join(fixCopy, "src/server.ts"), "utf8");
    expect(server).toContain(`return toolError("permission", false, `);
    expect(server).toContain(`const payload = { errorCategory: "permission", isRetryable: false,`);
    expect(runs.tsFix.stdout).not.toContain("no-retryable-permanent-error");
    expect(runs.tsFix.stdout).toContain("2 problems (2 errors, 0 warnings) in 3 files, 2 tools");
  });

  it("counts a helper's findings for every tool whose path runs through it", () => {
    // name, framework, registered, handler, classified errors, categories, calls with timeout, findings
    const rows = inventory(runs.tsFix.stdout);
    expect(rows.map(([name, framework, registered, handler]) => [name, framework, registered, handler])).toEqual([
      ["get_issue", "mcp-sdk", "src/server.ts:15", "src/server.ts:18"],
      ["comment_issue", "mcp-sdk", "src/server.ts:28", "src/server.ts:31"],
    ]);
    expect(rows.map((row) => [row[6], row[7]])).toEqual([
      ["0/1", "2"],
      ["0/1", "2"],
    ]);
  });
});

describe("monorepo: a tsconfig.json per workspace package", () => {
  const cwd = fixture("monorepo");
  const server = "packages/server/src/server.ts:17 mcp-errors/no-retryable-permanent-error";

  const expected = [
    "packages/core/src/invoices.ts:11 mcp-errors/require-error-classification",
    "packages/core/src/invoices.ts:9 mcp-errors/require-timeout",
    server,
  ];

  it("lints each file under its package's tsconfig.json, and follows the tool into the other package", () => {
    expect(runs.monorepo.code).toBe(1);
    expect(lines(runs.monorepo.stderr)).toEqual([header("typed analysis (2 tsconfig.json)", 4)]);
    // The core's fetch is linted under core's program, which holds no tool; the server's program,
    // indexed first, says it runs on the path of get_invoice.
    expect(findings(runs.monorepo, cwd)).toEqual(expected);
  });

  it("lints every file under one program with --project", () => {
    expect(runs.monorepoProject.code).toBe(1);
    expect(lines(runs.monorepoProject.stderr)).toEqual([header("typed analysis (--project packages/server/tsconfig.json)", 4)]);
    expect(findings(runs.monorepoProject, cwd)).toEqual(expected);
  });
});

describe("missing-extends: the tsconfig extends a package that is not installed", () => {
  const cwd = fixture("missing-extends");

  it("still runs typed (the helper's fetch is found), without a parse error per file", () => {
    expect(runs.missingExtends.code).toBe(1);
    expect(findings(runs.missingExtends, cwd)).toEqual([
      "src/calendar.ts:8 mcp-errors/require-timeout",
      "src/server.ts:16 mcp-errors/require-error-classification",
    ]);
  });

  it("says so in one notice line at most", () => {
    const [first, ...notices] = lines(runs.missingExtends.stderr);
    expect(first).toBe(header("typed analysis (1 tsconfig.json)", 2));
    expect(notices.length).toBeLessThanOrEqual(1);
  });
});

describe("foreign-directives: inline directives for rules the CLI does not load", () => {
  const cwd = fixture("foreign-directives");

  it("reports nothing about other tools' rules", () => {
    const messages = jsonResults(runs.foreignJson).flatMap((result) => [...result.messages, ...result.suppressedMessages].map((m) => m.message));
    expect(messages.join("\n")).not.toMatch(/Definition for rule|eslint-env|console/u);
    expect(findings(runs.foreignJson, cwd)).toEqual(["src/server.ts:25 mcp-errors/require-timeout"]);
    expect(lines(runs.foreignJson.stderr)).toEqual([header("typed analysis (no tsconfig.json: an inferred project)", 3)]);
  });

  it("honours an eslint-disable comment for one of ours", () => {
    const suppressed = jsonResults(runs.foreignJson).flatMap((result) =>
      result.suppressedMessages.map((m) => `${relative(cwd, result.filePath)}:${String(m.line)} ${m.ruleId ?? ""}`),
    );
    expect(suppressed).toEqual(["src/server.ts:15 mcp-errors/require-timeout"]);
  });
});

describe("usage", () => {
  it("prints the help and the version", () => {
    expect(runs.help.code).toBe(0);
    expect(runs.help.stdout.startsWith("Usage: mcp-errors [options] [paths...]\n")).toBe(true);
    expect(runs.version.code).toBe(0);
    expect(runs.version.stdout).toBe(`${VERSION}\n`);
  });

  it("documents every option of the help in docs/cli.md", () => {
    const docs = readFileSync(path.join(ROOT, "docs/cli.md"), "utf8");
    const options = [...runs.help.stdout.matchAll(/--[a-z][a-z-]+/gu)].map(([option]) => option);
    expect(options.length).toBeGreaterThan(15);
    for (const option of new Set(options)) expect(docs, option).toContain(`\`${option}`);
  });

  it("exits 2 on an unknown option, with a one-line reason and no stack", () => {
    expect(runs.unknownOption.code).toBe(2);
    expect(runs.unknownOption.stdout).toBe("");
    expect(lines(runs.unknownOption.stderr)).toEqual([
      expect.stringMatching(/^mcp-errors: Unknown option '--bogus'/u),
      "Run mcp-errors --help for the options.",
    ]);
  });

  // The same path as the bin (which only sets `process.exitCode`), in this process: a spawn per
  // case would load ESLint and TypeScript each time for a message that needs neither.
  it.each([
    [["--rule", "no-such-rule:off"], /^mcp-errors: Unknown rule "no-such-rule"/u],
    [["--rule", "require-timeout:loud"], /^mcp-errors: Unknown severity "loud" for require-timeout/u],
    [["--max-warnings", "lots"], /^mcp-errors: --max-warnings expects a whole number, got "lots"/u],
    [["--max-warnings", "-5"], /^mcp-errors: Option '--max-warnings' argument is ambiguous\. .*--max-warnings=-XYZ/u],
    [["--format", "xml"], /^mcp-errors: Unknown format "xml"/u],
    [["--concurrency", "0"], /^mcp-errors: --concurrency expects a positive number/u],
    [["--fix", "--fix-dry-run"], /^mcp-errors: --fix and --fix-dry-run cannot be used together/u],
    [["--project", "tsconfig.missing.json"], /^mcp-errors: No such tsconfig: tsconfig.missing.json/u],
    [["no-such-folder"], /^mcp-errors: No such file or directory: no-such-folder/u],
  ] as const)("exits 2 with a one-line reason: %j", async (args, reason) => {
    const run = await mainInProcess(fixture("plain-js"), args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(lines(run.stderr)).toEqual([expect.stringMatching(reason), "Run mcp-errors --help for the options."]);
  });

  // A missing folder is created (test/cli/edges.test.ts); a folder that cannot exist is refused.
  it("exits 2 when the report cannot be written", async () => {
    const run = await mainInProcess(fixture("plain-js"), ["--format", "json", "--output", path.join(fixture("plain-js"), "package.json", "report.json")]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^mcp-errors: Cannot write the report to .*package\.json\/report\.json/mu);
    expect(run.stderr).not.toMatch(STACK_FRAME);
  });

  it("shows the stack of an internal error with --debug", () => {
    expect(runs.internalErrorDebug.code).toBe(2);
    expect(runs.internalErrorDebug.stderr).toMatch(/^mcp-errors: internal error: ENOENT/mu);
    expect(runs.internalErrorDebug.stderr).toMatch(STACK_FRAME);
  });
});

describe("afterwards", () => {
  it("no run changed a fixture or left files in one", () => {
    expect(snapshotFixtures()).toEqual(before);
  });
});
