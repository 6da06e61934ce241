import type { LlamaContextSequence, Token } from "node-llama-cpp";
import { ScriptoriumError } from "../../../shared/errors.js";

/** A sequence lent by the pool; call `release()` exactly once (later calls are ignored). */
export interface PooledSequence {
  readonly sequence: LlamaContextSequence;
  release(): void;
}

interface Waiter {
  resolve(lease: PooledSequence): void;
  reject(error: unknown): void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export interface SequencePoolOptions {
  /** The tokens a sequence's KV cache holds now; default `sequence.contextTokens`. */
  cachedTokens?: (sequence: LlamaContextSequence) => readonly Token[];
  /** Called after a sequence is lent or handed back (the decode gather re-checks who it waits for). */
  onBusyChange?: () => void;
}

/**
 * Lends the context's sequences to concurrent callers. Sequences keep their KV cache between
 * calls (node-llama-cpp erases from the first token that differs, so no call sees another's
 * tokens), so a free sequence is chosen by **prefix affinity**: the one whose cached tokens share
 * the longest prefix with the caller's prompt, most recently used among equals — a section that
 * follows another on the same system prompt and materials then prefills only its own part.
 * When all are busy, callers wait first in, first out (a waiter takes whichever sequence frees
 * first: fairness beats reuse). Callers holding different sequences are batched by
 * node-llama-cpp into one evaluation, which is what makes N sequences faster than N calls in a row.
 * llama.cpp decodes such a batch in one pass only over a run of consecutive sequence ids (one KV
 * stream per sequence), so a call also prefers a sequence next to the busy ones
 * ({@link BATCH_RUN_WEIGHT}); `sequences` are given in native id order.
 */
export class SequencePool {
  private readonly free: LlamaContextSequence[];
  private readonly waiters: Waiter[] = [];
  private readonly lent = new Set<LlamaContextSequence>();
  /** Sequence → tick of its last release; higher = more recently used. */
  private readonly lastUsed = new Map<LlamaContextSequence, number>();
  private tick = 0;
  private disposed = false;

  private readonly cachedTokens: (sequence: LlamaContextSequence) => readonly Token[];
  private readonly onBusyChange: () => void;

  constructor(
    private readonly sequences: readonly LlamaContextSequence[],
    options: SequencePoolOptions = {},
  ) {
    if (sequences.length === 0) throw new ScriptoriumError("internal", "SequencePool needs at least one sequence");
    this.free = [...sequences];
    this.cachedTokens = options.cachedTokens ?? ((sequence) => sequence.contextTokens);
    this.onBusyChange = options.onBusyChange ?? (() => undefined);
  }

  /** Sequences in the pool. */
  get size(): number {
    return this.sequences.length;
  }

  /** Sequences not lent right now. */
  get available(): number {
    return this.free.length;
  }

  /** Callers waiting for a sequence. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** The sequences lent right now (the decode gather waits only for these). */
  get busy(): ReadonlySet<LlamaContextSequence> {
    return this.lent;
  }

