import type { ModelsSlice, SliceCreator } from "./types.js";
import { toApiErrorLike } from "./toApiErrorLike.js";

/** Installed models, the catalog with fit badges, downloads and model selection. */
export const createModelsSlice: SliceCreator<ModelsSlice> = (set, get) => ({
  models: null,
  downloads: {},
  pausedDownloads: [],
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
      await get().refreshModels();
      return null;
    } catch (error) {
      return toApiErrorLike(error);
    }
  },
  async downloadModel(catalogId) {
    try {
      const { downloadId } = await get().api.call("models.download", { catalogId });
      set((s) => ({
        downloads: { ...s.downloads, [downloadId]: { catalogId } },
        pausedDownloads: s.pausedDownloads.filter((id) => id !== catalogId),
      }));
    } catch (error) {
      get().pushError(error);
    }
  },
  async pauseDownload(downloadId) {
    // Pausing is a cancel that keeps the partial file; downloading again resumes with a Range request.
    const catalogId = get().downloads[downloadId]?.catalogId;
    await get().cancelDownload(downloadId);
    if (catalogId) set((s) => ({ pausedDownloads: [...s.pausedDownloads, catalogId] }));
  },
  async cancelDownload(downloadId) {
    try {
      await get().api.call("models.cancelDownload", { downloadId });
    } catch (error) {
      get().pushError(error);
    }
    set((s) => {
      const downloads = { ...s.downloads };
      delete downloads[downloadId];
      return { downloads };
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
