/**
 * `no-swallowed-failure`: a stand-in that skips the only branch of an `if`
 * (`if (output.trim()) { ... totalMerges++ }` after `.catch(() => "")`). For the failure nothing
 * runs, so what the branch would have filled (a counter, a list, a map) keeps its first value, and
 * the answer that reads it says "0 merges" for a git log that failed.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A tool that counts merges from `git log`, whose failure `.catch` turns into `""`; `branch` reads the log. */
const merges = (branch: string, answer = "JSON.stringify({ totalMerges, files: [...perFile.keys()] })"): string =>
  `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "git", version: "1.0.0" });
declare function execGit(args: string[], cwd: string): Promise<string>;
server.registerTool("merge_hotspots", { inputSchema: {} }, async ({ repo }: { repo: string }) => {
  let totalMerges = 0;
  const perFile = new Map<string, number>();
  const warnings: string[] = [];
  const output = await execGit(["log", "--merges", "--name-only"], repo).catch(() => "");
${branch}
  return { content: [{ type: "text", text: ${answer} }] };
});`;

const COUNT = `    for (const section of output.split(/^MERGE:/m)) {
      totalMerges++;
      for (const file of section.split("\\n")) perFile.set(file, (perFile.get(file) ?? 0) + 1);
    }`;

describe("no-swallowed-failure: what a skipped branch would have filled", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The branch the stand-in takes says the log could not be read.
      { code: merges(`  if (output.trim()) {\n${COUNT}\n  } else {\n    warnings.push("git log failed: merge counts are unknown");\n  }`) },
      // What the skipped branch fills never reaches the answer.
      { code: merges(`  if (output.trim()) {\n${COUNT}\n  }`, '"merge log read"') },
    ],
    invalid: [
      {
        code: merges(`  if (output.trim()) {\n${COUNT}\n  }`),
        errors: [{ messageId: "swallowedEmpty", line: 8 }],
      },
      // The skipped branch answers itself: the stand-in goes on to "No merges", which is the same defect.
      {
        code: merges(`  if (output.trim()) {\n${COUNT}\n    return { content: [{ type: "text", text: String(totalMerges) }] };\n  }`, '"No merges"'),
        errors: [{ messageId: "swallowedEmpty", line: 8 }],
      },
      // Only a counter is filled, from sections the answer never reads.
      {
        code: merges(`  if (output.trim()) {\n    for (const section of output.split(/^MERGE:/m)) totalMerges++;\n  }`, "JSON.stringify({ totalMerges })"),
        errors: [{ messageId: "swallowedEmpty", line: 8 }],
      },
      // The same test written `output.trim().length > 0`.
      {
        code: merges(`  if (output.trim().length > 0) {\n${COUNT}\n  }`),
        errors: [{ messageId: "swallowedEmpty", line: 8 }],
      },
    ],
  });
});

/**
 * A tool that answers with a model's details, and its card appended when asked; the card's read
 * answers a failure with `null`. `ifCard` is what the tool does with the card, `fallback` the answer after it.
 */
const card = (ifCard: string, fallback = "return format(details);"): string =>
  `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "models", version: "1.0.0" });
declare function loadDetails(id: string): Promise<{ id: string; likes: number }>;
function format(details: { id: string; likes: number }) {
  return { content: [{ type: "text" as const, text: \`\${details.id}: \${details.likes} likes\` }] };
}
async function readCard(id: string): Promise<string | null> {
  try {
    const response = await fetch(\`https://models.example.org/\${id}/card.md\`, { signal: AbortSignal.timeout(5000) });
    return await response.text();
  } catch {
    return null;
  }
}
server.registerTool("model_details", { inputSchema: {} }, async ({ id, withCard }: { id: string; withCard: boolean }) => {
  const details = await loadDetails(id);
  if (withCard) {
    const text = await readCard(id);
${ifCard}
  }
  ${fallback}
});`;

const APPENDED = `    if (text) {
      const result = format(details);
      result.content.push({ type: "text", text });
      return result;
    }`;

describe("no-swallowed-failure: a skipped branch that answers with the value added", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // Without the card the tool says so.
      {
        code: card(
          `${APPENDED}\n    return { content: [...format(details).content, { type: "text" as const, text: "The model card could not be read." }] };`,
        ),
      },
    ],
    invalid: [
      // For the failure the tool answers with the details alone, as if the model had no card.
      {
        code: card(APPENDED),
        errors: [
          {
            messageId: "swallowedEmpty",
            line: 12,
            suggestions: [
              {
                messageId: "rethrowWithCause",
                data: { cause: "error" },
                output: card(APPENDED).replace(
                  "} catch {\n    return null;",
                  '} catch (error) {\n    throw new Error("readCard failed", { cause: error });',
                ),
              },
            ],
          },
        ],
      },
    ],
  });
});
