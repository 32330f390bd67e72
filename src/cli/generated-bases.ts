/**
 * Base tsconfigs that a build tool writes into a dot folder when it prepares a project
 * (`wxt prepare`, `nuxi prepare`, `svelte-kit sync`), usually from `postinstall`. On a fresh
 * checkout they are not there: TypeScript then reads the project with default options and none of
 * the tool's import aliases, so every `@/common/...` import is unresolved and the files lose their
 * types. The CLI reads such a tsconfig as if the base were there, with the options and aliases the
 * tool writes by default, and says so once.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { loadTypedRuntime, typescript } from "../typed/runtime.js";
import { isRecord, isUnder, rewriteTsconfigReads } from "./workspaces.js";

interface GeneratedBase {
  /** The tool that writes it. */
  readonly tool: string;
  /** The command that writes it. */
  readonly command: string;
  /** The base as the tsconfig names it, relative to the tsconfig's folder. */
  readonly base: string;
  /** The tool's default import aliases, from the project's folder. */
  readonly aliases: (root: string) => Readonly<Record<string, string>>;
}

/** The first of `dirs` under `root` that holds `marker` (a folder), else `root`. */
function sourceDir(root: string, dirs: readonly string[], marker: string): string {
  return dirs.map((dir) => path.join(root, dir)).find((dir) => isDirectory(path.join(dir, marker))) ?? root;
}

/** What each tool generates, and its default aliases (the tools' documented defaults). */
const GENERATED_BASES: readonly GeneratedBase[] = [
  {
    tool: "WXT",
    command: "wxt prepare",
    base: ".wxt/tsconfig.json",
    aliases: (root) => {
      // `srcDir` is the project's folder unless the config moves it, as to `src/`: where `entrypoints/` is.
      const src = sourceDir(root, ["", "src"], "entrypoints");
      return { "@": src, "~": src, "@@": root, "~~": root };
    },
  },
  {
    tool: "Nuxt",
    command: "nuxi prepare",
    base: ".nuxt/tsconfig.json",
    aliases: (root) => {
      // Nuxt 4 keeps the application in `app/`; Nuxt 3 in the project's folder.
      const src = isDirectory(path.join(root, "app")) ? path.join(root, "app") : root;
      return { "@": src, "~": src, "@@": root, "~~": root };
    },
  },
  {
    tool: "SvelteKit",
    command: "svelte-kit sync",
    base: ".svelte-kit/tsconfig.json",
    aliases: (root) => ({ $lib: path.join(root, "src", "lib") }),
  },
];

/** What such tools write besides the aliases: a bundler-resolved ES module project. */
const GENERATED_OPTIONS = {
  target: "ESNext",
  module: "ESNext",
  moduleResolution: "Bundler",
  strict: true,
  skipLibCheck: true,
  esModuleInterop: true,
  resolveJsonModule: true,
  allowJs: true,
  jsx: "preserve",
  noEmit: true,
};

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** A tsconfig that extends a generated base that is not there, and the tool that writes it. */
export interface MissingGeneratedBase {
  readonly tsconfig: string;
  readonly tool: string;
  readonly command: string;
  readonly base: string;
}

function extendsList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** The tsconfig at `file` (its `text`), parsed, and the generated bases it extends that are missing. */
function missingBases(file: string, text: string): { config: Record<string, unknown>; bases: GeneratedBase[] } | undefined {
  if (!GENERATED_BASES.some((known) => text.includes(known.base.split("/")[0] ?? known.base))) return undefined;
  const config = typescript.parseConfigFileTextToJson(file, text).config as unknown;
  if (!isRecord(config)) return undefined;
  const dir = path.dirname(file);
  const bases = extendsList(config.extends).flatMap((specifier) => {
    if (typeof specifier !== "string") return [];
    const known = GENERATED_BASES.find((base) => path.resolve(dir, specifier) === path.resolve(dir, base.base));
    return known && !existsSync(path.resolve(dir, specifier)) ? [known] : [];
  });
  return bases.length === 0 ? undefined : { config, bases };
}

/**
 * The tsconfig (parsed from `file`) with each missing generated base replaced by what the tool
 * would write: its options under the tsconfig's own, and its aliases (made absolute) under the
 * tsconfig's paths; as text.
 */
function withGeneratedBases(file: string, config: Record<string, unknown>, bases: readonly GeneratedBase[]): string {
  const dir = path.dirname(file);
  const missing = new Set(bases.map((base) => path.resolve(dir, base.base)));
  const kept = extendsList(config.extends).filter((specifier) => typeof specifier === "string" && !missing.has(path.resolve(dir, specifier)));
  const own = isRecord(config.compilerOptions) ? config.compilerOptions : {};
  const paths: Record<string, string[]> = {};
  for (const base of bases) {
    for (const [alias, target] of Object.entries(base.aliases(dir))) {
      paths[alias] = [target];
      paths[`${alias}/*`] = [path.join(target, "*")];
    }
  }
  const ownPaths = isRecord(own.paths) ? own.paths : {};
  const rest: Record<string, unknown> = { ...config };
  delete rest.extends;
  return JSON.stringify({
    ...rest,
    ...(kept.length === 0 ? {} : { extends: kept.length === 1 ? kept[0] : kept }),
    compilerOptions: { ...GENERATED_OPTIONS, ...own, paths: { ...paths, ...ownPaths } },
  });
}

let installedUnder: string | undefined;

/**
 * Makes TypeScript read every tsconfig under `cwd` that extends a missing generated base as if
 * the base were there (for this process). Idempotent.
 */
export function installGeneratedBases(cwd: string): void {
  loadTypedRuntime();
  const root = path.resolve(cwd);
  if (installedUnder !== undefined && isUnder(root, installedUnder)) return;
  installedUnder = root;
  rewriteTsconfigReads(root, (file, text) => {
    const missing = missingBases(file, text);
    return missing ? withGeneratedBases(file, missing.config, missing.bases) : text;
  });
}

/** The tsconfigs (absolute) that extend a generated base that is not there. */
export function tsconfigsWithMissingBases(tsconfigs: readonly string[]): MissingGeneratedBase[] {
  loadTypedRuntime();
  return tsconfigs.flatMap((tsconfig) => {
    // The file as it is: TypeScript's reader may already rewrite it (an earlier run in this process).
    let text: string;
    try {
      text = readFileSync(tsconfig, "utf8");
    } catch {
      return [];
    }
    return (missingBases(tsconfig, text)?.bases ?? []).map((base) => ({ tsconfig, tool: base.tool, command: base.command, base: base.base }));
  });
}
