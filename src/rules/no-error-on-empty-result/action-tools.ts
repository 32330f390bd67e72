/**
 * Tools whose job is an action, by the verb their name starts with (`runAppLiveSession`,
 * `create_issue`, `send-email`). Such a tool looks things up on the way to what it does: the
 * device it was asked to start a session on, the project a new issue goes into. When that lookup
 * finds nothing, the action cannot happen, and an error is the right answer: it is no empty
 * result of a query. Names that start with another word (`search_docs`, `weather`) say nothing
 * of the kind.
 */
import { nameWords } from "../shared/generic-text.js";

const ACTION_VERBS = new Set([
  "add",
  "apply",
  "assign",
  "book",
  "cancel",
  "click",
  "close",
  "connect",
  "create",
  "delete",
  "deploy",
  "disable",
  "enable",
  "install",
  "invite",
  "kill",
  "launch",
  "merge",
  "move",
  "navigate",
  "open",
  "post",
  "publish",
  "remove",
  "rename",
  "restart",
  "run",
  "schedule",
  "send",
  "start",
  "stop",
  "submit",
  "terminate",
  "trigger",
  "update",
  "upload",
  "write",
]);

/** Words that make an action a query after all: `run_query`, `execute_sql_search`, `run_report`. */
const QUERY_WORDS = new Set(["find", "list", "lookup", "queries", "query", "report", "reports", "search", "select", "sql"]);

/** The tool's name starts with a verb of action, and names no query. */
function performsAction(toolName: string): boolean {
  const [first, ...rest] = nameWords(toolName);
  return first !== undefined && ACTION_VERBS.has(first) && !rest.some((word) => QUERY_WORDS.has(word));
}

/** Every tool of a finding acts: a lookup on their way that finds nothing stops the action (no empty answer). */
export function onlyActions(toolNames: readonly string[]): boolean {
  return toolNames.length > 0 && toolNames.every(performsAction);
}
