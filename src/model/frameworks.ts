/**
 * What each MCP framework does with a tool handler, in one table. Every fact a rule or the model
 * needs about a framework is a field here, so that adding a framework is one row (the compiler
 * checks that every field is filled) plus a recogniser in `handlers/`. The behaviours are those
 * of ../shared/reference/mcp-frameworks.md and docs/handler-shapes.md.
 */
import type { Framework, ThrownOutcome } from "./types.js";

/** Where a handler finds the request's cancellation signal, relative to its context parameter. */
export type SignalLocation =
  /** `extra.signal` (or a destructured `{ signal }`). */
  | "context.signal"
  /** `extra.mcpReq.signal`: SDK v2. */
  | "context.mcpReq.signal"
  /** `this.abortSignal` of an mcp-framework tool class. */
  | "this.abortSignal"
  /** `options.abortSignal`, the handler's second parameter (Mastra). */
  | "second.abortSignal"
  | "none";

export interface FrameworkProfile {
  /** How messages name the framework. */
  readonly displayName: string;
  /** What an error thrown out of a handler becomes. */
  readonly thrown: ThrownOutcome;
  /**
   * A returned `{ content, isError }` object reaches the client as a tool result. Not so where
   * any returned object is serialised as success text (mcp-framework, Mastra), `isError` is
   * dropped (EdgeFastMCP), or every return is wrapped as text (EasyMCP).
   */
  readonly returnsResults: boolean;
  /**
   * Whatever the handler returns is serialised into the text the model reads (mcp-framework and
   * Mastra `JSON.stringify` a non-content value; EasyMCP wraps it as text): the fields of a
   * returned object are visible to the model.
   */
  readonly serialisesReturns: boolean;
  /** A plain returned value (a string, an array, `null`) becomes a successful result. */
  readonly convertsValues: boolean;
  /** A thrown protocol error reaches the client with its JSON-RPC code. */
  readonly keepsProtocolCode: boolean;
  /** Which thrown protocol errors the framework re-throws to the transport. */
  readonly rethrowsProtocolErrors: "all" | "ProtocolError" | "none";
  /** What happens to unknown top-level keys of a returned result. */
  readonly extraKeys: "passed-on" | "rejected" | "dropped";
  /** Where the request's cancellation signal is. */
  readonly requestSignal: SignalLocation;
}

export const FRAMEWORKS = {
  "mcp-sdk": {
    displayName: "McpServer",
    thrown: "is-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "context.signal",
  },
  "mcp-sdk-v2": {
    displayName: "McpServer",
    thrown: "is-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "context.mcpReq.signal",
  },
  "mcp-sdk-low-level": {
    displayName: "the low-level MCP Server",
    thrown: "protocol-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: true,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    // `extra.mcpReq.signal` when the file imports SDK v2 (handlers/ decides).
    requestSignal: "context.signal",
  },
  fastmcp: {
    displayName: "FastMCP",
    thrown: "is-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: true,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "rejected",
    requestSignal: "context.signal",
  },
  "fastmcp-edge": {
    displayName: "EdgeFastMCP",
    thrown: "protocol-error",
    returnsResults: false,
    serialisesReturns: false,
    convertsValues: true,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "dropped",
    requestSignal: "none",
  },
  "mcp-framework": {
    displayName: "mcp-framework",
    thrown: "is-error",
    returnsResults: false,
    serialisesReturns: true,
    convertsValues: true,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "this.abortSignal",
  },
  "mcp-nest": {
    displayName: "MCP-Nest",
    thrown: "is-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "all",
    extraKeys: "passed-on",
    requestSignal: "none",
  },
  "easy-mcp": {
    displayName: "EasyMCP",
    thrown: "protocol-error",
    returnsResults: false,
    serialisesReturns: true,
    convertsValues: true,
    keepsProtocolCode: true,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "none",
  },
  tmcp: {
    displayName: "tmcp",
    thrown: "protocol-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: true,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "none",
  },
  "mcp-lite": {
    displayName: "mcp-lite",
    thrown: "protocol-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "none",
  },
  mastra: {
    displayName: "Mastra's MCPServer",
    thrown: "is-error",
    returnsResults: false,
    serialisesReturns: true,
    convertsValues: true,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "ProtocolError",
    extraKeys: "passed-on",
    requestSignal: "second.abortSignal",
  },
  xmcp: {
    displayName: "xmcp",
    thrown: "is-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: true,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "context.signal",
  },
  unknown: {
    displayName: "the framework",
    thrown: "unknown",
    returnsResults: false,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "none",
  },
} as const satisfies Record<Framework, FrameworkProfile>;
