import { describe, expect, it } from "vitest";
import { capitalized, toolLabel, toolSubject } from "../../../src/rules/shared/describe.js";

describe("tool labels in messages", () => {
  it("names one tool, a few, or how many with the first two", () => {
    expect(toolLabel([])).toBe("this tool handler");
    expect(toolLabel("get_doc")).toBe('tool "get_doc"');
    expect(toolLabel(["get_doc", "open_doc"])).toBe('tools "get_doc" and "open_doc"');
    expect(toolLabel(["a", "b", "c"])).toBe('tools "a", "b" and "c"');
    expect(toolLabel(["a", "b", "c", "d"])).toBe('4 tools ("a", "b", ...)');
  });

  it("says several tools as the subject of a verb in the singular", () => {
    expect(toolSubject(undefined)).toBe("this tool handler");
    expect(toolSubject(["get_doc"])).toBe('tool "get_doc"');
    expect(capitalized(toolSubject(["get_doc", "open_doc"]))).toBe('Each of the tools "get_doc" and "open_doc"');
    expect(`${toolSubject(["a", "b", "c", "d", "e"])} reports it`).toBe('each of the 5 tools ("a", "b", ...) reports it');
  });
});
