/**
 * Meta-consistency: the rule files, the exported rules, the doc pages and the test files name the
 * same set of rules; configs are what rule meta says; every rule's meta is complete enough for
 * the docs generator, for users reading messages, and for ESLint's option validation.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { CONFIG_NAMES, rulesForConfig } from "../src/configs.js";
import plugin from "../src/index.js";
import { rules } from "../src/rules/index.js";
import type { McpErrorsRuleDocs } from "../src/util/create-rule.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Base names in `dir` (files only) that end with `suffix`, without the suffix, sorted. */
function namesIn(dir: string, suffix: string, exclude: readonly string[] = []): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix) && !exclude.includes(e.name))
    .map((e) => e.name.slice(0, -suffix.length))
    .sort();
}

const ruleIds = Object.keys(rules).sort();
const packageJson = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
};

type JsonSchema = Record<string, unknown>;

const isSchema = (value: unknown): value is JsonSchema => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Problems in one JSON schema and everything nested in it: object schemas must close
 * `additionalProperties`, and every property must say what it does (the docs generator and
 * editors show these descriptions).
 */
function schemaProblems(schema: unknown, where: string): string[] {
  if (!isSchema(schema)) return [];
  const problems: string[] = [];
  const properties = isSchema(schema.properties) ? schema.properties : undefined;
  if (schema.type === "object" || properties) {
    if (schema.additionalProperties !== false) {
      problems.push(`${where}: object schema without additionalProperties: false`);
    }
    for (const [key, property] of Object.entries(properties ?? {})) {
      if (!isSchema(property) || typeof property.description !== "string" || !property.description) {
        problems.push(`${where}.${key}: property without a description`);
      }
      problems.push(...schemaProblems(property, `${where}.${key}`));
    }
  }
  const nested: [string, unknown][] = [];
  if (Array.isArray(schema.items)) schema.items.forEach((s, i) => nested.push([`items[${String(i)}]`, s]));
  else nested.push(["items", schema.items]);
  nested.push(["additionalProperties", schema.additionalProperties]);
  for (const keyword of ["anyOf", "oneOf", "allOf"]) {
    const list: unknown = schema[keyword];
    if (Array.isArray(list)) list.forEach((s, i) => nested.push([`${keyword}[${String(i)}]`, s]));
  }
  for (const keyword of ["definitions", "$defs"]) {
    const defs = schema[keyword];
    if (isSchema(defs)) for (const [k, s] of Object.entries(defs)) nested.push([`${keyword}.${k}`, s]);
  }
  for (const [key, sub] of nested) problems.push(...schemaProblems(sub, `${where}.${key}`));
  return problems;
}

describe("rule inventory", () => {
  it("src/rules files = exported rules = docs pages = rule tests", () => {
    expect(namesIn("src/rules", ".ts", ["index.ts"])).toEqual(ruleIds);
    expect(namesIn("docs/rules", ".md")).toEqual(ruleIds);
    expect(namesIn("test/rules", ".test.ts")).toEqual(ruleIds);
  });

  it("src/rules/index.ts is what `npm run generate` writes from the rule files", () => {
    const check = spawnSync(process.execPath, [path.join(ROOT, "scripts/generate.js"), "--check"], { encoding: "utf8" });
    expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: "" });
  });

  it("plugin exports the same rules object and the package's name and version", () => {
    expect(plugin.rules).toBe(rules);
    expect(plugin.meta.name).toBe(packageJson.name);
    expect(plugin.meta.version).toBe(packageJson.version);
    expect(plugin.meta.namespace).toBe("mcp-errors");
  });
});

describe("configs", () => {
  it.each(CONFIG_NAMES)("%s matches rule meta and has a name", (name) => {
    const config = plugin.configs[name];
    expect(config.name).toBe(`mcp-errors/${name}`);
    expect(config.rules).toEqual(rulesForConfig(rules, name));
    expect(config.plugins?.["mcp-errors"]).toBe(plugin);
    expect(config.languageOptions?.parser).toBeDefined();
  });

  it("recommended ⊆ strict ⊆ all, and all has every syntactic rule", () => {
    const on = (name: (typeof CONFIG_NAMES)[number]) => Object.keys(plugin.configs[name].rules ?? {});
    const syntactic = ruleIds
      .filter((id) => !(rules[id]?.meta.docs as McpErrorsRuleDocs | undefined)?.requiresTypeChecking)
      .map((id) => `mcp-errors/${id}`);
    expect(on("strict")).toEqual(expect.arrayContaining(on("recommended")));
    expect(on("all")).toEqual(expect.arrayContaining(on("strict")));
    expect(on("all").sort()).toEqual(syntactic.sort());
  });

  // A handler that follows every rule: it must load and lint without a fatal error in each preset.
  const snippet = `
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const server = new McpServer({ name: "weather", version: "1.0.0" });

server.registerTool(
  "get_forecast",
  { description: "Forecast for a city", inputSchema: { city: z.string() } },
  async ({ city }, extra) => {
    try {
      const response = await fetch(\`https://api.example.com/forecast?city=\${city}\`, {
        signal: AbortSignal.any([extra.signal, AbortSignal.timeout(10_000)]),
      });
      const data = await response.json();
      return { content: [{ type: "text", text: JSON.stringify(data) }] };
    } catch (error) {
      return {
        isError: true,
        content: [{
          type: "text",
          text: JSON.stringify({
            errorCategory: "transient",
            isRetryable: true,
            description: \`Forecast service unreachable for \${city}: \${String(error)}\`,
          }),
        }],
      };
    }
  },
);
`;

  it.each(CONFIG_NAMES)("%s loads through new ESLint() and lints an MCP handler", async (name) => {
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [plugin.configs[name] as Linter.Config],
    });
    const [result, ...rest] = await eslint.lintText(snippet, { filePath: "server/tool.ts" });
    expect(rest).toEqual([]);
    expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
    // A "file ignored" / "no matching configuration" warning has no rule id.
    expect(result?.messages.filter((m) => m.ruleId === null)).toEqual([]);
  });
});

