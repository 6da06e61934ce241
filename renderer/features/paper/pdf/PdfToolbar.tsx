import type { PageViewTranslate } from "./pageViewMessages.js";

export interface PdfToolbarProps {
  t: PageViewTranslate;
  scale: number;
  onScale(scale: number): void;
  search: string;
  onSearch(text: string): void;
  /** Pages holding the search term, and which of them is shown (-1: none yet). */
  hits: number[];
  hit: number;
  onHit(index: number): void;
}

const STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** Zoom and search in the document. */
export function PdfToolbar({ t, scale, onScale, search, onSearch, hits, hit, onHit }: PdfToolbarProps) {
  // The scale starts at the pane's width (any value); the buttons step through STEPS from there.
  const smaller = STEPS.filter((step) => step < scale - 0.001).at(-1);
  const larger = STEPS.find((step) => step > scale + 0.001);
  const query = search.trim();
  return (
    <div className="pdf-toolbar" role="toolbar" aria-label={t("pdf.pageView")}>
      <button type="button" className="btn btn--small btn--ghost" aria-label={t("pdf.zoomOut")} disabled={!smaller} onClick={() => smaller && onScale(smaller)}>
        −
      </button>
      <span className="small" data-testid="pdf-zoom">{t("pdf.zoom", { z: Math.round(scale * 100) })}</span>
      <button type="button" className="btn btn--small btn--ghost" aria-label={t("pdf.zoomIn")} disabled={!larger} onClick={() => larger && onScale(larger)}>
        +
      </button>
      <input
        className="input pdf-toolbar__search"
        type="search"
        aria-label={t("pdf.search")}
        placeholder={t("pdf.searchPlaceholder")}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        onKeyDown={(e) => e.key === "Enter" && hits.length && onHit((hit + 1) % hits.length)}
      />
      {query && (
        <span className="small muted" data-testid="pdf-search-count">
          {hits.length ? `${t("pdf.matches", { n: hits.length, q: query })}${hit >= 0 ? ` · ${hit + 1}/${hits.length}` : ""}` : t("pdf.noMatch", { q: query })}
        </span>
      )}
      <button type="button" className="btn btn--small btn--ghost" disabled={hits.length === 0} onClick={() => onHit((hit - 1 + hits.length) % hits.length)}>
        {t("pdf.prev")}
      </button>
      <button type="button" className="btn btn--small btn--ghost" disabled={hits.length === 0} onClick={() => onHit((hit + 1) % hits.length)}>
        {t("pdf.next")}
      </button>
    </div>
  );
}
