import path from "node:path";
import mammoth from "mammoth";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { checkZipBudget } from "../../../io/checkZipBudget.js";
import { htmlToMarkdown } from "../../../knowledge/ingest/htmlToMarkdown.js";
import { readOfficeDocument } from "../../../knowledge/ingest/office/readOfficeDocument.js";
import { DOCX_PAGE_BREAK_STYLE, markHtmlPageBreaks, paginateLines, tokensToFormFeeds } from "./paperPages.js";
import { linesFromLayout, linesFromMarkdown, type PaperLine } from "./parsePaper.js";
import type { OcrLineBox, OcrProgress } from "../../../io/pdf/readPdfPages.js";
import { readPdfLayout } from "./readPdfLayout.js";
import { readPdfPaperMetadata, type PdfPaperMetadata } from "./pdfMetadata.js";

export const PAPER_KINDS = {
  pdf: "pdf",
  docx: "docx",
  md: "markdown",
  markdown: "markdown",
  txt: "text",
  text: "text",
  html: "html",
  htm: "html",
  pptx: "pptx",
  xlsx: "xlsx",
  odt: "odt",
  epub: "epub",
} as const;
export type PaperKind = (typeof PAPER_KINDS)[keyof typeof PAPER_KINDS];

/** The file's kind by extension, or a `bad_request` naming the file and the supported kinds. */
export function paperKind(filePath: string): PaperKind {
  const extension = path.extname(filePath).slice(1).toLowerCase();
  const kind = (PAPER_KINDS as Record<string, PaperKind>)[extension];
  if (!kind) {
    throw new ScriptoriumError(
      "bad_request",
      `${path.basename(filePath)}: unsupported paper format; import PDF, DOCX, ODT, PPTX, XLSX, EPUB, Markdown, text or HTML.`,
      {
        file: path.basename(filePath),
      },
    );
  }
  return kind;
}

/**
 * A paper file's lines in reading order. PDFs keep their pages. The other formats have no page
 * geometry: their own page breaks (form feed, DOCX page break, HTML page-break styles) make pages,
 * else fixed-size pages are cut (paperPages.ts); headings come from markdown `#`, HTML `<h1…>` or DOCX styles.
 * A slide (PPTX), a sheet (XLSX), a spine document (EPUB) or an ODT page break is a page.
 * A PDF also gives its metadata: the first page's layout with its info dictionary and XMP (pdfMetadata.ts).
 */
export async function readPaperLines(
  filePath: string,
  data: Buffer,
  options: { signal?: AbortSignal; onOcrProgress?: (progress: OcrProgress) => void } = {},
): Promise<{
  kind: PaperKind;
  lines: PaperLine[];
  ocr?: Map<number, { confidence: number; lines: OcrLineBox[] }>;
  title?: string;
  pdfMetadata?: PdfPaperMetadata;
}> {
  const kind = paperKind(filePath);
  const name = path.basename(filePath);
  switch (kind) {
    case "pdf": {
      const layout = await readPdfLayout(data, filePath, options);
      const ocr = new Map(layout.flatMap((page) => (page.ocr ? [[page.page, page.ocr] as const] : [])));
      // A blank or image-only first page (a cover, a scan's empty verso) is not the title page.
      const pdfMetadata = await readPdfPaperMetadata(
        data,
        filePath,
        layout.slice(0, 3).find((page) => page.lines.length > 0),
      );
      return { kind, lines: linesFromLayout(layout), pdfMetadata, ...(ocr.size > 0 ? { ocr } : {}) };
    }
    case "markdown":
    case "text":
      return { kind, lines: paginateLines(linesFromMarkdown(decode(data))) };
    case "html":
      return { kind, lines: paginateLines(linesFromMarkdown(tokensToFormFeeds(htmlToMarkdown(markHtmlPageBreaks(decode(data)))))) };
    case "pptx":
    case "xlsx":
    case "odt":
    case "epub": {
      const document = await readOfficeDocument(kind, data, filePath);
      return { kind, lines: paginateLines(linesFromMarkdown(document.pages.join("\n\f\n"))), ...(document.title ? { title: document.title } : {}) };
    }
    case "docx": {
      let html: string;
      // A zip bomb is refused before mammoth inflates it.
      checkZipBudget(data, name);
      try {
        html = (await mammoth.convertToHtml({ buffer: data }, { styleMap: [DOCX_PAGE_BREAK_STYLE] })).value;
      } catch (error) {
        throw new ScriptoriumError(
          "bad_request",
          `${name}: not a readable DOCX file (${error instanceof Error ? error.message.slice(0, 200) : String(error)}).`,
          { file: name },
        );
      }
      return { kind, lines: paginateLines(linesFromMarkdown(tokensToFormFeeds(htmlToMarkdown(markHtmlPageBreaks(html))))) };
    }
  }
}

function decode(data: Buffer): string {
  return new TextDecoder("utf-8").decode(data).replace(/^\uFEFF/, "");
}
