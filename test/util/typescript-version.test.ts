/**
 * An unsupported TypeScript is one line, before any parse: the version check on fake installs
 * (a `typescript/package.json` with the version under test), and on the supported range.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { installedTypeScriptProblem, SUPPORTED_TYPESCRIPT, typeScriptVersionProblem } from "../../src/util/typescript-version.js";
import { ROOT } from "../cli/spawn-bin.js";
import { readFileSync } from "node:fs";

describe("typeScriptVersionProblem", () => {
  it.each(["5.4.2", "5.9.3", "6.0.0", "6.0.3-rc"])("accepts %s", (version) => {
    expect(typeScriptVersionProblem(version)).toBeUndefined();
  });

  it.each(["7.0.0", "6.1.0-dev.20260101", "5.3.3", "4.9.5", "next"])("refuses %s in one line that says what to install", (version) => {
    const problem = typeScriptVersionProblem(version);
    expect(problem).toBe(
      `eslint-plugin-mcp-errors: TypeScript ${version} is not supported; install a version in the range ">=5.4 <6.1" (npm install --save-dev "typescript@>=5.4 <6.1"), or remove it from a plain JavaScript project.`,
    );
  });

  it("checks the range package.json declares", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { peerDependencies: Record<string, string> };
    expect(manifest.peerDependencies.typescript).toBe(SUPPORTED_TYPESCRIPT);
  });
});

describe("installedTypeScriptProblem", () => {
  const projects = mkdtempSync(path.join(tmpdir(), "mcp-errors-ts-version-"));
  afterAll(() => rmSync(projects, { recursive: true, force: true }));

  /** A resolver from a project whose node_modules holds `typescript@<version>` (package.json only). */
  function projectWith(version: string | undefined): (request: string) => string {
    const dir = path.join(projects, version ?? "none");
    mkdirSync(path.join(dir, "node_modules/typescript"), { recursive: true });
    if (version !== undefined) writeFileSync(path.join(dir, "node_modules/typescript/package.json"), JSON.stringify({ name: "typescript", version }));
    const require = createRequire(path.join(dir, "index.js"));
    return (request) => require.resolve(request);
  }

  it("reports TypeScript 7 as one line", () => {
    expect(installedTypeScriptProblem(projectWith("7.0.0"))).toMatch(/^eslint-plugin-mcp-errors: TypeScript 7\.0\.0 is not supported; [^\n]+$/u);
  });

  it("says nothing for a supported or missing TypeScript", () => {
    expect(installedTypeScriptProblem(projectWith("5.9.3"))).toBeUndefined();
    expect(installedTypeScriptProblem(projectWith(undefined))).toBeUndefined();
  });

  it("says nothing for the TypeScript this checkout tests with", () => {
    expect(installedTypeScriptProblem()).toBeUndefined();
  });
});
