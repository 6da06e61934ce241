import type { SliceCreator, UiSlice } from "./types.js";
import { toApiErrorLike } from "./toApiErrorLike.js";

/** Navigation, locale, the error banner and transient UI choices. */
export const createUiSlice: SliceCreator<UiSlice> = (set, get) => ({
  screen: "studio",
  settingsTab: "models",
  locale: "zh-CN",
  errors: [],
  onboardingDismissed: false,
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
    // Keep the banner short: the last three errors are enough to act on.
    set((s) => ({ errors: [...s.errors, toApiErrorLike(error)].slice(-3) }));
  },
  dismissError(index) {
    set((s) => ({ errors: s.errors.filter((_, i) => i !== index) }));
  },
  dismissOnboarding() {
    set({ onboardingDismissed: true });
  },
  openMaterial(openMaterialId) {
    set({ openMaterialId });
  },
});
