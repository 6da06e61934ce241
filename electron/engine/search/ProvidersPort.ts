import type { MethodOutput, MethodParsedInput } from "../../../shared/api.js";

type Ok = { ok: true };

export interface ProvidersPort {
  list(): Promise<MethodOutput<"providers.list">>;
  save(input: MethodParsedInput<"providers.save">): Promise<MethodOutput<"providers.save">>;
  delete(input: MethodParsedInput<"providers.delete">): Promise<Ok>;
  test(input: MethodParsedInput<"providers.test">): Promise<MethodOutput<"providers.test">>;
  /** Each search provider's health check; absent → no providers reported. */
  health?(): Promise<MethodOutput<"providers.health">>;
  dispose?(): Promise<void> | void;
}

/**
 * Where the LLM backends' API keys are kept (the SecretStore). Write-only on purpose: no method
 * reads a key back, so no API answer can carry one.
 */
export interface ApiKeysPort {
  /** Store the key of `backend`, or remove it when `apiKey` is null. */
  setApiKey(backend: MethodParsedInput<"settings.setApiKey">["backend"], apiKey: string | null): Promise<void>;
  dispose?(): Promise<void> | void;
}
