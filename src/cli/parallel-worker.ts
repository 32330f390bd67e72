/**
 * A lint thread of a typed parallel run (see parallel.ts): lints the parts it is given, one after
 * the other, with one ESLint instance per part (its own cache file), and answers with the raw
 * results of each. Its programs and indexes stay in this thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { ESLint } from "eslint";
import { setLintTargets } from "../typed/conversions.js";
import { eslintOptions } from "./engine.js";
import { ownHeap } from "./heap.js";
import { lintGroups, type ThreadAnswer, type ThreadInput, type ThreadRequest } from "./parallel.js";

const input = workerData as ThreadInput;
const port = parentPort;
if (port === null) throw new Error("parallel-worker.js runs as a worker thread.");

setLintTargets(input.targets);
if (input.ownHeap) ownHeap();
port.on("message", (request: ThreadRequest) => {
  if (request.kind === "stop") {
    port.close();
    return;
  }
  const { index, part } = request;
  const spec = part.cacheLocation === undefined ? input.spec : { ...input.spec, cacheLocation: part.cacheLocation };
  const eslint = new ESLint(eslintOptions(spec));
  lintGroups(eslint, spec.cwd, part.groups, spec.typed !== undefined).then(
    (results) => {
      port.postMessage({ index, results, rulesMeta: eslint.getRulesMetaForResults(results) } satisfies ThreadAnswer);
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      port.postMessage({ index, error: { message, stack: error instanceof Error ? error.stack : undefined } } satisfies ThreadAnswer);
    },
  );
});
