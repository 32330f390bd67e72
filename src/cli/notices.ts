/**
 * The notices a lint prints on stderr, such as the typed parser's "no type information for
 * <file>" line, are printed once per thread: with `--concurrency` every worker thread has its own
 * "said it already" flag, and Node pipes each worker's stderr into the process's own. For the
 * time of a run the CLI lets the first notice of each kind through and drops the repeats; it also
 * escapes the notice (it names a file of the audited tree, see formats/safe-text.ts).
 */
import { safeText } from "./formats/safe-text.js";

/** A notice line, and the part of it that makes two notices "the same" (the file name differs). */
const NOTICE = /^mcp-errors: (no type information) for /u;

type Write = (chunk: string | Uint8Array, ...rest: unknown[]) => boolean;

/**
 * Filters `stream` (the process's stderr, which worker threads write into) until the returned
 * function is called. Chunks without a notice pass through untouched.
 */
export function onceNotices(stream: NodeJS.WritableStream): () => void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, unbound
  const original = stream.write;
  const write = original.bind(stream) as Write;
  const seen = new Set<string>();
  const filtered: Write = (chunk, ...rest) => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (!text.includes("mcp-errors: ")) return write(chunk, ...rest);
    const kept = text
      .split(/(?<=\n)/u)
      .filter((line) => {
        const kind = NOTICE.exec(line)?.[1];
        if (kind === undefined) return true;
        if (seen.has(kind)) return false;
        seen.add(kind);
        return true;
      })
      .map((line) => (NOTICE.test(line) ? `${safeText(line.replace(/\n$/u, ""))}\n` : line))
      .join("");
    // Even an empty write, so that a caller's callback still runs.
    return write(kept, ...rest);
  };
  stream.write = filtered;
  return () => {
    stream.write = original;
  };
}
