import { ScriptoriumError } from "../../../shared/errors.js";
import type { MethodOutput } from "../../../shared/api.js";
import type { ProvidersPort } from "./ProvidersPort.js";
import type { ProviderRegistry } from "./ProviderRegistry.js";

/**
 * `providers.*` over the ProviderRegistry. Keys go into the registry's SecretStore and never come
 * back: configs carry `hasKey` only. `test` runs one real search, on a saved provider by name or
 * on a draft config from the settings form (which reuses the stored key of the same name).
 * `health` runs every search provider's `healthCheck` (through `healthChecks`, the research search).
 */
export function createProvidersPort(registry: ProviderRegistry, healthChecks?: () => Promise<MethodOutput<"providers.health">["providers"]>): ProvidersPort {
  return {
    async health() {
      return { providers: healthChecks ? await healthChecks() : [] };
    },
    async list() {
      return { providers: await registry.list() };
    },
    async save(input) {
      return { provider: await registry.save(input) };
    },
    async delete(input) {
      await registry.delete(input.name);
      return { ok: true };
    },
    async test(input) {
      if (!input.config && !input.name) throw new ScriptoriumError("bad_request", "providers.test needs a provider name or a config.");
      const provider = input.config ? await registry.draftProvider(input.config) : await registry.provider(input.name ?? "");
      return provider.test(input.query);
    },
  };
}
