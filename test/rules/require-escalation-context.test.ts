import type { InvalidTestCase, SuggestionOutput, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds, type Options } from "../../src/rules/require-escalation-context.js";
import { type Expected, inTool, invalid as invalidCase, replaceOnce } from "../cases.js";
import { createRuleTester } from "../rule-tester.js";
import { SHAPES, toolOf } from "../shapes.js";

type Valid = ValidTestCase<Options>;
type Invalid = InvalidTestCase<MessageIds, Options>;

const ruleTester = createRuleTester();
const invalid = invalidCase<MessageIds, Options>;

const SEARCH_DOCS = 'tool "search_docs"';
const SLEEP = "function sleep(ms) {\n  return new Promise((resolve) => setTimeout(resolve, ms));\n}";

// The clauses of the one message, as the rule words them for the default vocabulary.
const NO_ATTEMPTS = {
  problem: "does not say how many attempts were made, so the agent cannot tell that the step was already retried and may retry it all over again",
  fix: "add `attempts` or `attemptHistory` (how many attempts, against what, how each failed)",
};
const leftOut = (held: string, fields = "`partialResult` or `partialResults`"): { problem: string; fix: string } => ({
  problem: `leaves out the results already gathered (${held}), so the work that succeeded is lost to the agent`,
  fix: `pass ${held} on as ${fields}`,
});
const RETRYABLE = {
  problem: "says `isRetryable: true` although the local retries are spent, so the agent repeats them at once",
  fix: "set `isRetryable` to false: retrying the whole operation is the caller's decision",
};

type Gap = { problem: string; fix: string };

/** The message data for these gaps, in the rule's order (attempts, results, retryable). */
function data(gaps: readonly Gap[], tool = SEARCH_DOCS): Record<string, string> {
  const fixes = gaps.map((g) => g.fix);
  const joined = fixes.length < 2 ? (fixes[0] ?? "") : `${fixes.slice(0, -1).join(", ")} and ${fixes.at(-1) ?? ""}`;
  return {
    tool,
    problems: gaps.map((g, i) => (i === 0 ? g.problem : `and it ${g.problem}`)).join("; "),
    fixes: joined.charAt(0).toUpperCase() + joined.slice(1),
  };
}

