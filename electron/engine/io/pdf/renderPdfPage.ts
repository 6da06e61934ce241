import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api.js";

/** Resolution OCR reads pages at: below ~200 DPI tesseract loses small print and CJK strokes. */
export const OCR_DPI = 200;

export interface RenderedPage {
  /** PNG of the page on white. */
  png: Buffer;
  /** Pixels per PDF point (DPI / 72): divides image coordinates back into page coordinates. */
  scale: number;
  width: number;
  height: number;
}

/**
 * Draws a PDF page the way a reader sees it (pdf.js onto an `@napi-rs/canvas`), so OCR reads the
 * whole page — text drawn as images, vectors and overlays included — instead of pulling one
 * embedded image out at whatever resolution it was stored.
 */
export async function renderPdfPage(page: PDFPageProxy, dpi = OCR_DPI): Promise<RenderedPage> {
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
  return { png: canvas.toBuffer("image/png"), scale, width: canvas.width, height: canvas.height };
}
