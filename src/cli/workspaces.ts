/**
 * Monorepos checked out without `node_modules`: a package that imports a sibling by name
 * (`import { ThingClient } from "@demo/client"`) cannot be followed, since the name resolves
 * only through the symlink an install creates. The CLI resolves workspace packages itself, from
 * the root's `workspaces` (npm, yarn) or `pnpm-workspace.yaml`, each package's `package.json`
 * (`name`, `exports`, `types`, `main`) and its tsconfig's `rootDir`/`outDir`, and hands the
 * mapping to TypeScript as `paths`. Nothing is written: the tsconfig files are read through
 * TypeScript's `sys`, which adds the mapping in memory. It also counts what stays unresolved
 * (imports, base tsconfigs) for one notice instead of a silently poorer analysis.
 */
import { builtinModules } from "node:module";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type ts from "typescript";
import { loadTypedRuntime, typescript } from "../typed/runtime.js";
import { TYPESCRIPT_FILE } from "./discover.js";

/** A package of the workspace that no `node_modules` links to: its name and the source file its entry point is built from. */
export interface WorkspacePackage {
  readonly name: string;
  readonly dir: string;
  /** The source file of the package's main entry, when found. */
  readonly entry: string | undefined;
  /** The folder its sources live in (`src`), for subpath imports. */
  readonly sourceDir: string;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as unknown;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The package patterns of a workspace root: `workspaces` (array, or `{ packages }`) or `pnpm-workspace.yaml`'s `packages:` list. */
function workspacePatterns(root: string): string[] | undefined {
  const manifest = readJson(path.join(root, "package.json"));
  if (isRecord(manifest)) {
    const workspaces = manifest.workspaces;
    const list = Array.isArray(workspaces) ? workspaces : isRecord(workspaces) && Array.isArray(workspaces.packages) ? workspaces.packages : undefined;
    if (list) return list.filter((p): p is string => typeof p === "string");
  }
  const pnpm = path.join(root, "pnpm-workspace.yaml");
  if (!existsSync(pnpm)) return undefined;
  const patterns: string[] = [];
  let inPackages = false;
  for (const line of readFileSync(pnpm, "utf8").split("\n")) {
    if (/^packages\s*:/u.test(line)) inPackages = true;
    else if (/^\S/u.test(line)) inPackages = false;
    else if (inPackages) {
      const item = /^\s*-\s*["']?([^"'#]+?)["']?\s*(?:#.*)?$/u.exec(line);
      if (item?.[1]) patterns.push(item[1]);
    }
  }
  return patterns;
}

/** The folders a pattern names: `packages/*`, `packages/**` (one level of packages), or a folder. */
function expand(root: string, pattern: string): string[] {
  if (pattern.startsWith("!")) return [];
  const clean = pattern.replace(/\/\*\*?$/u, "");
  const base = path.resolve(root, clean);
  if (!base.startsWith(root) || !existsSync(base)) return [];
  if (clean === pattern) return [base];
  try {
    return readdirSync(base, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== "node_modules" && !d.name.startsWith("."))
      .map((d) => path.join(base, d.name));
  } catch {
    return [];
  }
}

/** The nearest folder from `start` up whose package.json declares workspaces (or that has pnpm-workspace.yaml). */
export function findWorkspaceRoot(start: string): string | undefined {
  let current = path.resolve(start);
  for (;;) {
    if (workspacePatterns(current) !== undefined) return current;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** The entry points a package.json names, most source-like first: `exports["."]`'s conditions, `types`, `main`, `module`. */
function entryPoints(manifest: Record<string, unknown>): string[] {
  const found: string[] = [];
  const add = (value: unknown): void => {
    if (typeof value === "string") found.push(value);
    else if (isRecord(value)) for (const key of ["types", "import", "default", "require", "node"]) add(value[key]);
  };
  const exports = manifest.exports;
  add(
    typeof exports === "string"
      ? exports
      : isRecord(exports)
        ? (exports["."] ?? (Object.keys(exports).some((k) => k.startsWith(".")) ? undefined : exports))
        : undefined,
  );
  for (const key of ["types", "typings", "main", "module"]) add(manifest[key]);
  return found;
}

/** The source folder and output folder of a package, from its tsconfig (`src` and `dist` by default). */
function sourceLayout(dir: string): { rootDir: string; outDir: string | undefined } {
  loadTypedRuntime();
  const config = typescript.readConfigFile(path.join(dir, "tsconfig.json"), (file) => typescript.sys.readFile(file)).config as unknown;
  const options = isRecord(config) && isRecord(config.compilerOptions) ? config.compilerOptions : {};
  const rootDir = typeof options.rootDir === "string" ? path.resolve(dir, options.rootDir) : path.join(dir, "src");
  const outDir = typeof options.outDir === "string" ? path.resolve(dir, options.outDir) : undefined;
  return { rootDir, outDir };
}

const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts"];

/** The source file a built entry point comes from: `dist/index.d.ts` -> `src/index.ts`. */
function sourceOf(dir: string, entry: string, layout: { rootDir: string; outDir: string | undefined }): string | undefined {
  const absolute = path.resolve(dir, entry);
  const stem = absolute.replace(/(?:\.d)?\.[cm]?[jt]sx?$/u, "");
  const candidates = [stem];
  const outDir = layout.outDir ?? path.join(dir, "dist");
  if (stem.startsWith(`${outDir}${path.sep}`)) {
    candidates.push(path.join(layout.rootDir, path.relative(outDir, stem)));
    // A tsconfig whose rootDir is the package (`"rootDir": "."`, tests beside the sources) with the
    // sources in `src`: `dist/index.d.ts` is `src/index.ts`.
    candidates.push(path.join(dir, "src", path.relative(outDir, stem)));
  }
  for (const candidate of candidates) {
    for (const extension of SOURCE_EXTENSIONS) if (existsSync(candidate + extension)) return candidate + extension;
    for (const extension of SOURCE_EXTENSIONS) if (existsSync(path.join(candidate, `index${extension}`))) return path.join(candidate, `index${extension}`);
  }
  return undefined;
}

/** The workspace packages of the root that no `node_modules` of the root links to. */
export function unlinkedPackages(root: string): WorkspacePackage[] {
  const packages: WorkspacePackage[] = [];
  for (const pattern of workspacePatterns(root) ?? []) {
    for (const dir of expand(root, pattern)) {
      const manifest = readJson(path.join(dir, "package.json"));
      if (!isRecord(manifest) || typeof manifest.name !== "string") continue;
      if (existsSync(path.join(root, "node_modules", manifest.name))) continue;
      const layout = sourceLayout(dir);
      const entry = entryPoints(manifest)
        .map((point) => sourceOf(dir, point, layout))
        .find((file) => file !== undefined);
      const fallback = SOURCE_EXTENSIONS.map((extension) => path.join(layout.rootDir, `index${extension}`)).find((file) => existsSync(file));
      packages.push({ name: manifest.name, dir, entry: entry ?? fallback, sourceDir: layout.rootDir });
    }
  }
  return packages;
}

/** `paths` for TypeScript: each package's name to its source entry, and its subpaths to its source folder. */
export function workspacePaths(packages: readonly WorkspacePackage[]): Record<string, string[]> {
  const paths: Record<string, string[]> = {};
  for (const pkg of packages) {
    if (pkg.entry) paths[pkg.name] = [pkg.entry];
    paths[`${pkg.name}/*`] = [path.join(pkg.sourceDir, "*")];
  }
  return paths;
}

/**
 * Whether some of these files imports a package of the workspace that no `node_modules` links
 * (`from "@acme/billing"`, `import("@acme/billing/x")`, `require(...)`): only then is the mapping
 * worth what it costs (each program that sees a sibling compiles its sources).
 */
export function importsWorkspacePackage(cwd: string, files: readonly string[]): boolean {
  loadTypedRuntime();
  const root = findWorkspaceRoot(cwd);
  const names = root ? unlinkedPackages(root).map((pkg) => pkg.name) : [];
  if (names.length === 0) return false;
  const escaped = names.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/gu, "\\$&"));
  const pattern = new RegExp(`["'](?:${escaped.join("|")})(?:/[^"']*)?["']`, "u");
  return files.some((file) => {
    try {
      return pattern.test(readFileSync(file, "utf8"));
    } catch {
      return false;
    }
  });
}

let installed: { readonly root: string; readonly paths: Record<string, string[]> } | undefined;

/**
 * Makes TypeScript resolve the workspace packages of the workspace around `cwd` (for this
 * process): every tsconfig read under the workspace root gains `paths` for the packages no
 * `node_modules` links, merged with the paths it already has (made absolute, since they move to
 * the file that extends them). Returns the number of packages mapped.
 */
export function installWorkspacePaths(cwd: string): number {
  loadTypedRuntime();
  const root = findWorkspaceRoot(cwd);
  if (!root) return 0;
  if (installed?.root === root) return Object.keys(installed.paths).length / 2;
  const packages = unlinkedPackages(root);
  if (packages.length === 0) return 0;
  const paths = workspacePaths(packages);
  installed = { root, paths };
  rewriteTsconfigReads(root, (file, text, readFile) => withPaths(file, withWorkspaceExtends(file, text, packages), paths, readFile));
  return Object.keys(paths).length / 2;
}

/** `file` is `dir` or inside it. */
export function isUnder(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir.endsWith(path.sep) ? dir : `${dir}${path.sep}`);
}

/**
 * Makes TypeScript read every tsconfig under `root` (outside `node_modules`) through `rewrite`,
 * for this process; `rewrite` gets the reader it replaced, for what the tsconfig extends.
 */
export function rewriteTsconfigReads(root: string, rewrite: (file: string, text: string, readFile: (file: string) => string | undefined) => string): void {
  const readFile = typescript.sys.readFile.bind(typescript.sys);
  typescript.sys.readFile = (file, encoding) => {
    const text = readFile(file, encoding);
    if (text === undefined || !/[/\\]tsconfig[^/\\]*\.json$/u.test(file) || !isUnder(file, root) || file.includes(`${path.sep}node_modules${path.sep}`))
      return text;
    return rewrite(file, text, readFile);
  };
}

/**
 * The base tsconfig an `extends` names through a workspace package no `node_modules` links
 * (`"@acme/tsconfig/base.json"`, `"@acme/tsconfig"`): the file in the package's folder, when it
 * is there. TypeScript would find it only through the link an install creates.
 */
export function workspaceBase(specifier: string, packages: readonly WorkspacePackage[]): string | undefined {
  for (const pkg of packages) {
    if (specifier !== pkg.name && !specifier.startsWith(`${pkg.name}/`)) continue;
    const rest = specifier.slice(pkg.name.length + 1);
    const candidates = rest === "" ? [path.join(pkg.dir, "tsconfig.json")] : [path.join(pkg.dir, rest), path.join(pkg.dir, `${rest}.json`)];
    return candidates.find((file) => existsSync(file) && statSync(file).isFile());
  }
  return undefined;
}

/**
 * Whether a typed run maps the workspace's unlinked packages to their sources: a file it lints
 * imports a sibling package by name, or a tsconfig extends a base config of one. `files` and
 * `tsconfigs` are absolute or relative to `cwd`.
 */
export function resolvesWorkspaces(cwd: string, files: readonly string[], tsconfigs: readonly string[]): boolean {
  return (
    importsWorkspacePackage(
      cwd,
      files.map((file) => path.resolve(cwd, file)),
    ) || extendsWorkspacePackage(cwd, tsconfigs)
  );
}

/** Whether some of these tsconfigs extends a base config of a workspace package that no `node_modules` links. */
export function extendsWorkspacePackage(cwd: string, tsconfigs: readonly string[]): boolean {
  loadTypedRuntime();
  const root = findWorkspaceRoot(cwd);
  const packages = root ? unlinkedPackages(root) : [];
  if (packages.length === 0) return false;
  return tsconfigs.some((file) => extendsOf(path.resolve(cwd, file)).some((specifier) => workspaceBase(specifier, packages) !== undefined));
}

/** The `extends` of a tsconfig file, as written. */
function extendsOf(file: string): string[] {
  const text = typescript.sys.readFile(file);
  const config = text === undefined ? undefined : (typescript.parseConfigFileTextToJson(file, text).config as unknown);
  const value = isRecord(config) ? config.extends : undefined;
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
}

/** The tsconfig text with each `extends` of a workspace package made the path of its file. */
function withWorkspaceExtends(file: string, text: string, packages: readonly WorkspacePackage[]): string {
  if (!text.includes('"extends"')) return text;
  const parsed = typescript.parseConfigFileTextToJson(file, text);
  if (!isRecord(parsed.config)) return text;
  const value = parsed.config.extends;
  const list = Array.isArray(value) ? value : [value];
  const resolved = list.map((specifier) => (typeof specifier === "string" && !specifier.startsWith(".") ? workspaceBase(specifier, packages) : undefined));
  if (resolved.every((base) => base === undefined)) return text;
  const bases = resolved.map((base, i) => base ?? (list[i] as unknown));
  return JSON.stringify({ ...parsed.config, extends: Array.isArray(value) ? bases : bases[0] });
}

/** The tsconfig text with the workspace's paths added to the ones it has or inherits. */
function withPaths(file: string, text: string, paths: Record<string, string[]>, readFile: (file: string) => string | undefined): string {
  if (Object.keys(paths).length === 0) return text;
  const parsed = typescript.parseConfigFileTextToJson(file, text);
  if (!isRecord(parsed.config)) return text;
  const config = parsed.config;
  const options = isRecord(config.compilerOptions) ? config.compilerOptions : {};
  // What it inherits through `extends`, read without the mapping.
  const host: ts.ParseConfigHost = { ...typescript.sys, readFile, useCaseSensitiveFileNames: typescript.sys.useCaseSensitiveFileNames };
  const effective = typescript.parseJsonConfigFileContent(config, host, path.dirname(file), undefined, file).options;
  const base = effective.baseUrl ?? (effective.pathsBasePath as string | undefined) ?? path.dirname(file);
  const merged: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(effective.paths ?? {})) merged[key] = values.map((value) => path.resolve(base, value));
  for (const [key, values] of Object.entries(paths)) merged[key] ??= values;
  return JSON.stringify({ ...config, compilerOptions: { ...options, paths: merged } });
}

