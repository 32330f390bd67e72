/**
 * The program index is built once per project, not once per `ts.Program`: the project service
 * makes a new program whenever the text ESLint lints differs from the file on disk (ESLint turns
 * a shebang into a comment). A program with the same sources reuses the index; any other change,
 * even one that only shifts ranges, builds a new one.
 */
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { setLintTargets } from "../../src/typed/conversions.js";
import { factsAcrossProjects, getProgramIndex, releaseIndexesNotHolding } from "../../src/typed/program-index/index.js";

const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { fetchForecast } from "./forecast.js";
const server = new McpServer({ name: "weather", version: "1.0.0" });
server.registerTool("forecast", { description: "Forecast" }, async () => {
  return { content: [{ type: "text", text: await fetchForecast() }] };
});
`;
const FORECAST = `export async function fetchForecast(): Promise<string> {
  const response = await fetch("https://api.example.com/forecast");
  return response.text();
}
`;

function programOf(files: Record<string, string>, configFilePath?: string): ts.Program {
  const options: ts.CompilerOptions = {
    ...(configFilePath === undefined ? {} : { configFilePath }),
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noLib: true,
  };
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (fileName, languageVersion) => {
    const text = files[fileName];
    return text === undefined ? undefined : ts.createSourceFile(fileName, text, languageVersion, true);
  };
  host.fileExists = (fileName) => fileName in files;
  host.readFile = (fileName) => files[fileName];
  host.directoryExists = (dir) => Object.keys(files).some((fileName) => fileName.startsWith(`${dir}/`));
  return ts.createProgram({ rootNames: Object.keys(files), options, host });
}

describe("getProgramIndex", () => {
  const onDisk = { "/p/src/server.ts": `#!/usr/bin/env node\n${SERVER}`, "/p/src/forecast.ts": FORECAST };

  it("reuses the index for a program whose sources differ only as ESLint's text does", () => {
    const first = programOf(onDisk);
    const asLinted = programOf({ "/p/src/server.ts": `///usr/bin/env node\n${SERVER}`, "/p/src/forecast.ts": FORECAST });
    expect(first).not.toBe(asLinted);
    const index = getProgramIndex(first);
    expect(index.rootsFor("/p/src/forecast.ts").map((root) => root.toolName)).toEqual(["forecast"]);
    expect(getProgramIndex(asLinted)).toBe(index);
  });

  it.each([
    ["an edit", { ...onDisk, "/p/src/forecast.ts": FORECAST.replace("forecast", "forecasts") }],
    ["a BOM (ranges shift by one)", { ...onDisk, "/p/src/forecast.ts": `\uFEFF${FORECAST}` }],
    ["a new file", { ...onDisk, "/p/src/extra.ts": "export const x = 1;\n" }],
  ])("builds a new index after %s", (_, files) => {
    expect(getProgramIndex(programOf(files))).not.toBe(getProgramIndex(programOf(onDisk)));
  });

  it("lets go of an index once no file still to lint is in its program, and keeps it while one is", () => {
    const program = programOf(onDisk);
    const index = getProgramIndex(program);
    releaseIndexesNotHolding(new Set(["/p/src/forecast.ts", "/elsewhere/other.ts"]));
    expect(getProgramIndex(program)).toBe(index);
    releaseIndexesNotHolding(new Set(["/elsewhere/other.ts"]));
    const rebuilt = getProgramIndex(program);
    expect(rebuilt).not.toBe(index);
    // Built again, it knows the same.
    expect(rebuilt.rootsFor("/p/src/forecast.ts").map((root) => root.toolName)).toEqual(["forecast"]);
  });

  it("starts from test code only when the run lints it: a mock tool's path is no tool's path", () => {
    const files = { "/p/test/server.test.ts": SERVER.replace("./forecast.js", "../src/forecast.js"), "/p/src/forecast.ts": FORECAST };
    expect(getProgramIndex(programOf(files)).rootsFor("/p/src/forecast.ts")).toEqual([]);
    setLintTargets(["/p/test/server.test.ts", "/p/src/forecast.ts"]);
    try {
      expect(
        getProgramIndex(programOf(files))
          .rootsFor("/p/src/forecast.ts")
          .map((root) => root.toolName),
      ).toEqual(["forecast"]);
    } finally {
      setLintTargets(undefined);
    }
  });

  it("does not name a tool after the `name` field of an error class whose method a tool's path calls", () => {
    const files = {
      "/p/src/server.ts": `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { LoadError } from "./errors.js";
const server = new Server({ name: "actors", version: "1.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  throw LoadError.notFound(request.params.name);
});
`,
      "/p/src/errors.ts": `export class LoadError extends Error {
  override readonly name = "LoadError";
  static notFound(actor: string): LoadError {
    return new LoadError(\`No actor is named \${actor}\`);
  }
}
`,
    };
    const roots = getProgramIndex(programOf(files)).rootsFor("/p/src/errors.ts");
    expect(roots.length).toBeGreaterThan(0);
    expect(roots.map((root) => root.toolName)).toEqual(roots.map(() => undefined));
  });

  it("treats bundler output like a dependency: a tool bundled into a file of the project is no tool's path", () => {
    const helpers =
      "var __commonJS = (cb, mod) => () => mod;\nvar __toESM = (mod) => mod;\n// node_modules/weather/index.js\nvar weather = __toESM(__commonJS({}));\n";
    const padding = `/* ${"x".repeat(40 * 1024)} */\n`;
    const own = { "/p/src/server.ts": SERVER, "/p/src/forecast.ts": FORECAST };
    expect(
      getProgramIndex(programOf(own))
        .rootsFor("/p/src/forecast.ts")
        .map((root) => root.toolName),
    ).toEqual(["forecast"]);
    const bundled = { "/p/src/server.ts": helpers + SERVER + padding, "/p/src/forecast.ts": FORECAST };
    expect(getProgramIndex(programOf(bundled)).rootsFor("/p/src/forecast.ts")).toEqual([]);
  });

  it("keeps, between projects, the index that tells a file left to lint its tools, however many projects come between", () => {
    // The server's project registers the tool and sees the shared helper; nine other projects
    // are indexed before the helper's own project is linted (more than the eight kept).
    const helper = "/mono/shared/forecast.ts";
    const server = programOf(
      { "/mono/server/index.ts": SERVER.replace("./forecast.js", "../shared/forecast.js"), [helper]: FORECAST },
      "/mono/server/tsconfig.json",
    );
    getProgramIndex(server);
    const remaining = new Set([helper]);
    releaseIndexesNotHolding(remaining);
    for (let i = 0; i < 9; i++) {
      getProgramIndex(programOf({ [`/mono/other${String(i)}/index.ts`]: "export const x = 1;\n" }, `/mono/other${String(i)}/tsconfig.json`));
      releaseIndexesNotHolding(remaining);
    }
    const own = programOf({ [helper]: FORECAST }, "/mono/shared/tsconfig.json");
    expect(factsAcrossProjects(own, helper).roots.map((root) => root.toolName)).toEqual(["forecast"]);
  });
});
