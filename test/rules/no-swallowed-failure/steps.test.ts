/**
 * `no-swallowed-failure`: a step the input asked for (a branch or a loop that reads it), or the
 * one a function is named for, whose failure the catch only logs or ignores, after which the tool
 * answers as if everything was done.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool } from "../../cases.js";

const ruleTester = createRuleTester();

/** A project created, then linked to the projects the input names; `onError` is the link's catch. */
const withLinks = (onError: string, answer = "JSON.stringify(project)"): string =>
  inTool(
    `    const project = await createProject(args);
    return { content: [{ type: "text", text: ${answer} }] };`,
    `async function createProject(input) {
  const project = await api.create(input.name);
  if (input.dependencies && input.dependencies.length > 0) {
    for (const dependencyId of input.dependencies) {
      try {
        await api.link(project.id, dependencyId);
      } catch (error) {
        ${onError}
      }
    }
  }
  return project;
}`,
  );

/** A document created, then renamed when the input gives a name; the rename's result is not read. */
const withRename = (onError: string): string =>
  inTool(`    const doc = await docs.create(args.folder);
    if (args.title) {
      try {
        const renamed = await docs.rename(doc.id, args.title);
      } catch (error) {
        ${onError}
      }
    }
    return { content: [{ type: "text", text: \`Created \${doc.id}\` }] };`);

/** A search whose result the tool caches, whatever the input: the cache write is the tool's own step. */
const withCacheWrite = (onError: string): string =>
  inTool(`    const hits = await search(args.query);
    try {
      await cache.set(args.query, hits);
    } catch (error) {
      ${onError}
    }
    return { content: [{ type: "text", text: hits.join("\\n") }] };`);

/** A method named for the one step it takes, whose answer says it was taken. */
const ownJob = (method: string, onError: string): string =>
  inTool(
    `    return await switches.${method}(args);`,
    `const switches = {
  async ${method}(input) {
    try {
      await store.${method}(input.reason);
    } catch (error) {
      ${onError}
    }
    return { content: [{ type: "text", text: "Sync enabled." }] };
  },
};`,
  );

const dropped = (step: string, handling = "only logs that") => ({
  messageId: "swallowedStep" as const,
  data: { handling, step, tool: 'tool "search_docs"' },
});

describe("no-swallowed-failure: a requested step whose failure is only logged", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The failure reaches the answer, or the tool fails.
      { code: withLinks("warnings.push(`Could not link ${dependencyId}: ${String(error)}`);", "JSON.stringify({ project, warnings })") },
      { code: withLinks("throw new Error(`Linking ${dependencyId} failed`, { cause: error });") },
      // The catch does more than log: what it does is judged elsewhere.
      { code: withLinks("logger.warn(error); failedLinks.push(dependencyId);") },
      // A step the tool takes on its own, asked for by no input.
      { code: withCacheWrite('logger.warn("cache write failed", error);') },
      // Cleanup the tool does on its own, even in a branch the input decides: a temporary file removed.
      {
        code: inTool(`    const shot = await device.screenshot(args.deviceId, tmpPath);
    if (args.format === "base64") {
      const data = await fs.readFile(tmpPath, "base64");
      try {
        await fs.rm(tmpPath);
      } catch (error) {
        console.warn("Failed to delete the temporary file", error);
      }
      return { content: [{ type: "image", data, mimeType: "image/png" }] };
    }
    return { content: [{ type: "text", text: shot.path }] };`),
      },
      // The promise's own `.catch` has the failure: the try's catch catches nothing of it.
      {
        code: inTool(`    if (args.fresh) {
      try {
        await session.close().catch(() => {});
      } catch {
        // a session that is gone is fine
      }
    }
    const page = await openPage(args.url);
    return { content: [{ type: "text", text: page.title }] };`),
      },
      // A side step dropped on purpose, as its comment says.
      { code: withRename("// best effort: the title can be set again later") },
      // A notification to the client is the protocol's, not a step of the request.
      {
        code: inTool(`    const added = await catalog.activate(args.category);
    if (added.length > 0) {
      try {
        await server.server.sendToolListChanged();
      } catch {
        // the client may not support notifications
      }
    }
    return { content: [{ type: "text", text: \`Activated \${added.length} tools\` }] };`),
      },
      // A generic name is no job of its own.
      { code: ownJob("execute", 'logger.warn("execute failed", error);') },
      // Tidying up in the catch of another failure: the tool is failing already.
      {
        code: inTool(`    const session = await debuggerApi.attach(args.pid);
    if (args.resume) {
      try {
        await debuggerApi.resume(session.id);
      } catch (error) {
        try {
          await debuggerApi.forget(session.id);
        } catch (cleanupError) {
          console.warn("Could not forget the session", cleanupError);
        }
        return { isError: true, content: [{ type: "text", text: \`Attached, but resuming failed: \${String(error)}\` }] };
      }
    }
    return { content: [{ type: "text", text: \`Attached to \${args.pid}\` }] };`),
      },
    ],
    invalid: [
      { code: withLinks("logger.warning(`Failed to link ${dependencyId}`, { error: String(error) });"), errors: [dropped("api.link")] },
      {
        code: withLinks('const context = { dependencyId, error: String(error) };\n        console.error("link failed", context);'),
        errors: [dropped("api.link")],
      },
      { code: withRename('console.warn("Failed to rename the document:", error);'), errors: [dropped("docs.rename")] },
      // The one step the function is named for, asked for by calling it at all.
      { code: ownJob("enableSync", 'logger.warn("enabling sync failed", error);'), errors: [dropped("store.enableSync")] },
      // A helper two tools share: the message names both, as the subject of one verb.
      {
        code: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "docs", version: "1.0.0" });
async function createDoc(input: { folder: string; title?: string }) {
  const doc = await docs.create(input.folder);
  if (input.title) {
    try {
      await docs.rename(doc.id, input.title);
    } catch (error) {
      console.warn("rename failed", error);
    }
  }
  return { content: [{ type: "text" as const, text: \`Created \${doc.id}\` }] };
}
server.registerTool("create_doc", { description: "Creates a document" }, async (args: { folder: string; title?: string }) => createDoc(args));
server.registerTool("copy_doc", { description: "Copies a document" }, async (args: { folder: string; title?: string }) => createDoc(args));`,
        errors: [
          { messageId: "swallowedStep", data: { handling: "only logs that", step: "docs.rename", tool: 'each of the tools "create_doc" and "copy_doc"' } },
        ],
      },
      // Dropped without a word, with or without a comment that says why: the agent is told the same.
      { code: withRename(""), errors: [dropped("docs.rename", "ignores that")] },
      { code: ownJob("enableSync", "// the store may not support it"), errors: [dropped("store.enableSync", "ignores that")] },
      { code: withLinks(""), errors: [dropped("api.link", "ignores that")] },
    ],
  });
});
