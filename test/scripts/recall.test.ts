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

describe("calls of a helper", () => {
  const at = (file: string, line: number, site: string, root?: { file: string; line: number }) => ({
    file,
    line,
    rule: "unclassified-error",
    confidence: "high",
    detail: site,
    site,
    ...(root ? { roots: [root] } : {}),
  });
  const HELPER = at("src/results.ts", 12, "helper");
  // `notAvailable()` returns `textResult(message, true)`: a call of the helper, and a helper of its own callers.
  const WRAPPING = at("src/axe.ts", 4, "call", HELPER);
  const CALL = at("src/tap.ts", 30, "call", WRAPPING);
  const CYCLE = at("src/tap.ts", 40, "call", { file: "src/tap.ts", line: 40 });
  const calls = { files: ["src/results.ts", "src/axe.ts", "src/tap.ts"], labels: [HELPER, WRAPPING, CALL, CYCLE] };
  const atHelper = { file: "src/results.ts", line: 12, endLine: 12, rule: "require-error-classification", message: "" };

  it("are found with the helper, through a call of a helper that calls it", () => {
    const scored = score(calls, [atHelper], undefined) as Scored;
    expect(scored.labels.map((label) => label.found)).toEqual([true, true, true, false]);
    expect((score(calls, [], undefined) as Scored).labels.map((label) => label.found)).toEqual([false, false, false, false]);
  });
});

describe("calls whose root is in a file that was not read", () => {
  // The client's file was not read: only the tools' calls are labelled, each pointing at the call in it.
  const CALL = {
    file: "src/tools/docs.ts",
    line: 26,
    rule: "no-timeout",
    confidence: "high",
    detail: "reaches a bare axios.get",
    roots: [{ file: "src/client/docs.ts", line: 115 }],
  };
  const set = { files: ["src/tools/docs.ts"], labels: [CALL] };
  const at = (rule: string, line = 115) => ({ file: "src/client/docs.ts", line, endLine: line, rule, message: "" });

  it("are found by a finding of their kind at the root, not by another kind or another line", () => {
    expect((score(set, [at("require-timeout")], undefined) as Scored).labels[0]?.found).toBe(true);
    expect((score(set, [at("require-error-classification")], undefined) as Scored).labels[0]?.found).toBe(false);
    expect((score(set, [at("require-timeout", 140)], undefined) as Scored).labels[0]?.found).toBe(false);
    // The finding is out of the files read: counted for the label, not among the findings scored.
    expect((score(set, [at("require-timeout")], undefined) as Scored).findings).toEqual([]);
  });
});