/** One finding at the marked `return`. */
function gives(gaps: readonly Gap[], options: { tool?: string; suggest?: [string, string, string] } = {}): Expected<MessageIds> {
  const suggest = options.suggest;
  return {
    messageId: "missingEscalationContext",
    reported: "return",
    data: data(gaps, options.tool),
    ...(suggest
      ? {
          suggestions: (code: string): SuggestionOutput<MessageIds>[] => [
            { messageId: "addAttempts", data: { property: suggest[0] }, output: replaceOnce(code, suggest[1], suggest[2]) },
          ],
        }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Every handler shape: a retry loop whose last attempt gives up with a transient error.

const FAILURE = 'errorCategory: "transient", isRetryable: true, description: "The docs search failed on every attempt."';
const giveUpOnLastAttempt = (failure: string): string => `    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const response = await fetch("https://docs.example.com/search?q=" + args.query);
        return { content: [{ type: "text", text: await response.text() }] };
      } catch (error) {
        if (error.status < 500) throw error;
        if (attempt === 2) {
          const failure = { ${failure} };
          /*>*/return { content: [{ type: "text", text: JSON.stringify(failure) }], structuredContent: failure, isError: true };
        }
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt * (0.5 + Math.random())));
      }
    }
    throw new Error("unreachable");`;

const shapeValid: Valid[] = SHAPES.map((shape) => ({
  name: `${shape.title}: the last attempt gives up with the attempt count, not retryable`,
  code: shape.wrap(
    giveUpOnLastAttempt('errorCategory: "transient", isRetryable: false, description: "The docs search failed 3 times.", attempts: attempt + 1').replace(
      "/*>*/",
      "",
    ),
  ),
}));

const shapeInvalid: Invalid[] = SHAPES.map((shape) =>
  invalid({
    name: `${shape.title}: the last attempt gives up without the count, marked retryable`,
    code: shape.wrap(giveUpOnLastAttempt(FAILURE)),
    errors: [
      gives([NO_ATTEMPTS, RETRYABLE], {
        tool: toolOf(shape),
        suggest: ["attempts: attempt + 1", `${FAILURE} }`, `${FAILURE}, attempts: attempt + 1 }`],
      }),
    ],
    output: null,
  }),
);

// ---------------------------------------------------------------------------------------------
// Hand-written cases: `registerTool("search_docs")` (`inTool`) unless said otherwise.

/** A transient error result built from a payload object literal. */
const errorResult = (payload: string): string => `{ content: [{ type: "text", text: JSON.stringify({ ${payload} }) }], isError: true }`;

const TRANSIENT = 'errorCategory: "transient", isRetryable: false, description: "The search backend kept timing out."';

/** A `while` loop that counts its attempts in the catch and gives up after the loop. */
const afterTheLoop = (payload: string): string => `  let attempts = 0;
  while (attempts < 3) {
    try {
      const response = await fetch("https://api.example.com/search?q=" + args.query);
      return { content: [{ type: "text", text: await response.text() }] };
    } catch (error) {
      attempts++;
      if (error.status === 404) return { content: [{ type: "text", text: "No such page." }] };
      await sleep(200 * 2 ** attempts * Math.random());
    }
  }
  /*>*/return ${errorResult(payload)};`;

/** An outer loop over ids that gathers pages, each fetched with retries. */
const gatherPages = (payload: string, extra = ""): string => `  const pages = [];
  for (const id of args.ids) {
    for (let attempt = 1; ; attempt++) {
      try {
        pages.push(await (await fetch("https://api.example.com/pages/" + id)).json());
        break;
      } catch (error) {
        if (error.status === 404) throw error;
        if (attempt >= 3) {
          /*>*/return ${errorResult(payload)};
        }
        await sleep(100 * 2 ** attempt * Math.random());
      }
    }
  }${extra}
  return { content: [{ type: "text", text: JSON.stringify(pages) }] };`;

const valid: Valid[] = [
  {
    name: "after the loop: attempts and not retryable",
    code: inTool(afterTheLoop(`${TRANSIENT}, attempts`).replace("/*>*/", ""), SLEEP),
  },
  {
    name: "an attempt history instead of a count",
    code: inTool(
      afterTheLoop(`${TRANSIENT}, attemptHistory: [{ url: "https://api.example.com/search", failures: attempts }]`).replace("/*>*/", ""),
      SLEEP,
    ),
  },
  {
    name: "the gathered pages passed on as partialResults",
    code: inTool(gatherPages(`${TRANSIENT}, attempts: attempt, partialResults: pages`).replace("/*>*/", ""), SLEEP),
  },
  {
    name: "the gathered pages passed on under another name",
    code: inTool(gatherPages(`${TRANSIENT}, attempts: attempt, pagesSoFar: pages.length, pages`).replace("/*>*/", ""), SLEEP),
  },
  {
    name: "a spread in the payload may bring the fields",
    code: inTool(afterTheLoop(`...retryInfo, ${TRANSIENT}`).replace("/*>*/", ""), `${SLEEP}\nconst retryInfo = {};`),
  },
  {
    name: "a payload built by a function the rule cannot see",
    code: inTool(
      afterTheLoop(TRANSIENT).replace("/*>*/", "").replace(`JSON.stringify({ ${TRANSIENT} })`, "JSON.stringify(describeFailure(attempts))"),
      SLEEP,
    ),
  },
  {
    name: "a text-only error result: without any field, it is require-error-classification's",
    code: inTool(afterTheLoop(TRANSIENT).replace("/*>*/", "").replace(`JSON.stringify({ ${TRANSIENT} })`, '"The search failed after 3 attempts."'), SLEEP),
  },
  {
    name: "a permanent error marked retryable is no-retryable-permanent-error's",
    code: inTool(afterTheLoop('errorCategory: "business", isRetryable: true, description: "No such page.", attempts').replace("/*>*/", ""), SLEEP),
  },
  {
    name: "an error result for a permanent failure inside the catch, not under a test of the counter",
    code: inTool(
      `  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      if (error.status === 403) return ${errorResult('errorCategory: "permission", isRetryable: false, description: "The API key may not search."')};
      await sleep(100 * 2 ** attempt * Math.random());
    }
  }
  throw new Error("search failed");`,
      SLEEP,
    ),
  },
  {
    name: "the loop breaks on success: what follows it runs on success too",
    code: inTool(
      `  let response;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      response = await fetch("https://api.example.com/" + args.query);
      break;
    } catch (error) {
      if (error.code !== "ECONNRESET") throw error;
      await sleep(100 * 2 ** attempt * Math.random());
    }
  }
  if (!response) return ${errorResult(TRANSIENT)};
  return { content: [{ type: "text", text: await response.text() }] };`,
      SLEEP,
    ),
  },
  {
    name: "a loop over mirrors tries each one once: no retry",
    code: inTool(
      `  for (const mirror of MIRRORS) {
    try {
      return { content: [{ type: "text", text: await (await fetch(mirror + args.query)).text() }] };
    } catch (error) {
      console.error(error);
    }
  }
  return ${errorResult(TRANSIENT)};`,
      'const MIRRORS = ["https://a.example.com/", "https://b.example.com/"];',
    ),
  },
  {
    name: "pages gathered only after the escalation: nothing gathered yet",
    code: inTool(
      `  const pages = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const index = await (await fetch("https://api.example.com/index")).json();
      for (const id of index.ids) pages.push(id);
      return { content: [{ type: "text", text: JSON.stringify(pages) }] };
    } catch (error) {
      if (error.status === 404) throw error;
      if (attempt === 2) return ${errorResult(`${TRANSIENT}, attempts: attempt + 1`)};
      await sleep(100 * 2 ** attempt * Math.random());
    }
  }
  throw new Error("unreachable");`,
      SLEEP,
    ),
  },
  {
    name: "a collection that never reaches a success result (errors) is no result",
    code: inTool(
      gatherPages(`${TRANSIENT}, attempts: attempt, partialResults: pages`)
        .replace("/*>*/", "")
        .replace("const pages = [];", "const pages = [];\n  const warnings = [];")
        .replace("if (error.status === 404) throw error;", "if (error.status === 404) throw error;\n        warnings.push(String(error));"),
      SLEEP,
    ),
  },
  {
    name: "an awaited token the success result does not read is no result",
    code: inTool(
      `  const token = await fetch("https://auth.example.com/token").then((r) => r.text());
${afterTheLoop(`${TRANSIENT}, attempts`).replace("/*>*/", "").replace('"https://api.example.com/search?q=" + args.query', '"https://api.example.com/search?q=" + args.query, { headers: { authorization: token } }')}`,
      SLEEP,
    ),
  },
  {
    name: "an error helper that takes the attempts, called with them",
    code: inTool(
      afterTheLoop(TRANSIENT).replace("/*>*/", "").replace(errorResult(TRANSIENT), 'toolError("The search backend kept timing out.", attempts)'),
      `${SLEEP}\nfunction toolError(description, attempts) {\n  return { content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: false, description, attempts }) }], isError: true };\n}`,
    ),
  },
  {
    name: "snake-case: attempt_history",
    code: inTool(
      afterTheLoop('error_code: "TIMEOUT", retry_recommended: false, error_message: "Timed out.", attempt_history: []').replace("/*>*/", ""),
      SLEEP,
    ),
    settings: { "mcp-errors": { preset: "snake-case" } },
  },
  {
    name: "a configured attempts field",
    code: inTool(afterTheLoop(`${TRANSIENT}, tries: attempts`).replace("/*>*/", ""), SLEEP),
    settings: { "mcp-errors": { fields: { attempts: "tries" } } },
  },
  {
    name: "nested: the attempts beside the error container",
    code: inTool(afterTheLoop('error: { code: "TIMEOUT", retryable: false, message: "Timed out." }, attempts').replace("/*>*/", ""), SLEEP),
    settings: { "mcp-errors": { preset: "nested" } },
  },
  {
    name: "a retry off every tool's path",
    code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
export async function warmCache() {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/warm")).text() }] };
    } catch (error) {
      if (error.status < 500 || attempt === 2) return ${errorResult('errorCategory: "transient", isRetryable: true, description: "x"')};
    }
  }
}`,
  },
  {
    name: "a helper that throws once its retries are spent: no error result here to judge",
    code: inTool(
      '  return { content: [{ type: "text", text: await fetchWithRetry("https://api.example.com/" + args.query) }] };',
      `async function fetchWithRetry(url) {
  let lastError;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await (await fetch(url)).text();
    } catch (error) {
      if (error.status < 500) throw error;
      lastError = error;
      await sleep(100 * 2 ** attempt * Math.random());
    }
  }
  throw lastError;
}
${SLEEP}`,
    ),
  },
  {
    name: "a count of what the try processed is no attempt counter",
    code: inTool(
      `  let failures = 0;
  let uploaded = 0;
  while (true) {
    try {
      for (const file of args.files) {
        await fetch("https://api.example.com/upload", { method: "POST", body: file });
        uploaded++;
      }
      return { content: [{ type: "text", text: "Uploaded." }] };
    } catch (error) {
      failures++;
      if (uploaded > 0) return ${errorResult('errorCategory: "transient", isRetryable: false, description: "The upload broke off."')};
      if (failures >= 3 || error.status < 500) throw error;
      await sleep(100 * 2 ** failures * Math.random());
    }
  }`,
      SLEEP,
    ),
  },
  {
    name: "a request body built from the input is no result, though the answer echoes it",
    code: inTool(
      `  const body = {};
  body.query = args.query;
  let attempts = 0;
  while (attempts < 3) {
    try {
      const hits = await (await fetch("https://api.example.com/search", { method: "POST", body: JSON.stringify(body) })).json();
      return { content: [{ type: "text", text: JSON.stringify({ query: body.query, hits }) }] };
    } catch (error) {
      attempts++;
      if (error.status === 400) throw error;
      await sleep(100 * 2 ** attempts * Math.random());
    }
  }
  return ${errorResult(`${TRANSIENT}, attempts`)};`,
      SLEEP,
    ),
  },
  {
    name: "a fetched value the answer only names a field of is a label, not a result",
    code: inTool(
      `  const user = await (await fetch("https://api.example.com/users/" + args.user)).json();
  let attempts = 0;
  while (attempts < 3) {
    try {
      const orders = await (await fetch("https://api.example.com/orders?user=" + args.user)).json();
      return { content: [{ type: "text", text: \`Orders of \${user.name}: \${JSON.stringify(orders)}\` }] };
    } catch (error) {
      attempts++;
      if (error.status === 404) throw error;
      await sleep(100 * 2 ** attempts * Math.random());
    }
  }
  return ${errorResult(`${TRANSIENT}, attempts`)};`,
      SLEEP,
    ),
  },
  {
    name: "a business error in a branch it shares with the counter test is about the request",
    code: inTool(
      `  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      if (attempt === 2 || error.status === 404) return ${errorResult('errorCategory: "business", isRetryable: false, description: "No such page."')};
      await sleep(100 * 2 ** attempt * Math.random());
    }
  }
  throw new Error("unreachable");`,
      SLEEP,
    ),
  },
  {
    name: "the gathered pages passed on through the const that formats them",
    code: inTool(
      gatherPages(`${TRANSIENT}, attempts: attempt, done: text`, '\n  const text = pages.map((p) => p.title).join("\\n");')
        .replace("/*>*/", "")
        .replace("JSON.stringify(pages) }] };", "text }] };"),
      SLEEP,
    ),
  },
  { name: "not an MCP file", code: "export function add(a: number, b: number) { return a + b; }" },
];

const invalidCases: Invalid[] = [
  invalid({
    name: "after the loop, without attempts: suggest the counter",
    code: inTool(afterTheLoop(TRANSIENT), SLEEP),
    errors: [gives([NO_ATTEMPTS], { suggest: ["attempts", `${TRANSIENT} })`, `${TRANSIENT}, attempts })`] })],
    output: null,
  }),
  invalid({
    name: "the gathered pages left out of the last attempt's error",
    code: inTool(gatherPages(`${TRANSIENT}, attempts: attempt`), SLEEP),
    errors: [gives([leftOut("`pages`")])],
    output: null,
  }),
  invalid({
    name: "all three at once: one finding; a counter that starts at 1 gets no suggestion",
    code: inTool(gatherPages('errorCategory: "transient", isRetryable: true, description: "Timed out."'), SLEEP),
    errors: [gives([NO_ATTEMPTS, leftOut("`pages`"), RETRYABLE])],
    output: null,
  }),
  invalid({
    name: "an awaited outside call whose result the success answer carries",
    code: inTool(
      `  const profile = await (await fetch("https://api.example.com/users/" + args.user)).json();
  let attempts = 0;
  while (attempts < 3) {
    try {
      const orders = await (await fetch("https://api.example.com/orders?user=" + args.user)).json();
      return { content: [{ type: "text", text: JSON.stringify({ profile, orders }) }] };
    } catch (error) {
      attempts++;
      if (error.status === 404) throw error;
      await sleep(100 * 2 ** attempts * Math.random());
    }
  }
  /*>*/return ${errorResult(`${TRANSIENT}, attempts`)};`,
      SLEEP,
    ),
    errors: [gives([leftOut("`profile`")])],
    output: null,
  }),
  invalid({
    name: "items of an awaited listing gathered before the retry",
    code: inTool(
      `  const listing = await (await fetch("https://api.example.com/folders/" + args.folder)).json();
  const names = [];
  for (const entry of listing.entries) names.push(entry.name);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const sizes = await (await fetch("https://api.example.com/sizes?names=" + names.join(","))).json();
      return { content: [{ type: "text", text: JSON.stringify({ names, sizes }) }] };
    } catch (error) {
      if (error.status < 500) throw error;
      if (attempt === 2) {
        /*>*/return ${errorResult(`${TRANSIENT}, attempts: 3`)};
      }
      await sleep(100 * 2 ** attempt * Math.random());
    }
  }
  throw new Error("unreachable");`,
      SLEEP,
    ),
    errors: [gives([leftOut("`names`")])],
    output: null,
  }),
  invalid({
    name: "counted at the top of each turn of the loop",
    code: inTool(
      `  let attempts = 0;
  while (true) {
    attempts++;
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      if (error.status < 500) throw error;
      if (attempts === 3) {
        /*>*/return ${errorResult(TRANSIENT)};
      }
      await sleep(100 * 2 ** attempts * Math.random());
    }
  }`,
      SLEEP,
    ),
    errors: [gives([NO_ATTEMPTS], { suggest: ["attempts", `${TRANSIENT} })`, `${TRANSIENT}, attempts })`] })],
    output: null,
  }),
  invalid({
    name: "retryable only",
    code: inTool(afterTheLoop('errorCategory: "transient", isRetryable: true, description: "Timed out.", attempts'), SLEEP),
    errors: [gives([RETRYABLE])],
    output: null,
  }),
  invalid({
    name: "counted in the test of the branch that gives up",
    code: inTool(
      `  let failures = 0;
  while (true) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      if (error.status < 500) throw error;
      if (++failures >= 3) {
        /*>*/return ${errorResult(TRANSIENT)};
      }
      await sleep(100 * 2 ** failures * Math.random());
    }
  }`,
      SLEEP,
    ),
    errors: [gives([NO_ATTEMPTS])],
    output: null,
  }),
  invalid({
    name: "after the try, a guard that continues, then the error",
    code: inTool(
      `  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      if (error.status < 500) throw error;
    }
    if (attempt < 2) {
      await sleep(100 * 2 ** attempt * Math.random());
      continue;
    }
    /*>*/return ${errorResult(TRANSIENT)};
  }
  throw new Error("unreachable");`,
      SLEEP,
    ),
    errors: [gives([NO_ATTEMPTS], { suggest: ["attempts: attempt + 1", `${TRANSIENT} })`, `${TRANSIENT}, attempts: attempt + 1 })`] })],
    output: null,
  }),
  invalid({
    name: "a const that names the last attempt",
    code: inTool(
      `  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    try {
      return { content: [{ type: "text", text: await (await fetch("https://api.example.com/" + args.query)).text() }] };
    } catch (error) {
      const lastAttempt = attempt === MAX_ATTEMPTS - 1;
      if (lastAttempt || error.status < 500) {
        /*>*/return ${errorResult(TRANSIENT)};
      }
      await sleep(100 * 2 ** attempt * Math.random());
    }
  }
  throw new Error("unreachable");`,
      `const MAX_ATTEMPTS = 4;\n${SLEEP}`,
    ),
    errors: [gives([NO_ATTEMPTS], { suggest: ["attempts: attempt + 1", `${TRANSIENT} })`, `${TRANSIENT}, attempts: attempt + 1 })`] })],
    output: null,
  }),
  invalid({
    name: "an error helper without an attempts field: reported at the call, no suggestion",
    code: inTool(
      afterTheLoop(TRANSIENT).replace(errorResult(TRANSIENT), 'toolError("The search backend kept timing out.")'),
      `${SLEEP}\nfunction toolError(description) {\n  return { content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: false, description }) }], isError: true };\n}`,
    ),
    errors: [gives([NO_ATTEMPTS])],
    output: null,
  }),
  invalid({
    name: "an error helper whose attempts parameter the call leaves out",
    code: inTool(
      afterTheLoop(TRANSIENT).replace(errorResult(TRANSIENT), 'toolError("The search backend kept timing out.")'),
      `${SLEEP}\nfunction toolError(description, attempts) {\n  return { content: [{ type: "text", text: JSON.stringify({ errorCategory: "transient", isRetryable: false, description, attempts }) }], isError: true };\n}`,
    ),
    errors: [gives([NO_ATTEMPTS])],
    output: null,
  }),
  invalid({
    name: "snake-case wording",
    code: inTool(afterTheLoop('error_code: "TIMEOUT", retry_recommended: true, error_message: "Timed out."'), SLEEP),
    settings: { "mcp-errors": { preset: "snake-case" } },
    errors: [
      {
        ...gives([]),
        data: {
          tool: SEARCH_DOCS,
          problems:
            "does not say how many attempts were made, so the agent cannot tell that the step was already retried and may retry it all over again; and it says `retry_recommended: true` although the local retries are spent, so the agent repeats them at once",
          fixes:
            "Add `attempts` or `attempt_history` (how many attempts, against what, how each failed) and set `retry_recommended` to false: retrying the whole operation is the caller's decision",
        },
        suggestions: (code) => [
          {
            messageId: "addAttempts",
            data: { property: "attempts" },
            output: replaceOnce(code, 'error_message: "Timed out." })', 'error_message: "Timed out.", attempts })'),
          },
        ],
      },
    ],
    output: null,
  }),
  invalid({
    name: "a configured partial-results field",
    code: inTool(gatherPages(`${TRANSIENT}, attempts: attempt`), SLEEP),
    settings: { "mcp-errors": { fields: { partialResults: ["soFar"] } } },
    errors: [gives([leftOut("`pages`", "`soFar`")])],
    output: null,
  }),
];

ruleTester.run("require-escalation-context", rule, {
  valid: [...shapeValid, ...valid],
  invalid: [...shapeInvalid, ...invalidCases],
});
