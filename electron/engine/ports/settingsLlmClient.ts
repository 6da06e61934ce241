import type { z } from "zod";
import type { LoadedModelSchema } from "../../../shared/api.js";
import type { Settings } from "../../../shared/models.js";
import type { LazyLlamaCppClient } from "../lazyLlamaCppClient.js";
import type { LlmSecrets } from "../llm/createLlmClient.js";
import type { GenerateStructuredOptions, GenerateTextOptions, GenerateTextResult, LlmClient, StructuredResult } from "../llm/LlmClient.js";
import type { LlmService } from "../llm/LlmService.js";
import type { RemoteTimeouts } from "../llm/remoteRequest.js";

export type LoadedModel = z.infer<typeof LoadedModelSchema>;

export interface SettingsLlmOptions {
  settings: () => Settings;
  /** The in-process llama.cpp client (createEngine's lazy default) used when `backend` is `llamacpp`. */
  local: LazyLlamaCppClient;
  /** Where the OpenAI-compatible key lives (`openai.apiKey`). */
  secrets?: LlmSecrets;
  timeouts?: RemoteTimeouts;
}

/** The workflows' LLM that follows `settings.backend`, with what `health` needs. */
export interface SettingsLlmClient extends LlmClient {
  /** The model in use: the loaded llama.cpp model, or the configured remote model; null before the first local load. */
  loaded(): LoadedModel | null;
  dispose(): Promise<void>;
}

/**
 * Picks the backend per call from the current settings, so a change in Settings applies to the
 * next call without a restart: llama.cpp goes to the lazy in-process client (which reloads on a
 * model change itself), Ollama and OpenAI-compatible servers get a client from `createLlmClient`,
 * rebuilt when their settings change. The remote clients' modules (LangChain) load only when chosen.
 */
export function settingsLlmClient(options: SettingsLlmOptions): SettingsLlmClient {
  let remote: { key: string; client: LlmClient } | null = null;
  let placeholder: LlmService | null = null;

  async function current(): Promise<LlmClient> {
    const settings = options.settings();
    if (settings.backend === "llamacpp") return options.local;
    const key = JSON.stringify([settings.backend, settings.ollama, settings.openai]);
    if (remote?.key !== key) {
      const [{ createLlmClient }, { LlmService }] = await Promise.all([import("../llm/createLlmClient.js"), import("../llm/LlmService.js")]);
      // createLlmClient wants the llama.cpp owner for the local backend only; remote clients never touch it.
      placeholder ??= new LlmService();
      const client = createLlmClient(settings, { llmService: placeholder, ...(options.secrets ? { secrets: options.secrets } : {}), ...(options.timeouts ? { timeouts: options.timeouts } : {}) });
      remote = { key, client };
    }
    return remote.client;
  }

  return {
    get id() {
      const settings = options.settings();
      return settings.backend === "llamacpp" ? options.local.id : (remote?.client.id ?? `${settings.backend}:${settings.backend === "ollama" ? settings.ollama.model : settings.openai.model}`);
    },
    async generateText(call: GenerateTextOptions): Promise<GenerateTextResult> {
      return (await current()).generateText(call);
    },
    async generateStructured<T>(call: GenerateStructuredOptions<T>): Promise<StructuredResult<T>> {
      return (await current()).generateStructured(call);
    },
    loaded() {
      const settings = options.settings();
      switch (settings.backend) {
        case "llamacpp": {
          const info = options.local.service?.model;
          return info ? { backend: "llamacpp", model: info.name, threads: info.threads, sequences: info.sequences, contextSize: info.contextSize } : null;
        }
        case "ollama":
          return { backend: "ollama", model: settings.ollama.model, threads: null, sequences: null, contextSize: settings.ollama.numCtx };
        case "openai":
          return { backend: "openai", model: settings.openai.model, threads: null, sequences: null, contextSize: null };
      }
    },
    async dispose() {
      await options.local.dispose();
      await placeholder?.dispose();
    },
  };
}
