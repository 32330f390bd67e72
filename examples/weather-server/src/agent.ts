// A planning agent that calls the weather tools of another MCP server (the client side: what the
// recommended rule require-tool-error-check looks at).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const client = new Client({ name: "trip-planner", version: "1.0.0" });
await client.connect(new StreamableHTTPClientTransport(new URL("http://localhost:3000/mcp")));

export async function packingAdvice(city: string): Promise<string> {
  const forecast = await client.callTool({ name: "get_forecast", arguments: { city } });
  // DEFECT(require-tool-error-check): a failed call resolves too; its error text becomes the advice.
  const [first] = forecast.content as { type: string; text?: string }[];
  return first?.text ?? "no forecast";
}

export async function stationName(stationId: string): Promise<string> {
  const station = await client.callTool({ name: "get_station", arguments: { stationId } });
  // Correct: a failed call is a failure, with the server's text as its cause.
  if (station.isError) throw new Error(`get_station failed for ${stationId}`, { cause: station });
  const [first] = station.content as { type: string; text?: string }[];
  return first?.text ?? stationId;
}
