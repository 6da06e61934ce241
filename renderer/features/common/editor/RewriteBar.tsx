import { useT } from "../../../store/StoreProvider.js";
import type { RewriteProposal } from "./rewritePreview.js";

/** The bar over a rewrite preview: its state, and accept (once it is complete) or reject. */
export function RewriteBar({ status, onAccept, onReject }: { status: RewriteProposal["status"]; onAccept(): void; onReject(): void }) {
  const t = useT();
  return (
    <div className="rewrite-bar" role="region" aria-label={t("editor.rewriteProposal")}>
      <span>{status === "streaming" ? t("editor.rewriteStreaming") : t("editor.rewriteReady")}</span>
      <span className="toolbar__spacer" />
      <button type="button" className="btn btn--small btn--primary" disabled={status !== "ready"} onClick={onAccept}>
        {t("editor.accept")}
      </button>
      <button type="button" className="btn btn--small" onClick={onReject}>
        {t("editor.reject")}
      </button>
    </div>
  );
}
