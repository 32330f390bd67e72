/**
 * The built `mcp-errors` bin as a user runs it: a process of its own, pipes (not a terminal), no
 * colours. And `main()` in this process, for cases that do not need a process of their own.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { main } from "../../src/cli/main.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const BIN = path.join(ROOT, "dist/cli/bin.js");

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The process id, for what a run left behind. */
  readonly pid: number | undefined;
}

export function spawnBin(cwd: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise<Run>((resolve, reject) => {
    const inherited = { ...process.env };
    delete inherited.FORCE_COLOR;
    // A hung run fails its tests (code null) instead of the whole file timing out.
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...inherited, NO_COLOR: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 180_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      resolve({ code, stdout, stderr, pid: child.pid });
    });
  });
}

function sink(): { stream: Writable; text: () => string } {
  let text = "";
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

/**
 * `main()` in this process, the path the bin takes (it only sets `process.exitCode`): a spawn per
 * case would load ESLint and TypeScript each time for a message that needs neither.
 */
export async function mainInProcess(cwd: string, args: readonly string[]): Promise<Run> {
  const stdout = sink();
  const stderr = sink();
  const code = await main(args, { cwd, env: {}, stdout: stdout.stream, stderr: stderr.stream });
  return { code, stdout: stdout.text(), stderr: stderr.text(), pid: process.pid };
}
