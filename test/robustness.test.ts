/**
 * Robustness: every rule of the `all` config must survive arbitrary real-world code. The corpus
 * is the project's own `node_modules` (thousands of files nobody wrote for us: minified
 * bundles, CommonJS, declaration files, odd syntax), sampled deterministically so a failure
 * reproduces on every machine with the same lockfile.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../src/index.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
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

const sample = deterministicSample(SAMPLE_SIZE);

// Every file goes through the typescript-eslint parser (the configs use it for JS as well).
const config: Linter.Config[] = [plugin.configs.all as Linter.Config];

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

describe("robustness", () => {
  it(`no rule throws on ${String(sample.length)} sampled node_modules files`, () => {
    expect(sample.length).toBeGreaterThanOrEqual(SAMPLE_SIZE);
    const linter = new Linter({ cwd: ROOT });
    const crashes: Crash[] = [];
    let linted = 0;

    for (const file of sample) {
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
    expect(linted).toBe(sample.length);
  }, 300_000);
});
