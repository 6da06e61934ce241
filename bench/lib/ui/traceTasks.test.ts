import { describe, expect, it } from "vitest";
import { cpuTaskFigures, type TraceEvent } from "./traceTasks.js";

const main = { pid: 1, tid: 7 };
const mark = (name: string, ts: number): TraceEvent => ({ name, ph: "I", cat: "blink.user_timing", ts, ...main });
const task = (ts: number, durMs: number, cpuMs: number, where = main): TraceEvent => ({ name: "ThreadControllerImpl::RunTask", ph: "X", ts, dur: durMs * 1000, tdur: cpuMs * 1000, ...where });

describe("cpuTaskFigures", () => {
  it("counts wall and CPU long tasks of the marked thread between the marks", () => {
    const events = [
      mark("a", 1_000),
      task(2_000, 80, 20), // long on the wall clock only: the thread waited for a core
      task(200_000, 70, 60), // long by its own work
      task(200_500, 10, 9), // nested in the previous one: counted once
      task(400_000, 90, 90, { pid: 2, tid: 3 }), // another process
      mark("b", 500_000),
      task(600_000, 100, 100), // after the window
    ];
    const f = cpuTaskFigures(events, "a", "b");
    expect(f.wallLongTasks).toBe(2);
    expect(f.cpuLongTasks).toBe(1);
    expect(f.maxCpuMs).toBe(60);
    expect(f.cpuMs).toBe(80);
  });

  it("refuses a trace without the marks", () => {
    expect(() => cpuTaskFigures([mark("a", 1)], "a", "b")).toThrow(/marks a \/ b/);
  });
});
