import { useState } from "react";
import { useApp, useT } from "../store/StoreProvider.js";
import { ProviderForm } from "./ProviderForm.js";
import { ProviderHealthBadge, useProviderHealth } from "./ProviderHealthBadge.js";
import { newProviderDraft, toDraft, type ProviderDraft } from "./providerDraft.js";

/** Intranet search plug-ins: list, add, edit, remove, test. */
export function ProvidersPanel() {
  const t = useT();
  const providers = useApp((s) => s.providers);
  const deleteProvider = useApp((s) => s.deleteProvider);
  const health = useProviderHealth();
  const [editing, setEditing] = useState<ProviderDraft | null>(null);
  const [key, setKey] = useState(0);
  const open = (draft: ProviderDraft) => {
    setEditing(draft);
    setKey(key + 1);
  };
  return (
    <div className="panel-grid">
      <section className="card">
        <header className="card__header">
          <h2>{t("providers.list")}</h2>
          <button type="button" className="btn btn--small btn--primary" onClick={() => open(newProviderDraft())}>
            + {t("providers.new")}
          </button>
        </header>
        {providers.length === 0 ? (
          <p className="empty">{t("providers.none")}</p>
        ) : (
          <ul className="providers">
            {providers.map((p) => (
              <li key={p.name} className="providers__item">
                <div>
                  <strong>{p.name}</strong> {!p.enabled && <span className="badge">off</span>} {p.enabled && <ProviderHealthBadge health={health.get(p.name)} />}
                  <p className="muted small mono ellipsis">
                    {p.method} {p.baseUrl}
                  </p>
                </div>
                <div className="btn-group">
                  <button type="button" className="btn btn--small" aria-label={`${t("common.edit")} ${p.name}`} onClick={() => open(toDraft(p))}>
                    {t("common.edit")}
                  </button>
                  <button type="button" className="btn btn--small btn--ghost" aria-label={`${t("common.delete")} ${p.name}`} onClick={() => void deleteProvider(p.name)}>
                    {t("common.delete")}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {editing && (
        <section className="card card--wide">
          <ProviderForm key={key} initial={editing} onDone={() => setEditing(null)} />
        </section>
      )}
    </div>
  );
}
