import path from "node:path";
import type { ProvidersPort } from "../../../electron/engine/EngineServices.js";
import { ProviderRegistry } from "../../../electron/engine/search/ProviderRegistry.js";
import { IntranetHttpProvider } from "../../../electron/engine/search/IntranetHttpProvider.js";
import { FileSecretStore } from "../../../electron/engine/search/FileSecretStore.js";

/** Providers port over the real registry and HTTP provider, as the server entry point wires it. */
export function e2eProvidersPort(dataDir: string): ProvidersPort {
  const registry = new ProviderRegistry({ filePath: path.join(dataDir, "providers.json"), secrets: new FileSecretStore(path.join(dataDir, "secrets.json")) });
  return {
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
      const provider = input.config ? new IntranetHttpProvider({ config: input.config, maxAttempts: 1 }) : await registry.provider(input.name ?? "");
      return provider.test(input.query);
    },
  };
}
