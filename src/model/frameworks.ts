/**
 * What each MCP framework does with a tool handler, in one table. Every fact a rule or the model
 * needs about a framework is a field here, so that adding a framework is one row (the compiler
 * checks that every field is filled) plus a recogniser in `handlers/`. The behaviours are those
 * of ../shared/reference/mcp-frameworks.md and docs/handler-shapes.md.
 */
/**
 * What an error thrown out of the handler becomes: an `isError` result that carries only the
 * message, a JSON-RPC protocol error the model never sees, or unknown (we stay silent).
 */
export type ThrownOutcome = "is-error" | "protocol-error" | "unknown";

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

/**
 * The framework's MCP client, for code that calls tools rather than serving them: a coordinator,
 * a subagent, a host. Its calls resolve to the server's `CallToolResult`, failures included (an
 * `isError` result is no exception on the client side).
 */
export interface ClientProfile {
  /** The modules the client class is imported from (each matches itself and its subpaths). */
  readonly imports: readonly string[];
  /** The exported class: `new Client(...)`, or a parameter or property typed with it. */
  readonly className: string;
  /** The method that calls one tool: `client.callTool({ name, arguments })`. */
  readonly callMethod: string;
  /** The generic request method, which calls a tool when sent `{ method: "tools/call" }`. */
  readonly requestMethod: string;
}

/**
 * How a handler sends the client a log message (the MCP `notifications/message` notification),
 * which the operator's client shows: one of these methods called on the server or on the
 * request context.
 */
export interface LoggingProfile {
  /** Methods that send one: the SDK's `server.sendLoggingMessage(params)`, SDK v2's `ctx.mcpReq.log(level, data)`. */
  readonly methods: readonly string[];
  /** Methods that send any notification: a log message when sent `{ method: "notifications/message" }`. */
  readonly notify: readonly string[];
  /**
   * The logger a handler's context carries (FastMCP's `context.log.error(...)`), as a property
   * name: a method called on it logs.
   */
  readonly contextLogger: string | undefined;
}

export interface FrameworkProfile {
  /** How messages name the framework. */
  readonly displayName: string;
  /**
   * The module specifiers whose import marks a file as using the framework (each matches itself
   * and its subpaths), where the registration shape alone cannot tell it from another.
   */
  readonly imports: readonly string[];
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
  /**
   * The handler answers with the JSON-RPC response itself (`{ jsonrpc, id, result }`): the tool
   * result is the `result` its code builds, not what it returns.
   */
  readonly answersInEnvelope?: true;
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
  /** The MCP client the framework's packages ship, if any. */
  readonly client: ClientProfile | undefined;
  /** How a handler sends the client a log message. */
  readonly logging: LoggingProfile;
}

