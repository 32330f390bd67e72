/**
 * The files of the program index: each file of interest converted to ESTree once, from the
 * program's own source file, with what the index learns about it.
 */
import type { ScopeManager } from "@typescript-eslint/scope-manager";
import type { TSESTree } from "@typescript-eslint/types";
import type { ParserServicesWithTypeInformation } from "@typescript-eslint/typescript-estree";
import type { TSESLint } from "@typescript-eslint/utils";
import { visitorKeys } from "@typescript-eslint/visitor-keys";
import type ts from "typescript";
import type { ImportedCallSite, ImportedRoot, McpModel } from "../../model/index.js";
import { isBundled } from "../../util/bundled.js";
import { convertForIndex, lightScopes, onRelease } from "../conversions.js";
import { EslintSourceCode, estree } from "../runtime.js";
import type { CatchGuard } from "../../model/index.js";

/** One file of the program, as the index reads it. */
export interface FileEntry {
  readonly fileName: string;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly services: ParserServicesWithTypeInformation;
  /** Functions of this file on the paths of tools of other files: range key -> tool (`toolOf`) -> root. */
  readonly roots: Map<string, Map<string, ImportedRoot>>;
  model: McpModel | undefined;
  /** Functions of this file (range key) -> the calls of other files on tool paths that run them. */
  readonly callSites: Map<string, Map<string, ImportedCallSite>>;
  /** Calls of wrappers of other files around this file's handlers -> the catches around the wrapper's call of the handler. */
  wrappers: Map<string, readonly CatchGuard[]> | undefined;
}

/** Source files that are bundler output (asked for every file of a program, more than once). */
const bundles = new WeakMap<ts.SourceFile, boolean>();

/**
 * A file the index may analyse: the project's own code, not a declaration file or a dependency,
 * whether installed or bundled into a file of the project (`util/bundled.ts`).
 */
export function isProjectFile(sourceFile: ts.SourceFile): boolean {
  if (sourceFile.isDeclarationFile || sourceFile.fileName.includes("/node_modules/")) return false;
  let bundled = bundles.get(sourceFile);
  if (bundled === undefined) bundles.set(sourceFile, (bundled = isBundled(sourceFile.text)));
  return !bundled;
}

/** The entries of one program's files, each converted on first use. */
export class FileEntries {
  /** null: the converter rejected the file. */
  private readonly entries = new Map<string, FileEntry | null>();

  constructor(private readonly program: ts.Program) {}

  /** The entry of a file, converted now if it was not yet; undefined when the converter rejects it. */
  entryOf(sourceFile: ts.SourceFile): FileEntry | undefined {
    const known = this.entries.get(sourceFile.fileName);
    if (known !== undefined) return known ?? undefined;
    let entry: FileEntry | null;
    try {
      entry = convertEntry(sourceFile, this.program);
    } catch {
      // A file the converter rejects is left to the syntactic analysis of its own lint.
      entry = null;
    }
    this.entries.set(sourceFile.fileName, entry);
    return entry ?? undefined;
  }

  /** The entry of a file the index has converted already (never converts). */
  known(fileName: string): FileEntry | undefined {
    return this.entries.get(fileName) ?? undefined;
  }

  /** The converted entries, by file name. */
  *all(): Generator<[string, FileEntry]> {
    for (const [fileName, entry] of this.entries) if (entry) yield [fileName, entry];
  }
}

function convertEntry(sourceFile: ts.SourceFile, program: ts.Program): FileEntry {
  const conversion = convertForIndex(sourceFile, program);
  const { ast, services } = conversion;
  // ESLint sets parent pointers during its own traversal; this tree may not have been through one yet.
  estree.simpleTraverse(ast, { enter() {} }, true);
  const makeSourceCode = (scopeManager: ScopeManager): Readonly<TSESLint.SourceCode> =>
    new EslintSourceCode({
      text: sourceFile.text,
      ast: ast as never,
      parserServices: services,
      scopeManager: scopeManager as never,
      visitorKeys: visitorKeys as never,
    }) as unknown as Readonly<TSESLint.SourceCode>;
  let sourceCode: Readonly<TSESLint.SourceCode> | undefined = makeSourceCode(conversion.scopeManager);
  const created: FileEntry = {
    fileName: sourceFile.fileName,
    get sourceCode() {
      sourceCode ??= makeSourceCode(lightScopes(ast));
      return sourceCode;
    },
    services: services as ParserServicesWithTypeInformation,
    roots: new Map(),
    callSites: new Map(),
    model: undefined,
    wrappers: undefined,
  };
  if (conversion.shared) {
    // ESLint has linted the file: its scopes may go; a later question rebuilds lighter ones.
    onRelease(ast, () => {
      sourceCode = undefined;
      created.model = undefined;
    });
  }
  return created;
}

/** A function a call or a reference runs, in the file that declares it. */
export interface Target {
  readonly entry: FileEntry;
  readonly fn: TSESTree.Node;
  /** The tool's name when the implementation sits in a tool definition (`{ name: "x", handler }`). */
  readonly toolName: string | undefined;
  /** The string member `key` beside the member that named the function (`{ title: "x", tool }`), for a registration that reads its name from another member. */
  readonly named?: (key: string) => string | undefined;
  /** The catches of the wrappers the value was made with (`tool: withErrors(run)`), innermost first. */
  readonly guards?: readonly CatchGuard[];
  /** Its name names a tool only for a dispatcher of tools: a class that implements the receiver's interface, a key of a table of the calling file. */
  readonly dispatcherName?: boolean;
  /**
   * A function written in place as an argument (`withSpan("x", attrs, async () => ...)`), found as
   * what the callers of this function pass for the parameter the call runs.
   */
  readonly writtenFor?: { readonly entry: FileEntry; readonly fn: TSESTree.Node };
}

/** The function a parameter belongs to, in the file that declares it (`Target.writtenFor`). */
export function declaringFunction(files: FileEntries, parameter: ts.ParameterDeclaration): Target["writtenFor"] {
  const entry = files.entryOf(parameter.getSourceFile());
  const fn = entry?.services.tsNodeToESTreeNodeMap.get(parameter.parent);
  return entry && fn ? { entry, fn } : undefined;
}
