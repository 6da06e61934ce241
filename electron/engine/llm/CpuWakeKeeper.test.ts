import { afterEach, describe, expect, it } from "vitest";
import { CpuWakeKeeper } from "./CpuWakeKeeper.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("CpuWakeKeeper", () => {
  const keeper = new CpuWakeKeeper();
  afterEach(() => keeper.dispose());

  it("wakes its thread while held and stops when the last hold is released", async () => {
    expect(keeper.active).toBe(false);
    const first = keeper.hold();
    const second = keeper.hold();
    expect(keeper.active).toBe(true);
    const before = keeper.ticks;
    await sleep(200);
    // 1 ms period: about 200 wake-ups; a busy 2-core CI machine still gives far more than 10.
    expect(keeper.ticks - before).toBeGreaterThan(10);

    first();
    first(); // a second call of the same release is ignored
    expect(keeper.active).toBe(true);
    second();
    expect(keeper.active).toBe(false);
    await sleep(50); // the "off" message reaches the thread
    const stopped = keeper.ticks;
    await sleep(150);
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
    await sleep(100);
    expect(keeper.ticks).toBeGreaterThan(before);
    fresh();
    expect(keeper.active).toBe(false);
  });
});
