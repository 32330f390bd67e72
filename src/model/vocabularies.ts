/** Which vocabulary an error result's payload is written in. */
import { type Vocabulary, unconfiguredAlternatives } from "../settings.js";
import { payloadField } from "./payload.js";
import type { Payload } from "./types.js";

/**
 * With no vocabulary configured, a payload (read with each other built-in preset by `read`) that
 * carries both fields of one of them (`{ error: { code, retryable } }` of `nested`): classified,
 * in the project's own convention.
 */
export function classifiedInAnotherPreset(vocabulary: Vocabulary, read: (other: Vocabulary) => Payload): boolean {
  return unconfiguredAlternatives(vocabulary).some((other) => {
    const payload = read(other);
    return payloadField(payload, other.category) !== undefined && payloadField(payload, other.retryable) !== undefined;
  });
}
