import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SettingsSchema } from "../../shared/models.js";
import { LlmRouter } from "../../electron/engine/llm/LlmRouter.js";
import { createTinyGguf } from "../fixtures/tinyGguf.js";

let router: LlmRouter | null = null;
afterEach(async () => {
  await router?.dispose();
  router = null;
});

describe("model load as a cancellable job (real llama.cpp, tiny GGUF)", () => {
  it("reports its progress under a task id, stops on cancelLoad with nothing loaded, and loads on the next call", async () => {
    const modelPath = await createTinyGguf();
    const settings = SettingsSchema.parse({ threads: 1, sequences: 1, contextSize: 512 });
    const progress: Array<{ task: string; done: number; total: number }> = [];
    let cancelFirst = true;
    router = new LlmRouter({
      settings: () => settings,
      modelsDir: path.dirname(modelPath),
      modelPath,
      onLoadProgress: (p) => {
        progress.push(p);
        // Cancel from the first report (0 %, before node-llama-cpp reads the file): deterministic.
        if (cancelFirst && p.done === 0) {
          cancelFirst = false;
          expect(router!.cancelLoad(p.task)).toBe(true);
        }
      },
    });
    const call = { prompt: "hello", maxTokens: 2, temperature: 0 };
    await expect(router.generateText(call)).rejects.toMatchObject({ code: "aborted" });
    expect(router.loaded()).toBeNull();
    const first = progress[0]!.task;
    expect(first).toMatch(/^model-load-/);
    // The bar ended (100 %) and the task is gone.
    expect(progress.filter((p) => p.task === first).at(-1)).toMatchObject({ done: 100, total: 100 });
    expect(router.cancelLoad(first)).toBe(false);

    // Nothing was left half-loaded: the next call loads the model under a new task and answers.
    const result = await router.generateText(call);
    expect(typeof result.text).toBe("string");
    expect(router.loaded()).toMatchObject({ backend: "llamacpp", model: path.basename(modelPath) });
    const second = progress.at(-1)!;
    expect(second.task).not.toBe(first);
    expect(second).toMatchObject({ done: 100, total: 100 });
  });
});
