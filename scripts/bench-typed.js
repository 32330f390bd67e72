#!/usr/bin/env node
/**
 * Typed benchmark (`npm run bench -- --typed`): what do `recommended-type-checked` and its
 * program index cost on top of typed parsing?
 *
 * 1. Writes a deterministic multi-file corpus to `.bench/typed/`: projects with a tsconfig, a
 *    server that calls one `registerXTools(server)` per tool module, handlers that call HTTP
 *    and error helpers in `lib/`, class-based tools whose base class registers them.
 * 2. Lints the whole corpus in a fresh child process per run, with the project service on, once
 *    with no rules (typed parse only) and once with `recommended-type-checked`, alternating the
 *    two modes. Each child is a one-shot run, as with the `eslint` command (TSESTREE_SINGLE_RUN),
 *    and reports its wall time and peak resident memory; the parent prints the medians and the
 *    ratios.
 *
 * With `--real <dir>...` (runTypedReal): each checkout in fresh processes, interleaved, medians of
 * /usr/bin/time's CPU (user + system) and peak memory: typed parse only, our
 * `recommended-type-checked`, the `mcp-errors` command, and typescript-eslint's own
 * `recommended-type-checked` (the yardstick of issue 20: at most 0.75x its CPU, no more memory).
 *
 * Usage: npm run bench -- --typed [--runs N] [--projects N]
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRandom } from "./lib/random.js";
import { statsTimes } from "./lib/stats.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CORPUS = path.join(ROOT, ".bench", "typed");

const NOUNS = [
  "issue",
  "ticket",
  "message",
  "page",
  "forecast",
  "customer",
  "invoice",
  "record",
  "file",
  "user",
  "project",
  "event",
  "channel",
  "comment",
  "deployment",
  "order",
  "refund",
  "alert",
];
const pascal = (s) => s[0].toUpperCase() + s.slice(1);

const TSCONFIG = JSON.stringify(
  {
    compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, skipLibCheck: true, noEmit: true },
    include: ["src"],
  },
  null,
  2,
);

function httpModule(rnd) {
  const timeout = rnd.chance(0.5);
  return `/** HTTP helpers shared by every tool of this server. */
const API_BASE = process.env.API_BASE ?? "https://api.example.com/v1";

export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(\`\${API_BASE}\${path}\`, {
    headers: { Accept: "application/json" },${timeout ? "\n    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(10_000)]) : AbortSignal.timeout(10_000)," : ""}
  });
  if (!response.ok) {
    throw new HttpError(response.status, \`GET \${path} answered \${String(response.status)}\`);
  }
  return (await response.json()) as T;
}

export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(\`\${API_BASE}\${path}\`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new HttpError(response.status, \`POST \${path} answered \${String(response.status)}\`);
  return (await response.json()) as T;
}
`;
}

const ERRORS_MODULE = `/** Classified error results, in JSON the model reads. */
export type Category = "transient" | "validation" | "business" | "permission";

export function toolError(errorCategory: Category, isRetryable: boolean, description: string) {
  return {
    isError: true,
    content: [{ type: "text" as const, text: JSON.stringify({ errorCategory, isRetryable, description }) }],
    structuredContent: { errorCategory, isRetryable, description },
  };
}

export function categoryFor(status: number): Category {
  if (status === 401 || status === 403) return "permission";
  if (status === 400 || status === 422) return "validation";
  if (status === 404 || status === 409) return "business";
  return "transient";
}
`;

function formatModule(nouns) {
  return `/** Plain formatting: no error paths. */
${nouns
  .map(
    (noun) => `export interface ${pascal(noun)} {
  id: string;
  name?: string;
  status: "open" | "closed";
  updatedAt: string;
}

export function format${pascal(noun)}(item: ${pascal(noun)}): string {
  const name = item.name ?? "(unnamed ${noun})";
  const updated = new Date(item.updatedAt).toISOString().slice(0, 10);
  return \`- \${name} [\${item.id}] \${item.status}, updated \${updated}\`;
}
`,
  )
  .join("\n")}`;
}

function toolModule(rnd, noun) {
  const N = pascal(noun);
  const emptyAsError = rnd.chance(0.2);
  return `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { toolError, categoryFor } from "../lib/errors.js";
