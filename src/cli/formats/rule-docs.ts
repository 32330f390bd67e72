/**
 * What a rule's page says about why it matters, for reports that describe rules (SARIF's
 * `fullDescription` and `help`): the "Why it matters to an agent" section of
 * `docs/rules/<id>.md`, which the package ships. Its relative links point at the pages of this
 * release, so the text reads the same in a code-scanning alert as on the page.
 */
import { readFileSync } from "node:fs";
import { releaseDocUrl } from "../../util/package.js";

export interface RuleReason {
  /** The section's first paragraph (and the list it announces), on one line. */
  readonly text: string;
  /** The whole section, Markdown, with absolute links. */
  readonly markdown: string;
}

const SECTION = /^## Why it matters to an agent\n([\s\S]*?)(?=^## |(?![\s\S]))/mu;
const cache = new Map<string, RuleReason | undefined>();

/** `[x](../type-aware.md)` and `[x](#clients)` as links that work outside the page. */
function absoluteLinks(markdown: string, id: string): string {
  return markdown.replace(/\]\((?!https?:|mailto:)([^)\s]+)\)/gu, (_, target: string) => {
    if (target.startsWith("#")) return `](${releaseDocUrl(`docs/rules/${id}.md`)}${target})`;
    const url = new URL(target, `https://x/docs/rules/${id}.md`);
    return `](${releaseDocUrl(url.pathname.slice(1))}${url.hash})`;
  });
}

/** The reason of rule `id` (without `mcp-errors/`), or undefined when its page is not there. */
export function ruleReason(id: string): RuleReason | undefined {
  if (cache.has(id)) return cache.get(id);
  let reason: RuleReason | undefined;
  try {
    // ../../../docs/ from both src/cli/formats/ and dist/cli/formats/.
    const page = readFileSync(new URL(`../../../docs/rules/${id}.md`, import.meta.url), "utf8").replaceAll("\r\n", "\n");
    const section = SECTION.exec(page)?.[1]?.trim();
    if (section) {
      const markdown = absoluteLinks(section, id);
      // The first paragraph, with the list it announces when it ends in a colon.
      const paragraphs = markdown.split(/\n\s*\n/u);
      const end = paragraphs.findIndex((paragraph) => !paragraph.trimEnd().endsWith(":"));
      const first = paragraphs.slice(0, end === -1 ? paragraphs.length : end + 1).join("\n");
      reason = { text: first.replace(/\s*\n\s*/gu, " "), markdown };
    }
  } catch {
    reason = undefined;
  }
  cache.set(id, reason);
  return reason;
}
