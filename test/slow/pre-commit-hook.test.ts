/**
 * The pre-commit hook, installed as pre-commit installs a `language: node` hook (its
 * `languages/node.py`): with `NPM_CONFIG_PREFIX` set to the hook's environment,
 * `npm install --allow-git=root --install-links -g git+file://<clone>`. npm then prepares the git
 * dependency in a temporary clone: `npm install` there, then the `prepare` script, which builds
 * dist/. The `mcp-errors` bin of that environment must then find the fixture's defects.
 * The Python tool itself is not needed for this: the test runs its npm command.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../cli/spawn-bin.js";
import { OFFLINE, cloneRepository, exec, registryReachable, tempDir, userEnv } from "./install.js";

const FIXTURE = path.join(ROOT, "test/fixtures/cli/plain-js");

describe("the pre-commit hook", () => {
  const work = tempDir("pre-commit");
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("installs with pre-commit's npm command and reports the fixture's findings with exit 1", async (context) => {
    context.skip(!(await registryReachable()), OFFLINE);
    const clone = cloneRepository(work);
    const envDir = path.join(work, "node_env");
    // What pre-commit's in_env() sets (get_env_patch), then its install command.
    const base = userEnv();
    const env = userEnv({
      NODE_VIRTUAL_ENV: envDir,
      NPM_CONFIG_PREFIX: envDir,
      npm_config_prefix: envDir,
      PATH: `${path.join(envDir, "bin")}${path.delimiter}${base.PATH ?? ""}`,
    });
    delete env.NPM_CONFIG_USERCONFIG;
    const install = await exec("npm", ["install", "--allow-git=root", "--install-links", "-g", `git+file://${clone}`], { cwd: clone, env });
    expect(install.code, `${install.stdout}\n${install.stderr}`).toBe(0);

    // The hook's entry, `mcp-errors`, with the staged files as arguments (pass_filenames).
    const hook = await exec(path.join(envDir, "bin/mcp-errors"), ["src/server.js"], { cwd: FIXTURE, env: { ...env, NO_COLOR: "1" } });
    expect(hook.stderr).toBe("");
    expect(hook.code).toBe(1);
    expect(hook.stdout).toContain('17:28  error  This fetch call in tool "package_info" has no timeout');
    expect(hook.stdout).toContain("mcp-errors/require-timeout");
  }, 600_000);
});
