/**
 * What an editor user sees (issue 18, item 9): the VS Code ESLint language server
 * (`vscode-eslint-language-server`, from vscode-langservers-extracted, installed from the
 * registry into a temporary folder) driven over stdio the way the extension drives it, on two
 * fixture projects that load the built plugin through their own `eslint.config.js`: one with the
 * syntactic config, one with the typed config and a tsconfig. Diagnostics must arrive, and a quick
 * fix and a suggestion must come back as edits that do what their titles say.
 */
import { execFile } from "node:child_process";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../cli/spawn-bin.js";
import { OFFLINE, registryReachable, tempDir } from "./install.js";

interface Position {
  readonly line: number;
  readonly character: number;
}
interface Range {
  readonly start: Position;
  readonly end: Position;
}
interface Diagnostic {
  readonly range: Range;
  readonly code?: string | number;
  readonly message: string;
}
interface TextEdit {
  readonly range: Range;
  readonly newText: string;
}
interface CodeAction {
  readonly title: string;
  readonly command?: { readonly command: string; readonly arguments?: unknown[] };
}
interface Message {
  readonly id?: number;
  readonly method?: string;
  readonly params?: unknown;
  readonly result?: unknown;
  readonly error?: { readonly message: string };
}

/** A language-server session over stdio: requests, notifications, and answers to the server's own requests. */
class Session {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, (message: Message) => void>();
  private readonly listeners: ((message: Message) => void)[] = [];
  /** The edits the server asked the client to apply (`workspace/applyEdit`). */
  readonly applied: { changes?: Record<string, TextEdit[]>; documentChanges?: { edits: TextEdit[] }[] }[] = [];

  constructor(
    server: string,
    private readonly root: string,
  ) {
    this.child = spawn(process.execPath, [server, "--stdio"], { cwd: root, stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdout.on("data", (chunk: Buffer) => this.read(chunk));
  }

  private write(message: object): void {
    const body = JSON.stringify({ jsonrpc: "2.0", ...message });
    this.child.stdin.write(`Content-Length: ${String(Buffer.byteLength(body))}\r\n\r\n${body}`);
  }

  private read(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/iu.exec(this.buffer.subarray(0, end).toString())?.[1]);
      if (this.buffer.length < end + 4 + length) return;
      const message = JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString()) as Message;
      this.buffer = this.buffer.subarray(end + 4 + length);
      if (message.id !== undefined && message.method === undefined) this.pending.get(message.id)?.(message);
      else if (message.id !== undefined) this.answer(message);
      for (const listener of [...this.listeners]) listener(message);
    }
  }

  /** The server's requests: its settings (what the extension sends), edits to apply. */
  private answer(message: Message): void {
    let result: unknown = null;
    if (message.method === "workspace/configuration") {
      const items = (message.params as { items: unknown[] }).items;
      result = items.map(() => this.settings());
    } else if (message.method === "workspace/applyEdit") {
      this.applied.push((message.params as { edit: Session["applied"][number] }).edit);
      result = { applied: true };
    }
    this.write({ id: message.id, result });
  }

  private settings(): object {
    return {
      validate: "on",
      run: "onType",
      useFlatConfig: true,
      experimental: { useFlatConfig: false },
      workingDirectory: { mode: "location" },
      workspaceFolder: { name: path.basename(this.root), uri: pathToFileURL(this.root).href },
      codeAction: { disableRuleComment: { enable: true, location: "separateLine" }, showDocumentation: { enable: true } },
      problems: { shortenToSingleLine: false },
      options: {},
      rulesCustomizations: [],
      nodePath: null,
      quiet: false,
      onIgnoredFiles: "off",
      format: false,
      codeActionOnSave: { enable: false, mode: "all" },
    };
  }

  request<T>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    this.write({ id, method, params });
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, (message) => {
        this.pending.delete(id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result as T);
      });
    });
  }

  notify(method: string, params: unknown): void {
    this.write({ method, params });
  }

  async close(): Promise<void> {
    await this.request("shutdown", null).catch(() => undefined);
    this.notify("exit", null);
    this.child.kill();
  }
}