export const FRAMEWORKS = {
  "mcp-sdk": {
    displayName: "McpServer",
    imports: ["@modelcontextprotocol/sdk"],
    thrown: "is-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "context.signal",
    client: { imports: ["@modelcontextprotocol/sdk/client"], className: "Client", callMethod: "callTool", requestMethod: "request" },
    logging: { methods: ["sendLoggingMessage"], notify: ["sendNotification", "notification"], contextLogger: undefined },
  },
  "mcp-sdk-v2": {
    displayName: "McpServer",
    imports: ["@modelcontextprotocol/server", "mcp-use"],
    thrown: "is-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "context.mcpReq.signal",
    client: { imports: ["@modelcontextprotocol/client"], className: "Client", callMethod: "callTool", requestMethod: "request" },
    logging: { methods: ["sendLoggingMessage", "log"], notify: ["notify", "notification"], contextLogger: undefined },
  },
  "mcp-sdk-low-level": {
    displayName: "the low-level MCP Server",
    imports: [],
    thrown: "protocol-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: true,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    // `extra.mcpReq.signal` when the file imports SDK v2 (handlers/ decides).
    requestSignal: "context.signal",
    client: undefined,
    logging: { methods: ["sendLoggingMessage"], notify: ["sendNotification", "notification"], contextLogger: undefined },
  },
  fastmcp: {
    displayName: "FastMCP",
    imports: ["fastmcp"],
    thrown: "is-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: true,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "rejected",
    requestSignal: "context.signal",
    client: undefined,
    logging: { methods: [], notify: [], contextLogger: "log" },
  },
  "fastmcp-edge": {
    displayName: "EdgeFastMCP",
    imports: ["fastmcp/edge"],
    thrown: "protocol-error",
    returnsResults: false,
    serialisesReturns: false,
    convertsValues: true,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "dropped",
    requestSignal: "none",
    client: undefined,
    logging: { methods: [], notify: [], contextLogger: undefined },
  },
  "mcp-framework": {
    displayName: "mcp-framework",
    imports: ["mcp-framework"],
    thrown: "is-error",
    returnsResults: false,
    serialisesReturns: true,
    convertsValues: true,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "this.abortSignal",
    client: undefined,
    logging: { methods: [], notify: [], contextLogger: undefined },
  },
  "mcp-nest": {
    displayName: "MCP-Nest",
    imports: ["@rekog/mcp-nest"],
    thrown: "is-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "all",
    extraKeys: "passed-on",
    requestSignal: "none",
    client: undefined,
    logging: { methods: [], notify: [], contextLogger: undefined },
  },
  "easy-mcp": {
    displayName: "EasyMCP",
    imports: ["easy-mcp"],
    thrown: "protocol-error",
    returnsResults: false,
    serialisesReturns: true,
    convertsValues: true,
    keepsProtocolCode: true,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "none",
    client: undefined,
    logging: { methods: [], notify: [], contextLogger: undefined },
  },
  tmcp: {
    displayName: "tmcp",
    imports: ["tmcp"],
    thrown: "protocol-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: true,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "none",
    client: undefined,
    logging: { methods: [], notify: [], contextLogger: undefined },
  },
  "mcp-lite": {
    displayName: "mcp-lite",
    imports: ["mcp-lite"],
    thrown: "protocol-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "none",
    client: undefined,
    logging: { methods: [], notify: [], contextLogger: undefined },
  },
  mastra: {
    displayName: "Mastra's MCPServer",
    imports: ["@mastra/mcp"],
    thrown: "is-error",
    returnsResults: false,
    serialisesReturns: true,
    convertsValues: true,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "ProtocolError",
    extraKeys: "passed-on",
    requestSignal: "second.abortSignal",
    client: undefined,
    logging: { methods: [], notify: [], contextLogger: undefined },
  },
  xmcp: {
    displayName: "xmcp",
    imports: ["xmcp"],
    thrown: "is-error",
    returnsResults: true,
    serialisesReturns: false,
    convertsValues: true,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "context.signal",
    client: undefined,
    logging: { methods: [], notify: [], contextLogger: undefined },
  },
  "mcp-ts-core": {
    displayName: "mcp-ts-core",
    imports: ["@cyanheads/mcp-ts-core"],
    // Its handler factory catches every throw: an isError result with `structuredContent.error`
    // `{ code, message, data }` and a "Recovery:" hint. Its own McpError carries a JSON-RPC code
    // there; a plain Error gets a generic one.
    thrown: "is-error",
    returnsResults: false,
    serialisesReturns: true,
    convertsValues: true,
    keepsProtocolCode: true,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "context.signal",
    client: undefined,
    logging: { methods: [], notify: [], contextLogger: undefined },
  },
  "json-rpc": {
    displayName: "the JSON-RPC endpoint",
    imports: [],
    // Written by hand (`case "tools/call":` of the server's own dispatch): the tool result is the
    // `result` it answers with, and a throw becomes whatever the endpoint's own code makes of it.
    thrown: "unknown",
    returnsResults: false,
    answersInEnvelope: true,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "none",
    client: undefined,
    logging: { methods: [], notify: [], contextLogger: undefined },
  },
  unknown: {
    displayName: "the framework",
    imports: [],
    thrown: "unknown",
    returnsResults: false,
    serialisesReturns: false,
    convertsValues: false,
    keepsProtocolCode: false,
    rethrowsProtocolErrors: "none",
    extraKeys: "passed-on",
    requestSignal: "none",
    client: undefined,
    logging: { methods: [], notify: [], contextLogger: undefined },
  },
} as const satisfies Record<string, FrameworkProfile>;

/**
 * Packages whose own `McpError` is no JSON-RPC protocol error but the framework's classified tool
 * error: mcp-ts-core turns it into an isError result that carries its code (NotFound, Forbidden,
 * RateLimited, ...) in `structuredContent.error`, with a recovery hint.
 */
export const CLASSIFIED_MCP_ERROR_MODULES: readonly string[] = ["@cyanheads/mcp-ts-core"];

/**
 * An import, as the model records it (`module`, or `module#Name` for a named import), comes from one
 * of `CLASSIFIED_MCP_ERROR_MODULES` or a subpath of one.
 */
export function classifiesMcpErrors(imported: string | undefined): boolean {
  const source = imported?.split("#")[0];
  return source !== undefined && CLASSIFIED_MCP_ERROR_MODULES.some((module) => source === module || source.startsWith(`${module}/`));
}

/**
 * What registers something other than a tool, in every framework: resources and prompts. Their
 * callbacks' return values are no tool results, so an `isError` object returned there is no
 * tool's error result.
 */
export const NON_TOOL_REGISTRATIONS = {
  /** SDK `server.resource(...)`, `registerResource`, `prompt`, `registerPrompt`; FastMCP `addResource({ load })`, `addResourceTemplate`, `addPrompt`. */
  methods: new Set(["resource", "registerResource", "prompt", "registerPrompt", "addResource", "addResourceTemplate", "addPrompt"]),
  /** The low-level `server.setRequestHandler(schema, handler)`: any request schema but this one. */
  requestHandlerMethod: "setRequestHandler",
  toolCallSchema: "CallToolRequestSchema",
  toolCallMethod: "tools/call",
} as const;

/** The framework a handler was registered with; decides what a thrown error becomes. */
export type Framework = keyof typeof FRAMEWORKS;

/** The framework's handlers answer with the JSON-RPC response, not the tool result (see `FrameworkProfile.answersInEnvelope`). */
export function answersInEnvelope(framework: Framework): boolean {
  const profile: FrameworkProfile = FRAMEWORKS[framework];
  return profile.answersInEnvelope === true;
}

const NAMES = Object.keys(FRAMEWORKS) as Framework[];

/** The frameworks a file's import sources name (most files import none of them). */
export function importedFrameworks(sources: readonly string[]): ReadonlySet<Framework> {
  const found = new Set<Framework>();
  for (const source of sources) {
    for (const name of NAMES) {
      if (FRAMEWORKS[name].imports.some((module) => source === module || source.startsWith(`${module}/`))) found.add(name);
    }
  }
  return found;
}
