import { indexRuleChunks, knowledgeRuleSearch } from "./knowledgeRuleSearch.js";
import type { KnowledgeService } from "./KnowledgeService.js";
import type { RuleRepository } from "../rules/RuleRepository.js";
import type { RuleSearch } from "../rules/RuleSearch.js";

/**
 * The rule repository's search on the knowledge layer's `rules` collection. The rule chunks are
 * indexed on the first search (not at start-up, which would load the embedding model for nothing),
 * again whenever the knowledge service is re-created for another embedding model, and again after
 * `invalidate()` (call it after `rules.reload()`). A failed indexing is retried on the next search;
 * meanwhile the repository falls back to its lexical ranking.
 */
export function lazyRuleSearch(rules: RuleRepository, knowledge: () => Promise<KnowledgeService>): RuleSearch & { invalidate(): void } {
  let indexed: { service: KnowledgeService; done: Promise<void> } | null = null;

  const ensureIndexed = (service: KnowledgeService): Promise<void> => {
    if (indexed?.service !== service) {
      const entry = {
        service,
        done: (async () => {
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
    async search(query, options) {
      const service = await knowledge();
      await ensureIndexed(service);
      return knowledgeRuleSearch(service).search(query, options);
    },
    invalidate() {
      indexed = null;
    },
  };
}
