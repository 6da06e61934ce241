import { useRef } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { OcrConfidence } from "./OcrConfidence.js";
import type { PageViewTranslate } from "./pageViewMessages.js";
import type { PageOcr } from "./usePageView.js";
import { useNearView } from "./useNearView.js";
import { usePdfPageRender } from "./usePdfPageRender.js";

const THUMB_SCALE = 0.15;

interface ThumbnailsProps {
  t: PageViewTranslate;
  doc: PDFDocumentProxy;
  ocr: Map<number, PageOcr>;
  current: number;
  onPick(page: number): void;
}

/** The pages as small images, a scanned page with its OCR confidence; a click shows that page. */
export function PdfThumbnails({ t, doc, ocr, current, onPick }: ThumbnailsProps) {
  const pages = Array.from({ length: doc.numPages }, (_, i) => i + 1);
  return (
    <nav className="pdf-thumbs" aria-label={t("pdf.thumbnails")}>
      {pages.map((page) => (
        <Thumbnail key={page} t={t} doc={doc} page={page} confidence={ocr.get(page)?.confidence} current={page === current} onPick={onPick} />
      ))}
    </nav>
  );
}

interface ThumbnailProps {
  t: PageViewTranslate;
  doc: PDFDocumentProxy;
  page: number;
  confidence: number | undefined;
  current: boolean;
  onPick(page: number): void;
}

function Thumbnail({ t, doc, page, confidence, current, onPick }: ThumbnailProps) {
  const button = useRef<HTMLButtonElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const near = useNearView(button, "200px");
  const { size } = usePdfPageRender(doc, page, THUMB_SCALE, near, canvas, layer);
  return (
    <button
      ref={button}
      type="button"
      className={`pdf-thumb${current ? " is-current" : ""}`}
      aria-label={t("pdf.thumbnail", { p: page })}
      aria-current={current ? "page" : undefined}
      onClick={() => onPick(page)}
    >
      <canvas ref={canvas} style={{ width: size?.width, height: size?.height }} />
      {/* pdf.js writes a text layer beside the image; a thumbnail keeps it hidden. */}
      <div ref={layer} hidden />
      <span className="small muted">{page}</span>
      <OcrConfidence t={t} confidence={confidence} compact />
    </button>
  );
}
