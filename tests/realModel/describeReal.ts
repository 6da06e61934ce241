import { describe, it } from "vitest";
import { realModelMissingReason, realModelPath, type RealModelName } from "./realModelPath.js";

/** True when the run is CI's (`CI` set to anything but "" / "false" / "0"). */
function underCi(): boolean {
  const ci = process.env.CI?.trim().toLowerCase();
  return ci !== undefined && ci !== "" && ci !== "false" && ci !== "0";
}

/**
 * `describe` for the real tier: runs `body(modelPath, model)` once per model in `models` (Gemma
 * alone by default) that is installed; with more than one model the suite's name says which. A
 * missing model prints `NOT RUN: <name>: <reason> — run npm run model:real` and passes (a developer
 * machine), except under `CI=true`, where it fails the run.
 */
export function describeReal(
  name: string,
  body: (modelPath: string, model: RealModelName) => void,
  models: readonly RealModelName[] = ["gemma"],
): void {
  for (const model of models) {
    const suite = models.length > 1 || model !== "gemma" ? `${name} [${model}]` : name;
    const path = realModelPath(model);
    if (path) {
      describe(suite, () => body(path, model));
      continue;
    }
    const reason = realModelMissingReason(model);
    describe(suite, () => {
      it("has the real model", () => {
        if (underCi()) throw new Error(`The real model is required under CI: ${reason}`);
        console.log(`NOT RUN: ${suite}: ${reason}`);
      });
    });
  }
}
