import { useEffect, useState } from "react";
import { useApp } from "../store/StoreProvider.js";
import { selectNeedsOnboarding } from "../store/selectors.js";
import { featureForScreen } from "../features/registry.js";
import { ConfirmDialog } from "../components/ConfirmDialog.js";
import { DropImport } from "./DropImport.js";
import { useRunNotifications } from "./useRunNotifications.js";
import { SettingsScreen } from "../settings/SettingsScreen.js";
import { Onboarding } from "../onboarding/Onboarding.js";
import { Sidebar } from "./Sidebar.js";
import { ErrorBanner } from "./ErrorBanner.js";
import { useSessionHash } from "./useSessionHash.js";
import { ConnectionIndicator } from "./ConnectionIndicator.js";
import { ServerRestartedPage } from "./ServerRestartedPage.js";

/** The desktop shell: sidebar, the current screen, the error banner and first-run onboarding. */
export function App() {
  const screen = useApp((s) => s.screen);
  const locale = useApp((s) => s.locale);
  const init = useApp((s) => s.init);
  const needsOnboarding = useApp(selectNeedsOnboarding);
  const onboardingDismissed = useApp((s) => s.onboardingDismissed);
  // Once shown, the welcome dialog stays until closed: an import makes onboarding unneeded at once,
  // and the dialog is where the newcomer reads which model was chosen.
  const [welcomed, setWelcomed] = useState(false);
  useEffect(() => {
    if (needsOnboarding) setWelcomed(true);
  }, [needsOnboarding]);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void init().finally(() => setReady(true));
  }, [init]);
  useSessionHash(ready);
  useRunNotifications();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const locked = useApp((s) => s.connection === "locked");
  const Feature = featureForScreen(screen)?.component;
  // A tab whose token the server refuses can show nothing true: say where the new link is instead.
  if (locked) return <ServerRestartedPage />;
  return (
    <div className="app">
      <Sidebar />
      <main className="main">
        <ConnectionIndicator />
        <ErrorBanner />
        {screen === "settings" ? <SettingsScreen /> : Feature ? <Feature /> : null}
      </main>
      {(needsOnboarding || welcomed) && !onboardingDismissed && <Onboarding />}
      <ConfirmDialog />
      <DropImport />
    </div>
  );
}
