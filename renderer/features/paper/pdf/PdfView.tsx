import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { PdfPage } from "./PdfPage.js";
import { PdfThumbnails } from "./PdfThumbnails.js";
import { PdfToolbar } from "./PdfToolbar.js";
import { scrollPane } from "./scrollPane.js";
import type { PageViewTranslate } from "./pageViewMessages.js";
import type { PageOcr } from "./usePageView.js";
import { useFitScale } from "./useFitScale.js";
import { usePdfSearch } from "./usePdfSearch.js";

export interface PdfViewProps {
  t: PageViewTranslate;
  doc: PDFDocumentProxy;
  ocr: Map<number, PageOcr>;
  pages: ReadonlyArray<{ page: number; text: string }>;
  jump: { page: number; seq: number; quote?: string } | null;
  /** The reader pane that scrolls (never the window: the studio's header stays put). */
  pane: RefObject<HTMLElement | null>;
}

type Mark = { page: number; quote: string; seq: number; cited: boolean };

/** The PDF's pages drawn by pdf.js, with zoom, thumbnails and search; a citation opens its page with the quote highlighted. */
export function PdfView({ t, doc, ocr, pages, jump, pane }: PdfViewProps) {
  const [current, setCurrent] = useState(1);
  const [mark, setMark] = useState<Mark | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const seq = useRef(0);
  const markRef = useRef<Mark | null>(null);
  const found = usePdfSearch(pages);
  const column = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useFitScale(doc, column);

  const show = useCallback(
    (page: number, quote: string | undefined, cited: boolean) => {
      setCurrent(page);
      setNotice(null);
      const next = quote ? { page, quote, seq: ++seq.current, cited } : null;
      markRef.current = next;
      setMark(next);
      scrollPane(pane.current, pane.current?.querySelector(`.pdf-page[data-page="${page}"]`), 56);
    },
    [pane],
  );
  useEffect(() => {
    if (jump) show(jump.page, jump.quote, true);
  }, [jump, show]);

  const onMarked = useCallback(
    (at: number, first: HTMLElement | null) => {
      const shown = markRef.current;
      if (!shown || shown.seq !== at) return;
      if (first) scrollPane(pane.current, first, 120);
      else if (shown.cited) setNotice(t("pdf.quoteNotFound", { p: shown.page, q: shown.quote }));
    },
    [pane, t],
  );
  const onHit = (index: number) => {
    found.setHit(index);
    show(found.hits[index]!, found.search.trim(), false);
  };

  return (
    <div className="pdf-view">
      <PdfToolbar t={t} scale={scale} onScale={setScale} search={found.search} onSearch={found.setSearch} hits={found.hits} hit={found.hit} onHit={onHit} />
      {notice && <p className="pdf-notice" role="status">{notice}</p>}
      <div className="pdf-view__body">
        <PdfThumbnails t={t} doc={doc} ocr={ocr} current={current} onPick={(page) => show(page, undefined, false)} />
        <div className="pdf-view__pages" ref={column}>
          {Array.from({ length: doc.numPages }, (_, i) => i + 1).map((page) => (
            <PdfPage key={page} t={t} doc={doc} page={page} scale={scale} mark={mark?.page === page ? mark : null} ocr={ocr.get(page)} onMarked={onMarked} />
          ))}
        </div>
      </div>
    </div>
  );
}
