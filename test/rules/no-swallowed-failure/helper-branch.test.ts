/**
 * `no-swallowed-failure`: a test of the list the stand-in went into, whose branch answers with a
 * success helper's result (`if (branches.length === 0) return successResponse("No branches
 * found.")`). The branch answers "none" as a success, so the failure still reaches a normal
 * answer; before, a return of any call there was taken for an error answer and ended the walk.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** Branches listed with their commit counts; `none` is what the tool answers for an empty list. */
const branchActivity = (none: string): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "git", version: "1.0.0" });
declare function execGit(args: string[], cwd: string): Promise<string>;
function successResponse(payload: unknown) {
  return { content: [{ type: "text" as const, text: typeof payload === "string" ? payload : JSON.stringify(payload) }] };
}
function errorResponse(text: string) {
  return { content: [{ type: "text" as const, text }], isError: true };
}
server.registerTool("branch_activity", { inputSchema: {} }, async ({ repo, names }: { repo: string; names: string[] }) => {
  const branches: { name: string; commitCount: number }[] = [];
  for (const name of names) {
    let commitCount = 0;
    try {
      commitCount = Number(await execGit(["rev-list", "--count", \`main..\${name}\`], repo));
    } catch {
      // the branch may not diverge
    }
    branches.push({ name, commitCount });
  }
  if (branches.length === 0) return ${none};
  return successResponse(JSON.stringify(branches));
});`;

describe("no-swallowed-failure: a branch that answers with a success helper", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The branch for an empty list answers with an error: the caller tells it apart.
      { code: branchActivity('errorResponse("No branch could be read.")') },
      // It hands the helper a payload that says it failed: told apart there (whether that answer
      // should be an error result is judged where it is written).
      { code: branchActivity('successResponse({ ok: false, error: "No branch could be read." })') },
    ],
    invalid: [
      {
        code: branchActivity('successResponse("No branches found.")'),
        errors: [{ messageId: "swallowedEmpty", line: 16 }],
      },
    ],
  });
});
