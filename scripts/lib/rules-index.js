/**
 * `src/rules/index.ts`, the rule registry, as generated from the rule files: every
 * `src/rules/<id>.ts` but the index itself is one rule, imported under its camelCase id (a rule's
 * private helpers live in folders, which are not rules).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { render } from "./templates.js";

/** `no-blind-retry` -> `noBlindRetry`. */
export const camelCase = (kebab) => kebab.replace(/-([a-z0-9])/gu, (_, c) => c.toUpperCase());

/** The rule ids of `<root>/src/rules`, in code-unit order (the same on every machine). */
export function ruleIds(root) {
  return readdirSync(path.join(root, "src/rules"), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts") && entry.name !== "index.ts")
    .map((entry) => entry.name.slice(0, -".ts".length))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The text `src/rules/index.ts` must have for these rule ids. */
export function renderRulesIndex(ids) {
  return render("rules-index.ts.tmpl", {
    IMPORTS: ids.map((id) => `import ${camelCase(id)} from "./${id}.js";`).join("\n"),
    ENTRIES: ids.map((id) => `  "${id}": ${camelCase(id)},`).join("\n"),
  });
}
