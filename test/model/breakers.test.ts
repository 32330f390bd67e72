/**
 * `breakerCall`: which calls run through a circuit breaker, for the CLI's scorecard. One case per
 * library shape, hand-written breakers by name and by class, and the look-alikes that are not.
 * `breakerOpenAt` and `halfOpenTime`: where a breaker is open, and when it half-opens, as seen
 * from the code marked `here()`.
 */
import { Linter } from "eslint";
import * as tsParser from "@typescript-eslint/parser";
import type { TSESLint } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { breakerCall, breakerOpenAt, collectImports, halfOpenTime } from "../../src/model/index.js";

/** Lints `code` as `server.ts` with a probe rule built from `listeners`. */
function probeWith(code: string, create: TSESLint.RuleModule<never>["create"]): void {
  const probe: TSESLint.RuleModule<never> = { meta: { type: "problem", schema: [], messages: {} }, defaultOptions: [], create };
  const messages = new Linter({ configType: "flat" }).verify(
    code,
    [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tsParser },
        plugins: { probe: { rules: { probe: probe as unknown as import("eslint").Rule.RuleModule } } },
        rules: { "probe/probe": "error" },
      },
    ],
    "server.ts",
  );
  expect(messages).toEqual([]);
}

/** At each `here()` call: the open breaker's library, its test, and when it half-opens (or "-"). */
function openAt(code: string): string[] {
  const found: string[] = [];
  probeWith(code, (context) => ({
    CallExpression(node) {
      if (node.callee.type !== "Identifier" || node.callee.name !== "here") return;
      const imports = collectImports(context.sourceCode.ast);
      const open = breakerOpenAt(context.sourceCode, imports, node);
      if (!open) {
        found.push("closed");
        return;
      }
      const time = halfOpenTime(context.sourceCode, imports, open, node);
      const when = time === undefined ? "-" : time.kind === "delay" ? `${String(time.ms)} ms` : time.text;
      found.push(`${open.library}: ${context.sourceCode.getText(open.test)} (${when})`);
    },
  }));
  return found;
}

/** The text of each call in `code` that `breakerCall` recognises, with its library. */
function breakerCalls(code: string): string[] {
  const found: string[] = [];
  probeWith(code, (context) => {
    const imports = collectImports(context.sourceCode.ast);
    return {
      CallExpression(node) {
        const call = breakerCall(context.sourceCode, imports, node);
        if (call) found.push(`${context.sourceCode.getText(node.callee)} (${call.library})`);
      },
    };
  });
  return found;
}

describe("breakerCall", () => {
  it("recognises opossum breakers, default-imported or required", () => {
    expect(
      breakerCalls(`
        import Breaker from "opossum";
        const guarded = new Breaker(callApi, { timeout: 3000 });
        async function run() { return guarded.fire("x"); }
      `),
    ).toEqual(["guarded.fire (opossum)"]);
    expect(
      breakerCalls(`
        const CircuitBreaker = require("opossum");
        const api = new CircuitBreaker(callApi);
        api.fire(1);
      `),
    ).toEqual(["api.fire (opossum)"]);
  });

  it("recognises cockatiel policies, alone and wrapped", () => {
    expect(
      breakerCalls(`
        import { circuitBreaker, retry, wrap, handleAll, ConsecutiveBreaker } from "cockatiel";
        const breaker = circuitBreaker(handleAll, { halfOpenAfter: 1000, breaker: new ConsecutiveBreaker(3) });
        const policy = wrap(retry(handleAll, { maxAttempts: 3 }), breaker);
        const retrying = retry(handleAll, { maxAttempts: 3 });
        policy.execute(() => fetch(url));
        retrying.execute(() => fetch(url));
      `),
    ).toEqual(["policy.execute (cockatiel)"]);
  });

  it("recognises hand-written breakers by their name or their class", () => {
    expect(
      breakerCalls(`
        class ServiceBreaker { execute(fn) { return fn(); } }
        const guard = new ServiceBreaker();
        guard.execute(() => fetch(url));
        this.circuitBreaker.run(() => fetch(url));
        getBreaker("api").call(() => fetch(url));
      `),
    ).toEqual(["guard.execute (hand-written)", "this.circuitBreaker.run (hand-written)", 'getBreaker("api").call (hand-written)']);
  });

  it("leaves look-alikes alone", () => {
    expect(
      breakerCalls(`
        import CircuitBreaker from "opossum";
        const breaker = new CircuitBreaker(callApi);
        breaker.on("open", () => {});
        breaker.stats.get();
        handler.call(this, 1);
        emitter.fire("x");
        policy.execute(() => 1);
      `),
    ).toEqual([]);
  });
});

