/**
 * `no-swallowed-failure`: a catch that adds nothing to the list its try adds to, and says nothing,
 * so the tool answers with the rest of the list as if it were complete; and a list that carries an
 * empty value a helper's catch gave on to the answer (`results.push(...found)`).
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { fixed, inTool } from "../../cases.js";

const ruleTester = createRuleTester();

/** Matches from every team, gathered team by team into one list the tool answers with. */
const perTeam = (onError: string, answer = "JSON.stringify(matches)"): string =>
  inTool(`    const matches = [];
    for (const team of await listTeams()) {
      try {
        matches.push(...(await searchTeam(team.id, args.query)));
      } catch (error) {
        ${onError}
      }
    }
    return { content: [{ type: "text", text: ${answer} }] };`);

/** Matches from every team, with the failed teams in a list of their own (`answer` reads it or not). */
const withFailures = (answer: string): string =>
  inTool(`    const matches = [];
    const failed = [];
    for (const team of await listTeams()) {
      try {
        matches.push(...(await searchTeam(team.id, args.query)));
      } catch (error) {
        failed.push({ team: team.id, error: String(error) });
      }
    }
    return { content: [{ type: "text", text: ${answer} }] };`);

/** The shared boards, gathered after the loop in a try of their own. */
const sharedBoards = (onError: string): string =>
  inTool(`    const matches = [];
    try {
      const { boards } = await listSharedBoards();
      matches.push(...boards);
    } catch {
      ${onError}
    }
    return { content: [{ type: "text", text: JSON.stringify(matches, null, 2) }] };`);

/** A helper whose catch answers with no boards, pushed into the answer's list. */
const helperList = (onError: string): string =>
  inTool(
    `    const matches = [];
    for (const team of await listTeams()) matches.push(...(await boardsOf(team.id)));
    return { content: [{ type: "text", text: JSON.stringify(matches) }] };`,
    `async function boardsOf(teamId) {
  try {
    const response = await fetch(\`https://boards.example.com/teams/\${teamId}\`, { signal: AbortSignal.timeout(5000) });
    return (await response.json()).boards;
  } catch {
    ${onError}
  }
}`,
  );

/** The shared boards, read in a session callback the try awaits (the push runs, and fails, inside the try). */
const inSession = (onError: string, schedule = "await session.read"): string =>
  inTool(`    const matches = [];
    try {
      ${schedule}(async (tx) => {
        const rows = await tx.run("MATCH (b:Board) RETURN b");
        matches.push(...rows.map((row) => row.name));
      });
    } catch (error) {
      ${onError}
    }
    return { content: [{ type: "text", text: JSON.stringify(matches) }] };`);

/** A helper that gathers the teams' boards and skips the teams it fails on. */
const TEAM_BOARDS = `async function teamBoards(query) {
  const found = [];
  for (const team of await listTeams()) {
    try {
      found.push(...(await searchTeam(team.id, query)));
    } catch {
      continue;
    }
  }
  return found;
}`;

/** The answer's list comes from one helper or another, by scope (`assign` sets it once more, or not). */
const byScope = (assign = ""): string =>
  inTool(
    `    let boards = [];
    switch (args.scope) {
      case "team":
        boards = await teamBoards(args.query);
        break;
      default:
        boards = await listSharedBoards();
    }${assign}
    return { content: [{ type: "text", text: JSON.stringify(boards) }] };`,
    TEAM_BOARDS,
  );

/** One item per team; a failed team's item has no boards, and `onError` may note the failure in `failed`. */
const perTeamItem = (onError: string, answer = "JSON.stringify({ items, failed })"): string =>
  inTool(`    const failed = [];
    const items = await Promise.all((await listTeams()).map(async (team) => {
      try {
        return { team: team.id, boards: await boardsOfTeam(team.id) };
      } catch (error) {
        ${onError}
        return { team: team.id, boards: [] };
      }
    }));
    return { content: [{ type: "text", text: ${answer} }] };`);

/** One item per team, pushed in a loop; the catch pushes `standIn` for a team whose boards could not be read. */
const pushedItem = (standIn: string): string =>
  inTool(`    const items = [];
    for (const team of await listTeams()) {
      try {
        const boards = await boardsOfTeam(team.id);
        items.push({ team: team.id, boards });
      } catch (error) {
        console.warn("boards of a team could not be read", error);
        ${standIn}
      }
    }
    return { content: [{ type: "text", text: JSON.stringify(items) }] };`);

/** The teams' boards, gathered by a helper that skips the teams it fails on; the tool tests the list (`test`) before answering. */
const checkedTeams = (test: string): string =>
  inTool(
    `    const boards = await teamBoards(args.query);
    if (${test}) throw new Error("The boards could not be read");
    return { content: [{ type: "text", text: JSON.stringify(boards) }] };`,
    TEAM_BOARDS,
  );

