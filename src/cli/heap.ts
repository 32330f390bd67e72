/**
 * Garbage collection between projects, in the `mcp-errors` process only.
 *
 * V8 sizes the heap from what was live at its last full collection, and in a run over many
 * projects it runs few: on eight servers in one folder the last one came 8 s into a 25 s run,
 * and the heap then grew to 2.3 GB while 0.8 GB was live at the end (a typed parse-only ESLint
 * run: 1.6 GB and 0.77 GB). The command knows better when a lot has just died: after a project,
 * when `releaseIndexesNotHolding` has let go of its index and ESLint of its trees. There it
 * collects once the heap has doubled since the last collection: peak memory 2.48 GB -> 1.39 GB
 * on those eight servers. Collecting at 1.5x gave no lower peak (the largest project sets it)
 * and cost 4-12% more CPU (interleaved runs on the same eight servers).
 *
 * Only where the process is ours (`bin.ts`, and the threads it starts): a library call of
 * `analyze()` never collects in its caller's process.
 */
import v8 from "node:v8";
import vm from "node:vm";

/** Collect when the heap holds this much more than after the last collection. */
const GROWTH = 2;
/** Below this the heap is left to V8. */
const FLOOR = 256 * 1024 * 1024;

let owned = false;
let collect: (() => void) | undefined;
let live = 0;

/** How many collections this process made (read by the tests). */
export const heapStats = { collections: 0 };

/** The process is the command's own: `collectIfGrown` may collect. */
export function ownHeap(): void {
  owned = true;
}

export function ownsHeap(): boolean {
  return owned;
}

/** Between projects: a full collection when the heap has doubled since the last one. */
export function collectIfGrown(): void {
  if (!owned) return;
  const used = process.memoryUsage().heapUsed;
  if (used < FLOOR || used < GROWTH * live) return;
  try {
    if (!collect) {
      // As jest's leak detector does: `gc` is exposed to a new context only.
      v8.setFlagsFromString("--expose-gc");
      collect = vm.runInNewContext("gc") as () => void;
    }
    collect();
    heapStats.collections++;
  } catch {
    // No collection on a runtime that refuses the flag: V8 collects when it sees fit.
    owned = false;
    return;
  }
  live = process.memoryUsage().heapUsed;
}
