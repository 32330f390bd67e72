/**
 * Recognises error text that tells an agent nothing: no cause, no input, no resource, no next
 * step. Matching is on the whole text (normalised), never on a substring, so a message that
 * starts generic and then names the cause is fine.
 */

const GENERIC_PHRASES = [
  "error",
  "errors",
  "an error occurred",
  "an error has occurred",
  "an error occured",
  "error occurred",
  "an unexpected error occurred",
  "an internal error occurred",
  "an internal error has occurred",
  "internal error occurred",
  "an unknown error occurred",
  "unexpected error",
  "unexpected error occurred",
  "something went wrong",
  "something went wrong please try again",
  "something went wrong please try again later",
  "operation failed",
  "the operation failed",
  "request failed",
  "the request failed",
  "failed",
  "failure",
  "internal error",
  "internal server error",
  "server error",
  "unknown error",
  "invalid input",
  "invalid request",
  "invalid arguments",
  "invalid argument",
  "invalid parameters",
  "invalid params",
  "bad request",
  "please try again",
  "try again",
  "please try again later",
  "try again later",
  "oops",
  "oops something went wrong",
  "tool failed",
  "tool execution failed",
  "execution failed",
  "not found",
  "error processing request",
  "error processing your request",
  "an error occurred while processing your request",
  "could not complete the request",
  "unable to complete the request",
];

/** "Failed to create record", "Could not fetch data", "Unable to load configuration". */
const VAGUE_ACTION = /^((failed|unable) to|could not|couldn't|cannot|can't) \w+( (the|a|an|your|this))?( \w+)?$/;
/**
 * "Failed to update event instance", "Could not create accessibility snapshot": a failure report on
 * an object of two or three words and nothing else, which says what kind of thing failed but not
 * which one or why. ("Cannot delete default branch" is left out: "cannot" often states the reason.)
 */
