import type { LlamaContextSequence } from "node-llama-cpp";
import { describe, expect, it } from "vitest";
import { ScriptoriumError } from "../../../shared/errors.js";
import { SequencePool } from "./SequencePool.js";

/** The pool only hands sequences around; plain tokens stand in for native ones. */
function fakeSequences(n: number): LlamaContextSequence[] {
  return Array.from({ length: n }, (_, i) => ({ id: i }) as unknown as LlamaContextSequence);
}

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