/** What TypeScript could not resolve in a typed run: imports of the linted files, and base tsconfigs. */
export interface Unresolved {
  readonly imports: number;
  readonly files: number;
  readonly baseConfigs: number;
}

const BUILTINS = new Set(builtinModules);

/**
 * Counts the imports of the linted files that resolve to nothing, and the `extends` of the
 * tsconfigs that name a file that is not there. Imports are checked only where a package has no
 * `node_modules` (elsewhere they resolve; checking every one costs more than it tells).
 */
export function countUnresolved(files: readonly string[], tsconfigs: readonly string[]): Unresolved {
  loadTypedRuntime();
  const missingBases = new Set<string>();
  const optionsOf = new Map<string, ts.CompilerOptions>();
  for (const tsconfig of tsconfigs) {
    const parsed = typescript.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
      ...typescript.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    });
    // TS6053: a file named by `extends` is not there (a base config from a package not installed).
    for (const error of parsed?.errors ?? []) if (error.code === 6053) missingBases.add(typescript.flattenDiagnosticMessageText(error.messageText, "\n"));
    if (parsed) optionsOf.set(path.dirname(tsconfig), parsed.options);
  }
  const baseConfigs = missingBases.size;
  let imports = 0;
  const withMissing = new Set<string>();
  const cache = typescript.createModuleResolutionCache(process.cwd(), (name) => name);
  for (const file of files) {
    if (!TYPESCRIPT_FILE.test(file) || hasNodeModules(path.dirname(file))) continue;
    const options = nearestOptions(path.dirname(file), optionsOf);
    if (!options) continue;
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const imported of typescript.preProcessFile(text, true, true).importedFiles) {
      const name = imported.fileName;
      if (name.startsWith("node:") || BUILTINS.has(name) || BUILTINS.has(name.split("/")[0] ?? "")) continue;
      if (besideAsWritten(name, file)) continue;
      if (onlyInNodeModules(name, file, options) || !typescript.resolveModuleName(name, file, options, typescript.sys, cache).resolvedModule) {
        imports++;
        withMissing.add(file);
      }
    }
  }
  return { imports, files: withMissing.size, baseConfigs };
}

