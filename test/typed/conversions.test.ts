/**
 * Sharing the program index's conversions with ESLint (src/typed/conversions.ts): in a one-shot
 * run ESLint gets the index's tree instead of converting the file again. What it gets must be
 * exactly what the parser would have given, and no finding may change. The direct parser tests
 * come first: they need indexes that no lint of this file has built yet.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as tsParser from "@typescript-eslint/parser";
import type { TSESTree } from "@typescript-eslint/utils";
import { afterEach, describe, expect, it } from "vitest";
import { sharingStats } from "../../src/typed/conversions.js";
import { parseForESLint } from "../../src/typed/parser.js";
import { getProgramIndex } from "../../src/typed/program-index/index.js";
import { expectedFindings, lint, lintMessages } from "./lint-project.js";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "cross-file");
const projects = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

const saved = process.env.TSESTREE_SINGLE_RUN;
afterEach(() => {
  if (saved === undefined) delete process.env.TSESTREE_SINGLE_RUN;
  else process.env.TSESTREE_SINGLE_RUN = saved;
});

function withSingleRun<T>(value: "true" | "false", run: () => Promise<T>): Promise<T> {
  process.env.TSESTREE_SINGLE_RUN = value;
  return run();
}

/** The tree as plain data: no parent pointers, no TypeScript nodes. */
function plain(ast: TSESTree.Program): string {
  return JSON.stringify(ast, (key, value: unknown) => (key === "parent" ? undefined : value));
}

/** Every scope with its kind, block, variables and how each reference resolved. */
function scopes(result: ReturnType<typeof tsParser.parseForESLint>): string[] {
  return result.scopeManager.scopes.map((scope) => {
    const variables = scope.variables
      .map((v) => `${v.name}:${String(v.defs.length)}`)
      .sort()
      .join(",");
    const references = scope.references.map((r) => `${r.identifier.name}->${r.resolved ? String(r.resolved.scope.type) : "?"}`).join(",");
    return `${scope.type}@${String(scope.block.range[0])} [${String(scope.set.size)} names] ${variables} | ${references}`;
  });
}

/** The entries of a fixture's `src/`, sorted, as absolute paths. */
function srcEntries(dir: string): string[] {
  return readdirSync(path.join(dir, "src"))
    .map((name) => path.join(dir, "src", name))
    .sort();
}

describe("a shared conversion is what the parser gives", () => {
  it("tree, tokens, comments, scopes and program are identical", () => {
    process.env.TSESTREE_SINGLE_RUN = "true";
    const dir = path.join(FIXTURES, "error-helper");
    const files = srcEntries(dir);
    const options = (filePath: string): Record<string, unknown> => ({
      ecmaVersion: "latest",
      sourceType: "module",
      projectService: true,
      tsconfigRootDir: dir,
      loc: true,
      range: true,
      tokens: true,
      comment: true,
      eslintVisitorKeys: true,
      eslintScopeManager: true,
      filePath,
    });
    const [first, ...rest] = files as [string, ...string[]];
    expect(rest.length).toBeGreaterThan(0);
    // The first file's lint builds the index, as a rule would.
    const firstParse = parseForESLint(readFileSync(first, "utf8"), options(first));
    const program = firstParse.services.program;
    expect(program).toBeTruthy();
    if (program) getProgramIndex(program);

    for (const file of rest) {
      const code = readFileSync(file, "utf8");
      const taken = sharingStats.taken;
      const takenMs = sharingStats.takenMs;
      const shared = parseForESLint(code, options(file));
      expect(sharingStats.taken, path.basename(file)).toBe(taken + 1);
      // The bench counts the time of a conversion ESLint took as parsing.
      expect(sharingStats.takenMs, path.basename(file)).toBeGreaterThan(takenMs);
      const fresh = tsParser.parseForESLint(code, options(file));
      expect(plain(shared.ast), path.basename(file)).toBe(plain(fresh.ast));
      expect(shared.ast.tokens).toEqual(fresh.ast.tokens);
      expect(shared.ast.comments).toEqual(fresh.ast.comments);
      expect(scopes(shared)).toEqual(scopes(fresh));
      expect(shared.services.program).toBe(fresh.services.program);
      expect(shared.visitorKeys).toBe(fresh.visitorKeys);
      // A second parse of the file (a fix pass) converts again.
      expect(parseForESLint(code, options(file))).not.toBe(shared);
    }
  });

  it("text that differs from the program's (an unsaved edit) is parsed, not shared", () => {
    process.env.TSESTREE_SINGLE_RUN = "true";
    const dir = path.join(FIXTURES, "registry");
    const files = srcEntries(dir);
    const [first, second] = files as [string, string];
    const options = (filePath: string): Record<string, unknown> => ({ sourceType: "module", projectService: true, tsconfigRootDir: dir, filePath });
    const firstParse = parseForESLint(readFileSync(first, "utf8"), options(first));
    if (firstParse.services.program) getProgramIndex(firstParse.services.program);
    const taken = sharingStats.taken;
    const edited = `${readFileSync(second, "utf8")}\n// edited\n`;
    const result = parseForESLint(edited, options(second));
    expect(sharingStats.taken).toBe(taken);
    expect(result.ast.range[1]).toBe(edited.length);
  });
});

