import { describe, expect, it } from "vitest";
import type { MethodName, ScriptoriumApi } from "../../shared/api.js";
import { ScriptoriumError } from "../../shared/errors.js";
import type { Settings } from "../../shared/models.js";
import { createAppStore } from "./createAppStore.js";

const base: Settings = {
  locale: "en", backend: "openai", chatModel: "a.gguf", embeddingModel: null, threads: 0, sequences: 2, contextSize: 4096,
  ollama: { baseUrl: "http://127.0.0.1:11434", model: "m", numCtx: 8192 },
  openai: { baseUrl: "http://127.0.0.1:8080/v1", model: "default", hasKey: false },
  mirrorBaseUrl: null, article: { reviewThreshold: 80, maxRevisions: 3, weights: { facts: 0.4, logic: 0.3, language: 0.3 } },
};

/** An engine stand-in that keeps settings and a secret like the real one: the key is never answered. */
function settingsApi() {
  let settings = structuredClone(base);
  let secret: string | null = null;
  const calls: Array<[MethodName, unknown]> = [];
  const api: ScriptoriumApi = {
    async call(method, input) {
      calls.push([method, structuredClone(input)]);
      switch (method) {
        case "settings.get":
          return structuredClone(settings) as never;
        case "settings.update":
          settings = { ...settings, ...(input as Partial<Settings>) };
          return structuredClone(settings) as never;
        case "settings.setApiKey": {
          const { apiKey } = input as { apiKey: string | null };
          if (apiKey === "") throw new ScriptoriumError("bad_request", "apiKey: Too small");
          secret = apiKey;
          settings = { ...settings, openai: { ...settings.openai, hasKey: apiKey !== null } };
          return { settings: structuredClone(settings) } as never;
        }
        default:
          throw new ScriptoriumError("not_found", method);
      }
    },
    subscribe: () => () => undefined,
  };
  return { api, calls, secret: () => secret };
}

describe("settings slice", () => {
  it("saves the API key through settings.setApiKey, shows hasKey, and keeps the key out of the store", async () => {
    const fake = settingsApi();
    const store = createAppStore(fake.api);
    await store.getState().loadSettings();
    expect(await store.getState().setApiKey("sk-slice-1")).toBe(true);
    expect(fake.calls.at(-1)).toEqual(["settings.setApiKey", { backend: "openai", apiKey: "sk-slice-1" }]);
    expect(fake.secret()).toBe("sk-slice-1");
    expect(store.getState().settings?.openai.hasKey).toBe(true);
    expect(JSON.stringify(store.getState().settings)).not.toContain("sk-slice-1");

    expect(await store.getState().setApiKey(null)).toBe(true);
    expect(fake.secret()).toBeNull();
    expect(store.getState().settings?.openai.hasKey).toBe(false);
  });

  it("reports a rejected key as an error and changes nothing", async () => {
    const fake = settingsApi();
    const store = createAppStore(fake.api);
    await store.getState().loadSettings();
    expect(await store.getState().setApiKey("")).toBe(false);
    expect(store.getState().errors.at(-1)).toMatchObject({ code: "bad_request" });
    expect(store.getState().settings?.openai.hasKey).toBe(false);
  });

  it("sends a patch on top of the whole settings, with hasKey from the engine rather than the form", async () => {
    const fake = settingsApi();
    const store = createAppStore(fake.api);
    await store.getState().loadSettings();
    await store.getState().setApiKey("sk-slice-2");
    // A form draft that predates the saved key still says hasKey: false.
    expect(await store.getState().updateSettings({ openai: { baseUrl: "http://127.0.0.1:9000/v1", model: "w", hasKey: false } })).toBe(true);
    const [, sent] = fake.calls.at(-1)!;
    expect(sent).toEqual({ ...base, openai: { baseUrl: "http://127.0.0.1:9000/v1", model: "w", hasKey: true } });
    expect(store.getState().settings).toMatchObject({ locale: "en", chatModel: "a.gguf", openai: { hasKey: true } });
  });
});
