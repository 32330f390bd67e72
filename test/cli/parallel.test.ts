/**
 * A typed run in threads (`--concurrency`, src/cli/parallel.ts): each thread owns whole
 * repositories, so the findings are those of one thread, cross-file ones included, and a
 * repository whose projects see one another's files is never split.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { partsOf, typedThreads } from "../../src/cli/parallel.js";
import { ROOT, spawnBin, type Run } from "./spawn-bin.js";

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "mcp-errors-parallel-"));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

function layout(name: string, files: Record<string, string>): string {
  const root = path.join(tmp, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

/** The parts of `files` (relative to `root`), one group per file, as relative roots and files. */
function parts(root: string, files: readonly string[]): [string, string[]][] {
  return partsOf(
    root,
    files.map((file) => [path.join(root, file)]),
  ).map((part) => [path.relative(root, part.root) || ".", part.groups.flat().map((file) => path.relative(root, file))]);
}

describe("partsOf", () => {
  it("splits a folder of checkouts into one part per checkout", () => {
    const root = layout("checkouts", {
      "alpha/package.json": "{}",
      "alpha/tsconfig.json": "{}",
      "alpha/src/server.ts": "",
      "alpha/scripts/tsconfig.json": "{}",
      "alpha/scripts/release.ts": "",
      "beta/.git/HEAD": "",
      "beta/src/server.ts": "",
      "loose.ts": "",
    });
    expect(parts(root, ["alpha/src/server.ts", "beta/src/server.ts", "alpha/scripts/release.ts", "loose.ts"])).toEqual([
      ["alpha", ["alpha/src/server.ts", "alpha/scripts/release.ts"]],
      ["beta", ["beta/src/server.ts"]],
      [".", ["loose.ts"]],
    ]);
  });

  it("keeps a workspace in one part, and everything in one part when the folder is itself a package", () => {
    const workspace = layout("workspace", {
      "repo/package.json": JSON.stringify({ workspaces: ["packages/*"] }),
      "repo/packages/a/package.json": "{}",
      "repo/packages/a/index.ts": "",
      "repo/packages/b/package.json": "{}",
      "repo/packages/b/index.ts": "",
      "other/package.json": "{}",
      "other/index.ts": "",
    });
    expect(parts(workspace, ["repo/packages/a/index.ts", "repo/packages/b/index.ts", "other/index.ts"])).toEqual([
      ["repo", ["repo/packages/a/index.ts", "repo/packages/b/index.ts"]],
      ["other", ["other/index.ts"]],
    ]);
    const single = layout("single", { "package.json": "{}", "a/package.json": "{}", "a/index.ts": "", "b/package.json": "{}", "b/index.ts": "" });
    expect(parts(single, ["a/index.ts", "b/index.ts"])).toEqual([[".", ["a/index.ts", "b/index.ts"]]]);
  });

  it("keeps everything in one part inside a git repository (its packages may import one another by path)", () => {
    const root = layout("in-git", {
      ".git/HEAD": "",
      "packages/a/package.json": "{}",
      "packages/a/index.ts": "",
      "packages/b/package.json": "{}",
      "packages/b/index.ts": "",
    });
    const cwd = path.join(root, "packages");
    expect(parts(cwd, ["a/index.ts", "b/index.ts"])).toEqual([[".", ["a/index.ts", "b/index.ts"]]]);
  });
});

describe("typedThreads", () => {
  it("gives at most one thread per part, and one when off", () => {
    expect(typedThreads("off", 8)).toBe(1);
    expect(typedThreads(4, 2)).toBe(2);
    expect(typedThreads(2, 8)).toBe(2);
    expect(typedThreads(1, 8)).toBe(1);
    expect(typedThreads("auto", 1)).toBe(1);
    expect(typedThreads("auto", 64)).toBe(Math.max(1, Math.min(os.availableParallelism() >> 1, 64)));
  });
});

describe("mcp-errors --concurrency, typed", () => {
  const runs: Record<"off" | "two" | "cached" | "cachedAgain", Run> = {} as never;
  let root: string;
  beforeAll(async () => {
    root = path.join(tmp, "two-servers");
    for (const name of ["alpha", "beta"]) {
      cpSync(path.join(ROOT, "test/fixtures/cli/ts-server"), path.join(root, name), { recursive: true });
      // Outside the tsconfig's include: typed without a program, with its notice, in each thread.
      mkdirSync(path.join(root, name, "scripts"), { recursive: true });
      writeFileSync(path.join(root, name, "scripts", "seed.ts"), "export const seed = 1;\n");
    }
    [runs.off, runs.two] = await Promise.all([spawnBin(root, ["--format", "json"]), spawnBin(root, ["--format", "json", "--concurrency", "2"])]);
    const cached = ["--format", "json", "--concurrency", "2", "--cache", "--cache-location", path.join(tmp, "cache", "run")];
    runs.cached = await spawnBin(root, cached);
    runs.cachedAgain = await spawnBin(root, cached);
  }, 180_000);

  const findings = (run: Run): string[] =>
    (JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string; line: number }[] }[]).flatMap((result) =>
      result.messages.map((message) => `${path.relative(root, result.filePath)}:${String(message.line)} ${message.ruleId}`),
    );

  it("gives the findings of one thread, cross-file ones included, in the same order", () => {
    expect(runs.two.code).toBe(1);
    expect(findings(runs.two)).toEqual(findings(runs.off));
    for (const name of ["alpha", "beta"]) expect(findings(runs.two)).toContain(`${path.join(name, "src", "lib", "http.ts")}:6 mcp-errors/require-timeout`);
  });

  it("says how many threads over how many repositories, and prints each notice once", () => {
    expect(runs.two.stderr).toMatch(/ · 8 files · 2 threads over 2 repositories\n/u);
    expect(runs.off.stderr).not.toContain("threads");
    expect(runs.two.stderr.match(/^mcp-errors: no type information for /gmu)).toHaveLength(1);
    expect(runs.two.stderr).not.toContain("--concurrency is ignored");
  });

  it("keeps one cache file per repository with --cache, and the second run gives the same findings", () => {
    expect(readdirSync(path.join(tmp, "cache")).sort()).toEqual([
      expect.stringMatching(/^run-[0-9a-f]{12}$/u),
      expect.stringMatching(/^run-[0-9a-f]{12}$/u),
    ]);
    expect(findings(runs.cached)).toEqual(findings(runs.off));
    expect(findings(runs.cachedAgain)).toEqual(findings(runs.off));
  });

  it("keeps one thread with --project, which makes one program of every file", async () => {
    const run = await spawnBin(root, ["--format", "json", "--concurrency", "2", "--project", path.join("alpha", "tsconfig.json")]);
    expect(run.stderr).toContain(
      "mcp-errors: --concurrency is ignored in this typed run: threads take whole repositories (their programs are not shared), and --project makes one program of all files.",
    );
    expect(run.stderr).not.toContain("threads over");
  }, 120_000);
});