const INDEXED_ABOVE = new Set(["error-helper", "registry", "nested-package"]);

function tsconfigsIn(dir: string): number {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => path.basename(file) === "tsconfig.json").length;
}

describe("the project service's choice of project", () => {
  it("a root tsconfig's program leaves a nested package's files to the package's own program", async () => {
    // The root tsconfig holds packages/weather/src too; the project service lints those files with
    // the package's tsconfig, whose index follows their tools. The root's index (built for
    // src/cli.ts) converted them again: on modelcontextprotocol/servers, a fifth of the run.
    const indexed = sharingStats.indexed;
    const found = await withSingleRun("true", () => lint(path.join(FIXTURES, "nested-package"), "recommended-type-checked"));
    expect(found).toEqual(["packages/weather/src/api.ts:6 mcp-errors/require-timeout"]);
    // server.ts (MCP evidence) and api.ts (on its tool's path), once each.
    expect(sharingStats.indexed - indexed).toBe(2);
  });

  it("a package that only configures a sibling package's server does not follow the sibling's tools again", async () => {
    // app's program holds the toolkit's files (it imports them). The toolkit registers its own
    // tools; app hands it settings and a transport, nothing of its own runs on those tools.
    const indexed = sharingStats.indexed;
    const found = await withSingleRun("true", () => lint(path.join(path.dirname(FIXTURES), "typed-sibling-configured"), "recommended-type-checked"));
    expect(found).toEqual(["packages/toolkit/src/toolkit.ts:16 mcp-errors/require-timeout"]);
    // The toolkit's program: toolkit.ts (MCP evidence); app's program: main.ts (MCP evidence) only.
    expect(sharingStats.indexed - indexed).toBe(2);
  });

  it("a package that hands a sibling package tools of its own has them followed through the sibling", async () => {
    const found = await withSingleRun("true", () => lint(path.join(FIXTURES, "sibling-registration"), "recommended-type-checked"));
    expect(found).toEqual(["packages/server/src/main.ts:8 mcp-errors/require-timeout"]);
  });

  it("a solution-style tsconfig: files of its first referenced project are shared, the others parse as usual", async () => {
    const dir = path.join(path.dirname(FIXTURES), "typed-solution");
    const taken = sharingStats.taken;
    const shared = await withSingleRun("true", () => lint(dir, "recommended-type-checked"));
    // src/weather.ts (reached from src/server.ts, linted after it) comes from the index.
    expect(sharingStats.taken).toBe(taken + 1);
    expect(shared).toEqual(expectedFindings(dir));
    expect(await withSingleRun("false", () => lint(dir, "recommended-type-checked"))).toEqual(shared);
  });
});

describe("ESLint reuses the index's conversions in a one-shot run", () => {
  it.each(projects)("%s: the same findings with and without sharing", async (name) => {
    const dir = path.join(FIXTURES, name);
    const taken = sharingStats.taken;
    const shared = await withSingleRun("true", () => lintMessages(dir, "recommended-type-checked"));
    const tookAny = sharingStats.taken > taken;
    const separate = await withSingleRun("false", () => lintMessages(dir, "recommended-type-checked"));
    expect(shared).toEqual(separate);
    // Every fixture has at least two files that show MCP evidence: the second one is shared
    // (unless the tests above already indexed this program, and the index is reused). Over
    // several tsconfigs, whether one is depends on which package ESLint lints first, and ESLint
    // lints each file as its read completes: no order to test.
    if (!INDEXED_ABOVE.has(name) && tsconfigsIn(dir) === 1) expect(tookAny).toBe(true);
  });

  it("an editor session (no one-shot run) converts only what the index reads", async () => {
    const kept = sharingStats.kept;
    await withSingleRun("false", () => lintMessages(path.join(FIXTURES, "registry"), "recommended-type-checked"));
    expect(sharingStats.kept).toBe(kept);
  });
});
