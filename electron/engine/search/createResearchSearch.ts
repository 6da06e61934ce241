import type { ChunkSearcher } from "../knowledge/LibraryProvider.js";
import { LibraryProvider } from "../knowledge/LibraryProvider.js";
import type { Reranker } from "../knowledge/Reranker.js";
import type { LlmClient } from "../llm/LlmClient.js";
import type { ProviderRegistry } from "./ProviderRegistry.js";
import { SearchService } from "./SearchService.js";

/**
 * The researcher's search: the local library plus every enabled intranet provider, fanned out
 * per query. `chunks` is the lazy knowledge service's searcher; providers are re-read so settings
 * apply at once.
 */
export function createResearchSearch(options: {
  chunks: ChunkSearcher;
  registry: ProviderRegistry;
  /** The optional local reranker for the library's results (see LibraryProvider). */
  reranker?: () => Promise<Reranker | undefined>;
  /** The chat model, for translating a query into the other language of the library's passages. */
  llm?: () => LlmClient | undefined;
  perProviderTimeoutMs?: number;
}): SearchService {
  const library = new LibraryProvider(options.chunks, "library", {
    ...(options.reranker ? { reranker: options.reranker } : {}),
    ...(options.llm ? { llm: options.llm } : {}),
  });
  return new SearchService({
    providers: async () => [library, ...(await options.registry.enabledProviders())],
    ...(options.perProviderTimeoutMs ? { perProviderTimeoutMs: options.perProviderTimeoutMs } : {}),
  });
}
