import path from "node:path";
import { randomUUID } from "node:crypto";
import type { EngineContext, ModelsPort } from "../../../electron/engine/EngineServices.js";
import { SYSTEM_STREAM } from "../../../shared/events.js";
import { ModelManager } from "../../../electron/engine/llm/manager/ModelManager.js";

/**
 * Models port over the real ModelManager, as an entry point wires it: import validation, and
 * downloads reporting `progress` on the system stream; cancelling keeps the `.part` for resume.
 */
export function e2eModelsPort(context: EngineContext): ModelsPort {
  const manager = new ModelManager({
    modelsDir: context.dataDir.models,
    catalogPath: path.resolve("models/catalog.json"),
    getSettings: context.settings,
    downloadDefaults: { maxRetries: 0 },
  });
  const running = new Map<string, AbortController>();
  return {
    async list() {
      const [installed, catalog] = await Promise.all([manager.listInstalled(), manager.listCatalog().catch(() => [])]);
      return { installed, catalog, loaded: null, warnings: [] };
    },
    async import(input) {
      return { model: await manager.importModel(input.path) };
    },
    async download(input) {
      const downloadId = `download-${randomUUID()}`;
      const controller = new AbortController();
      running.set(downloadId, controller);
      const progress = (done: number, total: number | null, message?: string) =>
        context.emit(SYSTEM_STREAM, { type: "progress", task: downloadId, done, total, ...(message ? { message } : {}) });
      progress(0, null);
      manager
        .download(input, { signal: controller.signal, onProgress: (p) => progress(p.downloadedBytes, p.totalBytes) })
        .catch((error: unknown) => progress(0, 0, error instanceof Error ? error.message : String(error)))
        .finally(() => running.delete(downloadId));
      return { downloadId };
    },
    async cancelDownload(input) {
      running.get(input.downloadId)?.abort();
      return { ok: true };
    },
  };
}
