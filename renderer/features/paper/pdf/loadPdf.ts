import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from "pdfjs-dist";
// The worker is bundled by vite as a file of the app (script-src 'self'): nothing is fetched from outside.
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

GlobalWorkerOptions.workerSrc = workerUrl;

/** Opens a PDF from its base64 bytes (as `paper.pageView` returns them) with pdf.js. */
export function loadPdf(base64: string): Promise<PDFDocumentProxy> {
  const binary = atob(base64);
  const data = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
  // No eval (the pages run under a strict CSP), no font or CMap fetches beyond what the PDF embeds.
  return getDocument({ data, isEvalSupported: false, useSystemFonts: true, disableFontFace: false }).promise;
}
