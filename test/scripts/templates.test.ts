/**
 * The scaffold's templates (scripts/templates/) are not compiled until `npm run new-rule` writes
 * them out, so a module they import could move without any other test noticing: every relative
 * import of each template must resolve from where the generated file will live.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Each template with the folder of the file generated from it. */
const TEMPLATES = [
  ["rule.ts.tmpl", "src/rules"],
  ["test.ts.tmpl", "test/rules"],
  ["rules-index.ts.tmpl", "src/rules"],
] as const;

describe("scaffold templates", () => {
  it.each(TEMPLATES)("%s imports only modules that exist", (template, folder) => {
    const text = readFileSync(path.join(ROOT, "scripts/templates", template), "utf8");
    const specifiers = [...text.matchAll(/from "(\.{1,2}\/[^"]+)\.js";/gu)].map((match) => match[1] ?? "");
    // The rule's own module (`./__RULE_ID__`) exists once the scaffold has written it.
    const missing = specifiers
      .filter((specifier) => !specifier.includes("__"))
      .filter((specifier) => !existsSync(path.join(ROOT, folder, `${specifier}.ts`)));
    expect(specifiers.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
