import path from "node:path";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { layoutPage, stripRunningLines, type PageLayout, type PositionedItem } from "./pdfLayout.js";

/** Pages a PDF may have: work and memory grow with each page read, so a longer file is refused up front. */
export const MAX_PDF_PAGES = 1000;

/**
 * Reads a PDF's pages as ordered lines (pdfjs-dist legacy build, no eval, no system fonts).
 * Every failure names the file: encrypted (password), corrupt, no pages, or no text layer (a scan).
 */
export async function readPdfLayout(data: Uint8Array, fileName: string, signal?: AbortSignal): Promise<PageLayout[]> {
  const name = path.basename(fileName);
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // pdf.js takes ownership of (detaches) the buffer: give it a copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    let doc;
    try {
      doc = await task.promise;
    } catch (error) {
      throw openError(error, name);
    }
    if (doc.numPages === 0) throw new ScriptoriumError("bad_request", `${name}: the PDF has no pages.`, { file: name });
    if (doc.numPages > MAX_PDF_PAGES) {
      throw new ScriptoriumError("bad_request", `${name}: the PDF has ${doc.numPages} pages; at most ${MAX_PDF_PAGES} are imported — split it and import the parts.`, { file: name, pages: doc.numPages, limit: MAX_PDF_PAGES, reason: "too_large" });
    }
    const pages: PageLayout[] = [];
    for (let number = 1; number <= doc.numPages; number++) {
      if (signal?.aborted) throw new ScriptoriumError("aborted", `Import of ${name} was cancelled.`);
      let page;
      let content;
      try {
        page = await doc.getPage(number);
        content = await page.getTextContent();
      } catch (error) {
        throw new ScriptoriumError("bad_request", `${name}: page ${number} cannot be read (${message(error)}); the file looks corrupt.`, { file: name, page: number });
      }
      const viewport = page.getViewport({ scale: 1 });
      const items: PositionedItem[] = [];
      for (const item of content.items) {
        if (!("str" in item) || !item.str) continue;
        const [a, b, c, d, x, y] = item.transform as number[];
        const size = Math.hypot(c ?? 0, d ?? 0) || Math.hypot(a ?? 0, b ?? 0) || item.height || 10;
        items.push({ str: item.str, x: x ?? 0, y: y ?? 0, width: item.width, size });
      }
      pages.push({ page: number, width: viewport.width, height: viewport.height, lines: layoutPage(items, viewport.width) });
      page.cleanup();
    }
    const characters = pages.reduce((sum, page) => sum + page.lines.reduce((s, line) => s + line.text.length, 0), 0);
    // A scan has images and no text; a few stray characters (a page stamp) do not make a text layer.
    if (characters < 20 * Math.min(pages.length, 3)) {
      throw new ScriptoriumError(
        "bad_request",
        `${name}: the PDF has no text layer (a scanned document?). Run OCR on it first, then import the result.`,
        { file: name, pages: pages.length },
      );
    }
    return stripRunningLines(pages);
  } finally {
    await task.destroy();
  }
}

function openError(error: unknown, name: string): ScriptoriumError {
  const kind = error instanceof Error ? error.name : "";
  if (kind === "PasswordException") {
    return new ScriptoriumError("bad_request", `${name}: the PDF is encrypted (password protected); remove the protection and import it again.`, { file: name, reason: "encrypted" });
  }
  return new ScriptoriumError("bad_request", `${name}: not a readable PDF (${message(error)}).`, { file: name, reason: "corrupt" });
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
