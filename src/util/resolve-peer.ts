/**
 * Finding TypeScript and typescript-eslint's packages, which the plugin has as optional peers:
 * from the plugin itself (npm puts optional peers where the plugin finds them), or, in a strict
 * layout such as pnpm's that links only what the project names, through the package that
 * depends on each. Every place that looks for them (the typed runtime, the TypeScript version
 * check) looks the same way.
 */
import { createRequire } from "node:module";

/** The parser through the project's `typescript-eslint`, typescript-estree and TypeScript through the parser. */
const FOUND_THROUGH: Readonly<Record<string, string>> = {
  "@typescript-eslint/parser": "typescript-eslint",
  "@typescript-eslint/typescript-estree": "@typescript-eslint/parser",
  typescript: "@typescript-eslint/parser",
};

/** The package a request names: `typescript/package.json` -> `typescript`, `@scope/name/x` -> `@scope/name`. */
function packageOf(request: string): string {
  const parts = request.split("/");
  return (request.startsWith("@") ? parts.slice(0, 2) : parts.slice(0, 1)).join("/");
}

/**
 * The file a request resolves to, from `from` (the plugin) or through the package that depends
 * on it (`FOUND_THROUGH`); undefined when it is not installed.
 */
export function resolvePeer(request: string, from: string = import.meta.url, depth = 0): string | undefined {
  try {
    return createRequire(from).resolve(request);
  } catch {
    const through = FOUND_THROUGH[packageOf(request)];
    const base = through === undefined || depth > 2 ? undefined : resolvePeer(through, from, depth + 1);
    if (base === undefined) return undefined;
    try {
      return createRequire(base).resolve(request);
    } catch {
      return undefined;
    }
  }
}
