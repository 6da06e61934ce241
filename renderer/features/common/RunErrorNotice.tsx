import type { ReactNode } from "react";
import type { ApiError } from "../../../shared/errors.js";
import { describeError } from "../../app/ErrorBanner.js";
import { useApp, useT } from "../../store/StoreProvider.js";

/**
 * How a run ended when it did not finish: a deliberate stop (`aborted`) reads 已停止 as a plain
 * notice; a failure reads its translated sentence (by code), with the engine's own message folded
 * under 详情 for a bug report. `children` are the notice's actions (the article's retry).
 */
export function RunErrorNotice({ error, children }: { error: ApiError; children?: ReactNode }) {
  const t = useT();
  const openModels = useApp((s) => s.setSettingsTab);
  if (error.code === "aborted") {
    return (
      <div className="notice" role="status" data-code="aborted">
        <p>{t("status.cancelled")}</p>
        {children}
      </div>
    );
  }
  const sentence = describeError(t, error);
  return (
    <div className="notice notice--error" role="alert" data-code={error.code}>
      <p>{sentence}</p>
      {error.message && error.message !== sentence && (
        <details className="small">
          <summary>{t("timeline.details")}</summary>
          <code>{error.message}</code>
        </details>
      )}
      {/* No model: the fix is in Settings → 模型, one click away. */}
      {(error.code === "model_missing" || error.code === "model_invalid") && (
        <button type="button" className="btn btn--small" onClick={() => openModels("models")}>
          {t("error.openModels")}
        </button>
      )}
      {children}
    </div>
  );
}
