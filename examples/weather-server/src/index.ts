import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

const API = "https://weather.example.com/v1";
const server = new McpServer({ name: "weather", version: "1.0.0" });

interface Station {
  id: string;
  name: string;
}

/** A classified error result: what failed, why, and whether a retry can help. */
function toolError(
  errorCategory: "transient" | "validation" | "business" | "permission",
  isRetryable: boolean,
  description: string,
) {
  return {
    isError: true,
    content: [{ type: "text" as const, text: JSON.stringify({ errorCategory, isRetryable, description }) }],
    structuredContent: { errorCategory, isRetryable, description },
  };
}

async function getJson(path: string, signal: AbortSignal): Promise<unknown> {
  // Correct: the request's cancellation and a timeout, combined.
  const response = await fetch(`${API}${path}`, { signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]) });
  if (!response.ok) throw new Error(`Weather API answered ${String(response.status)} for ${path}`);
  return response.json();
}

server.registerTool(
  "find_stations",
  { description: "Find weather stations by name", inputSchema: { query: z.string() } },
  async ({ query }) => {
    // DEFECT(require-timeout): a bare fetch; a hung upstream blocks the agent until its own timeout.
    const response = await fetch(`${API}/stations?q=${encodeURIComponent(query)}`);
    const stations = (await response.json()) as Station[];
    if (stations.length === 0) {
      // DEFECT(no-error-on-empty-result): the search ran and matched nothing; that is an answer.
      const description = `No stations match "${query}".`;
      return { isError: true, content: [{ type: "text", text: JSON.stringify({ errorCategory: "business", isRetryable: false, description }) }] };
    }
    return { content: [{ type: "text", text: JSON.stringify(stations) }] };
  },
);

server.registerTool(
  "get_forecast",
  { description: "Forecast for a station", inputSchema: { stationId: z.string(), days: z.number().int() } },
  async ({ stationId, days }, extra) => {
    if (days < 1 || days > 14) {
      return toolError("validation", false, `days must be between 1 and 14 (got ${String(days)}).`);
    }
    try {
      const forecast = await getJson(`/stations/${stationId}/forecast?days=${String(days)}`, extra.signal);
      return { content: [{ type: "text", text: JSON.stringify(forecast) }] };
    } catch (error) {
      // DEFECT(no-generic-error-message): says nothing about what failed or what to do next.
      return toolError("transient", true, "An error occurred");
    }
  },
);

server.registerTool(
  "get_alerts",
  { description: "Active weather alerts for a region", inputSchema: { region: z.string() } },
  async ({ region }, extra) => {
    const response = await fetch(`${API}/alerts/${region}`, { signal: AbortSignal.timeout(10_000) });
    if (response.status === 403) {
      return {
        isError: true,
        content: [
          {
            type: "text",
            text: JSON.stringify({
              errorCategory: "permission",
              // DEFECT(no-retryable-permanent-error): a permission error never succeeds on retry.
              isRetryable: true,
              description: `The API key has no access to alerts for ${region}. Ask the user for a key with the alerts scope.`,
            }),
          },
        ],
      };
    }
    if (!response.ok) {
      // DEFECT(require-error-classification): no category, no retryability.
      return { isError: true, content: [{ type: "text", text: `Alerts for ${region} failed with HTTP ${String(response.status)}.` }] };
    }
    return { content: [{ type: "text", text: await response.text() }] };
  },
);

server.registerTool(
  "get_observations",
  { description: "Latest observations of a station", inputSchema: { stationId: z.string() } },
  async ({ stationId }, extra) => {
    try {
      const observations = await getJson(`/stations/${stationId}/observations`, extra.signal);
      return { content: [{ type: "text", text: JSON.stringify(observations) }] };
    } catch {
      // DEFECT(no-swallowed-failure): an outage reported as "nothing there"; the agent believes it.
      return { content: [{ type: "text", text: "No observations available." }] };
    }
  },
);

server.registerTool(
  "get_station",
  { description: "Details of one station", inputSchema: { stationId: z.string() } },
  async ({ stationId }, extra) => {
    let station: unknown;
    try {
      station = await getJson(`/stations/${stationId}`, extra.signal);
    } catch (error) {
      return toolError("transient", true, `Station ${stationId} could not be loaded (${(error as Error).message}); retry in a minute.`);
    }
    if (station === null) {
      // DEFECT(no-protocol-error-in-tool): McpServer turns this into "MCP error -32603: ..." text with no classification.
      throw new McpError(ErrorCode.InternalError, `Station ${stationId} returned no data`);
    }
    return { content: [{ type: "text", text: JSON.stringify(station) }] };
  },
);

server.registerTool(
  "clear_favourites",
  { description: "Remove every favourite station", inputSchema: {} },
  async (_args, extra) => {
    try {
      await getJson("/favourites/clear", extra.signal);
    } catch (error) {
      return toolError("transient", true, `Favourites could not be cleared (${(error as Error).message}); retry in a minute.`);
    }
    // DEFECT(no-empty-tool-result): the agent cannot tell what happened; say "Removed 4 favourites".
    return { content: [] };
  },
);

server.registerTool(
  "get_radar",
  { description: "Radar image URL for a region", inputSchema: { region: z.string() } },
  async ({ region }, extra) => {
    try {
      const radar = await getJson(`/radar/${region}`, extra.signal);
      return { content: [{ type: "text", text: JSON.stringify(radar) }] };
    } catch (error) {
      return {
        isError: true,
        content: [{ type: "text", text: `Radar for ${region} is unavailable right now.` }],
        // DEFECT(no-invisible-error-metadata): top-level keys beside content never reach the model
        // (so require-error-classification reports this result as unclassified, too).
        errorCategory: "transient",
        isRetryable: true,
      };
    }
  },
);

server.registerTool(
  "get_history",
  { description: "Past observations of a station", inputSchema: { stationId: z.string() } },
  async ({ stationId }, extra) => {
    try {
      const history = await getJson(`/stations/${stationId}/history`, extra.signal);
      return { content: [{ type: "text", text: JSON.stringify(history) }] };
    } catch (error) {
      // DEFECT(no-error-details-leak): a stack trace is noise to the model and leaks server internals.
      const description = `History for ${stationId} could not be loaded: ${(error as Error).stack ?? ""}`;
      return toolError("transient", true, description);
    }
  },
);

await server.connect(new StdioServerTransport());
