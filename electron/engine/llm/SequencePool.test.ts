import type { LlamaContextSequence, Token } from "node-llama-cpp";
import { describe, expect, it } from "vitest";
import { ScriptoriumError } from "../../../shared/errors.js";
import { BATCH_RUN_WEIGHT, commonPrefixLength, MIN_USEFUL_PREFIX, SequencePool } from "./SequencePool.js";

/** The pool only hands sequences around; plain tokens stand in for native ones. */
function fakeSequences(n: number): LlamaContextSequence[] {
  return Array.from({ length: n }, (_, i) => ({ id: i }) as unknown as LlamaContextSequence);
}

/** Fake sequences whose "KV cache" is a token array the test sets. */
function cachedSequences(caches: number[][]): { sequences: LlamaContextSequence[]; cache: Map<LlamaContextSequence, Token[]> } {
  const sequences = fakeSequences(caches.length);
  const cache = new Map(sequences.map((s, i) => [s, t(caches[i]!)]));
  return { sequences, cache };
}

/** Token ids are branded numbers in node-llama-cpp. */
const t = (ids: number[]): Token[] => ids as unknown as Token[];
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
/** A 20-token shared head (system prompt + materials), then a call's own tokens. */
const HEAD = range(1, 20);

describe("SequencePool prefix affinity", () => {
  it("lends the free sequence whose cache shares the longest prefix with the prompt", async () => {
    const { sequences, cache } = cachedSequences([range(500, 30), [...HEAD, 900, 901], [...HEAD.slice(0, 12), 700]]);
    const pool = new SequencePool(sequences, { cachedTokens: (s) => cache.get(s)! });
    const lease = await pool.acquire(undefined, t([...HEAD, 42, 43]));
    expect(lease.sequence).toBe(sequences[1]);
    // The next best is the one holding 12 tokens of the head, not the unrelated one.
    const second = await pool.acquire(undefined, t([...HEAD, 44]));
    expect(second.sequence).toBe(sequences[2]);
  });

  it("takes the most recently used among equal prefixes", async () => {
    const { sequences, cache } = cachedSequences([[...HEAD, 1], [...HEAD, 2], [...HEAD, 3]]);
    const pool = new SequencePool(sequences, { cachedTokens: (s) => cache.get(s)! });
    const leases = await Promise.all([pool.acquire(), pool.acquire(), pool.acquire()]);
    // Released in the order 2, 0, 1: sequence 1 is the most recent.
    for (const i of [2, 0, 1]) leases.find((l) => l.sequence === sequences[i])!.release();
    expect((await pool.acquire(undefined, t([...HEAD, 9]))).sequence).toBe(sequences[1]);
    expect((await pool.acquire(undefined, t([...HEAD, 9]))).sequence).toBe(sequences[0]);
  });

  it("keeps busy sequences consecutive so llama.cpp decodes them in one pass", async () => {
    const { sequences, cache } = cachedSequences([[...HEAD, 1], [...HEAD, 2], [...HEAD, 3], [...HEAD, 4]]);
    const pool = new SequencePool(sequences, { cachedTokens: (s) => cache.get(s)! });
    const leases = await Promise.all([pool.acquire(), pool.acquire(), pool.acquire(), pool.acquire()]);
    // Released in the order 1, 0, 2, 3: sequence 3 is the most recent, then 2.
    for (const i of [1, 0, 2, 3]) leases.find((l) => l.sequence === sequences[i])!.release();
    const first = await pool.acquire(undefined, t([...HEAD, 1, 7]));
    expect(first.sequence).toBe(sequences[0]);
    // Sequences 1, 2 and 3 cost the same prefill; 3 is the most recent, but 0 and 3 would be two
    // passes per decode step, so the one next to 0 is lent.
    expect((await pool.acquire(undefined, t([...HEAD, 9]))).sequence).toBe(sequences[1]);
  });

  it("still lends a far longer shared prefix even when it is not next to the busy ones", async () => {
    const long = range(100, BATCH_RUN_WEIGHT + 50);
    const { sequences, cache } = cachedSequences([[...HEAD, 1], [...HEAD, 2], [...HEAD, ...long]]);
    const pool = new SequencePool(sequences, { cachedTokens: (s) => cache.get(s)! });
    const first = await pool.acquire(undefined, t([...HEAD, 1, 7]));
    expect(first.sequence).toBe(sequences[0]);
    expect((await pool.acquire(undefined, t([...HEAD, ...long, 5]))).sequence).toBe(sequences[2]);
  });

  it("keeps warm caches when nothing useful is shared: the least recently used goes first", async () => {
    const { sequences, cache } = cachedSequences([[], [], []]);
    const pool = new SequencePool(sequences, { cachedTokens: (s) => cache.get(s)! });
    const a = await pool.acquire(undefined, t(HEAD));
    cache.set(a.sequence, t([...HEAD, 5]));
    a.release();
    // Only the BOS-like first token in common: below the useful minimum, so an idle sequence is used.
    const unrelated = [1, ...range(300, 30)];
    expect(commonPrefixLength(cache.get(a.sequence)!, t(unrelated))).toBeLessThan(MIN_USEFUL_PREFIX);
    const b = await pool.acquire(undefined, t(unrelated));
    expect(b.sequence).not.toBe(a.sequence);
    // And the call that shares the head still finds its sequence.
    expect((await pool.acquire(undefined, t([...HEAD, 6]))).sequence).toBe(a.sequence);
  });

  it("keeps FIFO for waiters: the first waiter takes whichever sequence frees first", async () => {
    const { sequences, cache } = cachedSequences([[...HEAD, 1], range(100, 20)]);
    const pool = new SequencePool(sequences, { cachedTokens: (s) => cache.get(s)! });
    const [x, y] = [await pool.acquire(), await pool.acquire()];
    const order: number[] = [];
    const first = pool.acquire(undefined, t(range(100, 20))).then((l) => (order.push(1), l));
    const second = pool.acquire(undefined, t([...HEAD, 2])).then((l) => (order.push(2), l));
    // The sequence holding HEAD frees first; the first waiter gets it even though it wants the other.
    x.release();
    expect((await first).sequence).toBe(x.sequence);
    y.release();
    expect((await second).sequence).toBe(y.sequence);
    expect(order).toEqual([1, 2]);
  });

  it("reports busy sequences and calls onBusyChange on every lend and return", async () => {
    let changes = 0;
    const pool = new SequencePool(fakeSequences(2), { onBusyChange: () => changes++ });
    const lease = await pool.acquire();
    expect([...pool.busy]).toEqual([lease.sequence]);
    lease.release();
    expect(pool.busy.size).toBe(0);
    expect(changes).toBe(2);
  });
});

