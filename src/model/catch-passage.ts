/**
 * How an error passes the catches on its way out: each catch read as a \`CatchGuard\` (plain data,
 * which also crosses files in the program index's facts), and what a chain of them does with an
 * error of a given class and message. Reading catches from code is \`catches.ts\`.
 */
import type { TSESTree } from "@typescript-eslint/types";
import { ERROR_CLASS_NAME } from "./error-classes.js";
import { staticThrownText } from "./catch-tests.js";

/** What a catch does with one error. */
export type Catching =
  /**
   * It returns or falls through: the error stops here (converted into a result, or swallowed).
   * `carries`: the error result it makes says the error's own message and nothing more
   * (`text: error.message`, `response.setError(error)` on the object that sets `isError`).
   */
  | {
      readonly kind: "converts";
      readonly carries?: boolean;
      /** Every way out of the catch returns an error result (`isError: true`): the error is still reported, in other words. */
      readonly reports?: boolean;
    }
  /** It throws the caught error itself (directly or through a variable that may hold it). */
  | { readonly kind: "rethrows" }
  /**
   * It throws another error (of class `as`, when known), built in the catch at `site` (or in a
   * helper the catch calls; `drops`: one that is not handed the caught error).
   */
  | { readonly kind: "wraps"; readonly as: string | undefined; readonly site: TSESTree.ThrowStatement | undefined; readonly drops?: boolean };

/** What a catch does with errors: by the classes it tests with `instanceof`, and with any other. */
export interface CatchGuard {
  /** Identifies the catch (its place, or its origin for a catch of another file). */
  readonly id: string;
  readonly byClass: ReadonlyMap<string, Catching>;
  readonly otherwise: Catching;
  /**
   * Texts a message test of the catch looks for before it may answer (`if (e.message.includes("rate
   * limit")) return fallback()`): an error whose message is known not to hold any of them skips
   * those tests; one that may hold one may be converted.
   */
  readonly textTests?: readonly string[];
}

export const CONVERTS: Catching = { kind: "converts" };
export const CARRIES: Catching = { kind: "converts", carries: true, reports: true };
export const REPORTS: Catching = { kind: "converts", reports: true };
export const RETHROWS: Catching = { kind: "rethrows" };

/** A guard that stops every error: a catch that never throws, or a `finally` that returns. */
export const CATCHES_ALL: CatchGuard = { id: "all", byClass: new Map(), otherwise: CONVERTS };

/** Where an error of class `cls` (undefined: unknown) gets after a chain of guards, innermost first. */
export interface Passage {
  readonly through: boolean;
  /** Stopped by a catch whose error result says the error's own message: the text reaches the model. */
  readonly carried: boolean;
  /** Stopped by a catch that answers with an error result (carrying the message or not): the model still gets an error. */
  readonly reported: boolean;
  /** The class it reaches the framework as. */
  readonly as: string | undefined;
  /** The catches that wrapped it into another error on the way. */
  readonly wraps: readonly Extract<Catching, { kind: "wraps" }>[];
}

/**
 * What one guard does with an error of class `cls` and message `text` (lower case, as
 * `staticThrownText` gives it); for an unknown class, the catch converts if it may.
 */
function catching(guard: CatchGuard, cls: string | undefined, text: string | undefined): Catching {
  if (guard.textTests && (text === undefined || guard.textTests.some((needle) => text.includes(needle)))) return CONVERTS;
  // `if (e instanceof Error) throw e` takes every class named like an error (`DomainError`, `TimeoutException`).
  if (cls !== undefined) return guard.byClass.get(cls) ?? (ERROR_CLASS_NAME.test(cls) ? guard.byClass.get("Error") : undefined) ?? guard.otherwise;
  // Unknown class: it may be any of the tested ones, so the error gets through only if all let it.
  if (guard.otherwise.kind === "converts") return guard.byClass.size === 0 ? guard.otherwise : CONVERTS;
  for (const c of guard.byClass.values()) if (c.kind === "converts") return CONVERTS;
  return guard.byClass.size === 0 ? guard.otherwise : guard.otherwise.kind === "rethrows" ? RETHROWS : { kind: "wraps", as: undefined, site: undefined };
}

/** Follows an error through guards, innermost first (`text`: its written-out message, lower case). */
export function passage(guards: readonly CatchGuard[], cls: string | undefined, text?: string): Passage {
  let as = cls;
  let message = text;
  const wraps: Extract<Catching, { kind: "wraps" }>[] = [];
  for (const guard of guards) {
    const c = catching(guard, as, message);
    if (c.kind === "converts") return { through: false, carried: c.carries === true, reported: c.reports === true, as, wraps };
    if (c.kind === "wraps") {
      wraps.push(c);
      as = c.as;
      message = c.site ? staticThrownText(c.site) : undefined;
    }
  }
  return { through: true, carried: false, reported: false, as, wraps };
}

/**
 * Whether an error of unknown class that meets the guards may still say something to the model:
 * it gets through, or the catch that stops it answers with an error result.
 */
export function mayCarry(guards: readonly CatchGuard[]): boolean {
  for (const guard of guards) {
    // An error of some class meets one of the ways the catch deals with errors by class.
    const ways = [guard.otherwise, ...guard.byClass.values()];
    if (ways.some((c) => c.kind === "converts" && c.reports === true)) return true;
    if (ways.every((c) => c.kind === "converts")) return false;
  }
  return true;
}

/** Whether the guards stop every error, whatever its class: one of them converts all it catches. */
export function stopsAll(guards: readonly CatchGuard[]): boolean {
  return guards.some((guard) => guard.otherwise.kind === "converts" && [...guard.byClass.values()].every((c) => c.kind === "converts"));
}
