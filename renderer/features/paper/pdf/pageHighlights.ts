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

/**
 * The OCR lines in column order: the left column's lines, then the right's. OCR reads a two-column
 * page row by row, so a quote that runs over two lines of one column is not consecutive there.
 */
function columnOrder(lines: readonly OcrLine[]): number[] {
  const middle = (Math.min(...lines.map((l) => l.x0)) + Math.max(...lines.map((l) => l.x1))) / 2;
  const column = (line: OcrLine) => (line.x0 >= middle ? 1 : 0);
  return lines.map((_, i) => i).sort((a, b) => column(lines[a]!) - column(lines[b]!) || a - b);
}

/** On a scanned page: the OCR lines that hold the quote (read in OCR order, else in column order), as boxes, or null. */
export function ocrQuoteBoxes(lines: readonly OcrLine[], quote: string, scale: number): Box[] | null {
  if (lines.length === 0) return null;
  for (const order of [lines.map((_, i) => i), columnOrder(lines)]) {
    const match = matchQuote(
      order.map((i) => lines[i]!.text),
      quote,
    );
    if (match) return match.map((piece) => ocrBox(lines[order[piece.item]!]!, scale));
  }
  return null;
}
