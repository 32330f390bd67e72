/**
 * Text from the audited code (tool names, file names, strings a message quotes) on its way to a
 * terminal or a CI log, where some text is not just text:
 *
 * - control characters: ESC (and the one-byte CSI) starts ANSI sequences that recolour, move the
 *   cursor, clear the screen or retitle the window; a line break starts a new line;
 * - GitHub Actions workflow commands: a line that starts with `::` (after spaces) such as
 *   `::add-mask::`, `::error::` or `::stop-commands::`, and the legacy `##[command]`, which the
 *   runner finds anywhere in a line (actions/runner, `ActionCommand.TryParseV2` / `TryParse`).
 *
 * Control characters are shown as `\u001b` escapes, a leading `::` as `\u003a:` and `##[` as
 * `##\u005b`: the report stays readable, and nothing in it acts.
 */

// Every C0 control (tab, line feed and carriage return included), DEL and every C1 control.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/gu;
// eslint-disable-next-line no-control-regex -- as above, without line feed and carriage return
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F]/gu;

const unicodeEscape = (char: string): string => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`;

/** Control characters as `\u001b` escapes; `keepLineBreaks` leaves `\n` and `\r` to the caller. */
export function escapeControl(text: string, options: { readonly keepLineBreaks?: boolean } = {}): string {
  return text.replace(options.keepLineBreaks === true ? CONTROL_BUT_LINE_BREAKS : CONTROL, unicodeEscape);
}

/** Workflow commands made inert: `::` at the start of a line (after spaces) and `##[` anywhere. */
export function neutraliseCommands(text: string): string {
  return text.replaceAll("##[", "##\\u005b").replace(/^([^\S\n]*)::/gmu, "$1\\u003a:");
}

/** One cell or line of data for the terminal: no control character, no workflow command. */
export function safeText(text: string): string {
  return neutraliseCommands(escapeControl(text));
}

/**
 * JSON text (the `json` and `sarif` reports) that does the same with an unchanged value:
 * `JSON.stringify` escapes C0 controls but not DEL and C1, and leaves `##[` as it is. Both only
 * occur inside strings, where an escape means the same character.
 */
export function safeJson(json: string): string {
  return json.replace(/[\u007F-\u009F]/gu, unicodeEscape).replaceAll("##[", "##\\u005b");
}
