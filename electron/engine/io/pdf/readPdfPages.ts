import path from "node:path";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api.js";
import { ScriptoriumError } from "../../../../shared/errors.js";
import { OcrPool, poolSize, type OcrLine, type OcrResult } from "../ocr/OcrPool.js";
import { openPdf, pdfErrorMessage } from "./openPdf.js";
import { OCR_DPI, renderPdfPage, type RenderedPage } from "./renderPdfPage.js";

/** One run of text on a page (PDF user space: y grows upwards, origin bottom-left). */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
  width: number;
  /** Font size (the text matrix's vertical scale; an OCR line's box height). */
  size: number;
  /** The run ends a line (pdf.js's `hasEOL`; every OCR line). */
  hasEOL: boolean;
}

/** A recognised line's box in PDF points from the page's top-left (what the reader highlights). */
export interface OcrLineBox {
  text: string;
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PdfPage {
  /** 1-based page number in the file. */
  page: number;
  width: number;
  height: number;
  items: PdfTextItem[];
  /**
   * Set when the page's text came from OCR: its confidence (0–1), line boxes (on the page as the
   * file shows it) and the skew in degrees the page was straightened by before OCR (0: none).
   */
  ocr?: { confidence: number; lines: OcrLineBox[]; skew: number };
}

export interface OcrProgress {
  /** Pages recognised so far, of `total` pages that need OCR. */
  done: number;
  total: number;
  /** The page just finished. */
  page: number;
  /** Estimated seconds left (null before the first page is done). */
  etaSeconds: number | null;
}

export interface ReadPdfOptions {
  signal?: AbortSignal;
  /** OCR pages without a usable text layer (default true). */
  ocr?: boolean;
  /** Straighten crooked scans before OCR (default true; false only to measure what it gains). */
  deskew?: boolean;
  /** OCR workers; default one per core, at most one per page to recognise. */
  workers?: number;
  onOcrProgress?: (progress: OcrProgress) => void;
}

/**
 * Characters of text layer a US-letter page (612 × 792 pt) needs before it counts as having one;
 * scaled by page area. A scan often carries a stamp or a page number as text, which must not
 * count; a page of body text has thousands.
 */
const MIN_CHARS_PER_LETTER_PAGE = 100;
const LETTER_AREA = 612 * 792;

/**
 * The one PDF reader the engine has: each page's positioned text. A page whose text layer is
 * missing or far thinner than its area suggests, and which paints an image, is rendered at 300 DPI
 * (a low-resolution scan is upscaled), straightened when scanned crooked, binarised (Otsu) when it
 * shows a grey JPEG scan's noise, and recognised with tesseract (OcrPool); pages with text keep it, so a mixed document OCRs only what
 * needs it. Fails as a whole (names the file) on a password, corruption or a cancel.
 */
export async function readPdfPages(data: Uint8Array, fileName: string, options: ReadPdfOptions = {}): Promise<PdfPage[]> {
  const name = path.basename(fileName);
  const { signal } = options;
  const { doc, close } = await openPdf(data, fileName);
  try {
    const pages: PdfPage[] = [];
    const needOcr: number[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      if (signal?.aborted) throw cancelled(name);
      let page: PDFPageProxy;
      let items: PdfTextItem[];
      try {
        page = await doc.getPage(number);
        items = await textItems(page);
      } catch (error) {
        throw new ScriptoriumError("bad_request", `${name}: page ${number} cannot be read (${pdfErrorMessage(error)}); the file looks corrupt.`, { file: name, page: number });
      }
      const viewport = page.getViewport({ scale: 1 });
      pages.push({ page: number, width: viewport.width, height: viewport.height, items });
      const characters = items.reduce((sum, item) => sum + item.str.trim().length, 0);
      const minimum = MIN_CHARS_PER_LETTER_PAGE * ((viewport.width * viewport.height) / LETTER_AREA);
      if (options.ocr !== false && characters < minimum && (await paintsImage(page))) needOcr.push(number);
      page.cleanup();
    }
    if (needOcr.length > 0) await recognise(doc, pages, needOcr, name, options);
    return pages;
  } finally {
    await close();
  }
}

/** Plain text of a page (runs joined, line ends kept): what the knowledge base chunks. */
export function pageText(page: PdfPage): string {
  let text = "";
  for (const item of page.items) text += item.str + (item.hasEOL ? "\n" : "");
  return text.trim();
}

/**
 * A page's text runs in the page's coordinates as it is shown: origin at the bottom-left of the
 * visible page, y up. pdf.js gives each run's matrix in user space, which a `/Rotate` page turns
 * (a landscape preprint cover set with `/Rotate 270` reads as vertical strips otherwise) and a
 * media box not at 0,0 shifts (the two-column split is made at the page's middle).
 */
async function textItems(page: PDFPageProxy): Promise<PdfTextItem[]> {
  const content = await page.getTextContent();
  const viewport = page.getViewport({ scale: 1 });
  const [va, vb, vc, vd, ve, vf] = viewport.transform as number[];
  const runs = content.items.flatMap((item) => {
    if (!("str" in item)) return [];
    const [a = 0, b = 0, c = 0, d = 0] = item.transform as number[];
    // The run's vertical axis through the viewport matrix.
    const size = Math.hypot(va! * c + vc! * d, vb! * c + vd! * d) || Math.hypot(a, b) || item.height || 10;
    return [{ item, font: item.fontName, str: item.str, width: item.width, size }];
  });
  const scales = fontScales(runs);
  const items: PdfTextItem[] = [];
  for (const { item, font, size: stated } of runs) {
    const [, , , , x = 0, y = 0] = item.transform as number[];
    // A font seen only in runs too short to measure it is sized from the run itself, by the same test.
    const own = item.str.trim() && item.width > 0 && item.width / item.str.length < stated / 8 ? (2 * item.width) / item.str.length : stated;
    const size = scales.has(font) ? stated * scales.get(font)! : own;
    // The origin through the viewport matrix (y down), then y flipped up.
    const shownX = va! * x + vc! * y + ve!;
    const shownY = viewport.height - (vb! * x + vd! * y + vf!);
    items.push({ str: item.str, x: shownX, y: shownY, width: item.width, size, hasEOL: item.hasEOL });
  }
  return items;
}

/**
 * Each font's factor from its runs' stated size to the size drawn. pdf.js leaves a Type 3 font's
 * own matrix out of the run's matrix (dvips bitmap fonts: every run "240 pt" while its letters
 * advance 5 points each), so title and body read the same size and lines 100 points apart are
 * taken for one. A letter advances about half an em in any text face: a font whose runs' letters
 * advance (median) under an eighth of their stated size is scaled by what they do advance. One
 * factor per font, so that its runs keep their true proportions to each other.
 */
export function fontScales(runs: { font: string; str: string; width: number; size: number }[]): Map<string, number> {
  const ratios = new Map<string, number[]>();
  for (const run of runs) {
    if (run.str.trim().length < 3 || run.width <= 0 || run.size <= 0) continue;
    const list = ratios.get(run.font) ?? [];
    list.push(run.width / run.str.length / run.size);
    ratios.set(run.font, list);
  }
  const scales = new Map<string, number>();
  for (const [font, list] of ratios) {
    const median = [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)]!;
    if (median < 1 / 8) scales.set(font, median * 2);
  }
  return scales;
}

