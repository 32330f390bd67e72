/**
 * handsFunctionsInto: whether a file of one package hands a sibling package code of its own, so
 * that the sibling's tools must be followed in this package's program too.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { loadTypedRuntime } from "../../src/typed/runtime.js";
import { handsFunctionsInto } from "../../src/typed/program-index/handed.js";

const root = mkdtempSync(path.join(os.tmpdir(), "handed-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const KIT = `
export interface Spec { name: string; run(args: unknown): Promise<string> }
export function defineTool<T extends Spec>(spec: T): T { return spec; }
export function serve(specs: readonly Spec[]): void { void specs; }
export class Kit {
  constructor(readonly options: { token: string; mode: "read" | "write" }) {}
  add(spec: Spec): void { void spec; }
  connect(transport: { start(): Promise<void> }): Promise<void> { return transport.start(); }
}
export abstract class BaseTool { abstract run(): Promise<string> }
export enum Mode { Read = "read", Write = "write" }
`;

let count = 0;
function hands(app: string): boolean {
  loadTypedRuntime();
  const dir = path.join(root, `case${String(count++)}`);
  mkdirSync(path.join(dir, "kit"), { recursive: true });
  mkdirSync(path.join(dir, "app"), { recursive: true });
  writeFileSync(path.join(dir, "kit", "index.ts"), KIT);
  writeFileSync(path.join(dir, "app", "main.ts"), app);
  // A library's class, as an installed dependency declares it.
  writeFileSync(path.join(dir, "app", "transport.d.ts"), "export declare class StdioTransport { start(): Promise<void> }\n");
  const main = path.join(dir, "app", "main.ts");
  const program = ts.createProgram([main], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
  });
  const sourceFile = program.getSourceFile(main);
  if (!sourceFile) throw new Error("no source file");
  return handsFunctionsInto(sourceFile, path.join(dir, "kit") + path.sep, program.getTypeChecker());
}

describe("handsFunctionsInto", () => {
  it("settings, an enum and a library's object are not code of the app", () => {
    expect(
      hands(`
import { Kit, Mode } from "../kit/index";
import { StdioTransport } from "./transport";
const transport = new StdioTransport();
const settings = { token: process.env.TOKEN ?? "", mode: Mode.Read === Mode.Read ? "read" as const : "write" as const };
const kit = new Kit(settings);
void kit.connect(transport);
`),
    ).toBe(false);
  });

  it("an object with a method, through an identity helper, into a registration helper", () => {
    expect(
      hands(
        `import { defineTool, serve } from "../kit/index";\nconst quote = defineTool({ name: "quote", async run() { return "1"; } });\nserve([quote]);`,
      ),
    ).toBe(true);
  });

  it("a function of the app added to what the package made", () => {
    expect(
      hands(
        `import { Kit } from "../kit/index";\nconst kit = new Kit({ token: "", mode: "read" });\nasync function run() { return "x"; }\nkit.add({ name: "x", run });`,
      ),
    ).toBe(true);
  });

  it("a class of the app that extends the package's base class", () => {
    expect(hands(`import { BaseTool } from "../kit/index";\nexport class Ping extends BaseTool { async run() { return "pong"; } }`)).toBe(true);
  });

  it("what the package made, handed on to code of the app", () => {
    expect(
      hands(
        `import { Kit } from "../kit/index";\nfunction setUp(kit: Kit) { kit.add({ name: "x", async run() { return "x"; } }); }\nsetUp(new Kit({ token: "", mode: "read" }));`,
      ),
    ).toBe(true);
  });

  it("a function of the package handed to a library is not handed back", () => {
    expect(hands(`import { defineTool } from "../kit/index";\nimport { init } from "telemetry-not-installed";\ninit({ beforeSend: defineTool });`)).toBe(
      false,
    );
  });

  it("what the package made, exported for other files of the app", () => {
    expect(hands(`import { Kit } from "../kit/index";\nexport const kit = new Kit({ token: "", mode: "read" });`)).toBe(true);
  });

  it("caught errors, members of untyped values and a promise's callbacks are not code handed to the package", () => {
    expect(
      hands(`import { Kit, defineTool } from "../kit/index";
import { StdioTransport } from "./transport";
const kit = new Kit({ token: "", mode: "read" });
export function middleware(): (c: any) => void {
  return (c) => {
    try {
      kit.add(c.req.body);
    } catch (error) {
      kit.add(error);
    }
  };
}
kit.connect(new StdioTransport()).catch((error: unknown) => console.error(error));
void defineTool;`),
    ).toBe(false);
  });

  it("a re-export of the package", () => {
    expect(hands(`export { Kit } from "../kit/index";`)).toBe(true);
  });

  it("a file that uses only the package's types", () => {
    expect(hands(`import type { Spec } from "../kit/index";\nexport const names = (specs: Spec[]) => specs.map((spec) => spec.name);`)).toBe(false);
  });
});
