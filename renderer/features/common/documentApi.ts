import type { MethodInput, MethodOutput, ScriptoriumApi } from "../../../shared/api.js";

/**
 * The contract's `documents.*` methods, in one place: every workflow that produces a document
 * (article, doc generator, deep-read report) lists, reads, restores, edits and exports its
 * versions through these, so the pane never names a workflow.
 */
export type DocumentVersion = MethodOutput<"documents.versions">["versions"][number];
export type ExportFormat = MethodInput<"documents.export">["format"];
export type ExportedFile = MethodOutput<"documents.export">;

export const documentApi = {
  versions: (api: ScriptoriumApi, sessionId: string) => api.call("documents.versions", { sessionId }).then((r) => r.versions),
  version: (api: ScriptoriumApi, sessionId: string, number: number) => api.call("documents.version", { sessionId, number }),
  restore: (api: ScriptoriumApi, sessionId: string, number: number) => api.call("documents.restore", { sessionId, number }),
  /** Stores a hand edit (an accepted selection rewrite) as a new version that becomes the current draft. */
  edit: (api: ScriptoriumApi, sessionId: string, markdown: string) => api.call("documents.edit", { sessionId, markdown }),
  /** `references`: the reference list's style (GB/T 7714 / APA); none gives the plain list. */
  export: (api: ScriptoriumApi, sessionId: string, format: ExportFormat, number: number | null, references: Pick<MethodInput<"documents.export">, "referenceStyle" | "referenceLocale" | "template" | "locale"> = {}) =>
    api.call("documents.export", { sessionId, format, ...(number === null ? {} : { number }), ...references }),
};
