import type { Collection } from "../../../shared/knowledge.js";
import type { KnowledgeContext } from "./KnowledgeContext.js";
import type { KnowledgePort } from "./KnowledgePort.js";
import type { Embedder } from "../llm/LlmClient.js";
import type { KnowledgePortHandle, KnowledgePortOptions } from "./createKnowledgePort.js";
import type { KnowledgeService } from "./KnowledgeService.js";
import type { ChunkSearcher } from "./LibraryProvider.js";

/**
 * The one lazy knowledge service: the engine's knowledge port and the research search's chunk
 * searcher, both over one knowledge layer loaded on first use.
 * The current KnowledgeService is looked up per call because the port re-creates it when the
 * embedding model changes.
 */
export interface LazyKnowledgePort extends KnowledgePort {
  /** The current knowledge service (loads the knowledge layer on first call). */
  service(): Promise<KnowledgeService>;
  /** The current service's embedder (loads the embedding model on first call, once per model setting). */
  embedder(): Promise<Embedder>;
  /** Hybrid chunk search for the researcher's library source. */
  readonly chunks: ChunkSearcher;
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
export function lazyKnowledgePort(context: KnowledgeContext, options?: KnowledgePortOptions): LazyKnowledgePort {
  let handle: Promise<KnowledgePortHandle> | null = null;
  const load = (): Promise<KnowledgePortHandle> => {
    handle ??= import("./createKnowledgePort.js").then(({ createKnowledgePort }) => createKnowledgePort(context, options));
    handle.catch(() => (handle = null));
    return handle;
  };
  const service = async (): Promise<KnowledgeService> => (await load()).service();
  // Bound folders are followed from start-up: the reconcile pass picks up what changed while the
  // app was closed and finishes files a crash cut off. Only then is the knowledge layer loaded
  // early; reconciling an unchanged folder hashes files and loads no model.
  if (hasActiveFolderBindings(context)) {
    setImmediate(() => void load().then((port) => port.startFolders()).catch(() => undefined));
  }
  return {
    ingest: async (input) => (await load()).ingest(input),
    search: async (input) => (await load()).search(input),
    sources: async (input) => (await load()).sources(input),
    deleteSource: async (input) => (await load()).deleteSource(input),
    reindex: async (input) => (await load()).reindex(input),
    bindFolder: async (input) => (await load()).bindFolder(input),
    unbindFolder: async (input) => (await load()).unbindFolder(input),
    pauseFolder: async (input) => (await load()).pauseFolder(input),
    resumeFolder: async (input) => (await load()).resumeFolder(input),
    folders: async () => (await load()).folders(),
    service,
    embedder: async () => (await service()).embedder(),
    chunks: {
      searchChunks: async (collection: Collection, query, searchOptions) => (await service()).searchChunks(collection, query, searchOptions),
      countChunks: async (collection: Collection) => (await service()).countChunks(collection),
      sourcePaths: async () => (await service()).sources().map((source) => ({ id: source.id, path: source.path, collection: source.collection })),
    },
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

function hasActiveFolderBindings(context: KnowledgeContext): boolean {
  try {
    const row = context.db.prepare("SELECT count(*) AS n FROM folder_bindings WHERE paused = 0").get() as { n: number };
    return row.n > 0;
  } catch {
    return false; // a database from before the folder_bindings migration
  }
}
