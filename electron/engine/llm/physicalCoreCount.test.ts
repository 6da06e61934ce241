import { cpus } from "node:os";
import { describe, expect, it } from "vitest";
import { physicalCoreCount, resolveThreads } from "./physicalCoreCount.js";

describe("physicalCoreCount", () => {
  it("is the OS CPU count, never below 1, and never the library's oversubscribing default", () => {
    expect(physicalCoreCount()).toBe(Math.max(1, cpus().length));
  });

  it("resolves settings' 0 to the core count and keeps explicit values", () => {
    expect(resolveThreads(0)).toBe(physicalCoreCount());
    expect(resolveThreads(undefined)).toBe(physicalCoreCount());
    expect(resolveThreads(3)).toBe(3);
  });
});
