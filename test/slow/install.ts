/**
 * Helpers of the tests that install this package the way users do (pre-commit, a fresh project,
 * an editor's language server): they need the npm registry, so each asks first whether it is
 * reachable and skips with a reason when it is not.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "../cli/spawn-bin.js";

const run = promisify(execFile);

let reachable: Promise<boolean> | undefined;

/** Whether `npm ping` reaches the registry npm is configured with (asked once per process). */
export function registryReachable(): Promise<boolean> {
  reachable ??= run("npm", ["ping"], { timeout: 20_000 }).then(
    () => true,
    () => false,
  );
  return reachable;
}

export const OFFLINE = "the npm registry is unreachable (`npm ping` failed): this test installs packages from it";

/** A fresh temporary folder. */
export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), `mcp-errors-${prefix}-`));
}

/**
 * A clone of this repository as a user's tool gets it: a `git clone` of a commit. The commit is
 * the working tree's tracked files (`git stash create`, HEAD when nothing changed), so the test
 * exercises the code under test, not the last commit.
 */
export function cloneRepository(into: string): string {
  const commit = execFileSync("git", ["stash", "create"], { cwd: ROOT, encoding: "utf8" }).trim() || "HEAD";
  const clone = path.join(into, "repo");
  execFileSync("git", ["clone", "--quiet", "--no-checkout", ROOT, clone]);
  // A stash commit is not on any branch: fetch it by id from the source repository.
  execFileSync("git", ["fetch", "--quiet", ROOT, commit], { cwd: clone });
  execFileSync("git", ["checkout", "--quiet", "--detach", "FETCH_HEAD"], { cwd: clone });
  return clone;
}

/**
 * The environment of a user's shell: without the `npm_*` variables and the `node_modules/.bin`
 * folders on PATH that `npm test` or `npx vitest` add (they would lend the install our `tsc`).
 */
export function userEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_/iu.test(key)) env[key] = value;
  env.PATH = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((entry) => !entry.includes(`node_modules${path.sep}.bin`))
    .join(path.delimiter);
  return { ...env, ...extra };
}

/** Runs a command; resolves with its exit code and output, never rejects on a non-zero exit. */
export async function exec(
  command: string,
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(command, args, { maxBuffer: 64 * 1024 * 1024, timeout: 600_000, ...options });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string };
    return { code: typeof failed.code === "number" ? failed.code : 2, stdout: failed.stdout ?? "", stderr: failed.stderr ?? String(error) };
  }
}
