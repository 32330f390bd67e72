import type { InvalidTestCase, SuggestionOutput, ValidTestCase } from "@typescript-eslint/rule-tester";
import { describe } from "vitest";
import rule, { type MessageIds, type Options } from "../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../rule-tester.js";
import { type Expected, SDK_SHAPE, fixed, inTool, invalid as invalidCase } from "../cases.js";
import { type HandlerShape, SHAPES } from "../shapes.js";

const ruleTester = createRuleTester();

type Category = "transient" | "validation" | "business" | "permission";
type Invalid = InvalidTestCase<MessageIds, Options>;
type Valid = ValidTestCase<Options>;

const invalid = invalidCase<MessageIds, Options>;

const CATEGORIES: readonly Category[] = ["transient", "validation", "business", "permission"];
const RETRYABLE: Readonly<Record<Category, boolean>> = { transient: true, validation: false, business: false, permission: false };

/** The tool as messages name it: capitalised at the start of a sentence, or inside one. */
/** A helper that builds its result in a const: its data first, its text second. */
const REPLY = `function reply(data, summary) {
  const parts = [];
  if (summary.trim().length > 0) parts.push({ type: "text", text: summary.trim() });
  const response = { isError: false };
  response.structuredContent = data;
  response.content = parts;
  return response;
}`;

const START = (shape: HandlerShape = SDK_SHAPE): string => (shape.named ? 'Tool "search_docs"' : "This tool handler");
const INSIDE = (shape: HandlerShape = SDK_SHAPE): string => (shape.named ? 'tool "search_docs"' : "this tool handler");

/**
 * The report on `return null;` in a `catch {` with no binding: nothing is answered in its place,
 * and the rethrow it suggests binds the error (`message`: the new error's message, as source).
 */
function nullInBareCatch(message: string): Expected<MessageIds> {
  return {
    messageId: "swallowedEmpty",
    reported: "null",
    data: { value: "`null`", tool: INSIDE() },
    suggestions: (code) => rethrow(code, "return null;", message, "error", ["} catch {", "} catch (error) {"]),
  };
}

/** The report on `return { id, tags: [] };` in a `catch {`: the try's item with its tags emptied. */
const TAGS_EMPTIED: Expected<MessageIds> = {
  messageId: "swallowedEmpty",
  reported: "{ id, tags: [] }",
  data: { value: "an empty array in `tags`", tool: INSIDE() },
  suggestions: (code) => rethrow(code, "return { id, tags: [] };", '"The operation failed"', "error", ["} catch {", "} catch (error) {"]),
};

/** A throw reaches the model as an error result in this shape, so a rethrow is suggested. */
const rethrows = (shape: HandlerShape): boolean => shape.thrown === "is-error";

interface Classify {
  /** Categories in suggestion order. */
  readonly order?: readonly Category[];
  readonly categoryField?: string;
  readonly retryableField?: string;
  readonly codes?: Partial<Record<Category, string>>;
  readonly descriptionField?: string;
}

/**
 * One `addIsError` suggestion per category: each applies `edits(category, retryable)` (from/to
 * pairs, in order) to the code.
 */
function addIsError(
  code: string,
  edits: (category: Category, retryable: boolean, value: string) => [string, string][],
  { order = CATEGORIES, categoryField = "errorCategory", retryableField = "isRetryable", codes = {} }: Classify = {},
): SuggestionOutput<MessageIds>[] {
  return order.map((category) => {
    const retryable = RETRYABLE[category];
    const value = JSON.stringify(codes[category] ?? category);
    return {
      messageId: "addIsError",
      data: { category, categoryField, code: value, retryable: retryableField, value: String(retryable) },
      output: fixed(...edits(category, retryable, value))(code),
    };
  });
}

/** `text: X` (the last part of the result) becomes a classified JSON payload, and `isError: true` follows. */
function textToJson(code: string, text: string, classify: Classify = {}): SuggestionOutput<MessageIds>[] {
  const categoryField = classify.categoryField ?? "errorCategory";
  const retryableField = classify.retryableField ?? "isRetryable";
  const descriptionField = classify.descriptionField ?? "description";
  return addIsError(
    code,
    (_, retryable, value) => [
      [
        `text: ${text} }]`,
        `text: JSON.stringify({ ${categoryField}: ${value}, ${retryableField}: ${String(retryable)}, ${descriptionField}: ${text} }) }], isError: true`,
      ],
    ],
    classify,
  );
}

function rethrow(code: string, from: string, message: string, cause = "error", param?: [string, string]): SuggestionOutput<MessageIds>[] {
  return [
    {
      messageId: "rethrowWithCause",
      data: { cause },
      output: fixed(...(param ? [param] : []), [from, `throw new Error(${message}, { cause: ${cause} });`])(code),
    },
  ];
}

const valid: Valid[] = [];
const invalidCases: Invalid[] = [];

// ---------------------------------------------------------------------------------------------
// Every handler shape.

const SWALLOWED_TEXT = "`Search failed: ${String(error)}`";
const SWALLOWED = `{ content: [{ type: "text", text: ${SWALLOWED_TEXT} }] }`;
const tryCatch = (onError: string): string => `    try {
      const hits = await searchIndex(args.query);
      return { content: [{ type: "text", text: hits.join("\\n") }] };
    } catch (error) {
      ${onError}
    }`;
const LOAD_HITS = `async function loadHits(query) {
  try {
    const response = await fetch(\`https://docs.example.com/search?q=\${query}\`);
    return await response.json();
  } catch (error) {
    console.error(error);
    return /*>*/[];
  }
}`;
const usesLoadHits = `    const hits = await loadHits(args.query);
    return { content: [{ type: "text", text: hits.join("\\n") }] };`;

for (const shape of SHAPES) {
  invalidCases.push(
    invalid({
      name: `${shape.title}: a catch that answers with a success result`,
      code: shape.wrap(tryCatch(`return /*>*/${SWALLOWED};`)),
      errors: [
        {
          messageId: "swallowedResult",
          reported: SWALLOWED,
          data: { tool: START(shape) },
          suggestions: (code) => [...textToJson(code, SWALLOWED_TEXT), ...(rethrows(shape) ? rethrow(code, `return ${SWALLOWED};`, SWALLOWED_TEXT) : [])],
        },
      ],
      output: null,
    }),
    invalid({
      name: `${shape.title}: a helper whose catch returns [] that the handler reports`,
      code: `${shape.wrap(usesLoadHits)}\n${LOAD_HITS}`,
      errors: [
        {
          messageId: "swallowedEmpty",
          reported: "[]",
          data: { value: "an empty array", tool: INSIDE(shape) },
          suggestions: (code) => (rethrows(shape) ? rethrow(code, "return [];", '"loadHits failed"') : []),
        },
      ],
      output: null,
    }),
    invalid({
      name: `${shape.title}: a success result whose JSON payload says success: false`,
      code: shape.wrap('    return { content: [{ type: "text", text: JSON.stringify({ /*>*/success: false, reason: "quota" }) }] };'),
      errors: [
        {
          messageId: "failurePayload",
          reported: "success: false",
          data: { tool: START(shape), field: "success: false" },
          suggestions: (code) =>
            addIsError(code, (_, retryable, value) => [
              ["JSON.stringify({ success", `JSON.stringify({ errorCategory: ${value}, isRetryable: ${String(retryable)}, success`],
              ['"quota" }) }]', '"quota" }) }], isError: true'],
            ]),
        },
      ],
      output: null,
    }),
  );
  valid.push(
    {
      name: `${shape.title}: a catch that returns an error result`,
      code: shape.wrap(tryCatch(`return { isError: true, content: [{ type: "text", text: ${SWALLOWED_TEXT} }] };`)),
    },
    {
      name: `${shape.title}: a catch that rethrows with a cause`,
      code: shape.wrap(tryCatch('throw new Error("The docs index did not answer", { cause: error });')),
    },
    {
      name: `${shape.title}: a catch that falls back to another source`,
      code: shape.wrap(tryCatch('const cached = await readCache(args.query);\n      return { content: [{ type: "text", text: cached.join("\\n") }] };')),
    },
    {
      name: `${shape.title}: a catch whose result is marked partial`,
      code: shape.wrap(tryCatch('return { content: [{ type: "text", text: JSON.stringify({ hits: [], warnings: [String(error)] }) }] };')),
    },
    {
      name: `${shape.title}: a helper that returns [] when its JSON.parse fails`,
      code: `${shape.wrap('    const hits = parseHits(args.query);\n    return { content: [{ type: "text", text: hits.join("\\n") }] };')}
function parseHits(text) {
  try {
    return JSON.parse(text);
  } catch {
    return [];
  }
}`,
    },
    {
      name: `${shape.title}: a success result whose payload says success: true`,
      code: shape.wrap('    return { content: [{ type: "text", text: JSON.stringify({ success: true, error: null }) }] };'),
    },
  );
}

// ---------------------------------------------------------------------------------------------
// A catch that returns a success tool result.

