/**
 * `no-swallowed-failure`: where the failed value comes from. A try that calls a function of the
 * file that runs a command itself (`exec(cmd)` wrapping `execSync`) made a call that can fail; a
 * value chosen between two sources (`forge === "gitlab" ? getMrUrl(branch) : getPrUrl(branch)`)
 * goes on whichever is taken.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";

const ruleTester = createRuleTester();

/** A tool that reports the pull request of a branch; `lookup` is how the handler gets its URL. */
const pullRequest = (
  lookup: string,
  tried = 'exec(`gh pr list --head "${branch}" --json url`)',
): string => `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { execSync } from "node:child_process";
const server = new McpServer({ name: "forge", version: "1.0.0" });
function exec(cmd: string): string {
  return execSync(cmd, { encoding: "utf8", timeout: 10_000 }).trim();
}
function parse(raw: string): { url: string }[] {
  return JSON.parse(raw);
}
function getPrUrl(branch: string): string | null {
  try {
    const prs = parse(${tried});
    return prs.length > 0 ? prs[0].url : null;
  } catch {
    return null;
  }
}
function getMrUrl(branch: string): string | null {
  return branch.startsWith("mr/") ? branch : null;
}
server.registerTool("branch_status", { inputSchema: {} }, async ({ branch, forge }: { branch: string; forge: string }) => {
  const prUrl = ${lookup};
  return { content: [{ type: "text", text: JSON.stringify({ ok: true, branch, pr_url: prUrl }) }] };
});`;

/** The finding on the catch's `return null`, and its suggestion: rethrow with the cause. */
const invalid = (code: string) => ({
  code,
  errors: [
    {
      messageId: "swallowedEmpty" as const,
      line: 15,
      suggestions: [
        {
          messageId: "rethrowWithCause" as const,
          data: { cause: "error" },
          output: code.replace("  } catch {\n    return null;", '  } catch (error) {\n    throw new Error("getPrUrl failed", { cause: error });'),
        },
      ],
    },
  ],
});

describe("no-swallowed-failure: where the failed value comes from", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The try only parses text it was given: nothing in it can fail but the parse.
      { code: pullRequest("getPrUrl(branch)", "branch") },
      // A name the caller may already have (`Promise.resolve(known)`) or a lookup: the lookup only fills in what is missing.
      { code: pullRequest("await (forge ? Promise.resolve(forge) : getPrUrl(branch))") },
      // A catch that answers with text saying what is missing, chosen between two readers: not followed.
      {
        code: pullRequest('forge === "gitlab" ? getMrUrl(branch) : getPrUrl(branch)').replace(
          "  } catch {\n    return null;",
          '  } catch {\n    return "(pull request list not available)";',
        ),
      },
      // `wanted ? call : undefined` chooses whether a part is there at all: not followed.
      { code: pullRequest('forge === "github" ? getPrUrl(branch) : undefined') },
    ],
    invalid: [invalid(pullRequest("getPrUrl(branch)")), invalid(pullRequest('forge === "gitlab" ? getMrUrl(branch) : getPrUrl(branch)'))],
  });
});
