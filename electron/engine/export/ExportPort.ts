import type { MethodOutput } from "../../../shared/api.js";
import type { ExportDocument, RenderOptions } from "./ExportDocument.js";

export type { RenderOptions } from "./ExportDocument.js";

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
