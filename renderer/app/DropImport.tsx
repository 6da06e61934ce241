import { useState } from "react";
import { useT } from "../store/StoreProvider.js";
import type { DroppedFile } from "./dropImport.js";
import { droppedFiles } from "./droppedFiles.js";
import { useWindowDrop } from "./useWindowDrop.js";
import { useDropImportRun } from "./useDropImportRun.js";
import { DropToast } from "./DropToast.js";
import { DropDialog } from "./DropDialog.js";

/**
 * Drag and drop onto the window imports files: papers (paper.import), notes and style guides
 * (knowledge.ingest into library / rules) and GGUF models (models.import). A dialog shows what
 * each file will become, so nothing is imported by surprise.
 */
export function DropImport() {
  const t = useT();
  const [files, setFiles] = useState<DroppedFile[] | null>(null);
  const [noPaths, setNoPaths] = useState(false);
  const importer = useDropImportRun();
  const dragging = useWindowDrop((data) => {
    const dropped = droppedFiles(data);
    importer.setDone(null);
    setNoPaths(dropped.noPaths);
    setFiles(dropped.files);
  });
  const runImport = (list: DroppedFile[]) =>
    // Close only the list that was imported: a drop that came in meanwhile keeps its own dialog.
    importer.run(list, () => setFiles((shown) => (shown === list ? null : shown)));

  return (
    <>
      {dragging && (
        <div className="drop-overlay" aria-hidden>
          {t("drop.hint")}
        </div>
      )}
      {importer.done && <DropToast message={importer.done} reports={importer.reports} onClose={() => importer.setDone(null)} />}
      <DropDialog files={files} noPaths={noPaths} busy={importer.busy} onFiles={setFiles} onImport={() => files && void runImport(files)} />
    </>
  );
}
