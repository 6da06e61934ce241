import type { LlamaContextSequence } from "node-llama-cpp";
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

/**
 * Lends the context's sequences to concurrent callers. A caller waits (first in, first out) when
 * all are busy; callers holding different sequences are batched by node-llama-cpp into one
 * evaluation, which is what makes N sequences faster than N calls in a row.
 */
export class SequencePool {
  private readonly free: LlamaContextSequence[];
  private readonly waiters: Waiter[] = [];
  private disposed = false;

  constructor(private readonly sequences: readonly LlamaContextSequence[]) {
    if (sequences.length === 0) throw new ScriptoriumError("internal", "SequencePool needs at least one sequence");
    this.free = [...sequences];
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

  /**
   * Borrow a sequence; waits FIFO when all are busy. Rejects with the signal's reason when it
   * aborts while waiting, and with `unavailable` once the pool is disposed.
   */
  acquire(signal?: AbortSignal): Promise<PooledSequence> {
    if (this.disposed) return Promise.reject(disposedError());
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const sequence = this.free.shift();
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
  async use<T>(fn: (sequence: LlamaContextSequence) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const lease = await this.acquire(signal);
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

  private lease(sequence: LlamaContextSequence): PooledSequence {
    let released = false;
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
    if (this.disposed) return;
    const next = this.waiters.shift();
    if (!next) {
      this.free.push(sequence);
      return;
    }
    next.signal?.removeEventListener("abort", next.onAbort);
    next.resolve(this.lease(sequence));
  }
}

function disposedError(): ScriptoriumError {
  return new ScriptoriumError("unavailable", "The model was unloaded while waiting for a free sequence.");
}

function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException("Aborted", "AbortError");
}
