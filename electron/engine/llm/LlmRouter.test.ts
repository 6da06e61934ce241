import { describe, expect, it } from "vitest";
import { SettingsSchema, type Settings } from "../../../shared/models.js";
import { LlmRouter, OPENAI_API_KEY_SECRET } from "./LlmRouter.js";

describe("LlmRouter", () => {
  const defaults = SettingsSchema.parse({});

  it("names the backend chosen by the current settings, and follows a change without a restart", () => {
    let settings: Settings = defaults;
    const router = new LlmRouter({ settings: () => settings, modelsDir: "/models" });
    expect(router.id).toBe("llamacpp:none");
    expect(router.loaded()).toBeNull();
    settings = { ...defaults, backend: "ollama" };
    expect(router.id).toBe(`ollama:${defaults.ollama.model}`);
    expect(router.loaded()).toMatchObject({ backend: "ollama", model: defaults.ollama.model });
    settings = { ...defaults, backend: "openai" };
    expect(router.id).toBe(`openai:${defaults.openai.model}`);
  });

  it("without a model: model_missing naming what to do; after dispose: unavailable", async () => {
    const router = new LlmRouter({ settings: () => defaults, modelsDir: "/models" });
    await expect(router.generateText({ prompt: "x" })).rejects.toMatchObject({ code: "model_missing" });
    await router.dispose();
    await expect(router.generateText({ prompt: "x" })).rejects.toMatchObject({ code: "unavailable" });
  });

  it("reads the OpenAI key from secrets per request, only when settings say one is stored", async () => {
    const asked: string[] = [];
    const secrets = { get: (name: string) => (asked.push(name), "sk") };
    const unreachable = { baseUrl: "http://127.0.0.1:9/v1", model: "m", hasKey: false };
    const without = new LlmRouter({ settings: () => ({ ...defaults, backend: "openai", openai: unreachable }), modelsDir: "/m", secrets, timeouts: { headersMs: 1000 } });
    await without.generateText({ prompt: "x" }).catch(() => undefined);
    expect(asked).toEqual([]);
    const withKey = new LlmRouter({ settings: () => ({ ...defaults, backend: "openai", openai: { ...unreachable, hasKey: true } }), modelsDir: "/m", secrets, timeouts: { headersMs: 1000 } });
    // An unreachable server still asks for the key first, and the failure is typed.
    await expect(withKey.generateText({ prompt: "x" })).rejects.toMatchObject({ code: "unavailable" });
    expect(asked).toEqual([OPENAI_API_KEY_SECRET]);
  });
});
