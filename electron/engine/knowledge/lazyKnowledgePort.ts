import type { EngineContext, KnowledgePort } from "../EngineServices.js";
import type { KnowledgePortHandle, KnowledgePortOptions } from "./createKnowledgePort.js";
import type { KnowledgeService } from "./KnowledgeService.js";

/** The knowledge port, loaded on first use, with async access to what its handle offers. */
export interface LazyKnowledgePort extends KnowledgePort {
  /** The current knowledge service (loads the knowledge layer on first call). */
  service(): Promise<KnowledgeService>;
  /** Resolves when every ingest/reindex task started so far has finished. */
  idle(): Promise<void>;
  /** Cancels a running ingest/reindex task; false when unknown or finished. */
  cancel(taskId: string): Promise<boolean>;
  dispose(): Promise<void>;
}

/**
 * `createKnowledgePort`, imported on first use: the knowledge layer pulls in LanceDB, Arrow and
 * the PDF/DOCX parsers, seconds of start-up that `health`, `sessions list` or a chat never need.
 */
export function lazyKnowledgePort(context: EngineContext, options?: KnowledgePortOptions): LazyKnowledgePort {
  let handle: Promise<KnowledgePortHandle> | null = null;
  const load = (): Promise<KnowledgePortHandle> => {
    handle ??= import("./createKnowledgePort.js").then(({ createKnowledgePort }) => createKnowledgePort(context, options));
    handle.catch(() => (handle = null));
    return handle;
  };
  return {
    ingest: async (input) => (await load()).ingest(input),
    search: async (input) => (await load()).search(input),
    sources: async (input) => (await load()).sources(input),
    deleteSource: async (input) => (await load()).deleteSource(input),
    reindex: async (input) => (await load()).reindex(input),
    service: async () => (await load()).service(),
    idle: async () => {
      if (handle) await (await handle).idle();
    },
    cancel: async (taskId) => (handle ? (await handle).cancel(taskId) : false),
    dispose: async () => {
      const loaded = handle;
      handle = null;
      if (loaded) await (await loaded.catch(() => null))?.dispose();
    },
  };
}
