import type { ApiError } from "../../shared/errors.js";
import { useFeatureT } from "../i18n/useFeatureT.js";
import { onboardingMessages } from "../onboarding/messages.js";
import { useApp } from "../store/StoreProvider.js";
import { downloadCause } from "./downloadCause.js";

/**
 * Why a catalog download failed, in the UI's language, with the engine's own words as details. An
 * unreachable address names its host and the cause (connection refused, host not found, timeout,
 * an HTTP status): with a mirror set, the mirror is what to check, not the internet.
 */
export function DownloadError({ error }: { error: ApiError }) {
  const t = useFeatureT(onboardingMessages);
  const mirror = useApp((s) => s.settings?.mirrorBaseUrl ?? null);
  const cause = downloadCause(error);
  const why = cause
    ? t(mirror ? "download.why.mirrorUnreachable" : "download.why.unreachable", { host: cause.host || (mirror ?? ""), cause: t(cause.key, { status: cause.status }) })
    : t(reasonKey(error.code));
  return (
    <div className="notice notice--error" role="alert">
      <p>{t("download.failed", { why })}</p>
      {/* The engine's own words, folded: for whoever fixes the mirror, not the sentence to read. */}
      <details className="muted small">
        <summary>{t("download.detailsLabel")}</summary>
        {error.message}
      </details>
    </div>
  );
}

/** The sentence for each failure a download can meet; the engine's codes, not its English. */
function reasonKey(code: ApiError["code"]) {
  switch (code) {
    case "unavailable":
    case "model_invalid":
    case "disk_full":
    case "not_found":
      return `download.why.${code}` as const;
    default:
      return "download.why.other" as const;
  }
}
