/**
 * The resilience scorecard as table cells, shared by the terminal and markdown reports: one row
 * per tool, one column per item, each cell a count out of a total with a mark.
 */
import type { Scorecard, ToolInventory } from "../analyzer.js";
import { releaseDocUrl } from "../../util/package.js";

export const SCORECARD_HEADER = [
  "tool",
  "timeouts",
  "retries: backoff · jitter",
  "circuit breaker",
  "partial results",
  "classified errors",
  "failures logged",
];

/** What the marks mean, under the table; the columns themselves are described in docs/cli.md. */
export const SCORECARD_LEGEND = "✓ all of them, ✗ none, n/m n of m, – nothing of the kind on the tool's path";

/** Where docs/cli.md describes each column. */
export const SCORECARD_DOCS = `${releaseDocUrl("docs/cli.md")}#the-resilience-scorecard`;

/** `✓ 2/2`, `✗ 0/2`, `1/2`. */
function ratio(part: number, whole: number): string {
  const text = `${String(part)}/${String(whole)}`;
  return part === whole ? `✓ ${text}` : part === 0 ? `✗ ${text}` : text;
}

function retriesCell(retries: Scorecard["retries"]): string {
  if (retries === "n/a") return "–";
  const cell = `${ratio(retries.withBackoff, retries.retries)} · ${ratio(retries.withJitter, retries.retries)}`;
  return retries.unread > 0 ? `${cell} (${String(retries.unread)} unread)` : cell;
}

function loggedCell(logged: Scorecard["logged"]): string {
  if (logged === "n/a") return "–";
  const cell = ratio(logged.logged, logged.catches);
  return logged.handedOn > 0 ? `${cell} (${String(logged.handedOn)} handed on)` : cell;
}

/** One row per tool: its name, then one cell per scorecard item. */
export function scorecardRows(tools: readonly ToolInventory[]): string[][] {
  return tools.map(({ name, scorecard: card }) => [
    name ?? "(unnamed)",
    card.timeouts === "n/a" ? "–" : ratio(card.timeouts.withTimeout, card.timeouts.calls),
    retriesCell(card.retries),
    card.circuitBreaker === "n/a" ? "–" : card.circuitBreaker.calls > 0 ? "✓" : "✗",
    card.partialResults === "n/a" ? "–" : ratio(card.partialResults.partial, card.partialResults.fanOuts),
    card.classified === "n/a" ? "–" : ratio(card.classified.classified, card.classified.errorPaths),
    loggedCell(card.logged),
  ]);
}
