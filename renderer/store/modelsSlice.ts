import type { ModelsSlice, SliceCreator } from "./types.js";
import { toApiErrorLike } from "./toApiErrorLike.js";

/** Installed models, the catalog with fit badges, downloads and model selection. */
export const createModelsSlice: SliceCreator<ModelsSlice> = (set, get) => ({
  models: null,
  downloads: {},
  pausedDownloads: [],
  downloadErrors: {},
  async refreshModels() {
    try {
      set({ models: await get().api.call("models.list", {}) });
    } catch (error) {
      get().pushError(error);
    }
  },
  async importModel(path) {
    try {
      await get().api.call("models.import", { path });
      // The engine may have made it the chat model: both lists change.
      await Promise.all([get().refreshModels(), get().loadSettings()]);
      return null;
    } catch (error) {
      return toApiErrorLike(error);
    }
  },
  async downloadModel(catalogId) {
    try {
      const { downloadId } = await get().api.call("models.download", { catalogId });
      set((s) => ({ downloads: { ...s.downloads, [downloadId]: { catalogId } } }));
    } catch (error) {
      get().pushError(error);
    }
  },
  async pauseDownload(downloadId) {
    try {
      // The engine keeps the partial file; resuming continues it with a Range request.
      await get().api.call("models.pauseDownload", { downloadId });
      set((s) => ({ pausedDownloads: [...s.pausedDownloads.filter((id) => id !== downloadId), downloadId] }));
    } catch (error) {
      get().pushError(error);
    }
  },
  async resumeDownload(downloadId) {
    try {
      await get().api.call("models.resumeDownload", { downloadId });
      set((s) => ({ pausedDownloads: s.pausedDownloads.filter((id) => id !== downloadId), downloadErrors: without(s.downloadErrors, downloadId) }));
    } catch (error) {
      get().pushError(error);
    }
  },
  async cancelDownload(downloadId) {
    try {
      await get().api.call("models.cancelDownload", { downloadId });
    } catch (error) {
      get().pushError(error);
    }
    set((s) => {
      return {
        downloads: without(s.downloads, downloadId),
        pausedDownloads: s.pausedDownloads.filter((id) => id !== downloadId),
        downloadErrors: without(s.downloadErrors, downloadId),
      };
    });
  },
  async selectModel(input) {
    try {
      const { settings } = await get().api.call("models.select", input);
      set({ settings });
      await get().refreshModels();
    } catch (error) {
      get().pushError(error);
    }
  },
});

/** A copy of `record` without `key`. */
function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}
