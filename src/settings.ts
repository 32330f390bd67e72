/**
 * The project's error vocabulary: which payload fields carry the category, the retryability and
 * the description of an error, and which values map to which category. Shared by all rules
 * through `settings["mcp-errors"]`.
 */
import { checkSettings } from "./settings-schema.js";

export const CATEGORIES = ["transient", "validation", "business", "permission"] as const;
export type Category = (typeof CATEGORIES)[number];

export const PRESET_NAMES = ["default", "snake-case", "nested", "tool-failure"] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export interface Vocabulary {
  /** Path from a payload object to the object that holds the fields (`[]` = the payload itself). */
  readonly container: readonly string[];
  readonly category: string;
  readonly retryable: string;
  readonly retryAfter: string;
  readonly description: string;
  readonly userMessage: string | undefined;
  /** Fields that say how many attempts a step took, or what each attempt did (any one will do). */
  readonly attempts: readonly string[];
  /** Fields that carry the results gathered before a step failed (any one will do). */
  readonly partialResults: readonly string[];
  /** Category value (or error code) -> category. */
  readonly codes: ReadonlyMap<string, Category>;
  readonly preset: PresetName;
}

/** What users may write under `settings["mcp-errors"]`. */
export interface McpErrorsSettings {
  preset?: PresetName;
  container?: string | string[];
  fields?: {
    category?: string;
    retryable?: string;
    retryAfter?: string;
    description?: string;
    userMessage?: string;
    /** One name or several: any of them says how many attempts were made. */
    attempts?: string | string[];
    /** One name or several: any of them carries the results gathered before the failure. */
    partialResults?: string | string[];
  };
  /** Extra or replacement value -> category entries (e.g. `{ QUOTA_EXCEEDED: "business" }`). */
  categories?: Record<string, Category>;
  /** More functions that leave the process (`callApi`, `client.request`), for every rule and the inventory. */
  clients?: string[];
  /** Functions that bound what they wrap, beyond names that say timeout or deadline. */
  wrappers?: string[];
}

const SNAKE_CODES: Record<string, Category> = {
  NOT_FOUND: "business",
  CONFLICT: "business",
  ALREADY_EXISTS: "business",
  PRECONDITION_FAILED: "business",
  QUOTA_EXCEEDED: "business",
  PERMISSION_DENIED: "permission",
  UNAUTHORIZED: "permission",
  UNAUTHENTICATED: "permission",
  FORBIDDEN: "permission",
  VALIDATION_ERROR: "validation",
  INVALID_INPUT: "validation",
  INVALID_ARGUMENT: "validation",
  BAD_REQUEST: "validation",
  SYSTEM_UNAVAILABLE: "transient",
  SERVICE_UNAVAILABLE: "transient",
  RATE_LIMITED: "transient",
  TIMEOUT: "transient",
  INTERNAL_ERROR: "transient",
};

const TOOL_FAILURE_CLASSES: Record<string, Category> = {
  transient: "transient",
  validation: "validation",
  business: "business",
  permission: "permission",
  invalid_input: "validation",
  invalid_arguments: "validation",
  unauthorized: "permission",
  forbidden: "permission",
  not_found: "business",
  conflict: "business",
  unavailable: "transient",
  rate_limited: "transient",
  timeout: "transient",
  internal: "transient",
};

const CAMEL_ESCALATION = { attempts: ["attempts", "attemptHistory"], partialResults: ["partialResult", "partialResults"] };
const SNAKE_ESCALATION = { attempts: ["attempts", "attempt_history"], partialResults: ["partial_result", "partial_results"] };

const identity = Object.fromEntries(CATEGORIES.map((c) => [c, c])) as Record<string, Category>;

const PRESETS: Record<PresetName, Omit<Vocabulary, "codes"> & { codes: Record<string, Category> }> = {
  default: {
    preset: "default",
    container: [],
    category: "errorCategory",
    retryable: "isRetryable",
    retryAfter: "retryAfterSeconds",
    description: "description",
    userMessage: "userMessage",
    ...CAMEL_ESCALATION,
    codes: identity,
  },
  "snake-case": {
    preset: "snake-case",
    container: [],
    category: "error_code",
    retryable: "retry_recommended",
    retryAfter: "retry_after_seconds",
    description: "error_message",
    userMessage: undefined,
    ...SNAKE_ESCALATION,
    codes: SNAKE_CODES,
  },
  nested: {
    preset: "nested",
    container: ["error"],
    category: "code",
    retryable: "retryable",
    retryAfter: "retry_after_seconds",
    description: "message",
    userMessage: "suggestion",
    ...SNAKE_ESCALATION,
    codes: SNAKE_CODES,
  },
  "tool-failure": {
    preset: "tool-failure",
    container: ["io.modelcontextprotocol/toolFailure"],
    category: "class",
    retryable: "retryable",
    retryAfter: "retryNotBefore",
    description: "message",
    userMessage: undefined,
    ...CAMEL_ESCALATION,
    codes: TOOL_FAILURE_CLASSES,
  },
};

