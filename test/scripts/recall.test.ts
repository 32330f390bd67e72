/**
 * How `npm run recall` matches a finding with a label (scripts/recall.js): on the label's line or
 * next to it; on a result object that spans the label's `isError` line; never on a whole function
 * that merely contains the label.
 */
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain JavaScript script without types.
import { score } from "../../scripts/recall.js";

interface Scored {
  labels: { found: boolean }[];
  findings: { onLabel: boolean }[];
}

const LABEL = { file: "src/tools.ts", line: 171, rule: "error-on-empty", confidence: "low", detail: "isError on an empty filter" };
const set = { files: ["src/tools.ts"], labels: [LABEL] };
const finding = (line: number, endLine: number) => ({ file: "src/tools.ts", line, endLine, rule: "no-error-on-empty-result", message: "" });

describe("recall matching", () => {
  it.each([
    ["on the label's line", finding(171, 171), true],
    ["on the next line", finding(172, 172), true],
    ["on a result object spanning the label's line", finding(166, 172), true],
    ["on a result object that ends before the label", finding(160, 169), false],
    ["on a whole function that contains the label", finding(120, 200), false],
  ])("a finding %s", (_, found, expected) => {
    const scored = score(set, [found], undefined) as Scored;
    expect(scored.labels[0]?.found).toBe(expected);
    expect(scored.findings[0]?.onLabel).toBe(expected);
  });
});
