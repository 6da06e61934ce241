import { describe, it } from "vitest";
import { realModelMissingReason, realModelPath } from "./realModelPath.js";

/** True when the run is CI's (`CI` set to anything but "" / "false" / "0"). */
function underCi(): boolean {
  const ci = process.env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== "" && ci !== "false" && ci !== "0";
}

/**
 * `describe` for the real tier: runs `body(modelPath)` when the real model is installed. Without
 * it, the file prints `NOT RUN: <reason> — run npm run model:real` and passes (a developer
 * machine), except under `CI=true`, where a missing model fails the run.
 */
export function describeReal(name: string, body: (modelPath: string) => void): void {
  const path = realModelPath();
  if (path) {
    describe(name, () => body(path));
    return;
  }
  const reason = realModelMissingReason();
  describe(name, () => {
    it("has the real model", () => {
      if (underCi()) throw new Error(`The real model is required under CI: ${reason}`);
      console.log(`NOT RUN: ${name}: ${reason}`);
    });
  });
}
