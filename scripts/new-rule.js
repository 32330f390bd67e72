#!/usr/bin/env node
/**
 * Scaffolds a rule: `src/rules/<id>.ts`, `test/rules/<id>.test.ts`, `docs/rules/<id>.md`, and
 * registers it in `src/rules/index.ts`. The three files are created together so the
 * meta-consistency test (rules = docs = tests) keeps passing from the first commit.
 *
 * Usage: npm run new-rule -- <rule-id> [--description "Disallow ..."]
 * Exit codes: 0 created, 2 usage error or a file already exists.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

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

const camel = (kebab) => kebab.replace(/-([a-z0-9])/gu, (_, c) => c.toUpperCase());
const pascal = (kebab) => camel(kebab).replace(/^[a-z]/u, (c) => c.toUpperCase());

// The description verb follows the id (the meta test wants Enforce/Require/Disallow).
const subject = id.replace(/^(?:no|require)-/u, "");
const verb = id.startsWith("no-") ? "Disallow" : id.startsWith("require-") ? "Require" : "Enforce";
const description = values.description ?? `${verb} TODO (${subject.replaceAll("-", " ")})`;
if (!/^(?:Enforce|Require|Disallow) /u.test(description)) {
  fail("the description must start with Enforce, Require or Disallow.");
}
// Message ids are camelCase nouns for the problem: no-foo-bar -> fooBar, require-x -> missingX.
const messageId = id.startsWith("require-") ? `missing${pascal(subject)}` : camel(subject);

const files = {
  rule: path.join(ROOT, "src/rules", `${id}.ts`),
  test: path.join(ROOT, "test/rules", `${id}.test.ts`),
  doc: path.join(ROOT, "docs/rules", `${id}.md`),
  index: path.join(ROOT, "src/rules/index.ts"),
};
for (const file of [files.rule, files.test, files.doc]) {
  if (existsSync(file)) fail(`${path.relative(ROOT, file)} already exists.`);
}
if (!existsSync(files.index)) fail("src/rules/index.ts not found.");

const ruleSource = `import type { TSESTree } from "@typescript-eslint/utils";
import { type ToolHandler, withModel } from "../model/index.js";
import { createRule } from "../util/create-rule.js";
import { toolLabel } from "./shared/describe.js";

// To add options: one object schema with \`additionalProperties: false\` and a \`description\` on
// every property, \`meta.defaultOptions\`, and read them as \`create(context, [options])\`.
export type Options = [];
export type MessageIds = "${messageId}";

/**
 * The node to report for one handler, or undefined: also when the model cannot tell (a spread,
 * a dynamic handler), because a rule that cries wolf gets turned off.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- scaffold: remove with the TODO
function findProblem(handler: ToolHandler): TSESTree.Node | undefined {
  // TODO: the policy, over what the model computed (handler.entry, model.errorResults, ...).
  return undefined;
}

export default createRule<Options, MessageIds>({
  name: "${id}",
  meta: {
    type: "problem",
    docs: {
      description: ${JSON.stringify(description)},
      // "recommended" | "strict" | undefined (only in \`all\`) decides which configs turn it on.
      recommended: undefined,
    },
    schema: [],
    messages: {
      // What is wrong, why it hurts the agent, what to do; name the tool when it is known.
      ${messageId}: "TODO: {{tool}} ... so the agent cannot ... . Do ... instead.",
    },
  },
  create(context) {
    // The model is built once per file, during ESLint's own traversal; rules read it at the end.
    return withModel(context, (model) => {
      // Not an MCP file, or no handler the model recognizes: nothing to check.
      if (!model.isMcpFile || model.handlers.length === 0) return;
      for (const handler of model.handlers) {
        const node = findProblem(handler);
        if (!node) continue;
        context.report({
          node,
          messageId: "${messageId}",
          data: { tool: toolLabel(model.toolNamesAt(node)) },
        });
      }
    });
  },
});
`;

const testSource = `import { describe } from "vitest";
import rule from "../../src/rules/${id}.js";
import { createRuleTester } from "../rule-tester.js";
import { SHAPES } from "../shapes.js";

const ruleTester = createRuleTester();

// One valid and one invalid case per handler shape the model knows, plus a valid case for every
// shape the rule must stay silent on. Every invalid case asserts messageId and full location;
// \`output: null\` asserts there is no autofix.
describe("${id}", () => {
  ruleTester.run("${id}", rule, {
    valid: [
      ...SHAPES.map((shape) => ({
        name: \`\${shape.title}: TODO compliant handler\`,
        code: shape.wrap('  return { content: [{ type: "text", text: "ok" }] };'),
      })),
      {
        name: "not an MCP file",
        code: "export function add(a: number, b: number) { return a + b; }",
      },
    ],
    invalid: [
      // {
      //   name: "registerTool: TODO",
      //   code: SHAPES[0].wrap("..."),
      //   output: null,
      //   errors: [{ messageId: "${messageId}", line: 1, column: 1, endLine: 1, endColumn: 1 }],
      // },
    ],
  });
});
`;

const docSource = `# ${description} (\`mcp-errors/${id}\`)

<!-- end auto-generated rule header -->

## Why it matters to an agent

TODO: what the agent sees when a handler does this, and what it does wrong because of it.

## Examples

### Incorrect

\`\`\`ts
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "demo", version: "1.0.0" });

server.registerTool(
  "search_docs",
  { description: "Search the docs", inputSchema: { query: z.string() } },
  async ({ query }) => {
    // TODO: code the rule reports
    return { content: [{ type: "text", text: query }] };
  },
);
\`\`\`

### Correct

\`\`\`ts
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "demo", version: "1.0.0" });

server.registerTool(
  "search_docs",
  { description: "Search the docs", inputSchema: { query: z.string() } },
  async ({ query }) => {
    return { content: [{ type: "text", text: query }] };
  },
);
\`\`\`

<!-- Once the rule has options, add an Options section here (level 2, one level-3 heading per
option with its default and why); eslint-doc-generator rejects it while the rule has none. -->

## When Not To Use It

TODO

## Related Rules

TODO
`;

/**
 * Adds the import and the record entry to `src/rules/index.ts`, keeping both sorted. Returns
 * undefined when the file does not have the expected shape (then the user adds them by hand).
 */
