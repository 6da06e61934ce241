import path from "node:path";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { readPdfPages, type ReadPdfOptions } from "../../../io/pdf/readPdfPages.js";
import { restoreEquationNumbers } from "./ocrEquationNumbers.js";
import { layoutPage, stripRunningLines, type PageLayout } from "./pdfLayout.js";

export { MAX_PDF_PAGES } from "../../../io/pdf/openPdf.js";

/**
 * Reads a PDF's pages as ordered lines (io/pdf/readPdfPages: text layer, OCR where a page has
 * none). Every failure names the file: encrypted, corrupt, no pages, or no text at all — neither
 * a text layer nor anything OCR could read.
 */
export async function readPdfLayout(data: Uint8Array, fileName: string, options: ReadPdfOptions = {}): Promise<PageLayout[]> {
  const name = path.basename(fileName);
  const read = await readPdfPages(data, fileName, options);
  const pages: PageLayout[] = read.map((page) => ({
    page: page.page,
    width: page.width,
    height: page.height,
    lines: page.ocr ? restoreEquationNumbers(layoutPage(page.items, page.width)) : layoutPage(page.items, page.width),
    ...(page.ocr ? { ocr: page.ocr } : {}),
  }));
  const characters = pages.reduce((sum, page) => sum + page.lines.reduce((s, line) => s + line.text.length, 0), 0);
  // A few stray characters (a page stamp) do not make a text layer.
  if (characters < 20 * Math.min(pages.length, 3)) {
    throw new ScriptoriumError(
      "bad_request",
      `${name}: the PDF has no text layer, and OCR found no text on its pages (is it blank, or a drawing?).`,
      { file: name, pages: pages.length },
    );
  }
  return stripRunningLines(pages);
}
