import { useEffect, useState } from "react";
import { useApp } from "../store/StoreProvider.js";
import { useFeatureT } from "../i18n/useFeatureT.js";
import { onboardingMessages } from "../onboarding/messages.js";
import { downloadCause, isMirrorUrl } from "./downloadCause.js";

/**
 * The intranet mirror, next to the catalog it applies to (in the welcome dialog and in Settings).
 * An address that is not an http(s) URL is refused under the field; when the last download could not
 * reach the saved mirror, the cause shows here too, where the address is fixed.
 */
export function MirrorField() {
  const t = useFeatureT(onboardingMessages);
  const saved = useApp((s) => s.settings?.mirrorBaseUrl ?? null);
  const updateSettings = useApp((s) => s.updateSettings);
  const failures = useApp((s) => s.downloadErrors);
  const [draft, setDraft] = useState(saved ?? "");
  const [done, setDone] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  useEffect(() => setDraft(saved ?? ""), [saved]);
  const save = async () => {
    const value = draft.trim();
    if (value && !isMirrorUrl(value)) {
      setInvalid(value);
      return;
    }
    setInvalid(null);
    setDone(await updateSettings({ mirrorBaseUrl: value || null }));
  };
  const savedHost = saved && isMirrorUrl(saved) ? new URL(saved).host : null;
  const lastFailure = Object.values(failures)
    .map(downloadCause)
    .findLast((cause) => cause !== null && savedHost !== null && cause.host === savedHost);
  return (
    <div className="mirror-field">
      <div className="inline-form">
        <label className="field field--grow">
          <span className="field__label">{t("mirror.label")}</span>
          <input
            className="input"
            placeholder="http://mirror.corp/models/"
            value={draft}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? "mirror-invalid" : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              setDone(false);
              setInvalid(null);
            }}
          />
        </label>
        <button type="button" className="btn" disabled={(draft.trim() || null) === saved} onClick={() => void save()}>
          {t("mirror.save")}
        </button>
      </div>
      {invalid && (
        <p id="mirror-invalid" className="notice notice--error" role="alert">
          {t("mirror.invalid", { url: invalid })}
        </p>
      )}
      {!invalid && lastFailure && draft.trim() === saved && (
        <p className="notice notice--error" role="alert" data-testid="mirror-last-failure">
          {t("mirror.lastFailure", { cause: t(lastFailure.key, { status: lastFailure.status }) })}
        </p>
      )}
      <p className="muted small">{t("mirror.hint")}</p>
      {done && <span className="muted small" role="status">✓ {t("mirror.saved")}</span>}
    </div>
  );
}
