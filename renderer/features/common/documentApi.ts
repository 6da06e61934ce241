import type { MethodInput, MethodOutput, ScriptoriumApi } from "../../../shared/api.js";

/**
 * The document methods of the contract, in one place: every workflow that produces a document
 * (article, doc generator, deep-read report) lists, reads, restores and exports its versions
 * through these, so the pane never names a workflow.
 */
export type DocumentVersion = MethodOutput<"article.versions">["versions"][number];
export type ExportFormat = MethodInput<"article.export">["format"];
export type ExportedFile = MethodOutput<"article.export">;

export const documentApi = {
  versions: (api: ScriptoriumApi, sessionId: string) => api.call("article.versions", { sessionId }).then((r) => r.versions),
  version: (api: ScriptoriumApi, sessionId: string, number: number) => api.call("article.version", { sessionId, number }),
  restore: (api: ScriptoriumApi, sessionId: string, number: number) => api.call("article.restore", { sessionId, number }),
  export: (api: ScriptoriumApi, sessionId: string, format: ExportFormat, number: number | null) =>
    api.call("article.export", number === null ? { sessionId, format } : { sessionId, format, number }),
};