import { format${N}, type ${N} } from "../lib/format.js";
import { HttpError, getJson, postJson } from "../lib/http.js";

export function register${N}Tools(server: McpServer): void {
  server.registerTool(
    "list_${noun}s",
    { description: "List ${noun}s matching a query", inputSchema: { query: z.string(), limit: z.number().int().max(100).optional() } },
    async ({ query, limit }, extra) => {
      if (query.trim() === "") {
        return toolError("validation", false, "query must not be empty; pass a word from the ${noun} name.");
      }
      try {
        const items = await getJson<${N}[]>(\`/${noun}s?q=\${encodeURIComponent(query)}&limit=\${String(limit ?? 20)}\`, extra.signal);
        if (items.length === 0) {
          return ${emptyAsError ? `toolError("business", false, \`No ${noun}s match "\${query}".\`)` : `{ content: [{ type: "text", text: \`No ${noun}s match "\${query}".\` }] }`};
        }
        const open = items.filter((item) => item.status === "open");
        const lines = [...open, ...items.filter((item) => item.status !== "open")].map(format${N});
        return { content: [{ type: "text", text: lines.join("\\n") }] };
      } catch (error) {
        if (error instanceof HttpError) {
          const category = categoryFor(error.status);
          return toolError(category, category === "transient", \`Listing ${noun}s failed: \${error.message}\`);
        }
        throw error;
      }
    },
  );

  server.registerTool(
    "create_${noun}",
    { description: "Create a ${noun}", inputSchema: { name: z.string() } },
    handleCreate${N},
  );
}

async function handleCreate${N}({ name }: { name: string }) {
  const created = await postJson<${N}>("/${noun}s", { name });
  ${rnd.chance(0.3) ? `if (!created.id) throw new Error("The ${noun} service returned no id");` : `if (!created.id) return toolError("transient", true, "The ${noun} service returned no id; retry in a minute.");`}
  return { content: [{ type: "text" as const, text: \`Created ${noun} \${created.id}: \${format${N}(created)}\` }] };
}
`;
}

const BASE_TOOL = `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

/** Class-based tools: the base class registers, subclasses implement execute(). */
export abstract class BaseTool {
  abstract readonly name: string;
  abstract readonly description: string;

  register(server: McpServer): void {
    server.registerTool(this.name, { description: this.description }, async (args: Record<string, unknown>) => {
      const text = await this.execute(args);
      return { content: [{ type: "text", text }] };
    });
  }

  protected abstract execute(args: Record<string, unknown>): Promise<string>;
}
`;

function classTool(rnd, noun) {
  const N = pascal(noun);
  return `import { BaseTool } from "./base-tool.js";

export class Sync${N}Tool extends BaseTool {
  readonly name = "sync_${noun}s";
  readonly description = "Synchronise ${noun}s with the upstream service";

  protected async execute(args: Record<string, unknown>): Promise<string> {
    const since = typeof args.since === "string" ? args.since : "1970-01-01";
    const response = await fetch(\`https://sync.example.com/${noun}s?since=\${since}\`${rnd.chance(0.5) ? ", { signal: AbortSignal.timeout(15_000) }" : ""});
    if (!response.ok) throw new Error(\`Sync of ${noun}s answered \${String(response.status)}\`);
    const body = (await response.json()) as { count: number };
    return \`Synchronised \${String(body.count)} ${noun}s since \${since}.\`;
  }
}
`;
}

function writeCorpus(projects, seed) {
  rmSync(CORPUS, { recursive: true, force: true });
  const rnd = createRandom(seed);
  let files = 0;
  let lines = 0;
  const write = (file, text) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    files++;
    lines += text.split("\n").length;
  };
  for (let p = 0; p < projects; p++) {
    const dir = path.join(CORPUS, `server-${String(p).padStart(2, "0")}`);
    const nouns = [...NOUNS].sort(() => rnd.next() - 0.5).slice(0, rnd.int(10, 16));
    const classNouns = nouns.slice(0, rnd.int(2, 5));
    write(path.join(dir, "tsconfig.json"), TSCONFIG + "\n");
    write(path.join(dir, "src", "lib", "http.ts"), httpModule(rnd));
    write(path.join(dir, "src", "lib", "errors.ts"), ERRORS_MODULE);
    write(path.join(dir, "src", "lib", "format.ts"), formatModule(nouns));
    write(path.join(dir, "src", "tools", "base-tool.ts"), BASE_TOOL);
    for (const noun of nouns) write(path.join(dir, "src", "tools", `${noun}.ts`), toolModule(rnd, noun));
    for (const noun of classNouns) write(path.join(dir, "src", "tools", `sync-${noun}.ts`), classTool(rnd, noun));
    write(
      path.join(dir, "src", "server.ts"),
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
${nouns.map((n) => `import { register${pascal(n)}Tools } from "./tools/${n}.js";`).join("\n")}
${classNouns.map((n) => `import { Sync${pascal(n)}Tool } from "./tools/sync-${n}.js";`).join("\n")}

const server = new McpServer({ name: "server-${String(p)}", version: "1.0.0" });
${nouns.map((n) => `register${pascal(n)}Tools(server);`).join("\n")}
${classNouns.map((n) => `new Sync${pascal(n)}Tool().register(server);`).join("\n")}

export { server };
`,
    );
  }
  return { files, lines };
}

/** Child: one lint of the corpus in `mode`; prints `{ ms, maxRssMb, findings }`. */
/**
 * typescript-eslint's `recommended-type-checked` on the same parser and files as the other modes.
 * Files no tsconfig includes are parsed without types (our parser's fallback), where its typed
 * rules would throw: they skip those files, as an `ignores` of them would.
 */
async function typescriptEslintConfig(languageOptions) {
  const { default: tseslint } = await import("typescript-eslint");
  const rules = Object.fromEntries(
    Object.entries(tseslint.plugin.rules).map(([name, rule]) => [
      name,
      { ...rule, create: (context) => (context.sourceCode.parserServices?.program ? rule.create(context) : {}) },
    ]),
  );
  const plugin = { ...tseslint.plugin, rules };
  return tseslint.configs.recommendedTypeChecked.map((c) => ({
    ...c,
    languageOptions,
    ...(c.plugins && { plugins: { ...c.plugins, "@typescript-eslint": plugin } }),
  }));
}

/**
 * Whether the mcp-errors command maps the workspace's unlinked packages to their sources in this
 * checkout (its own test): then its TypeScript programs hold the siblings' sources too.
 */
async function resolvesWorkspaces(dir) {
  const { discover } = await import(path.join(ROOT, "dist", "cli", "discover.js"));
  const { resolvesWorkspaces: resolves } = await import(path.join(ROOT, "dist", "cli", "workspaces.js"));
  const { files, tsconfigs } = discover(dir, ["."], { includeTests: false });
  return resolves(dir, files, tsconfigs);
}

async function child(mode, dir = CORPUS) {
  // `parse-workspaces`: parse-only with the command's workspace resolution, its fair yardstick.
  if (mode === "parse-workspaces") {
    const { installWorkspacePaths } = await import(path.join(ROOT, "dist", "cli", "workspaces.js"));
    installWorkspacePaths(dir);
  }
  const { ESLint } = await import("eslint");
  const { default: plugin } = await import(path.join(ROOT, "dist", "index.js"));
  const typed = plugin.configs["recommended-type-checked"];
  const config = {
    ...typed,
    languageOptions: { ...typed.languageOptions, parserOptions: { projectService: true, tsconfigRootDir: dir } },
    // `stats`: ESLint's own times (parse, each rule) for the stats ratio; a run of its own, since
    // timing every listener slows the rules.
    rules: mode === "parse" || mode === "parse-workspaces" || mode === "tseslint" ? {} : typed.rules,
  };
  // `tseslint`: typescript-eslint's own `recommended-type-checked` alone, the yardstick of issue 20.
  const overrideConfig = mode === "tseslint" ? [config, ...(await typescriptEslintConfig(config.languageOptions))] : [config];
  const stats = mode === "stats";
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig, stats, errorOnUnmatchedPattern: false });
  // A real checkout: the files the mcp-errors command lints there (no tests, builds or
  // dependencies), so that both compare alike.
  const { discover } = await import(path.join(ROOT, "dist", "cli", "discover.js"));
  const files = dir === CORPUS ? ["."] : discover(dir, ["."], { includeTests: false }).files;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const results = await eslint.lintFiles(files);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const fatal = results.reduce((n, r) => n + r.messages.filter((m) => m.fatal).length, 0);
  const findings = results.reduce((n, r) => n + r.messages.length, 0) - fatal;
  const { parseMs, rulesMs } = statsTimes(results);
  // The conversions ESLint took from the index: its own parsing, done ahead of it inside the rule
  // that built the index (the same module instance as the plugin's: dist/typed/conversions.js).
  const { sharingStats } = await import(path.join(ROOT, "dist", "typed", "conversions.js"));
  process.stdout.write(
    JSON.stringify({
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      findings,
      fatal,
      files: results.length,
      parseMs,
      rulesMs,
      takenMs: sharingStats.takenMs,
      taken: sharingStats.taken,
    }),
  );
}

export async function runTypedBench({ runs = 3, projects = 12, seed = 20251129 } = {}) {
  const corpus = writeCorpus(projects, seed);
  console.log(`typed corpus: ${String(projects)} projects, ${String(corpus.files)} files, ${String(corpus.lines)} lines in .bench/typed/`);
  const samples = { parse: [], rules: [] };
  const script = fileURLToPath(import.meta.url);
  for (let i = 0; i < runs; i++) {
    for (const mode of i % 2 === 0 ? ["parse", "rules"] : ["rules", "parse"]) {
      // Each child is one `eslint .`: the variable is how typescript-eslint tells a one-shot run
      // from an editor session (the eslint command and CI are detected without it). Both modes
      // get it; only the program index's conversion sharing reads it (src/typed/conversions.ts).
      const env = { ...process.env, TSESTREE_SINGLE_RUN: "true" };
      const out = execFileSync(process.execPath, [script, "--child", mode], { cwd: ROOT, env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
      const sample = JSON.parse(out);
      samples[mode].push(sample);
      console.log(
        `  run ${String(i + 1)} ${mode === "parse" ? "typed parse only" : "recommended-type-checked"}: ${(sample.ms / 1000).toFixed(2)} s (CPU ${(sample.cpuMs / 1000).toFixed(2)} s), peak ${sample.maxRssMb.toFixed(0)} MB, ${String(sample.findings)} findings${sample.fatal ? `, ${String(sample.fatal)} FATAL` : ""}`,
      );
    }
  }
  // The stats ratio: our rules (the program index included, which the first rule to ask builds)
  // over typed parsing, from ESLint's stats of one run.
  const statsRun = JSON.parse(
    execFileSync(process.execPath, [script, "--child", "stats"], {
      cwd: ROOT,
      env: { ...process.env, TSESTREE_SINGLE_RUN: "true" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }),
  );
  console.log(
    `stats ratio (ESLint stats, one run): rules ${(statsRun.rulesMs / 1000).toFixed(2)} s / typed parse ${(statsRun.parseMs / 1000).toFixed(2)} s = ${((100 * statsRun.rulesMs) / statsRun.parseMs).toFixed(1)}% (target <= 25%, the program index included)`,
  );
  // ESLint's stats put a file's parse under "rules" when the index converted it and ESLint took
  // that conversion instead of parsing: moved back, the index's own work stays in the rules.
  const moved = statsRun.takenMs;
  console.log(
    `  with the ${String(statsRun.taken)} conversions ESLint took from the index (${(moved / 1000).toFixed(2)} s) counted as parsing: ` +
      `rules ${((statsRun.rulesMs - moved) / 1000).toFixed(2)} s / typed parse ${((statsRun.parseMs + moved) / 1000).toFixed(2)} s = ${((100 * (statsRun.rulesMs - moved)) / (statsRun.parseMs + moved)).toFixed(1)}%`,
  );
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const time = { parse: median(samples.parse.map((s) => s.ms)), rules: median(samples.rules.map((s) => s.ms)) };
  const memory = { parse: median(samples.parse.map((s) => s.maxRssMb)), rules: median(samples.rules.map((s) => s.maxRssMb)) };
  const cpu = { parse: median(samples.parse.map((s) => s.cpuMs)), rules: median(samples.rules.map((s) => s.cpuMs)) };
  console.log(
    `typed parse only ${(time.parse / 1000).toFixed(2)} s / ${memory.parse.toFixed(0)} MB; recommended-type-checked ${(time.rules / 1000).toFixed(2)} s / ${memory.rules.toFixed(0)} MB`,
  );
  // Wall time is the target; CPU time (all threads, GC included) drifts less on a shared machine.
  console.log(
    `ratio: time ${(time.rules / time.parse).toFixed(2)}x (target <= 1.25x; CPU time ${(cpu.rules / cpu.parse).toFixed(2)}x), peak memory ${(memory.rules / memory.parse).toFixed(2)}x (target <= 1.3x)`,
  );
}

/**
 * Real checkouts (`npm run bench -- --typed --real <dir>...`): per checkout, fresh processes,
 * interleaved: a typed parse-only ESLint run, `recommended-type-checked`, and the `mcp-errors`
 * command; CPU time (user + system, every thread) and peak resident memory, medians. With
 * `threads`, the command again with `--concurrency <threads>`, and the wall time of both.
 */
export async function runTypedReal({ dirs, runs = 3, threads }) {
  const script = fileURLToPath(import.meta.url);
  const bin = path.join(ROOT, "dist", "cli", "bin.js");
  const env = { ...process.env, TSESTREE_SINGLE_RUN: "true" };
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const rows = [];
  for (const dir of dirs) {
    const samples = { parse: [], rules: [], cli: [], tseslint: [], threads: [], "parse-workspaces": [] };
    const workspaces = await resolvesWorkspaces(dir);
    const modes = ["parse", "rules", "cli", "tseslint", ...(workspaces ? ["parse-workspaces"] : []), ...(threads === undefined ? [] : ["threads"])];
    for (let i = 0; i < runs; i++) {
      for (const mode of i % 2 === 0 ? modes : [...modes].reverse()) {
        // Whole processes, as users pay for them (module loading included), measured alike by
        // /usr/bin/time; exit code 1 of the command means findings.
        const command =
          mode === "cli"
            ? [bin, "--format", "json", "."]
            : mode === "threads"
              ? [bin, "--format", "json", "--concurrency", String(threads), "."]
              : [script, "--child", mode, dir];
        const run = spawnSync("/usr/bin/time", ["-f", "TIME %U %S %M %e", process.execPath, ...command], {
          cwd: mode === "cli" || mode === "threads" ? dir : ROOT,
          env,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
          maxBuffer: 1 << 28,
        });
        const match = /TIME ([\d.]+) ([\d.]+) (\d+) ([\d.]+)/u.exec(run.stderr);
        if (!match) throw new Error(`${mode} in ${dir}: ${run.stderr.slice(-500)}`);
        const files = mode === "cli" || mode === "threads" ? undefined : JSON.parse(run.stdout).files;
        samples[mode].push({
          cpuMs: (Number(match[1]) + Number(match[2])) * 1000,
          maxRssMb: Number(match[3]) / 1024,
          wallMs: Number(match[4]) * 1000,
          files,
        });
      }
    }
    const m = (mode, key) => median(samples[mode].map((s) => s[key]));
    rows.push({
      dir: path.basename(dir),
      files: samples.parse[0]?.files ?? 0,
      cpu: { parse: m("parse", "cpuMs"), rules: m("rules", "cpuMs"), cli: m("cli", "cpuMs"), tseslint: m("tseslint", "cpuMs") },
      mem: { parse: m("parse", "maxRssMb"), rules: m("rules", "maxRssMb"), cli: m("cli", "maxRssMb"), tseslint: m("tseslint", "maxRssMb") },
      // The parse the command's own programs cost: with its workspace resolution where it uses one.
      same: workspaces
        ? { cpu: m("parse-workspaces", "cpuMs"), mem: m("parse-workspaces", "maxRssMb") }
        : { cpu: m("parse", "cpuMs"), mem: m("parse", "maxRssMb") },
    });
    const r = rows.at(-1);
    console.log(
      `${r.dir.padEnd(40)} ${String(r.files).padStart(5)} files  parse-only ${(r.cpu.parse / 1000).toFixed(2)} s ${r.mem.parse.toFixed(0)} MB  ` +
        `type-checked ${(r.cpu.rules / r.cpu.parse).toFixed(2)}x CPU ${(r.mem.rules / r.mem.parse).toFixed(2)}x mem  ` +
        `mcp-errors ${(r.cpu.cli / r.cpu.parse).toFixed(2)}x CPU ${(r.mem.cli / r.mem.parse).toFixed(2)}x mem  ` +
        `typescript-eslint ${(r.cpu.tseslint / r.cpu.parse).toFixed(2)}x CPU ${(r.mem.tseslint / r.mem.parse).toFixed(2)}x mem`,
    );
    if (workspaces) {
      // The command resolves workspace packages, so TypeScript builds larger programs than ESLint's own parse: the same parse is the yardstick.
      const { cpu, mem } = r.same;
      console.log(
        `${"".padEnd(40)} parse-only with the command's workspace resolution ${(cpu / 1000).toFixed(2)} s ${mem.toFixed(0)} MB: ` +
          `mcp-errors ${(r.cpu.cli / cpu).toFixed(2)}x CPU ${(r.mem.cli / mem).toFixed(2)}x mem against it`,
      );
    }
    if (runs > 1) {
      // The machine's speed drifts within minutes: each run's ratio against the parse-only run of
      // the same round shows how far one median can be trusted.
      const perRun = (mode) => samples[mode].map((s, i) => (s.cpuMs / (samples.parse[i]?.cpuMs ?? Number.NaN)).toFixed(2)).join(" ");
      console.log(
        `${"".padEnd(40)} per-run CPU ratios against the same round's parse-only run: type-checked ${perRun("rules")}; mcp-errors ${perRun("cli")}`,
      );
    }
    if (threads !== undefined) {
      const [wall, cpu, mem] = ["wallMs", "cpuMs", "maxRssMb"].map((key) => [m("cli", key), m("threads", key)]);
      console.log(
        `${r.dir.padEnd(40)} mcp-errors --concurrency ${threads}: wall ${(wall[0] / 1000).toFixed(2)} s -> ${(wall[1] / 1000).toFixed(2)} s (${(wall[1] / wall[0]).toFixed(2)}x), ` +
          `CPU ${(cpu[0] / 1000).toFixed(2)} s -> ${(cpu[1] / 1000).toFixed(2)} s (${(cpu[1] / cpu[0]).toFixed(2)}x), peak memory ${mem[0].toFixed(0)} MB -> ${mem[1].toFixed(0)} MB (${(mem[1] / mem[0]).toFixed(2)}x)`,
      );
    }
  }
  const ratios = (key, what) => rows.map((r) => r[key][what] / r[key].parse);
  console.log(
    `median over ${rows.length} checkout(s): recommended-type-checked ${median(ratios("cpu", "rules")).toFixed(2)}x CPU, ${median(ratios("mem", "rules")).toFixed(2)}x peak memory; ` +
      `mcp-errors ${median(ratios("cpu", "cli")).toFixed(2)}x CPU, ${median(ratios("mem", "cli")).toFixed(2)}x peak memory (targets <= 1.3x); ` +
      `typescript-eslint recommended-type-checked ${median(ratios("cpu", "tseslint")).toFixed(2)}x CPU, ${median(ratios("mem", "tseslint")).toFixed(2)}x peak memory`,
  );
  console.log(
    `mcp-errors against a parse-only run with the same workspace resolution: ` +
      `${median(rows.map((r) => r.cpu.cli / r.same.cpu)).toFixed(2)}x CPU, ${median(rows.map((r) => r.mem.cli / r.same.mem)).toFixed(2)}x peak memory`,
  );
  // Against typescript-eslint's own type-checked config: at most 0.75x its CPU, no more than its memory.
  const versus = (key, what) => rows.map((r) => r[key][what] / r[key].tseslint);
  console.log(
    `versus typescript-eslint recommended-type-checked (targets <= 0.75x CPU, <= 1x memory): ` +
      `recommended-type-checked ${median(versus("cpu", "rules")).toFixed(2)}x CPU ${median(versus("mem", "rules")).toFixed(2)}x mem; ` +
      `mcp-errors ${median(versus("cpu", "cli")).toFixed(2)}x CPU ${median(versus("mem", "cli")).toFixed(2)}x mem`,
  );
}

if (process.argv[2] === "--child") {
  await child(process.argv[3], process.argv[4]);
}
