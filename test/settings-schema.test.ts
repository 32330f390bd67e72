/**
 * `settings["mcp-errors"]` is checked against its schema: a wrong value gives one line that names
 * the setting (through ESLint too, without a stack), never a crash in a rule or a silent default.
 */
import Ajv from "ajv";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../src/index.js";
import { checkSettings, settingsSchema } from "../src/settings-schema.js";
import { CATEGORIES, getCallSettings, getVocabulary, PRESET_NAMES } from "../src/settings.js";

const check = (value: unknown): void => {
  checkSettings(value, PRESET_NAMES, CATEGORIES);
};

const VALID: readonly unknown[] = [
  undefined,
  {},
  { preset: "snake-case" },
  { preset: "nested", container: "error.details", fields: { description: "detail" } },
  { container: ["io.modelcontextprotocol/toolFailure"] },
  { container: [] },
  { categories: { PAYMENT_REQUIRED: "business", UPSTREAM_TIMEOUT: "transient" } },
  { clients: ["callApi", "client.request"], wrappers: ["withDeadline"] },
  { fields: { attempts: "tries", partialResults: ["done", "partial"] } },
];

const INVALID: readonly (readonly [unknown, string])[] = [
  [{ container: 42 }, 'settings["mcp-errors"].container must be a string or an array of strings, got 42.'],
  [{ container: ["error", 1] }, 'settings["mcp-errors"].container must be a string or an array of strings, got ["error",1].'],
  [{ preset: "snake_case" }, 'settings["mcp-errors"].preset must be one of "default", "snake-case", "nested", "tool-failure", got "snake_case".'],
  [{ containr: "error" }, 'settings["mcp-errors"] has no setting "containr": the settings are preset, container, fields, categories, clients, wrappers.'],
  [{ fields: { category: 1 } }, 'settings["mcp-errors"].fields.category must be a string, got 1.'],
  [
    { fields: { kind: "x" } },
    'settings["mcp-errors"].fields has no setting "kind": the settings are category, retryable, retryAfter, description, userMessage, attempts, partialResults.',
  ],
  [
    { categories: { "NOT-FOUND": "missing" } },
    'settings["mcp-errors"].categories["NOT-FOUND"] must be one of "transient", "validation", "business", "permission", got "missing".',
  ],
  [{ fields: { attempts: 3 } }, 'settings["mcp-errors"].fields.attempts must be a string or an array of strings, got 3.'],
  [{ clients: "callApi" }, 'settings["mcp-errors"].clients must be an array of strings, got "callApi".'],
  ["snake-case", 'settings["mcp-errors"] must be an object, got "snake-case".'],
  [null, 'settings["mcp-errors"] must be an object, got null.'],
];

describe("the settings schema", () => {
  it("is a JSON schema that ajv compiles, and agrees with the check on every sample", () => {
    const validate = new Ajv({ allErrors: true }).compile(settingsSchema(PRESET_NAMES, CATEGORIES));
    for (const value of VALID.filter((v) => v !== undefined)) expect(validate(value), JSON.stringify(value)).toBe(true);
    for (const [value] of INVALID) expect(validate(value), JSON.stringify(value)).toBe(false);
  });

  it.each(VALID.map((value) => [value]))("accepts %j", (value) => {
    expect(() => {
      check(value);
    }).not.toThrow();
  });

  it.each(INVALID)("rejects %j in one line naming the setting", (value, message) => {
    expect(() => {
      check(value);
    }).toThrow(`eslint-plugin-mcp-errors: ${message}`);
  });

  it("is what getVocabulary and getCallSettings read", () => {
    for (const read of [getVocabulary, getCallSettings]) {
      expect(() => read({ "mcp-errors": { preset: "snake_case" } })).toThrow(/settings\["mcp-errors"\]\.preset must be one of/u);
      expect(() => read({ "mcp-errors": { container: { path: "error" } } })).toThrow(/settings\["mcp-errors"\]\.container must be/u);
    }
    expect(getVocabulary({ "mcp-errors": { preset: "nested" } }).container).toEqual(["error"]);
    expect(getVocabulary({ "mcp-errors": { fields: { attempts: "tries" } } }).attempts).toEqual(["tries"]);
    expect(getVocabulary({ "mcp-errors": { preset: "snake-case" } }).partialResults).toEqual(["partial_result", "partial_results"]);
  });
});

describe("invalid settings through ESLint", () => {
  const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "x", version: "1" });
server.registerTool("lookup", { description: "d" }, async () => ({ isError: true, content: [{ type: "text", text: JSON.stringify({ code: "X" }) }] }));
`;

  const lint = (settings: Record<string, unknown>): Promise<ESLint.LintResult[]> =>
    new ESLint({ overrideConfigFile: true, overrideConfig: [plugin.configs.recommended as Linter.Config, { settings }] }).lintText(SERVER, {
      filePath: "server.ts",
    });

  it("stops the lint with one line and no stack", async () => {
    const error: unknown = await lint({ "mcp-errors": { container: 42 } }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).stack).toBe('eslint-plugin-mcp-errors: settings["mcp-errors"].container must be a string or an array of strings, got 42.');
  });

  it("lints with valid settings", async () => {
    const [result] = await lint({ "mcp-errors": { preset: "nested", container: "error" } });
    expect(result?.messages.map((m) => m.ruleId)).toContain("mcp-errors/require-error-classification");
  });
});
