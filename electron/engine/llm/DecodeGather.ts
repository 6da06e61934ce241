import type { LlamaContext, LlamaContextSequence } from "node-llama-cpp";

/**
 * The node-llama-cpp version whose internals this patches (package.json pins it exactly). The
 * patch checks the shape it relies on at install time and stays off when it is not there.
 */
export const GATHER_PATCHED_VERSION = "3.21.1";

/** Default wait for stragglers: far shorter than one decode step of any model worth batching. */
const DEFAULT_TIMEOUT_MS = 4;

/** Native step times kept per batch size (the latest). */
const STEP_SAMPLES = 1024;

/** The internal members of LlamaContext 3.21.1 the gather touches. */
interface ContextInternals {
  _decodeTokens: (request: { sequenceId: number }, logitDataMapper: unknown) => Promise<unknown>;
  _ctx: {
    initBatch: (size: number) => void;
    addToBatch: (...args: unknown[]) => unknown;
    decodeBatch: () => Promise<void>;
  };
}

interface Held {
  sequenceId: number;
  run: () => void;
}

/**
 * Keeps concurrent sequences in step so their tokens share decode batches.
 *
 * node-llama-cpp's dispatch loop decodes whatever is queued the moment the previous batch ends.
 * A sequence whose next token is still being sampled in JS misses that batch and gets the next
 * one alone; from then on the sequences alternate (two never shared a batch, four ran as 3 + 1),
 * and a batch of one costs nearly as much as a batch of four. The gather holds each decode
 * request until every sequence with a call in flight has one pending — or `timeoutMs` passes, so
 * a sequence busy elsewhere (tokenizing, finishing) never stalls the others for long — then
 * queues them together, and the loop decodes them as one batch. It queues them in ascending
 * sequence id order: with a KV stream per sequence, llama.cpp decodes a batch in one pass only
 * when its sequence ids run consecutively upwards ({@link nativePasses}); the pool lends
 * sequences so that the busy ones are consecutive (SequencePool).
 *
 * Internal API: it wraps `LlamaContext._decodeTokens` (see docs/notes/node-llama-cpp-batching.md).
 */
