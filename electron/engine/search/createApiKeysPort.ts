import type { MethodParsedInput } from "../../../shared/api.js";
import type { ApiKeysPort } from "./ProvidersPort.js";
import { OPENAI_API_KEY_SECRET } from "../llm/LlmRouter.js";
import type { SecretStore } from "./SecretStore.js";

/** Secret name per backend; the LLM router reads the same name. */
export const API_KEY_SECRET_NAMES: Record<MethodParsedInput<"settings.setApiKey">["backend"], string> = {
  openai: OPENAI_API_KEY_SECRET,
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
