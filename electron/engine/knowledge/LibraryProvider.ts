import path from "node:path";
import type { Collection, Material, RunScope } from "../../../shared/knowledge.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { ProviderHealth, SearchOptions, SearchProvider } from "../search/SearchProvider.js";
import type { LlmClient } from "../llm/LlmClient.js";
import { pairedTerms, pairedTranslation, queryScript, translateQuery } from "./crossLingualQuery.js";
import { dictionaryTranslation } from "./dictionaryTranslation.js";
import { englishStems } from "./englishStems.js";
import { exactTerms, pinExactTerms } from "./exactTerms.js";
import type { ChunkHit } from "./IndexedChunk.js";
import type { StoreSearchOptions } from "./KnowledgeStore.js";
import { materialFromHit } from "./materialFromHit.js";
import { reciprocalRankFusion } from "./reciprocalRankFusion.js";
import type { Reranker } from "./Reranker.js";

/** What the provider needs from the knowledge layer (KnowledgeService implements it). */
export interface ChunkSearcher {
  searchChunks(collection: Collection, query: string, options: StoreSearchOptions & { signal?: AbortSignal }): Promise<ChunkHit[]>;
  countChunks(collection: Collection): Promise<number>;
  /** Every indexed source's id, path and collection: a run scoped to folders searches only the sources under them. */
  sourcePaths?(): Promise<Array<{ id: string; path: string; collection: Collection }>>;
}

/** One collection to search, with a filter to the sources of the scope's folders when the collection itself is not in scope. */
interface ScopedTarget {
  collection: Collection;
  sourceIds?: string[];
}

export interface LibraryProviderOptions {
  /**
   * The optional local cross-encoder (the catalog's reranker when installed). As in the paper
   * library: none installed, a file that fails to load, or a ranking that fails → the fused order stays.
   */
  reranker?: () => Promise<Reranker | undefined>;
  /**
   * The chat model for translating a query whose language differs from the library's passages
   * (one short, checked call); none → only the terms the passages themselves pair are translated.
   */
  llm?: () => LlmClient | undefined;
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
  readonly scopable = true;

  constructor(
    private readonly searcher: ChunkSearcher,
    private readonly collection: Collection = "library",
    private readonly options: LibraryProviderOptions = {},
  ) {}

  async search(query: string, options: SearchOptions): Promise<Material[]> {
    if (options.signal?.aborted) throw new ScriptoriumError("aborted", "Search was cancelled.");
    // The library has no publication dates, so dateFrom/dateTo are ignored (as the interface allows).
    const targets = options.scope ? await this.targets(options.scope) : [{ collection: this.collection }];
    const hybridSearch = (text: string, mode: "hybrid" | "fts" = "hybrid") =>
      Promise.all(
        targets.map((target) =>
          this.searcher.searchChunks(target.collection, text, {
            mode,
            limit: Math.max(options.limit * 3, 15),
            ...(target.sourceIds ? { where: `source_id IN (${target.sourceIds.map(sqlString).join(", ")})` } : {}),
            ...(options.signal ? { signal: options.signal } : {}),
          }),
        ),
      );
    let lists = await hybridSearch(query);
    // Passages in the other language than the query are searched in both: the other side of the
    // terms the passages pair ("注意力机制 (attention)") and the model's checked translation.
    const other = await this.otherLanguageQuery(query, lists.flat(), options.signal);
    if (other) {
      // The other language's words vote twice (hybrid and full-text alone): the question's own
      // full-text side finds nothing in passages of the other language, so its list is mostly the
      // vectors' guess, which must not outvote a passage that has the translated words.
      const [otherLists, otherText] = await Promise.all([hybridSearch(other), hybridSearch(other, "fts")]);
      lists = lists.map((list, i) => reciprocalRankFusion([list, otherLists[i]!, otherText[i]!]).map(({ item, score }) => ({ ...item, score })));
    }
    // Numbers, names and codes of the query are searched on the full-text side alone as well, so a
    // chunk that has them is a candidate whatever the vectors say; then it is pinned to the top.
    const terms = exactTerms(query);
    const exactLists = terms.length
      ? await Promise.all(
          targets.map((target) =>
            this.searcher.searchChunks(target.collection, terms.join(" "), {
              mode: "fts",
              limit: options.limit,
              ...(target.sourceIds ? { where: `source_id IN (${target.sourceIds.map(sqlString).join(", ")})` } : {}),
              ...(options.signal ? { signal: options.signal } : {}),
            }),
          ),
        )
      : [];
    const hybrid = lists.length === 1 ? lists[0]! : lists.flat().sort((a, b) => b.score - a.score);
    const known = new Set(hybrid.map((hit) => hit.id));
    const candidates = [...hybrid, ...exactLists.flat().filter((hit) => !known.has(hit.id) && known.add(hit.id))];
    let hits = fuseStemmed(other ? `${query} ${other}` : query, candidates);
    hits = await this.rerank(query, hits, options.signal);
    hits = pinExactTerms(terms, hits);
    return hits.slice(0, options.limit).map((hit) => materialFromHit(hit, this.sourceType));
  }

  /**
   * The query in the other language, or undefined: the other side of the candidates' own term
   * pairs that the query names, plus — when some candidate passages are in the other language —
   * the shipped dictionary's words and the model's translation when it passes its checks (a
   * same-language library costs no call).
   */
  private async otherLanguageQuery(query: string, candidates: ChunkHit[], signal?: AbortSignal): Promise<string | undefined> {
    const script = queryScript(query);
    const parts = new Set(pairedTranslation(query, pairedTerms(candidates.map((hit) => hit.text))));
    if (candidates.some((hit) => queryScript(hit.text) !== script)) {
      // The shipped dictionary, only the senses the candidates use: a sense the library never uses
      // would search the vectors' guess alone, which must not outvote the query's own list.
      for (const term of await dictionaryTranslation(query, { texts: candidates.map((hit) => hit.text) })) parts.add(term);
      const translated = await translateQuery(this.options.llm?.(), query, signal);
      if (translated) parts.add(translated);
    }
    return parts.size > 0 ? [...parts].join(" ") : undefined;
  }

  /**
   * What a scope asks of the library: each scoped collection whole, and in the other collections
   * only the sources under a scoped folder. A scope of papers alone asks nothing here.
   */
  private async targets(scope: RunScope): Promise<ScopedTarget[]> {
    const whole = new Set(scope.collections ?? []);
    const targets: ScopedTarget[] = [...whole].map((collection) => ({ collection }));
    const folders = (scope.folders ?? []).map((folder) => path.resolve(folder));
    if (folders.length === 0) return targets;
    if (!this.searcher.sourcePaths) throw new ScriptoriumError("unavailable", "This library cannot list its sources, so a run cannot be scoped to folders.");
    const inFolder = (file: string) => folders.some((folder) => file === folder || file.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep));
    const byCollection = new Map<Collection, string[]>();
    for (const source of await this.searcher.sourcePaths()) {
      if (whole.has(source.collection) || !inFolder(path.resolve(source.path))) continue;
      byCollection.set(source.collection, [...(byCollection.get(source.collection) ?? []), source.id]);
    }
    for (const [collection, sourceIds] of byCollection) targets.push({ collection, sourceIds });
    return targets;
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

/** A LanceDB SQL string literal (quotes doubled). */
function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
