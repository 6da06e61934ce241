import path from "node:path";
import mammoth from "mammoth";
import { ScriptoriumError } from "../../../../shared/errors.js";
import { checkZipBudget } from "../../io/checkZipBudget.js";
import { pageText, readPdfPages } from "../../io/pdf/readPdfPages.js";
import { chunkCode, CODE_LANGUAGES } from "./chunkCode.js";
import { chunkMarkdown } from "./chunkMarkdown.js";
import { chunkPlainText } from "./chunkPlainText.js";
import { htmlToMarkdown } from "./htmlToMarkdown.js";
import { OFFICE_READERS, readOfficeDocument, type OfficeKind } from "./office/readOfficeDocument.js";
import type { RawChunk } from "./RawChunk.js";

export type DocumentKind = "markdown" | "text" | "pdf" | "docx" | "html" | "code" | OfficeKind;

const KIND_BY_EXTENSION: Record<string, DocumentKind> = {
  md: "markdown", markdown: "markdown", mdx: "markdown",
  txt: "text", text: "text", rst: "text", csv: "text", log: "text",
  pdf: "pdf", docx: "docx", html: "html", htm: "html", xhtml: "html",
  ...Object.fromEntries(Object.keys(OFFICE_READERS).map((kind) => [kind, kind as OfficeKind])),
};

/** The kind a file is ingested as, or undefined for files the ingestor skips. */
export function documentKind(filePath: string): DocumentKind | undefined {
  const extension = path.extname(filePath).slice(1).toLowerCase();
  return KIND_BY_EXTENSION[extension] ?? (CODE_LANGUAGES[extension] ? "code" : undefined);
}

/**
 * Turns one file's bytes into chunks, by kind. `displayPath` (relative to the ingested folder when
 * there is one) is what code chunks name.
 */
export async function loadDocument(
  filePath: string,
  data: Buffer,
  options: { displayPath?: string; signal?: AbortSignal } = {},
): Promise<{ kind: DocumentKind; chunks: RawChunk[] }> {
  const kind = documentKind(filePath);
  if (!kind) throw new ScriptoriumError("bad_request", `Unsupported file type: ${filePath}`);
  switch (kind) {
    case "markdown":
      return { kind, chunks: await chunkMarkdown(decodeText(data)) };
    case "text":
      return { kind, chunks: await chunkPlainText(decodeText(data)) };
    case "html":
      return { kind, chunks: withoutLines(await chunkMarkdown(htmlToMarkdown(decodeText(data)))) };
    case "docx": {
      // A zip bomb is refused before mammoth inflates it.
      checkZipBudget(data, path.basename(filePath));
      const { value } = await mammoth.convertToHtml({ buffer: data });
      return { kind, chunks: withoutLines(await chunkMarkdown(htmlToMarkdown(value))) };
    }
    case "pdf": {
      // The same reader as the paper library: scanned pages are OCR'd.
      const pages = await readPdfPages(data, filePath, options.signal ? { signal: options.signal } : {});
      const chunks: RawChunk[] = [];
      for (const page of pages) {
        const text = pageText(page);
        if (text) chunks.push(...(await chunkPlainText(text, { page: page.page })));
      }
      return { kind, chunks };
    }
    case "pptx":
    case "xlsx":
    case "odt":
    case "epub": {
      // A slide, a sheet, a book's chapter or a page break of the file is the chunk's page.
      const { pages } = await readOfficeDocument(kind, data, filePath);
      const chunks: RawChunk[] = [];
      for (const [index, page] of pages.entries()) {
        for (const chunk of withoutLines(await chunkMarkdown(page))) chunks.push({ ...chunk, page: pages.length > 1 ? index + 1 : null });
      }
      return { kind, chunks };
    }
    case "code": {
      const extension = path.extname(filePath).slice(1).toLowerCase();
      const language = CODE_LANGUAGES[extension] ?? extension;
      return { kind, chunks: chunkCode(decodeText(data), options.displayPath ?? path.basename(filePath), language) };
    }
  }
}

/** Lines of the intermediate markdown mean nothing to a reader of the HTML or DOCX file. */
function withoutLines(chunks: RawChunk[]): RawChunk[] {
  return chunks.map((chunk) => ({ ...chunk, lineStart: null, lineEnd: null }));
}

/** UTF-8 with the BOM dropped; invalid bytes become U+FFFD rather than failing the file. */
function decodeText(data: Buffer): string {
  return new TextDecoder("utf-8").decode(data).replace(/^\uFEFF/, "");
}
