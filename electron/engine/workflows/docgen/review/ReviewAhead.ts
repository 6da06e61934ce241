import { estimateTokens } from "../../../llm/estimateTokens.js";
import { boundedSettled } from "../../common/boundedSettled.js";
import type { FoundViolations } from "./findViolations.js";

/** Module reviews of one draft that a session has started ahead of their nodes. */
interface Batch {
  draft: string;
  controller: AbortController;
  results: Map<string, Promise<FoundViolations>>;
}

/** Sessions whose look-ahead is kept at once; older ones are dropped (a crashed run never takes its own). */
const MAX_SESSIONS = 8;

/**
 * Draft tokens above which a local model reviews modules one at a time. Each sequence holds its
 * own copy of the draft, so a review run beside another prefills the whole draft again, while the
 * two share decode steps only for their few hundred output tokens. On Gemma 3 270M, one CPU thread
 * (prefill 167, decode 43 tok/s): two reviews of a 90-line draft side by side took 50.6 s against
 * ~40 s one after the other even without the kept draft (~32 s with it); the break-even is near
 * 0.3 (decode saved by sharing steps) × 400 tokens × 3.9 (prefill/decode rate) ≈ 470 draft tokens.
 */
export const LOCAL_AHEAD_MAX_DRAFT_TOKENS = 500;

/** How many module reviews of `draft` run at once: the pool's width, or one for a long draft on a local model. */
export function reviewAheadWidth(draft: string, sequences: number, localModel: boolean): number {
  return localModel && estimateTokens(draft) > LOCAL_AHEAD_MAX_DRAFT_TOKENS ? 1 : sequences;
}

/**
 * Runs the module reviews of one draft side by side. The graph reviews modules one after another,
 * since a module that fails is revised and the next one reads the revised draft; but the reviews
 * of one unchanged draft do not depend on each other. So when a module's review starts, the
 * modules after it are started on the same draft through the bounded pool at the model's
 * parallelism, and each later review node takes its result while the draft is still the one it
 * was found on. A module that fails (its revise changes the draft) or rolls back drops the rest:
 * their work in flight is aborted and they are reviewed again on the new draft.
 */
export class ReviewAhead {
  private readonly sessions = new Map<string, Batch>();

  /**
   * The findings of `modules[0]` on `draft`: the one started ahead when it was for this draft,
   * else a fresh batch of `modules` (this one first) at most `parallel` at a time. `review` runs
   * one module; its signal aborts when the batch is dropped or `signal` aborts.
   */
  async take<M extends { id: string }>(
    sessionId: string,
    draft: string,
    modules: readonly M[],
    parallel: number,
    review: (module: M, signal: AbortSignal | undefined) => Promise<FoundViolations>,
    signal?: AbortSignal,
  ): Promise<FoundViolations> {
    const first = modules[0];
    if (!first) throw new Error("ReviewAhead.take needs the module to review");
    const ahead = this.sessions.get(sessionId);
    const started = ahead?.draft === draft ? ahead.results.get(first.id) : undefined;
    if (started) {
      ahead!.results.delete(first.id);
      if (ahead!.results.size === 0) this.sessions.delete(sessionId);
      try {
        return await started;
      } catch (error) {
        // A review started ahead and aborted with its batch is run again; the run's own abort is not.
        if (signal?.aborted) throw error;
      }
      return review(first, signal);
    }
    this.drop(sessionId);
    if (parallel <= 1 || modules.length === 1) return review(first, signal);
    const batch = this.start(draft, modules, parallel, review, signal);
    if (this.sessions.size >= MAX_SESSIONS) this.drop(this.sessions.keys().next().value!);
    this.sessions.set(sessionId, batch);
    const own = batch.results.get(first.id)!;
    batch.results.delete(first.id);
    return own;
  }

  /** Forget and abort what was started ahead for a session (its draft is about to change, or the run ended). */
  drop(sessionId: string): void {
    const batch = this.sessions.get(sessionId);
    if (!batch) return;
    this.sessions.delete(sessionId);
    batch.controller.abort(new DOMException("The draft changed", "AbortError"));
  }

  private start<M extends { id: string }>(
    draft: string,
    modules: readonly M[],
    parallel: number,
    review: (module: M, signal: AbortSignal | undefined) => Promise<FoundViolations>,
    signal: AbortSignal | undefined,
  ): Batch {
    const controller = new AbortController();
    const combined = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
    const settle = new Map<string, { resolve(value: FoundViolations): void; reject(error: unknown): void }>();
    const results = new Map<string, Promise<FoundViolations>>();
    for (const module of modules) {
      const promise = new Promise<FoundViolations>((resolve, reject) => settle.set(module.id, { resolve, reject }));
      // A result nobody takes (the batch was dropped) must not surface as an unhandled rejection.
      promise.catch(() => undefined);
      results.set(module.id, promise);
    }
    const aborted = () => combined.reason ?? new DOMException("Aborted", "AbortError");
    void boundedSettled(
      modules,
      parallel,
      async (module) => {
        const handle = settle.get(module.id)!;
        try {
          handle.resolve(await review(module, combined));
        } catch (error) {
          handle.reject(error);
        }
      },
      combined,
    )
      .catch(() => undefined)
      // Modules the pool never started (the batch was aborted first) reject, so a taker re-runs them.
      .finally(() => {
        for (const handle of settle.values()) handle.reject(aborted());
      });
    return { draft, controller, results };
  }
}
