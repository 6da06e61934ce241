import type { Material } from "../../../../../shared/knowledge.js";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import type { ProviderHealth, SearchOptions, SearchProvider } from "../../../search/SearchProvider.js";
import type { CslItem } from "../../../references/citeproc.js";
import type { PaperLibrary } from "./PaperLibrary.js";
import type { PaperHit } from "./PaperIndex.js";

/** Papers one unscoped search reads at most (the newest): each English paper may cost a term translation. */
const MAX_UNSCOPED_PAPERS = 30;

/**
 * The paper library as a research source for the other workflows (the article researcher, …):
 * the reader's own retrieval over the papers that have pages, each hit a material that carries the
 * paper's CSL record, so a draft citing it gets a real reference-list entry (GB/T 7714, APA).
 * A scoped run searches only the papers its scope names, and none when it names none.
 */
export class PaperSearchProvider implements SearchProvider {
  readonly name = "papers";
  readonly sourceType = "paper";
  readonly scopable = true;

  constructor(
    private readonly library: PaperLibrary,
    private readonly cslOf: (docId: string) => CslItem,
  ) {}

  async search(query: string, options: SearchOptions): Promise<Material[]> {
    if (options.signal?.aborted) throw new ScriptoriumError("aborted", "Search was cancelled.");
    const docIds = this.docIds(options.scope?.papers, options.scope !== undefined);
    if (docIds.length === 0) return [];
    const { hits } = await this.library.retrieve(query, { docIds, limit: options.limit, ...(options.signal ? { signal: options.signal } : {}) });
    return hits.map((hit) => this.material(hit));
  }

  async healthCheck(): Promise<ProviderHealth> {
    const started = performance.now();
    const papers = this.library.list().filter((paper) => paper.pages > 0).length;
    return { ok: true, message: `${papers} papers`, elapsedMs: performance.now() - started };
  }

  /** The papers to search: those the scope names (each must exist), or the newest with pages when there is no scope. */
  private docIds(scoped: readonly string[] | undefined, isScoped: boolean): string[] {
    if (isScoped) {
      const ids = [...new Set(scoped ?? [])];
      return ids.filter((id) => this.library.repo.require(id).pages > 0);
    }
    return this.library
      .list()
      .filter((paper) => paper.pages > 0)
      .slice(0, MAX_UNSCOPED_PAPERS)
      .map((paper) => paper.doc_id);
  }

  private material(hit: PaperHit): Material {
    const csl = this.cslOf(hit.doc_id);
    const title = String(csl.title ?? hit.doc_id);
    const names = (csl.author ?? []).map((name) => name.family ?? name.literal ?? "").filter(Boolean);
    const year = csl.issued?.["date-parts"]?.[0]?.[0];
    const content = hit.text.trim();
    const byline = [names.length > 2 ? `${names[0]} et al.` : names.join(", "), year].filter(Boolean).join(", ");
    // Each passage is its own material (the search merges materials of one title into one), named by its section or page.
    const where = hit.section.trim() || `p. ${hit.page}`;
    return {
      id: hit.id.slice(0, 64),
      title: `${title} · ${where}`.slice(0, 300),
      content: content.length > 500 ? `${content.slice(0, 499)}…` : content,
      source: `${byline ? `${byline} · ` : ""}p. ${hit.page}`.slice(0, 300),
      published_at: year ? String(year) : null,
      relevance_score: Math.min(1, Math.max(0, hit.score)),
      source_type: this.sourceType,
      url: typeof csl.URL === "string" ? csl.URL : null,
      recUuid: hit.id.slice(0, 200),
      extra_metadata: { doc_id: hit.doc_id, page: hit.page },
      csl: { ...csl, id: hit.doc_id } as Record<string, unknown>,
    };
  }
}
