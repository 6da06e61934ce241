import { useState } from "react";
import { MAPPABLE_FIELDS, type ProviderConfig } from "../../shared/providers.js";
import { useApp, useT } from "../store/StoreProvider.js";
import { draftToConfig, type ProviderDraft } from "./providerDraft.js";
import { ProviderTestResult } from "./ProviderTestResult.js";

/** Edit one intranet provider: endpoint, method, headers, key, body template, results path, field map, timeouts; test it. */
export function ProviderForm({ initial, onDone }: { initial: ProviderDraft; onDone(): void }) {
  const t = useT();
  const saveProvider = useApp((s) => s.saveProvider);
  const testProvider = useApp((s) => s.testProvider);
  const pushError = useApp((s) => s.pushError);
  const [draft, setDraft] = useState(initial);
  const [query, setQuery] = useState("测试");
  const [testing, setTesting] = useState(false);
  const c = draft.config;
  const set = (patch: Partial<ProviderConfig>) => setDraft({ ...draft, config: { ...c, ...patch } });
  const valid = (): ProviderConfig | null => {
    const config = draftToConfig(draft);
    if (typeof config === "string") {
      pushError({ code: "bad_request", message: config });
      return null;
    }
    return config;
  };
  const save = async () => {
    const config = valid();
    if (!config) return;
    if (await saveProvider(config, draft.apiKey ? draft.apiKey : undefined)) onDone();
  };
  const test = async () => {
    const config = valid();
    if (!config) return;
    setTesting(true);
    await testProvider(config, query || "测试");
    setTesting(false);
  };
  const timeout = (key: keyof ProviderConfig["timeouts"], value: string) => set({ timeouts: { ...c.timeouts, [key]: Number(value) || 0 } });

  return (
    <div className="provider-form">
      <div className="field-row">
        <label className="field">
          <span className="field__label">{t("providers.name")}</span>
          <input className="input" value={c.name} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <label className="field field--grow">
          <span className="field__label">{t("providers.url")}</span>
          <input className="input" value={c.baseUrl} onChange={(e) => set({ baseUrl: e.target.value })} />
        </label>
        <label className="field">
          <span className="field__label">{t("providers.method")}</span>
          <select className="input" value={c.method} onChange={(e) => set({ method: e.target.value as "GET" | "POST" })}>
            <option value="POST">POST</option>
            <option value="GET">GET</option>
          </select>
        </label>
        <label className="field field--check">
          <input type="checkbox" checked={c.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
          <span>{t("providers.enabled")}</span>
        </label>
      </div>
      <div className="field-row">
        <label className="field field--grow">
          <span className="field__label">{t("providers.headers")}</span>
          <textarea className="input mono" rows={2} value={draft.headersText} onChange={(e) => setDraft({ ...draft, headersText: e.target.value })} />
        </label>
        <label className="field">
          <span className="field__label">{t("providers.key")}</span>
          <input
            className="input"
            type="password"
            autoComplete="off"
            placeholder={c.hasKey ? t("providers.keyStored") : t("providers.keyPlaceholder")}
            value={draft.apiKey}
            onChange={(e) => setDraft({ ...draft, apiKey: e.target.value })}
          />
        </label>
      </div>
      <label className="field">
        <span className="field__label">{t("providers.body")}</span>
        <textarea className="input mono" rows={3} value={c.bodyTemplate} onChange={(e) => set({ bodyTemplate: e.target.value })} />
      </label>
      <label className="field">
        <span className="field__label">{t("providers.resultsPath")}</span>
        <input className="input mono" placeholder={t("providers.resultsPathPlaceholder")} value={c.resultsPath} onChange={(e) => set({ resultsPath: e.target.value })} />
      </label>
      <fieldset className="fieldmap">
        <legend className="field__label">{t("providers.fieldMap")}</legend>
        {MAPPABLE_FIELDS.map((field) => (
          <label key={field} className="fieldmap__row">
            <span className="mono">{field}</span>
            <input
              className="input input--small mono"
              aria-label={t("providers.fieldFrom", { field })}
              value={c.fieldMap[field] ?? ""}
              onChange={(e) => {
                const fieldMap = { ...c.fieldMap };
                if (e.target.value.trim()) fieldMap[field] = e.target.value.trim();
                else delete fieldMap[field];
                set({ fieldMap });
              }}
            />
          </label>
        ))}
      </fieldset>
      <fieldset className="field-row">
        <legend className="field__label">{t("providers.timeouts")}</legend>
        {(["connectMs", "headersMs", "totalMs"] as const).map((key) => (
          <label key={key} className="field">
            <span className="field__label">{t(`providers.${key}`)}</span>
            <input className="input" type="number" min={100} value={c.timeouts[key]} onChange={(e) => timeout(key, e.target.value)} />
          </label>
        ))}
      </fieldset>
      <div className="card__actions">
        <button type="button" className="btn btn--primary" onClick={() => void save()}>
          {t("common.save")}
        </button>
        <button type="button" className="btn" onClick={onDone}>
          {t("common.cancel")}
        </button>
        <span className="toolbar__spacer" />
        <label className="inline-field">
          <span>{t("providers.testQuery")}</span>
          <input className="input input--small" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <button type="button" className="btn" disabled={testing} onClick={() => void test()}>
          {t("providers.test")}
        </button>
      </div>
      <ProviderTestResult />
    </div>
  );
}
