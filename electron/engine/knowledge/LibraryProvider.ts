import type { Collection, Material } from "../../../shared/knowledge.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { ProviderHealth, SearchOptions, SearchProvider } from "../search/SearchProvider.js";
import { englishStems } from "./englishStems.js";
import type { ChunkHit } from "./IndexedChunk.js";
import type { StoreSearchOptions } from "./KnowledgeStore.js";
import { materialFromHit } from "./materialFromHit.js";
import { reciprocalRankFusion } from "./reciprocalRankFusion.js";
import type { Reranker } from "./Reranker.js";

/** What the provider needs from the knowledge layer (KnowledgeService implements it). */
export interface ChunkSearcher {
  searchChunks(collection: Collection, query: string, options: StoreSearchOptions & { signal?: AbortSignal }): Promise<ChunkHit[]>;
  countChunks(collection: Collection): Promise<number>;
}

export interface LibraryProviderOptions {
  /**
   * The optional local cross-encoder (the catalog's reranker when installed). As in the paper
   * library: none installed, a file that fails to load, or a ranking that fails → the fused order stays.
   */
  reranker?: () => Promise<Reranker | undefined>;
}

/**
 * The local library as a research source, with the paper library's retrieval steps: hybrid
 * search (vectors + bigram FTS) over a widened candidate set, fused by RRF with an English
 * stemmed-word ranking of those candidates (so "networks" finds "network"), then the reranker
 * when one is installed.
 */
export class LibraryProvider implements SearchProvider {
  readonly name = "library";
  readonly sourceType = "library";

  constructor(
    private readonly searcher: ChunkSearcher,
    private readonly collection: Collection = "library",
    private readonly options: LibraryProviderOptions = {},
  ) {}

  async search(query: string, options: SearchOptions): Promise<Material[]> {
    if (options.signal?.aborted) throw new ScriptoriumError("aborted", "Search was cancelled.");
    // The library has no publication dates, so dateFrom/dateTo are ignored (as the interface allows).
    const candidates = await this.searcher.searchChunks(this.collection, query, {
      mode: "hybrid",
      limit: Math.max(options.limit * 3, 15),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    let hits = fuseStemmed(query, candidates);
    hits = await this.rerank(query, hits, options.signal);
    return hits.slice(0, options.limit).map((hit) => materialFromHit(hit, this.sourceType));
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

  private async rerank(query: string, hits: ChunkHit[], signal?: AbortSignal): Promise<ChunkHit[]> {
    if (hits.length < 2) return hits;
    const reranker = await this.options.reranker?.().catch(() => undefined);
    if (!reranker) return hits;
    let scores: number[];
    try {
      scores = await reranker.rank(query, hits.map((hit) => hit.text), signal);
    } catch (error) {
      if (signal?.aborted) throw error;
      return hits; // a reranker that fails mid-way must not cost the user their results
    }
    const max = Math.max(...scores);
    const min = Math.min(...scores);
    return hits
      .map((hit, i) => ({ ...hit, score: max > min ? (scores[i]! - min) / (max - min) : hit.score }))
      .sort((a, b) => b.score - a.score);
  }
}

/**
 * RRF of the hybrid order with the candidates ranked by the share of the query's English stems
 * they contain. A query without English words (or no candidate matching one) keeps the hybrid order.
 */
export function fuseStemmed(query: string, hits: ChunkHit[]): ChunkHit[] {
  const queryStems = englishStems(query);
  if (queryStems.size === 0 || hits.length === 0) return hits;
  const stemRanked = hits
    .map((hit, order) => {
      const stems = englishStems(hit.text);
      let matched = 0;
      for (const stem of queryStems) if (stems.has(stem)) matched++;
      return { hit, order, matched };
    })
    .filter((entry) => entry.matched > 0)
    .sort((a, b) => b.matched - a.matched || a.order - b.order)
    .map((entry) => entry.hit);
  if (stemRanked.length === 0) return hits;
  return reciprocalRankFusion([hits, stemRanked]).map(({ item, score }) => ({ ...item, score }));
}
