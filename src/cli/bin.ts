#!/usr/bin/env node
/**
 * The `mcp-errors` process: `main()` with the process's streams, and the failures that happen
 * outside it (a module that does not load, an error thrown later from a callback) turned into
 * exit code 2 with one line, as `main()` does with its own.
 */
const fatal = (error: unknown): void => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`mcp-errors: internal error: ${message.split("\n")[0] ?? ""}\n`);
  if (process.argv.includes("--debug") && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  else process.stderr.write("Run again with --debug for the stack trace, and please report it.\n");
  process.exit(2);
};
process.on("uncaughtException", fatal);
process.on("unhandledRejection", fatal);

// `mcp-errors ... | head`: the reader has gone, and nothing more needs printing. The run still
// ends with its own exit code; any other stream error is a failure.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") fatal(error);
  });
}

try {
  const [{ main }, { ownHeap }] = await Promise.all([import("./main.js"), import("./heap.js")]);
  // This process is the command's own: it may collect garbage between projects (heap.ts).
  ownHeap();
  process.exitCode = await main(process.argv.slice(2), { cwd: process.cwd(), env: process.env, stdout: process.stdout, stderr: process.stderr });
} catch (error) {
  fatal(error);
}
