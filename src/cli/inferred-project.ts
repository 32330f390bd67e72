/**
 * A typed run where no tsconfig.json was found (a JavaScript server, say): one program of the
 * files found, as an editor infers one for files outside any tsconfig. JavaScript is read, never
 * checked; the tsconfig is written to a temporary folder, never into the target.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

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
