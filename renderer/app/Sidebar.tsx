import { useApp, useT } from "../store/StoreProvider.js";
import { SessionList } from "../sessions/SessionList.js";
import { TaskTray } from "../components/TaskTray.js";
import { LocaleSwitch } from "../components/LocaleSwitch.js";
import { listFeatures } from "../features/registry.js";
import { resolveLabel, type LocalizedLabel } from "../i18n/defineMessages.js";

/** The feature screens of the registry, then settings. */
function navItems(): ReadonlyArray<readonly [string, LocalizedLabel, string]> {
  return [...listFeatures().map((f) => [f.screen, f.nav.label, f.nav.icon] as const), ["settings", "nav.settings", "⚙"] as const];
}

/** App navigation, the session list and the language switch. */
export function Sidebar() {
  const t = useT();
  const screen = useApp((s) => s.screen);
  const setScreen = useApp((s) => s.setScreen);
  const locale = useApp((s) => s.locale);
  return (
    <aside className="sidebar">
      <div className="brand">
        <span className="brand__mark" aria-hidden>
          ✒
        </span>
        <span className="brand__name">{t("app.name")}</span>
      </div>
      <nav className="mainnav" aria-label="main">
        {navItems().map(([id, label, icon]) => (
          <button key={id} type="button" className={`mainnav__item${screen === id ? " is-active" : ""}`} aria-current={screen === id ? "page" : undefined} onClick={() => setScreen(id)}>
            <span aria-hidden className="mainnav__icon">
              {icon}
            </span>
            {resolveLabel(label, t, locale)}
          </button>
        ))}
      </nav>
      <SessionList />
      <TaskTray />
      <LocaleSwitch />
    </aside>
  );
}
