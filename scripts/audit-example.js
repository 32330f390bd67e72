#!/usr/bin/env node
// `npm start`: lints the bundled example server with the recommended config and prints what it
// finds, the way a user would see it in their terminal, then what the strict config adds.
// Exits 0 when the run itself worked.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import plugin from "../dist/index.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = path.join(root, "examples", "weather-server");

const eslint = new ESLint({
  cwd: target,
  overrideConfigFile: true,
  overrideConfig: [plugin.configs.recommended],
});
const results = await eslint.lintFiles(["src"]);
const formatter = await eslint.loadFormatter("stylish");
process.stdout.write(await formatter.format(results));

const fatal = results.flatMap((r) => r.messages.filter((m) => m.fatal));
if (fatal.length > 0) {
  console.error(`Could not parse ${String(fatal.length)} file(s).`);
  process.exit(2);
}
const ruleIds = new Set(results.flatMap((r) => r.messages.map((m) => m.ruleId)));
const recommended = Object.keys(plugin.configs.recommended.rules ?? {});
const found = recommended.filter((id) => ruleIds.has(id));
console.log(`${String(found.length)} of ${String(recommended.length)} recommended rules found their planted defect in examples/weather-server.`);

// What `strict` adds: the rules that are not in `recommended`, with their own planted defects.
const strictLint = new ESLint({ cwd: target, overrideConfigFile: true, overrideConfig: [plugin.configs.strict] });
const strictOnly = Object.keys(plugin.configs.strict.rules ?? {}).filter((id) => !recommended.includes(id));
const strictResults = (await strictLint.lintFiles(["src"])).map((r) => {
  const messages = r.messages.filter((m) => m.ruleId !== null && strictOnly.includes(m.ruleId));
  return { ...r, messages, errorCount: messages.length, warningCount: 0, fixableErrorCount: 0, fixableWarningCount: 0 };
});
console.log("\nThe strict config adds:");
process.stdout.write(await formatter.format(strictResults));
const strictIds = new Set(strictResults.flatMap((r) => r.messages.map((m) => m.ruleId)));
const strictFound = strictOnly.filter((id) => strictIds.has(id));
console.log(`${String(strictFound.length)} of ${String(strictOnly.length)} strict-only rules found their planted defect in examples/weather-server.`);