describe.each(ruleIds)("rule %s", (id) => {
  const rule = rules[id];
  if (!rule) throw new Error(`missing rule ${id}`);
  const { meta } = rule;
  const docs = meta.docs as (typeof meta.docs & McpErrorsRuleDocs) | undefined;

  it("has a type, a description and a docs url", () => {
    expect(["problem", "suggestion", "layout"]).toContain(meta.type);
    expect(docs?.description).toMatch(/^(?:Enforce|Require|Disallow) /u);
    expect(docs?.url).toMatch(new RegExp(`/docs/rules/${id}\\.md$`, "u"));
    expect([undefined, "recommended", "strict"]).toContain(docs?.recommended);
    // RuleCreator keeps the name it was given: catches a copied rule that kept its old name.
    expect((rule as { name?: string }).name ?? id).toBe(id);
  });

  it("has an array schema with closed objects and described properties", () => {
    expect(Array.isArray(meta.schema)).toBe(true);
    const schema = meta.schema as unknown[];
    expect(schema.flatMap((s, i) => schemaProblems(s, `schema[${String(i)}]`))).toEqual([]);
  });

  it("has defaultOptions that validate against its schema", () => {
    const schema = meta.schema as unknown[];
    const defaults: unknown = (meta as { defaultOptions?: unknown }).defaultOptions ?? (rule as { defaultOptions?: unknown }).defaultOptions;
    if (schema.length === 0) {
      expect(defaults ?? []).toEqual([]);
      return;
    }
    expect(Array.isArray(defaults)).toBe(true);
    // The same wrapping ESLint applies to an array schema before validating options.
    const ajv = new Ajv({ allErrors: true, useDefaults: false });
    const validate = ajv.compile({
      type: "array",
      items: schema,
      minItems: 0,
      maxItems: schema.length,
    });
    const valid = validate(defaults);
    expect(valid ? [] : ajv.errorsText(validate.errors)).toEqual([]);
  });

  it("has camelCase message ids and sentence messages", () => {
    const messages = Object.entries(meta.messages);
    expect(messages.length).toBeGreaterThan(0);
    for (const [messageId, message] of messages) {
      expect(messageId, messageId).toMatch(/^[a-z][a-zA-Z0-9]*$/u);
      expect(message, messageId).toMatch(/^(?:\p{Lu}|\{\{)/u);
      expect(message, messageId).toMatch(/\.$/u);
    }
  });
});

describe("fix badges", () => {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const fixable = ruleIds.filter((id) => rules[id]?.meta.fixable !== undefined);
  /** A rule whose autofix is an `autofix` option, off by default: a suggestion otherwise. */
  const needsOption = (id: string): boolean => {
    const [schema] = (rules[id]?.meta.schema ?? []) as readonly { properties?: Record<string, { type?: string }> }[];
    return schema?.properties?.autofix?.type === "boolean";
  };

  it("the fixable rules whose fix needs an option: require-timeout", () => {
    expect(fixable.filter(needsOption)).toEqual(["require-timeout"]);
  });

  it.each(fixable)("%s: the README's 🔧 and the page's notice say whether the fix needs an option", (id) => {
    const row = readme.split("\n").find((line) => line.startsWith(`| [${id}](`)) ?? "";
    const page = readFileSync(path.join(ROOT, "docs/rules", `${id}.md`), "utf8");
    const notice = page.split("\n").find((line) => line.startsWith("🔧")) ?? "";
    if (needsOption(id)) {
      expect(row).toMatch(/\| 🔧¹ +\|/u);
      expect(notice).toContain("with its [`autofix`](#autofix) option on");
      expect(page).toMatch(/^### `autofix`$/mu);
    } else {
      expect(row).toMatch(/\| 🔧 +\|/u);
      expect(notice).toMatch(/^🔧💡 This rule is automatically fixable by the /u);
    }
  });

  it("the README's legend explains 🔧¹", () => {
    expect(readme).toContain("🔧¹ Automatically fixable only with the rule's `autofix` option on");
  });
});
