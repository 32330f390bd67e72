#!/usr/bin/env node
/**
 * Recall and precision on the labelled corpus of real MCP servers.
 *
 * Each file of test/corpus/labels/ holds the hand-made labels of one server (../shared/LABEL-SPEC.md):
 * the commit that was read, the files read completely, and one record per defect site. This script
 * runs the built CLI (`dist/cli/bin.js`, default config, with types) on a checkout of each server and
 * matches its findings with the labels, in the files that were read:
 *
 * - a label is found when a finding of a rule that reports its kind is on its line (±1); a
 *   `swallowed-failure` label (on the `catch` line) also by a finding up to 15 lines below it; a call
 *   site with `roots` (one defect with its helper) also when a root is found (a root in a file that
 *   was not read, by a finding there of a rule that reports the call's kind);
 * - a finding is on a label when it matches one (any confidence, informational ones included).
 *
 * Usage: npm run recall -- <checkouts-dir> [--server <owner__name>]... [--config <name>] [--json]
 *        [--list] (print every miss and every finding on no label)
 * <checkouts-dir>/<owner>__<name> must be a checkout of the labelled commit: see docs/recall.md.
 * Exit code: 0, or 2 when a checkout is missing or at another commit.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LABELS = path.join(ROOT, "test", "corpus", "labels");
const BIN = path.join(ROOT, "dist", "cli", "bin.js");

/** The rules whose findings report each kind of label. A throw is judged by one of two rules, by its class. */
export const RULES_FOR = {
  "generic-message": ["no-generic-error-message"],
  "error-on-empty": ["no-error-on-empty-result"],
  "unclassified-error": ["require-error-classification"],
  "unclassified-throw": ["require-error-classification", "no-protocol-error-in-tool"],
  "protocol-error": ["no-protocol-error-in-tool", "require-error-classification"],
  "retryable-permanent": ["no-retryable-permanent-error"],
  "no-timeout": ["require-timeout"],
  "swallowed-failure": ["no-swallowed-failure"],
  "empty-content": ["no-empty-tool-result"],
  "invisible-metadata": ["no-invisible-error-metadata"],
  // A lookup of one item by id that finds nothing may rightly be an error: no rule reports it.
  "not-found-lookup": [],
};

/** Kinds that are recorded but not scored. */
const INFORMATIONAL = new Set(["not-found-lookup"]);

/** Lines below a `catch` where a finding is the same swallowed failure (the spec's window). */
const CATCH_WINDOW = 15;
/** How many lines a reported node may span and still be the place of a label inside it (a result object). */
const SPAN_WINDOW = 15;

function parse() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      server: { type: "string", multiple: true, default: [] },
      config: { type: "string", default: "recommended" },
      json: { type: "boolean", default: false },
      list: { type: "boolean", default: false },
    },
  });
  if (positionals.length !== 1) {
    process.stderr.write("Usage: npm run recall -- <checkouts-dir> [--server owner__name]... [--config name] [--json] [--list]\n");
    process.exit(2);
  }
  return { checkouts: path.resolve(positionals[0]), ...values };
}

/** The label files, by server key (`owner__name`). */
function loadLabels(only) {
  const sets = [];
  for (const file of readdirSync(LABELS)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const key = file.slice(0, -".json".length);
    if (only.length > 0 && !only.includes(key)) continue;
    sets.push({ key, ...JSON.parse(readFileSync(path.join(LABELS, file), "utf8")) });
  }
  return sets;
}

