/**
 * `no-swallowed-failure`: a test of a helper's stand-in whose branches both go on to the answer
 * (`if (projects.length > 0) { text += ... } else { text += " No projects were found." }`). It
 * chooses what the answer says, not whether there is one, so it tells the failure apart from
 * nothing; a branch that leaves, or notes a failure, still may.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A tool that lists projects through a helper that answers `[]` on failure; `branches` test the list. */
const listing = (branches: string, after = ""): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "cloud", version: "1.0.0" });
declare const client: { listProjects(): Promise<string[]> };
async function listProjects(): Promise<string[]> {
  try {
    return await client.listProjects();
  } catch {
    return [];
  }
}
server.registerTool("list_projects", { description: "Lists the projects" }, async () => {
  const projects = await listProjects();
  let text = "Projects:";
  let failed = false;
  const warnings: string[] = [];
${branches}
${after}
  return { content: [{ type: "text", text: warnings.length > 0 ? text + warnings.join("; ") : text } ] };
});`;

/** The same, through a helper of the file that builds a message of the list. */
const summarized = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "cloud", version: "1.0.0" });
declare const client: { createProject(id: string): Promise<void>; listAccounts(): Promise<{ name: string }[]> };
async function listAccounts(): Promise<{ name: string }[]> {
  try {
    return await client.listAccounts();
  } catch {
    return [];
  }
}
async function createProject(id: string): Promise<{ id: string; message: string }> {
  await client.createProject(id);
  let message = \`Project \${id} created.\`;
  const accounts = await listAccounts();
  if (accounts.length > 0) {
    const first = accounts[0];
    message += \` Billing account: \${first.name}.\`;
  } else {
    message += " No billing accounts were found; link one by hand.";
  }
  return { id, message };
}
server.registerTool("create_project", { description: "Creates a project" }, async ({ id }: { id: string }) => {
  const created = await createProject(id);
  return { content: [{ type: "text", text: created.message }] };
});`;

const joined = `  if (projects.length > 0) {
    text += projects.join(", ");
  } else {
    text += " No projects were found.";
  }`;

/** The finding on the helper's `[]`, and its suggestion: rethrow with the cause. */
const emptied = (code: string, tool: string, helper: string) => [
  {
    messageId: "swallowedEmpty" as const,
    data: { value: "an empty array", tool: `tool "${tool}"` },
    suggestions: [
      {
        messageId: "rethrowWithCause" as const,
        data: { cause: "error" },
        output: code.replace("} catch {\n    return [];", `} catch (error) {\n    throw new Error("${helper} failed", { cause: error });`),
      },
    ],
  },
];

/** Devices listed by one tool, with a fallback to another when the first gives none. */
const fallingBack = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "devices", version: "1.0.0" });
declare function run(command: string[]): Promise<{ ok: boolean; output: string }>;
server.registerTool("list_devices", { description: "Lists the connected devices" }, async () => {
  const devices: string[] = [];
  try {
    const listed = await run(["devicectl", "list", "--json"]);
    for (const line of listed.output.split("\\n")) devices.push(line);
  } catch {
    console.info("devicectl failed, trying xctrace");
  }
  if (devices.length === 0) {
    const fallback = await run(["xctrace", "list", "devices"]);
    if (!fallback.ok) return { content: [{ type: "text", text: "Failed to list devices." }], isError: true };
    devices.push(...fallback.output.split("\\n"));
  }
  const named = devices.filter((d) => d.length > 0);
  let text = "Devices:";
  if (named.length === 0) {
    text += " none connected.";
  } else {
    text += named.join(", ");
  }
  return { content: [{ type: "text", text }] };
});`;

/** Records gathered per meeting up to a limit; a meeting whose records fail is skipped. */
const limited = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "votes", version: "1.0.0" });
declare function votesOf(meeting: string): Promise<string[]>;
server.registerTool("list_votes", { description: "Votes of recent meetings" }, async ({ meetings }: { meetings: string[] }) => {
  const records: string[] = [];
  for (const meeting of meetings) {
    try {
      records.push(...(await votesOf(meeting)));
    } catch (error) {
      console.error(meeting, error);
    }
    if (records.length >= 50) break;
  }
  return { content: [{ type: "text", text: JSON.stringify(records) }] };
});`;

/** Images fetched one by one; one that fails is `null`, and the loop skips it. */
const images = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "images", version: "1.0.0" });
declare function download(url: string): Promise<{ data: string; mimeType: string }>;
async function fetchImage(url: string): Promise<{ data: string; mimeType: string } | null> {
  try {
    return await download(url);
  } catch {
    return null;
  }
}
server.registerTool("image_search", { description: "Images for a query" }, async ({ urls }: { urls: string[] }) => {
  const content: { type: "image"; data: string; mimeType: string }[] = [];
  for (const url of urls) {
    const image = await fetchImage(url);
    if (image) {
      const { data, mimeType } = image;
      content.push({ type: "image", data, mimeType });
    }
  }
  return { content };
});`;

/** The list searched for a project: a test no stand-in decides. */
const searched = `  if (projects.includes("default")) {
    text += " The default project is there.";
  } else {
    text += " There is no default project.";
  }
  text += \` \${projects.join(", ")}\`;`;

describe("no-swallowed-failure: a test whose branches both go on", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The list the catch leaves short is tested, and the code falls back to another source.
      { code: fallingBack },
      // A branch that notes the failure in the answer's warnings.
      {
        code: listing(`  if (projects.length > 0) {
    text += projects.join(", ");
  } else {
    warnings.push("the project list may be incomplete");
  }`),
      },
      // A flag set in a branch, tested later.
      {
        code: listing(
          `  if (projects.length > 0) {
    text += projects.join(", ");
  } else {
    failed = true;
  }`,
          '  if (failed) throw new Error("No projects could be listed");',
        ),
      },
      // Text that says the listing failed.
      {
        code: listing(`  if (projects.length > 0) {
    text += projects.join(", ");
  } else {
    text += " The projects could not be listed.";
  }`),
      },
      // A branch that leaves.
      {
        code: listing(`  if (projects.length > 0) {
    text += projects.join(", ");
  } else {
    throw new Error("No projects, or the listing failed");
  }`),
      },
    ],
    invalid: [
      { name: "text chosen by the list's size, in the handler", code: listing(joined), errors: emptied(listing(joined), "list_projects", "listProjects") },
      { name: "a message built in a helper of the tool", code: summarized, errors: emptied(summarized, "create_project", "listAccounts") },
      // A test that cannot be worked out for the stand-in, whose branches both go on.
      { name: "text chosen by a search of the list", code: listing(searched), errors: emptied(listing(searched), "list_projects", "listProjects") },
      // A test in a loop that skips the failed item is an item dropped unseen, not a test that goes on.
      {
        name: "an item skipped in a loop",
        code: images,
        errors: [
          {
            messageId: "swallowedEmpty",
            data: { value: "`null`", tool: 'tool "image_search"' },
            suggestions: [
              {
                messageId: "rethrowWithCause",
                data: { cause: "error" },
                output: images.replace("} catch {\n    return null;", '} catch (error) {\n    throw new Error("fetchImage failed", { cause: error });'),
              },
            ],
          },
        ],
      },
      // A test that only ends the loop tells nothing apart.
      {
        name: "items left out, with a limit on the list",
        code: limited,
        errors: [{ messageId: "swallowedItems", data: { list: "`records`", tool: 'tool "list_votes"' } }],
      },
    ],
  });
});
