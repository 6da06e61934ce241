import type { Collection, Material } from "../../../shared/knowledge.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { ProviderHealth, SearchOptions, SearchProvider } from "../search/SearchProvider.js";
import type { ChunkHit } from "./IndexedChunk.js";
import type { StoreSearchOptions } from "./KnowledgeStore.js";
import { materialFromHit } from "./materialFromHit.js";

/** What the provider needs from the knowledge layer (KnowledgeService implements it). */
export interface ChunkSearcher {
  searchChunks(collection: Collection, query: string, options: StoreSearchOptions & { signal?: AbortSignal }): Promise<ChunkHit[]>;
  countChunks(collection: Collection): Promise<number>;
}

/** The local library as a research source: hybrid search over the `library` collection. */
export class LibraryProvider implements SearchProvider {
  readonly name = "library";
  readonly sourceType = "library";

  constructor(
    private readonly searcher: ChunkSearcher,
    private readonly collection: Collection = "library",
  ) {}

  async search(query: string, options: SearchOptions): Promise<Material[]> {
    if (options.signal?.aborted) throw new ScriptoriumError("aborted", "Search was cancelled.");
    // The library has no publication dates, so dateFrom/dateTo are ignored (as the interface allows).
    const hits = await this.searcher.searchChunks(this.collection, query, {
      mode: "hybrid",
      limit: options.limit,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return hits.map((hit) => materialFromHit(hit, this.sourceType));
  }

  async healthCheck(): Promise<ProviderHealth> {
    const started = performance.now();
    try {
      const count = await this.searcher.countChunks(this.collection);
      return { ok: true, message: `${count} chunks indexed`, elapsedMs: performance.now() - started };
    } catch (error) {
      return {
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        elapsedMs: performance.now() - started,
      };
    }
  }
}
