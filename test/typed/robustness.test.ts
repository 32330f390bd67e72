/**
 * Typed linting on checkouts as users have them: no `node_modules`, a tsconfig that extends a
 * package that is not installed, files outside every tsconfig, no tsconfig at all, a monorepo
 * with a tsconfig per package. Findings are exactly the marked lines, nothing is fatal, and the
 * fallback to syntactic parsing is announced once, in one line.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { expectedFindings, lint } from "./lint-project.js";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "typed-robustness");

const written: string[] = [];
beforeAll(() => {
  const original = process.stderr.write.bind(process.stderr);
  vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = String(chunk);
    if (text.startsWith("mcp-errors:")) {
      written.push(text);
      return true;
    }
    return original(chunk, ...(rest as []));
  });
});

describe.each(["extends-missing", "no-tsconfig", "monorepo"])("project %s", (name) => {
  it("reports exactly the marked lines, with no parse error", async () => {
    const dir = path.join(FIXTURES, name);
    expect(await lint(dir, "recommended-type-checked")).toEqual(expectedFindings(dir));
  });
});

afterAll(() => {
  vi.restoreAllMocks();
  expect(written).toHaveLength(1);
  expect(written[0]).toMatch(/^mcp-errors: no type information for .+; files like it are checked without cross-file analysis\.\n$/u);
});
