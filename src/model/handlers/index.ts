/**
 * Finds the tool handlers of one file, in every registration shape of the TypeScript MCP
 * frameworks (see docs/handler-shapes.md). Only same-file resolution happens here; anything the
 * file does not show is left out rather than guessed. `search.ts` holds the search state and
 * turns a handler expression into a handler; the other modules recognise the shapes.
 */
export { addCallToolResultFunction, addImportedHandlers, returnsCallToolResult, visitClass, visitToolDefinitions, visitXmcpModule } from "./classes.js";
export { REGISTRATION_TEXT, collectAliasNames, visitRegistrationCall } from "./registrations.js";
export { type HandlerSearch, wrappedHandlerIndex } from "./search.js";
export { expandRegistrationHelpers } from "./helpers.js";
export { visitJsonRpcDispatch } from "./json-rpc.js";
