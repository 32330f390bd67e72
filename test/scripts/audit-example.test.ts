/**
 * `npm start` (scripts/audit-example.js) is one of the README's two quick-start commands: it
 * runs the built command on examples/weather-server and checks that every rule of `recommended`
 * and `strict` finds the defect planted for it. A rule added without its planted defect fails here.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../cli/spawn-bin.js";

describe("npm start", () => {
  it("finds the planted defect of every rule in the bundled example", () => {
    const run = spawnSync(process.execPath, [path.join(ROOT, "scripts", "audit-example.js")], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(run.stdout).not.toContain("missing:");
    expect(run.stdout).toMatch(/(\d+) of \1 recommended rules found their planted defect/u);
    expect(run.stdout).toMatch(/(\d+) of \1 strict-only rules found their planted defect/u);
    expect(run.status).toBe(0);
  }, 60_000);
});
