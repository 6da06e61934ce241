import type { Material, RunScope } from "../../../shared/knowledge.js";

export interface SearchOptions {
  limit: number;
  /** ISO dates, inclusive; providers that cannot filter by date ignore them. */
  dateFrom?: string;
  dateTo?: string;
  signal?: AbortSignal;
  /** The run's scope; only a provider that is `scopable` is asked, and it searches only inside it. */
  scope?: RunScope;
}

export interface ProviderHealth {
  ok: boolean;
  message: string;
  elapsedMs: number;
}

/** Anything the researcher can search: the local library, an intranet endpoint, … */
export interface SearchProvider {
  readonly name: string;
  /** `library`, `intranet`, … — copied into each material's `source_type`. */
  readonly sourceType: string;
  /** Searches only inside a run's `scope` (the library, the papers); a provider without it is left out of every scoped search. */
  readonly scopable?: boolean;
  /** Materials have provider-local ids; the researcher re-numbers them m001, m002 … per session. */
  search(query: string, options: SearchOptions): Promise<Material[]>;
  healthCheck(): Promise<ProviderHealth>;
}
