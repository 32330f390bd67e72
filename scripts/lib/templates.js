/**
 * The scaffold's templates (`scripts/templates/`): plain files with `__NAME__` placeholders, so
 * they read like the code they become (ESLint's own `{{data}}` placeholders pass through).
 */
import { readFileSync } from "node:fs";

const PLACEHOLDER = /__([A-Z][A-Z_]*[A-Z])__/gu;

/**
 * The template `name` with every placeholder replaced by `values[NAME]`. Throws on a placeholder
 * without a value and on a value without a placeholder, so a template and its caller cannot
 * drift apart silently.
 */
export function render(name, values) {
  const template = readFileSync(new URL(`../templates/${name}`, import.meta.url), "utf8");
  const used = new Set();
  const text = template.replace(PLACEHOLDER, (_, key) => {
    if (!Object.hasOwn(values, key)) throw new Error(`templates/${name}: no value for __${key}__`);
    used.add(key);
    return values[key];
  });
  const unused = Object.keys(values).filter((key) => !used.has(key));
  if (unused.length > 0) throw new Error(`templates/${name} has no __${unused.join("__, __")}__`);
  return text;
}
