import { useEffect, useState } from "react";
import { useApp } from "../store/StoreProvider.js";
import { useFeatureT } from "../i18n/useFeatureT.js";
import { onboardingMessages } from "../onboarding/messages.js";

/** The intranet mirror, next to the catalog it applies to (in the welcome dialog and in Settings). */
export function MirrorField() {
  const t = useFeatureT(onboardingMessages);
  const saved = useApp((s) => s.settings?.mirrorBaseUrl ?? null);
  const updateSettings = useApp((s) => s.updateSettings);
  const [draft, setDraft] = useState(saved ?? "");
  const [done, setDone] = useState(false);
  useEffect(() => setDraft(saved ?? ""), [saved]);
  const save = async () => {
    setDone(await updateSettings({ mirrorBaseUrl: draft.trim() || null }));
  };
  return (
    <div className="mirror-field">
      <div className="inline-form">
        <label className="field field--grow">
          <span className="field__label">{t("mirror.label")}</span>
          <input className="input" placeholder="http://mirror.corp/models/" value={draft} onChange={(e) => { setDraft(e.target.value); setDone(false); }} />
        </label>
        <button type="button" className="btn" disabled={(draft.trim() || null) === saved} onClick={() => void save()}>
          {t("mirror.save")}
        </button>
      </div>
      <p className="muted small">{t("mirror.hint")}</p>
      {done && <span className="muted small" role="status">✓ {t("mirror.saved")}</span>}
    </div>
  );
}
