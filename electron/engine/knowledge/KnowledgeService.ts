import path from "node:path";
import type Database from "better-sqlite3";
import { COLLECTIONS, type Collection, type Material, type Source } from "../../../shared/knowledge.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { Embedder } from "../llm/LlmClient.js";
import type { SearchProvider } from "../search/SearchProvider.js";
import type { ChunkHit } from "./IndexedChunk.js";
import { Ingestor, type ExternalChunk, type IngestOptions, type IngestProgress, type IngestReport } from "./Ingestor.js";
import { KnowledgeStore, type StoreSearchOptions } from "./KnowledgeStore.js";
import { LibraryProvider, type ChunkSearcher } from "./LibraryProvider.js";
import { materialFromHit } from "./materialFromHit.js";
import { SourceRepository } from "./SourceRepository.js";
import type { StartupRepair } from "../storage/quarantine.js";
import type { RemoteLibrary } from "./LibraryLocation.js";

export interface KnowledgeServiceOptions {
  /** The data directory; the index lives in `<dataDir>/lancedb`. */
  dataDir: string;
  /** Told when a damaged index table was kept aside and rebuilt. */
  onRepair?: (repair: StartupRepair) => void;
  /** The app.db handle (`AppDb.db`): sources, chunks and the embedding cache live there. */
  db: Database.Database;
  /**
   * The embedder, or a loader called on first use so the engine does not load an embedding model
   * at start-up. An EmbeddingService built with the same `db` caches vectors across runs.
   */
  embedder: Embedder | (() => Promise<Embedder>);
  /** Writes between LanceDB optimize() calls; default 20. */
  optimizeEvery?: number;
  /** Chunks per embedding batch; default 32. */
  batchSize?: number;
  /** Collections kept on object storage (a team library), resolved once per service; default none. */
  remote?: () => Promise<Partial<Record<Collection, RemoteLibrary>>>;
}

export interface TaskCallbacks {
  signal?: AbortSignal;
  /** Turned into `progress` events by the engine. */
  onProgress?: (progress: IngestProgress) => void;
}

/**
 * The knowledge facade the Engine calls for `knowledge.ingest/search/sources/deleteSource/reindex`.
 * It owns the LanceDB connection; listing sources works without loading the embedding model.
 */
export class KnowledgeService implements ChunkSearcher {
  private readonly sourceRepo: SourceRepository;
  private ready: Promise<{ store: KnowledgeStore; ingestor: Ingestor; embedder: Embedder }> | undefined;
  private loadedEmbedder: Promise<Embedder> | undefined;
  private closed = false;
  private remotes: Promise<Partial<Record<Collection, RemoteLibrary>>> | undefined;

  constructor(private readonly options: KnowledgeServiceOptions) {
    this.sourceRepo = new SourceRepository(options.db);
  }

  async ingest(request: { paths: string[]; collection: Collection }, callbacks: TaskCallbacks = {}): Promise<IngestReport> {
    const { ingestor, store } = await this.open();
    // A reader of a team library is refused once, before any file is read.
    store.assertWritable(request.collection, "import into");
    const options: IngestOptions = { collection: request.collection, ...callbacks };
    return ingestor.ingest(request.paths, options);
  }

  /** One file of a bound folder (display path relative to `root`); "unchanged" when its hash is. */
  async ingestFolderFile(file: string, root: string, collection: Collection, callbacks: TaskCallbacks = {}): Promise<Source | "unchanged"> {
    const { ingestor } = await this.open();
    return ingestor.ingestFile(file, root, { collection, ...callbacks });
  }

  /** Drops a source from the index and app.db, whether or not app.db still lists it. */
  async removeSource(collection: Collection, sourceId: string): Promise<void> {
    await (await this.open()).ingestor.removeSource(collection, sourceId);
  }

  /** Folds recent writes into the FTS index (after a batch of folder changes). */
  async optimize(collection: Collection): Promise<void> {
    await (await this.open()).store.optimize(collection);
  }

  /** Every chunk in a collection's index (not app.db), id + text: tests compare index contents. */
  async indexedChunks(collection: Collection): Promise<Array<{ id: string; text: string }>> {
    return (await this.open()).store.chunkTexts(collection);
  }

  /** Indexes chunks with no file behind them (rules) as one source under a virtual path. */
  async ingestChunks(
    input: { collection: Collection; path: string; kind: string; chunks: ExternalChunk[] },
    signal?: AbortSignal,
  ): Promise<Source | "unchanged"> {
    const { ingestor } = await this.open();
    return ingestor.ingestChunks(input, signal ? { signal } : {});
  }

