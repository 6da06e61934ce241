import type { Material, RunScope } from "../../../shared/knowledge.js";

/** Fan-out search over the enabled providers (library + intranet), merged and ranked (SearchService). */
export interface ResearchSearch {
  search(query: string, options: ResearchSearchOptions): Promise<Material[]>;
}

export interface ResearchSearchOptions {
  limit: number;
  locale?: "zh" | "en";
  signal?: AbortSignal;
  /** ISO dates bounding the period the intent names; providers that support a date filter apply them. */
  dateFrom?: string;
  dateTo?: string;
  /** The run's scope: only these collections, folders and papers are searched (see RunScopeSchema). */
  scope?: RunScope;
  /** Called for each provider that failed or timed out (the others still count): the caller tells the user. */
  onProviderFailure?: (failure: { provider: string; sourceType: string; message: string }) => void;
}
