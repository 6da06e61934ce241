import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { processAlive } from "./processAlive.js";

describe("processAlive", () => {
  it("this process and its parent are alive", () => {
    expect(processAlive(process.pid)).toBe(true);
    expect(processAlive(process.ppid)).toBe(true);
  });

  it("a process that has exited is not, and neither is a pid that cannot be one", () => {
    const child = spawnSync(process.execPath, ["-e", "0"]);
    expect(child.pid).toBeGreaterThan(0);
    expect(processAlive(child.pid)).toBe(false);
    for (const pid of [0, -1, 1.5, Number.NaN]) expect(processAlive(pid)).toBe(false);
  });
});