  /**
   * Borrow a sequence; `prompt` (the tokens the call will evaluate) picks the free sequence
   * holding the longest prefix of it. Waits FIFO when all are busy. Rejects with the signal's
   * reason when it aborts while waiting, and with `unavailable` once the pool is disposed.
   */
  acquire(signal?: AbortSignal, prompt?: readonly Token[]): Promise<PooledSequence> {
    if (this.disposed) return Promise.reject(disposedError());
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const sequence = this.takeBestFree(prompt);
    if (sequence) return Promise.resolve(this.lease(sequence));
    return new Promise<PooledSequence>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.waiters.indexOf(waiter);
          if (index >= 0) this.waiters.splice(index, 1);
          reject(abortReason(signal));
        },
      };
      signal?.addEventListener("abort", waiter.onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  /** Borrow a sequence for the duration of `fn`; it is returned on success, error and abort. */
  async use<T>(fn: (sequence: LlamaContextSequence) => Promise<T>, signal?: AbortSignal, prompt?: readonly Token[]): Promise<T> {
    const lease = await this.acquire(signal, prompt);
    try {
      return await fn(lease.sequence);
    } finally {
      lease.release();
    }
  }

  /** Reject every waiter; sequences themselves are disposed with their context by the owner. */
  dispose(): void {
    this.disposed = true;
    for (const waiter of this.waiters.splice(0)) {
      waiter.signal?.removeEventListener("abort", waiter.onAbort);
      waiter.reject(disposedError());
    }
  }

  /**
   * Longest shared prefix wins, weighed against the cache it would erase: a call costs the
   * prompt tokens it must prefill plus a quarter of the cached tokens it throws away (which a
   * later call might have reused). So a section following another on the same system prompt and
   * materials takes that sequence, while an unrelated call that shares only a BOS and a few
   * template tokens takes an idle one instead of wiping a warm cache. While other sequences are
   * busy, each run of consecutive busy sequences it would make adds {@link BATCH_RUN_WEIGHT}.
   * Among equal costs: the most recently used when a useful prefix ({@link MIN_USEFUL_PREFIX}) is
   * shared, else the least recently used.
   */
  private takeBestFree(prompt: readonly Token[] | undefined): LlamaContextSequence | undefined {
    let best = -1;
    let bestCost = Number.POSITIVE_INFINITY;
    let bestTick = 0;
    const busy = new Set<number>();
    for (const sequence of this.lent) busy.add(this.sequences.indexOf(sequence));
    for (let i = 0; i < this.free.length; i++) {
      const sequence = this.free[i]!;
      const cached = prompt ? this.cachedTokens(sequence) : [];
      const shared = prompt ? commonPrefixLength(cached, prompt) : 0;
      const runs = busy.size === 0 ? 0 : runsWith(busy, this.sequences.indexOf(sequence));
      const cost = (prompt ? prompt.length - shared : 0) + (cached.length - shared) * ERASE_WEIGHT + runs * BATCH_RUN_WEIGHT;
      const used = this.lastUsed.get(sequence) ?? -1;
      const tick = shared >= MIN_USEFUL_PREFIX ? used : -used;
      if (best < 0 || cost < bestCost || (cost === bestCost && tick > bestTick)) {
        best = i;
        bestCost = cost;
        bestTick = tick;
      }
    }
    if (best < 0) return undefined;
    return this.free.splice(best, 1)[0];
  }

  private lease(sequence: LlamaContextSequence): PooledSequence {
    let released = false;
    this.lent.add(sequence);
    this.onBusyChange();
    return {
      sequence,
      release: () => {
        if (released) return;
        released = true;
        this.handBack(sequence);
      },
    };
  }

  private handBack(sequence: LlamaContextSequence): void {
    this.lent.delete(sequence);
    this.lastUsed.set(sequence, ++this.tick);
    if (this.disposed) return;
    const next = this.waiters.shift();
    if (!next) {
      this.free.push(sequence);
      this.onBusyChange();
      return;
    }
    next.signal?.removeEventListener("abort", next.onAbort);
    next.resolve(this.lease(sequence));
  }
}

/** Shorter shared prefixes (BOS, a chat template's opening) do not make a sequence "the same conversation". */
export const MIN_USEFUL_PREFIX = 8;
/** What erasing one cached token counts against a sequence, in prefill tokens (see takeBestFree). */
const ERASE_WEIGHT = 0.25;
/**
 * What one more run of consecutive busy sequences counts, in prefill tokens. Each run is its own
 * pass over the weights on every decode step the calls share (a 256-token section: 256 extra
 * passes, far more than prefilling a few hundred tokens), but only while they overlap, which the
 * pool cannot know: a sequence that saves more prefill than this still wins.
 */
export const BATCH_RUN_WEIGHT = 256;

/** Runs of consecutive positions in `busy` plus `candidate`: llama.cpp's passes per batch. */
function runsWith(busy: ReadonlySet<number>, candidate: number): number {
  const has = (position: number) => position === candidate || busy.has(position);
  let runs = has(candidate - 1) ? 0 : 1;
  for (const position of busy) if (!has(position - 1)) runs++;
  return runs;
}

/** Number of leading tokens `a` and `b` share. */
export function commonPrefixLength(a: readonly Token[], b: readonly Token[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

function disposedError(): ScriptoriumError {
  return new ScriptoriumError("unavailable", "The model was unloaded while waiting for a free sequence.");
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException("Aborted", "AbortError");
}
