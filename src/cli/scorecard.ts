/**
 * The resilience scorecard of the tool inventory: per tool, what its path does about failures of
 * what it depends on (timeouts, retries with backoff and jitter, a circuit breaker, partial
 * results on fan-outs, classified errors, logged failures). The facts come from the model and
 * from the recognisers the rules share; this module only gathers them per file (while ESLint
 * lints it, as part of the inventory record) and counts them per tool.
 */
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { TraceReader, breakerCall, type McpModel } from "../model/index.js";
import { externalFailures, type ExternalFailures } from "../rules/shared/external-failures.js";
import { failingParts, promiseCombinator } from "../rules/shared/fan-outs.js";
import { isDeliberate, onFailurePath } from "../rules/shared/quiet-catches.js";
import { pacingOf, retrySite } from "../rules/shared/retries.js";
import { forEachOwnNode } from "../util/ast.js";

/** A retry on a tool's path, and how it waits between attempts. */
export interface RetryRecord {
  readonly line: number;
  readonly tools: readonly string[];
  /** "none": tries again at once; "constant": the same delay each time; "backoff": a growing delay; "unknown": we cannot read it. */
  readonly pacing: "none" | "constant" | "backoff" | "unknown";
  /** The delay has a random part (`Math.random()`). */
  readonly jitter: boolean;
}

/** A call on a tool's path that runs through a circuit breaker. */
export interface BreakerRecord {
  readonly line: number;
  readonly tools: readonly string[];
  /** The library (`opossum`, `cockatiel`), or "hand-written". */
  readonly library: string;
}

/** A fan-out on a tool's path: `Promise.allSettled`, or a `Promise.all` over several outside calls. */
export interface FanOutRecord {
  readonly line: number;
  readonly tools: readonly string[];
  /** `Promise.allSettled`: each part fails on its own, so what succeeded can still be returned. */
  readonly partial: boolean;
}

/**
 * A catch on a tool's path that stops a failure, and what it leaves the operator. Not recorded:
 * catches with a `throw`, deliberate drops (an empty body with a comment, a bare `continue`) and
 * cleanups inside another catch or a `finally`.
 */
export interface CatchRecord {
  readonly line: number;
  readonly tools: readonly string[];
  /** "logged": a logging call; "passed-on": the error goes to a call that may log it; "none": no trace. */
  readonly trace: "logged" | "passed-on" | "none";
}

export interface ScorecardRecords {
  readonly retries: readonly RetryRecord[];
  readonly breakers: readonly BreakerRecord[];
  readonly fanOuts: readonly FanOutRecord[];
  readonly catches: readonly CatchRecord[];
}

/** The scorecard records of one file; `toolsAt` gives the keys of the tools whose path runs through a node. */
export function scorecardRecords(model: McpModel, toolsAt: (node: TSESTree.Node) => string[]): ScorecardRecords {
  const sourceCode = model.sourceCode;
  let external: ExternalFailures | undefined;
  const retries: RetryRecord[] = [];
  const catches: CatchRecord[] = [];
  const seen = new Set<TSESTree.Node>();
  let traces: TraceReader | undefined;
  for (const clause of model.catches) {
    const tools = toolsAt(clause);
    if (tools.length === 0 || model.isUnknownToolBranch(clause)) continue;
    external ??= externalFailures(model);
    const site = retrySite(sourceCode, external, clause);
    if (site && !seen.has(site.scope)) {
      seen.add(site.scope);
      const pacing = pacingOf(sourceCode, site);
      const jitter = (pacing.kind === "constant" || pacing.kind === "backoff") && pacing.jitter;
      retries.push({ line: site.scope.loc.start.line, tools: toolsAt(site.scope), pacing: pacing.kind, jitter });
    }
    // A catch that throws hands on the failures it does not expect (whoever stops them should log
    // them); a deliberate drop or a cleanup has nothing to log.
    if (throwsAny(sourceCode, clause) || isDeliberate(sourceCode, clause) || onFailurePath(clause)) continue;
    traces ??= new TraceReader(sourceCode);
    catches.push({ line: clause.loc.start.line, tools, trace: traces.of(clause).kind });
  }

  const breakers: BreakerRecord[] = [];
  const fanOuts: FanOutRecord[] = [];
  for (const call of model.calls) {
    const callee = call.callee;
    // Every call of the file passes here: only member calls can be either.
    if (callee.type !== AST_NODE_TYPES.MemberExpression) continue;
    const breaker = breakerCall(sourceCode, model.importedFrom, call);
    const settled = !breaker && promiseCombinator(model, call, "allSettled") !== undefined;
    const all = !breaker && !settled && promiseCombinator(model, call, "all") !== undefined;
    if (!breaker && !settled && !all) continue;
    const tools = toolsAt(call);
    if (tools.length === 0) continue;
    const line = call.loc.start.line;
    if (breaker) breakers.push({ line, tools, library: breaker.library });
    else if (settled) fanOuts.push({ line, tools, partial: true });
    else {
      const argument = call.arguments[0];
      if (!argument || argument.type === AST_NODE_TYPES.SpreadElement) continue;
      external ??= externalFailures(model);
      // Two outside calls at least, or one per item of a `.map`: as `prefer-partial-results` counts them.
      if (failingParts(model, external, argument) >= 2) fanOuts.push({ line, tools, partial: false });
    }
  }
  return { retries, breakers, fanOuts, catches };
}

