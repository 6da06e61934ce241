import { afterEach, describe, expect, it } from "vitest";
import { CpuWakeKeeper } from "./CpuWakeKeeper.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once `ready()` holds, polling every 10 ms; rejects after `timeoutMs`. A worker thread
 * takes a few ms to start on a quiet machine and several hundred while the whole suite runs on
 * two cores (a fixed 100 ms wait once failed there), so the tests wait for what they assert.
 */
async function until(ready: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await sleep(10);
  }
}

/** Resolves once the tick count has not moved for `quietMs` (the "off" message has been handled). */
async function untilStill(keeper: CpuWakeKeeper, quietMs = 100): Promise<void> {
  let last = keeper.ticks;
  let since = Date.now();
  await until(() => {
    if (keeper.ticks !== last) {
      last = keeper.ticks;
      since = Date.now();
    }
    return Date.now() - since >= quietMs;
  }, "the keeper's thread stops ticking");
}

describe("CpuWakeKeeper", () => {
  const keeper = new CpuWakeKeeper();
  afterEach(() => keeper.dispose());

  it("wakes its thread while held and stops when the last hold is released", async () => {
    expect(keeper.active).toBe(false);
    const first = keeper.hold();
    const second = keeper.hold();
    expect(keeper.active).toBe(true);
    const before = keeper.ticks;
    // 1 ms period: once the thread runs, ten wake-ups take ~10 ms.
    await until(() => keeper.ticks - before > 10, "the thread has woken 10 times");

    first();
    first(); // a second call of the same release is ignored
    expect(keeper.active).toBe(true);
    // Still held by `second`: the thread keeps waking.
    const held = keeper.ticks;
    await until(() => keeper.ticks > held, "the thread wakes again while one hold is left");
    second();
    expect(keeper.active).toBe(false);
    await untilStill(keeper);
    const stopped = keeper.ticks;
    await sleep(200);
    expect(keeper.ticks).toBe(stopped);
  });

  it("starts again after a release and after dispose; a release from before dispose counts for nothing", async () => {
    keeper.hold()();
    const stale = keeper.hold();
    await keeper.dispose();
    expect(keeper.active).toBe(false);
    const fresh = keeper.hold();
    stale();
    expect(keeper.active).toBe(true);
    const before = keeper.ticks;
    await until(() => keeper.ticks > before, "a new thread ticks after dispose");
    fresh();
    expect(keeper.active).toBe(false);
  });
});