/** The TypeScript source an import with an extension names, by the extension it is written with. */
const SOURCE_OF: Readonly<Record<string, readonly string[]>> = {
  ".js": [".ts", ".tsx", ".d.ts"],
  ".jsx": [".tsx"],
  ".mjs": [".mts", ".d.mts"],
  ".cjs": [".cts", ".d.cts"],
  ".ts": [".ts"],
  ".tsx": [".tsx"],
};

/**
 * `import { x } from "./x.js"` next to `x.ts`: a relative import that every module resolution
 * finds, told by one look at the folder instead of a resolution (the cost of the notice on a
 * large project); anything else is left to TypeScript.
 */
function besideAsWritten(name: string, file: string): boolean {
  if (!name.startsWith("./") && !name.startsWith("../")) return false;
  const extension = path.extname(name);
  const sources = SOURCE_OF[extension];
  if (!sources) return false;
  const stem = path.resolve(path.dirname(file), name.slice(0, -extension.length));
  return sources.some((source) => existsSync(stem + source));
}

/**
 * A package name that TypeScript can only find in a `node_modules` folder, where none is above
 * the file: unresolved without asking TypeScript, whose search for it (every folder up, every
 * extension, `@types`) was most of the notice's cost. Anything else that could resolve it goes to
 * TypeScript: a relative or absolute path, a subpath import (`#db`), a `baseUrl`, `typeRoots`
 * (TypeScript looks there for `name.d.ts` too), a `paths` pattern that matches it, the classic
 * resolution (which looks for `name.ts` in each folder up), and a package that imports itself by
 * its own name.
 */
