import type { ResearchSearch } from "./ResearchSearch.js";
import type { SearchProvider } from "./SearchProvider.js";
import { mergeMaterials, SearchService } from "./SearchService.js";

/**
 * The platform's research search plus the workflows' own sources (the paper library), fanned out
 * together and merged as one ranked list; a scope reaches both. `sources` is read per search, so
 * sources registered after this search was made (the workflows' services come later) still count.
 */
export function withSources(base: ResearchSearch, sources: () => readonly SearchProvider[]): ResearchSearch {
  const own = new SearchService({ providers: () => [...sources()] });
  return {
    search: async (query, options) => {
      if (sources().length === 0) return base.search(query, options);
      const [found, ownFound] = await Promise.all([base.search(query, options), own.search(query, options)]);
      return mergeMaterials([found, ownFound], options.limit);
    },
  };
}
