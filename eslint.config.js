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

const UP = String.raw`^(?:\.\./)+`;

/**
 * One `no-restricted-imports` block per folder of src/: the folders (and top-level modules of
 * src/) its files must not import. Import paths are matched as written, with any number of `../`,
 * since no folder inside src/ is named like one of its layers.
 */
function layer(folder, { folders = [], modules = [], extra = [], why }) {
  const patterns = [
    ...(folders.length > 0 ? [{ regex: `${UP}(?:${folders.join("|")})(?:/|$)`, message: why }] : []),
    ...(modules.length > 0 ? [{ regex: `${UP}(?:${modules.join("|")})\\.js$`, message: why }] : []),
    ...extra,
  ];
  return {
    name: `mcp-errors/layers/${folder}`,
    files: [`src/${folder}/**/*.ts`],
    rules: { "no-restricted-imports": ["error", { patterns }] },
  };
}

/**
 * The layers of src/ (issue 16): util/ generic, model/ the per-file MCP model, typed/ the only
 * code that asks the TypeScript checker, rules/ policy, cli/ the command line; plus size limits
 * (blank lines and comments count). Rule-to-rule imports and import cycles are checked by
 * dependency-cruiser (.dependency-cruiser.js), which sees the resolved graph.
 */
const layers = defineConfig(
  {
    name: "mcp-errors/layers/function-size",
    files: ["src/**/*.ts"],
    rules: { "max-lines-per-function": ["error", { max: 120, skipBlankLines: false, skipComments: false }] },
  },
  {
    name: "mcp-errors/layers/file-size",
    files: ["src/model/**/*.ts", "src/typed/**/*.ts"],
    rules: { "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  layer("util", {
    folders: ["model", "typed", "lint", "rules", "cli"],
    modules: ["settings", "configs", "index"],
    why: "src/util/ is generic code that knows nothing of MCP: it imports nothing else from src/.",
  }),
  layer("model", {
    folders: ["typed", "lint", "rules", "cli"],
    modules: ["configs", "index"],
    why: "src/model/ (the per-file MCP model) imports only util/ and settings.ts.",
  }),
  layer("typed", {
    folders: ["lint", "rules", "cli"],
    modules: ["configs", "index"],
    extra: [
      {
        regex: `${UP}model/(?!index\\.js$)`,
        message: "typed/ reads the model through its public module, model/index.ts.",
      },
    ],
    why: "src/typed/ (the type-aware layer) imports only model/ and util/.",
  }),
  layer("rules", {
    folders: ["cli", "typed"],
    why: "A rule reaches type information through the model, never typed/, and never imports the CLI.",
  }),
);

export default defineConfig(
  globalIgnores(["dist/", "node_modules/", "examples/", "test/fixtures/", ".bench/", "docs/"], "mcp-errors/ignores"),
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
  ...layers,
);
