import type { Collection } from "../../../shared/knowledge.js";
import type { ChunkSearcher } from "../knowledge/LibraryProvider.js";
import { LibraryProvider } from "../knowledge/LibraryProvider.js";
import type { KnowledgeService } from "../knowledge/KnowledgeService.js";
import type { ProviderRegistry } from "./ProviderRegistry.js";
import { SearchService } from "./SearchService.js";

/**
 * The researcher's search: the local library plus every enabled intranet provider, fanned out
 * per query. The knowledge service is looked up on each search because the knowledge port
 * re-creates it when the embedding model changes; providers are re-read so settings apply at once.
 */
export function createResearchSearch(options: {
  knowledge: () => Promise<KnowledgeService>;
  registry: ProviderRegistry;
  perProviderTimeoutMs?: number;
}): SearchService {
  const searcher: ChunkSearcher = {
    searchChunks: async (collection: Collection, query, searchOptions) => (await options.knowledge()).searchChunks(collection, query, searchOptions),
    countChunks: async (collection: Collection) => (await options.knowledge()).countChunks(collection),
  };
  const library = new LibraryProvider(searcher);
  return new SearchService({
    providers: async () => [library, ...(await options.registry.enabledProviders())],
    ...(options.perProviderTimeoutMs ? { perProviderTimeoutMs: options.perProviderTimeoutMs } : {}),
  });
}
