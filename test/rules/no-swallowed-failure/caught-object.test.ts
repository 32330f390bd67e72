/**
 * `no-swallowed-failure`: a catch that returns an object made of its failure
 * (`{ status, message }`) from a function whose value the tool answers with as it is, here
 * through a helper of the file that makes a success result of any value.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { fixed, inTool } from "../../cases.js";

const ruleTester = createRuleTester();

const TO_RESULT = `function toResult(value) {
  return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }] };
}`;

/** An operation runner whose catch returns `onError` (`before`: its first statements); the tool answers with `answer`. */
const runner = (onError: string, answer = "toResult(value)", before = ""): string =>
  inTool(
    `    const value = await runOperation(args.id);
    return ${answer};`,
    `${TO_RESULT}
async function runOperation(id) {
  ${before}try {
    const response = await fetch(\`https://ops.example.com/run/\${id}\`, { signal: AbortSignal.timeout(5000) });
    return await response.json();
  } catch (error) {
    const status = error?.response?.status ?? 500;
    const message = error instanceof Error ? error.message : String(error);
    ${onError}
  }
}`,
  );

const ANSWERED = "return { status, message };";
/** The failure as an object that says so: answered whole, the flag is one more field of the data. */
const FLAGGED = "return { success: false, message };";

/** A function of the file that runs the operation in a loop, once per id. */
const PER_ITEM_LOOP = `async function collect(ids) {
  const out = [];
  for (const id of ids) out.push(await runOperation(id));
  return out;
}`;

/** The runner's catch returns `onError`, which the tool answers with as a success: one report, a rethrow offered. */
const answeredWhole = (onError: string) => ({
  code: runner(onError),
  errors: [
    {
      messageId: "swallowedResult" as const,
      data: { tool: 'Tool "search_docs"' },
      suggestions: [
        {
          messageId: "rethrowWithCause" as const,
          data: { cause: "error" },
          output: fixed([onError, 'throw new Error("runOperation failed", { cause: error });'])(runner(onError)),
        },
      ],
    },
  ],
});

/** A summary whose catch gives the usual fields emptied (`emptied`) and the reason; the tool answers with it inside the record. */
const summary = (emptied: string, tried = "return { approved: state.approved, approvers: state.users };"): string =>
  inTool(
    `    const record = { id: args.id, approvals: await approvalsOf(args.id) };
    return { content: [{ type: "text", text: JSON.stringify(record) }] };`,
    `async function approvalsOf(id) {
  try {
    const response = await fetch(\`https://reviews.example.com/\${id}/approvals\`, { signal: AbortSignal.timeout(5000) });
    const state = await response.json();
    ${tried}
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return ${emptied};
  }
}`,
  );

describe("no-swallowed-failure: an object made of the failure, answered as it is", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // A JSON-RPC endpoint written by hand answers with the response envelope: the tool result is
      // its `result`, whose `isError` follows the flag the catch sets.
      {
        code: `function toResult(reply) {
  return { content: [{ type: "text", text: reply.ok ? JSON.stringify(reply.body) : reply.message }], isError: !reply.ok };
}
async function lookup(isbn) {
  let response;
  try {
    response = await fetch(\`https://catalogue.example.com/books/\${isbn}\`, { signal: AbortSignal.timeout(5000) });
  } catch (error) {
    return { ok: false, message: \`The catalogue could not be reached: \${String(error)}\` };
  }
  return { ok: response.ok, message: response.statusText, body: await response.json() };
}
export async function answer(rpc) {
  switch (rpc.method) {
    case "tools/call": {
      const found = await lookup(rpc.params.arguments.isbn);
      return { jsonrpc: "2.0", id: rpc.id, result: toResult(found) };
    }
    default:
      return { jsonrpc: "2.0", id: rpc.id, error: { code: -32601, message: "Unknown method" } };
  }
}`,
      },
      // The tool tests the value before it answers.
      { code: runner(ANSWERED, '"message" in value ? { isError: true, content: [{ type: "text", text: value.message }] } : toResult(value)') },
      // The object also carries data the function had: a partial answer with a note.
      { code: runner("return { id, status, message, steps };", undefined, "const steps = await stepsOf(id);\n  ") },
      // The catch rethrows.
      { code: runner("throw new Error(`Operation ${id} failed: ${message}`, { cause: error });") },
      // A flagged failure the tool tests before it answers.
      { code: runner(FLAGGED, 'value.success === false ? { isError: true, content: [{ type: "text", text: value.message }] } : toResult(value)') },
      // Run once per item, an object that names its item is one failed item among the others: a partial answer.
      { code: runner("return { success: false, id, message };", "toResult(await Promise.all(args.ids.map((id) => runOperation(id))))") },
      {
        code: runner("return { success: false, id, message };", "toResult(await collect(args.ids))").replace(
          "async function runOperation",
          PER_ITEM_LOOP + "\nasync function runOperation",
        ),
      },
      // The usual fields, emptied, with the reason beside them: the answer shows what is missing and why.
      { code: summary("{ approved: null, approvers: [], unavailable_reason: message }") },
      // ... also when the try returns its object through a constant.
      {
        code: summary(
          '{ status: "UNAVAILABLE", approvers: [], unavailable_reason: message }',
          'const found = { status: "OK", approvers: state.users };\n    return found;',
        ),
      },
    ],
    invalid: [
      answeredWhole(ANSWERED),
      answeredWhole(FLAGGED),
      // The function's own argument handed back says what was asked, not what was found.
      answeredWhole("return { success: false, id, message };"),
    ],
  });
});