/** Whether the page draws a raster image (a scan is one); a blank or vector-only page has nothing to OCR. */
async function paintsImage(page: PDFPageProxy): Promise<boolean> {
  const { OPS } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const images = new Set<number>([
    OPS.paintImageXObject,
    OPS.paintInlineImageXObject,
    OPS.paintImageMaskXObject,
    OPS.paintImageXObjectRepeat,
    OPS.paintInlineImageXObjectGroup,
  ]);
  const list = await page.getOperatorList();
  return list.fnArray.some((fn) => images.has(fn));
}

/**
 * OCRs the listed pages in batches of the pool's size (render one batch while nothing else is held
 * in memory, recognise it in parallel), reporting each page with an ETA from the pace so far.
 */
async function recognise(doc: Awaited<ReturnType<typeof openPdf>>["doc"], pages: PdfPage[], numbers: number[], name: string, options: ReadPdfOptions): Promise<void> {
  const { signal } = options;
  const pool = await OcrPool.start(options.workers ?? poolSize(numbers.length));
  const started = Date.now();
  let done = 0;
  try {
    for (let i = 0; i < numbers.length; i += pool.size) {
      if (signal?.aborted) throw cancelled(name);
      const batch = numbers.slice(i, i + pool.size);
      const rendered = [];
      for (const number of batch) {
        const page = await doc.getPage(number);
        try {
          rendered.push({ number, image: await renderPdfPage(page, OCR_DPI, { binarise: "noisy", deskew: options.deskew !== false }) });
        } catch (error) {
          throw new ScriptoriumError("bad_request", `${name}: page ${number} cannot be drawn for OCR (${pdfErrorMessage(error)}); the file looks corrupt.`, { file: name, page: number });
        } finally {
          page.cleanup();
        }
      }
      await Promise.all(
        rendered.map(async ({ number, image }) => {
          let result: OcrResult;
          try {
            result = await pool.recognize(image.png, signal);
          } catch (error) {
            if (signal?.aborted || (error instanceof ScriptoriumError && error.code === "aborted")) throw cancelled(name);
            throw error;
          }
          const target = pages[number - 1]!;
          applyOcr(target, result, image);
          done++;
          const elapsed = (Date.now() - started) / 1000;
          options.onOcrProgress?.({ done, total: numbers.length, page: number, etaSeconds: Math.round((elapsed / done) * (numbers.length - done)) });
        }),
      );
    }
  } finally {
    await pool.close();
  }
}

