import { useApp, useT } from "../store/StoreProvider.js";

/** The UI language choice; each option is named in its own language so either reader finds theirs. */
export function LocaleSwitch() {
  const t = useT();
  const locale = useApp((s) => s.locale);
  const setLocale = useApp((s) => s.setLocale);
  return (
    <label className="locale-switch">
      <span>{t("nav.language")}</span>
      <select className="input input--small" value={locale} onChange={(e) => setLocale(e.target.value as typeof locale)}>
        <option value="zh-CN">简体中文</option>
        <option value="en">English</option>
      </select>
    </label>
  );
}