/** A helper whose catch answers `empty`; the tool tests what it got (`test`) before answering. */
const checkedHelper = (empty: string, test: string): string =>
  withBoardsOf(
    empty,
    `    const boards = await boardsOf(args.team);
    if (${test}) throw new Error(\`The boards of team \${args.team} could not be read\`);
    return { content: [{ type: "text", text: JSON.stringify(boards) }] };`,
  );

/** The tool `body`, with a helper `boardsOf` whose catch answers `empty`. */
const withBoardsOf = (empty: string, body: string): string =>
  inTool(
    body,
    `async function boardsOf(teamId) {
  try {
    const response = await fetch(\`https://boards.example.com/teams/\${teamId}\`, { signal: AbortSignal.timeout(5000) });
    return (await response.json()).boards;
  } catch {
    return ${empty};
  }
}`,
  );

/** A tool that copies what `boardsOf` gives into a list of its own, item by item. */
const LOOPED = `    const found = [];
    for (const board of await boardsOf(args.team)) found.push({ id: board.id, name: board.name });
    return { content: [{ type: "text", text: JSON.stringify(found) }] };`;

/** The report of a helper's catch that answers `empty` (described as `value`), with the suggestion to rethrow. */
const emptyHelper = (code: string, value = "an empty array", empty = "[]") => ({
  messageId: "swallowedEmpty" as const,
  data: { value, tool: 'tool "search_docs"' },
  suggestions: [
    {
      messageId: "rethrowWithCause" as const,
      data: { cause: "error" },
      output: fixed(["} catch {", "} catch (error) {"], [`return ${empty};`, 'throw new Error("boardsOf failed", { cause: error });'])(code),
    },
  ],
});

const dropped = { messageId: "swallowedItems" as const, data: { list: "`matches`", tool: 'tool "search_docs"' } };

/** The matches gathered into a field of the overview the tool answers with. */
const inOverview = (onError: string, answer = 'overview.matches.length === 0 ? "No matches found." : overview.matches.join("\\n")'): string =>
  inTool(`    const overview = { query: args.query, matches: [] };
    for (const team of await listTeams()) {
      try {
        overview.matches.push(...(await searchTeam(team.id, args.query)));
      } catch (error) {
        ${onError}
      }
    }
    return { content: [{ type: "text", text: ${answer} }] };`);

/** A message the tool answers with, started as `opening`, with the teams' matches added as hints. */
const hinted = (opening: string): string =>
  inTool(`    let message = ${opening};
    const matches = [];
    for (const team of await listTeams()) {
      try {
        matches.push(...(await searchTeam(team.id, args.query)));
      } catch {
        continue;
      }
    }
    for (const match of matches.slice(0, 5)) message += \`\\n- \${match.title}\`;
    return { content: [{ type: "text", text: message }] };`);

