/**
 * The pre-commit hook, installed as pre-commit installs a `language: node` hook (its
 * `languages/node.py`), in the environment it sets (`get_env_patch`: `NPM_CONFIG_PREFIX` is the
 * hook's environment). pre-commit has installed node hooks in two ways:
 *
 * - 4.6 and later: `npm install --allow-git=root --install-links -g git+file://<clone>`. npm then
 *   prepares the git dependency in a temporary clone: `npm install` there, then the `prepare`
 *   script, which builds dist/.
 * - before 4.6 (Debian's and many pinned installs): `npm install --include=dev ...` in the clone
 *   (which builds), then `npm pack`, whose whole stdout it takes as the tarball's file name, then
 *   `npm install -g <tarball>`. `npm pack` runs `prepare` again, and in the foreground unless
 *   the repository's `.npmrc` says otherwise: its banner on stdout broke the file name.
 *
 * Both are run here with npm alone; the last test runs the real `pre-commit try-repo` when
 * pre-commit is installed. The hook's `mcp-errors` bin must then find the fixture's defects.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../cli/spawn-bin.js";
import { OFFLINE, cloneRepository, exec, registryReachable, tempDir, userEnv } from "./install.js";

const FIXTURE = path.join(ROOT, "test/fixtures/cli/plain-js");

/**
 * The hook's `additional_dependencies` from `.pre-commit-hooks.yaml`, which pre-commit appends
 * to its `npm install -g` (TypeScript and the parser: optional peers of the plugin).
 */
function hookDependencies(): string[] {
  const manifest = readFileSync(path.join(ROOT, ".pre-commit-hooks.yaml"), "utf8");
  const list = /^\s*additional_dependencies:\s*(\[.*\])\s*$/mu.exec(manifest)?.[1];
  if (list === undefined) throw new Error("no additional_dependencies in .pre-commit-hooks.yaml");
  return JSON.parse(list) as string[];
}

/** What pre-commit's `in_env()` sets for a node hook whose environment is `envDir`. */
function hookEnv(envDir: string): NodeJS.ProcessEnv {
  const base = userEnv();
  const env = userEnv({
    NODE_VIRTUAL_ENV: envDir,
    NPM_CONFIG_PREFIX: envDir,
    npm_config_prefix: envDir,
    NODE_PATH: path.join(envDir, "lib", "node_modules"),
    PATH: `${path.join(envDir, "bin")}${path.delimiter}${base.PATH ?? ""}`,
  });
  delete env.NPM_CONFIG_USERCONFIG;
  return env;
}

/** The hook's entry, `mcp-errors`, with the staged files as arguments (pass_filenames). */
async function expectHookFindsDefects(envDir: string): Promise<void> {
  const hook = await exec(path.join(envDir, "bin/mcp-errors"), ["src/server.js"], { cwd: FIXTURE, env: { ...hookEnv(envDir), NO_COLOR: "1" } });
  expect(hook.stderr).toBe("");
  expect(hook.code).toBe(1);
  expect(hook.stdout).toContain('17:28  error  This fetch call in tool "package_info" has no timeout');
  expect(hook.stdout).toContain("mcp-errors/require-timeout");
}

function preCommitVersion(): string | undefined {
  try {
    return execFileSync("pre-commit", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

describe("the pre-commit hook", () => {
  const work = tempDir("pre-commit");
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("installs with the npm command of pre-commit 4.6 and later, and reports the fixture's findings with exit 1", async (context) => {
    context.skip(!(await registryReachable()), OFFLINE);
    const clone = cloneRepository(path.join(work, "git"));
    const envDir = path.join(work, "git", "node_env");
    const install = await exec("npm", ["install", "--allow-git=root", "--install-links", "-g", `git+file://${clone}`, ...hookDependencies()], {
      cwd: clone,
      env: hookEnv(envDir),
    });
    expect(install.code, `${install.stdout}\n${install.stderr}`).toBe(0);
    await expectHookFindsDefects(envDir);
  }, 600_000);

  it("installs with the npm commands of pre-commit before 4.6 (npm pack), and reports the fixture's findings", async (context) => {
    context.skip(!(await registryReachable()), OFFLINE);
    const clone = cloneRepository(path.join(work, "pack"));
    const envDir = path.join(work, "pack", "node_env");
    const env = hookEnv(envDir);
    const local = await exec("npm", ["install", "--include=dev", "--include=prod", "--ignore-prepublish", "--no-progress", "--no-save"], {
      cwd: clone,
      env,
    });
    expect(local.code, `${local.stdout}\n${local.stderr}`).toBe(0);
    const pack = await exec("npm", ["pack"], { cwd: clone, env });
    expect(pack.code, pack.stderr).toBe(0);
    // pre-commit: `pkg = prefix.path(pkg.strip())`, the whole of stdout.
    const tarball = path.join(clone, pack.stdout.trim());
    expect(existsSync(tarball), `npm pack's stdout is not a file name: ${JSON.stringify(pack.stdout)}`).toBe(true);
    const install = await exec("npm", ["install", "-g", tarball, ...hookDependencies()], { cwd: clone, env });
    expect(install.code, `${install.stdout}\n${install.stderr}`).toBe(0);
    await expectHookFindsDefects(envDir);
  }, 600_000);

  it("runs with `pre-commit try-repo` on a repository with a defect", async (context) => {
    const version = preCommitVersion();
    context.skip(version === undefined, "pre-commit is not installed (pipx install pre-commit, or apt-get install pre-commit)");
    context.skip(!(await registryReachable()), OFFLINE);
    const clone = cloneRepository(path.join(work, "try-repo"));
    const project = path.join(work, "try-repo", "project");
    execFileSync("git", ["init", "--quiet", project]);
    writeFileSync(
      path.join(project, "server.js"),
      [
        'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
        'const server = new McpServer({ name: "demo", version: "1.0.0" });',
        'server.registerTool("status", { description: "Service status" }, async () => {',
        '  const response = await fetch("https://status.example.com/api");',
        '  return { content: [{ type: "text", text: await response.text() }] };',
        "});",
        "",
      ].join("\n"),
    );
    execFileSync("git", ["add", "server.js"], { cwd: project });
    // pre-commit keeps its environments in PRE_COMMIT_HOME: a fresh one, so the hook is installed now.
    const env = userEnv({ PRE_COMMIT_HOME: path.join(work, "try-repo", "cache"), NO_COLOR: "1" });
    const run = await exec("pre-commit", ["try-repo", clone, "mcp-errors", "--all-files"], { cwd: project, env });
    expect(run.stdout, `${String(version)}\n${run.stderr}`).toContain("mcp-errors/require-timeout");
    expect(run.code).toBe(1);
  }, 600_000);
});
