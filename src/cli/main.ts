/**
 * `mcp-errors [options] [paths...]`: audits an MCP server with no setup. Exit codes: 0 clean (or
 * warnings within `--max-warnings`), 1 findings, 2 usage error or internal failure.
 */
import { closeSync, existsSync, mkdirSync, openSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { AnalyzeMode, AnalyzeOptions, AnalyzeResult, PresetConfig, Severity } from "./analyzer.js";
import { relativePath, UsageError } from "./discover.js";
import { FORMATS, type Format } from "./formats/names.js";
import { safeText } from "./formats/safe-text.js";
import { PACKAGE_VERSION, releaseDocUrl } from "../util/package.js";
import { onceNotices } from "./notices.js";

export const HELP = `Usage: mcp-errors [options] [paths...]

Audits the tool handlers of an MCP server for error-handling defects: unclassified and generic
errors, swallowed failures, protocol errors, missing timeouts, blind retries. Runs with the
plugin's own configs: no ESLint config and no npm install needed in the target. Paths are files,
folders or glob patterns ("src/**/*.ts") under the current folder. Default path: .

Options:
  -f, --format <name>      stylish (default), json (ESLint's result format), sarif, markdown
  -o, --output <file>      write the report to a file instead of stdout
  -c, --config <name>      recommended (default), strict, all
      --rule <id:severity> turn a rule off, or set it to warn or error (repeatable),
                           e.g. --rule require-timeout:off
      --fix                apply the safe automatic fixes to the files
      --fix-dry-run        compute fixes without writing them (see the json format's output)
      --max-warnings <n>   exit 1 when there are more than n warnings
      --quiet              report errors only
      --no-types           skip the TypeScript program (no cross-file analysis)
      --include-tests      also check test files (*.test.ts, *.spec.js, __tests__/, test/)
  -p, --project <path>     one tsconfig for all files (default: the nearest tsconfig.json)
      --cache              only re-check changed files (cache in node_modules/.cache/mcp-errors)
      --cache-location <p> where to keep the cache (a file, or a folder for it)
      --concurrency <n>    lint in n worker threads, or auto (default: off)
      --no-color           plain text even on a terminal
      --debug              show stack traces of internal errors
  -h, --help               show this help
  -v, --version            show the version

Exit codes: 0 no errors (and warnings within --max-warnings), 1 findings, 2 usage or internal error.
Docs: ${releaseDocUrl("docs/cli.md")}
`;

export interface CliIO {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

interface CliOptions {
  readonly analyze: AnalyzeOptions;
  readonly format: Format;
  readonly output: string | undefined;
  readonly write: boolean;
  readonly maxWarnings: number;
  readonly quiet: boolean;
  readonly color: boolean;
  readonly debug: boolean;
}

function parse(argv: readonly string[], io: CliIO): CliOptions | "help" | "version" {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        format: { type: "string", short: "f", default: "stylish" },
        output: { type: "string", short: "o" },
        config: { type: "string", short: "c", default: "recommended" },
        rule: { type: "string", multiple: true, default: [] },
        fix: { type: "boolean", default: false },
        "fix-dry-run": { type: "boolean", default: false },
        "max-warnings": { type: "string", default: "-1" },
        quiet: { type: "boolean", default: false },
        "include-tests": { type: "boolean", default: false },
        "no-types": { type: "boolean", default: false },
        project: { type: "string", short: "p" },
        cache: { type: "boolean", default: false },
        "cache-location": { type: "string" },
        concurrency: { type: "string", default: "off" },
        "no-color": { type: "boolean", default: false },
        color: { type: "boolean", default: false },
        debug: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
        version: { type: "boolean", short: "v", default: false },
      },
    });
  } catch (error) {
    // Node's messages can span lines ("argument is ambiguous ... use --max-warnings=-XYZ"): one line.
    throw new UsageError((error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/gu, " "));
  }
  const { values, positionals } = parsed;
  if (values.help) return "help";
  if (values.version) return "version";
  if (values.fix && values["fix-dry-run"]) throw new UsageError("--fix and --fix-dry-run cannot be used together.");
  const format = values.format as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`Unknown format "${values.format}": use ${FORMATS.join(", ")}.`);
  const rules: Record<string, Severity> = {};
  for (const entry of values.rule) {
    const colon = entry.lastIndexOf(":");
    if (colon <= 0) throw new UsageError(`--rule expects id:severity (e.g. require-timeout:off), got "${entry}".`);
    rules[entry.slice(0, colon)] = entry.slice(colon + 1) as Severity;
  }
  const maxWarnings = Number(values["max-warnings"]);
  if (!Number.isInteger(maxWarnings)) throw new UsageError(`--max-warnings expects a whole number, got "${values["max-warnings"]}".`);
  const concurrency = parseConcurrency(values.concurrency);
  return {
    analyze: {
      cwd: io.cwd,
      targets: positionals.length > 0 ? positionals : ["."],
      config: values.config as PresetConfig,
      rules,
      types: !values["no-types"],
      includeTests: values["include-tests"],
      ...(values.project === undefined ? {} : { project: values.project }),
      fix: values.fix || values["fix-dry-run"],
      cache: values.cache,
      ...(values["cache-location"] === undefined ? {} : { cacheLocation: values["cache-location"] }),
      concurrency,
    },
    format,
    output: values.output,
    write: values.fix,
    maxWarnings,
    quiet: values.quiet,
    color: values.color || (!values["no-color"] && values.output === undefined && io.stdout.isTTY === true && !("NO_COLOR" in io.env)),
    debug: values.debug,
  };
}

