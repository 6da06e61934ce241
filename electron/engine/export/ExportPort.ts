import type { MethodOutput } from "../../../shared/api.js";
import type { ExportDocument, ExportRevisions } from "./ExportDocument.js";

export const EXPORT_FORMAT_NAMES = ["markdown", "html", "docx", "pdf"] as const;
export type ExportFormatName = (typeof EXPORT_FORMAT_NAMES)[number];

export interface RenderOptions {
  format: ExportFormatName;
  /** `default`, `gb-t-9704`, or the path of a user's reference `.docx` (DOCX: its styles; PDF: the default layout). */
  template?: string;
  /** DOCX only: render as tracked changes from `revisions.original`. */
  revisions?: ExportRevisions;
  /** Appended to the file name before the extension (`-v3`, `-v1-v3-tracked`). */
  suffix?: string;
}

/** The renderer behind `documents.export`: an ExportDocument in, a file out. */
export interface ExportPort {
  render(document: ExportDocument, options: RenderOptions): Promise<MethodOutput<"documents.export">>;
  dispose?(): Promise<void> | void;
}

/**
 * The renderer, imported on the first export: docx, PDFKit and the unified/rehype pipeline are a
 * second of start-up that only exports need.
 */
export function lazyRenderer(): ExportPort {
  let loaded: Promise<typeof import("./renderDocument.js")> | null = null;
  return {
    async render(document, options) {
      loaded ??= import("./renderDocument.js");
      return (await loaded).renderDocument(document, options);
    },
  };
}
