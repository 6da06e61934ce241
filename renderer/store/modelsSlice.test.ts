import { describe, expect, it } from "vitest";
import type { ScriptoriumApi } from "../../shared/api.js";
import { SYSTEM_STREAM, type EngineEvent } from "../../shared/events.js";
import { createAppStore } from "./createAppStore.js";

/** A transport whose system stream the test drives, and whose settings an import changes (as the engine does). */
function fakeEngine() {
  const state = { chatModel: null as string | null };
  let system: ((event: EngineEvent) => void) | null = null;
  const api: ScriptoriumApi = {
    async call(method, input) {
      switch (method) {
        case "models.import":
          state.chatModel = "tiny.gguf";
          return { model: { id: "tiny.gguf", path: (input as { path: string }).path, sizeBytes: 1, architecture: "llama", contextLength: 2048, hasChatTemplate: true, fit: "green" }, selected: "chat" } as never;
        case "models.list":
          return { installed: [], catalog: [], loaded: null, warnings: [] } as never;
        case "settings.get":
          return { locale: "zh-CN", backend: "llamacpp", chatModel: state.chatModel } as never;
        case "models.download":
          return { downloadId: "dl-1" } as never;
        default:
          return { sessions: [] } as never;
      }
    },
    subscribe(streamId, _after, listener) {
      if (streamId === SYSTEM_STREAM) system = listener;
      return () => undefined;
    },
  };
  const emit = (draft: Record<string, unknown>) => system?.({ ...draft, seq: 1, sessionId: SYSTEM_STREAM, ts: "2025-01-01T00:00:00Z" } as EngineEvent);
  return { api, emit };
}

describe("models slice", () => {
  it("re-reads the settings after an import, so the chosen chat model shows at once", async () => {
    const store = createAppStore(fakeEngine().api);
    expect(await store.getState().importModel("/models/tiny.gguf")).toBeNull();
    expect(store.getState().settings?.chatModel).toBe("tiny.gguf");
  });

  it("keeps a failed download's error for the catalog and ends its bar, even when the failure beats the download's reply", async () => {
    const engine = fakeEngine();
    const store = createAppStore(engine.api);
    await store.getState().init();
    engine.emit({ type: "progress", task: "dl-1", done: 0, total: 100, message: "starting" });
    engine.emit({ type: "error", error: { code: "unavailable", message: "fetch failed", details: { task: "dl-1" } } });
    await store.getState().downloadModel("qwen3-1.7b");
    expect(store.getState().downloads).toEqual({ "dl-1": { catalogId: "qwen3-1.7b" } });
    expect(store.getState().downloadErrors["dl-1"]).toMatchObject({ code: "unavailable" });
    expect(store.getState().tasks["dl-1"]?.finished).toBe(true);
    await store.getState().cancelDownload("dl-1");
    expect(store.getState().downloadErrors).toEqual({});
  });
});
