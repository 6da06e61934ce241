import { useEffect, useRef } from "react";
import { useApp, useT } from "../store/StoreProvider.js";

/**
 * The app's one confirmation dialog (a modal `<dialog>`, focus trapped, Esc cancels), driven by
 * `askConfirm` in the store. Replaces `window.confirm`, which blocks the renderer and looks
 * foreign in Electron.
 */
export function ConfirmDialog() {
  const t = useT();
  const request = useApp((s) => s.confirmRequest);
  const answer = useApp((s) => s.answerConfirm);
  const ref = useRef<HTMLDialogElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) {
      dialog.showModal();
      confirmRef.current?.focus();
    }
    if (!request && dialog.open) dialog.close();
  }, [request]);
  return (
    <dialog ref={ref} className="dialog dialog--confirm" aria-labelledby="confirm-message" onClose={() => answer(false)}>
      {request && (
        <>
          <p id="confirm-message" className="dialog__message">
            {request.message}
          </p>
          <div className="card__actions">
            <button type="button" className="btn" onClick={() => answer(false)}>
              {request.cancelLabel ?? t("common.cancel")}
            </button>
            <button ref={confirmRef} type="button" className={`btn ${request.danger ? "btn--danger" : "btn--primary"}`} onClick={() => answer(true)}>
              {request.confirmLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