describe("SequencePool", () => {
  it("lends free sequences at once and makes later callers wait first-in first-out", async () => {
    const pool = new SequencePool(fakeSequences(2));
    const a = await pool.acquire();
    const b = await pool.acquire();
    expect(a.sequence).not.toBe(b.sequence);
    const order: string[] = [];
    const c = pool.acquire().then((lease) => (order.push("c"), lease));
    const d = pool.acquire().then((lease) => (order.push("d"), lease));
    expect(pool.waiting).toBe(2);
    b.release();
    const leaseC = await c;
    expect(leaseC.sequence).toBe(b.sequence);
    a.release();
    const leaseD = await d;
    expect(leaseD.sequence).toBe(a.sequence);
    expect(order).toEqual(["c", "d"]);
    leaseC.release();
    leaseD.release();
    expect(pool.available).toBe(2);
  });

  it("ignores a second release of the same lease", async () => {
    const pool = new SequencePool(fakeSequences(1));
    const lease = await pool.acquire();
    lease.release();
    lease.release();
    expect(pool.available).toBe(1);
  });

  it("returns the sequence when the work throws", async () => {
    const pool = new SequencePool(fakeSequences(1));
    await expect(pool.use(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(pool.available).toBe(1);
    await expect(pool.use(async () => "ok")).resolves.toBe("ok");
  });

  it("drops a waiter whose signal aborts, without losing the sequence", async () => {
    const pool = new SequencePool(fakeSequences(1));
    const held = await pool.acquire();
    const controller = new AbortController();
    const waiting = pool.acquire(controller.signal);
    controller.abort(new Error("user cancelled"));
    await expect(waiting).rejects.toThrow("user cancelled");
    expect(pool.waiting).toBe(0);
    held.release();
    expect(pool.available).toBe(1);
    const already = new AbortController();
    already.abort();
    await expect(pool.acquire(already.signal)).rejects.toBeDefined();
  });

  it("rejects waiters with unavailable when disposed", async () => {
    const pool = new SequencePool(fakeSequences(1));
    await pool.acquire();
    const waiting = pool.acquire();
    pool.dispose();
    await expect(waiting).rejects.toBeInstanceOf(ScriptoriumError);
    await expect(pool.acquire()).rejects.toMatchObject({ code: "unavailable" });
  });
});
