import { useEffect, useRef, useState } from "react";
import { useApp, useT } from "../store/StoreProvider.js";
import type { MessageKey } from "../i18n/translate.js";
import { resolveLabel } from "../i18n/defineMessages.js";
import { listFeatures } from "../features/registry.js";
import { baseName, guessKind, pathsFromUriList, SHELL_DROP_KINDS, type DroppedFile, type DropKind } from "./dropImport.js";
import type { ImportReport } from "../../shared/knowledge.js";
import { ImportReportView } from "../components/ImportReportView.js";
import { uploadFile } from "../transport/uploadFile.js";

/** The kinds the features import (the paper library's PDFs …), from the registry. */
const featureDropTargets = () => listFeatures().flatMap((f) => f.dropTargets ?? []);

declare global {
  interface Window {
    /** Electron preload: the path of a dropped file (webUtils.getPathForFile), nothing more. */
    scriptoriumFiles?: { pathForFile(file: File): string };
  }
}

/** Paths of what was dropped: Electron gives each File's path; a browser gives `file://` URIs at best. */
function droppedPaths(data: DataTransfer): string[] {
  const bridge = window.scriptoriumFiles;
  const fromFiles = bridge ? [...data.files].map((f) => bridge.pathForFile(f)).filter(Boolean) : [];
  if (fromFiles.length > 0) return fromFiles;
  return pathsFromUriList(data.getData("text/uri-list"));
}

/**
 * Drag and drop onto the window imports files: papers (paper.import), notes and style guides
 * (knowledge.ingest into library / rules) and GGUF models (models.import). A dialog shows what
 * each file will become, so nothing is imported by surprise.
 */
export function DropImport() {
  const t = useT();
  const locale = useApp((s) => s.locale);
  const api = useApp((s) => s.api);
  const pushError = useApp((s) => s.pushError);
  const importModel = useApp((s) => s.importModel);
  const refreshSources = useApp((s) => s.refreshSources);
  // The import's per-file report shows in the knowledge panel, like an import started there.
  const trackKnowledgeTask = useApp((s) => s.trackKnowledgeTask);
  const [dragging, setDragging] = useState(false);
  const [files, setFiles] = useState<DroppedFile[] | null>(null);
  const [noPaths, setNoPaths] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // Per-file reports of the imports that answer with one (the paper library's).
  const [reports, setReports] = useState<ImportReport[]>([]);
  const depth = useRef(0);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].some((x) => x === "Files" || x === "text/uri-list");
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current++;
      setDragging(true);
    };
    const leave = () => {
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = "copy";
    };
    const drop = (e: DragEvent) => {
      if (!e.dataTransfer || !hasFiles(e)) return;
      // Never let the page navigate to a dropped file.
      e.preventDefault();
      depth.current = 0;
      setDragging(false);
      const paths = droppedPaths(e.dataTransfer);
      setDone(null);
      // Browser mode sees no paths, only the files: they go to the server as uploads on 导入.
      const dropped = [...e.dataTransfer.files];
      if (paths.length === 0 && dropped.length > 0) {
        setNoPaths(false);
        setFiles(dropped.map((file) => ({ path: "", name: file.name, kind: guessKind(file.name, featureDropTargets()), file })));
        return;
      }
      if (paths.length === 0) {
        setNoPaths(true);
        setFiles([]);
        return;
      }
      setNoPaths(false);
      setFiles(paths.map((path) => ({ path, name: baseName(path), kind: guessKind(baseName(path), featureDropTargets()) })));
    };
    window.addEventListener("dragenter", enter);
    window.addEventListener("dragleave", leave);
    window.addEventListener("dragover", over);
    window.addEventListener("drop", drop);
    return () => {
      window.removeEventListener("dragenter", enter);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("dragover", over);
      window.removeEventListener("drop", drop);
    };
  }, []);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (files !== null && !d.open) d.showModal();
    if (files === null && d.open) d.close();
  }, [files]);

  const runImport = async () => {
    if (!files) return;
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
      // Close only the list that was imported: a drop that came in meanwhile keeps its own dialog.
      setFiles((shown) => (shown === files ? null : shown));
      void refreshSources();
    } catch (error) {
      pushError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {dragging && (
        <div className="drop-overlay" aria-hidden>
          {t("drop.hint")}
        </div>
      )}
      {done && (
        <div className="toast" role="status">
          {done}
          <button type="button" className="icon-btn" aria-label={t("common.close")} onClick={() => setDone(null)}>
            ×
          </button>
          {reports.map((report, i) => (
            <ImportReportView key={i} report={report} t={t} />
          ))}
        </div>
      )}
      <dialog ref={dialog} className="dialog" aria-labelledby="drop-title" onClose={() => setFiles(null)}>
        {files !== null && (
          <>
            <h3 id="drop-title">{t("drop.title")}</h3>
            {noPaths ? (
              <p className="notice">{t("drop.noPaths")}</p>
            ) : (
              <ul className="drop-list">
                {files.map((f, i) => (
                  <li key={`${i}-${f.path || f.name}`}>
                    <span className="ellipsis" title={f.path || f.name}>
                      {f.name}
                    </span>
                    <select
                      className="input input--small"
                      aria-label={t("drop.kindOf", { name: f.name })}
                      value={f.kind}
                      onChange={(e) => setFiles(files.map((x, j) => (j === i ? { ...x, kind: e.target.value as DropKind } : x)))}
                    >
                      {SHELL_DROP_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {t(`drop.kind.${k}` as MessageKey)}
                        </option>
                      ))}
                      {featureDropTargets().map((target) => (
                        <option key={target.kind} value={target.kind}>
                          {resolveLabel(target.label, t, locale)}
                        </option>
                      ))}
                    </select>
                  </li>
                ))}
              </ul>
            )}
            <div className="card__actions">
              <button type="button" className="btn" onClick={() => setFiles(null)}>
                {t("common.cancel")}
              </button>
              {!noPaths && (
                <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void runImport()}>
                  {t("drop.import", { n: files.length })}
                </button>
              )}
            </div>
          </>
        )}
      </dialog>
    </>
  );
}
