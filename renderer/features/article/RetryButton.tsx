import { useState } from "react";
import { useFeatureT } from "../../i18n/useFeatureT.js";
import { useApp } from "../../store/StoreProvider.js";
import { articleMessages } from "./messages.js";

/** An errored or cancelled session continues from its last checkpoint (`run.retry`) instead of starting over. */
export function RetryButton() {
  const t = useFeatureT(articleMessages);
  const api = useApp((s) => s.api);
  const sessionId = useApp((s) => s.current.sessionId);
  const pushError = useApp((s) => s.pushError);
  const [busy, setBusy] = useState(false);
  if (!sessionId) return null;
  return (
    <button
      type="button"
      className="btn btn--small"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        api.call("run.retry", { sessionId }).then(
          () => setBusy(false),
          (error: unknown) => {
            setBusy(false);
            pushError(error);
          },
        );
      }}
    >
      {t("article.retry")}
    </button>
  );
}
