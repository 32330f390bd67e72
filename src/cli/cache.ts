/**
 * Where the `--cache` file goes, and the two ways ESLint's cache could destroy a file that is
 * not its own: it deletes the cache file on every run without a cache (so `--cache-location
 * notes.txt` without `--cache` deleted notes.txt, and a run without any location deleted the
 * project's own `.eslintcache`), and it writes through a symbolic link at the cache path (a link
 * committed to an audited tree could make a cached run overwrite any file the user can write).
 */
import { createHash } from "node:crypto";
import { lstatSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { UsageError } from "./discover.js";

/**
 * The cache location ESLint gets when there is no cache: a path below this module's own file,
 * which cannot exist, so that ESLint's "delete the cache file" finds nothing to delete.
 */
export const NO_CACHE_FILE = path.join(fileURLToPath(import.meta.url), "no-cache");

/** The default, in the target's `node_modules/.cache`, as other tools keep theirs. */
export function defaultCacheLocation(cwd: string): string {
  return path.join(cwd, "node_modules", ".cache", "mcp-errors", ".cache");
}

/**
 * The cache file for `location` (relative to `cwd`): the location itself, or a file named after
 * `cwd` inside it when it is a folder (or ends with a separator), as ESLint names its own. Throws
 * a `UsageError` when the file, or a folder on its way below `cwd`, is a symbolic link.
 */
export function cacheFile(cwd: string, location: string): string {
  const resolved = path.resolve(cwd, location);
  const stats = lstatSync(resolved, { throwIfNoEntry: false });
  const folder = stats?.isDirectory() === true || /[\\/]$/u.test(location);
  const file = folder ? path.join(resolved, `.cache_${createHash("sha256").update(cwd).digest("hex").slice(0, 12)}`) : resolved;
  const relative = path.relative(cwd, file);
  const inside = !relative.startsWith("..") && !path.isAbsolute(relative);
  // Below `cwd` every folder is the audited tree's; above it (the user's own --cache-location,
  // or /tmp on macOS) folders may well be links, and only the file itself is checked.
  const checked = [file];
  for (let dir = path.dirname(file); inside && dir !== cwd && dir !== path.dirname(dir); dir = path.dirname(dir)) checked.push(dir);
  for (const entry of checked) {
    if (lstatSync(entry, { throwIfNoEntry: false })?.isSymbolicLink() === true) {
      throw new UsageError(
        `The cache path ${entry} is a symbolic link: refusing to write the cache through it (remove it, or choose another --cache-location).`,
      );
    }
  }
  return file;
}
