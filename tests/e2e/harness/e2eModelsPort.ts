import path from "node:path";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { ModelsPort } from "../../../electron/engine/EngineServices.js";
import type { Settings } from "../../../shared/models.js";
import { ModelManager } from "../../../electron/engine/llm/manager/ModelManager.js";

/** Models port over the real ModelManager (import validation is what the e2e test exercises). */
export function e2eModelsPort(modelsDir: string, getSettings: () => Settings): ModelsPort {
  const manager = new ModelManager({ modelsDir, catalogPath: path.resolve("models/catalog.json"), getSettings });
  return {
    async list() {
      const [installed, catalog] = await Promise.all([manager.listInstalled(), manager.listCatalog().catch(() => [])]);
      return { installed, catalog, loaded: null, warnings: [] };
    },
    async import(input) {
      return { model: await manager.importModel(input.path) };
    },
    async download() {
      throw new ScriptoriumError("unavailable", "Downloads are not part of the browser tests.");
    },
    async cancelDownload() {
      return { ok: true };
    },
  };
}
