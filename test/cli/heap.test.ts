/**
 * The command's collection between projects (src/cli/heap.ts): only in a process that is the
 * command's own, and only once the heap has grown.
 */
import { describe, expect, it } from "vitest";
import { collectIfGrown, heapStats, ownHeap } from "../../src/cli/heap.js";

/** About 320 MB of arrays, held until the returned function lets them go. */
function garbage(): () => void {
  let held: number[][] | undefined = Array.from({ length: 40 }, () => new Array<number>(1_000_000).fill(1.5));
  return () => {
    held = undefined;
    return held;
  };
}

describe("collectIfGrown", () => {
  it("never collects in a process that is not the command's (a library call of analyze())", () => {
    const drop = garbage();
    drop();
    collectIfGrown();
    expect(heapStats.collections).toBe(0);
  });

  it("collects in the command's process once the heap has grown, and not again until it has doubled", () => {
    ownHeap();
    const drop = garbage();
    drop();
    const before = process.memoryUsage().heapUsed;
    collectIfGrown();
    expect(heapStats.collections).toBe(1);
    expect(process.memoryUsage().heapUsed).toBeLessThan(before - 200 * 1024 * 1024);
    collectIfGrown();
    expect(heapStats.collections).toBe(1);
  });
});
