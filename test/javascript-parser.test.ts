/**
 * Without TypeScript (a plain JavaScript project, where the plugin installs none), the syntactic
 * configs read JavaScript with ESLint's own parser, espree, and ESLint's own scope analysis. The
 * rules must find exactly what they find with typescript-eslint's parser on the same files.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../src/index.js";
import { parseJavaScript, syntacticParser } from "../src/typed/parser.js";
import { missingTypeScriptMessage } from "../src/typed/runtime.js";

const DIRECTORY = path.join(import.meta.dirname, "fixtures/javascript-parser");
const FILES = readdirSync(DIRECTORY).sort();
const espree = { meta: { name: "espree-for-test", version: "0" }, parseForESLint: parseJavaScript };

function findings(file: string, parser: unknown): string[] {
  const code = readFileSync(path.join(DIRECTORY, file), "utf8");
  const config = { ...plugin.configs.all, files: ["**/*.{js,mjs,cjs}"], languageOptions: { parser } } as Linter.Config;
  // A path outside test/ (the configs ignore test code).
  return new Linter({ cwd: "/project" })
    .verify(code, [config], `/project/src/${file}`)
    .map((m) => `${String(m.line)}:${String(m.column)} ${m.ruleId ?? "fatal"} ${m.message}`);
}

describe("JavaScript read by ESLint's parser", () => {
  it.each(FILES)("%s: the same findings as with typescript-eslint's parser", (file) => {
    const withEspree = findings(file, espree);
    expect(withEspree.filter((f) => f.includes(" fatal "))).toEqual([]);
    expect(withEspree).toEqual(findings(file, syntacticParser));
    expect(withEspree.length).toBeGreaterThan(2);
  });

  it("reads JSX in a .jsx file and CommonJS with a top-level return", () => {
    expect(() => parseJavaScript("const a = <div>{x}</div>;", { filePath: "a.jsx", ecmaVersion: "latest", sourceType: "module" })).not.toThrow();
    expect(() => parseJavaScript("return 1;", { filePath: "a.cjs", ecmaVersion: "latest", sourceType: "commonjs" })).not.toThrow();
  });

  it("names what to install when a package is missing", () => {
    expect(missingTypeScriptMessage("typescript")).toBe(
      "eslint-plugin-mcp-errors: TypeScript files and typed linting need typescript, which is not installed: npm install --save-dev typescript typescript-eslint (or typescript @typescript-eslint/parser).",
    );
  });
});