const VAGUE_FAILURE = /^((failed|unable) to|could not|couldn't) [\p{L}\p{N}]+( (the|a|an|your|this))?( [\p{L}\p{N}]+){2,3}$/u;
/**
 * "An error occurred while making the request", "Error while processing the request", "An error
 * occurred while processing your query": a listed phrase, then a circumstance every call shares,
 * which adds nothing.
 */
const VAGUE_CIRCUMSTANCE =
  /^(an |the )?(unexpected |internal |unknown )?error( (has )?occurred)? (while|when|during) (making|processing|handling|sending|executing|performing|running) (the |your |this |a )?(request|operation|call|action|command|tool call|query|search)$/;
/** "Unknown Tableau error", "Unexpected API error": a listed phrase with only the name of the service in it. */
const VAGUE_NAMED = /^(an )?(unknown|unexpected) [\p{L}\p{N}]+ error( (has )?occurred)?$/u;
/** "Search failed", "Request error": a generic operation noun and nothing else. */
const VAGUE_NOUN =
  /^(the )?(request|operation|search|query|tool|api|api call|call|action|task|process|execution|processing|lookup|fetch) (failed|error|failure)$/;

/**
 * Boilerplate next steps that fit any failure ("please try again", "or contact support if the
 * problem persists", "check the server logs for details", which the model cannot read): they do
 * not make a message specific, so they are read past.
 */
const BOILERPLATE =
  /( please)?( (try|retry)( it| the request| the operation)?( again)?( later| shortly| in a (few|little) (moments?|minutes?|while))?)?( or)?( (contact|reach out to) (support|customer support|the administrator|your administrator|us))?( if (the|this) (problem|issue|error) (persists|continues))?( (check|see|consult|review) (the )?(server |application |service )?logs?( for (more )?(details|information|info))?)?$/u;

/** Normalised texts by text: the same messages come back in every handler and on every keystroke. */
const normalised = new Map<string, string>();
const NORMALISED_KEPT = 2000;

export function normaliseText(text: string): string {
  let known = normalised.get(text);
  if (known === undefined) {
    if (normalised.size >= NORMALISED_KEPT) normalised.clear();
    normalised.set(text, (known = normalise(text)));
  }
  return known;
}

function normalise(text: string): string {
  const normal = text
    .toLowerCase()
    .replace(/^\s*(error|failure|failed)\s*:\s*/u, "")
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  const stripped = ` ${normal}`.replace(BOILERPLATE, "").trim();
  // A message that is only boilerplate ("Please try again later.") stays as it is: a listed phrase.
  return stripped === "" ? normal : stripped;
}

/** What an answer does with the error its catch caught (`none`: it is in no catch). */
export type CauseUse = "dropped" | "decided" | "kept" | "none";

export interface GenericTextOptions {
  readonly additionalPhrases: readonly string[];
  readonly allowedPhrases: readonly string[];
}

/** A name of the code (`analyzeJiraIssue`, `get_issue`), in camelCase or snake_case, at the start of a text. */
const CODE_NAME_FIRST = /^\s*(?:[a-z][a-z\d]*(?:[A-Z][a-z\d]*)+|[a-z][a-z\d]*(?:_[a-z\d]+)+)\s*:?\s+/u;

/** A name in title case at the start of a text (`Issue Creation Wizard`, `GitHub`): one to four capitalised words. */
const TITLE_NAME_FIRST = /^\s*(?:\p{Lu}[\p{L}\p{N}]*\s+){1,4}(?=\p{Ll})/u;

/**
 * A listed phrase of two words or more that says only that something failed ("tool execution
 * failed", "request failed"). "QuickBooks server error" says which side failed and is left alone.
 */
const NAMED_FAILURE = /\s(failed|failure)$/u;

/** "Screenshot failed": a subject of one to three words, then only that it failed. */
const FAILED_SUBJECT = /^(?:the )?([\p{L}\p{N}]+(?: [\p{L}\p{N}]+){0,2}) (?:failed|error|failure)$/u;

/** The words of a tool name: `puppeteer_screenshot`, `getUserInfo`, `search-docs`. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z\d])([A-Z])/gu, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** "screenshot" and "screenshots", "navigation" and "navigate", "summary" and "summarizer": one word. */
function sameWord(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  let common = 0;
  while (common < shorter && a[common] === b[common]) common++;
  if (common === shorter || common >= 6) return true;
  // A plural abbreviation: "stats" of "statistics", "configs" of "configurations".
  const short = a.length === shorter ? a : b;
  return short.length >= 4 && short.endsWith("s") && common === shorter - 1;
}

/** "Unable to retrieve a summarizer summary": a vague action on an object of one to three words. */
const VAGUE_ACTION_OBJECT =
  /^(?:(?:failed|unable) to|could not|couldn't|cannot|can't) [\p{L}\p{N}]+(?: (?:the|a|an|your|this))? ([\p{L}\p{N}]+(?: [\p{L}\p{N}]+){0,2})$/u;

/**
 * Whether the text says only that the tool's own operation failed ("Screenshot failed" from
 * `puppeteer_screenshot`, "Unable to retrieve a summarizer summary" from `brave_summarizer`):
 * every word of what failed is a word of the tool's name, so the text tells the agent nothing
 * the failure itself did not.
 */
function namesOnlyTheTool(normal: string, toolNames: readonly string[]): boolean {
  const subject = FAILED_SUBJECT.exec(normal)?.[1] ?? VAGUE_ACTION_OBJECT.exec(normal)?.[1];
  if (subject === undefined) return false;
  return toolNames.some((name) => {
    const words = nameWords(name);
    return subject.split(" ").every((word) => words.some((own) => sameWord(word, own)));
  });
}

/** "An unknown error occurred", "Unexpected error has occurred": the phrase without its article and its "occurred". */
function withoutOccurred(normal: string): string {
  return normal.replace(/^(?:an?|the) /u, "").replace(/ (?:(?:has|have) )?occurr?ed$/u, "");
}

/**
 * Whether a static message names nothing an agent could act on. `toolNames`: the tools whose
 * error it is; a text that only names their own operation is generic too. `cause`: what the
 * answer does with the error its catch caught (or a function that tells, asked only when it
 * matters). When it drops it, a text that only says that the tool's own kind of operation failed
 * ("Failed to open feedback form" from `give_feedback`) is generic even in words of its own: the
 * one thing the agent needs, the cause, was at hand and was dropped. So is one that only names the
 * `operation` (the function it is thrown from) in that function's words. A short failure report
 * ("Failed to update event instance") is generic unless it answers a test of the caught error.
 */
export function isGenericText(
  text: string,
  options: GenericTextOptions,
  toolNames: readonly string[] = [],
  cause: CauseUse | (() => CauseUse) = "none",
  operation?: string,
): boolean {
  let known: CauseUse | undefined;
  const causeIs = (use: CauseUse): boolean => (known ??= typeof cause === "function" ? cause() : cause) === use;
  const normal = normaliseText(text);
  if (options.allowedPhrases.some((p) => normaliseText(p) === normal)) return false;
  if (options.additionalPhrases.some((p) => normaliseText(p) === normal)) return true;
  // An empty message (or one that is only "Error:") is as generic as it gets.
  if (normal === "") return true;
  if (GENERIC_PHRASES.includes(normal) || GENERIC_PHRASES.includes(withoutOccurred(normal))) return true;
  // "analyzeJiraIssue tool execution failed": a listed phrase after a name of the code, which names only what was called.
  const named = CODE_NAME_FIRST.exec(text);
  const rest = named ? normaliseText(text.slice(named[0].length)) : undefined;
  if (rest !== undefined && (GENERIC_PHRASES.includes(rest) || GENERIC_PHRASES.includes(withoutOccurred(rest)))) return true;
  // "Issue Creation Wizard tool execution failed": a listed phrase of two words or more after only a name.
  const titled = TITLE_NAME_FIRST.exec(text);
  const after = titled ? normaliseText(text.slice(titled[0].length)) : undefined;
  if (after !== undefined && NAMED_FAILURE.test(after) && GENERIC_PHRASES.includes(after)) return true;
  if (VAGUE_ACTION.test(normal) || VAGUE_NOUN.test(normal) || VAGUE_CIRCUMSTANCE.test(normal) || VAGUE_NAMED.test(normal)) return true;
  if (namesOnlyTheTool(normal, toolNames)) return true;
  // "Failed to open URL: Unknown error occurred": a generic step, then a generic phrase where the cause belongs.
  if (genericAfterStep(text) && isGenericText(text.slice(0, text.lastIndexOf(":")), options)) return true;
  // "Failed to update event instance", unless it answers a test of the caught error (which names the cause).
  if (VAGUE_FAILURE.test(normal)) return !causeIs("decided");
  // Asked last, and only of a text that could be generic for it: reading the catch costs a walk.
  // "Failed to parse order details" thrown from `parseOrderDetails`: the name of the failing function, said again.
  // "Error converting to Markdown: Unknown error occurred": the step, then a generic phrase where the cause belongs.
  const restates = namesTheToolLoosely(normal, toolNames) || (operation !== undefined && namesOnlyTheTool(normal, [operation])) || genericAfterStep(text);
  return restates && causeIs("dropped");
}

/** "<step>: <generic phrase>": a text whose part after its last colon is a listed phrase. */
function genericAfterStep(text: string): boolean {
  const colon = text.lastIndexOf(":");
  if (colon <= 0 || normaliseText(text.slice(0, colon)) === "") return false;
  const tail = normaliseText(text.slice(colon + 1));
  return tail !== "" && (GENERIC_PHRASES.includes(tail) || GENERIC_PHRASES.includes(withoutOccurred(tail)));
}

/**
 * "Failed to open feedback form" from `give_feedback`, "Tool call history failed" from
 * `get_recent_tool_calls`: only that an operation failed, on an object of one to three words of
 * which one is a word of the tool's name. With the cause at hand and left out, such a text
 * restates the tool's own job; an object of other words ("Authentication failed") says which
 * step failed, and stays.
 */
function namesTheToolLoosely(normal: string, toolNames: readonly string[]): boolean {
  const subject = FAILED_SUBJECT.exec(normal)?.[1] ?? VAGUE_ACTION_OBJECT.exec(normal)?.[1];
  if (subject === undefined) return false;
  const words = subject.split(" ").filter((word) => word.length >= 3);
  return toolNames.some((name) => {
    const own = nameWords(name).filter((word) => word.length >= 3);
    return words.some((word) => own.some((o) => sameWord(word, o)));
  });
}
