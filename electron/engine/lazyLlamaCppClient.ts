import path from "node:path";
import { ScriptoriumError } from "../../shared/errors.js";
import type { Settings } from "../../shared/models.js";
import type { GenerateStructuredOptions, GenerateTextOptions, GenerateTextResult, LlmClient, StructuredResult } from "./llm/LlmClient.js";
import type { LlmService } from "./llm/LlmService.js";

export interface LazyLlamaCppOptions {
  settings: () => Settings;
  /** `<dataDir>/models`; a relative `chatModel` setting is resolved against it. */
  modelsDir: string;
  /** A GGUF given on the command line; wins over the `chatModel` setting. */
  modelPath?: string | null;
}

/** The default workflow LLM, with the service exposed for health and disposal. */
export interface LazyLlamaCppClient extends LlmClient {
  /** The service, once the first call created it. */
  readonly service: LlmService | null;
  dispose(): Promise<void>;
}

/**
 * In-process llama.cpp that loads on first use and reloads when the model or its llama.cpp
 * settings change. node-llama-cpp is imported lazily so starting the engine (and every test that
 * injects its own LLM) does not pay for the native binding. Placeholder until the LLM layer
 * provides a backend-aware `createLlmClient`.
 */
export function lazyLlamaCppClient(options: LazyLlamaCppOptions): LazyLlamaCppClient {
  let service: LlmService | null = null;
  let client: LlmClient | null = null;
  let loadedKey: string | null = null;
  let loading: Promise<void> | null = null;
  let disposed = false;

  async function ensure(): Promise<LlmClient> {
    if (disposed) throw new ScriptoriumError("unavailable", "The model has been unloaded (engine shutting down).");
    const settings = options.settings();
    if (settings.backend !== "llamacpp") {
      throw new ScriptoriumError("unavailable", `The ${settings.backend} backend is not wired into this build yet; choose llama.cpp in Settings.`);
    }
    const modelPath = options.modelPath ?? (settings.chatModel ? path.resolve(options.modelsDir, settings.chatModel) : null);
    if (!modelPath) throw new ScriptoriumError("model_missing", "No chat model is selected. Import or download a GGUF model in Settings → Models.");
    const wanted = { modelPath, threads: settings.threads, sequences: settings.sequences, contextSize: settings.contextSize };
    const key = JSON.stringify(wanted);
    while (loadedKey !== key) {
      if (!loading) {
        loading = (async () => {
          const [{ LlmService }, { LlamaCppProvider }] = await Promise.all([import("./llm/LlmService.js"), import("./llm/LlamaCppProvider.js")]);
          service ??= new LlmService();
          client ??= new LlamaCppProvider(service);
          loadedKey = null;
          await service.load(wanted);
          loadedKey = key;
        })().finally(() => {
          loading = null;
        });
      }
      await loading;
    }
    return client as LlmClient;
  }

  return {
    get id() {
      return client?.id ?? "llamacpp:none";
    },
    get service() {
      return service;
    },
    async generateText(call: GenerateTextOptions): Promise<GenerateTextResult> {
      return (await ensure()).generateText(call);
    },
    async generateStructured<T>(call: GenerateStructuredOptions<T>): Promise<StructuredResult<T>> {
      return (await ensure()).generateStructured(call);
    },
    async dispose() {
      disposed = true;
      await loading?.catch(() => undefined);
      await service?.dispose();
    },
  };
}
