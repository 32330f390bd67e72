/**
 * One lint mode of the benchmark in a worker thread of its own (see bench.js): its own V8 heap,
 * JIT state and GC heuristics, as in an `eslint` process that lints with that config only.
 * Messages from the parent: `{ files }` lints them and replies with the time the lint took (the
 * round trip is not timed); `{ fresh: true }` starts a new ESLint instance for the next run.
 */
import { parentPort, workerData } from "node:worker_threads";
import { ESLint } from "eslint";
import { configs } from "./bench-configs.js";

const { root, mode } = workerData;
const config = configs[mode];
if (!config) throw new Error(`unknown bench mode ${mode}`);

const engine = () => new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [config] });
let eslint = engine();
parentPort.on("message", async (message) => {
  if (message.fresh) {
    eslint = engine();
    parentPort.postMessage({ ms: 0 });
    return;
  }
  const start = performance.now();
  const results = await eslint.lintFiles(message.files);
  const ms = performance.now() - start;
  const fatal = results.reduce((n, r) => n + r.fatalErrorCount, 0);
  parentPort.postMessage({ ms, fatal });
});
parentPort.postMessage({ ready: true });