invalidCases.push(
  invalid({
    name: "a catch that logs, then answers with a success result",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    console.error("read failed", error);
    return /*>*/{ content: [{ type: "text", text: "The document could not be read." }] };
  }`),
    errors: [
      {
        messageId: "swallowedResult",
        reported: '{ content: [{ type: "text", text: "The document could not be read." }] }',
        data: { tool: START() },
        suggestions: (code) => [
          ...textToJson(code, '"The document could not be read."'),
          ...rethrow(code, 'return { content: [{ type: "text", text: "The document could not be read." }] };', '"The document could not be read."'),
        ],
      },
    ],
    output: null,
  }),
  invalid({
    name: "isError: false is a success result; the suggestion flips it",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    return /*>*/{ content: [{ type: "text", text: "Read failed." }], isError: false };
  }`),
    errors: [
      {
        messageId: "swallowedResult",
        reported: '{ content: [{ type: "text", text: "Read failed." }], isError: false }',
        data: { tool: START() },
        suggestions: (code) => [
          ...addIsError(code, (_, retryable, value) => [
            [
              'text: "Read failed." }]',
              `text: JSON.stringify({ errorCategory: ${value}, isRetryable: ${String(retryable)}, description: "Read failed." }) }]`,
            ],
            ["isError: false", "isError: true"],
          ]),
          ...rethrow(code, 'return { content: [{ type: "text", text: "Read failed." }], isError: false };', '"Read failed."'),
        ],
      },
    ],
    output: null,
  }),
  invalid({
    name: "a catch that answers with { error } in a JSON payload",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (e) {
    return { content: [{ type: "text", text: JSON.stringify({ /*>*/error: e instanceof Error ? e.message : String(e) }) }] };
  }`),
    errors: [
      {
        messageId: "failurePayload",
        reported: "error: e instanceof Error ? e.message : String(e)",
        data: { tool: START(), field: "error: e instanceof Error ? e.message : String(e)" },
        suggestions: (code) => [
          ...addIsError(code, (_, retryable, value) => [
            ["JSON.stringify({ error", `JSON.stringify({ errorCategory: ${value}, isRetryable: ${String(retryable)}, error`],
            ["String(e) }) }]", "String(e) }) }], isError: true"],
          ]),
          ...rethrow(
            code,
            'return { content: [{ type: "text", text: JSON.stringify({ error: e instanceof Error ? e.message : String(e) }) }] };',
            '"search_docs failed"',
            "e",
          ),
        ],
      },
    ],
    output: null,
  }),
  invalid({
    name: "a catch without a parameter: the rethrow adds one",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch {
    return /*>*/{ content: [{ type: "text", text: "Read failed." }] };
  }`),
    errors: [
      {
        messageId: "swallowedResult",
        reported: '{ content: [{ type: "text", text: "Read failed." }] }',
        data: { tool: START() },
        suggestions: (code) => [
          ...textToJson(code, '"Read failed."'),
          ...rethrow(code, 'return { content: [{ type: "text", text: "Read failed." }] };', '"Read failed."', "error", ["} catch {", "} catch (error) {"]),
        ],
      },
    ],
    output: null,
  }),
  invalid({
    name: "a catch without a parameter whose body uses `error`: the new parameter is `err`",
    code: inTool(`  const error = "unused";
  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch {
    return /*>*/{ content: [{ type: "text", text: \`Read failed (\${error}).\` }] };
  }`),
    errors: [
      {
        messageId: "swallowedResult",
        reported: '{ content: [{ type: "text", text: `Read failed (${error}).` }] }',
        data: { tool: START() },
        suggestions: (code) => [
          ...textToJson(code, "`Read failed (${error}).`"),
          ...rethrow(code, 'return { content: [{ type: "text", text: `Read failed (${error}).` }] };', "`Read failed (${error}).`", "err", [
            "} catch {",
            "} catch (err) {",
          ]),
        ],
      },
    ],
    output: null,
  }),
  invalid({
    name: 'a success result with structuredContent { status: "error" }',
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    return { content: [], structuredContent: { /*>*/status: "error", message: String(error) } };
  }`),
    errors: [
      {
        messageId: "failurePayload",
        reported: 'status: "error"',
        data: { tool: START(), field: 'status: "error"' },
        suggestions: (code) => [
          ...addIsError(code, (_, retryable, value) => [
            ["structuredContent: { status", `structuredContent: { errorCategory: ${value}, isRetryable: ${String(retryable)}, status`],
            ["String(error) } }", "String(error) }, isError: true }"],
          ]),
          ...rethrow(code, 'return { content: [], structuredContent: { status: "error", message: String(error) } };', '"search_docs failed"'),
        ],
      },
    ],
    output: null,
  }),
  invalid({
    name: "a selective catch whose branch still says it failed",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    if (error instanceof SourceError) {
      return /*>*/{ content: [{ type: "text", text: "The docs source failed; try again." }] };
    }
    throw error;
  }`),
    errors: [
      {
        messageId: "swallowedResult",
        reported: '{ content: [{ type: "text", text: "The docs source failed; try again." }] }',
        data: { tool: START() },
        suggestions: (code) => [
          ...textToJson(code, '"The docs source failed; try again."'),
          ...rethrow(code, 'return { content: [{ type: "text", text: "The docs source failed; try again." }] };', '"The docs source failed; try again."'),
        ],
      },
    ],
    output: null,
  }),
  invalid({
    name: "the branch around the result points at a category: it comes first",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    if (error.status === 403) return /*>*/{ content: [{ type: "text", text: "Access denied." }] };
    throw error;
  }`),
    errors: [
      {
        messageId: "swallowedResult",
        reported: '{ content: [{ type: "text", text: "Access denied." }] }',
        data: { tool: START() },
        suggestions: (code) => [
          ...textToJson(code, '"Access denied."', { order: ["permission", "transient", "validation", "business"] }),
          ...rethrow(code, 'return { content: [{ type: "text", text: "Access denied." }] };', '"Access denied."'),
        ],
      },
    ],
    output: null,
  }),
  ...(
    [
      ["a same-file success helper called from a catch", 'function textResult(text) {\n  return { content: [{ type: "text", text }] };\n}'],
      [
        "a builder whose isError is a parameter, called from a catch without it: a success result",
        'function textResult(text, isError = false) {\n  return { content: [{ type: "text", text }], isError };\n}',
      ],
    ] as const
  ).map(([name, helper]) =>
    invalid({
      name,
      code: inTool(
        `  try {
    return textResult(await readDoc(args.id));
  } catch (error) {
    return /*>*/textResult(\`Read failed: \${String(error)}\`);
  }`,
        helper,
      ),
      errors: [
        {
          messageId: "swallowedResult",
          reported: "textResult(`Read failed: ${String(error)}`)",
          data: { tool: START() },
          suggestions: (code) => rethrow(code, "return textResult(`Read failed: ${String(error)}`);", "`Read failed: ${String(error)}`"),
        },
      ],
      output: null,
    }),
  ),
  // The helper builds its result in a const, part by part; its text is the second argument.
  invalid({
    name: "a same-file helper that holds its result in a const, whose text is the second argument",
    code: inTool(
      `  try {
    return reply(await readDoc(args.id), "Document read");
  } catch (error) {
    return /*>*/reply({ ok: false }, \`Document not found: \${args.id}\`);
  }`,
      REPLY,
    ),
    errors: [
      {
        messageId: "swallowedResult",
        reported: "reply({ ok: false }, `Document not found: ${args.id}`)",
        data: { tool: START() },
        suggestions: (code) => rethrow(code, "return reply({ ok: false }, `Document not found: ${args.id}`);", "`Document not found: ${args.id}`"),
      },
    ],
    output: null,
  }),
  invalid({
    name: "a comment in the return: no rethrow suggestion",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    return /*>*/{ content: [{ type: "text", text: "Read failed." }] } /* keep */;
  }`),
    errors: [
      {
        messageId: "swallowedResult",
        reported: '{ content: [{ type: "text", text: "Read failed." }] }',
        data: { tool: START() },
        suggestions: (code) => textToJson(code, '"Read failed."'),
      },
    ],
    output: null,
  }),
);

// The vocabulary decides the field names; a container vocabulary only gets `isError: true`.
invalidCases.push(
  invalid({
    name: "snake-case preset: the suggestion writes error_code and retry_recommended",
    settings: { "mcp-errors": { preset: "snake-case" } },
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    return /*>*/{ content: [{ type: "text", text: "Read failed." }] };
  }`),
    errors: [
      {
        messageId: "swallowedResult",
        reported: '{ content: [{ type: "text", text: "Read failed." }] }',
        data: { tool: START() },
        suggestions: (code) => [
          ...addIsError(
            code,
            (_, retryable, value) => [
              [
                'text: "Read failed." }]',
                `text: JSON.stringify({ error_code: ${value}, retry_recommended: ${String(retryable)}, error_message: "Read failed." }) }]`,
              ],
              ['"Read failed." }) }]', '"Read failed." }) }], isError: true'],
            ],
            {
              categoryField: "error_code",
              retryableField: "retry_recommended",
              codes: { transient: "SYSTEM_UNAVAILABLE", validation: "VALIDATION_ERROR", business: "NOT_FOUND", permission: "PERMISSION_DENIED" },
            },
          ),
          ...rethrow(code, 'return { content: [{ type: "text", text: "Read failed." }] };', '"Read failed."'),
        ],
      },
    ],
    output: null,
  }),
  invalid({
    name: "nested preset (a container): only isError is added",
    settings: { "mcp-errors": { preset: "nested" } },
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    return /*>*/{ content: [{ type: "text", text: "Read failed." }] };
  }`),
    errors: [
      {
        messageId: "swallowedResult",
        reported: '{ content: [{ type: "text", text: "Read failed." }] }',
        data: { tool: START() },
        suggestions: (code) => [
          { messageId: "markAsError", output: fixed(['"Read failed." }]', '"Read failed." }], isError: true'])(code) },
          ...rethrow(code, 'return { content: [{ type: "text", text: "Read failed." }] };', '"Read failed."'),
        ],
      },
    ],
    output: null,
  }),
  invalid({
    name: "a payload that already has the classification: only isError is added",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    return { content: [{ type: "text", text: JSON.stringify({ /*>*/success: false, errorCategory: "transient", isRetryable: true }) }] };
  }`),
    errors: [
      {
        messageId: "failurePayload",
        reported: "success: false",
        data: { tool: START(), field: "success: false" },
        suggestions: (code) => [
          { messageId: "markAsError", output: fixed(["isRetryable: true }) }]", "isRetryable: true }) }], isError: true"])(code) },
          ...rethrow(
            code,
            'return { content: [{ type: "text", text: JSON.stringify({ success: false, errorCategory: "transient", isRetryable: true }) }] };',
            '"search_docs failed"',
          ),
        ],
      },
    ],
    output: null,
  }),
);

