import { useEffect, useRef, useState } from "react";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { ocrBox, ocrQuoteBoxes, textLayerBoxes, type Box } from "./pageHighlights.js";
import type { PageViewTranslate } from "./pageViewMessages.js";
import { useNearView } from "./useNearView.js";
import { usePdfPageRender } from "./usePdfPageRender.js";
import { OcrConfidence } from "./OcrConfidence.js";
import type { PageOcr } from "./usePageView.js";

export interface PdfPageProps {
  t: PageViewTranslate;
  doc: PDFDocumentProxy;
  page: number;
  scale: number;
  /** Text to highlight on this page (a citation's quote, a search term), with the request's counter. */
  mark: { quote: string; seq: number } | null;
  /** The page's OCR (scanned pages only): its confidence is shown, its line boxes drawn. */
  ocr: PageOcr | undefined;
  /** Called once the mark is looked for: its first box, or null when the quote is not on the page. */
  onMarked(seq: number, first: HTMLElement | null): void;
}

/** One PDF page: canvas, text layer, the mark's highlight boxes and, on a scanned page, its OCR confidence and line boxes. */
export function PdfPage({ t, doc, page, scale, mark, ocr, onMarked }: PdfPageProps) {
  const root = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const layer = useRef<HTMLDivElement>(null);
  const near = useNearView(root);
  const { size, drawn } = usePdfPageRender(doc, page, scale, near || mark !== null, canvas, layer);
  const [boxes, setBoxes] = useState<Box[]>([]);

  useEffect(() => {
    if (!mark) return setBoxes([]);
    if (drawn === 0 || !layer.current) return;
    const found = textLayerBoxes(layer.current, mark.quote) ?? (ocr ? ocrQuoteBoxes(ocr.lines, mark.quote, scale) : null) ?? [];
    setBoxes(found);
    // After the boxes are in the DOM: hand the first one over for scrolling (or report none).
    requestAnimationFrame(() => onMarked(mark.seq, found.length ? root.current!.querySelector<HTMLElement>(".pdf-highlight") : null));
  }, [mark, drawn, ocr, scale, onMarked]);

  const style = { width: size?.width, height: size?.height, ["--scale-factor" as string]: scale };
  return (
    <div ref={root} className="pdf-page" data-page={page} data-drawn={drawn > 0 ? "true" : "false"} style={style} aria-label={t("pdf.page", { p: page })}>
      <canvas ref={canvas} className="pdf-page__canvas" style={{ width: size?.width, height: size?.height }} />
      {ocr?.lines.map((line, i) => (
        <div
          key={`o${i}`}
          className="pdf-ocr-box"
          style={ocrBox(line, scale)}
          title={t("pdf.ocrLine", { c: Math.round(line.confidence * 100), t: line.text })}
        />
      ))}
      <div ref={layer} className="textLayer" />
      {boxes.map((box, i) => (
        <div key={`h${i}`} className="pdf-highlight" style={box} />
      ))}
      <OcrConfidence t={t} confidence={ocr?.confidence} />
    </div>
  );
}
