import { Linter } from "eslint";
import * as tsParser from "@typescript-eslint/parser";
import type { TSESLint } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { getModel } from "../../src/lint/with-model.js";
import { SHAPES, locate } from "../shapes.js";

/** A probe rule that reports what the model knows at each `debugger` statement. */
const probe: TSESLint.RuleModule<"at"> = {
  meta: { type: "problem", schema: [], messages: { at: "{{info}}" } },
  defaultOptions: [],
  create(context) {
    const model = getModel(context);
    return {
      DebuggerStatement(node) {
        const handlers = model.handlersAt(node);
        const info = {
          tool: model.toolNameAt(node) ?? null,
          frameworks: [...new Set(handlers.map((h) => h.framework))].sort(),
          escaping: model.escapingThrows.map((t) => t.node.loc.start.line),
        };
        context.report({ node, messageId: "at", data: { info: JSON.stringify(info) } });
      },
    };
  },
};

/** The messages of one rule of ours run on `code` as `file.ts`; a parse error throws. */
function verify(code: string, rule: TSESLint.RuleModule<"at">): import("eslint").Linter.LintMessage[] {
  const linter = new Linter({ configType: "flat" });
  const messages = linter.verify(
    code,
    [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tsParser },
        // typescript-eslint's rule type and ESLint's differ only in deprecated context members.
        plugins: { probe: { rules: { probe: rule as unknown as import("eslint").Rule.RuleModule } } },
        rules: { "probe/probe": "error" },
      },
    ],
    "file.ts",
  );
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(fatal.message);
  return messages;
}

function probeAt(code: string): { tool: string | null; frameworks: string[]; escaping: number[] } {
  const message = verify(code, probe).find((m) => m.ruleId === "probe/probe");
  if (!message) throw new Error("probe did not run");
  return JSON.parse(message.message) as { tool: string | null; frameworks: string[]; escaping: number[] };
}

