/**
 * Test code: it registers mock tools and is never served to an agent. The configs' `ignores`
 * (`configs.ts`), the `mcp-errors` command's discovery (`cli/discover.ts`) and the program index
 * (which starts only from code that is linted, `typed/program-index/fixed-point.ts`) agree on it.
 */
import path from "node:path";

/** Folders of test code. */
export const TEST_DIRECTORIES = ["test", "tests", "__tests__", "__mocks__", "e2e"] as const;
/** `*.test.ts`, `*.spec.js`, `*.e2e.mjs`, ...: test files wherever they are. */
export const TEST_FILE_KINDS = ["test", "spec", "e2e"] as const;

export const TEST_DIRECTORY_NAMES: ReadonlySet<string> = new Set(TEST_DIRECTORIES);
export const TEST_FILE = new RegExp(String.raw`\.(?:${TEST_FILE_KINDS.join("|")})\.[cm]?[jt]sx?$`, "u");

/**
 * Whether `file` is test code, judged below `base` as the configs' globs are (a `test` folder
 * above `base` does not count): a test file name, or a test folder on the way.
 */
export function isTestFile(file: string, base: string): boolean {
  if (TEST_FILE.test(file)) return true;
  const segments = path.relative(base, path.dirname(file)).split(/[\\/]/u);
  return segments.some((segment) => segment !== ".." && TEST_DIRECTORY_NAMES.has(segment));
}
