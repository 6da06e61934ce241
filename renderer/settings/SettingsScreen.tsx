import { useEffect } from "react";
import { useApp, useT } from "../store/StoreProvider.js";
import type { SettingsTab } from "../store/types.js";
import type { MessageKey } from "../i18n/translate.js";
import { ModelsPanel } from "./ModelsPanel.js";
import { KnowledgePanel } from "./KnowledgePanel.js";
import { ProvidersPanel } from "./ProvidersPanel.js";
import { listFeatures } from "../features/registry.js";

const TABS: Array<[SettingsTab, MessageKey]> = [
  ["models", "settings.models"],
  ["knowledge", "settings.knowledge"],
  ["providers", "settings.providers"],
];

/** Settings: models and backends (with each feature's own settings), the knowledge library, intranet plug-ins. */
export function SettingsScreen() {
  const t = useT();
  const tab = useApp((s) => s.settingsTab);
  const setTab = useApp((s) => s.setSettingsTab);
  const refreshModels = useApp((s) => s.refreshModels);
  const refreshSources = useApp((s) => s.refreshSources);
  const refreshProviders = useApp((s) => s.refreshProviders);
  useEffect(() => {
    if (tab === "models") void refreshModels();
    if (tab === "knowledge") void refreshSources();
    if (tab === "providers") void refreshProviders();
  }, [tab, refreshModels, refreshSources, refreshProviders]);
  return (
    <div className="settings">
      <header className="settings__header">
        <h1>{t("settings.title")}</h1>
        <div className="tabs" role="tablist" aria-label={t("settings.title")}>
          {TABS.map(([id, key]) => (
            <button key={id} type="button" role="tab" aria-selected={tab === id} className={`tab${tab === id ? " is-active" : ""}`} onClick={() => setTab(id)}>
              {t(key)}
            </button>
          ))}
        </div>
      </header>
      <div className="settings__body" role="tabpanel">
        {tab === "models" && (
          <>
            <ModelsPanel />
            {listFeatures().map((f) => f.settings && <f.settings key={f.screen} />)}
          </>
        )}
        {tab === "knowledge" && <KnowledgePanel />}
        {tab === "providers" && <ProvidersPanel />}
      </div>
    </div>
  );
}
