import type { Replacement } from "./trackedChangeList.js";

export type { Replacement } from "./trackedChangeList.js";

/**
 * What every export renders, whatever workflow made it. A workflow's export hook builds it from
 * a session (its title, its version, its citations resolved to notes and a reference list); the
 * renderer turns it into Markdown, HTML, DOCX or PDF without knowing the workflow.
 */
export interface ExportDocument {
  /** The document's title: the first line of every format, and the file name's start. */
  title: string;
  /** The body as written, citations as the writer wrote them: the Markdown export. */
  markdown: string;
  /** The body with its citations as GFM footnotes (`[^id]` + definitions), for HTML, DOCX (Word footnotes) and PDF. */
  noted?: string;
  /** The reference list, a markdown section (`## 参考文献` …) appended after the body in every format. */
  references?: string;
  locale: "zh" | "en";
  /** The file name without extension (made safe for every file system by the renderer). */
  fileName: string;
}

/** A tracked export: the document is rendered as the revision of `original`, one comment per explained change. */
export interface ExportRevisions {
  original: ExportDocument;
  replacements: readonly Replacement[];
  /** Time stamped on every revision; default now. */
  date?: Date;
}

export interface RenderOptions {
  format: "markdown" | "html" | "docx" | "pdf";
  /** `default`, `gb-t-9704`, or the path of a user's reference `.docx` (DOCX: its styles; PDF: the default layout). */
  template?: string;
  /** DOCX only: render as tracked changes from `revisions.original`. */
  revisions?: ExportRevisions;
  /** Appended to the file name before the extension (`-v3`, `-v1-v3-tracked`). */
  suffix?: string;
}

/** What a workflow's export hook is given: the session and the version the user asked for. */
export interface ExportSource {
  sessionId: string;
  /** The session's title (for some workflows the user's intent sentence: not a document title). */
  sessionTitle: string;
  values: Record<string, unknown>;
  /** The stored version; null for a workflow whose document lives in its state (`versionless`). */
  version: { number: number; markdown: string } | null;
  referenceStyle?: "gb-t-7714" | "gb-t-7714-author-date" | "apa";
  referenceLocale?: "zh" | "en";
  /** The language of the export's own words (note and reference headings, labels): the user's UI language; default the text's. */
  locale?: "zh" | "en";
}
