/**
 * Typed runs in parallel: worker threads that each own whole repositories.
 *
 * ESLint's own `--concurrency` hands files to threads one by one, and with types every thread
 * builds the programs and program indexes of every project it meets: on one server of 164 files,
 * two threads cost 1.7x the CPU and 1.8x the memory of one, and took longer. A typed run is split
 * instead where nothing is shared: into repositories (`partsOf`), whose projects cannot see one
 * another's files. Each thread lints the repositories it is given one project after the other (as
 * the single-threaded run does), lets go of each index as soon as no file left to lint needs it,
 * and takes the next repository, largest first. A thread holds the programs of its repositories
 * only, so memory follows what is linted at once, not the number of threads.
 */
import { existsSync } from "node:fs";
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { ESLint } from "eslint";
import { releaseIndexesNotHolding } from "../typed/program-index/index.js";
import type { EngineSpec } from "./engine.js";
import { collectIfGrown, ownsHeap } from "./heap.js";
import { findWorkspaceRoot } from "./workspaces.js";

/**
 * Lints `groups` (one project each, see `lintOrder`) with one `lintFiles` call each, in order. In
 * a typed run, after each project the indexes that no file still to lint needs are let go.
 */
export async function lintGroups(eslint: ESLint, cwd: string, groups: readonly (readonly string[])[], typed: boolean): Promise<ESLint.LintResult[]> {
  const raw: ESLint.LintResult[] = [];
  const remaining = new Set(groups.flat().map((file) => path.resolve(cwd, file)));
  for (const group of groups) {
    raw.push(...(await eslint.lintFiles([...group])));
    if (!typed) continue;
    for (const file of group) remaining.delete(path.resolve(cwd, file));
    if (remaining.size === 0) break;
    releaseIndexesNotHolding(remaining);
    collectIfGrown();
  }
  return raw;
}

/**
 * The folder a project's repository starts in: the workspace around it; else, when `cwd` is
 * inside a git repository, `cwd` (one repository); else the first folder from `cwd` down to the
 * project that has a `package.json` or `.git` (a folder of checkouts); else `cwd`.
 */
function repositoryOf(cwd: string, directory: string, cwdInRepository: boolean): string {
  const workspace = findWorkspaceRoot(directory);
  if (workspace !== undefined) return workspace;
  if (cwdInRepository) return cwd;
  const relative = path.relative(cwd, directory);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return cwd;
  let folder = cwd;
  for (const segment of ["", ...relative.split(path.sep).filter(Boolean)]) {
    folder = path.join(folder, segment);
    if (existsSync(path.join(folder, "package.json")) || existsSync(path.join(folder, ".git"))) return folder;
  }
  return cwd;
}

function insideGitRepository(directory: string): boolean {
  for (let folder = path.resolve(directory); ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, ".git"))) return true;
    if (path.dirname(folder) === folder) return false;
  }
}

/** A set of projects no other part can see into, and the folder it starts in. */
export interface Part {
  readonly root: string;
  readonly groups: readonly (readonly string[])[];
  /** Its own cache file, with `--cache` (a part may land on any thread): see `partCacheLocation`. */
  readonly cacheLocation?: string;
}

/** `groups` (in `lintOrder`) split by repository, each part's groups in their order. */
export function partsOf(cwd: string, groups: readonly (readonly string[])[]): Part[] {
  const cwdInRepository = insideGitRepository(cwd);
  const parts = new Map<string, (readonly string[])[]>();
  for (const group of groups) {
    if (group.length === 0) continue;
    const root = repositoryOf(cwd, path.dirname(path.resolve(cwd, group[0] as string)), cwdInRepository);
    let part = parts.get(root);
    if (!part) parts.set(root, (part = []));
    part.push(group);
  }
  return [...parts].map(([root, partGroups]) => ({ root, groups: partGroups }));
}

/** How many threads a typed run over `parts` gets: at most one per part; `auto`, half the cores, as ESLint counts them. */
export function typedThreads(concurrency: number | "auto" | "off", parts: number): number {
  if (concurrency === "off") return 1;
  const wanted = concurrency === "auto" ? os.availableParallelism() >> 1 : concurrency;
  return Math.max(1, Math.min(wanted, parts));
}

/** The cache file of one part: the run's cache file, suffixed with a hash of the part's folder. */
export function partCacheLocation(cacheLocation: string, root: string): string {
  return `${cacheLocation}-${createHash("sha256").update(root).digest("hex").slice(0, 12)}`;
}

/** What a thread is told and answers (see parallel-worker.ts). */
export interface ThreadInput {
  readonly spec: EngineSpec;
  readonly targets: readonly string[];
  /** The process is the command's: the thread may collect between projects (heap.ts). */
  readonly ownHeap: boolean;
}
export type ThreadRequest = { readonly kind: "part"; readonly index: number; readonly part: Part } | { readonly kind: "stop" };
export type ThreadAnswer =
  | { readonly index: number; readonly results: ESLint.LintResult[]; readonly rulesMeta: Record<string, unknown> }
  | { readonly index: number; readonly error: { readonly message: string; readonly stack: string | undefined } };

/**
 * Lints `parts` in `threads` worker threads, largest part first, each thread asking for the next
 * part when it is done. Results come back in the order of `parts`, with the meta of the rules that
 * reported (ESLint gives it only for results of its own instance).
 */
export async function lintInThreads(
  spec: EngineSpec,
  parts: readonly Part[],
  threads: number,
  targets: readonly string[],
): Promise<{ results: ESLint.LintResult[]; rulesMeta: Record<string, unknown> }> {
  const order = parts.map((part, index) => ({ index, size: part.groups.reduce((sum, group) => sum + group.length, 0) })).sort((a, b) => b.size - a.size);
  const results: ESLint.LintResult[][] = parts.map(() => []);
  const rulesMeta: Record<string, unknown> = {};
  const input: ThreadInput = { spec: { ...spec, concurrency: "off" }, targets, ownHeap: ownsHeap() };
  const workerUrl = new URL("./parallel-worker.js", import.meta.url);
  let next = 0;
  const run = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(workerUrl, { workerData: input });
      let failed = false;
      const give = (): void => {
        const item = order[next++];
        if (item === undefined) {
          worker.postMessage({ kind: "stop" } satisfies ThreadRequest);
          return;
        }
        worker.postMessage({ kind: "part", index: item.index, part: parts[item.index] as Part } satisfies ThreadRequest);
      };
      worker.on("message", (answer: ThreadAnswer) => {
        if ("error" in answer) {
          failed = true;
          const error = new Error(answer.error.message);
          error.stack = answer.error.stack;
          void worker.terminate();
          reject(error);
          return;
        }
        results[answer.index] = answer.results;
        Object.assign(rulesMeta, answer.rulesMeta);
        give();
      });
      worker.on("error", (error) => {
        failed = true;
        reject(error);
      });
      worker.on("exit", (code) => {
        if (failed) return;
        if (code === 0) resolve();
        else reject(new Error(`A lint thread stopped with exit code ${String(code)}.`));
      });
      give();
    });
  await Promise.all(Array.from({ length: Math.min(threads, parts.length) }, run));
  return { results: results.flat(), rulesMeta };
}