function parseConcurrency(value: string): number | "auto" | "off" {
  if (value === "auto" || value === "off") return value;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`--concurrency expects a positive number, auto or off, got "${value}".`);
  return n;
}

/** Drops warnings (for `--quiet`) from the results, findings and counts. */
function errorsOnly(result: AnalyzeResult): AnalyzeResult {
  const results = result.results.map((r) => ({ ...r, messages: r.messages.filter((m) => m.severity === 2), warningCount: 0, fixableWarningCount: 0 }));
  return { ...result, results, findings: result.findings.filter((f) => f.severity === "error"), summary: { ...result.summary, warnings: 0 } };
}

async function render(result: AnalyzeResult, options: CliOptions, io: CliIO, output: string | undefined): Promise<string> {
  const [{ FORMATTERS }, { sourceBase }] = await Promise.all([import("./formats/index.js"), import("./formats/markdown.js")]);
  return FORMATTERS[options.format](result, { color: options.color, sourceBase: sourceBase(io.env, result.cwd, output) });
}

/**
 * Makes the report's folder and checks that the report can be written there, before the run: a
 * mistyped `--output` must not cost a long run, nor come after `--fix` has written the fixes.
 */
function prepareOutput(file: string): void {
  const existed = existsSync(file);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    // Opening for appending creates the file but never changes one that exists.
    closeSync(openSync(file, "a"));
    if (!existed) rmSync(file);
  } catch (error) {
    throw new UsageError(`Cannot write the report to ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A report that cannot be written is the caller's mistake (a missing folder), not a crash. */
function writeReport(file: string, report: string): void {
  try {
    writeFileSync(file, report);
  } catch (error) {
    throw new UsageError(`Cannot write the report to ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * One line for an internal error. ESLint adds where a rule failed to the message
 * (`Occurred while linting <file>:<line>`, `Rule: "<id>"`): the line names that file, relative
 * to `cwd`, and the rule, so that a report can say which file to look at.
 */
export function internalErrorLine(error: unknown, cwd: string): string {
  const lines = (error instanceof Error ? error.message : String(error)).split("\n");
  const where = lines.map((line) => /^Occurred while linting (.+)$/u.exec(line)?.[1]).find((file) => file !== undefined);
  const rule = lines.map((line) => /^Rule: "(.+)"$/u.exec(line)?.[1]).find((id) => id !== undefined);
  const file = where === undefined ? undefined : path.isAbsolute(where) ? relativePath(cwd, where) : where;
  const context = [file === undefined ? "" : ` in ${file}`, rule === undefined ? "" : ` (rule ${rule})`].join("");
  // The file name and the message can come from the audited tree (safe-text.ts).
  return `mcp-errors: internal error${safeText(`${context}: ${lines[0] ?? ""}`)}`;
}

export function headerLine(files: number, config: string, mode: AnalyzeMode): string {
  const analysis = mode.typed ? `typed analysis (${mode.reason})` : `syntactic analysis (${mode.reason})`;
  const threads = mode.threads ? ` · ${String(mode.threads.threads)} threads over ${String(mode.threads.repositories)} repositories` : "";
  return `mcp-errors ${PACKAGE_VERSION} · ${config} · ${analysis} · ${String(files)} file${files === 1 ? "" : "s"}${threads}`;
}

/** A progress line on stderr for runs that take more than a moment, on terminals only. */
function startProgress(io: CliIO, total: () => number, filesStarted: () => number): () => void {
  if (io.stderr.isTTY !== true || io.env.CI) return () => undefined;
  const started = Date.now();
  const frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];
  let frame = 0;
  let shown = false;
  const timer = setInterval(() => {
    const elapsed = Date.now() - started;
    if (elapsed < 2000) return;
    shown = true;
    const done = filesStarted();
    const count = done > 0 ? ` ${String(done)}/${String(total())} files` : "";
    io.stderr.write(`\r${frames[frame++ % frames.length] ?? ""} mcp-errors: linting${count} · ${String(Math.round(elapsed / 1000))} s `);
  }, 100);
  timer.unref();
  return () => {
    clearInterval(timer);
    if (shown) io.stderr.write("\r\u001B[2K");
  };
}

export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  let debug = argv.includes("--debug");
  try {
    const options = parse(argv, io);
    if (options === "help") {
      io.stdout.write(HELP);
      return 0;
    }
    if (options === "version") {
      io.stdout.write(`${PACKAGE_VERSION}\n`);
      return 0;
    }
    debug = options.debug;
    const output = options.output === undefined ? undefined : path.resolve(io.cwd, options.output);
    if (output !== undefined) prepareOutput(output);
    // Loaded only now: ESLint, TypeScript and the rules take a second or two to load, which
    // --help, --version and a mistyped option should not pay.
    const [{ ESLint }, { analyze }, { filesStarted }] = await Promise.all([import("eslint"), import("./analyzer.js"), import("./inventory-rule.js")]);
    let total = 0;
    const stop = startProgress(io, () => total, filesStarted);
    // Worker threads write into the process's stderr: their notices are said once (notices.ts).
    const restoreStderr = onceNotices(io.stderr);
    let result: AnalyzeResult;
    try {
      result = await analyze({
        ...options.analyze,
        onStart: (files, mode) => {
          total = files;
          // Machine-readable formats keep stdout clean: the header goes to stderr.
          const header = headerLine(files, options.analyze.config ?? "recommended", mode);
          if (options.format === "stylish" && options.output === undefined) io.stdout.write(`${header}\n\n`);
          else io.stderr.write(`${header}\n`);
        },
      });
    } finally {
      stop();
      restoreStderr();
    }
    if (options.write) await ESLint.outputFixes(result.results);
    if (options.quiet) result = errorsOnly(result);
    const report = await render(result, options, io, output);
    if (output === undefined) io.stdout.write(report);
    else writeReport(output, report);
    const { errors, warnings } = result.summary;
    if (errors > 0) return 1;
    if (options.maxWarnings >= 0 && warnings > options.maxWarnings) {
      io.stderr.write(`mcp-errors: ${String(warnings)} warnings, more than --max-warnings ${String(options.maxWarnings)}.\n`);
      return 1;
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`mcp-errors: ${safeText(error.message)}\nRun mcp-errors --help for the options.\n`);
      return 2;
    }
    io.stderr.write(`${internalErrorLine(error, io.cwd)}\n`);
    if (debug && error instanceof Error && error.stack) io.stderr.write(`${error.stack}\n`);
    else io.stderr.write("Run again with --debug for the stack trace, and please report it.\n");
    return 2;
  }
}
