import { useApp, useT } from "../store/StoreProvider.js";
import type { ApiError } from "../../shared/errors.js";
import type { Translate } from "../i18n/translate.js";

/** Errors from any request, each with a clear sentence for its code. */
export function ErrorBanner() {
  const t = useT();
  const errors = useApp((s) => s.errors);
  const dismiss = useApp((s) => s.dismissError);
  if (errors.length === 0) return null;
  return (
    <div className="banner-stack">
      {errors.map((error, i) => (
        <div key={i} className="banner banner--error" role="alert">
          <span className="banner__code">{error.code}</span>
          <span className="banner__text">{describeError(t, error)}</span>
          <button type="button" className="icon-btn" aria-label={t("common.dismiss")} onClick={() => dismiss(i)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** A user-facing sentence for an error code. */
export function describeError(t: Translate, error: ApiError): string {
  switch (error.code) {
    case "model_missing":
      return `${t("error.model_missing")} (${error.message})`;
    case "model_invalid":
      return t("error.model_invalid", { m: error.message });
    case "unavailable":
      return t("error.unavailable", { m: error.message });
    default:
      return t("error.generic", { m: error.message });
  }
}
