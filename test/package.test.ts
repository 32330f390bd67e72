/**
 * Package hygiene: the license, the metadata npm provenance needs, the changelog and the
 * versioning policy ship, and every link to the docs points at the release tag of the version
 * in package.json (a branch moves on; a finding must lead to the page of the rule that made it).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { TSESLint } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { HELP } from "../src/cli/main.js";
import { rulesForConfig } from "../src/configs.js";
import { rules } from "../src/rules/index.js";
import type { McpErrorsRuleDocs } from "../src/util/create-rule.js";
import { ROOT } from "./cli/spawn-bin.js";

interface Manifest {
  readonly version: string;
  readonly license: string;
  readonly repository: { readonly type: string; readonly url: string };
  readonly homepage: string;
  readonly bugs: { readonly url: string };
  readonly engines: { readonly node: string };
}

const read = (file: string): string => readFileSync(path.join(ROOT, file), "utf8");
const manifest = JSON.parse(read("package.json")) as Manifest;
const REPO = "https://github.com/eslint-plugin-mcp-errors/eslint-plugin-mcp-errors";

describe("package.json and the files it ships", () => {
  it("names the repository, homepage and issue tracker (npm provenance needs them)", () => {
    expect(manifest.repository).toEqual({ type: "git", url: `git+${REPO}.git` });
    expect(manifest.homepage).toBe(`${REPO}#readme`);
    expect(manifest.bugs).toEqual({ url: `${REPO}/issues` });
  });

  it("has the LICENSE its license field names", () => {
    expect(manifest.license).toBe("MIT");
    expect(read("LICENSE")).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /u);
  });

  it("packs the license, the changelog and the versioning policy", () => {
    const [pack] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8" })) as {
      files: { path: string }[];
    }[];
    const files = (pack?.files ?? []).map((file) => file.path);
    expect(files).toEqual(expect.arrayContaining(["LICENSE", "CHANGELOG.md", "README.md", "package.json", "docs/versioning.md"]));
  });

  it("has a changelog in the Keep a Changelog shape, with a link for every version heading", () => {
    const changelog = read("CHANGELOG.md");
    const versions = [...changelog.matchAll(/^## \[([^\]]+)\]/gmu)].map(([, version]) => version ?? "");
    expect(versions[0]).toMatch(/^(?:Unreleased|\d+\.\d+\.\d+)$/u);
    if (versions[0] !== "Unreleased") expect(versions[0]).toBe(manifest.version);
    for (const version of versions) expect(changelog).toMatch(new RegExp(`^\\[${version.replaceAll(".", "\\.")}\\]: https://`, "mu"));
  });
});

describe("the mcp-errors package (packages/mcp-errors)", () => {
  interface CliManifest extends Manifest {
    readonly name: string;
    readonly bin: Record<string, string>;
    readonly dependencies: Record<string, string>;
  }
  interface PluginManifest extends Manifest {
    readonly dependencies: Record<string, string>;
    readonly peerDependencies: Record<string, string>;
    readonly peerDependenciesMeta: Record<string, { optional?: boolean }>;
  }
  const cli = JSON.parse(read("packages/mcp-errors/package.json")) as CliManifest;
  const plugin = manifest as PluginManifest;

  it("is released with the plugin: the same version, depending on exactly that plugin", () => {
    expect(cli.version).toBe(manifest.version);
    expect(cli.dependencies["eslint-plugin-mcp-errors"]).toBe(manifest.version);
    expect(cli.bin).toEqual({ "mcp-errors": "./bin.js" });
    expect(read("packages/mcp-errors/bin.js")).toContain('import "eslint-plugin-mcp-errors/cli";');
  });

  it("brings, in the plugin's own ranges, what the plugin leaves to the project: TypeScript and the parser", () => {
    for (const name of ["typescript", "@typescript-eslint/parser", "@typescript-eslint/typescript-estree"]) {
      expect(plugin.peerDependenciesMeta[name], name).toEqual({ optional: true });
      expect(plugin.dependencies[name], name).toBeUndefined();
      expect(cli.dependencies[name], name).toBe(plugin.peerDependencies[name]);
    }
    expect(plugin.peerDependencies.eslint).toContain(cli.dependencies.eslint ?? "missing");
  });

  it("has the plugin's license and repository", () => {
    expect(cli.license).toBe(manifest.license);
    expect(read("packages/mcp-errors/LICENSE")).toBe(read("LICENSE"));
    expect(cli.repository).toEqual({ ...manifest.repository, directory: "packages/mcp-errors" });
  });
});

describe("links to the docs", () => {
  it.each(Object.keys(rules))("%s points at its page at the release tag", (id) => {
    expect(rules[id]?.meta.docs?.url).toBe(`${REPO}/blob/v${manifest.version}/docs/rules/${id}.md`);
  });

  it("mcp-errors --help points at docs/cli.md at the release tag", () => {
    expect(HELP).toContain(`Docs: ${REPO}/blob/v${manifest.version}/docs/cli.md`);
  });
});

describe("the versioning and deprecation policy", () => {
  const policy = read("docs/versioning.md");

  it("says what is breaking for a lint plugin and how a rule is deprecated", () => {
    for (const phrase of [
      "a rule added to `recommended`",
      "default option changed",
      "option or setting removed",
      "support dropped",
      "`meta.deprecated: true`",
      "`meta.replacedBy",
    ]) {
      expect(policy).toContain(phrase);
    }
  });

  it("states the Node.js version package.json supports", () => {
    expect(manifest.engines.node).toBe(">=20.19");
    expect(policy).toContain("| Node.js | 20.19 and later |");
  });

  it("is what the configs do: a deprecated rule stays in strict and leaves all", () => {
    const rule = (meta: Partial<TSESLint.RuleMetaData<string, McpErrorsRuleDocs>>): TSESLint.RuleModule<string, readonly unknown[], McpErrorsRuleDocs> =>
      ({ meta: { type: "problem", messages: {}, schema: [], ...meta }, create: () => ({}), defaultOptions: [] }) as TSESLint.RuleModule<
        string,
        readonly unknown[],
        McpErrorsRuleDocs
      >;
    const fake = {
      old: rule({ deprecated: true, replacedBy: ["new"], docs: { description: "Disallow x", recommended: "strict" } }),
      new: rule({ docs: { description: "Disallow y", recommended: "strict" } }),
    };
    expect(Object.keys(rulesForConfig(fake, "strict"))).toEqual(["mcp-errors/old", "mcp-errors/new"]);
    expect(Object.keys(rulesForConfig(fake, "all"))).toEqual(["mcp-errors/new"]);
  });

  it("holds for every deprecated rule: its replacements exist", () => {
    for (const [id, { meta }] of Object.entries(rules)) {
      if (!meta.deprecated) continue;
      for (const replacement of meta.replacedBy ?? []) expect(Object.keys(rules), `${id} -> ${replacement}`).toContain(replacement);
    }
  });
});