describe("no-swallowed-failure: a catch that leaves the failed call's items out of the answer", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The catch notes the failure in the overview.
      { code: inOverview("overview.failed = true;") },
      // The answer does not read the field.
      { code: inOverview('console.error("team search failed", error);', "overview.query") },
      // A test of the list's size fails the tool on an empty list: the failure is told apart.
      { code: checkedTeams("boards.length === 0") },
      { code: checkedHelper("[]", "!boards || boards.length === 0") },
      // A presence test does tell a `null` stand-in apart.
      { code: checkedHelper("null", "!boards") },
      // The catch notes the failure in the list, or in warnings the answer carries.
      { code: perTeam("matches.push({ team: team.id, error: String(error) });") },
      { code: perTeam("warnings.push(`Team ${team.id} could not be searched`); continue;") },
      // The stand-in item says that it failed, or carries something made of the failure.
      { code: pushedItem("items.push({ team: team.id, boards: [], error: String(error) });") },
      { code: pushedItem("items.push({ team: team.id, boards: [], note: describe(error) });") },
      { code: pushedItem("items.push({ team: team.id, boards: [], status: 'unreadable' });") },
      // It rethrows, or answers with an error result.
      { code: perTeam("throw new Error(`Searching team ${team.id} failed`, { cause: error });") },
      // The answer is not the list.
      { code: perTeam("continue;", '"Search done."') },
      // The items are hints added to a message that already says the request failed or found nothing.
      { code: hinted('`No document is called "${args.name}". Similar names:`') },
      { code: hinted('"The document could not be opened. Similar names:"') },
      // The catch lists the failure apart, and the answer carries that list.
      { code: withFailures("JSON.stringify({ matches, failed })") },
      // The session callback's failure is answered.
      { code: inSession('matches.push("The boards could not be read.");') },
      // The helper's catch fails.
      { code: helperList("throw new Error(`Boards of team ${teamId} could not be read`);") },
      // Another write of the answer's list may replace the helper's: which one reaches the answer is unknown.
      { code: byScope("\n    if (args.pinned) boards = await listPinnedBoards();") },
      // The failed item is noted, with why, in a list the answer carries.
      { code: perTeamItem("const reason = error instanceof Error ? error.message : String(error);\n        failed.push({ team: team.id, reason });") },
      // Or in the list a map keeps for the item (`outcomes.get(id)?.push(...)`), which the answer carries.
      {
        code: inTool(`    const outcomes = new Map();
    const items = await Promise.all((await listTeams()).map(async (team) => {
      outcomes.set(team.id, []);
      try {
        return { team: team.id, boards: await boardsOfTeam(team.id) };
      } catch (error) {
        outcomes.get(team.id)?.push({ outcome: "service-error", detail: String(error) });
        return { team: team.id, boards: [] };
      }
    }));
    return { content: [{ type: "text", text: JSON.stringify({ items, outcomes: [...outcomes] }) }] };`),
      },
    ],
    invalid: [
      // The catch pushes the usual item with the fetched part empty: the agent sees a team with no boards.
      {
        code: pushedItem("items.push({ team: team.id, boards: [] });"),
        errors: [{ messageId: "swallowedEmpty", data: { value: "an item of `items` with an empty array in `boards`", tool: 'tool "search_docs"' } }],
      },
      // The same message, started as an answer: the missing items make it look complete.
      { code: hinted('`Documents like "${args.name}":`'), errors: [dropped] },
      // The answer says "none" when the list is empty, and lists it otherwise.
      {
        code: perTeam('console.error("team search failed", error);', 'matches.length === 0 ? "No matches found." : matches.join("\\n")'),
        errors: [dropped],
      },
      // A list in a field of an object declared before the try.
      {
        code: inOverview('console.error("team search failed", error);'),
        errors: [{ messageId: "swallowedItems", data: { list: "`overview.matches`", tool: 'tool "search_docs"' } }],
      },
      // The whole object goes on, the list with it.
      {
        code: inOverview('console.error("team search failed", error);', "JSON.stringify(overview)"),
        errors: [{ messageId: "swallowedItems", data: { list: "`overview.matches`", tool: 'tool "search_docs"' } }],
      },
      // A test that the list is there (or is a list) lets an empty list, or one missing the failed items, through.
      {
        code: checkedTeams("!boards || !Array.isArray(boards)"),
        errors: [{ messageId: "swallowedItems", data: { list: "`found`", tool: 'tool "search_docs"' } }],
      },
      { code: checkedHelper("[]", "!boards"), errors: [emptyHelper(checkedHelper("[]", "!boards"))] },
      // Each item of the list goes on as the loop's variable, into the answer's list.
      {
        code: withBoardsOf("[]", LOOPED),
        errors: [emptyHelper(withBoardsOf("[]", LOOPED))],
      },
      { code: checkedHelper("{}", "boards == null"), errors: [emptyHelper(checkedHelper("{}", "boards == null"), "an empty object", "{}")] },
      { code: perTeam("continue;"), errors: [dropped] },
      // A list of failures that nothing reads on says nothing.
      { code: withFailures("JSON.stringify(matches)"), errors: [dropped] },
      { code: perTeam('console.error("team search failed", error);'), errors: [dropped] },
      { code: sharedBoards("// the shared boards are optional"), errors: [dropped] },
      { code: inSession('console.error("board query failed", error);'), errors: [dropped] },
      // Each case of the switch sets the list once: the helper's list is the answer when its case runs.
      { code: byScope(), errors: [{ messageId: "swallowedItems", data: { list: "`found`", tool: 'tool "search_docs"' } }] },
      // The failure is noted in a list the answer never reads: the agent sees a team with no boards.
      {
        code: perTeamItem("failed.push({ team: team.id, reason: String(error) });", "JSON.stringify(items)"),
        errors: [
          {
            messageId: "swallowedEmpty",
            data: { value: "an empty array in `boards`", tool: 'tool "search_docs"' },
            suggestions: [
              {
                messageId: "rethrowWithCause",
                data: { cause: "error" },
                output: fixed(["return { team: team.id, boards: [] };", 'throw new Error("The operation failed", { cause: error });'])(
                  perTeamItem("failed.push({ team: team.id, reason: String(error) });", "JSON.stringify(items)"),
                ),
              },
            ],
          },
        ],
      },
      {
        code: helperList("return [];"),
        errors: [
          {
            messageId: "swallowedEmpty",
            data: { value: "an empty array", tool: 'tool "search_docs"' },
            suggestions: [
              {
                messageId: "rethrowWithCause",
                data: { cause: "error" },
                output: fixed(
                  ["} catch {", "} catch (error) {"],
                  ["return [];", 'throw new Error("boardsOf failed", { cause: error });'],
                )(helperList("return [];")),
              },
            ],
          },
        ],
      },
    ],
  });
});
