/**
 * Bundler output checked in with the sources (a dependency vendored as one file, such as
 * `src/third_party/lighthouse-bundle.js`): nobody fixes findings there, the project's own lint
 * config usually ignores it, and it can be megabytes of code that costs more to parse than the
 * whole server. The `mcp-errors` command's discovery (`cli/discover.ts`) leaves it out, and the
 * program index (`typed/program-index/file-entry.ts`) treats it like a dependency.
 */

/** Smaller files are never judged bundles: too little to cost anything, too little to be sure. */
export const BUNDLE_MIN_SIZE = 32 * 1024;

/**
 * The runtime helpers bundlers write into their output: esbuild and Bun (`__commonJS(`,
 * `__toESM(`, `__esm(`), webpack and ncc (`__webpack_require__`, `__nccwpck_require__`), Parcel
 * (`parcelRequire`), rollup's CommonJS plugin (`getDefaultExportFromCjs`), and the comment
 * esbuild writes before each module it inlines (`// node_modules/zod/lib/index.js`).
 */
const BUNDLER_HELPER =
  /\b__commonJS\(|\b__toESM\(|\b__esm\(|\b__webpack_require__\b|\b__nccwpck_require__\b|\bparcelRequire\b|\bgetDefaultExportFromCjs\b|^\/\/ node_modules\//gmu;

/** How many helpers make a bundle: a hand-written file may name one in passing (a webpack plugin). */
const HELPERS_IN_A_BUNDLE = 3;

/** Whether `text` is bundler output: at least `BUNDLE_MIN_SIZE` long, with the bundlers' helpers in it. */
export function isBundled(text: string): boolean {
  if (text.length < BUNDLE_MIN_SIZE) return false;
  BUNDLER_HELPER.lastIndex = 0;
  let found = 0;
  while (BUNDLER_HELPER.exec(text) !== null) {
    found++;
    if (found >= HELPERS_IN_A_BUNDLE) return true;
  }
  return false;
}
