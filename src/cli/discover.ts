/**
 * Which files the CLI lints: sources under the targets, minus dependencies, build output,
 * coverage, declaration files and whatever the `.gitignore` files of the tree ignore. Also finds
 * every `tsconfig.json` (a monorepo has one per package), which decides typed or syntactic mode.
 * Tests (`*.test.ts`, `__tests__/`, ...) are skipped unless `includeTests` is set; the ESLint
 * config file (`eslint.config.js`) always is, and so is bundler output checked in with the
 * sources (`util/bundled.ts`), with a notice naming it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ignore, { type Ignore } from "ignore";
import { ESLINT_CONFIG_FILE } from "../configs.js";
import { BUNDLE_MIN_SIZE, isBundled } from "../util/bundled.js";
import { TEST_DIRECTORY_NAMES, TEST_FILE } from "../util/test-files.js";
import { globMatcher, isGlob, splitGlob } from "./glob.js";

export const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];
/** The TypeScript ones among them. */
export const TYPESCRIPT_FILE = /\.[cm]?tsx?$/u;

/** Directories that never hold a server's own sources. */
export const SKIPPED_DIRECTORIES = new Set([
  "node_modules",
  ".git",
  ".hg",
  ".svn",
  "dist",
  "build",
  "out",
  "coverage",
  ".nyc_output",
  ".next",
  ".nuxt",
  ".output",
  ".svelte-kit",
  ".turbo",
  ".vercel",
  ".wrangler",
  ".yarn",
  ".cache",
]);

const DECLARATION = /\.d\.[cm]?ts$/u;
const MINIFIED = /\.min\.[cm]?js$/u;

export interface Discovery {
  /** Absolute paths of the files to lint, sorted. */
  readonly files: string[];
  /** Absolute paths of every `tsconfig.json` under the targets, sorted. */
  readonly tsconfigs: string[];
  /** What was left out and why, one line each (folders that cannot be read, named files of another kind). */
  readonly notices: string[];
}

interface IgnoreScope {
  readonly dir: string;
  readonly rules: Pick<Ignore, "ignores">;
}

function readIgnore(dir: string): IgnoreScope | undefined {
  const file = path.join(dir, ".gitignore");
  if (!existsSync(file)) return undefined;
  try {
    return { dir, rules: gitignoreRules(readFileSync(file, "utf8")) };
  } catch {
    return undefined;
  }
}

