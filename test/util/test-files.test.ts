import path from "node:path";
import { describe, expect, it } from "vitest";
import { isTestFile } from "../../src/util/test-files.js";

describe("isTestFile", () => {
  const base = path.join(path.sep, "work", "server");
  it.each([
    ["src/tools.test.ts", true],
    ["src/tools.spec.mjs", true],
    ["test/helpers.ts", true],
    ["src/__mocks__/api.ts", true],
    ["packages/a/e2e/run.ts", true],
    ["src/tools.ts", false],
    ["src/testing-utils.ts", false],
    ["src/latest/tools.ts", false],
  ])("%s: %s", (file, expected) => {
    expect(isTestFile(path.join(base, file), base)).toBe(expected);
  });

  it("counts only folders below the base, as the configs' globs do", () => {
    const nested = path.join(path.sep, "home", "me", "test", "server");
    expect(isTestFile(path.join(nested, "src", "tools.ts"), nested)).toBe(false);
    // A file outside the base is judged by the folders after the way up.
    expect(isTestFile(path.join(nested, "..", "other", "tests", "x.ts"), path.join(nested, "src"))).toBe(true);
  });
});
