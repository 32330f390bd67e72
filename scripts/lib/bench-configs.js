/**
 * The benchmark's lint configs, built from `dist/` (the main thread's stats run and each mode's
 * worker import them, so both time the same rules).
 */
const { default: plugin } = await import(new URL("../../dist/index.js", import.meta.url).href);
const { withModel } = await import(new URL("../../dist/lint/with-model.js", import.meta.url).href);

/** The config measured: `recommended` unless `npm run bench -- --config strict|all` (bench.js sets the variable). */
export const measured = plugin.configs[process.env.MCP_ERRORS_BENCH_CONFIG ?? "recommended"];
/** Same object, same parser, same files: only the rules differ. */
export const parseOnly = { ...measured, rules: {} };

/** The stand-in rule for the MCP model that all rules share, in the stats run and `--floor`. */
export const MODEL_ROW = "bench/model";
/** A rule that only builds the shared MCP model, as the rules do. */
const modelOnly = { meta: { type: "problem", schema: [] }, create: (context) => withModel(context, () => {}) };
/** A rule that does nothing: ESLint's own cost of running any rule. */
const noop = { meta: { type: "problem", schema: [] }, create: () => ({}) };

const withBenchRules = (base, rules) => ({
  ...base,
  plugins: { ...base.plugins, bench: { rules: { model: modelOnly, noop } } },
  rules: { ...rules, ...base.rules },
});

/**
 * The timed modes (`floor` and `model` with `--floor`), and `stats`: the measured config with the model's
 * stand-in first, so the model is built before any rule reads it and gets a row of its own
 * (otherwise its cost lands on whichever rule asks first).
 */
export const configs = {
  parseOnly,
  measured,
  floor: withBenchRules(parseOnly, { "bench/noop": "error" }),
  model: withBenchRules(parseOnly, { [MODEL_ROW]: "error" }),
  stats: withBenchRules(measured, { [MODEL_ROW]: "error" }),
};
