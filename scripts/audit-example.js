#!/usr/bin/env node
// `npm start`: runs the `mcp-errors` command on the bundled example server, the way a user would
// in the root of their own server, with the strict config (every rule). Then checks that every
// rule found the defect planted for it in examples/weather-server. Exits 0 when the run worked
// and every planted defect was found (the command itself exits 1: the example has findings).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import plugin from "../dist/index.js";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = path.join(root, "examples", "weather-server");
const bin = path.join(root, "dist", "cli", "bin.js");

const color = process.stdout.isTTY && !("NO_COLOR" in process.env) ? ["--color"] : [];
const run = spawnSync(process.execPath, [bin, "--config", "strict", ...color], { cwd: target, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
process.stdout.write(run.stdout);
if (run.status !== 1) {
  console.error(`mcp-errors exited with ${String(run.status)}; expected 1 (the example has planted defects).`);
  process.exit(2);
}

// Each finding line of the stylish report ends with its rule id.
const found = new Set(run.stdout.match(/mcp-errors\/[a-z-]+$/gmu) ?? []);
const recommended = Object.keys(plugin.configs.recommended.rules ?? {});
const strictOnly = Object.keys(plugin.configs.strict.rules ?? {}).filter((id) => !recommended.includes(id));
const report = (ids, label) => {
  const missing = ids.filter((id) => !found.has(id));
  console.log(`${String(ids.length - missing.length)} of ${String(ids.length)} ${label} found their planted defect in examples/weather-server.`);
  for (const id of missing) console.log(`  missing: ${id}`);
  return missing.length;
};
const missing = report(recommended, "recommended rules") + report(strictOnly, "strict-only rules");
process.exit(missing === 0 ? 0 : 1);
