import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { Linter } from "eslint";
import * as tsParser from "@typescript-eslint/parser";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { type McpModel, buildModel } from "../../src/model/index.js";
import { SHAPES } from "../shapes.js";

/**
 * In a lint the model reads the nodes from ESLint's traversal steps; outside one (the program
 * index) it walks the tree. Both must give the same model.
 */

const at = (node: TSESTree.Node): string => `${node.type}@${String(node.range[0])}-${String(node.range[1])}`;

/** What the rules read from a model, as plain data. */
function summary(model: McpModel): unknown {
  return {
    handlers: model.handlers.map((h) => ({
      kind: h.kind,
      toolName: h.toolName,
      framework: h.framework,
      thrown: h.thrown,
      entry: at(h.entry),
      root: at(h.root),
      region: h.region ? at(h.region) : undefined,
      entryGuards: h.entryGuards.map((g) => g.id),
      requestSignal: h.requestSignal,
    })),
    errorResults: model.errorResults.map((r) => at(r.node)),
    errorHelpers: [...model.errorHelpers.keys()].map(at),
    escapingThrows: model.escapingThrows.map((t) => [at(t.node), t.handlers.length]),
    results: model.results.map((r) => [at(r.object), r.isError]),
    catches: model.catches.map(at),
    calls: model.calls.map(at),
    importedFrom: [...model.importedFrom],
    onPath: model.calls.map((call) => model.toolNamesAt(call)),
  };
}

function bothWays(code: string, filename: string): { traversal: unknown; walk: unknown } {
  const out: { traversal?: unknown; walk?: unknown } = {};
  const probe: TSESLint.RuleModule<never> = {
    meta: { type: "problem", schema: [], messages: {} },
    defaultOptions: [],
    create(context) {
      out.traversal = summary(buildModel(context.sourceCode, "traversal"));
      out.walk = summary(buildModel(context.sourceCode, "walk"));
      return {};
    },
  };
  const messages = new Linter({ configType: "flat" }).verify(
    code,
    [
      {
        files: ["**/*.{ts,js}"],
        languageOptions: { parser: tsParser },
        plugins: { probe: { rules: { probe: probe as unknown as import("eslint").Rule.RuleModule } } },
        rules: { "probe/probe": "error" },
      },
    ],
    filename,
  );
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(fatal.message);
  return { traversal: out.traversal, walk: out.walk };
}

const BODY = `
  try {
    const response = await fetch(\`https://api.example.com/docs?q=\${args.query}\`);
    if (!response.ok) throw new Error(\`Search failed: \${response.status}\`);
    const items = (await response.json()) as { title: string }[];
    if (items.length === 0) return { content: [{ type: "text", text: "No documents matched." }] };
    return { content: [{ type: "text", text: items.map((i) => i.title).join("\\n") }] };
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: String(error) }] };
  }`;

describe("the model from ESLint's traversal equals the model from a walk", () => {
  for (const shape of SHAPES) {
    it(shape.title, () => {
      const { traversal, walk } = bothWays(shape.wrap(BODY), "server.ts");
      expect(traversal).toEqual(walk);
      expect((traversal as { handlers: unknown[] }).handlers.length).toBeGreaterThan(0);
    });
  }

  it("types, nested functions, classes, requires and a dispatcher with a table", () => {
    const code = `
      const { Server } = require("@modelcontextprotocol/sdk/server/index.js");
      const axios = require("axios");
      interface Args { query: string; cb: (x: () => void) => void }
      type Fn = (a: { b: string }) => Promise<void>;
      declare function helper(x: string): void;
      class Client { async get(q: string) { return axios.get("/x", { params: { q } }); } }
      const client = new Client();
      function fail(message: string) { return { isError: true, content: [{ type: "text", text: message }] }; }
      const tools = {
        search: async (args: Args) => {
          const nested = () => { throw new Error("inner"); };
          try { return { content: [{ type: "text", text: String((await client.get(args.query)).data) }] }; }
          catch { nested(); return fail("Search failed"); }
        },
      };
      const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });
      server.setRequestHandler(CallToolRequestSchema, async (request) => {
        const handler = tools[request.params.name as keyof typeof tools];
        if (!handler) throw new Error(\`Unknown tool: \${request.params.name}\`);
        return handler(request.params.arguments as unknown as Args);
      });`;
    const { traversal, walk } = bothWays(code, "server.ts");
    expect(traversal).toEqual(walk);
    expect((traversal as { handlers: unknown[] }).handlers.length).toBeGreaterThan(0);
  });

  const fixtures = path.join(import.meta.dirname, "..", "fixtures", "cli", "ts-server", "src");
  for (const name of readdirSync(fixtures).filter((f) => f.endsWith(".ts"))) {
    it(`fixture ${name}`, () => {
      const { traversal, walk } = bothWays(readFileSync(path.join(fixtures, name), "utf8"), name);
      expect(traversal).toEqual(walk);
    });
  }
});