/** A pattern with no wildcard, class, escape or negation: a plain name or path. */
const LITERAL = /^[^*?[\]\\!#\s][^*?[\]\\]*$/u;

/**
 * A `.gitignore`'s rules. The `ignore` package tries every pattern for every path, which takes
 * minutes for a generated `.gitignore` of tens of thousands of lines over a large tree. Without
 * negations the order of patterns does not matter, so plain names and paths are looked up in sets
 * (a name without a slash matches at any depth; one with a slash is relative to the
 * `.gitignore`'s folder; a trailing slash, directories only), and only the other patterns go
 * through `ignore`. With a negation anywhere, every pattern does, as git reads them.
 */
export function gitignoreRules(text: string): Pick<Ignore, "ignores"> {
  const lines = text.split(/\r?\n/u).map((line) => line.trimEnd());
  if (lines.some((line) => line.startsWith("!"))) return ignore().add(text);
  const names = new Set<string>();
  const directoryNames = new Set<string>();
  const paths = new Set<string>();
  const directoryPaths = new Set<string>();
  const rest: string[] = [];
  for (const line of lines) {
    if (line === "" || line.startsWith("#")) continue;
    if (!LITERAL.test(line)) {
      rest.push(line);
      continue;
    }
    const directory = line.endsWith("/");
    const pattern = line.replace(/^\/+/u, "").replace(/\/+$/u, "");
    if (pattern === "") continue;
    const anchored = line.slice(0, -1).includes("/") || line.startsWith("/");
    (anchored ? (directory ? directoryPaths : paths) : directory ? directoryNames : names).add(pattern);
  }
  const others = rest.length > 0 ? ignore().add(rest) : undefined;
  return {
    ignores(relative: string): boolean {
      const isDirectory = relative.endsWith("/");
      const clean = isDirectory ? relative.slice(0, -1) : relative;
      const parts = clean.split("/");
      for (let i = 0; i < parts.length; i++) {
        const name = parts[i] as string;
        // Every part but the last is a folder; the last is one when the path says so.
        const folder = i < parts.length - 1 || isDirectory;
        const prefix = parts.slice(0, i + 1).join("/");
        if (names.has(name) || paths.has(prefix) || (folder && (directoryNames.has(name) || directoryPaths.has(prefix)))) return true;
      }
      return others?.ignores(relative) ?? false;
    },
  };
}

/** The `.gitignore` files above `dir` up to the repository root (the folder with `.git`). */
function ancestorScopes(dir: string): IgnoreScope[] {
  const scopes: IgnoreScope[] = [];
  let current = path.dirname(dir);
  let previous = dir;
  if (existsSync(path.join(dir, ".git"))) return scopes;
  while (current !== previous) {
    const scope = readIgnore(current);
    if (scope) scopes.unshift(scope);
    if (existsSync(path.join(current, ".git"))) break;
    previous = current;
    current = path.dirname(current);
  }
  return scopes;
}

function ignoredBy(scopes: readonly IgnoreScope[], absolute: string, isDirectory: boolean): boolean {
  for (const scope of scopes) {
    const relative = relativePath(scope.dir, absolute);
    if (relative === "" || relative.startsWith("..")) continue;
    if (scope.rules.ignores(isDirectory ? `${relative}/` : relative)) return true;
  }
  return false;
}

/**
 * The nearest `tsconfig.json` from `dir` up to `cwd`, both included: where the project service
 * (rooted at `cwd`) finds the tsconfig of a target's files. Undefined when `dir` is outside `cwd`.
 */
function nearestTsconfigAbove(cwd: string, dir: string): string | undefined {
  const relative = path.relative(cwd, dir);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  for (let current = dir; ; current = path.dirname(current)) {
    const file = path.join(current, "tsconfig.json");
    if (existsSync(file)) return file;
    if (current === cwd || path.dirname(current) === current) return undefined;
  }
}

/** `file` relative to `dir`, with forward slashes (as reports, SARIF and `.gitignore` patterns want). */
export function relativePath(dir: string, file: string): string {
  return path.relative(dir, file).split(path.sep).join("/");
}

export function isSourceFile(file: string): boolean {
  return SOURCE_EXTENSIONS.includes(path.extname(file)) && !DECLARATION.test(file) && !MINIFIED.test(file);
}

/** Whether a file found while walking a folder is linted, by its name (test code, util/test-files.ts, only when asked for). */
function isLinted(name: string, skipTests: boolean): boolean {
  return isSourceFile(name) && !ESLINT_CONFIG_FILE.test(name) && !(skipTests && TEST_FILE.test(name));
}

/** Whether a file is bundler output (`util/bundled.ts`); only a file large enough is read. */
function isBundledFile(file: string): boolean {
  try {
    return statSync(file).size >= BUNDLE_MIN_SIZE && isBundled(readFileSync(file, "utf8"));
  } catch {
    return false;
  }
}

/** Whether `absolute` is `dir` or lies below it. */
function isInside(dir: string, absolute: string): boolean {
  const relative = path.relative(dir, absolute);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * Walks the targets (files, directories or glob patterns, relative to `cwd`). A file named
 * explicitly is linted even when a `.gitignore` ignores it, as ESLint does; directories and
 * patterns are filtered. As with ESLint, a target that matches no file, or lies outside `cwd`
 * (ESLint never lints those), is a usage error: a run over nothing must not pass as clean.
 */
export function discover(cwd: string, targets: readonly string[], options: { readonly includeTests?: boolean } = {}): Discovery {
  const skipTests = options.includeTests !== true;
  const files = new Set<string>();
  const tsconfigs = new Set<string>();
  const notices: string[] = [];
  const otherKinds: string[] = [];
  const bundled: string[] = [];
  const walk = (dir: string, scopes: readonly IgnoreScope[], found: Set<string>): void => {
    const own = readIgnore(dir);
    const inner = own ? [...scopes, own] : scopes;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "unreadable";
      notices.push(`cannot read the folder ${relativePath(cwd, dir) || "."} (${code}): its files are left out.`);
      return;
    }
    for (const entry of entries) {
      const absolute = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (SKIPPED_DIRECTORIES.has(entry.name) || (skipTests && TEST_DIRECTORY_NAMES.has(entry.name)) || ignoredBy(inner, absolute, true)) continue;
        walk(absolute, inner, found);
      } else if (entry.isFile()) {
        if (entry.name === "tsconfig.json") tsconfigs.add(absolute);
        else if (isLinted(entry.name, skipTests) && !ignoredBy(inner, absolute, false)) {
          if (isBundledFile(absolute)) bundled.push(absolute);
          else found.add(absolute);
        }
      }
    }
  };
  for (const target of targets) {
    let absolute = path.resolve(cwd, target);
    let stats = statTarget(absolute, target);
    let matches: ((file: string) => boolean) | undefined;
    if (!stats && isGlob(target)) {
      // A pattern walks its literal base folder and keeps the files it matches (or lies below a
      // folder it matches, as when the shell expands `packages/*` into folders).
      const { base, rest } = splitGlob(target.split(path.sep).join("/"));
      absolute = path.resolve(cwd, base);
      stats = statTarget(absolute, target);
      const matcher = globMatcherOrUsageError(rest, target);
      matches = (file) => {
        for (let dir = file; isInside(absolute, dir) && dir !== absolute; dir = path.dirname(dir)) if (matcher(relativePath(absolute, dir))) return true;
        return false;
      };
    }
    if (!stats) throw new UsageError(`No such file or directory: ${target}`);
    if (!isInside(cwd, absolute)) {
      throw new UsageError(`${target} is outside the working directory ${cwd}: run mcp-errors from a folder that contains it.`);
    }
    const found = new Set<string>();
    if (stats.isDirectory()) walk(absolute, ancestorScopes(absolute), found);
    else if (isSourceFile(absolute)) found.add(absolute);
    else otherKinds.push(target);
    const kept = matches ? [...found].filter(matches) : [...found];
    // A named file of another kind (`README.md`) is left out quietly, as ESLint leaves out a file
    // no config matches; a folder or pattern with no source file at all is a mistake.
    if (kept.length === 0 && (stats.isDirectory() || matches)) throw new UsageError(`No files matching the pattern "${target}" were found.`);
    for (const file of kept) files.add(file);
    // `mcp-errors src` or the file names a pre-commit hook passes: the tsconfig.json is above.
    const above = nearestTsconfigAbove(cwd, path.dirname(absolute));
    if (above !== undefined) tsconfigs.add(above);
  }
  if (files.size === 0) throw new UsageError(`No files to lint in ${targets.join(", ")}: none of them is a JavaScript or TypeScript source file.`);
  if (otherKinds.length > 0) notices.push(filesNotice(otherKinds, "named", "not JavaScript or TypeScript and left out"));
  // A bundle named on the command line as well is linted, and not in the notice.
  const leftOut = [...new Set(bundled)].filter((file) => !files.has(file));
  if (leftOut.length > 0) {
    const names = leftOut.map((file) => relativePath(cwd, file)).sort();
    notices.push(filesNotice(names, "bundled", "left out (bundler output, not code anyone edits; name a file to lint it)"));
  }
  return { files: [...files].sort(), tsconfigs: [...tsconfigs].sort(), notices };
}

/** "2 named files are <what>: a.md, b.vue.": the count, and the first five names. */
function filesNotice(names: readonly string[], kind: string, what: string): string {
  const shown = names.slice(0, 5).join(", ") + (names.length > 5 ? ", ..." : "");
  return `${String(names.length)} ${kind} file${names.length === 1 ? " is" : "s are"} ${what}: ${shown}.`;
}

/** A target's stats (undefined when it does not exist); a loop of symbolic links is a usage error. */
function statTarget(absolute: string, target: string): ReturnType<typeof statSync> {
  try {
    return statSync(absolute, { throwIfNoEntry: false });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") throw new UsageError(`${target} is a loop of symbolic links.`);
    throw new UsageError(`Cannot read ${target} (${code ?? "unreadable"}).`);
  }
}

function globMatcherOrUsageError(pattern: string, target: string): (relative: string) => boolean {
  try {
    return globMatcher(pattern);
  } catch {
    throw new UsageError(`Cannot read the pattern "${target}".`);
  }
}

/** A mistake in how the CLI was called: exit code 2 with a one-line reason. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
