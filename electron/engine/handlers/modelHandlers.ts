import type { ModelsPort } from "../llm/manager/ModelsPort.js";
import type { ApiKeysPort } from "../search/ProvidersPort.js";
import type { SettingsStore } from "../storage/SettingsStore.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { CoreHandlers } from "./CoreHandlers.js";
import { requirePort } from "./requirePort.js";

type ModelMethods = Extract<keyof CoreHandlers, `models.${string}` | `settings.${string}`>;

export interface ModelHandlerParts {
  settings: SettingsStore;
  models?: ModelsPort | undefined;
  /** Read at each call: the desktop app attaches its secret store after the engine starts. */
  apiKeys?: ApiKeysPort | undefined;
}

/** `models.*` and `settings.*`: the model files, the chosen models, settings and the API key. */
export function modelHandlers(parts: ModelHandlerParts): Pick<CoreHandlers, ModelMethods> {
  const { settings, models } = parts;
  const port = () => requirePort(models, "Model management");
  return {
    "models.list": async () => port().list(),
    "models.import": async (input) => port().import(input),
    "models.remote": async (input) => {
      const remote = port().remote;
      if (!remote) throw new ScriptoriumError("unavailable", "Listing the OpenAI-compatible endpoint's models is not configured.");
      return remote.call(models, input);
    },
    "models.download": async (input) => port().download(input),
    "models.cancelDownload": async (input) => port().cancelDownload(input),
    "models.pauseDownload": async (input) => port().pauseDownload(input),
    "models.resumeDownload": async (input) => port().resumeDownload(input),
    "models.select": async (input) => {
      if (models?.select) return models.select(input);
      const patch: Record<string, unknown> = {};
      if (input.chatModel !== undefined) patch.chatModel = input.chatModel;
      if (input.embeddingModel !== undefined) patch.embeddingModel = input.embeddingModel;
      return { settings: settings.update(patch) };
    },
    "settings.get": async () => settings.get(),
    "settings.update": async (patch) => settings.update(patch),
    "settings.setApiKey": async ({ backend, apiKey }) => {
      // The key goes to the secret store first: `hasKey` must never claim a key that was not saved.
      await requirePort(parts.apiKeys, "API key storage").setApiKey(backend, apiKey);
      const current = settings.get();
      // The whole settings, not `{openai}` alone: SettingsPatchSchema's `.partial()` keeps the
      // fields' defaults (zod 4), so a one-key patch would reset every other setting.
      return { settings: settings.update({ ...current, openai: { ...current.openai, hasKey: apiKey !== null } }) };
    },
  };
}
