/**
 * The TypeScript versions the plugin supports (`peerDependencies`), checked before anything of
 * ours asks the compiler. typescript-eslint only warns on an unsupported version and then fails
 * deep inside a parse (TypeScript 7 changes the compiler API): every file of the run crashes with
 * a stack trace. One line that says what to install beats that.
 */
import { readFileSync } from "node:fs";
import { resolvePeer } from "./resolve-peer.js";

/** `peerDependencies.typescript` in package.json; docs/versioning.md lists the same range. */
export const SUPPORTED_TYPESCRIPT = ">=5.4 <6.1";
const LOWEST = [5, 4] as const;
const FIRST_UNSUPPORTED = [6, 1] as const;

/** The problem with a TypeScript version, as one line, or undefined when it is supported. */
export function typeScriptVersionProblem(version: string): string | undefined {
  const match = /^(\d+)\.(\d+)/u.exec(version);
  const major = Number(match?.[1]);
  const minor = Number(match?.[2]);
  const atLeast = ([wantMajor, wantMinor]: readonly [number, number]): boolean => major > wantMajor || (major === wantMajor && minor >= wantMinor);
  if (match && atLeast(LOWEST) && !atLeast(FIRST_UNSUPPORTED)) return undefined;
  return `eslint-plugin-mcp-errors: TypeScript ${version} is not supported; install a version in the range "${SUPPORTED_TYPESCRIPT}" (npm install --save-dev "typescript@${SUPPORTED_TYPESCRIPT}"), or remove it from a plain JavaScript project.`;
}

/** Finds `typescript/package.json` as the typed runtime finds TypeScript (`resolvePeer`); throws when it is not installed. */
export type Resolve = (request: string) => string;

const checked = new Map<Resolve, string | undefined>();
const defaultResolve: Resolve = (request) => {
  const file = resolvePeer(request);
  if (file === undefined) throw new Error(`${request} is not installed`);
  return file;
};

/**
 * The problem with the installed TypeScript, read from its package.json (TypeScript itself is
 * not loaded), once per process; undefined when it is supported or not installed.
 */
export function installedTypeScriptProblem(resolve: Resolve = defaultResolve): string | undefined {
  if (checked.has(resolve)) return checked.get(resolve);
  let problem: string | undefined;
  try {
    const { version } = JSON.parse(readFileSync(resolve("typescript/package.json"), "utf8")) as { version?: unknown };
    problem = typeof version === "string" ? typeScriptVersionProblem(version) : undefined;
  } catch {
    problem = undefined; // not installed: the parser says so when it needs it
  }
  checked.set(resolve, problem);
  return problem;
}
