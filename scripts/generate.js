#!/usr/bin/env node
/**
 * Writes `src/rules/index.ts`, the rule registry, from the rule files in `src/rules/` (see
 * lib/rules-index.js). `--check` writes nothing and fails when the file is not what it would
 * write; `npm test` runs it (test/meta.test.ts), as eslint-doc-generator's `--check` for docs.
 *
 * Usage: npm run generate [-- --check]
 * Exit codes: 0 up to date (or written), 1 stale under --check, 2 usage error.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { renderRulesIndex, ruleIds } from "./lib/rules-index.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const INDEX = path.join(ROOT, "src/rules/index.ts");

let values;
try {
  ({ values } = parseArgs({ options: { check: { type: "boolean" }, help: { type: "boolean", short: "h" } } }));
} catch (error) {
  console.error(`generate: ${error.message}`);
  process.exit(2);
}
if (values.help) {
  console.log("Usage: npm run generate [-- --check]");
  process.exit(0);
}

const expected = renderRulesIndex(ruleIds(ROOT));
let actual;
try {
  actual = readFileSync(INDEX, "utf8");
} catch {
  actual = undefined;
}
if (actual === expected) process.exit(0);
if (values.check) {
  console.error("generate: src/rules/index.ts is stale (rule files or template changed): run `npm run generate`.");
  process.exit(1);
}
writeFileSync(INDEX, expected);
console.log("generate: wrote src/rules/index.ts");
