/**
 * In a user's project with the latest typescript-eslint, ours dedupes with it: the plugin asks
 * for typescript-eslint packages by range (^8.58.0; the parser and typescript-estree as optional
 * peers, which the user's typescript-eslint provides), so npm installs one copy of each. Installs
 * the packed plugin (dist/ as built: `npm run build` first) and typescript-eslint from the
 * registry.
 */
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { ROOT } from "../cli/spawn-bin.js";
import { OFFLINE, exec, registryReachable, tempDir, userEnv } from "./install.js";

const work = tempDir("dedupe");
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Tree {
  readonly version?: string;
  readonly dependencies?: Record<string, Tree>;
}

/** Every version of `name` in an `npm ls --json --all` tree. */
function versionsOf(tree: Tree, name: string, found = new Set<string>()): Set<string> {
  for (const [dependency, child] of Object.entries(tree.dependencies ?? {})) {
    if (dependency === name && child.version) found.add(child.version);
    versionsOf(child, name, found);
  }
  return found;
}

const PACKAGES = [
  "@typescript-eslint/utils",
  "@typescript-eslint/parser",
  "@typescript-eslint/typescript-estree",
  "@typescript-eslint/scope-manager",
  "@typescript-eslint/types",
  "@typescript-eslint/visitor-keys",
  "typescript",
];

it("one copy of each typescript-eslint package next to the latest typescript-eslint", async (context) => {
  context.skip(!(await registryReachable()), OFFLINE);
  const tarball = execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", work], {
    cwd: ROOT,
    encoding: "utf8",
    env: userEnv(),
  }).trim();
  writeFileSync(
    path.join(work, "package.json"),
    JSON.stringify({
      name: "user-project",
      private: true,
      type: "module",
      devDependencies: { eslint: "^10.0.0", typescript: "~5.9.0", "typescript-eslint": "latest", "eslint-plugin-mcp-errors": `file:./${tarball}` },
    }),
  );
  const install = await exec("npm", ["install", "--no-audit", "--no-fund"], { cwd: work, env: userEnv() });
  expect(install.code, install.stderr).toBe(0);
  const ls = await exec("npm", ["ls", "--json", "--all", ...PACKAGES], { cwd: work, env: userEnv() });
  const tree = JSON.parse(ls.stdout) as Tree;
  expect(Object.fromEntries(PACKAGES.map((name) => [name, versionsOf(tree, name).size]))).toEqual(Object.fromEntries(PACKAGES.map((name) => [name, 1])));
}, 600_000);
