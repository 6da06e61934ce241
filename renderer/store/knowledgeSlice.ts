import type { KnowledgeSlice, SliceCreator } from "./types.js";

/** The local knowledge library: sources, ingest and re-index tasks. */
export const createKnowledgeSlice: SliceCreator<KnowledgeSlice> = (set, get) => ({
  sources: [],
  tasks: {},
  knowledgeTasks: [],
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