describe("breakerOpenAt and halfOpenTime", () => {
  it("reads opossum's open flag and open error, and the reset time it was built with", () => {
    expect(
      openAt(`
        import CircuitBreaker from "opossum";
        const breaker = new CircuitBreaker(callApi, { resetTimeout: 12_000 });
        const quick = new CircuitBreaker(callApi);
        if (breaker.opened) here();
        async function run() {
          try { await quick.fire(); } catch (e) { if (e.code === "EOPENBREAKER") here(); }
          try { await fetch(url); } catch (e) { if (e.code === "EOPENBREAKER") here(); }
        }
      `),
    ).toEqual(["opossum: breaker.opened (12000 ms)", 'opossum: e.code === "EOPENBREAKER" (30000 ms)', 'opossum: e.code === "EOPENBREAKER" (-)']);
  });

  it("reads cockatiel's state, error and guard, through wrap() and cockatiel 2's policy builder", () => {
    expect(
      openAt(`
        import { BrokenCircuitError, CircuitState, ConsecutiveBreaker, Policy, circuitBreaker, handleAll, isBrokenCircuitError, wrap } from "cockatiel";
        const breaker = circuitBreaker(handleAll, { halfOpenAfter: 5000, breaker: new ConsecutiveBreaker(3) });
        const legacy = Policy.handleAll().circuitBreaker(8000, new ConsecutiveBreaker(3));
        const policy = wrap(breaker);
        if (breaker.state === CircuitState.Open) here();
        async function run() {
          try { await policy.execute(fn); } catch (e) { if (e instanceof BrokenCircuitError) here(); }
          try { await legacy.execute(fn); } catch (e) { if (!isBrokenCircuitError(e)) throw e; here(); }
        }
      `),
    ).toEqual([
      "cockatiel: breaker.state === CircuitState.Open (5000 ms)",
      "cockatiel: e instanceof BrokenCircuitError (5000 ms)",
      "cockatiel: !isBrokenCircuitError(e) (8000 ms)",
    ]);
  });

  it("reads a hand-written breaker's open branch and its own time check", () => {
    expect(
      openAt(`
        class Breaker {
          state = "CLOSED"; nextAttempt = 0; openedAt = 0; resetMs = 1000;
          run() {
            if (this.state === "OPEN") { if (Date.now() < this.nextAttempt) here(); }
            if (this.isOpen()) here();
            if (this.state !== "CLOSED") here();
          }
          tryAgain() {
            if (this.state === "OPEN") { const now = Date.now(); if (now - this.openedAt >= this.resetMs) { this.state = "HALF_OPEN"; } else { here(); } }
          }
          isOpen() { return this.state === "OPEN"; }
        }
      `),
    ).toEqual([
      'hand-written: this.state === "OPEN" (this.nextAttempt)',
      "hand-written: this.isOpen() (-)",
      "closed",
      'hand-written: this.state === "OPEN" (this.openedAt + this.resetMs)',
    ]);
  });

  it("reads hand-written open errors, guards and refusing predicates", () => {
    expect(
      openAt(`
        try { run(); } catch (e) {
          if (e instanceof CircuitOpenError) here();
          if (isCircuitOpenError(e)) here();
          if (e.code === "CIRCUIT_OPEN") here();
          if (e.message.includes("Circuit breaker is OPEN")) here();
        }
        if (!circuitBreaker.canExecute()) here();
        if (circuits.get(host).state === "open") here();
        if (circuitState === "OPEN") here();
      `),
    ).toEqual([
      "hand-written: e instanceof CircuitOpenError (-)",
      "hand-written: isCircuitOpenError(e) (-)",
      'hand-written: e.code === "CIRCUIT_OPEN" (-)',
      'hand-written: e.message.includes("Circuit breaker is OPEN") (-)',
      "hand-written: !circuitBreaker.canExecute() (-)",
      'hand-written: circuits.get(host).state === "open" (-)',
      'hand-written: circuitState === "OPEN" (-)',
    ]);
  });

  it("stays silent without evidence of a breaker", () => {
    expect(
      openAt(`
        class Door { state = "closed"; open() { if (this.state === "open") here(); } }
        if (issue.state === "open") here();
        if (ws.readyState === WebSocket.OPEN) here();
        if (breaker.halfOpen || breaker.closed) here();
        if (e instanceof BrokenCircuitError || e instanceof TimeoutError) here();
        if (e instanceof IsolatedCircuitError) here();
        if (state === "OPEN") here();
      `),
    ).toEqual(["closed", "closed", "closed", "closed", "closed", "closed", "closed"]);
  });
});