function onlyInNodeModules(name: string, file: string, options: ts.CompilerOptions): boolean {
  if (/^[./#]/u.test(name) || path.isAbsolute(name) || options.baseUrl !== undefined || options.typeRoots !== undefined || isClassic(options))
    return false;
  for (const pattern of Object.keys(options.paths ?? {})) {
    const star = pattern.indexOf("*");
    if (star < 0 ? pattern === name : name.startsWith(pattern.slice(0, star)) && name.endsWith(pattern.slice(star + 1))) return false;
  }
  const own = ownPackageName(path.dirname(file));
  return own === undefined || (name !== own && !name.startsWith(`${own}/`));
}

/** Whether TypeScript resolves with its classic strategy: when asked, or by default for ES module output. */
function isClassic(options: ts.CompilerOptions): boolean {
  const kind = options.moduleResolution;
  if (kind !== undefined) return kind === typescript.ModuleResolutionKind.Classic;
  // The default is classic except for CommonJS (node10), the node16-and-later kinds and `preserve` (bundler).
  const module = options.module;
  return !(module === typescript.ModuleKind.CommonJS || (module !== undefined && module >= typescript.ModuleKind.Node16));
}

/** The `name` of the nearest package.json from `dir` up ("" when it has none; checked once per folder). */
const packageNameAt = new Map<string, string>();
function ownPackageName(dir: string): string | undefined {
  const known = packageNameAt.get(dir);
  if (known !== undefined) return known || undefined;
  let name: string | undefined;
  const manifest = path.join(dir, "package.json");
  if (existsSync(manifest)) {
    const parsed = readJson(manifest);
    name = isRecord(parsed) && typeof parsed.name === "string" ? parsed.name : undefined;
  } else {
    const parent = path.dirname(dir);
    name = parent === dir ? undefined : ownPackageName(parent);
  }
  packageNameAt.set(dir, name ?? "");
  return name;
}

/** Some folder from `dir` up has a `node_modules` (checked once per folder). */
const nodeModulesAt = new Map<string, boolean>();
function hasNodeModules(dir: string): boolean {
  const known = nodeModulesAt.get(dir);
  if (known !== undefined) return known;
  let answer: boolean;
  try {
    answer = statSync(path.join(dir, "node_modules")).isDirectory();
  } catch {
    answer = false;
  }
  const parent = path.dirname(dir);
  if (!answer && parent !== dir) answer = hasNodeModules(parent);
  nodeModulesAt.set(dir, answer);
  return answer;
}

function nearestOptions(dir: string, optionsOf: ReadonlyMap<string, ts.CompilerOptions>): ts.CompilerOptions | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const options = optionsOf.get(current);
    if (options) return options;
    if (path.dirname(current) === current) return undefined;
  }
}
