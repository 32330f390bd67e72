/**
 * Tools whose job is an action, by the verb their name starts or ends with (`runAppLiveSession`,
 * `create_issue`, `send-email`, and after a prefix or a noun: `actual_budgets_export`,
 * `accounts_create`). Such a
 * tool looks things up on the way to what it does: the device it was asked to start a session on,
 * the project a new issue goes into, the data it exports. When that finds nothing, the action
 * cannot happen, and an error is the right answer: it is no empty result of a query. Names
 * without such a verb (`search_docs`, `weather`), or with a word of reading or querying
 * (`get_deleted_items`, `run_query`), say nothing of the kind.
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
  "export",
  "import",
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
  "restore",
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

/** Verbs of reading: a tool whose name has one answers with what it finds (`get_created_issues`). */
const READ_VERBS = new Set(["count", "describe", "fetch", "get", "read", "show", "view"]);

/**
 * The tool's name starts or ends with a verb of action (`create_issue`, `accounts_create`), and has
 * no word of reading or querying. A verb in the middle is mostly a noun (`latest_run_status`).
 */
function performsAction(toolName: string): boolean {
  const words = nameWords(toolName);
  const [first, last] = [words[0], words[words.length - 1]];
  const acts = (first !== undefined && ACTION_VERBS.has(first)) || (last !== undefined && ACTION_VERBS.has(last));
  return acts && !words.some((word) => QUERY_WORDS.has(word) || READ_VERBS.has(word));
}

/** Every tool of a finding acts: a lookup on their way that finds nothing stops the action (no empty answer). */
export function onlyActions(toolNames: readonly string[]): boolean {
  return toolNames.length > 0 && toolNames.every(performsAction);
}
