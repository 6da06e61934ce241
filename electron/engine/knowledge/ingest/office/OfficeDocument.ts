/**
 * A packaged office or e-book file read as Markdown: one entry per page the format itself has —
 * a PPTX slide, an XLSX sheet, an EPUB spine document, an ODT page break — so a citation can name
 * where a passage sits, as a PDF page does.
 */
export interface OfficeDocument {
  /** The title the file declares (docProps, OPF, meta.xml), or null. */
  title: string | null;
  /** Markdown of each page, in reading order; empty pages are kept so numbering matches the file. */
  pages: string[];
}
