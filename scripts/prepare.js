#!/usr/bin/env node
/**
 * The `prepare` script: builds dist/ with the TypeScript compiler of the dev dependencies.
 *
 * A git install has no dist/ (it is not committed), and npm prepares a git dependency by running
 * `npm install` in a temporary clone, then `prepare`. With `-g`, which is how pre-commit installs
 * a `language: node` hook, npm 10 and 11 run that inner install as a global one too (the
 * `npm_config_global` of the outer install leaks into it): the clone gets no dev dependencies, and
 * a plain `tsc` fails with "tsc: not found". So when the compiler is missing here, this script
 * installs the dev dependencies into the clone itself (a local install, scripts off), then builds.
 * A packed tarball ships dist/ and never runs `prepare`.
 *
 * Usage: node scripts/prepare.js. Exit code: that of the failing step, 0 when built.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/**
 * The path of `tsc` in this checkout's own node_modules, when the build's dev dependencies are
 * there too (the Node types); undefined otherwise. Only this folder counts: a TypeScript that
 * resolves from elsewhere (NODE_PATH, a parent folder, the hook's own `additional_dependencies`
 * being installed next to it) comes without the rest of what the build needs.
 */
function compiler() {
  const own = path.join(ROOT, "node_modules");
  const tsc = path.join(own, "typescript", "bin", "tsc");
  return existsSync(tsc) && existsSync(path.join(own, "@types", "node", "package.json")) ? tsc : undefined;
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(path.join(ROOT, "src"))) process.exit(0); // not a checkout: nothing to build

let tsc = compiler();
if (!tsc) {
  process.stderr.write("eslint-plugin-mcp-errors: the TypeScript compiler is not installed here; installing the dev dependencies to build dist/.\n");
  // A local install into this folder, whatever the outer npm was asked to do.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_config_(global|prefix|location|omit|include|only|production|dev)$/iu.test(key)),
  );
  const npm = process.env.npm_execpath;
  const args = ["install", "--include=dev", "--ignore-scripts", "--no-save", "--no-audit", "--no-fund", "--prefix", ROOT];
  if (npm && /\.[cm]?js$/u.test(npm)) run(process.execPath, [npm, ...args], env);
  else run(process.platform === "win32" ? "npm.cmd" : "npm", args, env);
  tsc = compiler();
  if (!tsc) {
    process.stderr.write(
      "eslint-plugin-mcp-errors: cannot build dist/: the TypeScript compiler is still missing after installing the dev dependencies.\n",
    );
    process.exit(1);
  }
}
run(process.execPath, [tsc, "-p", "tsconfig.build.json"]);
