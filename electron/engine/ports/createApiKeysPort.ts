import type { MethodParsedInput } from "../../../shared/api.js";
import type { ApiKeysPort } from "../EngineServices.js";
import type { SecretStore } from "../search/SecretStore.js";

/**
 * Secret name per backend. `openai` must equal `OPENAI_API_KEY_SECRET` in llm/createLlmClient.ts
 * (asserted by the app engine test); not imported from there because that module pulls in the LLM
 * providers, which the engine loads only when a remote backend is used.
 */
export const API_KEY_SECRET_NAMES: Record<MethodParsedInput<"settings.setApiKey">["backend"], string> = {
  openai: "openai.apiKey",
};

/** `settings.setApiKey` over a SecretStore: keys are written or deleted, never read back. */
export function createApiKeysPort(secrets: SecretStore): ApiKeysPort {
  return {
    async setApiKey(backend, apiKey) {
      const name = API_KEY_SECRET_NAMES[backend];
      if (apiKey === null) await secrets.delete(name);
      else await secrets.set(name, apiKey);
    },
  };
}
