/**
 * Glob patterns as path arguments (`mcp-errors "src/**\/*.ts"`), for shells that do not expand
 * them (Windows, quoted arguments, tools that pass patterns through). The syntax is the common
 * one: `*` (within a folder), `**` (any number of folders), `?`, `[abc]` / `[!abc]` and
 * `{a,b}`. Node's own `path.matchesGlob` would do, but it prints an experimental warning on the
 * Node versions we support; these few lines avoid both the warning and a dependency.
 */

const GLOB_CHARACTERS = /[*?[\]{}]/u;

/** Whether a path argument is a pattern (the caller first checks that no such path exists). */
export function isGlob(target: string): boolean {
  return GLOB_CHARACTERS.test(target);
}

/**
 * The pattern's literal leading folders and the rest: `src/tools/*.ts` -> `src/tools`, `*.ts`.
 * The walk starts at the base, so a pattern does not read the whole tree for one folder.
 */
export function splitGlob(pattern: string): { base: string; rest: string } {
  const segments = pattern.split("/");
  const literal: string[] = [];
  while (segments.length > 1 && !isGlob(segments[0] ?? "")) literal.push(segments.shift() ?? "");
  // `/abs/*.ts` keeps its root: an empty first segment is the root folder.
  const base = literal.length === 1 && literal[0] === "" ? "/" : literal.join("/");
  return { base: base === "" ? "." : base, rest: segments.join("/") };
}

const escape = (text: string): string => text.replace(/[$()*+.?[\\\]^{|}/]/gu, "\\$&");

/** Splits `a,{b,c},d` at the commas outside nested braces. */
function alternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "{") depth++;
    else if (body[i] === "}") depth--;
    else if (body[i] === "," && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

/** The index of the `}` that closes the `{` at `open`, or -1. */
function closingBrace(pattern: string, open: number): number {
  let depth = 0;
  for (let i = open; i < pattern.length; i++) {
    if (pattern[i] === "{") depth++;
    else if (pattern[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

function source(pattern: string): string {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] ?? "";
    if (char === "*" && pattern[i + 1] === "*") {
      // `**/` is zero or more folders; a final `**` is anything below.
      const slash = pattern[i + 2] === "/";
      out += slash ? "(?:[^/]*/)*" : ".*";
      i += slash ? 2 : 1;
    } else if (char === "*") out += "[^/]*";
    else if (char === "?") out += "[^/]";
    else if (char === "[" && pattern.indexOf("]", i + 2) > i) {
      const end = pattern.indexOf("]", i + 2);
      const body = pattern.slice(i + 1, end);
      const negated = body.startsWith("!") || body.startsWith("^");
      out += `[${negated ? "^" : ""}${(negated ? body.slice(1) : body).replace(/[\\\]/[]/gu, "\\$&")}]`;
      i = end;
    } else if (char === "{" && closingBrace(pattern, i) > i) {
      const end = closingBrace(pattern, i);
      out += `(?:${alternatives(pattern.slice(i + 1, end))
        .map(source)
        .join("|")})`;
      i = end;
    } else out += escape(char);
  }
  return out;
}

/** A matcher of `/`-separated relative paths for a glob pattern; throws on a pattern it cannot read. */
export function globMatcher(pattern: string): (relative: string) => boolean {
  const regex = new RegExp(`^${source(pattern)}$`, "u");
  return (relative) => regex.test(relative);
}