// Options: the partial markers replace the default list.
invalidCases.push(
  invalid({
    name: "partialMarkers: a field left out of the option no longer marks a partial result",
    options: [{ partialMarkers: ["degradedSources"] }],
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    return { content: [], structuredContent: { /*>*/status: "failed", warnings: ["read failed"] } };
  }`),
    errors: [
      {
        messageId: "failurePayload",
        reported: 'status: "failed"',
        data: { tool: START(), field: 'status: "failed"' },
        suggestions: (code) => [
          ...addIsError(code, (_, retryable, value) => [
            ["structuredContent: { status", `structuredContent: { errorCategory: ${value}, isRetryable: ${String(retryable)}, status`],
            ['["read failed"] } }', '["read failed"] }, isError: true }'],
          ]),
          ...rethrow(code, 'return { content: [], structuredContent: { status: "failed", warnings: ["read failed"] } };', '"search_docs failed"'),
        ],
      },
    ],
    output: null,
  }),
);
// A helper that may set `isError` on what it holds is no success helper.
valid.push({
  name: "a same-file helper that holds its result in a const and sets its isError",
  code: inTool(
    `  try {
    return reply(await readDoc(args.id), "Document read");
  } catch (error) {
    return reply({ ok: false }, \`Document not found: \${args.id}\`);
  }`,
    REPLY.replace("  response.content = parts;", "  response.content = parts;\n  if (data?.ok === false) response.isError = true;"),
  ),
});

valid.push(
  {
    name: "a builder whose isError is a parameter, called from a catch with `true`: an error result",
    code: inTool(
      `  try {
    return textResult(await readDoc(args.id));
  } catch (error) {
    return textResult(\`Read failed: \${String(error)}\`, true);
  }`,
      'function textResult(text, isError = false) {\n  return { content: [{ type: "text", text }], isError };\n}',
    ),
  },
  {
    name: "a builder whose isError is a parameter, called from a catch with a value the file does not show",
    code: inTool(
      `  try {
    return textResult(await readDoc(args.id));
  } catch (error) {
    return textResult(\`Read failed: \${String(error)}\`, args.strict);
  }`,
      'function textResult(text, isError = false) {\n  return { content: [{ type: "text", text }], isError };\n}',
    ),
  },
  {
    name: "partialMarkers: a configured field marks the result as partial",
    options: [{ partialMarkers: ["degradedSources"] }],
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    return { content: [], structuredContent: { status: "failed", degradedSources: ["docs"] } };
  }`),
  },
  ...["warnings", "_warnings", "partial", "_completeness"].map((marker) => ({
    name: `default partial marker ${marker} in structuredContent`,
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    return { content: [{ type: "text", text: "Read failed." }], structuredContent: { ${marker}: ["read failed"] } };
  }`),
  })),
  {
    name: "a partial marker at the top level of the result",
    code: inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    return { content: [{ type: "text", text: "Read failed." }], _meta: { partial: true } };
  }`),
  },
);

// ---------------------------------------------------------------------------------------------
// A catch that returns an empty value or a "no data" text that becomes the answer.

const helperWith = (returned: string, extra = ""): string => `async function loadHits(query) {
  try {
    const response = await fetch(\`https://docs.example.com/search?q=\${query}\`);
    return await response.json();
  } catch (error) {${extra}
    return /*>*/${returned};
  }
}`;
const inHelperTool = (helper: string, body = usesLoadHits.replace(/^ {4}/gm, "  ")): string => inTool(body, helper);

valid.push(
  {
    // A list that is part of the data (every entry computed), not a stand-in for it.
    name: "a catch that answers with a list it builds from the error",
    code: inHelperTool(`async function loadHits(query) {
  try {
    return await searchIndex(query);
  } catch (error) {
    return [\`search failed: \${String(error)}\`, query];
  }
}`),
  },
  {
    // Nothing failed that the agent asked for: the defaults are what a missing file means.
    name: "a fixed list answered where the try made no access that can fail",
    code: inHelperTool(`function loadHits(query) {
  try {
    return JSON.parse(query);
  } catch {
    return ["getting-started"];
  }
}`),
  },
);
valid.push({
  // `return;` there stops the work; no value comes back to answer with.
  name: "a bare return in the catch of a helper that returns nothing anywhere",
  code: inHelperTool(
    `async function refreshIndex(query) {
  let pages;
  try {
    pages = await listPages(query);
  } catch (error) {
    console.warn("could not list pages", error);
    return;
  }
  for (const page of pages) await reindex(page);
}`,
    `  const refreshed = await refreshIndex(args.query);
  return { content: [{ type: "text", text: JSON.stringify({ refreshed }) }] };`,
  ),
});
valid.push({
  name: "a conditional on the helper's value that answers an error result when it is empty",
  code: inHelperTool(
    helperWith("[]").replace("/*>*/", ""),
    `  const hits = await loadHits(args.query);
  return hits.length
    ? { content: [{ type: "text", text: hits.join("\\n") }] }
    : { isError: true, content: [{ type: "text", text: "No documents could be loaded for this query." }] };`,
  ),
});

valid.push({
  name: "a conditional on the helper's value that shows other data when it is empty, not a text saying there is none",
  code: inHelperTool(
    helperWith('""').replace("/*>*/", ""),
    `  const title = await loadHits(args.query);
  return { content: [{ type: "text", text: title ? \`\${title} (\${args.query})\` : args.query }] };`,
  ),
});

valid.push({
  name: "a helper's failure text assigned to a `let` that is written again before the answer",
  code: inHelperTool(
    helperWith('"Failed to load hits"').replace("/*>*/", ""),
    `  let hits = await loadHits(args.query);
  if (typeof hits === "string") hits = [];
  return { content: [{ type: "text", text: String(hits) }] };`,
  ),
});

for (const [returned, value] of [
  ["null", "`null`"],
  ["undefined", "`undefined`"],
  ['""', "an empty string"],
  ["0", "`0`"],
  ["{}", "an empty object"],
  ['"No data available"', 'the text "No data available"'],
  ['"Nothing found."', 'the text "Nothing found."'],
] as const) {
  invalidCases.push(
    invalid({
      name: `a helper whose catch returns ${returned}`,
      code: inHelperTool(helperWith(returned)),
      errors: [
        {
          messageId: "swallowedEmpty",
          reported: returned,
          data: { value, tool: INSIDE() },
          suggestions: (code) => rethrow(code, `return ${returned};`, '"loadHits failed"'),
        },
      ],
      output: null,
    }),
  );
}

/** The report on the failure text `loadHits` answers with, once the handler shows it. */
const failedToLoadHits: Expected<MessageIds> = {
  messageId: "swallowedResult",
  reported: '"Failed to load hits"',
  data: { value: 'the text "Failed to load hits"', tool: START() },
  suggestions: (code) => rethrow(code, 'return "Failed to load hits";', '"Failed to load hits"'),
};

invalidCases.push(
  invalid({
    name: "a helper whose catch returns failure text that the handler shows as its answer",
    code: inHelperTool(helperWith('"Failed to load hits"')),
    errors: [failedToLoadHits],
    output: null,
  }),
  invalid({
    name: "a helper's failure text assigned to a `let` that the handler answers with",
    code: inHelperTool(
      helperWith('"Failed to load hits"'),
      `  let hits;
  try {
    hits = await loadHits(args.query);
  } catch (error) {
    throw error;
  }
  return { content: [{ type: "text", text: String(hits) }] };`,
    ),
    errors: [failedToLoadHits],
    output: null,
  }),
  invalid({
    // Failed items vanish from the answer: the agent cannot tell "no such document" from "could not read it".
    name: "a per-item catch in a fan-out whose failed items are filtered out with no warning",
    code: inTool(`  const docs = await Promise.all(args.ids.map(async (id) => {
    try {
      return await readDoc(id);
    } catch {
      return /*>*/null;
    }
  }));
  return { content: [{ type: "text", text: docs.filter(Boolean).join("\\n") }] };`),
    errors: [nullInBareCatch('"The operation failed"')],
    output: null,
  }),
  invalid({
    // The same, where the item's function is a const of the handler handed to `map` by name.
    name: "a per-item catch of a function handed to the fan-out by name",
    code: inTool(`  const readOne = async (id: string) => {
    try {
      return await readDoc(id);
    } catch {
      return /*>*/null;
    }
  };
  const docs = await Promise.all(args.ids.map(readOne));
  return { content: [{ type: "text", text: docs.filter(Boolean).join("\\n") }] };`),
    errors: [nullInBareCatch('"readOne failed"')],
    output: null,
  }),
  invalid({
    // The failed item comes back looking like an item with no tags: the agent reports "no tags".
    name: "a per-item catch that returns the try's item with the failed call's field emptied",
    code: inTool(`  const docs = await Promise.all(args.ids.map(async (id) => {
    try {
      return { id, tags: await listTags(id) };
    } catch {
      return /*>*/{ id, tags: [] };
    }
  }));
  return { content: [{ type: "text", text: JSON.stringify(docs) }] };`),
    errors: [TAGS_EMPTIED],
    output: null,
  }),
  invalid({
    // The same, where the try's item comes back from a runner that gives back what its callback returns.
    name: "a per-item catch whose try returns the item through a runner",
    code: inTool(`  const docs = await Promise.all(args.ids.map(async (id) => {
    try {
      return await withRetry(async () => ({ id, tags: await listTags(id) }));
    } catch {
      return /*>*/{ id, tags: [] };
    }
  }));
  return { content: [{ type: "text", text: JSON.stringify(docs) }] };`),
    errors: [TAGS_EMPTIED],
    output: null,
  }),
  invalid({
    // The runner gives back what each thunk returned: the failed jobs are filtered out unseen.
    name: "a per-item catch in thunks handed to a runner of the project",
    code: inTool(`  const jobs = (await rateLimited(args.ids.map((id) => async () => {
    try {
      return await readJob(id);
    } catch {
      return /*>*/null;
    }
  }))).filter((job) => job !== null);
  return { content: [{ type: "text", text: jobs.join("\\n") }] };`),
    errors: [nullInBareCatch('"The operation failed"')],
    output: null,
  }),
  invalid({
    // The same thunks, held by a const that is handed to the runner once.
    name: "a per-item catch in thunks held by a const and handed to a runner of the project",
    code: inTool(`  const tasks = args.ids.map((id) => async () => {
    try {
      return await readJob(id);
    } catch {
      return /*>*/null;
    }
  });
  const jobs = (await rateLimited(tasks)).filter((job) => job !== null);
  return { content: [{ type: "text", text: jobs.join("\\n") }] };`),
    errors: [nullInBareCatch('"The operation failed"')],
    output: null,
  }),
  invalid({
    // Nested fan-outs in a function of the file, formatted into the answer by another helper.
    name: "a per-item catch in nested fan-outs whose list a helper formats into the answer",
    code: inTool(
      `  const logs = await loadLogs(args.jobs);
  return render(logs);`,
      `async function loadLogs(jobs) {
  return Promise.all(jobs.map(async (job) => {
    const steps = await Promise.all(job.steps.flatMap((step) => step.actions.map(async (action) => {
      try {
        return await readStep(action);
      } catch {
        return /*>*/null;
      }
    })));
    return { job: job.name, steps: steps.filter(Boolean) };
  }));
}
function render(logs) {
  return toText(JSON.stringify(logs));
}`,
    ),
    errors: [nullInBareCatch('"The operation failed"')],
    output: null,
  }),
  invalid({
    // A rate limit passes for "not there": the agent reports the item missing instead of retrying later.
    name: "a per-item catch that answers a rate limit as a missing item",
    code: inTool(`  const docs = await Promise.all(args.ids.map(async (id) => {
    try {
      return await readDoc(id);
    } catch (error) {
      if (error.status === 404) return null;
      if (error.status === 429) return /*>*/null;
      throw error;
    }
  }));
  return { content: [{ type: "text", text: docs.filter(Boolean).join("\\n") }] };`),
    errors: [
      {
        messageId: "swallowedEmpty",
        reported: "null",
        data: { value: "`null`", tool: INSIDE() },
        suggestions: (code) =>
          rethrow(code, "if (error.status === 429) return null;", '"The operation failed"').map((suggestion) => ({
            ...suggestion,
            output: suggestion.output.replace("throw new Error(", "if (error.status === 429) throw new Error("),
          })),
      },
    ],
    output: null,
  }),
  invalid({
    name: "a helper whose catch answers with a list written in place of what it fetches",
    code: inHelperTool(helperWith('["getting-started"]')),
    errors: [
      {
        messageId: "swallowedFallback",
        reported: '["getting-started"]',
        data: { value: "a fixed list", tool: INSIDE() },
        suggestions: (code) => rethrow(code, 'return ["getting-started"];', '"loadHits failed"'),
      },
    ],
    output: null,
  }),
  invalid({
    name: "a catch that answers with a fallback list a same-file function writes out",
    code: inHelperTool(`function knownPages() {
  return ["getting-started", "installation", "faq"];
}
async function loadHits(query) {
  try {
    return await searchIndex(query);
  } catch (error) {
    console.warn("search is down, using the known pages", error);
    return /*>*/knownPages();
  }
}`),
    errors: [
      {
        messageId: "swallowedFallback",
        reported: "knownPages()",
        data: { value: "the fixed list of `knownPages()`", tool: INSIDE() },
        suggestions: (code) => rethrow(code, "return knownPages();", '"loadHits failed"'),
      },
    ],
    output: null,
  }),
  invalid({
    name: "a catch that answers with a const of the file written out in the code",
    code: inHelperTool(`const FALLBACK_HIT = { title: "Getting started", url: "/docs/start" };
async function loadHits(query) {
  try {
    return await searchIndex(query);
  } catch (error) {
    console.warn("search is down", error);
    return /*>*/FALLBACK_HIT;
  }
}`),
    errors: [
      {
        messageId: "swallowedFallback",
        reported: "FALLBACK_HIT",
        data: { value: "the fixed value of `FALLBACK_HIT`", tool: INSIDE() },
        suggestions: (code) => rethrow(code, "return FALLBACK_HIT;", '"loadHits failed"'),
      },
    ],
    output: null,
  }),
  invalid({
    name: "a bare return in the catch of a helper whose value is the answer",
    code: inHelperTool(`async function loadHits(query) {
  try {
    return await searchIndex(query);
  } catch (error) {
    /*>*/return;
  }
}`),
    errors: [
      {
        messageId: "swallowedEmpty",
        reported: "return;",
        data: { value: "`undefined`", tool: INSIDE() },
        suggestions: (code) => rethrow(code, "return;", '"loadHits failed"'),
      },
    ],
    output: null,
  }),
  invalid({
    name: 'the handler answers "none" when the helper\'s value is empty',
    code: inHelperTool(
      helperWith("[]"),
      `  const hits = await loadHits(args.query);
  if (hits.length === 0) {
    return { content: [{ type: "text", text: "No documents match." }] };
  }
  return { content: [{ type: "text", text: hits.join("\\n") }] };`,
    ),
    errors: [
      {
        messageId: "swallowedEmpty",
        reported: "[]",
        data: { value: "an empty array", tool: INSIDE() },
        suggestions: (code) => rethrow(code, "return [];", '"loadHits failed"'),
      },
    ],
    output: null,
  }),
  invalid({
    name: "the handler's text says \"none\" by a conditional when the helper's value is empty",
    code: inHelperTool(
      helperWith("[]"),
      `  const hits = await loadHits(args.query);
  return { content: [{ type: "text", text: hits.length ? hits.join("\\n") : "No documents match." }] };`,
    ),
    errors: [
      {
        messageId: "swallowedEmpty",
        reported: "[]",
        data: { value: "an empty array", tool: INSIDE() },
        suggestions: (code) => rethrow(code, "return [];", '"loadHits failed"'),
      },
    ],
    output: null,
  }),
  invalid({
    name: "the helper's value goes straight into the result",
    code: inHelperTool(helperWith("[]"), '  return { content: [{ type: "text", text: JSON.stringify(await loadHits(args.query)) }] };'),
    errors: [
      {
        messageId: "swallowedEmpty",
        reported: "[]",
        data: { value: "an empty array", tool: INSIDE() },
        suggestions: (code) => rethrow(code, "return [];", '"loadHits failed"'),
      },
    ],
    output: null,
  }),
  invalid({
    name: "the helper's value reaches the result through a second helper",
    code: inHelperTool(
      `${helperWith("[]")}
async function rankedHits(query) {
  const hits = await loadHits(query);
  return hits.slice(0, 10);
}`,
      '  const hits = await rankedHits(args.query);\n  return { content: [{ type: "text", text: hits.join("\\n") }] };',
    ),
    errors: [
      {
        messageId: "swallowedEmpty",
        reported: "[]",
        data: { value: "an empty array", tool: INSIDE() },
        suggestions: (code) => rethrow(code, "return [];", '"loadHits failed"'),
      },
    ],
    output: null,
  }),
  invalid({
    name: "a helper method called as this.method() from an mcp-framework tool",
    code: `import { MCPTool } from "mcp-framework";
export default class SearchDocsTool extends MCPTool {
  name = "search_docs";
  description = "Search";
  schema = {};
  async execute(args) {
    const hits = await this.loadHits(args.query);
    return hits.join("\\n");
  }
  async loadHits(query) {
    try {
      return await this.client.search(query);
    } catch {
      return /*>*/[];
    }
  }
}`,
    errors: [
      {
        messageId: "swallowedEmpty",
        reported: "[]",
        data: { value: "an empty array", tool: INSIDE() },
        suggestions: (code) => rethrow(code, "return [];", '"loadHits failed"', "error", ["} catch {", "} catch (error) {"]),
      },
    ],
    output: null,
  }),
  invalid({
    name: "FastMCP: a string returned from the catch of execute is a success answer",
    code: `import { FastMCP } from "fastmcp";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
server.addTool({
  name: "search_docs",
  execute: async (args) => {
    try {
      return await searchIndex(args.query);
    } catch (error) {
      return /*>*/\`Search failed: \${String(error)}\`;
    }
  },
});`,
    errors: [
      {
        messageId: "swallowedResult",
        reported: "`Search failed: ${String(error)}`",
        data: { value: 'the text "Search failed: …"', tool: START() },
        suggestions: (code) => rethrow(code, "return `Search failed: ${String(error)}`;", "`Search failed: ${String(error)}`"),
      },
    ],
    output: null,
  }),
  invalid({
    name: "FastMCP: an empty string from the catch of execute after an awaited call",
    code: `import { FastMCP } from "fastmcp";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
server.addTool({
  name: "search_docs",
  execute: async (args) => {
    try {
      return await searchIndex(args.query);
    } catch (error) {
      return /*>*/"";
    }
  },
});`,
    errors: [
      {
        messageId: "swallowedEmpty",
        reported: '""',
        data: { value: "an empty string", tool: INSIDE() },
        suggestions: (code) => rethrow(code, 'return "";', '"search_docs failed"'),
      },
    ],
    output: null,
  }),
  invalid({
    name: "a JavaScript file",
    code: `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");
const server = new McpServer({ name: "demo", version: "1.0.0" });
server.registerTool("search_docs", { inputSchema: {} }, async (args) => {
  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch (error) {
    return /*>*/{ content: [{ type: "text", text: "Read failed." }] };
  }
});`,
    errors: [
      {
        messageId: "swallowedResult",
        reported: '{ content: [{ type: "text", text: "Read failed." }] }',
        data: { tool: START() },
        suggestions: (code) => [
          ...textToJson(code, '"Read failed."'),
          ...rethrow(code, 'return { content: [{ type: "text", text: "Read failed." }] };', '"Read failed."'),
        ],
      },
    ],
    output: null,
  }),
);
// The JavaScript case is linted as a .js file.
const jsCase = invalidCases.at(-1);
if (jsCase) invalidCases[invalidCases.length - 1] = { ...jsCase, filename: "server.js" };

// ---------------------------------------------------------------------------------------------
// A success result whose payload says it failed, outside any catch.

invalidCases.push(
  invalid({
    name: "an error message in the payload of a success result",
    code: inTool('  return { content: [], structuredContent: { /*>*/error: "Quota exceeded" } };'),
    errors: [
      {
        messageId: "failurePayload",
        reported: 'error: "Quota exceeded"',
        data: { tool: START(), field: 'error: "Quota exceeded"' },
        suggestions: (code) =>
          addIsError(code, (_, retryable, value) => [
            ["structuredContent: { error", `structuredContent: { errorCategory: ${value}, isRetryable: ${String(retryable)}, error`],
            ['"Quota exceeded" } }', '"Quota exceeded" }, isError: true }'],
          ]),
      },
    ],
    output: null,
  }),
  invalid({
    name: "a payload in a constant declared in the handler",
    code: inTool(`  const payload = { /*>*/status: "FAILED", detail: "The index is rebuilding." };
  return { content: [{ type: "text", text: JSON.stringify(payload) }] };`),
    errors: [
      {
        messageId: "failurePayload",
        reported: 'status: "FAILED"',
        data: { tool: START(), field: 'status: "FAILED"' },
        // The payload object is outside the result: only isError is added.
        suggestions: (code) => [
          { messageId: "markAsError", output: fixed(["JSON.stringify(payload) }]", "JSON.stringify(payload) }], isError: true"])(code) },
        ],
      },
    ],
    output: null,
  }),
);

// ---------------------------------------------------------------------------------------------
// Not reported.

const catchIn = (onError: string, param = "(error)"): string =>
  inTool(`  try {
    return { content: [{ type: "text", text: await readDoc(args.id) }] };
  } catch ${param} {
    ${onError}
  }`);

valid.push(
  { name: "a catch that rethrows as it is", code: catchIn("throw error;") },
  {
    name: "a catch that returns a same-file error helper",
    code: inTool(
      '  try {\n    return { content: [{ type: "text", text: await readDoc(args.id) }] };\n  } catch (error) {\n    return toolError(String(error));\n  }',
      'function toolError(text) {\n  return { isError: true, content: [{ type: "text", text }] };\n}',
    ),
  },
  {
    name: "a catch that returns a helper result built with a spread (unknown)",
    code: inTool(
      '  try {\n    return { content: [{ type: "text", text: await readDoc(args.id) }] };\n  } catch (error) {\n    return reply(String(error));\n  }',
      'function reply(text) {\n  return { ...base, content: [{ type: "text", text }] };\n}',
    ),
  },
  {
    name: "a catch that falls back to a synchronous cache whose value it returns",
    code: catchIn('const cached = cache.get(args.id);\n    return { content: [{ type: "text", text: cached }] };'),
  },
  {
    name: "a catch that calls another source inside the result",
    code: catchIn('return { content: [{ type: "text", text: await readMirror(args.id) }] };'),
  },
  {
    name: "a catch that falls back to a source that takes no input",
    code: catchIn('const snapshot = await readLastSnapshot();\n    return { content: [{ type: "text", text: snapshot }] };'),
  },
  {
    name: "a fallback whose text also says the first source failed",
    code: catchIn('return { content: [{ type: "text", text: "The live index failed; from the mirror: " + (await readMirror()) }] };'),
  },
  {
    name: "a catch whose text says it serves cached data",
    code: catchIn('return { content: [{ type: "text", text: "Showing cached results: " + lastKnown }] };'),
  },
  {
    name: "a catch whose text says it serves data from the cache",
    code: catchIn('return { content: [{ type: "text", text: "Refresh failed, served from the cache: " + lastKnown }] };'),
  },
  {
    name: "a formatter around text that says it serves cached data",
    code: catchIn('return { content: [{ type: "text", text: prefix("Showing cached results: " + lastKnown) }] };'),
  },
  {
    name: "a catch that answers with the data it already had (output validation fallback)",
    code: inTool(`  const raw = await readDoc(args.id);
  try {
    return { content: [{ type: "text", text: raw }], structuredContent: schema.parse(raw) };
  } catch (error) {
    return { content: [{ type: "text", text: raw }] };
  }`),
  },
  {
    name: "a catch that answers one expected error with a field of it, not its message",
    code: catchIn('if (error.code === "ENOENT") return { content: [{ type: "text", text: `No document at ${error.path}.` }] };\n    throw error;'),
  },
  {
    name: "a catch that returns for one expected error and rethrows the rest",
    code: catchIn('if (error.status === 404) return { content: [{ type: "text", text: "No such document." }] };\n    throw error;'),
  },
  {
    name: "a catch whose result carries warnings from the catch",
    code: catchIn('return { content: [{ type: "text", text: JSON.stringify({ items: [], _warnings: [String(error)] }) }] };'),
  },
  { name: "an unknown-tool branch is the dispatcher's business", code: catchIn('return { content: [{ type: "text", text: "Unknown tool: search" }] };') },
  ...['{ id, tags: [], error: "Tags could not be read." }', '{ id, tags: ["untagged"] }', "{ id: null, tags: [] }"].map((standIn) => ({
    // Another shape (it says what failed), another value, or no part of the try's item.
    name: `a per-item catch that returns ${standIn}`,
    code: inTool(`  const docs = await Promise.all(args.ids.map(async (id) => {
    try {
      return { id, tags: await listTags(id) };
    } catch {
      return ${standIn};
    }
  }));
  return { content: [{ type: "text", text: JSON.stringify(docs) }] };`),
  })),
  {
    // An error builder this file cannot see (imported, no types): its name says what it makes.
    name: "a per-item catch whose list goes into an imported error builder",
    code: `import { toolError } from "./errors.js";\n${inTool(`  const jobs = (await rateLimited(args.ids.map((id) => async () => {
    try {
      return await readJob(id);
    } catch {
      return null;
    }
  }))).filter(Boolean);
  return toolError(describe(jobs));`)}`,
  },
  {
    // Thunks handed to Promise.all are not run by it: what comes back is the thunks themselves.
    name: "a per-item catch in thunks handed to Promise.all",
    code: inTool(`  const loaders = await Promise.all(args.ids.map((id) => async () => {
    try {
      return await readJob(id);
    } catch {
      return null;
    }
  }));
  return { content: [{ type: "text", text: String(loaders.length) }] };`),
  },
  {
    // The list goes into an error result: the agent gets an error, nothing passes for an answer.
    name: "a per-item catch whose list goes into an error helper's result",
    code: inTool(
      `  const jobs = (await rateLimited(args.ids.map((id) => async () => {
    try {
      return await readJob(id);
    } catch {
      return null;
    }
  }))).filter(Boolean);
  return fail(describe(jobs));`,
      `function fail(text) {
  return { isError: true, content: [{ type: "text", text }] };
}`,
    ),
  },
  {
    name: "a per-item catch in a fan-out that says which items failed",
    code: inTool(`  const warnings: string[] = [];
  const docs = await Promise.all(args.ids.map(async (id) => {
    try {
      return await readDoc(id);
    } catch {
      warnings.push(\`\${id} could not be read\`);
      return null;
    }
  }));
  return { content: [{ type: "text", text: JSON.stringify({ docs: docs.filter(Boolean), warnings }) }] };`),
  },
  {
    // (A function that answers like a tool, with result literals, is reported off the paths too: see answering.test.ts.)
    name: "a catch off every handler path",
    code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export async function warmUp() {
  try {
    await fetch("https://docs.example.com/warm");
    return true;
  } catch {
    return false;
  }
}`,
  },
  { name: "not an MCP file", code: "export function add(a: number, b: number) { try { return a + b; } catch { return 0; } }" },
);

// Helpers whose empty value is not the answer, or is a legitimate default.
valid.push(
  { name: "a helper that records a warning before returning []", code: inHelperTool(helperWith("[]", "\n    warnings.push(String(error));")) },
  {
    name: "a helper that returns [] only when the file does not exist",
    code: inHelperTool(`async function loadHits(query) {
  try {
    return await readIndex(query);
  } catch (error) {
    if (error.code === "ENOENT") return [];
    throw error;
  }
}`),
  },
  {
    name: "a helper whose try block only reads a file synchronously",
    code: inHelperTool(
      `function loadHits(query) {
  try {
    return fs.readFileSync(query, "utf8").split("\\n");
  } catch {
    return [];
  }
}`,
      '  const hits = loadHits(args.query);\n  return { content: [{ type: "text", text: hits.join("\\n") }] };',
    ),
  },
  {
    name: "the handler fails when the helper's value is empty",
    code: inHelperTool(
      helperWith("[]"),
      `  const hits = await loadHits(args.query);
  if (hits.length === 0) throw new Error("The docs index is unavailable.");
  return { content: [{ type: "text", text: hits.join("\\n") }] };`,
    ),
  },
  {
    name: "the handler returns an error result when the helper's value is missing",
    code: inHelperTool(
      helperWith("null"),
      `  const hits = await loadHits(args.query);
  if (!hits) return { isError: true, content: [{ type: "text", text: "The docs index did not answer." }] };
  return { content: [{ type: "text", text: hits.join("\\n") }] };`,
    ),
  },
  {
    name: "the helper's value only goes to a log",
    code: inHelperTool(helperWith("[]"), '  console.log(await loadHits(args.query));\n  return { content: [{ type: "text", text: "done" }] };'),
  },
  {
    name: "the helper's value has a fallback",
    code: inHelperTool(
      helperWith("null"),
      '  const hits = (await loadHits(args.query)) ?? defaults;\n  return { content: [{ type: "text", text: hits.join("\\n") }] };',
    ),
  },
  {
    name: "a helper no handler calls",
    code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "demo", version: "1.0.0" });
${helperWith("[]").replace("/*>*/", "")}`,
  },
  {
    name: "FastMCP: an empty string after a JSON.parse-only try",
    code: `import { FastMCP } from "fastmcp";
const server = new FastMCP({ name: "demo", version: "1.0.0" });
server.addTool({
  name: "search_docs",
  execute: async (args) => {
    try {
      return JSON.stringify(JSON.parse(args.query));
    } catch {
      return "";
    }
  },
});`,
  },
  {
    name: "McpServer: a plain string from a catch is not a result (the SDK rejects it)",
    code: catchIn('return "";'),
  },
);

// Payloads that do not say the call failed, or that we cannot read.
valid.push({
  // Thunks held by a const that is used twice: which use runs them is unknown.
  name: "thunks held by a const that is used twice",
  code: inTool(`  const tasks = args.ids.map((id) => async () => {
    try {
      return await readJob(id);
    } catch {
      return null;
    }
  });
  log(tasks.length);
  const jobs = (await rateLimited(tasks)).filter((job) => job !== null);
  return { content: [{ type: "text", text: jobs.join("\\n") }] };`),
});
valid.push(
  { name: "error: null in the payload", code: inTool("  return { content: [], structuredContent: { data: [], error: null } };") },
  { name: "status ok", code: inTool('  return { content: [], structuredContent: { status: "ok" } };') },
  {
    name: "an error value we cannot see",
    code: inTool('  const { data, error } = await db.query(args.q);\n  return { content: [{ type: "text", text: JSON.stringify({ data, error }) }] };'),
  },
  { name: "a result with a spread may carry isError", code: inTool("  return { ...base, content: [], structuredContent: { success: false } };") },
  { name: "an error result may say it failed", code: inTool("  return { isError: true, content: [], structuredContent: { success: false } };") },
  {
    name: "an unknown-tool result in a dispatcher's default branch",
    code:
      SHAPES[7]
        ?.wrap('      return { content: [{ type: "text", text: "ok" }] };')
        .replace(
          "throw new Error(`Unknown tool: ${request.params.name}`);",
          'return { content: [{ type: "text", text: JSON.stringify({ error: "Unknown tool" }) }] };',
        ) ?? "",
  },
);

describe("no-swallowed-failure", () => {
  // Empty values that stand in for a failed call without a `return` in a catch, or that flow
  // through destructuring and mapped arrays into the answer.
  const ORDER = `async function loadOrder(id) {
  const response = await fetch(\`https://shop.example.com/orders/\${id}\`, { signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(\`Order \${id}: HTTP \${response.status}\`);
  return response.json();
}`;
  const NOTES = (catchBody: string): string => `async function loadNotes(id) {
  try {
    const response = await fetch(\`https://shop.example.com/orders/\${id}/notes\`, { signal: AbortSignal.timeout(5000) });
    return await response.json();
  } catch {
    ${catchBody}
  }
}`;
  valid.push(
    {
      name: "a catch that falls through after assigning a fallback of its own",
      code: inTool(
        `  let tags = [];
  try {
    tags = await listTags(args.id);
  } catch {
    tags = ["(tags unavailable)"];
  }
  return { content: [{ type: "text", text: \`Tags: \${tags.join(", ")}\` }] };`,
        "declare function listTags(id: string): Promise<string[]>;",
      ),
    },
    {
      name: "a catch that falls through, where the default is never read afterwards",
      code: inTool(
        `  let tags = [];
  try {
    tags = await listTags(args.id);
    await audit(tags);
  } catch {
    console.error("audit failed");
  }
  return { content: [{ type: "text", text: "Audit done." }] };`,
        "declare function listTags(id: string): Promise<string[]>;\ndeclare function audit(tags: string[]): Promise<void>;",
      ),
    },
    {
      // Seen in a filesystem server: each file that cannot be read says so in its place in the answer.
      name: "a per-item catch in a fan-out that answers for its item with the failure",
      code: inTool(
        `  const parts = await Promise.all(args.paths.map(async (path) => {
    try {
      return \`\${path}:\\n\${await readText(path)}\`;
    } catch (error) {
      return \`\${path}: Error - \${error instanceof Error ? error.message : String(error)}\`;
    }
  }));
  return { content: [{ type: "text", text: parts.join("\\n---\\n") }] };`,
        "declare function readText(path: string): Promise<string>;",
      ),
    },
    {
      // Seen in a database server: an optional note is left out when the counts behind it fail.
      name: "a catch that falls through and leaves an empty note",
      code: inTool(
        `  let note = "";
  try {
    const count = await countChildren(args.id);
    if (count > 0) note = \` This also removes \${count} children.\`;
  } catch {
    // proceed without the note
  }
  await remove(args.id);
  return { content: [{ type: "text", text: \`Removed \${args.id}.\${note}\` }] };`,
        "declare function countChildren(id: string): Promise<number>;\ndeclare function remove(id: string): Promise<void>;",
      ),
    },
    {
      name: "a promise's .catch that turns the failure into an error result",
      code: inTool(
        `  return await loadHits(args.query).catch((error) => ({ isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: String(error) }) }] }));`,
        'declare function loadHits(query: string): Promise<{ content: { type: "text"; text: string }[] }>;',
      ),
    },
    {
      // The stand-ins are taken out again, and the answer names the ids it could not find.
      name: "a per-item catch whose null stand-ins a filter takes out, in an answer that lists the missing ids",
      code: inTool(
        `  const found = await Promise.all(
    args.ids.map(async (id) => {
      try {
        return await loadTab(id);
      } catch {
        return null;
      }
    }),
  );
  const open = found.filter((tab): tab is { id: string } => tab !== null).map((tab) => tab.id);
  const missing = args.ids.filter((id) => !open.includes(id));
  return { content: [{ type: "text", text: JSON.stringify({ closed: open, missing }) }] };`,
        "declare function loadTab(id: string): Promise<{ id: string }>;",
      ),
    },
    {
      // Text that says what failed is no claim of success, and `ok: false` says it did not work.
      name: "a .catch that answers with JSON text saying the call failed, or an object with ok: false",
      code: inTool(
        `  const text = await readBody(args.id).catch(() => '{"ok": false, "reason": "the body could not be read"}');
  const state = await readState(args.id).catch(() => ({ ok: false }));
  return { content: [{ type: "text", text: text + JSON.stringify(state) }] };`,
        "declare function readBody(id: string): Promise<string>;\ndeclare function readState(id: string): Promise<{ ok: boolean }>;",
      ),
    },
  );
  invalidCases.push(
    invalid({
      name: "a catch with no return leaves the empty default that the answer reports as a fact",
      code: inTool(
        `  let tags: string[] = [];
  try {
    tags = await listTags(args.id);
  } /*>*/catch {
    // tags are optional
  }
  return { content: [{ type: "text", text: \`Tags: \${tags.length}\` }] };`,
        "declare function listTags(id: string): Promise<string[]>;",
      ),
      errors: [{ messageId: "swallowedEmpty", reported: "catch", data: { value: "an empty array", tool: INSIDE() } }],
      output: null,
    }),
    invalid({
      name: "an empty value that a destructured Promise.all carries into the answer",
      code: inTool(
        '  const [order, notes] = await Promise.all([loadOrder(args.id), loadNotes(args.id)]);\n  return { content: [{ type: "text", text: JSON.stringify({ order, notes }) }] };',
        `${ORDER}\n${NOTES("return /*>*/[];")}`,
      ),
      errors: [
        {
          messageId: "swallowedEmpty",
          reported: "[]",
          data: { value: "an empty array", tool: INSIDE() },
          suggestions: (code) => rethrow(code, "return [];", '"loadNotes failed"', "error", ["} catch {", "} catch (error) {"]),
        },
      ],
      output: null,
    }),
    invalid({
      name: "an empty value mapped over the inputs and flattened into the answer",
      code: inTool(
        '  const lists = await Promise.all(args.ids.map(async (id) => loadNotes(id)));\n  return { content: [{ type: "text", text: JSON.stringify(lists.flat()) }] };',
        NOTES("return /*>*/[];"),
      ),
      errors: [
        {
          messageId: "swallowedEmpty",
          reported: "[]",
          data: { value: "an empty array", tool: INSIDE() },
          suggestions: (code) => rethrow(code, "return [];", '"loadNotes failed"', "error", ["} catch {", "} catch (error) {"]),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a promise's .catch that answers a failure with an empty array",
      code: inTool(
        '  const notes = await loadNotes(args.id).catch(() => /*>*/[]);\n  return { content: [{ type: "text", text: JSON.stringify({ id: args.id, notes }) }] };',
        "declare function loadNotes(id: string): Promise<string[]>;",
      ),
      errors: [{ messageId: "swallowedEmpty", reported: "[]", data: { value: "an empty array", tool: INSIDE() } }],
      output: null,
    }),
    invalid({
      name: "a .catch whose one return answers a failed body read with text that claims success",
      code: `async function bodyOf(response: Response): Promise<string> {
  if (!response.ok) throw new Error(\`The archive answered HTTP \${response.status}\`);
  return response.text().catch(() => {
    return /*>*/'{"archived": true, "ok": true}';
  });
}
${inTool('  const text = await bodyOf(await archive(args.id));\n  return { content: [{ type: "text", text }] };', "declare function archive(id: string): Promise<Response>;")}`,
      errors: [
        {
          messageId: "swallowedSuccess",
          reported: `'{"archived": true, "ok": true}'`,
          data: { value: 'made-up success text (`{"archived": true, "ok": true}`)', tool: INSIDE() },
        },
      ],
      output: null,
    }),
    invalid({
      name: "a .catch that answers with a success object of constants",
      code: inTool(
        '  const outcome = await removeTag(args.id).catch(() => (/*>*/{ ok: true }));\n  return { content: [{ type: "text", text: JSON.stringify(outcome) }] };',
        "declare function removeTag(id: string): Promise<{ ok: boolean }>;",
      ),
      errors: [{ messageId: "swallowedSuccess", reported: "{ ok: true }", data: { value: "a made-up success object", tool: INSIDE() } }],
      output: null,
    }),
    invalid({
      name: "a per-account .catch whose empty lists are flattened, narrowed and copied into the answer",
      code: inTool(
        `  const perAccount = await Promise.all((await listAccounts()).map((account) => listTransactions(account.id).catch(() => /*>*/[])));
  let found = perAccount.flat();
  if (args.payee) found = found.filter((t) => t.payee === args.payee);
  if (!Array.isArray(found)) throw new Error("The ledger answered with no list");
  const safe = found === undefined ? null : JSON.parse(JSON.stringify(found));
  return { content: [{ type: "text", text: JSON.stringify(safe) }] };`,
        "declare function listAccounts(): Promise<{ id: string }[]>;\ndeclare function listTransactions(id: string): Promise<{ payee: string }[]>;",
      ),
      errors: [{ messageId: "swallowedEmpty", reported: "[]", data: { value: "an empty array", tool: INSIDE() } }],
      output: null,
    }),
    invalid({
      name: "a catch that answers one error class with a payload saying it failed",
      code: inTool(
        `  try {
    return { content: [{ type: "text", text: JSON.stringify(await callUpstream(args.path)) }] };
  } catch (error) {
    if (error instanceof UpstreamError) {
      return { content: [{ type: "text", text: JSON.stringify({ /*>*/status: "error", httpStatus: error.status }) }] };
    }
    throw error;
  }`,
        "class UpstreamError extends Error { status = 500; }\ndeclare function callUpstream(path: string): Promise<unknown>;",
      ),
      errors: [
        {
          messageId: "failurePayload",
          reported: 'status: "error"',
          data: { tool: START(), field: 'status: "error"' },
          suggestions: (code) => [
            ...addIsError(code, (_, retryable, value) => [
              ["JSON.stringify({ status", `JSON.stringify({ errorCategory: ${value}, isRetryable: ${String(retryable)}, status`],
              ["error.status }) }] };", "error.status }) }], isError: true };"],
            ]),
            ...rethrow(
              code,
              'return { content: [{ type: "text", text: JSON.stringify({ status: "error", httpStatus: error.status }) }] };',
              '"search_docs failed"',
            ),
          ],
        },
      ],
      output: null,
    }),
  );

  // A catch that returns an object whose field says the call failed, and a caller that answers
  // with that field: the failure text reaches the agent in a successful result.
  const FETCH_DOCS = (returned: string) => `async function fetchDocs(topic) {
  try {
    const response = await fetch(\`https://docs.example.com/\${topic}\`, { signal: AbortSignal.timeout(5000) });
    return { data: await response.text(), error: undefined };
  } catch (error) {
    const message = \`Error fetching the docs: \${error}\`;
    return ${returned};
  }
}`;
  for (const [name, body] of [
    ["reads the field", `  const docs = await fetchDocs(args.topic);\n  return { content: [{ type: "text", text: docs.data }] };`],
    ["destructures the field", `  const { data } = await fetchDocs(args.topic);\n  return { content: [{ type: "text", text: data }] };`],
    ["reads the field of the awaited call", `  return { content: [{ type: "text", text: (await fetchDocs(args.topic)).data }] };`],
  ] as const) {
    invalidCases.push(
      invalid({
        name: `a catch's failure text in a field, and a caller that ${name}`,
        code: inTool(body, FETCH_DOCS("/*>*/{ data: message }")),
        errors: [
          {
            messageId: "swallowedResult",
            reported: "{ data: message }",
            data: { tool: START() },
            suggestions: (code) => rethrow(code, "return { data: message };", "message"),
          },
        ],
        output: null,
      }),
    );
  }
  invalidCases.push(
    invalid({
      name: "a catch's failure text in an error field that the caller answers with, as a default",
      code: inTool(
        `  const docs = await fetchDocs(args.topic);
  if (!docs.data) return { content: [{ type: "text", text: docs.error ?? "No docs on this topic." }] };
  return { content: [{ type: "text", text: docs.data }] };`,
        FETCH_DOCS("/*>*/{ data: undefined, error: message }"),
      ),
      errors: [
        {
          messageId: "swallowedResult",
          reported: "{ data: undefined, error: message }",
          data: { tool: START() },
          suggestions: (code) => rethrow(code, "return { data: undefined, error: message };", "message"),
        },
      ],
      output: null,
    }),
  );
  valid.push(
    {
      name: "a catch's failure text in an error field that the caller fails on",
      code: inTool(
        `  const docs = await fetchDocs(args.topic);
  if (docs.error) return { isError: true, content: [{ type: "text", text: docs.error }] };
  return { content: [{ type: "text", text: docs.data }] };`,
        FETCH_DOCS("{ data: undefined, error: message }"),
      ),
    },
    {
      name: "a catch's object with no failure wording (a fallback the caller answers with)",
      code: inTool(
        `  const docs = await fetchDocs(args.topic);\n  return { content: [{ type: "text", text: docs.data }] };`,
        FETCH_DOCS('{ data: "See https://docs.example.com for the docs." }'),
      ),
    },
    {
      name: "a catch's failure text in a field that no caller reads",
      code: inTool(
        `  const docs = await fetchDocs(args.topic);\n  return { content: [{ type: "text", text: String(docs.data ?? "") }] };`,
        FETCH_DOCS("{ data: undefined, error: message }"),
      ),
    },
    {
      // The caller's result is an error one whenever the object says it failed, as the catch's does.
      name: "a catch's failure text in a result that spreads the object's own failure flag",
      code: inTool(
        `  const docs = await fetchDocs(args.topic);
  return { content: [{ type: "text", text: docs.data }], ...(docs.failed && { isError: true }) };`,
        FETCH_DOCS("{ data: message, failed: true }"),
      ),
    },
  );

  // A catch that returns an object flagged as failed, and a caller that tests the flag but answers
  // successfully either way; and items a loop drops when a helper swallowed their failure.
  const RETRIEVE = (returned: string) => `async function retrieve(query) {
  try {
    const response = await fetch(\`https://kb.example.com/search?q=\${query}\`);
    return { passages: await response.json(), ok: true };
  } catch (error) {
    return ${returned};
  }
}`;
  const loadThumb = `async function loadThumb(url) {
  try {
    const response = await fetch(url);
    return await response.text();
  } catch {
    return /*>*/null;
  }
}`;
  valid.push(
    {
      name: "a failure flag whose failing branch returns an error result",
      code: inTool(
        `  const found = await retrieve(args.query);
  if (found.ok) return { content: [{ type: "text", text: found.passages.join("\\n") }] };
  return { isError: true, content: [{ type: "text", text: "The knowledge base could not be searched." }] };`,
        RETRIEVE("{ passages: [], ok: false }"),
      ),
    },
    {
      name: "a failure flag whose failing branch throws",
      code: inTool(
        `  const found = await retrieve(args.query);
  if (!found.ok) throw new Error("The knowledge base could not be searched.");
  return { content: [{ type: "text", text: found.passages.join("\\n") }] };`,
        RETRIEVE("{ passages: [], ok: false }"),
      ),
    },
    {
      name: "a loop that records the items it could not load",
      code: inTool(
        `  const parts = [];
  const failed = [];
  for (const url of args.urls) {
    const thumb = await loadThumb(url);
    if (thumb) parts.push({ type: "text", text: thumb });
    else failed.push(url);
  }
  return { content: [...parts, { type: "text", text: \`Could not load: \${failed.join(", ")}\` }] };`,
        loadThumb.replace("/*>*/", ""),
      ),
    },
  );
  invalidCases.push(
    invalid({
      name: "a failure flag whose failing branch answers successfully",
      code: inTool(
        `  const found = await retrieve(args.query);
  if (found.ok) {
    return { content: [{ type: "text", text: found.passages.join("\\n") }] };
  } else {
    return { content: [{ type: "text", text: "Retrieval failed or found nothing." }] };
  }`,
        RETRIEVE("/*>*/{ passages: [], ok: false }"),
      ),
      errors: [
        {
          messageId: "swallowedResult",
          reported: "{ passages: [], ok: false }",
          data: { tool: START() },
          suggestions: (code) => rethrow(code, "return { passages: [], ok: false };", '"retrieve failed"'),
        },
      ],
      output: null,
    }),
    invalid({
      name: "a loop that drops the items a helper could not load",
      code: inTool(
        `  const parts = [];
  for (const url of args.urls) {
    const thumb = await loadThumb(url);
    if (thumb) parts.push({ type: "text", text: thumb });
  }
  return { content: parts };`,
        loadThumb,
      ),
      errors: [nullInBareCatch('"loadThumb failed"')],
      output: null,
    }),
    invalid({
      name: "a loop that skips an item a helper could not load with continue",
      code: inTool(
        `  const parts = [];
  for (const url of args.urls) {
    const thumb = await loadThumb(url);
    if (!thumb) continue;
    parts.push({ type: "text", text: thumb });
  }
  return { content: parts };`,
        loadThumb,
      ),
      errors: [nullInBareCatch('"loadThumb failed"')],
      output: null,
    }),
  );

  invalidCases.push(
    invalid({
      // A partial-result marker left empty warns of nothing.
      name: "a catch whose result carries an empty warnings list",
      code: catchIn('return /*>*/{ content: [{ type: "text", text: JSON.stringify({ hits: [], warnings: [] }) }] };'),
      errors: [
        {
          messageId: "swallowedResult",
          reported: '{ content: [{ type: "text", text: JSON.stringify({ hits: [], warnings: [] }) }] }',
          data: { tool: START(), field: "" },
          suggestions: (code) => [
            ...addIsError(code, (_, retryable, value) => [
              ["hits: [], warnings: [] }) }]", `errorCategory: ${value}, isRetryable: ${String(retryable)}, hits: [], warnings: [] }) }], isError: true`],
            ]),
            ...rethrow(code, 'return { content: [{ type: "text", text: JSON.stringify({ hits: [], warnings: [] }) }] };', '"search_docs failed"'),
          ],
        },
      ],
      output: null,
    }),
    invalid({
      // The call repairs the connection; the answer is still the failure, with no `isError`.
      name: "a catch that awaits a repair it does not read and answers with the caught message",
      code: catchIn(`let message = String(error);
    if (message.includes("Target closed")) {
      await browser.reset();
      message = \`Connection reset: \${message}\`;
    }
    return /*>*/{ content: [{ type: "text", text: message }] };`),
      errors: [
        {
          messageId: "swallowedResult",
          reported: '{ content: [{ type: "text", text: message }] }',
          data: { tool: START(), field: "" },
          suggestions: (code) => [
            ...textToJson(code, "message"),
            ...rethrow(code, 'return { content: [{ type: "text", text: message }] };', '"search_docs failed"'),
          ],
        },
      ],
      output: null,
    }),
    invalid({
      // "cache" here names what failed, not where the answer came from.
      name: "a catch whose failure text names a cache as its subject",
      code: catchIn('logger.error(error);\n    return /*>*/{ content: [{ type: "text", text: `Failed to get cache health: ${error.message}` }] };'),
      errors: [
        {
          messageId: "swallowedResult",
          reported: '{ content: [{ type: "text", text: `Failed to get cache health: ${error.message}` }] }',
          data: { tool: START(), field: "" },
          suggestions: (code) => [
            ...textToJson(code, "`Failed to get cache health: ${error.message}`"),
            ...rethrow(
              code,
              'return { content: [{ type: "text", text: `Failed to get cache health: ${error.message}` }] };',
              "`Failed to get cache health: ${error.message}`",
            ),
          ],
        },
      ],
      output: null,
    }),
    invalid({
      name: "a catch whose formatted failure text reads a detail its branches set from the error",
      code: catchIn(`let detail = "";
    if (error.code === "ENOENT") detail = \`Helper missing: \${error.message}\`;
    else detail = \`Helper failed: \${error.message}\`;
    return /*>*/{ content: [{ type: "text", text: this.prefix(\`Launch failed\\n\${detail}\`) }] };`),
      errors: [
        {
          messageId: "swallowedResult",
          reported: '{ content: [{ type: "text", text: this.prefix(`Launch failed\\n${detail}`) }] }',
          data: { tool: START(), field: "" },
          suggestions: (code) => [
            ...textToJson(code, "this.prefix(`Launch failed\\n${detail}`)"),
            ...rethrow(code, 'return { content: [{ type: "text", text: this.prefix(`Launch failed\\n${detail}`) }] };', "`Launch failed\\n${detail}`"),
          ],
        },
      ],
      output: null,
    }),
    invalid({
      name: "a catch whose failure text goes through a formatter",
      code: catchIn('return /*>*/{ content: [{ type: "text", text: this.prefix(`❌ Launch failed: ${error.message}`) }] };'),
      errors: [
        {
          messageId: "swallowedResult",
          reported: '{ content: [{ type: "text", text: this.prefix(`❌ Launch failed: ${error.message}`) }] }',
          data: { tool: START(), field: "" },
          suggestions: (code) => [
            ...textToJson(code, "this.prefix(`❌ Launch failed: ${error.message}`)"),
            ...rethrow(
              code,
              'return { content: [{ type: "text", text: this.prefix(`❌ Launch failed: ${error.message}`) }] };',
              "`❌ Launch failed: ${error.message}`",
            ),
          ],
        },
      ],
      output: null,
    }),
  );

  invalidCases.push(
    invalid({
      // The selected errors are failures the user can act on; the agent still takes them for answers.
      name: "a catch that answers the errors of one class with their own message, as a success",
      code: catchIn(`if (error instanceof UserFacingError) {
      return /*>*/{ content: [{ type: "text", text: \`\${error.message}. Fix the input and try again.\` }] };
    }
    return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: true, description: String(error) }) }] };`),
      errors: [
        {
          messageId: "swallowedResult",
          reported: '{ content: [{ type: "text", text: `${error.message}. Fix the input and try again.` }] }',
          data: { tool: START(), field: "" },
          suggestions: (code) => [
            ...textToJson(code, "`${error.message}. Fix the input and try again.`"),
            ...rethrow(
              code,
              'return { content: [{ type: "text", text: `${error.message}. Fix the input and try again.` }] };',
              "`${error.message}. Fix the input and try again.`",
            ),
          ],
        },
      ],
      output: null,
    }),
  );

  /** A client method whose catch answers with a JSON failure payload, and a tool that shows what it returns. */
  const stringified = (payload: string, answer = "String(result)"): string =>
    inTool(
      `  const result = await runApi("search", args);
  return { content: [{ type: "text", text: ${answer} }] };`,
      `async function runApi(method, args) {
  try {
    const output = await callApi(method, args);
    return JSON.stringify(output);
  } catch (error) {
    return JSON.stringify(${payload});
  }
}`,
    );
  invalidCases.push(
    invalid({
      name: "a helper's catch that answers with a JSON failure payload, shown by the tool as its answer",
      code: stringified('{ /*>*/error: { message: error.message, type: "api_error" } }'),
      errors: [
        {
          messageId: "failurePayload",
          reported: 'error: { message: error.message, type: "api_error" }',
          data: { tool: START(), field: 'error: { message: error.message, type: "api_error" }' },
          suggestions: (code) => rethrow(code, 'return JSON.stringify({ error: { message: error.message, type: "api_error" } });', '"search_docs failed"'),
        },
      ],
      output: null,
    }),
  );
  valid.push(
    { name: "a JSON failure payload that the tool does not answer with", code: stringified("{ error: { message: error.message } }", '"Search started."') },
    { name: "a JSON payload that says nothing failed", code: stringified("{ results: [], cached: true }") },
  );

  ruleTester.run("no-swallowed-failure", rule, { valid, invalid: invalidCases });
});