function headOf(dir) {
  try {
    return execFileSync("git", ["-C", dir, "rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
}

/** The CLI's findings on a checkout, as `{ file, line, rule, message }` relative to it. */
function findingsOf(dir, config) {
  const run = spawnSync(process.execPath, [BIN, "--format", "json", "--config", config], {
    cwd: dir,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: "1" },
  });
  if (run.status !== 0 && run.status !== 1) throw new Error(`mcp-errors exited ${String(run.status)} on ${dir}: ${run.stderr.split("\n")[0] ?? ""}`);
  const notices = run.stderr.split("\n").filter((line) => line.startsWith("mcp-errors:"));
  const findings = [];
  for (const result of JSON.parse(run.stdout)) {
    const file = path.relative(dir, result.filePath).split(path.sep).join("/");
    for (const message of result.messages) {
      findings.push({
        file,
        line: message.line,
        endLine: message.endLine ?? message.line,
        rule: (message.ruleId ?? "parse-error").replace(/^mcp-errors\//u, ""),
        message: message.message,
      });
    }
  }
  return { findings, notices };
}

/**
 * The last line of the block that opens on `line` (a catch): braces counted from there, outside
 * strings and comments as far as a line-based reading can tell.
 */
function blockEnd(text, line) {
  const lines = text.split("\n");
  let depth = 0;
  let opened = false;
  for (let i = line - 1; i < lines.length; i++) {
    let code = (lines[i] ?? "").replace(/\/\/.*$/u, "").replace(/(["'`])(?:\\.|(?!\1).)*\1/gu, "");
    // `} catch (e) {`: the block starts at the keyword.
    if (i === line - 1 && code.includes("catch")) code = code.slice(code.indexOf("catch"));
    for (const ch of code) {
      if (ch === "{") {
        depth++;
        opened = true;
      } else if (ch === "}") depth--;
    }
    if (opened && depth <= 0) return i + 1;
  }
  return line + CATCH_WINDOW;
}

function matches(label, finding) {
  if (label.file !== finding.file || !(RULES_FOR[label.rule] ?? []).includes(finding.rule)) return false;
  if (Math.abs(finding.line - label.line) <= 1) return true;
  // A finding on a result object spanning several lines (reported at its first) is on a label at
  // its `isError` line; a node longer than that (a whole function) is not the same place.
  if (finding.endLine - finding.line <= SPAN_WINDOW && label.line >= finding.line && label.line <= finding.endLine) return true;
  // A swallowed failure is labelled at its catch; a finding on what that catch returns is the same defect.
  return label.rule === "swallowed-failure" && finding.line >= label.line && finding.line <= Math.max(label.line + CATCH_WINDOW, label.end ?? 0);
}

/** Scores one server: each label found or missed, each finding on a label or not. */
export function score(set, findings, dir) {
  const read = new Set(set.files);
  for (const label of set.labels) {
    if (label.rule !== "swallowed-failure" || !dir) continue;
    try {
      label.end = blockEnd(readFileSync(path.join(dir, label.file), "utf8"), label.line);
    } catch {
      // A file that is gone keeps the spec's window.
    }
  }
  const inScope = findings.filter((f) => read.has(f.file));
  const direct = (label) => inScope.some((f) => matches(label, f));
  const byPlace = new Map(set.labels.map((label) => [`${label.file}:${String(label.line)}`, label]));
  // A call of a helper that takes no classification parameter is one defect with the helper; a
  // call of a helper that calls another (`notAvailable()` returning `textResult(msg, true)`)
  // points at that call, which points at the helper: the chain is followed to its end.
  // A root with no label of its own (its file was not read) is covered by a finding there, of
  // the same kind: LABEL-SPEC's "a finding at the root covers all of them".
  const viaRoots = (label, seen) =>
    (label.roots ?? []).some((root) => {
      const rootLabel = byPlace.get(`${root.file}:${String(root.line)}`);
      if (rootLabel === undefined)
        return !read.has(root.file) && findings.some((f) => matches({ ...label, file: root.file, line: root.line, end: undefined }, f));
      if (seen.has(rootLabel)) return false;
      seen.add(rootLabel);
      return direct(rootLabel) || viaRoots(rootLabel, seen);
    });
  const labels = set.labels.map((label) => ({ ...label, found: direct(label) || viaRoots(label, new Set([label])) }));
  const onLabel = (finding) => set.labels.some((label) => matches(label, finding));
  return { labels, findings: inScope.map((finding) => ({ ...finding, onLabel: onLabel(finding) })) };
}

function pct(n, d) {
  return d === 0 ? "-" : `${((100 * n) / d).toFixed(0)}%`;
}

function tally(rows) {
  const high = rows.filter((l) => l.confidence === "high" && !INFORMATIONAL.has(l.rule));
  const low = rows.filter((l) => l.confidence !== "high" && !INFORMATIONAL.has(l.rule));
  return { high: high.length, highFound: high.filter((l) => l.found).length, low: low.length, lowFound: low.filter((l) => l.found).length };
}

function table(header, rows) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => String(row[i]).length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join("  ");
  return [line(header), ...rows.map(line)].join("\n");
}

function main() {
  const options = parse();
  if (!existsSync(BIN)) {
    process.stderr.write("Build first: npm run build\n");
    process.exit(2);
  }
  const results = [];
  for (const set of loadLabels(options.server)) {
    const link = path.join(options.checkouts, set.key);
    const dir = existsSync(link) ? realpathSync(link) : link;
    const head = headOf(dir);
    if (head === undefined) {
      process.stderr.write(`recall: no checkout of ${set.repo} at ${dir} (see docs/recall.md)\n`);
      process.exit(2);
    }
    if (head !== set.commit) {
      process.stderr.write(
        `recall: ${dir} is at ${head.slice(0, 12)}, the labels are of ${set.commit.slice(0, 12)}: git -C ${dir} checkout ${set.commit}\n`,
      );
      process.exit(2);
    }
    const started = Date.now();
    const { findings, notices } = findingsOf(dir, options.config);
    results.push({ set, ...score(set, findings, dir), notices, seconds: (Date.now() - started) / 1000 });
  }
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify(
        results.map((r) => ({ server: r.set.key, labels: r.labels, findings: r.findings, notices: r.notices })),
        null,
        2,
      )}\n`,
    );
    return;
  }
  const allLabels = results.flatMap((r) => r.labels);
  const allFindings = results.flatMap((r) => r.findings);
  const ruleRows = Object.keys(RULES_FOR)
    .filter((rule) => !INFORMATIONAL.has(rule))
    .map((rule) => {
      const t = tally(allLabels.filter((l) => l.rule === rule));
      return [rule, t.high, t.highFound, pct(t.highFound, t.high), t.low, t.lowFound, pct(t.lowFound, t.low)];
    })
    .filter((row) => row[1] + row[4] > 0);
  const total = tally(allLabels);
  ruleRows.push(["all", total.high, total.highFound, pct(total.highFound, total.high), total.low, total.lowFound, pct(total.lowFound, total.low)]);
  console.log(`Recall per label kind (${options.config}, typed), ${String(results.length)} servers\n`);
  console.log(table(["label", "high", "found", "recall", "low", "found", "recall"], ruleRows));

  const serverRows = results.map((r) => {
    const t = tally(r.labels);
    const on = r.findings.filter((f) => f.onLabel).length;
    return [
      r.set.key,
      t.high,
      pct(t.highFound, t.high),
      t.low,
      pct(t.lowFound, t.low),
      r.findings.length,
      on,
      pct(on, r.findings.length),
      r.seconds.toFixed(1),
    ];
  });
  const on = allFindings.filter((f) => f.onLabel).length;
  serverRows.push([
    "all",
    total.high,
    pct(total.highFound, total.high),
    total.low,
    pct(total.lowFound, total.low),
    allFindings.length,
    on,
    pct(on, allFindings.length),
    "",
  ]);
  console.log(`\nPer server (findings in the labelled files)\n`);
  console.log(table(["server", "high", "recall", "low", "recall", "findings", "on label", "precision", "s"], serverRows));

  const findingRules = [...new Set(allFindings.map((f) => f.rule))].sort();
  console.log(`\nFindings per rule\n`);
  console.log(
    table(
      ["rule", "findings", "on label", "share"],
      findingRules.map((rule) => {
        const mine = allFindings.filter((f) => f.rule === rule);
        const hit = mine.filter((f) => f.onLabel).length;
        return [rule, mine.length, hit, pct(hit, mine.length)];
      }),
    ),
  );
  for (const r of results) for (const notice of r.notices) console.log(`\n${r.set.key}: ${notice}`);
  if (!options.list) {
    console.log("\nRun with --list for every miss and every finding on no label.");
    return;
  }
  for (const r of results) {
    const misses = r.labels.filter((l) => !l.found && !INFORMATIONAL.has(l.rule));
    const extra = r.findings.filter((f) => !f.onLabel);
    if (misses.length + extra.length === 0) continue;
    console.log(`\n## ${r.set.key}`);
    for (const l of misses) console.log(`  MISS ${l.confidence.padEnd(4)} ${l.rule.padEnd(18)} ${l.file}:${String(l.line)}  ${l.detail}`);
    for (const f of extra) console.log(`  NO LABEL ${f.rule.padEnd(28)} ${f.file}:${String(f.line)}  ${f.message.slice(0, 160)}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