/** The text with LSP edits applied (last first, so earlier positions stay right). */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lines = text.split("\n");
  const offset = (p: Position): number => lines.slice(0, p.line).reduce((sum, line) => sum + line.length + 1, 0) + p.character;
  let result = text;
  for (const edit of [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start))) {
    result = result.slice(0, offset(edit.range.start)) + edit.newText + result.slice(offset(edit.range.end));
  }
  return result;
}

let server: string | undefined;
let skipReason: string | undefined;

beforeAll(async () => {
  if (!(await registryReachable())) {
    skipReason = OFFLINE;
    return;
  }
  const dir = tempDir("editor");
  await promisify(execFile)("npm", ["install", "--no-audit", "--no-fund", "--prefix", dir, "vscode-langservers-extracted@4"], { timeout: 180_000 });
  server = path.join(dir, "node_modules", "vscode-langservers-extracted", "bin", "vscode-eslint-language-server");
}, 200_000);

describe.each([
  ["syntactic", "test/fixtures/editor", "src/server.ts"],
  ["typed", "test/fixtures/config-scope", "src/server.ts"],
])("the ESLint language server, %s config", (mode, fixture, file) => {
  const root = path.join(ROOT, fixture);
  const uri = pathToFileURL(path.join(root, file)).href;
  const text = readFileSync(path.join(root, file), "utf8");
  let session: Session | undefined;
  let diagnostics: Diagnostic[] = [];

  beforeAll(async () => {
    if (!server) return;
    session = new Session(server, root);
    await session.request("initialize", {
      processId: process.pid,
      rootUri: pathToFileURL(root).href,
      workspaceFolders: [{ uri: pathToFileURL(root).href, name: path.basename(root) }],
      capabilities: {
        workspace: { configuration: true, workspaceFolders: true, applyEdit: true },
        textDocument: {
          publishDiagnostics: { codeDescriptionSupport: true },
          diagnostic: { dynamicRegistration: false },
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ["", "quickfix", "source"] } } },
        },
      },
    });
    session.notify("initialized", {});
    session.notify("textDocument/didOpen", { textDocument: { uri, languageId: "typescript", version: 1, text } });
    const report = await session.request<{ items?: Diagnostic[] }>("textDocument/diagnostic", { textDocument: { uri } });
    diagnostics = (report.items ?? []).filter((d) => String(d.code ?? "").startsWith("mcp-errors/"));
  }, 120_000);

  afterAll(async () => {
    await session?.close();
  });

  /** Asks for the code actions of a diagnostic, runs the one whose title matches, and returns the file as it would then read. */
  async function run(rule: string, title: RegExp): Promise<string | undefined> {
    const diagnostic = diagnostics.find((d) => d.code === rule);
    if (!session || !diagnostic) return undefined;
    const actions = await session.request<CodeAction[]>("textDocument/codeAction", {
      textDocument: { uri },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic], only: ["quickfix"] },
    });
    const action = actions.find((a) => title.test(a.title));
    if (!action?.command) return undefined;
    const before = session.applied.length;
    await session.request("workspace/executeCommand", { command: action.command.command, arguments: action.command.arguments });
    const edit = session.applied[before];
    const edits = [...(edit?.documentChanges ?? []).flatMap((change) => change.edits), ...Object.values(edit?.changes ?? {}).flat()];
    return edits.length > 0 ? applyEdits(text, edits) : undefined;
  }

  it("shows the plugin's diagnostics", (context) => {
    if (skipReason) context.skip(skipReason);
    const expected = mode === "syntactic" ? ["mcp-errors/require-error-classification", "mcp-errors/require-timeout"] : ["mcp-errors/require-timeout"];
    expect(diagnostics.map((d) => String(d.code)).sort()).toEqual(expected);
  });

  it("applies a suggestion: a timeout signal on the fetch", async (context) => {
    if (skipReason) context.skip(skipReason);
    const fixed = await run("mcp-errors/require-timeout", /AbortSignal\.timeout/u);
    expect(fixed).toMatch(/fetch\([^)]*\{ signal: AbortSignal\.timeout\(30000\) \}\)/u);
  });

  it.runIf(mode === "syntactic")("applies a quick fix: the retryability a literal category implies", async (context) => {
    if (skipReason) context.skip(skipReason);
    const fixed = await run("mcp-errors/require-error-classification", /^Fix this mcp-errors\/require-error-classification problem$/u);
    expect(fixed).toContain('structuredContent: { errorCategory: "validation", isRetryable: false }');
  });
});
