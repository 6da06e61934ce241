import type { SettingsSlice, SliceCreator } from "./types.js";

/** User settings as the engine stores them; the UI locale follows `settings.locale`. */
export const createSettingsSlice: SliceCreator<SettingsSlice> = (set, get) => ({
  settings: null,
  async loadSettings() {
    try {
      const settings = await get().api.call("settings.get", {});
      set({ settings, locale: settings.locale });
    } catch (error) {
      get().pushError(error);
    }
  },
  async updateSettings(patch) {
    try {
      const settings = await get().api.call("settings.update", patch);
      set({ settings, locale: settings.locale });
      return true;
    } catch (error) {
      get().pushError(error);
      return false;
    }
  },
});