describe("the MCP model finds every handler shape", () => {
  for (const shape of SHAPES) {
    describe(`group ${String(shape.group)}: ${shape.title}`, () => {
      it("puts the handler body on a handler path with the tool's name", () => {
        const result = probeAt(shape.wrap("    debugger;\n    return { content: [] };"));
        expect(result.frameworks.length).toBeGreaterThan(0);
        expect(result.tool).toBe(shape.named ? "search_docs" : null);
      });

      it(shape.thrown === "unknown" ? "does not claim to know what a throw becomes" : "sees a throw escape the handler", () => {
        const { code, line } = locate(shape.wrap('    debugger;\n    /*>*/throw new Error("boom");'));
        const result = probeAt(code);
        if (shape.thrown === "unknown") expect(result.escaping).toEqual([]);
        else expect(result.escaping).toContain(line);
      });

      it("sees a throw inside try/catch as caught", () => {
        const result = probeAt(
          shape.wrap('    debugger;\n    try {\n      throw new Error("boom");\n    } catch {\n      return { content: [] };\n    }'),
        );
        expect(result.escaping).toEqual([]);
      });
    });
  }

  it("does not see a tool in a file without MCP evidence", () => {
    const result = probeAt("function f() { debugger; throw new Error('x'); }\nthing.tool('a', () => { f(); });");
    expect(result).toEqual({ tool: null, frameworks: [], escaping: [] });
  });

  it.each([
    [
      "a name parameter with a literal default after ||",
      'export function registerFetch(server: McpServer, name?: string) {\n  server.tool(name || "web_fetch", "Fetch a page", async () => {\n    debugger;\n    return { content: [] };\n  });\n}',
    ],
    [
      "a name parameter with a literal default after ??",
      'export function registerFetch(server: McpServer, name?: string) {\n  server.tool(name ?? "web_fetch", "Fetch a page", async () => {\n    debugger;\n    return { content: [] };\n  });\n}',
    ],
  ])("names a tool registered under %s by that default", (_, body) => {
    const code = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\n${body}`;
    expect(probeAt(code).tool).toBe("web_fetch");
  });

  it("leaves a computed name unnamed", () => {
    const code =
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport function registerFetch(server: McpServer, name: string) {\n  server.tool(name + "_v2", "Fetch a page", async () => {\n    debugger;\n    return { content: [] };\n  });\n}';
    expect(probeAt(code).tool).toBeNull();
  });

  describe("a registration method of the project's own", () => {
    const file = (call: string): string =>
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst registry = createRegistry(new McpServer({ name: "d", version: "1" }));\n${call}`;
    const handler = "async (args) => {\n  debugger;\n  return { content: [] };\n}";

    it("is a registration with a literal name, an inputSchema and an inline handler", () => {
      const code = file(`registry.accountTool("list_scans", { inputSchema: { query: z.string() } }, ${handler});`);
      expect(probeAt(code)).toEqual({ tool: "list_scans", frameworks: ["unknown"], escaping: [] });
    });

    it("takes the name from a const", () => {
      const code = file(`const NAME = "list_scans";\nregistry.accountTool(NAME, { inputSchema: {} }, ${handler});`);
      expect(probeAt(code).tool).toBe("list_scans");
    });

    it.each([
      ["a method whose name does not say tool", `registry.route("list_scans", { inputSchema: {} }, ${handler});`],
      ["a config without inputSchema", `registry.accountTool("list_scans", { description: "List" }, ${handler});`],
      ["a config that is not an object literal", `registry.accountTool("list_scans", config, ${handler});`],
      ["a computed name", `registry.accountTool(prefix + "_scans", { inputSchema: {} }, ${handler});`],
      ["a fourth argument", `registry.accountTool("list_scans", { inputSchema: {} }, ${handler}, options);`],
      [
        "a handler passed by name",
        `async function listScans(args) {\n  debugger;\n  return { content: [] };\n}\nregistry.accountTool("list_scans", { inputSchema: {} }, listScans);`,
      ],
    ])("is not a registration with %s", (_, call) => {
      expect(probeAt(file(call))).toEqual({ tool: null, frameworks: [], escaping: [] });
    });
  });

  it("keeps a dispatcher's unknown-tool branch out of the escaping throws", () => {
    const code = SHAPES.find((s) => s.title.startsWith("low-level switch"))?.wrap("      debugger;\n      return { content: [] };") ?? "";
    expect(probeAt(code).escaping).toEqual([]);
  });

  it("treats a wrapper that calls the handler inside try/catch as catching its throws", () => {
    const code = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "d", version: "1" });
function withErrors(fn) {
  return async (args, extra) => {
    try {
      return await fn(args, extra);
    } catch (error) {
      return { isError: true, content: [{ type: "text", text: String(error) }] };
    }
  };
}
server.registerTool("wrapped", {}, withErrors(async (args) => {
  debugger;
  throw new Error("boom");
}));`;
    expect(probeAt(code)).toEqual({ tool: "wrapped", frameworks: ["mcp-sdk"], escaping: [] });
  });

  describe("a wrapper of this file around several tools", () => {
    const file = (second: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "d", version: "1" });
function logged(name, fn) {
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      console.error(name, error);
      throw error;
    }
  };
}
server.tool("first", {}, logged("first", async () => ({ content: [] })));
server.tool("second", {}, ${second});`;

    it("runs, for each tool, only the function that tool handed it", () => {
      const code = file('logged("second", async () => {\n  debugger;\n  return { content: [] };\n})');
      expect(probeAt(code).tool).toBe("second");
    });

    it("wraps the function written in place, not the name before it", () => {
      const code = file('logged(toolName, async () => {\n  debugger;\n  throw new Error("boom");\n})');
      const result = probeAt(code);
      expect(result.tool).toBe("second");
      expect(result.escaping).toContain(16);
    });
  });

  describe("FastMCP tool definitions", () => {
    const definition = 'const searchDocs = {\n  name: "search_docs",\n  execute: async (args) => {\n    debugger;\n    return "ok";\n  },\n};';

    it.each([
      ["in a file that does not import FastMCP", `import { z } from "zod";\n${definition}\nexport const tools = [searchDocs];`],
      [
        "whose name is not a literal",
        `import { UserError } from "fastmcp";\nconst searchDocs = {\n  name: prefix + "_docs",\n  execute: async (args) => {\n    debugger;\n    return "ok";\n  },\n};`,
      ],
      [
        "made inside a function",
        `import { UserError } from "fastmcp";\nexport function make() {\n  return {\n    name: "search_docs",\n    execute: async (args) => {\n      debugger;\n      return "ok";\n    },\n  };\n}`,
      ],
    ])("are not tools when the object is %s", (_, code) => {
      expect(probeAt(code).frameworks).toEqual([]);
    });

    it("count once when this file registers them too", () => {
      const code = `import { FastMCP } from "fastmcp";\nconst server = new FastMCP({ name: "d", version: "1" });\n${definition}\nserver.addTool(searchDocs);`;
      let handlers = -1;
      const count: TSESLint.RuleModule<"at"> = {
        meta: { type: "problem", schema: [], messages: { at: "x" } },
        defaultOptions: [],
        create(context) {
          const model = getModel(context);
          return { DebuggerStatement: (node) => void (handlers = model.handlersAt(node).length) };
        },
      };
      verify(code, count);
      expect(handlers).toBe(1);
    });
  });
});
