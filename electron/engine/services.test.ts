import path from "node:path";
import { describe, expect, it } from "vitest";
import { SettingsSchema } from "../../shared/models.js";
import type { DownloadStatus } from "./llm/manager/DownloadRegistry.js";
import { defaultAppRoot } from "./defaultAppRoot.js";
import { downloadMessage, formatBytes, formatEta } from "./llm/manager/downloadMessage.js";
import { modelWarnings } from "./llm/manager/modelWarnings.js";

describe("downloadMessage", () => {
  const status = (patch: Partial<DownloadStatus>): DownloadStatus => ({
    id: "dl-1",
    request: { catalogId: "x" },
    fileName: "qwen.gguf",
    state: "downloading",
    progress: null,
    error: null,
    model: null,
    ...patch,
  });

  it("says bytes, speed and time left while downloading, and how it ended otherwise", () => {
    const progress = { downloadedBytes: 120 * 1024 ** 2, totalBytes: 1024 ** 3, bytesPerSecond: 8.5 * 1024 ** 2, etaSeconds: 106 };
    expect(downloadMessage(status({ progress }))).toBe("qwen.gguf: 120 MB / 1.0 GB, 8.5 MB/s, ETA 2 min");
    expect(downloadMessage(status({}))).toBe("qwen.gguf: starting");
    expect(downloadMessage(status({ state: "paused", progress }))).toBe("qwen.gguf: paused at 120 MB");
    expect(downloadMessage(status({ state: "error", error: { code: "unavailable", message: "HTTP 503" } }))).toBe("qwen.gguf: failed: HTTP 503");
    expect(downloadMessage(status({ state: "done" }))).toBe("qwen.gguf: done");
  });

  it("formats sizes and durations for people", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatEta(45)).toBe("45 s");
    expect(formatEta(4 * 3600 + 20 * 60)).toBe("4 h 20 min");
  });
});

describe("modelWarnings", () => {
  const installed = new Set(["chat.gguf", "embed.gguf"]);
  const manager = { resolveModelPath: async (id: string) => (installed.has(id) ? `/models/${id}` : null) };

  it("names a selected file that is gone and the chat-model embedding fallback", async () => {
    const settings = SettingsSchema.parse({ chatModel: "gone.gguf" });
    const warnings = await modelWarnings(settings, null, manager);
    expect(warnings.map((w) => w.code)).toEqual(["selected_missing", "embedding_fallback"]);
    expect(warnings[0]).toMatchObject({ role: "chat", model: "gone.gguf" });
    expect(warnings[0]!.message).toContain("chat model gone.gguf is missing");
    expect(warnings[1]).toMatchObject({ model: "gone.gguf" });
    expect(warnings[1]!.message).toContain("the chat model gone.gguf also embeds the library");
  });

  it("is quiet when both models are chosen and present", async () => {
    expect(await modelWarnings(SettingsSchema.parse({ chatModel: "chat.gguf", embeddingModel: "embed.gguf" }), null, manager)).toEqual([]);
  });
});

describe("defaultAppRoot", () => {
  it("finds the folder holding models/catalog.json from the source tree and from the bundle's depth", () => {
    const root = path.resolve(".");
    expect(defaultAppRoot()).toBe(root);
    expect(defaultAppRoot(path.join(root, "dist-electron", "main"))).toBe(root);
  });
});
