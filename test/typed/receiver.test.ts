/**
 * Types confirm a registration's receiver: `agent.tool(...)` where the checker knows `tool` is a
 * method of a dependency that is no MCP framework registers no MCP tool, so its handler's fetch is
 * not a tool's; the same holds for a registration method recognised by its shape
 * (`agent.addSkillTool(name, { inputSchema }, handler)`). The SDK's own `McpServer.tool` and the
 * project's wrappers stay registrations.
 * Without types the call looks like any other `x.tool(name, handler)`.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { expectedFindings, lint } from "./lint-project.js";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "typed-receiver");

describe("registration receivers", () => {
  it("with types, a dependency's own tool() is not a registration", async () => {
    expect(await lint(DIR, "recommended-type-checked")).toEqual(expectedFindings(DIR));
  });

  it("without types, it looks like one", async () => {
    expect(await lint(DIR, "recommended")).toEqual(
      [...expectedFindings(DIR), "src/server.ts:15 mcp-errors/require-timeout", "src/server.ts:29 mcp-errors/require-timeout"].sort(),
    );
  });
});
