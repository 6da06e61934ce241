import { randomUUID } from "node:crypto";
import path from "node:path";
import type { z } from "zod";
import type { LoadedModelSchema } from "../../../shared/api.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { Settings } from "../../../shared/models.js";
import type { GenerateStructuredOptions, GenerateTextOptions, GenerateTextResult, LlmClient, StructuredResult } from "./LlmClient.js";
import type { LlmService } from "./LlmService.js";
import type { RemoteTimeouts } from "./remoteRequest.js";

export type LoadedModel = z.infer<typeof LoadedModelSchema>;

/** Where stored secrets come from (the app's SecretStore); only `openai.apiKey` is read. */
export interface LlmSecrets {
  get(name: string): Promise<string | null | undefined> | string | null | undefined;
}

/** Secret name of the OpenAI-compatible bearer key (the ApiKeysPort writes it, the router reads it). */
export const OPENAI_API_KEY_SECRET = "openai.apiKey";

export interface LlmRouterOptions {
  settings: () => Settings;
  /** `<dataDir>/models`; a relative `chatModel` setting is resolved against it. */
  modelsDir: string;
  /** A GGUF given on the command line; wins over the `chatModel` setting. */
  modelPath?: string | null;
  secrets?: LlmSecrets;
  /** Timeouts of the Ollama / OpenAI-compatible backends. */
  timeouts?: RemoteTimeouts;
  /** Progress of a llama.cpp model load (percent), under a task id `cancelLoad` accepts. */
  onLoadProgress?: (progress: { task: string; done: number; total: number; message: string }) => void;
}

/**
 * The workflows' one LLM: picks the backend per call from the current settings, so a change in
 * Settings applies to the next call without a restart. llama.cpp runs in process, loaded on first
 * use and reloaded when the model or its llama.cpp settings change; Ollama and OpenAI-compatible
 * servers get a provider rebuilt when their settings change. node-llama-cpp and the remote
 * providers' modules (LangChain) are imported only when chosen, so starting the engine — and
 * every test that injects its own LLM — never pays for them.
 */
export class LlmRouter implements LlmClient {
  private service_: LlmService | null = null;
  private local: LlmClient | null = null;
  private loadedKey: string | null = null;
  private loading: Promise<void> | null = null;
  private remote: { key: string; client: LlmClient } | null = null;
  private loadJob: { task: string; controller: AbortController } | null = null;
  private disposed = false;

  constructor(private readonly options: LlmRouterOptions) {}

  get id(): string {
    const settings = this.options.settings();
    if (settings.backend === "llamacpp") return this.local?.id ?? "llamacpp:none";
    return this.remote?.client.id ?? `${settings.backend}:${settings.backend === "ollama" ? settings.ollama.model : settings.openai.model}`;
  }

  /** The in-process llama.cpp owner, once the first local call created it. */
  get service(): LlmService | null {
    return this.service_;
  }

  async countTokens(text: string): Promise<number> {
    return (await this.current()).countTokens(text);
  }

  async contextTokens(): Promise<number> {
    return (await this.current()).contextTokens();
  }

  async generateText(call: GenerateTextOptions): Promise<GenerateTextResult> {
    return (await this.current()).generateText(call);
  }

  async generateStructured<T>(call: GenerateStructuredOptions<T>): Promise<StructuredResult<T>> {
    return (await this.current()).generateStructured(call);
  }

  /** The model in use, for `health`: the loaded llama.cpp model, or the configured remote model; null before the first local load. */
  loaded(): LoadedModel | null {
    const settings = this.options.settings();
    switch (settings.backend) {
      case "llamacpp": {
        const info = this.service_?.model;
        return info ? { backend: "llamacpp", model: info.name, threads: info.threads, sequences: info.sequences, contextSize: info.contextSize } : null;
      }
      case "ollama":
        return { backend: "ollama", model: settings.ollama.model, threads: null, sequences: null, contextSize: settings.ollama.numCtx };
      case "openai":
        return { backend: "openai", model: settings.openai.model, threads: null, sequences: null, contextSize: null };
    }
  }

  /** Aborts the model load reporting progress as `task`; false when no such load runs. */
  cancelLoad(task: string): boolean {
    if (this.loadJob?.task !== task) return false;
    this.loadJob.controller.abort();
    return true;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    await this.loading?.catch(() => undefined);
    await this.service_?.dispose();
  }

  private async current(): Promise<LlmClient> {
    if (this.disposed) throw new ScriptoriumError("unavailable", "The model has been unloaded (engine shutting down).");
    const settings = this.options.settings();
    return settings.backend === "llamacpp" ? this.ensureLocal(settings) : this.ensureRemote(settings);
  }

  private async ensureLocal(settings: Settings): Promise<LlmClient> {
    const modelPath = this.options.modelPath ?? (settings.chatModel ? path.resolve(this.options.modelsDir, settings.chatModel) : null);
    if (!modelPath) throw new ScriptoriumError("model_missing", "No chat model is selected. Import or download a GGUF model in Settings → Models.");
    const wanted = { modelPath, threads: settings.threads, sequences: settings.sequences, contextSize: settings.contextSize };
    const key = JSON.stringify(wanted);
    // Bounded: each pass either finds the wanted model loaded or waits for one load to finish.
    while (this.loadedKey !== key) {
      this.loading ??= (async () => {
        const [{ LlmService }, { LlamaCppProvider }] = await Promise.all([import("./LlmService.js"), import("./LlamaCppProvider.js")]);
        this.service_ ??= new LlmService();
        this.local ??= new LlamaCppProvider(this.service_);
        this.loadedKey = null;
        const job = { task: `model-load-${randomUUID()}`, controller: new AbortController() };
        const name = path.basename(modelPath);
        const report = (fraction: number) => this.options.onLoadProgress?.({ task: job.task, done: Math.round(fraction * 100), total: 100, message: name });
        this.loadJob = job;
        report(0);
        try {
          await this.service_.load({ ...wanted, onProgress: report, signal: job.controller.signal });
        } finally {
          // The bar ends whether the load finished, failed or was cancelled.
          report(1);
          this.loadJob = null;
        }
        this.loadedKey = key;
      })().finally(() => {
        this.loading = null;
      });
      await this.loading;
    }
    return this.local!;
  }

  private async ensureRemote(settings: Settings): Promise<LlmClient> {
    const key = JSON.stringify([settings.backend, settings.ollama, settings.openai]);
    if (this.remote?.key === key) return this.remote.client;
    const timeouts = this.options.timeouts;
    let client: LlmClient;
    if (settings.backend === "ollama") {
      const { OllamaProvider } = await import("./OllamaProvider.js");
      client = new OllamaProvider({ ...settings.ollama, timeouts });
    } else {
      const { OpenAICompatibleProvider } = await import("./OpenAICompatibleProvider.js");
      const secrets = this.options.secrets;
      client = new OpenAICompatibleProvider({
        baseUrl: settings.openai.baseUrl,
        model: settings.openai.model,
        // Read per request, never kept: a key changed in Settings applies to the next call.
        apiKey: settings.openai.hasKey && secrets ? () => secrets.get(OPENAI_API_KEY_SECRET) : null,
        timeouts,
      });
    }
    this.remote = { key, client };
    return client;
  }
}
