import type { Material } from "../../../../../shared/knowledge.js";
import type { ResearchSearch } from "../../WorkflowDefinition.js";

/** Hits per keyword asked of the search service. */
export const HITS_PER_KEYWORD = 8;

/**
 * Search every keyword concurrently. A keyword whose search fails counts as zero hits (the user
 * sees the package at PAUSE-1 and can re-search); cancellation is rethrown.
 */
export async function searchKeywords(
  search: ResearchSearch,
  keywords: string[],
  locale: "zh" | "en",
  signal: AbortSignal | undefined,
  period: { dateFrom?: string | undefined; dateTo?: string | undefined } = {},
): Promise<{ hitLists: Material[][]; hits: number; failed: string[] }> {
  const dates = { ...(period.dateFrom ? { dateFrom: period.dateFrom } : {}), ...(period.dateTo ? { dateTo: period.dateTo } : {}) };
  const settled = await Promise.allSettled(
    keywords.map((query) => search.search(query, { limit: HITS_PER_KEYWORD, locale, ...(signal ? { signal } : {}), ...dates })),
  );
  signal?.throwIfAborted();
  const hitLists: Material[][] = [];
  const failed: string[] = [];
  settled.forEach((result, index) => {
    if (result.status === "fulfilled") hitLists.push(result.value);
    else failed.push(keywords[index] ?? "");
  });
  return { hitLists, hits: hitLists.reduce((sum, list) => sum + list.length, 0), failed };
}

/** Unique, trimmed, non-empty keywords in first-seen order (case-insensitive). */
export function uniqueKeywords(keywords: string[]): string[] {
  const seen = new Set<string>();
  return keywords.map((k) => k.trim()).filter((k) => k && !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()));
}
