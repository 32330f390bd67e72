/**
 * dependency-cruiser: what ESLint cannot check per file, over the resolved import graph of src/
 * (`npm run lint`). Type-only imports count (`tsPreCompilationDeps`): a cycle through types
 * still ties the modules' designs together. The folder layers are ESLint's
 * `no-restricted-imports` (eslint.config.js), where the editor shows them at the import.
 * @type {import("dependency-cruiser").IConfiguration}
 */
const config = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycle anywhere in src/, type-only imports included.",
      from: {},
      to: { circular: true },
    },
    {
      name: "rule-imports-other-rule",
      severity: "error",
      comment:
        "A rule (src/rules/<id>.ts and its folder src/rules/<id>/) imports only rules/shared/ and its own folder: " +
        "what two rules share moves to rules/shared/.",
      // $1 is the rule id; the registry (index.ts) and shared/ are not rules.
      from: { path: "^src/rules/([^/.]+)(?:[.]ts$|/)", pathNot: "^src/rules/(?:index[.]ts$|shared/)" },
      to: { path: "^src/rules/", pathNot: ["^src/rules/shared/", "^src/rules/$1(?:[.]ts$|/)"] },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
  },
};

export default config;
