/**
 * `breakerCall`: which calls run through a circuit breaker, for the CLI's scorecard. One case per
 * library shape, hand-written breakers by name and by class, and the look-alikes that are not.
 */
import { Linter } from "eslint";
import * as tsParser from "@typescript-eslint/parser";
import type { TSESLint } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { breakerCall, collectImports } from "../../src/model/index.js";

/** The text of each call in `code` that `breakerCall` recognises, with its library. */
function breakerCalls(code: string): string[] {
  const found: string[] = [];
  const probe: TSESLint.RuleModule<never> = {
    meta: { type: "problem", schema: [], messages: {} },
    defaultOptions: [],
    create(context) {
      const imports = collectImports(context.sourceCode.ast);
      return {
        CallExpression(node) {
          const call = breakerCall(context.sourceCode, imports, node);
          if (call) found.push(`${context.sourceCode.getText(node.callee)} (${call.library})`);
        },
      };
    },
  };
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
