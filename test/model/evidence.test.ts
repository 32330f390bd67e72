/**
 * Which files the program index starts from: those with MCP evidence in code. A generated API
 * schema that mentions MCP only in doc comments and member keys registers no tool, and converting
 * it (hundreds of kilobytes) cost a second of every typed run that linted it.
 */
import { describe, expect, it } from "vitest";
import { hasCodeEvidence } from "../../src/model/index.js";
import { SHAPES } from "../shapes.js";

describe("hasCodeEvidence", () => {
  it.each(SHAPES.map((shape) => [shape.title, shape] as const))("%s: a registration is evidence", (_, shape) => {
    expect(hasCodeEvidence(shape.wrap('    return { content: [{ type: "text", text: "ok" }] };'))).toBe(true);
  });

  it.each([
    ["a project wrapper named after MCP", 'import { mcpServer } from "./server.js";\nmcpServer.tool("ping", async () => ({ content: [] }));\n'],
    ["an error result", 'export const failed = (text: string) => ({ isError: true, content: [{ type: "text", text }] });\n'],
    ["a member written after another on its line", "const entry = { name: 'x', mcp: true };\n"],
  ])("%s is evidence", (_, text) => {
    expect(hasCodeEvidence(text)).toBe(true);
  });

  it("a generated schema that mentions MCP only in comments and member keys is not", () => {
    const schema = `/* eslint-disable */
export type Maybe<T> = T | null;
/** MCP tool execution event */
export type ToolEvent = {
  /** MCP server name */
  mcp_server?: Maybe<string>;
  // The MCP tool's name
  mcpTool: string;
  isError?: boolean;
};
`;
    expect(hasCodeEvidence(schema)).toBe(false);
    expect(hasCodeEvidence("export const total = 1;\n")).toBe(false);
  });
});
