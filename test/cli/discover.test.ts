/**
 * What the command's discovery leaves out of a folder: bundler output checked in with the
 * sources is not the server's code, and is named in a notice; a bundle named on the command
 * line is linted.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discover, relativePath } from "../../src/cli/discover.js";

const BUNDLE = `var __commonJS = (cb, mod) => function __require() { return mod; };
var __toESM = (mod) => mod;
// node_modules/lighthouse/core/index.js
var require_core = __commonJS({ "node_modules/lighthouse/core/index.js"(exports) { exports.run = () => "mcp"; } });
export const lighthouse = __toESM(require_core());
${"export function audit(page) { return page.url; }\n".repeat(1000)}`;

describe("discover", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "mcp-errors-discover-"));
    mkdirSync(path.join(dir, "src", "third_party"), { recursive: true });
    writeFileSync(path.join(dir, "src", "server.ts"), 'import { lighthouse } from "./third_party/bundle.js";\nexport const run = lighthouse;\n');
    writeFileSync(path.join(dir, "src", "third_party", "bundle.js"), BUNDLE);
    // As large, written by hand: linted.
    writeFileSync(path.join(dir, "src", "large.js"), "export function audit(page) { return page.url; }\n".repeat(1000));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("leaves bundler output out of a folder, with a notice naming it", () => {
    const found = discover(dir, ["."]);
    expect(found.files.map((file) => relativePath(dir, file))).toEqual(["src/large.js", "src/server.ts"]);
    expect(found.notices).toEqual([
      "1 bundled file is left out (bundler output, not code anyone edits; name a file to lint it): src/third_party/bundle.js.",
    ]);
  });

  it("lints a bundle named on the command line, without the notice", () => {
    const found = discover(dir, [".", "src/third_party/bundle.js"]);
    expect(found.files.map((file) => relativePath(dir, file))).toContain("src/third_party/bundle.js");
    expect(found.notices).toEqual([]);
  });
});
