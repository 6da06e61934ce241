import { useState } from "react";
import { useApp, useT } from "../store/StoreProvider.js";
import type { DropKind, DroppedFile } from "./dropImport.js";
import type { ImportReport } from "../../shared/knowledge.js";
import { uploadFile } from "../transport/uploadFile.js";
import { featureDropTargets } from "./featureDropTargets.js";

/**
 * The import of dropped files, each by its kind: the features' imports (papers …), notes and style
 * guides into the knowledge base (library / rules), GGUF models. `done` is the toast's message.
 */
export function useDropImportRun() {
  const t = useT();
  const api = useApp((s) => s.api);
  const pushError = useApp((s) => s.pushError);
  const importModel = useApp((s) => s.importModel);
  const refreshSources = useApp((s) => s.refreshSources);
  // The import's per-file report shows in the knowledge panel, like an import started there.
  const trackKnowledgeTask = useApp((s) => s.trackKnowledgeTask);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // Per-file reports of the imports that answer with one (the paper library's).
  const [reports, setReports] = useState<ImportReport[]>([]);

  /** Imports `files`; `onImported` closes their dialog once every file was handed to its import. */
  const run = async (files: DroppedFile[], onImported: () => void) => {
    setBusy(true);
    try {
      // Uploaded first (browser mode), so every kind's import reads a path on the server.
      const located = await Promise.all(files.map(async (f) => (f.file ? { ...f, path: (await uploadFile(f.file)).path } : f)));
      const of = (kind: DropKind) => located.filter((f) => f.kind === kind).map((f) => f.path);
      const found: ImportReport[] = [];
      for (const target of featureDropTargets()) {
        if (!of(target.kind).length) continue;
        const result = await target.run(api, of(target.kind));
        if (typeof result !== "number" && result.report) found.push(result.report);
      }
      setReports(found);
      if (of("note").length) {
        trackKnowledgeTask((await api.call("knowledge.ingest", { paths: of("note"), collection: "library" })).taskId);
      }
      if (of("guide").length) {
        trackKnowledgeTask((await api.call("knowledge.ingest", { paths: of("guide"), collection: "rules" })).taskId);
      }
      for (const path of of("model")) {
        const error = await importModel(path);
        if (error) throw error;
      }
      // Every dropped file was handed to its import; the reports say which of them failed and why.
      setDone(t("drop.done", { n: files.length }));
      onImported();
      void refreshSources();
    } catch (error) {
      pushError(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, done, setDone, reports, run };
}
