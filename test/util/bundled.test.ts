/**
 * Bundler output checked in with the sources (`util/bundled.ts`): judged by the helpers bundlers
 * write, and only in files large enough to matter.
 */
import { describe, expect, it } from "vitest";
import { BUNDLE_MIN_SIZE, isBundled } from "../../src/util/bundled.js";

/** Hand-written-looking code of about `size` characters. */
function code(size: number): string {
  const line = "export function add(a: number, b: number): number { return a + b; }\n";
  return line.repeat(Math.ceil(size / line.length));
}

const ESBUILD = `var __commonJS = (cb, mod) => function __require() { return mod; };
var __toESM = (mod) => mod;
// node_modules/zod/lib/index.js
var require_lib = __commonJS({ "node_modules/zod/lib/index.js"(exports) { exports.z = {}; } });
var import_zod = __toESM(require_lib());
`;
const WEBPACK = `/******/ var __webpack_modules__ = ({});
/******/ function __webpack_require__(moduleId) { return __webpack_modules__[moduleId](); }
var api = __webpack_require__(42);
var zod = __webpack_require__(7);
`;

describe("isBundled", () => {
  it.each([
    ["esbuild output", ESBUILD],
    ["webpack output", WEBPACK],
  ])("%s is a bundle", (_, helpers) => {
    expect(isBundled(helpers + code(BUNDLE_MIN_SIZE))).toBe(true);
  });

  it("a small file is never a bundle, helpers or not", () => {
    expect(isBundled(ESBUILD + code(1000))).toBe(false);
  });

  it("a large hand-written file is not a bundle", () => {
    expect(isBundled(code(4 * BUNDLE_MIN_SIZE))).toBe(false);
  });

  it("naming a helper in passing does not make a bundle (a webpack plugin)", () => {
    const plugin = `// Rewrites calls of __webpack_require__ in the emitted chunk.\nconst helper = "__webpack_require__";\n`;
    expect(isBundled(plugin + code(BUNDLE_MIN_SIZE))).toBe(false);
  });

  it("gives the same answer when asked again (the pattern keeps no state between texts)", () => {
    const bundle = ESBUILD + code(BUNDLE_MIN_SIZE);
    expect([isBundled(bundle), isBundled(code(BUNDLE_MIN_SIZE)), isBundled(bundle)]).toEqual([true, false, true]);
  });
});
