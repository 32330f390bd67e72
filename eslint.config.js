// Self-lint. Type-checked strict rules only where they pay off (the shipped code in `src/`);
// tests and scripts get the syntactic strict set so `npm run lint` stays fast.
import js from "@eslint/js";
import eslintPlugin from "eslint-plugin-eslint-plugin";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";

// The few Node globals the plain-JS scripts use (no `globals` dependency for a handful of names).
const nodeGlobals = {
  AbortController: "readonly",
  AbortSignal: "readonly",
  Buffer: "readonly",
  URL: "readonly",
  clearTimeout: "readonly",
  console: "readonly",
  fetch: "readonly",
  performance: "readonly",
  process: "readonly",
  setTimeout: "readonly",
  structuredClone: "readonly",
};

export default defineConfig(
  globalIgnores(
    ["dist/", "node_modules/", "examples/", "test/fixtures/", ".bench/", "docs/"],
    "mcp-errors/ignores",
  ),
  {
    name: "mcp-errors/linter-options",
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  {
    name: "mcp-errors/src",
    files: ["src/**/*.ts"],
    extends: [js.configs.recommended, tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    name: "mcp-errors/src-rules",
    files: ["src/rules/**/*.ts"],
    extends: [eslintPlugin.configs.recommended],
  },
  {
    name: "mcp-errors/tooling",
    files: ["test/**/*.ts", "scripts/**/*.js", "*.{js,ts}"],
    extends: [js.configs.recommended, tseslint.configs.strict],
    languageOptions: { globals: nodeGlobals },
  },
  {
    name: "mcp-errors/rule-tests",
    files: ["test/rules/**/*.ts"],
    extends: [eslintPlugin.configs["tests-recommended"]],
  },
);