  /** `knowledge.search`: hybrid search in one collection, as materials. */
  async search(request: { query: string; limit: number; collection: Collection }, signal?: AbortSignal): Promise<Material[]> {
    const hits = await this.searchChunks(request.collection, request.query, {
      limit: request.limit,
      ...(signal ? { signal } : {}),
    });
    return hits.map((hit) => materialFromHit(hit, request.collection));
  }

  /** Raw chunk search with a mode (hybrid / vector / fts) and a `where` filter: rules, benchmarks. */
  async searchChunks(
    collection: Collection,
    query: string,
    options: StoreSearchOptions & { signal?: AbortSignal },
  ): Promise<ChunkHit[]> {
    // An empty collection needs no model: do not load one (maybe the chat model) to find nothing.
    // A team library's chunks are on the store, not in this desk's app.db.
    if (!(await this.isRemote(collection)) && this.sourceRepo.chunkCount(collection) === 0) return [];
    const { store, embedder } = await this.open();
    const mode = options.mode ?? "hybrid";
    const [vector] = mode === "fts" ? [undefined] : await embedder.embed([query], options.signal);
    return store.search(collection, { text: query, ...(vector ? { vector } : {}) }, { ...options, mode });
  }

  /** Chunks in the index (0 without loading the model when app.db has none). */
  async countChunks(collection: Collection): Promise<number> {
    if (!(await this.isRemote(collection)) && this.sourceRepo.chunkCount(collection) === 0) return 0;
    return (await this.open()).store.count(collection);
  }

  sources(collection?: Collection): Source[] {
    return this.sourceRepo.list(collection);
  }

  async deleteSource(sourceId: string): Promise<void> {
    await (await this.open()).ingestor.deleteSource(sourceId);
  }

  /** Rebuilds the index of one collection, or of all, from app.db. Returns the chunks indexed. */
  async reindex(collection: Collection | undefined, callbacks: TaskCallbacks = {}): Promise<number> {
    const { ingestor } = await this.open();
    let total = 0;
    for (const name of collection ? [collection] : COLLECTIONS) total += await ingestor.reindex(name, callbacks);
    return total;
  }

  /** Whether a collection is a team library on object storage (the location settings are read once per service). */
  async isRemote(collection: Collection): Promise<boolean> {
    return (await this.remoteLibraries())[collection] !== undefined;
  }

  private remoteLibraries(): Promise<Partial<Record<Collection, RemoteLibrary>>> {
    this.remotes ??= this.options.remote?.() ?? Promise.resolve({});
    this.remotes.catch(() => (this.remotes = undefined));
    return this.remotes;
  }

  /** The `library` collection as a research search provider. */
  libraryProvider(): SearchProvider {
    return new LibraryProvider(this);
  }

  async close(): Promise<void> {
    this.closed = true;
    const ready = this.ready;
    this.ready = undefined;
    if (ready) (await ready.catch(() => undefined))?.store.close();
  }

  /**
   * The embedder this service searches with, loaded once (the loader is called at most once per
   * service): other retrieval indexes (the doc generator's `rules` table, the paper library) use
   * it so the embedding model is in memory only once. A failed load is retried on the next call.
   */
  embedder(): Promise<Embedder> {
    if (this.closed) return Promise.reject(new ScriptoriumError("unavailable", "The knowledge service is closed."));
    this.loadedEmbedder ??= (async () => {
      const source = this.options.embedder;
      return typeof source === "function" ? source() : source;
    })();
    this.loadedEmbedder.catch(() => (this.loadedEmbedder = undefined));
    return this.loadedEmbedder;
  }

  private open(): Promise<{ store: KnowledgeStore; ingestor: Ingestor; embedder: Embedder }> {
    if (this.closed) return Promise.reject(new ScriptoriumError("unavailable", "The knowledge service is closed."));
    this.ready ??= (async () => {
      const embedder = await this.embedder();
      const remote = await this.remoteLibraries();
      let ingestor: Ingestor | undefined;
      const store = await KnowledgeStore.open({
        remote,
        dir: path.join(this.options.dataDir, "lancedb"),
        modelId: embedder.modelId,
        dimensions: embedder.dimensions,
        ...(this.options.optimizeEvery ? { optimizeEvery: this.options.optimizeEvery } : {}),
        ...(this.options.onRepair ? { onRepair: this.options.onRepair } : {}),
        rebuild: async (collection) => {
          await ingestor?.refill(collection);
        },
      });
      ingestor = new Ingestor({
        sources: this.sourceRepo,
        store,
        embedder,
        ...(this.options.batchSize ? { batchSize: this.options.batchSize } : {}),
      });
      return { store, ingestor, embedder };
    })();
    this.ready.catch(() => (this.ready = undefined));
    return this.ready;
  }
}
