/**
 * `no-swallowed-failure`: a predicate whose catch answers `false` (`isSkillAvailable`,
 * `repositoryExists`). Where the try computes the answer from what the call gave back, or the
 * function answers `false` for a real "no" elsewhere, the caller cannot tell the failure from
 * that "no". A probe whose failure is the answer (`try { await access(path); return true }
 * catch { return false }`) says nothing else.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A tool that asks a predicate first; `predicate` is its body, `branch` what the tool does on "no". */
const asking = (predicate: string, branch = 'return { content: [{ type: "text", text: "Explaining is not available for this account." }] };'): string =>
  `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "copilot", version: "1.0.0" });
declare const api: { listSkills(): Promise<{ skills?: string[] }>; explain(query: string): Promise<string> };
async function isSkillAvailable(skill: string): Promise<boolean> {
${predicate}
}
server.registerTool("explain_query", { description: "Explains a query" }, async ({ query }: { query: string }) => {
  const available = await isSkillAvailable("explain");
  if (!available) {
    ${branch}
  }
  return { content: [{ type: "text", text: await api.explain(query) }] };
});`;

const computed = `  try {
    const response = await api.listSkills();
    return (response.skills ?? []).includes(skill);
  } catch {
    return false;
  }`;

/** The finding on the catch's `false`, and its suggestion: rethrow with the cause. */
const answeredFalse = (code: string) => [
  {
    messageId: "swallowedFallback" as const,
    data: { value: "`false`", tool: 'tool "explain_query"' },
    suggestions: [
      {
        messageId: "rethrowWithCause" as const,
        data: { cause: "error" },
        output: code.replace("} catch {\n    return false;", '} catch (error) {\n    throw new Error("isSkillAvailable failed", { cause: error });'),
      },
    ],
  },
];

const elsewhere = asking(`  if (skill.length === 0) return false;
  try {
    await api.listSkills();
    return true;
  } catch {
    return false;
  }`);

const conditional = asking(computed, "").replace(
  'if (!available) {\n    \n  }\n  return { content: [{ type: "text", text: await api.explain(query) }] };',
  'return { content: [{ type: "text", text: available ? await api.explain(query) : "Not available." }] };',
);

/** The answer for "yes" in the consequent, and one for "no" in the `else`. */
const inElse = asking(computed, "").replace(
  'if (!available) {\n    \n  }\n  return { content: [{ type: "text", text: await api.explain(query) }] };',
  'if (available) {\n    return { content: [{ type: "text", text: await api.explain(query) }] };\n  } else {\n    return { content: [{ type: "text", text: "Explaining is not available for this account." }] };\n  }',
);

/** The same tool, registered through a wrapper of the file that makes the text it returns the answer. */
const wrapped = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "copilot", version: "1.0.0" });
declare const api: { listSkills(): Promise<{ skills?: string[] }>; explain(query: string): Promise<string> };
type Callback = (args: { query: string }) => Promise<string>;
const answering = (cb: Callback) => async (args: { query: string }) => {
  const text = await cb(args);
  return { content: [{ type: "text", text }] };
};
const tool = (name: string, cb: Callback) => {
  server.registerTool(name, { description: name }, (args: { query: string }) => answering(cb)(args));
};
async function isSkillAvailable(skill: string): Promise<boolean> {
${computed}
}
tool("explain_query", async ({ query }) => {
  if (!(await isSkillAvailable("explain"))) return "Explaining is not enabled for this account.";
  return api.explain(query);
});`;

/** A worker stopped by a signal, which fails for a process that is gone or not ours; `otherwise` answers a `false`. */
const stopping = (otherwise: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ChildProcess } from "node:child_process";
const server = new McpServer({ name: "workers", version: "1.0.0" });
const workers = new Map<string, ChildProcess>();
function stopWorker(id: string): boolean {
  const worker = workers.get(id);
  if (!worker) return false;
  try {
    worker.kill("SIGTERM");
    return true;
  } catch (error) {
    console.error("stopping the worker failed", error);
    return false;
  }
}
server.registerTool("stop_worker", { description: "Stops a worker" }, async ({ id }: { id: string }) => {
  const stopped = stopWorker(id);
  return { content: [{ type: "text", text: stopped ? \`Stopped \${id}\` : ${otherwise} }] };
});`;

/** The predicate's answer, written in a try whose catch writes a status of its own; `after` runs after the write in the try. */
const status = (after = ""): string =>
  asking(computed, "").replace(
    'const available = await isSkillAvailable("explain");\n  if (!available) {\n    \n  }\n  return { content: [{ type: "text", text: await api.explain(query) }] };',
    `let status = "unchecked";
  try {
    const available = await isSkillAvailable("explain");
    status = available ? "available" : "not available";${after}
  } catch {
    status = "unknown";
  }
  return { content: [{ type: "text", text: \`Explaining is \${status} for this account.\` }] };`,
  );

