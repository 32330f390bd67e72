/**
 * Where the typed runtime is found: from the plugin (npm hoists the optional peers there), or, in
 * a strict layout such as pnpm's where the project names only `typescript-eslint`, through the
 * package that depends on each one. Built as folders of empty packages, nothing is loaded.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolvePeer } from "../../src/util/resolve-peer.js";

const root = mkdtempSync(path.join(tmpdir(), "mcp-errors-runtime-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** An empty package `name` in the node_modules folder `under`; its folder. */
function pkg(under: string, name: string): string {
  const dir = path.join(under, "node_modules", name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, version: "8.60.0", main: "index.js" }));
  writeFileSync(path.join(dir, "index.js"), "module.exports = {};\n");
  return dir;
}

describe("resolvePeer", () => {
  // The project names the plugin and typescript-eslint; the parser, typescript-estree and
  // TypeScript sit only where their dependents find them.
  const project = path.join(root, "project");
  const plugin = pkg(project, "eslint-plugin-mcp-errors");
  const meta = pkg(project, "typescript-eslint");
  const parser = pkg(meta, "@typescript-eslint/parser");
  const estree = pkg(parser, "@typescript-eslint/typescript-estree");
  const typescript = pkg(parser, "typescript");
  const from = path.join(plugin, "dist", "typed", "runtime.js");

  it("finds the parser through typescript-eslint, typescript-estree and TypeScript through the parser", () => {
    expect(resolvePeer("@typescript-eslint/parser", from)).toBe(path.join(parser, "index.js"));
    expect(resolvePeer("@typescript-eslint/parser/package.json", from)).toBe(path.join(parser, "package.json"));
    expect(resolvePeer("@typescript-eslint/typescript-estree", from)).toBe(path.join(estree, "index.js"));
    expect(resolvePeer("typescript", from)).toBe(path.join(typescript, "index.js"));
  });

  it("prefers what the plugin finds itself, and says undefined for what is not installed", () => {
    const own = pkg(plugin, "typescript");
    expect(resolvePeer("typescript", from)).toBe(path.join(own, "index.js"));
    expect(resolvePeer("no-such-package", from)).toBeUndefined();
    const bare = path.join(pkg(path.join(root, "bare"), "eslint-plugin-mcp-errors"), "dist", "typed", "runtime.js");
    expect(resolvePeer("@typescript-eslint/parser", bare)).toBeUndefined();
  });
});
