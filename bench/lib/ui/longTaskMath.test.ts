import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { longTasksBetween, quietWindowStart } from "./longTaskMath.js";

describe("quietWindowStart", () => {
  it("is the ready time when no long task follows it", () => {
    expect(quietWindowStart(300, [{ start: 100, duration: 120 }])).toBe(300);
  });

  it("moves past tasks inside the window and stops at the first 500 ms gap", () => {
    const tasks = [
      { start: 350, duration: 60 }, // overlaps [300, 800) → candidate 410
      { start: 800, duration: 100 }, // starts inside [410, 910) → candidate 900
      { start: 1500, duration: 80 }, // after [900, 1400): the window is already quiet
    ];
    expect(quietWindowStart(300, tasks)).toBe(900);
  });

  it("counts a task that started before ready but ends after it", () => {
    expect(quietWindowStart(300, [{ start: 250, duration: 100 }])).toBe(350);
  });

  it("always returns a time with no long task in the following window (property)", () => {
    const task = fc.record({ start: fc.integer({ min: 0, max: 5000 }), duration: fc.integer({ min: 51, max: 400 }) });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.array(task, { maxLength: 30 }), (ready, tasks) => {
        const at = quietWindowStart(ready, tasks, 500);
        expect(at).toBeGreaterThanOrEqual(ready);
        for (const t of tasks) {
          const overlaps = t.start < at + 500 && t.start + t.duration > at;
          expect(overlaps).toBe(false);
        }
      }),
    );
  });
});

describe("longTasksBetween", () => {
  it("counts tasks over the threshold that start inside the range, with the longest and the blocking time", () => {
    const tasks = [
      { start: 10, duration: 300 }, // before the range
      { start: 100, duration: 50 }, // not over 50 ms
      { start: 120, duration: 80 },
      { start: 400, duration: 140 },
      { start: 900, duration: 200 }, // after the range
    ];
    expect(longTasksBetween(tasks, 100, 800)).toEqual({ count: 2, maxMs: 140, blockingMs: 30 + 90 });
  });

  it("reports zeros for an empty range", () => {
    expect(longTasksBetween([], 0, 1000)).toEqual({ count: 0, maxMs: 0, blockingMs: 0 });
  });
});
