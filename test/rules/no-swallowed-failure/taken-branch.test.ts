/**
 * `no-swallowed-failure`: a catch's stand-in (`[]`, `null`) takes one branch of an `if` whose test
 * can be worked out for it (`if (accounts && accounts.length > 0)` takes the `else` for `[]`).
 * Only that branch runs when the call failed: when it goes on to the answer ("No billing accounts
 * were found."), the failure is passed off as "none", whatever the other branch says.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A tool that creates a project, then links the first open billing account; `branches` test the accounts. */
const billing = (branches: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "cloud", version: "1.0.0" });
declare const client: {
  createProject(id: string): Promise<void>;
  listAccounts(): Promise<{ name: string; open: boolean }[]>;
  link(id: string, account: string): Promise<{ enabled: boolean }>;
};
async function listAccounts(): Promise<{ name: string; open: boolean }[]> {
  try {
    return await client.listAccounts();
  } catch {
    return [];
  }
}
async function createProject(id: string): Promise<{ id: string; message: string }> {
  await client.createProject(id);
  let message = \`Project \${id} created.\`;
  const warnings: string[] = [];
  const accounts = await listAccounts();
${branches}
  return { id, message: warnings.length > 0 ? message + warnings.join(" ") : message };
}
server.registerTool("create_project", { description: "Creates a project" }, async ({ id }: { id: string }) => {
  const created = await createProject(id);
  return { content: [{ type: "text", text: created.message }] };
});`;

/** The other branch says that linking failed: a failure of another call, not of the listing. */
const linked = (alternate: string, test = "accounts && accounts.length > 0"): string =>
  billing(`  if (${test}) {
    const linked = await client.link(id, accounts[0].name);
    if (linked.enabled) message += \` Linked to \${accounts[0].name}.\`;
    else message += " However, linking the billing account failed.";
  } else {
${alternate}
  }`);

const noAccounts = linked('    message += " No billing accounts were found: link one by hand.";');

/** The same with `null` for a failed read of the README, tested with `!`. */
const readme = (branch: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "docs", version: "1.0.0" });
declare function download(path: string): Promise<string>;
async function readReadme(repo: string): Promise<string | null> {
  try {
    return await download(\`\${repo}/README.md\`);
  } catch {
    return null;
  }
}
server.registerTool("fetch_docs", { description: "Fetches a repository's docs" }, async ({ repo }: { repo: string }) => {
  let text = \`Docs of \${repo}.\`;
  const found = await readReadme(repo);
  if (!found) {
${branch}
  } else {
    text += found.length > 100_000 ? " The README is too large and failed to load." : found;
  }
  return { content: [{ type: "text", text }] };
});`;

/** The finding on the helper's stand-in, and its suggestion: rethrow with the cause. */
/** A tool that creates a repository and answers with next steps; `null` when `gh` fails. */
const publishing = (branches: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { execFileSync } from "node:child_process";
const server = new McpServer({ name: "publisher", version: "1.0.0" });
function createRepo(name: string): string | null {
  try {
    return execFileSync("gh", ["repo", "create", name, "--public"], { encoding: "utf-8" }).trim();
  } catch {
    return null;
  }
}
server.registerTool("publish", { description: "Publishes a skill" }, async ({ name }: { name: string }) => {
  const nextSteps: string[] = [];
  const warnings: string[] = [];
${branches}
  return { content: [{ type: "text", text: JSON.stringify({ success: true, nextSteps, warnings }) }] };
});`;

const manualStep = publishing(`  const url = createRepo(name);
  if (url) {
    nextSteps.push(\`Push the skill to \${url}\`);
  } else {
    nextSteps.push(\`Create the repository by hand: gh repo create \${name}\`);
  }`);

/** A list that holds the stand-in is no stand-in itself: it is always there. */
const held = publishing(`  const urls: (string | null)[] = [];
  urls.push(createRepo(name));
  if (!urls) {
    nextSteps.push("Create the repository by hand.");
  } else {
    warnings.push(\`Check \${urls.join(", ")}\`);
  }`);

const emptied = (code: string, value: string, tool: string, helper: string) => [
  {
    messageId: "swallowedEmpty" as const,
    data: { value, tool: `tool "${tool}"` },
    suggestions: [
      {
        messageId: "rethrowWithCause" as const,
        data: { cause: "error" },
        output: code.replace(/\} catch \{\n {4}return (\[\]|null);/, `} catch (error) {\n    throw new Error("${helper} failed", { cause: error });`),
      },
    ],
  },
];

const otherWayRound = linked('    message += " No billing accounts were found.";', "accounts.length !== 0");
const noReadme = readme('    text += " No README was found.";');

describe("no-swallowed-failure: the branch a stand-in takes", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The branch `[]` takes notes a warning.
      { code: linked('    message += " Link a billing account by hand.";\n    warnings.push("The billing accounts could not be listed.");') },
      // ... or leaves.
      { code: linked('    message += " No billing account to link.";\n    throw new Error(message);') },
      // ... or says that something failed.
      { code: linked('    message += " Listing the billing accounts failed: link one by hand.";') },
      // A test that cannot be worked out for `[]`: either branch may run, and one says that something failed.
      { code: linked('    message += " No open billing account was found.";', "accounts.some((account) => account.open)") },
      // The test is of a list that holds the stand-in, which is always there.
      { code: held },
      // `null` takes the branch that fails.
      { code: readme('    return { content: [{ type: "text", text: "Could not read the README." }], isError: true };') },
    ],
    invalid: [
      {
        name: "`[]` takes the `else` that says there are none",
        code: noAccounts,
        errors: emptied(noAccounts, "an empty array", "create_project", "listAccounts"),
      },
      {
        name: "the test written the other way round",
        code: otherWayRound,
        errors: emptied(otherWayRound, "an empty array", "create_project", "listAccounts"),
      },
      {
        name: "`null` takes the branch that adds a manual step to the answer",
        code: manualStep,
        errors: emptied(manualStep, "`null`", "publish", "createRepo"),
      },
      { name: "`null` takes the branch that says there is none", code: noReadme, errors: emptied(noReadme, "`null`", "fetch_docs", "readReadme") },
    ],
  });
});

/**
 * Keywords of videos, each video's comments added when they can be read; the helper hands the
 * list back in an object that says it worked, and the caller `test`s that object.
 */
const keywords = (test: string, success = "true") => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "videos", version: "1.0.0" });
declare const api: { titles(ids: string[]): Promise<string[]>; comments(id: string): Promise<string[]> };
async function extract(ids: string[]): Promise<{ success: boolean; data: string[]; error?: string }> {
  const all: string[] = [];
  for (const title of await api.titles(ids)) all.push(...title.split(" "));
  for (const id of ids) {
    try {
      all.push(...(await api.comments(id)));
    } catch (error) {
      console.error("comments", error);
    }
  }
  return { success: ${success}, data: all };
}
server.registerTool("extract_keywords", { description: "Keywords of videos" }, async ({ ids }: { ids: string[] }) => {
  const extracted = await extract(ids);
  let text: string;
  if (${test}) {
    text = extracted.data.join(", ");
  } else {
    text = "Extracting the keywords failed.";
  }
  return { content: [{ type: "text", text }] };
});`;

describe("no-swallowed-failure: the branch the object holding a stand-in takes", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // A test of the list's size cannot be worked out for what is left of it.
      { code: keywords("extracted.success && extracted.data.length > 0") },
      // A flag the helper computes is not fixed: it may be false for the failure.
      { code: keywords("extracted.success && extracted.data", "all.length > 0") },
    ],
    invalid: [
      {
        name: "a fixed flag and the list's presence: the branch that answers with the list",
        code: keywords("extracted.success && extracted.data"),
        errors: [{ messageId: "swallowedItems", data: { list: "`all`", tool: 'tool "extract_keywords"' } }],
      },
      {
        name: "the same, with a field the object does not have",
        code: keywords("!extracted.error && extracted.data"),
        errors: [{ messageId: "swallowedItems", data: { list: "`all`", tool: 'tool "extract_keywords"' } }],
      },
    ],
  });
});
