/** Sums ESLint's `stats` over lint results: parse time and the time of every rule, in ms. */
export function statsTimes(results) {
  let parseMs = 0;
  let rulesMs = 0;
  for (const result of results) {
    for (const pass of result.stats?.times.passes ?? []) {
      parseMs += pass.parse?.total ?? 0;
      for (const { total } of Object.values(pass.rules ?? {})) rulesMs += total;
    }
  }
  return { parseMs, rulesMs };
}
