/** Wording shared by rule messages: how to name a tool and what a framework does with a throw. */
import type { Framework, ToolHandler } from "../model/types.js";

/** `tool "search_docs"` when the name is known, otherwise `this tool handler`. */
export function toolLabel(name: string | undefined): string {
  return name === undefined ? "this tool handler" : `tool "${name}"`;
}

const FRAMEWORK_NAMES: Record<Framework, string> = {
  "mcp-sdk": "McpServer",
  "mcp-sdk-v2": "McpServer",
  "mcp-sdk-low-level": "the low-level MCP Server",
  fastmcp: "FastMCP",
  "fastmcp-edge": "EdgeFastMCP",
  "mcp-framework": "mcp-framework",
  "mcp-nest": "MCP-Nest",
  "easy-mcp": "EasyMCP",
  tmcp: "tmcp",
  "mcp-lite": "mcp-lite",
  mastra: "Mastra's MCPServer",
  xmcp: "xmcp",
  unknown: "the framework",
};

/** What happens to an error thrown out of this handler, as a clause for messages. */
export function thrownOutcome(handler: ToolHandler): string {
  const name = FRAMEWORK_NAMES[handler.framework];
  if (handler.thrown === "protocol-error") {
    return `${name} sends it as a JSON-RPC protocol error, which the model never sees`;
  }
  if (handler.framework === "fastmcp") {
    return `FastMCP turns it into an isError result whose only text is "Tool '${handler.toolName ?? "<name>"}' execution failed: <message>"`;
  }
  return `${name} turns it into an isError result whose only content is the message text`;
}
