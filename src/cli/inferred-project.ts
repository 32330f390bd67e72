/**
 * A typed run where no tsconfig.json was found (a JavaScript server, say): one program of the
 * files found, as an editor infers one for files outside any tsconfig. JavaScript is read, never
 * checked; the tsconfig is written to a temporary folder, never into the target.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { JAVASCRIPT_FILE } from "../typed/parser.js";
import { loadTypedRuntime, typescript } from "../typed/runtime.js";

export interface InferredProject {
  /** The tsconfig to hand to the parser as its `project`. */
  readonly tsconfig: string;
  readonly dispose: () => void;
}

/** What the header says of the mode. */
export const INFERRED_REASON = "no tsconfig.json: an inferred project";

/** What the header adds for files that no tsconfig covers, beside those that one does. */
export function uncoveredReason(count: number): string {
  return `an inferred project for ${String(count)} file${count === 1 ? "" : "s"} outside them`;
}

/** Writes the tsconfig of one program holding exactly `files` (absolute paths). */
export function writeInferredProject(files: readonly string[]): InferredProject {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mcp-errors-project-"));
  const tsconfig = path.join(dir, "tsconfig.json");
  const compilerOptions = {
    allowJs: true,
    checkJs: false,
    noEmit: true,
    target: "ES2022",
    // `import` and `require` alike, extensionless or not: whatever the server's runtime or bundler accepts.
    module: "preserve",
    moduleResolution: "bundler",
    resolveJsonModule: true,
    jsx: "preserve",
    skipLibCheck: true,
  };
  writeFileSync(tsconfig, JSON.stringify({ compilerOptions, files }, null, 2));
  return {
    tsconfig,
    dispose: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The JavaScript files among `files` (the files to lint whose nearest config is `config`) that
 * its program does not hold, when they are most of them: `config` is a tsconfig.json that reads
 * no JavaScript (no `allowJs`, its own or in a config it extends, and no project references). A
 * JavaScript server with a tsconfig copied from a TypeScript template gets no program from it:
 * its JavaScript goes to the inferred project, as files with no tsconfig do. A TypeScript
 * project keeps its scripts and config files (JavaScript beside its TypeScript) where they were.
 */
export function unreadJavaScript(config: string, files: readonly string[]): readonly string[] {
  const javascript = files.filter((file) => JAVASCRIPT_FILE.test(file));
  return path.basename(config) !== "jsconfig.json" && javascript.length * 2 > files.length && readsNoJavaScript(config) ? javascript : [];
}

function readsNoJavaScript(config: string): boolean {
  loadTypedRuntime();
  const read = typescript.readConfigFile(config, (name) => typescript.sys.readFile(name));
  if (read.error) return false;
  // Options and `extends` only: listing the files would walk the whole tree.
  const host = { ...typescript.sys, readDirectory: (): string[] => [] };
  const parsed = typescript.parseJsonConfigFileContent(read.config, host, path.dirname(config), undefined, config);
  return parsed.options.allowJs !== true && (parsed.projectReferences?.length ?? 0) === 0;
}
