/** Which vocabulary an error result's payload is written in. */
import { type Vocabulary, unconfiguredAlternatives } from "../settings.js";
import { getPayload, payloadField } from "./payload.js";
import type { ErrorResult, McpModel } from "./types.js";

/**
 * With no vocabulary configured, an error result whose payload carries both fields of another
 * built-in preset (`{ error: { code, retryable } }` of `nested`): classified, in the project's own
 * convention.
 */
export function classifiedInAnotherPreset(model: McpModel, result: ErrorResult, vocabulary: Vocabulary): boolean {
  return unconfiguredAlternatives(vocabulary).some((other) => {
    const payload = getPayload(model, result, other);
    return payloadField(payload, other.category) !== undefined && payloadField(payload, other.retryable) !== undefined;
  });
}