function register(source) {
  const lines = source.split("\n");
  const importLine = `import ${camel(id)} from "./${id}.js";`;
  const entryLine = `  "${id}": ${camel(id)},`;
  const isRuleImport = (l) => /^import \w+ from "\.\/[\w-]+\.js";$/u.test(l);

  const imports = lines.filter(isRuleImport);
  const firstImport = lines.findIndex(isRuleImport);
  const lastTypeImport = lines.findLastIndex((l) => l.startsWith("import "));
  const withoutImports = lines.filter((l) => !isRuleImport(l));
  const at = firstImport === -1 ? lastTypeImport + 1 : firstImport;
  const sortedImports = [...imports, importLine].sort((a, b) => a.localeCompare(b));
  const next = [...withoutImports.slice(0, at), ...sortedImports, ...withoutImports.slice(at)];

  // The record: `export const rules ... = {` ... `};` (or an empty `= {};`).
  const start = next.findIndex((l) => /^export const rules\b.*=\s*\{\s*(?:\};)?$/u.test(l));
  if (start === -1) return undefined;
  if (/\{\s*\};$/u.test(next[start])) {
    next.splice(start, 1, next[start].replace(/\{\s*\};$/u, "{"), entryLine, "};");
    return next.join("\n");
  }
  const end = next.findIndex((l, i) => i > start && l === "};");
  if (end === -1) return undefined;
  const entries = next.slice(start + 1, end);
  if (!entries.every((l) => /^ {2}"[\w-]+": \w+,$/u.test(l))) return undefined;
  next.splice(start + 1, entries.length, ...[...entries, entryLine].sort((a, b) => a.localeCompare(b)));
  return next.join("\n");
}

const index = register(readFileSync(files.index, "utf8"));
writeFileSync(files.rule, ruleSource);
writeFileSync(files.test, testSource);
writeFileSync(files.doc, docSource);
if (index) writeFileSync(files.index, index);

for (const file of [files.rule, files.test, files.doc]) console.log(`created ${path.relative(ROOT, file)}`);
if (index) console.log("registered in src/rules/index.ts");
else console.log(`src/rules/index.ts has an unexpected shape: import ${camel(id)} and add "${id}" to \`rules\` by hand.`);
console.log(`
Next (see CONTRIBUTING.md):
  1. Put what the rule needs to know into the model (src/model/), then write the policy.
  2. Tests for every handler shape in test/rules/${id}.test.ts.
  3. Write docs/rules/${id}.md; run \`npm run docs\`.
  4. npm test && npm run bench`);
