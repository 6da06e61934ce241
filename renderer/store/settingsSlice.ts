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
      // Send the whole settings with the patch on top: the contract's patch schema fills omitted
      // fields with their defaults (zod 4 `.partial()`), so a bare patch would reset the rest.
      // `hasKey` always comes from the engine, never from a possibly stale form draft.
      const current = get().settings;
      const full = current ? { ...current, ...patch, ...(patch.openai ? { openai: { ...patch.openai, hasKey: current.openai.hasKey } } : {}) } : patch;
      const settings = await get().api.call("settings.update", full);
      set({ settings, locale: settings.locale });
      return true;
    } catch (error) {
      get().pushError(error);
      return false;
    }
  },
  async setApiKey(apiKey) {
    try {
      const { settings } = await get().api.call("settings.setApiKey", { backend: "openai", apiKey });
      set({ settings, locale: settings.locale });
      return true;
    } catch (error) {
      get().pushError(error);
      return false;
    }
  },
});
