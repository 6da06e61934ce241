import { createRequire } from "node:module";
import path from "node:path";
import type { PDFDocumentProxy } from "pdfjs-dist/types/src/display/api.js";
import { ScriptoriumError } from "../../../../shared/errors.js";

/** Pages a PDF may have: work and memory grow with each page read, so a longer file is refused up front. */
export const MAX_PDF_PAGES = 1000;

export interface OpenedPdf {
  doc: PDFDocumentProxy;
  /** Frees pdf.js's worker-side state; always call it (finally). */
  close(): Promise<void>;
}

/**
 * pdf.js's font data directories. Rendering a page (for OCR) needs the standard 14 fonts, which
 * most PDFs reference without embedding, and the CMaps of CJK fonts; both ship inside pdfjs-dist,
 * so nothing is fetched.
 */
function pdfjsDataDirs(): { standardFontDataUrl: string; cMapUrl: string } {
  const root = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
  return { standardFontDataUrl: path.join(root, "standard_fonts") + path.sep, cMapUrl: path.join(root, "cmaps") + path.sep };
}

/**
 * The one way the engine opens a PDF (paper library and knowledge base alike): pdfjs-dist's legacy
 * build (the modern one needs browser globals), no `eval`, no system fonts, strict parsing. Every
 * failure names the file: encrypted (password), corrupt, no pages, or too many pages.
 */
export async function openPdf(data: Uint8Array, fileName: string): Promise<OpenedPdf> {
  const name = path.basename(fileName);
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  // pdf.js takes ownership of (detaches) the buffer: give it a copy.
  const task = pdfjs.getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    cMapPacked: true,
    ...pdfjsDataDirs(),
    verbosity: 0,
  });
  const close = () => task.destroy();
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    await close();
    throw openError(error, name);
  }
  if (doc.numPages === 0 || doc.numPages > MAX_PDF_PAGES) {
    await close();
    if (doc.numPages === 0) throw new ScriptoriumError("bad_request", `${name}: the PDF has no pages.`, { file: name });
    throw new ScriptoriumError("bad_request", `${name}: the PDF has ${doc.numPages} pages; at most ${MAX_PDF_PAGES} are imported — split it and import the parts.`, { file: name, pages: doc.numPages, limit: MAX_PDF_PAGES, reason: "too_large" });
  }
  return { doc, close };
}

function openError(error: unknown, name: string): ScriptoriumError {
  const kind = error instanceof Error ? error.name : "";
  if (kind === "PasswordException") {
    return new ScriptoriumError("bad_request", `${name}: the PDF is encrypted (password protected); remove the protection and import it again.`, { file: name, reason: "encrypted" });
  }
  return new ScriptoriumError("bad_request", `${name}: not a readable PDF (${pdfErrorMessage(error)}).`, { file: name, reason: "corrupt" });
}

export function pdfErrorMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 200);
}
