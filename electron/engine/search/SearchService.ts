import { ScriptoriumError, toApiError } from "../../../shared/errors.js";
import type { Material, RunScope } from "../../../shared/knowledge.js";
import type { ResearchSearch, ResearchSearchOptions } from "./ResearchSearch.js";
import type { SearchProvider } from "./SearchProvider.js";

export interface SearchServiceOptions {
  /** Current providers (library + enabled intranet ones); called per search so settings changes apply. */
  providers: () => SearchProvider[] | Promise<SearchProvider[]>;
  /** Deadline per provider, ms; default 20 000. A slow provider is reported, the others still count. */
  perProviderTimeoutMs?: number;
}

/** How one provider did in a fan-out. */
export interface ProviderReport {
  provider: string;
  ok: boolean;
  count: number;
  error: string | null;
  elapsedMs: number;
}

export interface FanOutOptions {
  limit: number;
  /** Only these providers (by name); default all. */
  providers?: string[];
  dateFrom?: string;
  dateTo?: string;
  signal?: AbortSignal;
  /** Only providers that honour a scope are asked, each inside it. */
  scope?: RunScope;
}

export interface FanOutResult {
  materials: Material[];
  reports: ProviderReport[];
}

/** NFKC, lower case, no whitespace or punctuation: `“AI 写作”` and `ai写作` are the same title. */
export function normaliseTitle(title: string): string {
  return title.normalize("NFKC").toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, "");
}

/** Host is case-insensitive, the path is not; a trailing slash and a fragment do not make a new page. */
function normaliseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = "";
    return parsed.toString().replace(/\/+$/, "");
  } catch {
    return url.trim().replace(/\/+$/, "");
  }
}

/**
 * Keep the most relevant copy of each item, judged by provider record id, URL or normalised
 * title (any one match makes a duplicate), then rank by relevance.
 */
export function mergeMaterials(lists: Material[][], limit: number): Material[] {
  const all = lists.flatMap((list, providerIndex) => list.map((material, index) => ({ material, providerIndex, index })));
  all.sort((a, b) => b.material.relevance_score - a.material.relevance_score || a.providerIndex - b.providerIndex || a.index - b.index);
  const seen = new Set<string>();
  const kept: Material[] = [];
  for (const { material } of all) {
    const keys = [
      material.recUuid ? `id:${material.recUuid}` : null,
      material.url ? `url:${normaliseUrl(material.url)}` : null,
      normaliseTitle(material.title) ? `title:${normaliseTitle(material.title)}` : null,
    ].filter((key): key is string => key !== null);
    const duplicate = keys.some((key) => seen.has(key));
    // A dropped copy's other keys still identify the same document (same id, another title).
    keys.forEach((key) => seen.add(key));
    if (duplicate) continue;
    kept.push(material);
    if (kept.length >= limit) break;
  }
  return kept;
}

/**
 * Fans a query out to every provider at once, each under its own deadline; a failing provider is
 * reported, never fatal. Implements the researcher's `ResearchSearch`.
 */
export class SearchService implements ResearchSearch {
  private readonly options: SearchServiceOptions;

  constructor(options: SearchServiceOptions) {
    this.options = options;
  }

  /** `ResearchSearch`: merged, de-duplicated, ranked materials; each failed provider goes to `onProviderFailure`, the rest still count. */
  async search(query: string, options: ResearchSearchOptions): Promise<Material[]> {
    const dates = { ...(options.dateFrom ? { dateFrom: options.dateFrom } : {}), ...(options.dateTo ? { dateTo: options.dateTo } : {}) };
    const { materials, reports } = await this.searchDetailed(query, {
      limit: options.limit,
      ...dates,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.scope ? { scope: options.scope } : {}),
    });
    if (options.onProviderFailure) {
      const types = new Map((await this.options.providers()).map((p) => [p.name, p.sourceType] as const));
      for (const report of reports)
        if (!report.ok) options.onProviderFailure({ provider: report.provider, sourceType: types.get(report.provider) ?? "", message: report.error ?? "" });
    }
    return materials;
  }

  /** Every provider's `healthCheck` (the library and each enabled intranet provider); a throwing check reads as not ok. */
  async healthCheck(): Promise<Array<{ name: string; source_type: string; ok: boolean; message: string; elapsedMs: number }>> {
    const providers = await this.options.providers();
    return Promise.all(
      providers.map(async (provider) => {
        const started = performance.now();
        try {
          return { name: provider.name, source_type: provider.sourceType, ...(await provider.healthCheck()) };
        } catch (error) {
          return {
            name: provider.name,
            source_type: provider.sourceType,
            ok: false,
            message: toApiError(error).message,
            elapsedMs: Math.round(performance.now() - started),
          };
        }
      }),
    );
  }

  /** Materials plus a report per provider (for the UI and logs). Throws only `aborted`. */
  async searchDetailed(query: string, options: FanOutOptions): Promise<FanOutResult> {
    const all = await this.options.providers();
    const named = options.providers ? all.filter((provider) => options.providers!.includes(provider.name)) : all;
    // A scoped run never reads a source outside its scope: providers that cannot honour one are not asked.
    const chosen = options.scope ? named.filter((provider) => provider.scopable === true) : named;
    const timeoutMs = this.options.perProviderTimeoutMs ?? 20_000;
    const settled = await Promise.all(chosen.map((provider) => this.one(provider, query, options, timeoutMs)));
    if (options.signal?.aborted) throw new ScriptoriumError("aborted", "Search cancelled.");
    return {
      materials: mergeMaterials(
        settled.map((entry) => entry.materials),
        options.limit,
      ),
      reports: settled.map((entry) => entry.report),
    };
  }

  private async one(
    provider: SearchProvider,
    query: string,
    options: FanOutOptions,
    timeoutMs: number,
  ): Promise<{ materials: Material[]; report: ProviderReport }> {
    const started = performance.now();
    const controller = new AbortController();
    const onAbort = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener("abort", onAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ScriptoriumError("unavailable", `${provider.name} did not answer within ${timeoutMs} ms.`));
      }, timeoutMs);
    });
    try {
      const materials = await Promise.race([
        provider.search(query, {
          limit: options.limit,
          dateFrom: options.dateFrom,
          dateTo: options.dateTo,
          signal: controller.signal,
          ...(options.scope ? { scope: options.scope } : {}),
        }),
        deadline,
      ]);
      const valid = materials.map((material) => ({ ...material, source_type: material.source_type || provider.sourceType }));
      return {
        materials: valid,
        report: { provider: provider.name, ok: true, count: valid.length, error: null, elapsedMs: Math.round(performance.now() - started) },
      };
    } catch (error) {
      return {
        materials: [],
        report: { provider: provider.name, ok: false, count: 0, error: toApiError(error).message, elapsedMs: Math.round(performance.now() - started) },
      };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    }
  }
}
