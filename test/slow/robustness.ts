/**
 * Robustness: every rule of the `all` config must survive arbitrary real-world code. The corpus
 * is the project's own `node_modules` (thousands of files nobody wrote for us: minified
 * bundles, CommonJS, declaration files, odd syntax), sampled deterministically so a failure
 * reproduces on every machine with the same lockfile.
 *
 * The sweep takes minutes, so it is split into shards, one test file each (`shard-<n>.test.ts`
 * next to this module): vitest runs files in parallel workers, so the shards share the cores.
 * Together they lint exactly the one sample.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const SAMPLE_SIZE = 3000;
const MAX_BYTES = 1_000_000;
const EXTENSION = /\.(?:[cm]?js|ts)$/u;

/** All candidate files under `dir`, as paths relative to the project root. */
function collect(dir: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // `.bin` only holds symlinks to files that are already in the walk.
    if (entry.isDirectory() && entry.name !== ".bin") collect(full, out);
    else if (entry.isFile() && EXTENSION.test(entry.name)) out.push(path.relative(ROOT, full));
  }
  return out;
}

/**
 * Sorted paths, then every k-th with a fractional k so the sample is exactly `size` files spread
 * over the whole tree (an integer k would either fall short or take nearly everything).
 */
function deterministicSample(size: number): string[] {
  const candidates = collect(path.join(ROOT, "node_modules"), [])
    .filter((file) => statSync(path.join(ROOT, file)).size <= MAX_BYTES)
    // Plain code-unit order: locale-independent, so every machine picks the same files.
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (candidates.length <= size) return candidates;
  const step = candidates.length / size;
  return Array.from({ length: size }, (_, i) => candidates[Math.floor(i * step)] ?? "");
}

/** The number of `shard-<n>.test.ts` files; each lints every SHARDS-th file of the sample. */
export const SHARDS = 2;

// Every file goes through the typescript-eslint parser (the configs use it for JS as well).
// Without the configs' `ignores`: packages' own test/ folders are arbitrary code too.
const config: Linter.Config[] = [{ ...plugin.configs.all, ignores: [] } as Linter.Config];

/**
 * Linter applies the default `**\/node_modules/` ignore, so each file is linted under a virtual
 * name outside it; the real path is kept for the report.
 */
function virtualName(file: string): string {
  return path.join(ROOT, "robustness", file.replaceAll("node_modules", "nm"));
}

interface Crash {
  file: string;
  ruleId: string;
  message: string;
}

/**
 * Declares the test of shard `shard` (1-based) of SHARDS. Files are dealt out in turn rather than
 * cut into blocks, so each shard gets its share of every package (the big bundles cluster).
 */
export function sweepShard(shard: number): void {
  const sample = deterministicSample(SAMPLE_SIZE);
  const files = sample.filter((_, i) => i % SHARDS === shard - 1);

  describe(`robustness, shard ${String(shard)} of ${String(SHARDS)}`, () => {
    // A shard file missing (or one too many) would skip part of the sample without a failure.
    if (shard === 1) {
      it(`has one test file per shard (${String(SHARDS)})`, () => {
        const shardFiles = readdirSync(HERE).filter((name) => /^shard-\d+\.test\.ts$/u.test(name));
        expect(shardFiles.sort()).toEqual(Array.from({ length: SHARDS }, (_, i) => `shard-${String(i + 1)}.test.ts`));
      });
    }

    it(`no rule throws on ${String(files.length)} of ${String(sample.length)} sampled node_modules files`, () => {
      expect(sample.length).toBeGreaterThanOrEqual(SAMPLE_SIZE);
      const linter = new Linter({ cwd: ROOT });
      const crashes: Crash[] = [];
      let linted = 0;

      for (const file of files) {
        const code = readFileSync(path.join(ROOT, file), "utf8");
        try {
          const messages = linter.verify(code, config, virtualName(file));
          // A config miss would mean the file was silently skipped, not linted.
          if (!messages.some((m) => m.message.startsWith("No matching configuration"))) linted++;
          // Fatal messages are the file's own parse errors: not our concern.
        } catch (error) {
          const err = error as Error & { ruleId?: string };
          crashes.push({
            file,
            ruleId: err.ruleId ?? /Rule: "([^"]+)"/u.exec(err.message)?.[1] ?? "(unknown)",
            message: err.message.split("\n")[0] ?? "",
          });
        }
      }

      const report = crashes.map((c) => `${c.ruleId} crashed on ${c.file}: ${c.message}`);
      if (report.length > 0) {
        const shown = report.slice(0, 50).join("\n");
        console.error(`${String(report.length)} crash(es):\n${shown}${report.length > 50 ? "\n..." : ""}`);
      }
      expect(report).toEqual([]);
      expect(linted).toBe(files.length);
    }, 300_000);
  });
}
