/**
 * Prettier (`npm run format` writes, `npm run format:check` verifies): its defaults but the width.
 * The code is written at up to about 150 columns (1% of the lines of src/ are longer). Lines that
 * formatting would change, in src/ + test/ + scripts/ (src/ alone), by printWidth: 120: 1,333
 * (485); 140: 887 (318); 150: 739 (288); 155: 696 (284); 160: 691 (310). 155 is within a few
 * lines of the fewest on both counts.
 * `npm test` runs the check right after the self-lint.
 * @type {import("prettier").Config}
 */
const config = {
  printWidth: 155,
};

export default config;
