import type { Collection } from "../../../shared/knowledge.js";
import type { KnowledgeContext } from "./KnowledgeContext.js";
import type { KnowledgePort } from "./KnowledgePort.js";
import type { Embedder } from "../llm/LlmClient.js";
import type { RuleRepository } from "../rules/RuleRepository.js";
import type { RuleSearch } from "../rules/RuleSearch.js";
import type { KnowledgePortHandle, KnowledgePortOptions } from "./createKnowledgePort.js";
import type { KnowledgeService } from "./KnowledgeService.js";
import { indexRuleChunks, knowledgeRuleSearch } from "./knowledgeRuleSearch.js";
import type { ChunkSearcher } from "./LibraryProvider.js";

/**
 * The one lazy knowledge service: the engine's knowledge port, the research search's chunk
 * searcher and the rule repository's search, all over one knowledge layer loaded on first use.
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
  /**
   * The rule repository's search on the `rules` collection. The rule chunks are indexed on the
   * first search (not at start-up, which would load the embedding model for nothing), again for
   * each new knowledge service, and after `invalidate()` (call it after `rules.reload()`). A failed
   * indexing is retried on the next search; meanwhile the repository ranks lexically.
   */
  ruleSearch(rules: RuleRepository): RuleSearch & { invalidate(): void };
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
  return {
    ingest: async (input) => (await load()).ingest(input),
    search: async (input) => (await load()).search(input),
    sources: async (input) => (await load()).sources(input),
    deleteSource: async (input) => (await load()).deleteSource(input),
    reindex: async (input) => (await load()).reindex(input),
    service,
    embedder: async () => (await service()).embedder(),
    chunks: {
      searchChunks: async (collection: Collection, query, searchOptions) => (await service()).searchChunks(collection, query, searchOptions),
      countChunks: async (collection: Collection) => (await service()).countChunks(collection),
    },
    ruleSearch: (rules) => ruleSearchOver(rules, service),
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

function ruleSearchOver(rules: RuleRepository, knowledge: () => Promise<KnowledgeService>): RuleSearch & { invalidate(): void } {
  let indexed: { service: KnowledgeService; done: Promise<void> } | null = null;
  const ensureIndexed = (service: KnowledgeService): Promise<void> => {
    if (indexed?.service !== service) {
      const entry = {
        service,
        done: (async (): Promise<void> => {
          await indexRuleChunks(service, await rules.ruleChunksForIndex());
        })(),
      };
      entry.done.catch(() => {
        if (indexed === entry) indexed = null;
      });
      indexed = entry;
    }
    return indexed.done;
  };
  return {
    async search(query, searchOptions) {
      const service = await knowledge();
      await ensureIndexed(service);
      return knowledgeRuleSearch(service).search(query, searchOptions);
    },
    invalidate() {
      indexed = null;
    },
  };
}
