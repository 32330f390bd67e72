// Tools with the defects the `strict` config adds (`npm start` lists them after the recommended ones).
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

const API = "https://weather.example.com/v1";
export const batchServer = new McpServer({ name: "weather-batch", version: "1.0.0" });

function toolError(errorCategory: "transient" | "validation" | "business" | "permission", isRetryable: boolean, description: string) {
  return {
    isError: true,
    content: [{ type: "text" as const, text: JSON.stringify({ errorCategory, isRetryable, description }) }],
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

batchServer.registerTool(
  "compare_stations",
  { description: "Current temperature at several stations", inputSchema: { stationIds: z.array(z.string()).max(10) } },
  async ({ stationIds }) => {
    if (stationIds.length < 2) {
      // DEFECT(require-validation-detail): says neither which input is wrong nor what it should be.
      return toolError("validation", false, "That comparison cannot be made.");
    }
    try {
      // DEFECT(prefer-partial-results): one station down fails the whole comparison.
      const readings = await Promise.all(
        stationIds.map((id) => fetch(`${API}/stations/${id}/now`, { signal: AbortSignal.timeout(10_000) })),
      );
      return { content: [{ type: "text", text: JSON.stringify(await Promise.all(readings.map((r) => r.json()))) }] };
    } catch (error) {
      return toolError("transient", true, `Comparing ${stationIds.join(", ")} failed: ${(error as Error).message}`);
    }
  },
);

batchServer.registerTool(
  "get_climate",
  { description: "Climate normals of a station", inputSchema: { stationId: z.string() } },
  async ({ stationId }) => {
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await fetch(`${API}/stations/${stationId}/climate`, { signal: AbortSignal.timeout(10_000) });
        if (response.status === 429) {
          // DEFECT(require-retry-after): rate limited, but the agent is not told when to come back.
          return toolError("transient", true, `The climate service is rate limiting requests for ${stationId}.`);
        }
        return { content: [{ type: "text", text: await response.text() }] };
      } catch (error) {
        // DEFECT(no-blind-retry): waits the same fixed second before every attempt (no backoff, no jitter).
        if (attempt === 3) return toolError("transient", true, `The climate service failed 3 times: ${(error as Error).message}`);
        await sleep(1000);
      }
    }
  },
);
