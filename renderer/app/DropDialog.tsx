import { useEffect, useRef } from "react";
import { useT } from "../store/StoreProvider.js";
import type { DroppedFile } from "./dropImport.js";
import { DropKindSelect } from "./DropKindSelect.js";

export interface DropDialogProps {
  /** The dropped files, or null while no drop waits (the dialog is closed). */
  files: DroppedFile[] | null;
  /** The drop held nothing importable: the dialog says so and offers no import. */
  noPaths: boolean;
  busy: boolean;
  onFiles(files: DroppedFile[] | null): void;
  onImport(): void;
}

/** The modal that shows what each dropped file will become, so nothing is imported by surprise. */
export function DropDialog({ files, noPaths, busy, onFiles, onImport }: DropDialogProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (files !== null && !d.open) d.showModal();
    if (files === null && d.open) d.close();
  }, [files]);
  return (
    <dialog ref={dialog} className="dialog" aria-labelledby="drop-title" onClose={() => onFiles(null)}>
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
                  <DropKindSelect file={f} onKind={(kind) => onFiles(files.map((x, j) => (j === i ? { ...x, kind } : x)))} />
                </li>
              ))}
            </ul>
          )}
          <div className="card__actions">
            <button type="button" className="btn" onClick={() => onFiles(null)}>
              {t("common.cancel")}
            </button>
            {!noPaths && (
              <button type="button" className="btn btn--primary" disabled={busy} onClick={onImport}>
                {t("drop.import", { n: files.length })}
              </button>
            )}
          </div>
        </>
      )}
    </dialog>
  );
}