describe("no-swallowed-failure: `false` from a predicate", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // A probe: the failure is the answer.
      {
        code: asking(`  try {
    await api.listSkills();
    return true;
  } catch {
    return false;
  }`),
      },
      // The caller fails on "no": the failure surfaces either way.
      { code: asking(computed, 'throw new Error("Explaining is not available, or the skill list could not be read");') },
      // The same, with the answer in the branch for "yes" and the failure in the `else` that `false` takes.
      {
        code: asking(computed, "").replace(
          'if (!available) {\n    \n  }\n  return { content: [{ type: "text", text: await api.explain(query) }] };',
          'if (available) {\n    return { content: [{ type: "text", text: await api.explain(query) }] };\n  } else {\n    throw new Error("Explaining is not available, or the skill list could not be read");\n  }',
        ),
      },
      // A catch that answers `false` only for one kind of failure.
      {
        code: asking(`  try {
    const response = await api.listSkills();
    return (response.skills ?? []).includes(skill);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return false;
    throw error;
  }`),
      },
      // The other branch shows something else, and says nothing about the worker.
      { code: stopping("`Worker ${id}: ${workers.size} running`") },
      // `false` after a parse of text already in hand: no access failed.
      {
        code: asking(`  try {
    return (JSON.parse(skill) as { on: boolean }).on;
  } catch {
    return false;
  }`),
      },
    ],
    invalid: [
      { name: "the answer computed from the call's result", code: asking(computed), errors: answeredFalse(asking(computed)) },
      { name: "a real `false` elsewhere in the function, and `true` in the try", code: elsewhere, errors: answeredFalse(elsewhere) },
      { name: "a conditional answer on the predicate", code: conditional, errors: answeredFalse(conditional) },
      // The `else` that `false` takes answers too: "not available" for the failure.
      { name: "an answer in the `else` the predicate's `false` takes", code: inElse, errors: answeredFalse(inElse) },
      { name: "text a wrapper of the file makes the answer of", code: wrapped, errors: answeredFalse(wrapped) },
      // The catch's own status is written only when the try's last statement, the write, did not happen.
      { name: "a status written from the predicate as the try's last statement", code: status(), errors: answeredFalse(status()) },
      {
        name: "a signal that failed, answered as a worker that is not there",
        code: stopping("`No worker found with id ${id}`"),
        errors: [
          {
            messageId: "swallowedFallback",
            data: { value: "`false`", tool: 'tool "stop_worker"' },
            suggestions: [
              {
                messageId: "rethrowWithCause",
                data: { cause: "error" },
                output: stopping("`No worker found with id ${id}`").replace(
                  "return false;\n  }\n}",
                  'throw new Error("stopWorker failed", { cause: error });\n  }\n}',
                ),
              },
            ],
          },
        ],
      },
    ],
  });
});

/** A tool that reports whether a domain is free; `check` is the body of the predicate that fails open. */
const available = (check: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "domains", version: "1.0.0" });
declare function lookUpRecords(domain: string): Promise<string[]>;
async function isAvailable(domain: string): Promise<boolean> {
${check}
}
server.registerTool("check_domain", { description: "Says whether a domain is free" }, async ({ domain }: { domain: string }) => {
  const free = await isAvailable(domain);
  return { content: [{ type: "text", text: JSON.stringify({ domain, status: free ? "available" : "registered" }) }] };
});`;

/** The try answers "taken" where it finds records, and `true` where it finds none. */
const failsOpen = `  try {
    const records = await lookUpRecords(domain);
    if (records.length > 0) return false;
    return true;
  } catch {
    return true;
  }`;

describe("no-swallowed-failure: `true` from a predicate that fails open", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // A probe of absence: the try answers only `false`, so `true` answers only the failure.
      {
        code: available(`  try {
    await lookUpRecords(domain);
    return false;
  } catch {
    return true;
  }`),
      },
    ],
    invalid: [
      {
        name: "a `true` the try also answers where the lookup found nothing",
        code: available(failsOpen),
        errors: [
          {
            messageId: "swallowedFallback",
            data: { value: "`true`", tool: 'tool "check_domain"' },
            suggestions: [
              {
                messageId: "rethrowWithCause",
                data: { cause: "error" },
                output: available(failsOpen).replace(
                  "} catch {\n    return true;",
                  '} catch (error) {\n    throw new Error("isAvailable failed", { cause: error });',
                ),
              },
            ],
          },
        ],
      },
    ],
  });
});
