import type { OcrLine } from "./usePageView.js";
import { matchQuote } from "./matchQuote.js";

/** A highlight rectangle in CSS pixels from the page's top-left corner. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The quote's boxes on a pdf.js text layer (one per line piece of the matched spans), or null when it is not there. */
export function textLayerBoxes(layer: HTMLElement, quote: string): Box[] | null {
  const spans = Array.from(layer.querySelectorAll("span")).filter((span) => span.childElementCount === 0 && span.firstChild?.nodeType === Node.TEXT_NODE);
  const match = matchQuote(
    spans.map((span) => span.textContent ?? ""),
    quote,
  );
  if (!match) return null;
  const origin = layer.getBoundingClientRect();
  const boxes: Box[] = [];
  for (const piece of match) {
    const range = document.createRange();
    const node = spans[piece.item]!.firstChild!;
    range.setStart(node, piece.start);
    range.setEnd(node, Math.min(piece.end, node.textContent?.length ?? piece.end));
    for (const rect of Array.from(range.getClientRects())) {
      if (rect.width > 0 && rect.height > 0) boxes.push({ left: rect.left - origin.left, top: rect.top - origin.top, width: rect.width, height: rect.height });
    }
  }
  return boxes.length ? boxes : null;
}

/** An OCR line's box at the page's scale (the stored boxes are PDF points, top-left origin). */
export function ocrBox(line: OcrLine, scale: number): Box {
  return { left: line.x0 * scale, top: line.y0 * scale, width: (line.x1 - line.x0) * scale, height: (line.y1 - line.y0) * scale };
}

/** On a scanned page: the OCR lines that hold the quote, as boxes, or null. */
export function ocrQuoteBoxes(lines: readonly OcrLine[], quote: string, scale: number): Box[] | null {
  const match = matchQuote(
    lines.map((line) => line.text),
    quote,
  );
  return match ? match.map((piece) => ocrBox(lines[piece.item]!, scale)) : null;
}