/** Whether the catch throws anywhere (not in a nested function). */
function throwsAny(sourceCode: McpModel["sourceCode"], clause: TSESTree.CatchClause): boolean {
  let found = false;
  forEachOwnNode(sourceCode, clause.body, (node) => {
    if (node.type === AST_NODE_TYPES.ThrowStatement) found = true;
  });
  return found;
}

/** One tool's scorecard. Each item is "n/a" when the tool's path has none of what it is about. */
export interface Scorecard {
  /** Outside calls (HTTP clients, child processes) bounded by a timeout or a signal. */
  readonly timeouts: { readonly calls: number; readonly withTimeout: number } | "n/a";
  /** Retries, those whose delay grows (backoff), those with a random part (jitter), those whose delay we cannot read. */
  readonly retries: { readonly retries: number; readonly withBackoff: number; readonly withJitter: number; readonly unread: number } | "n/a";
  /** Calls through a circuit breaker; n/a when there is no breaker and no outside call. */
  readonly circuitBreaker: { readonly calls: number } | "n/a";
  /** Fan-outs over outside calls, and those that keep partial results (`Promise.allSettled`). */
  readonly partialResults: { readonly fanOuts: number; readonly partial: number } | "n/a";
  /** Error paths (error results, throws that reach the framework) that carry a category and a retryability. */
  readonly classified: { readonly errorPaths: number; readonly classified: number } | "n/a";
  /** Catches that stop a failure, those that log it, and those that hand the error to a call that may. */
  readonly logged: { readonly catches: number; readonly logged: number; readonly handedOn: number } | "n/a";
}

/** A tool's scorecard facts, by id (`file:line:kind`), so a fact seen through two records counts once. */
export class ScorecardTally {
  private readonly retries = new Map<string, { readonly backoff: boolean; readonly jitter: boolean; readonly unread: boolean }>();
  private readonly breakers = new Set<string>();
  private readonly fanOuts = new Map<string, boolean>();
  private readonly catches = new Map<string, CatchRecord["trace"]>();

  addRetry(id: string, record: RetryRecord): void {
    this.retries.set(id, { backoff: record.pacing === "backoff", jitter: record.jitter, unread: record.pacing === "unknown" });
  }

  addBreaker(id: string): void {
    this.breakers.add(id);
  }

  addFanOut(id: string, record: FanOutRecord): void {
    this.fanOuts.set(id, record.partial);
  }

  addCatch(id: string, record: CatchRecord): void {
    this.catches.set(id, record.trace);
  }

  merge(other: ScorecardTally): void {
    for (const [id, retry] of other.retries) this.retries.set(id, retry);
    for (const id of other.breakers) this.breakers.add(id);
    for (const [id, partial] of other.fanOuts) this.fanOuts.set(id, partial);
    for (const [id, trace] of other.catches) this.catches.set(id, trace);
  }

  /** The scorecard, with the counts the inventory keeps itself (outside calls, error paths). */
  scorecard(counts: {
    readonly externalCalls: number;
    readonly withTimeout: number;
    readonly errorPaths: number;
    readonly classified: number;
  }): Scorecard {
    const retries = [...this.retries.values()];
    const fanOuts = [...this.fanOuts.values()];
    const catches = [...this.catches.values()];
    const count = <T>(list: readonly T[], test: (item: T) => boolean): number => list.filter(test).length;
    return {
      timeouts: counts.externalCalls === 0 ? "n/a" : { calls: counts.externalCalls, withTimeout: counts.withTimeout },
      retries:
        retries.length === 0
          ? "n/a"
          : {
              retries: retries.length,
              withBackoff: count(retries, (r) => r.backoff),
              withJitter: count(retries, (r) => r.jitter),
              unread: count(retries, (r) => r.unread),
            },
      circuitBreaker: this.breakers.size === 0 && counts.externalCalls === 0 ? "n/a" : { calls: this.breakers.size },
      partialResults: fanOuts.length === 0 ? "n/a" : { fanOuts: fanOuts.length, partial: count(fanOuts, (partial) => partial) },
      classified: counts.errorPaths === 0 ? "n/a" : { errorPaths: counts.errorPaths, classified: counts.classified },
      logged:
        catches.length === 0
          ? "n/a"
          : { catches: catches.length, logged: count(catches, (t) => t === "logged"), handedOn: count(catches, (t) => t === "passed-on") },
    };
  }
}
