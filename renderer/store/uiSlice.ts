import type { SliceCreator, UiSlice } from "./types.js";
import { toApiErrorLike } from "./toApiErrorLike.js";
import { isServerUnreachable } from "../transport/ConnectionMonitor.js";

/**
 * The welcome dialog's 跳过 holds at once for the tab (sessionStorage) and, through the settings, for
 * the data dir: a reload, another tab or a later start must not put the dialog over the work again.
 * A storage that refuses is ignored.
 */
const ONBOARDING_KEY = "scriptorium.onboardingDismissed";
function readOnboardingDismissed(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(ONBOARDING_KEY) === "1";
  } catch {
    return false;
  }
}
function rememberOnboardingDismissed(): void {
  try {
    globalThis.sessionStorage?.setItem(ONBOARDING_KEY, "1");
  } catch {
    // Private mode or a full quota: the dialog may come back after a reload, nothing worse.
  }
}

/** Navigation, locale, the error banner and transient UI choices; the first screen is the registry's default. */
export const createUiSlice = (defaultScreen: string): SliceCreator<UiSlice> => (set, get) => ({
  screen: defaultScreen,
  settingsTab: "models",
  locale: "zh-CN",
  errors: [],
  onboardingDismissed: readOnboardingDismissed(),
  openMaterialId: null,
  draftEdit: null,
  setDraftEdit(draftEdit) {
    set({ draftEdit });
  },
  setScreen(screen) {
    set({ screen });
  },
  setSettingsTab(settingsTab) {
    set({ screen: "settings", settingsTab });
  },
  setLocale(locale) {
    set({ locale });
    void get().updateSettings({ locale });
  },
  pushError(error) {
    const apiError = toApiErrorLike(error);
    // A call that never reached the server is the connection indicator's to show, once, not a banner per call.
    if (isServerUnreachable(apiError)) return;
    // Keep the banner short: the last three errors are enough to act on.
    set((s) => ({ errors: [...s.errors, apiError].slice(-3) }));
  },
  dismissError(index) {
    set((s) => ({ errors: s.errors.filter((_, i) => i !== index) }));
  },
  dismissOnboarding() {
    rememberOnboardingDismissed();
    set({ onboardingDismissed: true });
    // Remembered by the data dir (its settings), so another tab, window or browser of it opens without the dialog.
    void get().updateSettings({ onboardingDismissed: true });
  },
  openMaterial(openMaterialId) {
    set({ openMaterialId });
  },
  confirmRequest: null,
  askConfirm(request) {
    // A second question replaces the first, which counts as cancelled.
    get().confirmRequest?.resolve(false);
    return new Promise<boolean>((resolve) => set({ confirmRequest: { ...request, resolve } }));
  },
  answerConfirm(ok) {
    const request = get().confirmRequest;
    if (!request) return;
    set({ confirmRequest: null });
    request.resolve(ok);
  },
  revealRequest: null,
  revealLine(line) {
    const seq = (get().revealRequest?.seq ?? 0) + 1;
    set({ revealRequest: { line: Math.max(1, Math.floor(line)), seq } });
  },
});
