/**
 * `no-swallowed-failure`: `Promise.allSettled` whose rejected outcomes a tool answers as "nothing
 * found" (an empty list, "No X found."), with the rejection's reason never read.
 */
import { describe } from "vitest";
import rule from "../../../src/rules/no-swallowed-failure.js";
import { createRuleTester } from "../../rule-tester.js";
import { inTool } from "../../cases.js";

const ruleTester = createRuleTester();

/** A tool that fetches alerts and incidents side by side, then answers with `answer`. */
const settled = (answer: string, before = ""): string =>
  inTool(`    const [alerts, incidents] = await Promise.allSettled([fetchAlerts(args.query), fetchIncidents(args.query)]);
    ${before}
    ${answer}`);

describe("no-swallowed-failure: Promise.allSettled outcomes answered as nothing", () => {
  ruleTester.run("no-swallowed-failure", rule, {
    valid: [
      // The rejection's reason is told.
      {
        code: settled(
          'return { content: [{ type: "text", text: alerts.status === "fulfilled" ? alerts.value.join("\\n") : `Alerts failed: ${String(alerts.reason)}` }] };',
        ),
      },
      // The rejected branch says the request failed.
      {
        code: settled(
          'const lines = [];\n    if (alerts.status === "fulfilled" && alerts.value.length > 0) lines.push(alerts.value.join("\\n"));\n    else lines.push("Could not load the alerts.");\n    return { content: [{ type: "text", text: lines.join("\\n") }] };',
        ),
      },
      // A count of 0 only feeds a test, it is not the answer.
      {
        code: settled(
          'const count = alerts.status === "fulfilled" ? alerts.value.length : 0;\n    return { content: [{ type: "text", text: count > 0 ? `${count} alerts` : "Checked." }] };',
        ),
      },
    ],
    invalid: [
      {
        code: settled(
          'return { content: [{ type: "text", text: "Done." }], structuredContent: { alerts: alerts.status === "fulfilled" ? alerts.value : [] } };',
        ),
        errors: [{ messageId: "swallowedSettled", data: { tool: 'Tool "search_docs"', value: "an empty array" } }],
      },
      {
        code: settled(
          'const hasAlerts = alerts.status === "fulfilled" && alerts.value.length > 0;\n    return { content: [{ type: "text", text: hasAlerts ? alerts.value.join("\\n") : "No alerts found." }] };',
        ),
        errors: [{ messageId: "swallowedSettled", data: { tool: 'Tool "search_docs"', value: 'the text "No alerts found."' } }],
      },
      {
        code: settled(
          'const sections = [];\n    if (incidents.status === "fulfilled" && incidents.value.length) sections.push(incidents.value.join("\\n"));\n    else sections.push("## Incidents\\nNo incidents found.");\n    return { content: [{ type: "text", text: sections.join("\\n") }] };',
        ),
        errors: [{ messageId: "swallowedSettled", data: { tool: 'Tool "search_docs"', value: 'the text "## Incidents\nNo incidents found."' } }],
      },
    ],
  });
});
