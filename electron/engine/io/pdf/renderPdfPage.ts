import type { Canvas } from "@napi-rs/canvas";
import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api.js";
import { NOISY_SCAN, binarise, scanNoise } from "../ocr/binarise.js";
import { MIN_SKEW_DEGREES, skewAngle } from "../ocr/skewAngle.js";

/**
 * Resolution OCR reads pages at. Below ~200 DPI tesseract loses small print and CJK strokes; a
 * 150–200 DPI office scan drawn at 300 DPI (pdf.js interpolates the image) keeps the points of
 * small decimals that tesseract dropped at 200 ("83.5" read as "835").
 */
export const OCR_DPI = 300;

export interface RenderedPage {
  /** PNG of the page on white. */
  png: Buffer;
  /** Pixels per PDF point (DPI / 72): divides image coordinates back into page coordinates. */
  scale: number;
  width: number;
  height: number;
  /**
   * Degrees the page was turned by to straighten it (`deskew`), about the image centre; 0 when it
   * was not. Positive: the scan's lines descended to the right and were turned back.
   */
  skew: number;
}

export interface RenderOptions {
  /** Black and white at Otsu's threshold; `"noisy"` only when the page shows a grey scan's halo. */
  binarise?: boolean | "noisy";
  /** Straighten a crooked scan (projection-profile skew of at least MIN_SKEW_DEGREES). */
  deskew?: boolean;
}

/**
 * Draws a PDF page the way a reader sees it (pdf.js onto an `@napi-rs/canvas`), so OCR reads the
 * whole page — text drawn as images, vectors and overlays included — instead of pulling one
 * embedded image out at whatever resolution it was stored. `binarise` turns the page into black
 * and white at Otsu's threshold, for OCR of grey scans; `"noisy"` does so only when the drawn page
 * shows a noisy scan's faint halo (`scanNoise` above `NOISY_SCAN`), since binarising a clean scan
 * costs tesseract characters it reads right from the grey edges. `deskew` turns a page scanned
 * crooked straight first: tesseract reads a skewed page's lines less well, and its boxes of a skewed
 * table row do not share a baseline, which breaks rows into lines.
 */
export async function renderPdfPage(page: PDFPageProxy, dpi = OCR_DPI, options: RenderOptions = {}): Promise<RenderedPage> {
  const { createCanvas } = await import("@napi-rs/canvas");
  const scale = dpi / 72;
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js types the context as the DOM's; @napi-rs/canvas implements the same 2D API.
  const canvasContext = context as unknown as Parameters<PDFPageProxy["render"]>[0]["canvasContext"];
  await page.render({ canvasContext, viewport }).promise;
  let skew = 0;
  if (options.deskew) {
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    const angle = skewAngle(pixels.data, canvas.width, canvas.height);
    if (Math.abs(angle) >= MIN_SKEW_DEGREES) {
      skew = angle;
      turn(canvas, -angle, createCanvas(canvas.width, canvas.height));
    }
  }
  if (options.binarise) {
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    if (options.binarise === true || scanNoise(pixels.data) > NOISY_SCAN) {
      binarise(pixels.data);
      context.putImageData(pixels, 0, 0);
    }
  }
  return { png: canvas.toBuffer("image/png"), scale, width: canvas.width, height: canvas.height, skew };
}

/** Turns the canvas's picture by `degrees` (clockwise on screen) about its centre, on white, same size. */
function turn(canvas: Canvas, degrees: number, copy: Canvas): void {
  copy.getContext("2d").drawImage(canvas, 0, 0);
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.save();
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((degrees * Math.PI) / 180);
  context.drawImage(copy, -canvas.width / 2, -canvas.height / 2);
  context.restore();
}
