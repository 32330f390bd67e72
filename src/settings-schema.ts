/**
 * The JSON schema of `settings["mcp-errors"]` and its check. ESLint validates each rule's options
 * against `meta.schema`, but shared settings never: a `container: 42` crashed a rule deep in the
 * payload reader, and an unknown `preset` silently meant the default. The check runs once per
 * settings object (the first rule that reads them) and throws one line that names the setting.
 *
 * The schema is plain JSON Schema (ajv compiles it: test/settings-schema.test.ts), checked here by
 * a few lines for the handful of keywords it uses rather than a validator loaded into every lint.
 * It takes the preset and category names from `settings.ts`, which imports this module.
 */

/** The JSON Schema keywords the settings use. */
export interface Schema {
  readonly type?: "object" | "array" | "string";
  readonly enum?: readonly string[];
  readonly anyOf?: readonly Schema[];
  readonly items?: Schema;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly additionalProperties?: boolean | Schema;
  readonly description?: string;
}

const STRING: Schema = { type: "string" };
const STRINGS: Schema = { type: "array", items: STRING };

/** The schema of `settings["mcp-errors"]`, for these preset and category names. */
export function settingsSchema(presets: readonly string[], categories: readonly string[]): Schema {
  const field = (description: string): Schema => ({ type: "string", description });
  return {
    type: "object",
    additionalProperties: false,
    properties: {
      preset: { enum: presets, description: "The error vocabulary to start from." },
      container: {
        anyOf: [STRING, STRINGS],
        description: "The path from a payload to the object that holds the fields: a dotted string or an array of keys.",
      },
      fields: {
        type: "object",
        additionalProperties: false,
        description: "Field names that replace the preset's.",
        properties: {
          category: field("The field that holds the category."),
          retryable: field("The field that says whether a retry can succeed."),
          retryAfter: field("The field that says when to retry."),
          description: field("The field that describes the error."),
          userMessage: field("The field with a message fit to show the end user, beside the description meant for the agent."),
          attempts: {
            anyOf: [STRING, STRINGS],
            description: "The field, or fields, that say how many attempts a step took or what each attempt did, in an error given up with after retries.",
          },
          partialResults: {
            anyOf: [STRING, STRINGS],
            description: "The field, or fields, that carry the results gathered before a step failed, in an error given up with after retries.",
          },
        },
      },
      categories: {
        type: "object",
        additionalProperties: { enum: categories },
        description: "Value (or error code) -> category entries, merged over the preset's.",
      },
      clients: { ...STRINGS, description: "More functions that leave the process." },
      wrappers: { ...STRINGS, description: "Functions that bound what they wrap." },
    },
  };
}

/** Invalid `settings["mcp-errors"]`: a mistake in the user's config, so one line and no stack. */
export class SettingsError extends Error {
  override readonly name = "SettingsError";
  constructor(message: string) {
    super(`eslint-plugin-mcp-errors: ${message}`);
    // ESLint prints an error's stack; this error's message is all there is to say.
    this.stack = this.message;
  }
}

const ROOT = 'settings["mcp-errors"]';

function describe(schema: Schema): string {
  if (schema.anyOf) return schema.anyOf.map(describe).join(" or ");
  if (schema.enum) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(", ")}`;
  if (schema.type === "array") return `an array of ${schema.items ? describe(schema.items).replace(/^an? (\w+)/u, "$1s") : "values"}`;
  return schema.type === "object" ? "an object" : "a string";
}

function show(value: unknown): string {
  let text = String(value);
  try {
    // Undefined for a function; throws on a BigInt or a cycle.
    const json: unknown = JSON.stringify(value);
    if (typeof json === "string") text = json;
  } catch {
    // String(value) it is.
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const member = (where: string, key: string): string => (/^[A-Za-z_$][\w$]*$/u.test(key) ? `${where}.${key}` : `${where}[${JSON.stringify(key)}]`);

/** The first way `value` breaks `schema`, as a sentence, or undefined. */
function problem(value: unknown, schema: Schema, where: string): string | undefined {
  const wrong = `${where} must be ${describe(schema)}, got ${show(value)}.`;
  if (schema.anyOf) return schema.anyOf.some((option) => problem(value, option, where) === undefined) ? undefined : wrong;
  if (schema.enum) return typeof value === "string" && schema.enum.includes(value) ? undefined : wrong;
  if (schema.type === "string") return typeof value === "string" ? undefined : wrong;
  if (schema.type === "array") {
    if (!Array.isArray(value)) return wrong;
    const items = schema.items;
    return items ? value.map((item, index) => problem(item, items, `${where}[${String(index)}]`)).find(Boolean) : undefined;
  }
  if (schema.type !== "object") return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return wrong;
  for (const [key, item] of Object.entries(value)) {
    const known = schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
    const extra = schema.additionalProperties;
    if (known === undefined && extra === false) {
      return `${where} has no setting ${JSON.stringify(key)}: the settings are ${Object.keys(schema.properties ?? {}).join(", ")}.`;
    }
    const found = problem(item, known ?? (typeof extra === "object" ? extra : {}), member(where, key));
    if (found !== undefined) return found;
  }
  return undefined;
}

const checked = new WeakSet<object>();

/**
 * Throws a `SettingsError` naming the first invalid part of `settings["mcp-errors"]`. `undefined`
 * (no settings) is valid; a settings object is checked once.
 */
export function checkSettings(value: unknown, presets: readonly string[], categories: readonly string[]): void {
  if (value === undefined || (typeof value === "object" && value !== null && checked.has(value))) return;
  const found = problem(value, settingsSchema(presets, categories), ROOT);
  if (found !== undefined) throw new SettingsError(found);
  checked.add(value as object);
}
