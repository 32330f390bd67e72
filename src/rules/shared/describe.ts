/** Wording shared by rule messages: how to name a tool and what a framework does with a throw. */
import { FRAMEWORKS, type ToolHandler } from "../../model/index.js";
import { type Category, type Vocabulary, categoryValue } from "../../settings.js";
import { quote } from "./fix.js";

/**
 * `tool "search_docs"` when the name is known, `tools "a" and "b"` for a function shared by a few
 * tools, otherwise `this tool handler`.
 */
export function toolLabel(names: string | readonly string[] | undefined): string {
  const list = names === undefined ? [] : typeof names === "string" ? [names] : names;
  const [first, second, third] = list;
  if (first === undefined) return "this tool handler";
  if (second === undefined) return `tool "${first}"`;
  if (third === undefined || list.length === 3) return `tools ${listed(list.map((n) => `"${n}"`))}`;
  return `${String(list.length)} tools ("${first}", "${second}", ...)`;
}

/**
 * The tool label as the subject of a verb in the singular (`{{tool}} reports it ...`): one tool as
 * `toolLabel` says it, several as `each of the tools "a" and "b"`, `each of the 5 tools ("a", ...)`.
 */
export function toolSubject(names: string | readonly string[] | undefined): string {
  const list = names === undefined ? [] : typeof names === "string" ? [names] : names;
  return list.length < 2 ? toolLabel(list) : `each of the ${toolLabel(list)}`;
}

/** `a`, `a and b`, `a, b and c`. */
export function listed(items: readonly string[]): string {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1) ?? ""}`;
}

/** The text with its first letter in upper case, to start a message with a tool label. */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The distinct names of these handlers' tools, in order (unnamed ones left out). */
export function toolNamesOf(handlers: readonly ToolHandler[]): string[] {
  return [...new Set(handlers.flatMap((handler) => handler.toolName ?? []))];
}

/** What happens to an error thrown out of this handler, as a clause for messages. */
export function thrownOutcome(handler: ToolHandler, errorClass?: string): string {
  const name = FRAMEWORKS[handler.framework].displayName;
  if (handler.thrown === "protocol-error") {
    return `${name} sends it as a JSON-RPC protocol error, which the model never sees`;
  }
  if (handler.framework === "fastmcp" && errorClass === "UserError") {
    return "FastMCP turns a UserError without classified extras into an isError result whose only content is the message text";
  }
  if (handler.framework === "fastmcp") {
    return `FastMCP turns it into an isError result whose only text is "Tool '${handler.toolName ?? "<name>"}' execution failed: <message>"`;
  }
  if (handler.framework === "mcp-ts-core") {
    return "mcp-ts-core turns it into an isError result with a generic internal-error code, which says neither what kind of failure it was nor whether a retry may help";
  }
  return `${name} turns it into an isError result whose only content is the message text`;
}

/**
 * The placeholders of a "classify it as ..." suggestion message
 * (`{{category}} (\`{{categoryField}}: {{code}}\`, \`{{retryable}}: {{value}}\`)`).
 */
export function classificationData(vocabulary: Vocabulary, category: Category, retryable: boolean): Record<string, string> {
  return {
    category,
    categoryField: vocabulary.category,
    code: quote(categoryValue(vocabulary, category)),
    retryable: vocabulary.retryable,
    value: String(retryable),
  };
}
