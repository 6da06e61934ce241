import type { KnowledgeSlice, SliceCreator } from "./types.js";

/** The local knowledge library: sources, ingest and re-index tasks. */
export const createKnowledgeSlice: SliceCreator<KnowledgeSlice> = (set, get) => ({
  sources: [],
  tasks: {},
  knowledgeTasks: [],
  folders: [],
  async refreshFolders() {
    try {
      const { folders } = await get().api.call("knowledge.folders", {});
      set({ folders });
    } catch (error) {
      get().pushError(error);
    }
  },
  async bindFolder(path) {
    try {
      const { taskId } = await get().api.call("knowledge.bindFolder", { path });
      set((s) => ({ knowledgeTasks: [...s.knowledgeTasks, taskId] }));
      await get().refreshFolders();
    } catch (error) {
      get().pushError(error);
    }
  },
  async setFolderPaused(id, paused) {
    try {
      if (paused) await get().api.call("knowledge.pauseFolder", { bindingId: id });
      else {
        const { taskId } = await get().api.call("knowledge.resumeFolder", { bindingId: id });
        set((s) => ({ knowledgeTasks: [...s.knowledgeTasks, taskId] }));
      }
      await get().refreshFolders();
    } catch (error) {
      get().pushError(error);
    }
  },
  async unbindFolder(id, removeSources) {
    try {
      const { taskId } = await get().api.call("knowledge.unbindFolder", { bindingId: id, removeSources });
      if (taskId) set((s) => ({ knowledgeTasks: [...s.knowledgeTasks, taskId] }));
      await get().refreshFolders();
    } catch (error) {
      get().pushError(error);
    }
  },
  async refreshSources() {
    try {
      const { sources } = await get().api.call("knowledge.sources", {});
      set({ sources });
    } catch (error) {
      get().pushError(error);
    }
  },
  async ingest(paths) {
    try {
      const { taskId } = await get().api.call("knowledge.ingest", { paths });
      set((s) => ({ knowledgeTasks: [...s.knowledgeTasks, taskId] }));
    } catch (error) {
      get().pushError(error);
    }
  },
  trackKnowledgeTask(taskId) {
    set((s) => ({ knowledgeTasks: [...s.knowledgeTasks, taskId] }));
  },
  async deleteSource(id) {
    try {
      await get().api.call("knowledge.deleteSource", { sourceId: id });
      await get().refreshSources();
    } catch (error) {
      get().pushError(error);
    }
  },
  async reindex() {
    try {
      const { taskId } = await get().api.call("knowledge.reindex", {});
      set((s) => ({ knowledgeTasks: [...s.knowledgeTasks, taskId] }));
    } catch (error) {
      get().pushError(error);
    }
  },
});
