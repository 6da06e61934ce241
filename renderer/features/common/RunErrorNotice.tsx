import type { ReactNode } from "react";
import type { ApiError } from "../../../shared/errors.js";
import { describeError } from "../../app/ErrorBanner.js";
import { useT } from "../../store/StoreProvider.js";

/**
 * How a run ended when it did not finish: a deliberate stop (`aborted`) reads 已停止 as a plain
 * notice; a failure reads its translated sentence (by code), with the engine's own message folded
 * under 详情 for a bug report. `children` are the notice's actions (the article's retry).
 */
export function RunErrorNotice({ error, children }: { error: ApiError; children?: ReactNode }) {
  const t = useT();
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
      {children}
    </div>
  );
}
