import { useEffect, useState } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useApp } from "../../../store/StoreProvider.js";

export interface OcrLine {
  text: string;
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A scanned page's OCR: its confidence (0–1) and recognised line boxes. */
export interface PageOcr {
  confidence: number;
  lines: OcrLine[];
}

export interface PageViewState {
  doc: PDFDocumentProxy | null;
  /** Why there is no page view (not a PDF, the file moved or changed); null while loading or when shown. */
  missing: "not_pdf" | "moved" | "changed" | null;
  /** Each scanned page's OCR confidence and line boxes. */
  ocr: Map<number, PageOcr>;
  loading: boolean;
}

const EMPTY: PageViewState = { doc: null, missing: null, ocr: new Map(), loading: false };

/** The open paper's PDF (through `paper.pageView`, the library's own file) and its pages' OCR. */
export function usePageView(docId: string | null): PageViewState {
  const api = useApp((s) => s.api);
  const pushError = useApp((s) => s.pushError);
  const [state, setState] = useState<PageViewState>(EMPTY);
  useEffect(() => {
    if (!docId) return setState(EMPTY);
    let alive = true;
    let opened: PDFDocumentProxy | null = null;
    setState({ ...EMPTY, loading: true });
    api
      .call("paper.pageView", { doc_id: docId })
      .then(async (view) => {
        const ocr = new Map(view.ocr.map((page) => [page.page, { confidence: page.confidence, lines: page.lines }]));
        // pdf.js (and its worker) load with the first PDF opened, not with the app.
        opened = view.pdf ? await (await import("./loadPdf.js")).loadPdf(view.pdf) : null;
        if (alive) setState({ doc: opened, missing: view.missing, ocr, loading: false });
        else void opened?.destroy();
      })
      .catch((error: unknown) => {
        if (alive) setState(EMPTY);
        pushError(error);
      });
    return () => {
      alive = false;
      void opened?.destroy();
    };
  }, [api, docId, pushError]);
  return state;
}
