import path from "node:path";
import { epubToMarkdown } from "./epubToMarkdown.js";
import type { OfficeDocument } from "./OfficeDocument.js";
import { odtToMarkdown } from "./odtToMarkdown.js";
import { pptxToMarkdown } from "./pptxToMarkdown.js";
import { xlsxToMarkdown } from "./xlsxToMarkdown.js";

/** The zip-packaged formats read as Markdown pages, by extension. */
export const OFFICE_READERS = {
  pptx: pptxToMarkdown,
  xlsx: xlsxToMarkdown,
  odt: odtToMarkdown,
  epub: epubToMarkdown,
} as const satisfies Record<string, (data: Buffer, name: string) => Promise<OfficeDocument>>;

export type OfficeKind = keyof typeof OFFICE_READERS;

export function officeKind(filePath: string): OfficeKind | undefined {
  const extension = path.extname(filePath).slice(1).toLowerCase();
  return Object.hasOwn(OFFICE_READERS, extension) ? (extension as OfficeKind) : undefined;
}

/** Reads a PPTX, XLSX, ODT or EPUB file; a file that is not one is a `bad_request` naming it. */
export function readOfficeDocument(kind: OfficeKind, data: Buffer, filePath: string): Promise<OfficeDocument> {
  return OFFICE_READERS[kind](data, path.basename(filePath));
}
