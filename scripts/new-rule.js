#!/usr/bin/env node
/**
 * Scaffolds a rule: `src/rules/<id>.ts`, `test/rules/<id>.test.ts` and `docs/rules/<id>.md` from
 * the templates in `scripts/templates/`, then regenerates the registry `src/rules/index.ts`
 * (generate.js). The three files are created together so the meta-consistency test (rules = docs
 * = tests) keeps passing from the first commit.
 *
 * Usage: npm run new-rule -- <rule-id> [--description "Disallow ..."]
 * Exit codes: 0 created, 2 usage error or a file already exists.
 */
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { camelCase, renderRulesIndex, ruleIds } from "./lib/rules-index.js";
import { render } from "./lib/templates.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function fail(message) {
  console.error(`new-rule: ${message}`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { description: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
} catch (error) {
  fail(error.message);
}
const { positionals, values } = parsed;
if (values.help || positionals.length !== 1) {
  console.log('Usage: npm run new-rule -- <rule-id> [--description "Disallow ..."]');
  process.exit(values.help ? 0 : 2);
}

const id = positionals[0];
if (!/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/u.test(id)) fail(`"${id}" is not a kebab-case rule id.`);
if (id === "index" || id === "shared") fail(`"${id}" is reserved in src/rules/.`);

// The description verb follows the id (the meta test wants Enforce/Require/Disallow).
const subject = id.replace(/^(?:no|require)-/u, "");
const verb = id.startsWith("no-") ? "Disallow" : id.startsWith("require-") ? "Require" : "Enforce";
const description = values.description ?? `${verb} TODO (${subject.replaceAll("-", " ")})`;
if (!/^(?:Enforce|Require|Disallow) /u.test(description)) {
  fail("the description must start with Enforce, Require or Disallow.");
}
// Message ids are camelCase nouns for the problem: no-foo-bar -> fooBar, require-x -> missingX.
const pascal = (kebab) => camelCase(kebab).replace(/^[a-z]/u, (c) => c.toUpperCase());
const messageId = id.startsWith("require-") ? `missing${pascal(subject)}` : camelCase(subject);

const files = [
  [path.join(ROOT, "src/rules", `${id}.ts`), "rule.ts.tmpl", { RULE_ID: id, MESSAGE_ID: messageId, DESCRIPTION_JSON: JSON.stringify(description) }],
  [path.join(ROOT, "test/rules", `${id}.test.ts`), "test.ts.tmpl", { RULE_ID: id, MESSAGE_ID: messageId }],
  [path.join(ROOT, "docs/rules", `${id}.md`), "doc.md.tmpl", { RULE_ID: id, DESCRIPTION: description }],
];
for (const [file] of files) {
  if (existsSync(file)) fail(`${path.relative(ROOT, file)} already exists.`);
}

// Render everything before writing anything: a template error leaves the tree untouched.
const rendered = files.map(([file, template, templateValues]) => [file, render(template, templateValues)]);
for (const [file, text] of rendered) {
  writeFileSync(file, text);
  console.log(`created ${path.relative(ROOT, file)}`);
}
writeFileSync(path.join(ROOT, "src/rules/index.ts"), renderRulesIndex(ruleIds(ROOT)));
console.log("registered in src/rules/index.ts (npm run generate)");

console.log(`
Next (see CONTRIBUTING.md):
  1. Put what the rule needs to know into the model (src/model/), then write the policy.
  2. Tests for every handler shape in test/rules/${id}.test.ts (drop the \`skip\` of each TODO case).
  3. Write docs/rules/${id}.md; run \`npm run docs\`.
  4. npm test && npm run bench`);
