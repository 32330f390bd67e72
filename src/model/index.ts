/**
 * The MCP model of one file: tool handlers, the functions on their paths, what a throw becomes,
 * the results they return, the payloads those carry and the calls that leave the process. Built
 * once per lint of a file and read by every rule, so rules hold only policy.
 *
 * This module is the model's public face: the rest of `src/` imports the model from here only.
 */
export type * from "./types.js";
export { MCP_EVIDENCE, buildModel, hasCodeEvidence } from "./build.js";
export { NO_TYPES } from "./type-oracle.js";
export { flagBuilderObject, inNonToolCallback, isReturnedValue, successObjectsOf, successReturnOf } from "./results.js";
export { callMakesError, callMakesSuccess, errorFlagOf, errorFlagProperty } from "./error-flag.js";
export { thrownText } from "./unknown-tool.js";
export { FRAMEWORKS, answersInEnvelope, classifiesMcpErrors, type FrameworkProfile, type LoggingProfile, type SignalLocation } from "./frameworks.js";
export { CATCHES_ALL, type CatchGuard, type Catching, passage, stopsAll } from "./catch-passage.js";
export { CatchReader, callsParamInsideTry, caughtRethrow } from "./catches.js";
export { heldConstruction, madeErrorClass } from "./error-classes.js";
export { classMethod, sameFileFunction } from "./targets.js";
export { inlineCallbacks, runnerCallOf, valueGivingCall } from "./callbacks.js";
export { testedClass } from "./catch-tests.js";
export { type CarriedPayloads, carrierFields, passedLiteral } from "./carriers.js";
export { BREAKER_LIBRARIES, type BreakerCall, type BreakerLibrary, breakerCall } from "./breakers.js";
export { type BreakerOpen, breakerOpenAt } from "./breaker-open.js";
export { type HalfOpenTime, halfOpenTime } from "./breaker-timing.js";
export { REGISTRATION_TEXT, wrappedHandlerIndex } from "./handlers/index.js";
export { jsonStringifyArgument, objectLiteral, returnedFunction, wrapperCall } from "../util/ast.js";
export { buildsPlainPart, buildsTextParts } from "./content-parts.js";
export { importedObjects } from "./payload.js";
export { builtObjects, returnedObjects, stringifiedCallees } from "./built-objects.js";
export { type FailureTrace, TraceReader, isLoggingCall } from "./logging.js";
export { type ProtocolThrow, protocolThrow } from "./protocol-errors.js";
export { classifiedInAnotherPreset } from "./vocabularies.js";
export { categoriesOf, getPayload, passedAtResult, getMutatedPayload, payloadField, readableObjects, valueAtResult } from "./payload.js";
export {
  type CallSettings,
  NO_CALL_SETTINGS,
  callerOptions,
  externalCallReader,
  type ClientFacts,
  classifyCall,
  collectDefaultTimeouts,
  fetchWrapperOf,
  collectImports,
  importOf,
  splitImport,
  generatedClientReturnedBy,
  instanceDeclaredAs,
  isGuarded,
  mayLeaveProcess,
  passThroughOf,
  promisifiedNames,
} from "./external-calls/index.js";