/** A field setting that takes one name or several. */
function names(value: string | string[] | undefined): readonly string[] | undefined {
  return value === undefined ? undefined : typeof value === "string" ? [value] : value;
}

const cache = new WeakMap<object, Vocabulary>();
let defaultVocabulary: Vocabulary | undefined;

function build(raw: McpErrorsSettings | undefined): Vocabulary {
  // getVocabulary has checked the settings (settings-schema.ts): an unknown preset never gets here.
  const name = raw?.preset;
  const preset = name !== undefined && Object.hasOwn(PRESETS, name) ? PRESETS[name] : PRESETS.default;
  const fields = raw?.fields ?? {};
  const container =
    raw?.container === undefined ? preset.container : typeof raw.container === "string" ? raw.container.split(".").filter(Boolean) : raw.container;
  const vocabulary: Vocabulary = {
    preset: preset.preset,
    container,
    category: fields.category ?? preset.category,
    retryable: fields.retryable ?? preset.retryable,
    retryAfter: fields.retryAfter ?? preset.retryAfter,
    description: fields.description ?? preset.description,
    userMessage: fields.userMessage ?? preset.userMessage,
    attempts: names(fields.attempts) ?? preset.attempts,
    partialResults: names(fields.partialResults) ?? preset.partialResults,
    codes: new Map(Object.entries({ ...preset.codes, ...raw?.categories })),
  };
  if (raw?.preset === undefined && raw?.fields === undefined && raw?.container === undefined && raw?.categories === undefined)
    unconfigured.add(vocabulary);
  return vocabulary;
}

/** Reads and memoizes the vocabulary from `context.settings`. */
export function getVocabulary(settings: Readonly<Record<string, unknown>> | undefined): Vocabulary {
  const raw = settings?.["mcp-errors"];
  checkSettings(raw, PRESET_NAMES, CATEGORIES);
  if (raw === undefined || raw === null || typeof raw !== "object") {
    return (defaultVocabulary ??= build(undefined));
  }
  let vocabulary = cache.get(raw);
  if (!vocabulary) {
    vocabulary = build(raw);
    cache.set(raw, vocabulary);
  }
  return vocabulary;
}

let otherPresets: readonly Vocabulary[] | undefined;
/** Vocabularies built from settings that set none of its parts (no settings, or only `clients` or `wrappers`). */
const unconfigured = new WeakSet<Vocabulary>();

/**
 * With no settings, the vocabularies of the other built-in presets (`nested`, `snake-case`,
 * `tool-failure`): a payload written completely in one of them is classified in words of its own.
 * Empty when the project configures a vocabulary: then only that one counts.
 */
export function unconfiguredAlternatives(vocabulary: Vocabulary): readonly Vocabulary[] {
  if (!unconfigured.has(vocabulary)) return [];
  return (otherPresets ??= PRESET_NAMES.filter((name) => name !== "default").map((preset) => build({ preset })));
}

/** The literal value to write for `category` in this vocabulary (first code that maps to it). */
export function categoryValue(vocabulary: Vocabulary, category: Category): string {
  for (const [code, mapped] of vocabulary.codes) {
    if (mapped === category) return code;
  }
  return category;
}

/** The project's own clients and timeout wrappers, from `settings["mcp-errors"]`: one answer for every rule. */
export interface CallSettingsValue {
  readonly clients: ReadonlySet<string>;
  readonly wrappers: ReadonlySet<string>;
}

const NO_CALLS: CallSettingsValue = { clients: new Set(), wrappers: new Set() };
const callCache = new WeakMap<object, CallSettingsValue>();

/** Reads and memoizes `clients` and `wrappers` from `context.settings`. */
export function getCallSettings(settings: Readonly<Record<string, unknown>> | undefined): CallSettingsValue {
  const raw = settings?.["mcp-errors"];
  checkSettings(raw, PRESET_NAMES, CATEGORIES);
  if (raw === undefined || raw === null || typeof raw !== "object") return NO_CALLS;
  let value = callCache.get(raw);
  if (!value) {
    const { clients, wrappers } = raw as McpErrorsSettings;
    value = clients || wrappers ? { clients: new Set(clients), wrappers: new Set(wrappers) } : NO_CALLS;
    callCache.set(raw, value);
  }
  return value;
}
