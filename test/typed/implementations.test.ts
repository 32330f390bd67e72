/**
 * LiteralImplementations: the object-literal members that implement a member of an interface,
 * found by the type each literal is given where it is written.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadTypedRuntime } from "../../src/typed/runtime.js";
import { LiteralImplementations } from "../../src/typed/program-index/implementations.js";

const root = mkdtempSync(path.join(os.tmpdir(), "implementations-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The names of the functions that implement `Interface.member` in `code`, and the `name` of each literal whose contextual type that took. */
function implementers(code: string, iface: string, member: string): { found: string[]; contextual: string[] } {
  loadTypedRuntime();
  const file = path.join(root, `case-${iface}-${member}.ts`);
  writeFileSync(file, code);
  const program = ts.createProgram([file], {
    strict: true,
    lib: ["lib.es2022.d.ts"],
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const sourceFile = program.getSourceFile(file);
  const declaration = sourceFile?.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === iface);
  const property = declaration?.members.find((m) => m.name !== undefined && ts.isIdentifier(m.name) && m.name.text === member);
  const symbol = property?.name && checker.getSymbolAtLocation(property.name);
  if (!symbol) throw new Error(`no ${iface}.${member}`);
  const contextual = vi.spyOn(checker, "getContextualType");
  const found = new LiteralImplementations(program).of(symbol).map((d) => {
    const value = ts.isPropertyAssignment(d) ? d.initializer : d;
    return ts.isFunctionLike(value) && value.name ? value.name.getText() : (d.getText().split("(")[0] ?? "");
  });
  const nameOf = (node: ts.Node): string => /name: "(\w+)"/u.exec(node.getText())?.[1] ?? "";
  return { found, contextual: contextual.mock.calls.map(([node]) => nameOf(node)) };
}

const TOOLS = `
interface Schema { [key: string]: { parse(value: unknown): unknown } }
type Handler<S extends Schema> = (args: { [K in keyof S]: unknown }) => Promise<string>;
interface ToolConfig<S extends Schema> { name: string; schema: S; handler: Handler<S> }
interface Job { name: string; handler(args: unknown): Promise<string> }
type Defined<S extends Schema> = Omit<ToolConfig<S>, "handler"> & { handler: Handler<S> };
function defineTool<S extends Schema>(config: Defined<S>): Defined<S> { return config; }
function defineJob(job: Job): Job { return job; }
const text = { parse: (value: unknown) => String(value) };
export const search = defineTool({ name: "search", schema: { query: text }, async handler(args) { return String(args.query); } });
export const fetchPage = defineTool({ name: "fetch_page", schema: { url: text }, handler: async function page(args) { return String(args.url); } });
export const nightly = defineJob({ name: "nightly", async handler() { return "done"; } });
`;

describe("LiteralImplementations", () => {
  it("reads the declared parameter of a generic helper without inferring the call", () => {
    // `Defined<S>` retypes `handler` with the type `ToolConfig` declares it with: the parameter's
    // own type says so, where each literal's contextual type would infer `S` from its schema.
    const { found, contextual } = implementers(TOOLS, "ToolConfig", "handler");
    expect(found).toEqual(["handler", "page"]);
    // Only the job's literal, whose declared parameter is another interface, is asked further.
    expect(contextual).toEqual(["nightly"]);
  });

  it("keeps a literal of another interface out", () => {
    expect(implementers(TOOLS, "Job", "handler").found).toEqual(["handler"]);
  });

  it("takes the contextual type where no declared parameter types the literal", () => {
    const code = `
interface Step { name: string; run(): Promise<void> }
const steps: Step[] = [{ name: "first", async run() {} }];
const wrapped = [{ name: "second", async run() {} }] satisfies Step[];
export { steps, wrapped };
`;
    const { found, contextual } = implementers(code, "Step", "run");
    expect(found).toEqual(["run", "run"]);
    expect(contextual).toEqual(["first", "second"]);
  });
});