export class DecodeGather {
  /** Sequences per decode batch → number of such batches, since install. */
  readonly histogram = new Map<number, number>();
  /**
   * Sequences per decode step → native times (ms) of the last such steps, for the bench's notes.
   * Only batches of one token per sequence are timed: a prefill chunk's time is not a step's.
   */
  readonly stepMs = new Map<number, number[]>();
  /**
   * Native passes per decode batch → number of such batches. With a KV stream per sequence,
   * llama.cpp puts in one ubatch only sequences whose ids follow each other upwards in batch order
   * (`split_equal` with `sequential`; see {@link nativePasses}), and each ubatch is a full pass
   * over the weights: 1 is what batching needs. Counts the grouping by sequence only (a prefill
   * chunk longer than the others' items is split further by token count).
   */
  readonly passesHistogram = new Map<number, number>();
  private held: Held[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Native decodes running now: a sequence inside one cannot be pending, so the wait is paused. */
  private decoding = 0;
  private installed = false;

  constructor(
    private readonly context: LlamaContext,
    /** Sequences with a call in flight right now (the pool's lent sequences). */
    private readonly inFlight: () => Iterable<LlamaContextSequence>,
    private readonly options: { timeoutMs?: number; /** false: only count batches (to compare) */ hold?: boolean } = {},
  ) {}

  /** Whether the patch is active (false when the library's internals are not the expected ones). */
  get active(): boolean {
    return this.installed;
  }

  /** Patch the context; returns false (and changes nothing) when its internals differ. */
  install(): boolean {
    const internals = this.context as unknown as Partial<ContextInternals>;
    const native = internals._ctx;
    if (
      this.installed ||
      typeof internals._decodeTokens !== "function" ||
      !native ||
      typeof native.initBatch !== "function" ||
      typeof native.addToBatch !== "function" ||
      typeof native.decodeBatch !== "function"
    ) {
      return false;
    }
    // Count the items of each batch for the histogram (a prefill chunk counts as one item). The
    // native object's methods are read-only, so the context gets a proxy in front of it; methods
    // run bound to the real object, as native code requires.
    let items = 0;
    let tokens = 0;
    const ids: number[] = [];
    const counted: Record<string, (...args: unknown[]) => unknown> = {
      initBatch: (...args) => {
        items = 0;
        tokens = 0;
        ids.length = 0;
        return native.initBatch.apply(native, args as [number]);
      },
      addToBatch: (...args) => {
        items++;
        tokens += (args[2] as ArrayLike<number> | undefined)?.length ?? 1;
        ids.push(args[0] as number);
        return native.addToBatch.apply(native, args);
      },
      decodeBatch: () => {
        const size = items;
        // A decode step: one token per sequence. A batch with a prefill chunk is not timed as one.
        const decodeStep = tokens === items;
        this.histogram.set(size, (this.histogram.get(size) ?? 0) + 1);
        const passes = nativePasses(ids);
        this.passesHistogram.set(passes, (this.passesHistogram.get(passes) ?? 0) + 1);
        this.decoding++;
        const started = performance.now();
        return native.decodeBatch.call(native).finally(() => {
          if (decodeStep) this.recordStep(size, performance.now() - started);
          this.decoding--;
          this.afterBatch();
        });
      },
    };
    internals._ctx = new Proxy(native, {
      get: (target, key) => {
        if (typeof key === "string" && key in counted) return counted[key];
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });

    const decodeTokens = internals._decodeTokens.bind(this.context);
    internals._decodeTokens = (request, logitDataMapper) =>
      new Promise((resolve, reject) => {
        const run = () => void decodeTokens(request, logitDataMapper).then(resolve, reject);
        if (this.options.hold === false) return run();
        this.held.push({ sequenceId: request.sequenceId, run });
        this.check();
      });
    this.installed = true;
    return true;
  }

  /** Re-check after a sequence is lent or returned: a returned one is no longer waited for. */
  check(): void {
    if (this.held.length === 0) return;
    const pending = new Set(this.held.map((h) => h.sequenceId));
    let complete = true;
    for (const sequence of this.inFlight()) {
      if (!pending.has(sequenceIdOf(sequence))) {
        complete = false;
        break;
      }
    }
    if (complete) this.flush();
    else this.timer ??= this.arm();
  }

  /**
   * The straggler timeout. It does not run out while a batch is being decoded: the sequences in
   * that batch are exactly the ones worth waiting for, and they resubmit right after it (a
   * timeout that fired mid-batch would send the waiting sequence ahead alone, and the drift would
   * persist). After each batch the wait starts afresh.
   */
  private arm(): ReturnType<typeof setTimeout> {
    return setTimeout(() => {
      this.timer = null;
      if (this.decoding === 0) this.flush();
    }, this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  private afterBatch(): void {
    if (this.held.length === 0 || this.decoding > 0) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = this.arm();
  }

  /** Release every held decode at once (tests and unload). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // All in one tick: the library's next dispatch sees them queued together. In ascending
    // sequence id order, because the library adds them to the batch in queue order and llama.cpp
    // groups only ids that follow each other upwards (see nativePasses): in arrival order, four
    // sequences decoded as 2–4 passes over the weights instead of one.
    for (const held of this.held.splice(0).sort((a, b) => a.sequenceId - b.sequenceId)) held.run();
  }

  /** Batches of exactly `size` sequences, as a share of all batches since install (0 when none). */
  shareOfBatches(size: number): number {
    let total = 0;
    for (const count of this.histogram.values()) total += count;
    return total === 0 ? 0 : (this.histogram.get(size) ?? 0) / total;
  }

  resetHistogram(): void {
    this.histogram.clear();
    this.passesHistogram.clear();
    this.stepMs.clear();
  }

  private recordStep(size: number, ms: number): void {
    let list = this.stepMs.get(size);
    if (!list) {
      list = [];
      this.stepMs.set(size, list);
    }
    list.push(ms);
    // Bounded: the app keeps one gather for as long as the model is loaded.
    if (list.length > STEP_SAMPLES) list.splice(0, list.length - STEP_SAMPLES);
  }
}

/**
 * How many ubatches llama.cpp makes of a batch with one item per sequence id, in this order, when
 * each sequence has its own KV stream: each ubatch starts at the first item not yet taken and
 * takes, scanning on, every item whose id is one more than the last taken (`split_equal` with
 * `sequential = true` in llama-batch.cpp). Ascending consecutive ids: 1.
 */
export function nativePasses(ids: readonly number[]): number {
  const taken = new Array<boolean>(ids.length).fill(false);
  let passes = 0;
  for (let start = 0; start < ids.length; start++) {
    if (taken[start]) continue;
    passes++;
    let last = ids[start]!;
    taken[start] = true;
    for (let i = start + 1; i < ids.length; i++) {
      if (!taken[i] && ids[i] === last + 1) {
        taken[i] = true;
        last = ids[i]!;
      }
    }
  }
  return passes;
}

/** The native sequence id (internal `_sequenceId` in 3.21.1), which decode requests carry. */
export function sequenceIdOf(sequence: LlamaContextSequence): number {
  return (sequence as unknown as { _sequenceId: number })._sequenceId;
}
