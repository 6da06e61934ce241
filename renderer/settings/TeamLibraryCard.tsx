import { useEffect, useState } from "react";
import type { Settings } from "../../shared/models.js";
import { useApp } from "../store/StoreProvider.js";
import { useFeatureT } from "../i18n/useFeatureT.js";
import { teamLibraryMessages } from "./teamLibraryMessages.js";

type ObjectStore = Settings["objectStore"];
const S3_URI = /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/\S*)?$/;
const COLLECTIONS = ["library", "papers", "code"] as const;
type Collection = (typeof COLLECTIONS)[number];
const LABELS = { library: "team.location", papers: "team.papersLocation", code: "team.codeLocation" } as const;
const EMPTY: ObjectStore = { locations: {}, endpoint: null, region: null, allowHttp: false, role: "reader", readConsistencySeconds: 5 };

/** Where each collection's index lives (library, papers, code: local, or `s3://…` on a team store) and whether this desk writes it. */
export function TeamLibraryCard() {
  const t = useFeatureT(teamLibraryMessages);
  const saved = useApp((s) => s.settings?.objectStore ?? EMPTY);
  const updateSettings = useApp((s) => s.updateSettings);
  const [draft, setDraft] = useState(() => toDraft(saved));
  const [done, setDone] = useState(false);
  useEffect(() => setDraft(toDraft(saved)), [saved]);
  const trimmed = Object.fromEntries(COLLECTIONS.map((c) => [c, draft.locations[c].trim()])) as Record<Collection, string>;
  const badOf = (c: Collection) => trimmed[c] !== "" && !S3_URI.test(trimmed[c]);
  const bad = COLLECTIONS.some(badOf);
  const edit = (patch: Partial<typeof draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDone(false);
  };
  const save = async () => {
    const objectStore: ObjectStore = {
      locations: Object.fromEntries(COLLECTIONS.filter((c) => trimmed[c]).map((c) => [c, trimmed[c]])),
      endpoint: draft.endpoint.trim() || null,
      region: draft.region.trim() || null,
      allowHttp: draft.allowHttp,
      role: draft.role,
      readConsistencySeconds: Math.max(0, Math.min(3600, Number(draft.interval) || 0)),
    };
    setDone(await updateSettings({ objectStore }));
  };
  return (
    <section className="card">
      <h2>{t("team.title")}</h2>
      <p className="muted small">{t("team.hint")}</p>
      {COLLECTIONS.map((c) => (
        <label key={c} className="field">
          <span className="field__label">{t(LABELS[c])}</span>
          <input
            className="input"
            placeholder={`s3://team/${c}`}
            value={draft.locations[c]}
            onChange={(e) => edit({ locations: { ...draft.locations, [c]: e.target.value } })}
            aria-invalid={badOf(c)}
          />
        </label>
      ))}
      {bad && <p className="muted small" role="alert">{t("team.bad")}</p>}
      <label className="field">
        <span className="field__label">{t("team.endpoint")}</span>
        <input className="input" placeholder="http://s3.corp:7070" value={draft.endpoint} onChange={(e) => edit({ endpoint: e.target.value })} />
      </label>
      <label className="field">
        <span className="field__label">{t("team.region")}</span>
        <input className="input" placeholder="us-east-1" value={draft.region} onChange={(e) => edit({ region: e.target.value })} />
      </label>
      <label className="field field--inline">
        <input type="checkbox" checked={draft.allowHttp} onChange={(e) => edit({ allowHttp: e.target.checked })} />
        <span>{t("team.allowHttp")}</span>
      </label>
      <fieldset className="field">
        <legend className="field__label">{t("team.role")}</legend>
        {(["reader", "writer"] as const).map((role) => (
          <label key={role} className={`radio-card${draft.role === role ? " is-active" : ""}`}>
            <input type="radio" name="team-role" checked={draft.role === role} onChange={() => edit({ role })} />
            <span>{t(role === "reader" ? "team.reader" : "team.writer")}</span>
          </label>
        ))}
      </fieldset>
      <label className="field">
        <span className="field__label">{t("team.interval")}</span>
        <input className="input" type="number" min={0} max={3600} value={draft.interval} onChange={(e) => edit({ interval: e.target.value })} />
      </label>
      <div className="card__actions">
        <button type="button" className="btn" disabled={bad} onClick={() => void save()}>
          {t("team.save")}
        </button>
        {done && <span className="muted small" role="status">✓ {t("team.saved")}</span>}
      </div>
    </section>
  );
}

function toDraft(store: ObjectStore) {
  return {
    locations: { library: store.locations.library ?? "", papers: store.locations.papers ?? "", code: store.locations.code ?? "" },
    endpoint: store.endpoint ?? "",
    region: store.region ?? "",
    allowHttp: store.allowHttp,
    role: store.role,
    interval: String(store.readConsistencySeconds),
  };
}