/**
 * Replaces a page's (thin) text layer with the recognised lines when OCR found more text: each
 * line becomes one item at its box, in PDF points, so layout orders columns as for a text PDF.
 * On a straightened page the items keep the straight image's coordinates (a line's pieces share a
 * baseline, so layout and table rows work), while the line boxes, which the page view draws over
 * the file's own (crooked) page, are turned back onto it.
 */
export function applyOcr(page: PdfPage, result: OcrResult, image: Pick<RenderedPage, "scale" | "skew" | "width" | "height">): void {
  const { scale } = image;
  const layerChars = page.items.reduce((sum, item) => sum + item.str.trim().length, 0);
  const ocrChars = result.lines.reduce((sum, line) => sum + line.text.length, 0);
  if (ocrChars <= layerChars) return;
  const straight = result.lines.map((line) => ({ x0: line.box.x0 / scale, y0: line.box.y0 / scale, x1: line.box.x1 / scale, y1: line.box.y1 / scale }));
  const lines: OcrLineBox[] = result.lines.map((line, i) => ({
    text: line.text,
    confidence: line.confidence,
    ...turnBack(line.box, image),
  }));
  // Each piece sits on its printed line's baseline (PDF space counts y from the bottom), so the
  // cells of a table row read as one line however tesseract grouped them; size is the words' height.
  page.items = result.lines.map((line, i) => ({
    str: line.text,
    x: straight[i]!.x0,
    y: page.height - line.baseline / scale,
    width: straight[i]!.x1 - straight[i]!.x0,
    size: Math.max(1, line.wordHeight / scale),
    hasEOL: true,
  }));
  page.ocr = { confidence: result.confidence, lines, skew: image.skew };
}

/**
 * A box of the straightened image on the page as drawn, in PDF points: its centre turned back by
 * the skew about the image centre (the inverse of the straightening turn), its size kept, which
 * for the few degrees straightened covers the line.
 */
function turnBack(box: OcrLine["box"], image: Pick<RenderedPage, "scale" | "skew" | "width" | "height">): Omit<OcrLineBox, "text" | "confidence"> {
  const radians = (image.skew * Math.PI) / 180;
  const dx = (box.x0 + box.x1) / 2 - image.width / 2;
  const dy = (box.y0 + box.y1) / 2 - image.height / 2;
  const cx = image.width / 2 + dx * Math.cos(radians) - dy * Math.sin(radians);
  const cy = image.height / 2 + dx * Math.sin(radians) + dy * Math.cos(radians);
  const [halfWidth, halfHeight] = [(box.x1 - box.x0) / 2, (box.y1 - box.y0) / 2];
  return { x0: (cx - halfWidth) / image.scale, y0: (cy - halfHeight) / image.scale, x1: (cx + halfWidth) / image.scale, y1: (cy + halfHeight) / image.scale };
}

function cancelled(name: string): ScriptoriumError {
  return new ScriptoriumError("aborted", `Import of ${name} was cancelled.`);
}
