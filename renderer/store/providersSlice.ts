import type { ProvidersSlice, SliceCreator } from "./types.js";

/** Intranet search plug-ins: declarative HTTP providers with a field map. */
export const createProvidersSlice: SliceCreator<ProvidersSlice> = (set, get) => ({
  providers: [],
  providerTest: null,
  async refreshProviders() {
    try {
      const { providers } = await get().api.call("providers.list", {});
      set({ providers });
    } catch (error) {
      get().pushError(error);
    }
  },
  async saveProvider(config, apiKey) {
    try {
      await get().api.call("providers.save", apiKey === undefined ? { config } : { config, apiKey });
      await get().refreshProviders();
      return true;
    } catch (error) {
      get().pushError(error);
      return false;
    }
  },
  async deleteProvider(name) {
    try {
      await get().api.call("providers.delete", { name });
      await get().refreshProviders();
    } catch (error) {
      get().pushError(error);
    }
  },
  async testProvider(config, query) {
    set({ providerTest: null });
    try {
      set({ providerTest: await get().api.call("providers.test", { config, query }) });
    } catch (error) {
      get().pushError(error);
    }
  },
});
