/**
 * Each file is opened and its first KB read before ESLint lints it: ESLint stops the whole run
 * at the first file it cannot read (exit 2, no results), and takes a binary file for source that
 * does not parse. An unreadable file gets a fatal message of its own and the others are linted;
 * a binary file is left out with a notice.
 */
import { closeSync, openSync, readSync, statSync } from "node:fs";
import type { ESLint } from "eslint";

/** Enough to tell text from a video or an image: binary formats have NUL bytes in their header. */
const HEAD_BYTES = 1024;

export type Probe = { readonly kind: "text" } | { readonly kind: "binary" } | { readonly kind: "unreadable"; readonly reason: string };

export function probeFile(file: string): Probe {
  let fd: number | undefined;
  try {
    // A FIFO or a device named like a source file would block the read, or never end.
    if (!statSync(file).isFile()) return { kind: "unreadable", reason: "it is not a regular file" };
    fd = openSync(file, "r");
    const head = Buffer.alloc(HEAD_BYTES);
    const length = readSync(fd, head, 0, HEAD_BYTES, 0);
    return head.subarray(0, length).includes(0) ? { kind: "binary" } : { kind: "text" };
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    const reason = message.replace(/, (?:open|read|stat) '.*'$/u, "") || String(code);
    return { kind: "unreadable", reason };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** ESLint's result for a file it could not read, as for a file that does not parse: one fatal error. */
export function unreadableResult(filePath: string, reason: string): ESLint.LintResult {
  return {
    filePath,
    messages: [{ ruleId: null, fatal: true, severity: 2, message: `Cannot read the file: ${reason}.`, line: 1, column: 1 }],
    suppressedMessages: [],
    errorCount: 1,
    fatalErrorCount: 1,
    warningCount: 0,
    fixableErrorCount: 0,
    fixableWarningCount: 0,
    usedDeprecatedRules: [],
  };
}
