import { ScriptoriumError } from "../../../../shared/errors.js";
import { SYSTEM_STREAM } from "../../../../shared/events.js";
import type { EventDraft } from "../../../../shared/events.js";
import { canChat, type InstalledModel, type ModelWarning, type Settings } from "../../../../shared/models.js";
import type { ModelsPort } from "./ModelsPort.js";
import { DownloadRegistry, type DownloadStatus } from "./DownloadRegistry.js";
import { inspectGguf } from "../../io/validateGguf.js";
import { ModelManager, type ModelManagerOptions } from "./ModelManager.js";
import { downloadMessage } from "./downloadMessage.js";

export interface ModelsPortOptions {
  /** `<dataDir>/models`. */
  modelsDir: string;
  /** `<appRoot>/models/catalog.json`. */
  catalogPath: string;
  settings: () => Settings;
  /** Persists a settings patch and returns the new settings (the engine's SettingsStore). */
  updateSettings: (patch: Partial<Settings>) => Settings;
  /** Persist and publish an event (the engine context's `emit`). */
  emit: (streamId: string, draft: EventDraft) => void;
  /** The model in use now, for `health` and `models.list().loaded`. */
  loaded: NonNullable<ModelsPort["loaded"]>;
  /** Extra lines for `models.list().warnings` (e.g. the embedding fallback). */
  warnings?: () => ModelWarning[] | Promise<ModelWarning[]>;
  /** ModelManager knobs (memory probes, download timeouts); tests shorten them. */
  manager?: Partial<Omit<ModelManagerOptions, "modelsDir" | "catalogPath" | "getSettings">>;
}

/** The models port plus the services behind it, for the composition root and tests. */
export interface ModelsPortHandle extends ModelsPort {
  readonly manager: ModelManager;
  readonly downloads: DownloadRegistry;
  select: NonNullable<ModelsPort["select"]>;
  loaded: NonNullable<ModelsPort["loaded"]>;
  dispose(): Promise<void>;
}

/**
 * `models.*` over the ModelManager and the DownloadRegistry. Download status changes become
 * `progress` events on the system stream (`task: <downloadId>`), so every adapter can show a
 * progress bar without polling.
 */
export function createModelsPort(options: ModelsPortOptions): ModelsPortHandle {
  const manager = new ModelManager({ ...options.manager, modelsDir: options.modelsDir, catalogPath: options.catalogPath, getSettings: options.settings });
  const downloads = new DownloadRegistry(manager, (status) => {
    // A finished download is adopted before its bar ends, so the page that re-reads the settings then sees it chosen.
    if (status.state === "done" && status.model) void adoptDownloaded(status.request.catalogId, status.model).finally(() => options.emit(SYSTEM_STREAM, progressEvent(status)));
    else options.emit(SYSTEM_STREAM, progressEvent(status));
    // A failed download ends its bar with an error naming the task, as a failed import does, so the
    // page that started it can say why in its own language instead of leaving it "downloading".
    if (status.state === "error" && status.error) options.emit(SYSTEM_STREAM, { type: "error", error: { ...status.error, details: { ...detailsOf(status.error.details), task: status.id } } });
    // A cancelled one ends its bar the same way (the system stream's convention for any stopped job).
    if (status.state === "cancelled") options.emit(SYSTEM_STREAM, { type: "error", error: { code: "aborted", message: `${status.fileName}: download cancelled.`, details: { task: status.id } } });
  });

  /** A chosen model must exist and carry a readable GGUF header before the settings point at it. */
  const validated = async (id: string | null | undefined, role: string): Promise<void> => {
    if (id === null || id === undefined) return;
    const path = await manager.resolveModelPath(id);
    if (!path) throw new ScriptoriumError("model_missing", `The ${role} model ${id} is not installed. Import or download it first.`, { model: id });
    await inspectGguf(path); // throws model_invalid naming the file
  };

  /**
   * A newcomer's first import is the model they mean to use: it becomes the chat model (an encoder
   * architecture: the embedding model) unless one that is installed is already chosen.
   */
  const adoptIfUnset = async (model: InstalledModel, role: "chat" | "embedding" = canChat(model) ? "chat" : "embedding"): Promise<"chat" | "embedding" | null> => {
    if (model.error) return null;
    const current = role === "chat" ? options.settings().chatModel : options.settings().embeddingModel;
    if (current && (await manager.resolveModelPath(current))) return null;
    options.updateSettings(role === "chat" ? { chatModel: model.id } : { embeddingModel: model.id });
    return role;
  };

  /** A downloaded catalog model is adopted like an imported one, in its catalog role (a reranker never is). */
  const adoptDownloaded = async (catalogId: string | undefined, model: InstalledModel): Promise<void> => {
    const entry = catalogId ? (await manager.listCatalog().catch(() => [])).find((e) => e.id === catalogId) : undefined;
    if (entry?.kind === "reranker") return;
    await adoptIfUnset(model, entry?.kind ?? (canChat(model) ? "chat" : "embedding")).catch(() => undefined);
  };

  return {
    manager,
    downloads,
    async list() {
      const [installed, catalog, warnings] = await Promise.all([
        manager.listInstalled(),
        // A broken catalog must not hide the models the user already has.
        manager.listCatalog().catch(() => []),
        Promise.resolve(options.warnings?.() ?? []),
      ]);
      return { installed, catalog, loaded: options.loaded(), warnings };
    },
    async import(input) {
      const model = await manager.importModel(input.path);
      const selected = await adoptIfUnset(model);
      return { model, ...(selected ? { selected } : {}) };
    },
    async download(input) {
      return { downloadId: await downloads.start(input) };
    },
    async cancelDownload(input) {
      await downloads.cancel(input.downloadId);
      return { ok: true };
    },
    async pauseDownload(input) {
      await downloads.pause(input.downloadId);
      return { ok: true };
    },
    async resumeDownload(input) {
      downloads.resume(input.downloadId);
      return { ok: true };
    },
    async select(input) {
      await validated(input.chatModel, "chat");
      await validated(input.embeddingModel, "embedding");
      const patch: Partial<Settings> = {};
      if (input.chatModel !== undefined) patch.chatModel = input.chatModel;
      if (input.embeddingModel !== undefined) patch.embeddingModel = input.embeddingModel;
      return { settings: options.updateSettings(patch) };
    },
    loaded: options.loaded,
    async dispose() {
      await downloads.dispose();
    },
  };
}

function progressEvent(status: DownloadStatus): EventDraft {
  return {
    type: "progress",
    // The task is the download id `models.download` returned, so a client matches it directly.
    task: status.id,
    done: status.progress?.downloadedBytes ?? 0,
    total: status.progress?.totalBytes ?? null,
    message: downloadMessage(status),
  };
}

/** An error's details as an object to add the task to (the cause a download names: host, socket code, status). */
function detailsOf(details: unknown): Record<string, unknown> {
  return details !== null && typeof details === "object" && !Array.isArray(details) ? (details as Record<string, unknown>) : {};
}
