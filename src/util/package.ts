/**
 * What package.json says about this package, read once: its version, and where its repository
 * and the docs of each release are. Doc links point at the release's tag (`v0.1.0`), not at a
 * branch, so that a rule's link in an editor, a report or `mcp-errors --help` shows the page
 * for the version that produced it, even after the rule changes on `main`.
 */
import { readFileSync } from "node:fs";

interface Manifest {
  readonly version: string;
  readonly repository: { readonly url: string };
}

// ../../package.json from both src/util/ and dist/util/.
const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as Manifest;

export const PACKAGE_VERSION = manifest.version;

/** The repository's web address, from package.json's `repository.url` (`git+https://....git`). */
export const REPO_URL = manifest.repository.url.replace(/^git\+/u, "").replace(/\.git$/u, "");

/** A file of the repository (`docs/cli.md`) as it is at this version's release tag. */
export function releaseDocUrl(file: string): string {
  return `${REPO_URL}/blob/v${PACKAGE_VERSION}/${file}`;
}
