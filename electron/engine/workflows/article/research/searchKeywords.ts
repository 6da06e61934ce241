import type { Material, RunScope } from "../../../../../shared/knowledge.js";
import type { ResearchSearch } from "../../WorkflowDefinition.js";
import type { StepLine } from "../../common/nodeRuntime.js";
import { summaryLines } from "../stepLines.js";

/** Hits per keyword asked of the search service. */
export const HITS_PER_KEYWORD = 8;

/**
 * Search every keyword concurrently. A keyword whose search fails counts as zero hits (the user
 * sees the package at PAUSE-1 and can re-search); cancellation is rethrown. `unavailable` names
 * each provider (an intranet plug-in) that failed for any keyword, so the step can say the package
 * came from the other sources only instead of staying silent.
 */
export async function searchKeywords(
  search: ResearchSearch,
  keywords: string[],
  locale: "zh" | "en",
  signal: AbortSignal | undefined,
  period: { dateFrom?: string | undefined; dateTo?: string | undefined } = {},
  scope?: RunScope,
): Promise<{ hitLists: Material[][]; hits: number; failed: string[]; unavailable: UnavailableProvider[] }> {
  const unavailable = new Map<string, UnavailableProvider>();
  const onProviderFailure = (failure: UnavailableProvider) =>
    void unavailable.set(failure.provider, { provider: failure.provider, sourceType: failure.sourceType });
  const dates = { ...(period.dateFrom ? { dateFrom: period.dateFrom } : {}), ...(period.dateTo ? { dateTo: period.dateTo } : {}) };
  const settled = await Promise.allSettled(
    keywords.map((query) =>
      search.search(query, { limit: HITS_PER_KEYWORD, locale, onProviderFailure, ...(signal ? { signal } : {}), ...dates, ...(scope ? { scope } : {}) }),
    ),
  );
  signal?.throwIfAborted();
  const hitLists: Material[][] = [];
  const failed: string[] = [];
  settled.forEach((result, index) => {
    if (result.status === "fulfilled") hitLists.push(result.value);
    else failed.push(keywords[index] ?? "");
  });
  return { hitLists, hits: hitLists.reduce((sum, list) => sum + list.length, 0), failed, unavailable: [...unavailable.values()] };
}

/** A search provider that failed during this search (its name and `sourceType`: "library" or "intranet"). */
export interface UnavailableProvider {
  provider: string;
  sourceType: string;
}

/** The step summary's notes for a search: keywords that failed, search providers that were unavailable (none when all worked); the timeline shows them. */
export function searchNotes(locale: "zh" | "en", failed: readonly string[], unavailable: UnavailableProvider[]): (StepLine | null)[] {
  // The user's own sources (the library, the papers) are one "library" note; the rest are intranet plug-ins.
  const local = (u: UnavailableProvider) => u.sourceType === "library" || u.sourceType === "paper";
  const intranet = unavailable.filter((u) => !local(u)).map((u) => u.provider);
  return [
    summaryLines.searchesFailed(locale, failed.length),
    summaryLines.intranetUnavailable(locale, intranet),
    summaryLines.libraryFailed(locale, unavailable.some(local)),
  ];
}

/** Unique, trimmed, non-empty keywords in first-seen order (case-insensitive). */
export function uniqueKeywords(keywords: string[]): string[] {
  const seen = new Set<string>();
  return keywords.map((k) => k.trim()).filter((k) => k && !seen.has(k.toLowerCase()) && seen.add(k.toLowerCase()));
}
