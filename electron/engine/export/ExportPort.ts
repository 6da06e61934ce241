import type { MethodOutput } from "../../../shared/api.js";
import type { DraftVersion } from "../../../shared/documents.js";

/** What the exporter receives: the engine resolves the session and the version first. */
export interface ExportRequest {
  sessionId: string;
  format: "markdown" | "html" | "docx";
  /** The session's title (article: the working title). */
  title: string;
  version: DraftVersion;
  markdown: string;
  /** The reference list in this citation style instead of the plain list. */
  referenceStyle?: "gb-t-7714" | "apa";
  /** With `referenceStyle`: lay every entry out in this language instead of each in its own. */
  referenceLocale?: "zh" | "en";
}

export interface ExportPort {
  export(request: ExportRequest): Promise<MethodOutput<"documents.export">>;
  dispose?(): Promise<void> | void;
}
