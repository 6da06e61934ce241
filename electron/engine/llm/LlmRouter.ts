import { randomUUID } from "node:crypto";
import path from "node:path";
import type { z } from "zod";
import type { LoadedModelSchema } from "../../../shared/api.js";
import { ScriptoriumError } from "../../../shared/errors.js";
import type { Settings, ThinkingMode } from "../../../shared/models.js";
import type { GenerateStructuredOptions, GenerateTextOptions, GenerateTextResult, LlmClient, RankChoicesOptions, StructuredResult } from "./LlmClient.js";
import type { LlmService } from "./LlmService.js";
import type { RemoteTimeouts } from "./remoteRequest.js";
import { currentSessionScope } from "./sessionLlmScope.js";

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
  /** The catalog's 思考 default for a model (by file name); absent = `budget`. */
  thinkingDefault?: (model: string) => ThinkingMode | undefined;
}

/** Remote providers kept at once (one per backend + model + settings): sessions on a few models. */
const MAX_REMOTE_CLIENTS = 8;

/**
 * The workflows' one LLM: picks the backend per call from the current settings, so a change in
 * Settings applies to the next call without a restart. llama.cpp runs in process, loaded on first
 * use and reloaded when the model or its llama.cpp settings change; Ollama and OpenAI-compatible
 * servers get a provider rebuilt when their settings change. node-llama-cpp and the remote
 * providers' modules (LangChain) are imported only when chosen, so starting the engine — and
 * every test that injects its own LLM — never pays for them.
 *
 * A session started with its own model (see sessionLlmScope) gets that model for each of its
 * calls. Remote sessions on different models run side by side; llama.cpp holds one model in
 * memory, so sessions on two local models take turns: a switch waits until no call is in flight
 * on the loaded one.
 */
export class LlmRouter implements LlmClient {
  private service_: LlmService | null = null;
  private local: LlmClient | null = null;
  private loadedKey: string | null = null;
  private loading: Promise<void> | null = null;
  private readonly remotes = new Map<string, LlmClient>();
  /** Calls running on the loaded llama.cpp model; a switch to another waits for 0. */
  private localInFlight = 0;
  private localIdle: Array<() => void> = [];
  private loadJob: { task: string; controller: AbortController } | null = null;
  private disposed = false;

  constructor(private readonly options: LlmRouterOptions) {}

  get id(): string {
    const settings = this.options.settings();
    if (settings.backend === "llamacpp") return this.local?.id ?? "llamacpp:none";
    return `${settings.backend}:${currentSessionScope()?.model ?? (settings.backend === "ollama" ? settings.ollama.model : settings.openai.model)}`;
  }

  /** The in-process llama.cpp owner, once the first local call created it. */
  get service(): LlmService | null {
    return this.service_;
  }

  countTokens(text: string): Promise<number> {
    return this.withClient((client) => client.countTokens(text));
  }

  contextTokens(): Promise<number> {
    return this.withClient((client) => client.contextTokens());
  }

  generateText(call: GenerateTextOptions): Promise<GenerateTextResult> {
    return this.withClient(async (client, model) => {
      const scope = currentSessionScope();
      const thinking = call.thinking ?? scope?.thinking ?? this.thinkingOf(model);
      const result = await client.generateText({ ...call, thinking });
      if (result.thinking?.cut && Number.isFinite(result.thinking.budgetTokens)) {
        scope?.onThinkingCut?.({ step: call.tag?.step ?? "text", budgetTokens: result.thinking.budgetTokens, tokens: result.thinking.tokens });
      }
      return result;
    });
  }

  generateStructured<T>(call: GenerateStructuredOptions<T>): Promise<StructuredResult<T>> {
    return this.withClient((client) => client.generateStructured(call));
  }

  rankChoices(call: RankChoicesOptions): Promise<number[] | null> {
    return this.withClient(async (client) => (client.rankChoices ? client.rankChoices(call) : null));
  }

  /** 思考 of a model: the user's setting for it, else the catalog's default, else `budget`. */
  thinkingOf(model: string): ThinkingMode {
    return this.options.settings().thinking?.[model] ?? this.options.thinkingDefault?.(model) ?? "budget";
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

  /**
   * Run `fn` on the client of the current call's model: the session's own, else the app's. A
   * llama.cpp call counts as in flight on the loaded model until it ends, so a session on another
   * local model does not unload it under the call.
   */
  private async withClient<T>(fn: (client: LlmClient, model: string) => Promise<T>): Promise<T> {
    if (this.disposed) throw new ScriptoriumError("unavailable", "The model has been unloaded (engine shutting down).");
    const settings = this.options.settings();
    const sessionModel = currentSessionScope()?.model;
    if (settings.backend !== "llamacpp") {
      const model = sessionModel ?? (settings.backend === "ollama" ? settings.ollama.model : settings.openai.model);
      if (!model.trim()) throw new ScriptoriumError("model_missing", `No ${settings.backend === "ollama" ? "Ollama" : "server"} model is named: enter its name in Settings → Models.`);
      return fn(await this.ensureRemote(settings, model), model);
    }
    const modelPath = sessionModel
      ? path.resolve(this.options.modelsDir, sessionModel)
      : (this.options.modelPath ?? (settings.chatModel ? path.resolve(this.options.modelsDir, settings.chatModel) : null));
    if (!modelPath) throw new ScriptoriumError("model_missing", "No chat model is selected. Import or download a GGUF model in Settings → Models.");
    const wanted = { modelPath, threads: settings.threads, sequences: settings.sequences, contextSize: settings.contextSize };
    const key = JSON.stringify(wanted);
    // The check and the count happen in one tick after each wait, so no switch slips between
    // them; a call that loads its model counts as in flight from the start of the load.
    let counted = false;
    while (!counted && (this.loadedKey !== key || this.loading)) {
      if (this.loading) await this.loading.catch(() => undefined);
      else if (this.localInFlight > 0) await new Promise<void>((resolve) => this.localIdle.push(resolve));
      else {
        this.localInFlight++;
        counted = true;
        try {
          await this.ensureLocal(wanted, key);
        } catch (error) {
          this.releaseLocal();
          throw error;
        }
      }
      if (this.disposed) {
        if (counted) this.releaseLocal();
        throw new ScriptoriumError("unavailable", "The model has been unloaded (engine shutting down).");
      }
    }
    if (!counted) this.localInFlight++;
    try {
      // The model as Settings names it (an installed id), so its 思考 setting is found.
      return await fn(this.local!, sessionModel ?? (this.options.modelPath ? path.basename(modelPath) : (settings.chatModel ?? path.basename(modelPath))));
    } finally {
      this.releaseLocal();
    }
  }

  private releaseLocal(): void {
    if (--this.localInFlight === 0) for (const wake of this.localIdle.splice(0)) wake();
  }

  private async ensureLocal(wanted: { modelPath: string; threads: number; sequences: number; contextSize: number }, key: string): Promise<void> {
    const modelPath = wanted.modelPath;
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
  }

  private async ensureRemote(settings: Settings, model: string): Promise<LlmClient> {
    const key = JSON.stringify([settings.backend, settings.ollama, settings.openai, model]);
    const known = this.remotes.get(key);
    if (known) return known;
    const timeouts = this.options.timeouts;
    let client: LlmClient;
    if (settings.backend === "ollama") {
      const { OllamaProvider } = await import("./OllamaProvider.js");
      client = new OllamaProvider({ ...settings.ollama, model, timeouts });
    } else {
      const { OpenAICompatibleProvider } = await import("./OpenAICompatibleProvider.js");
      const secrets = this.options.secrets;
      client = new OpenAICompatibleProvider({
        baseUrl: settings.openai.baseUrl,
        model,
        // Read per request, never kept: a key changed in Settings applies to the next call.
        apiKey: settings.openai.hasKey && secrets ? () => secrets.get(OPENAI_API_KEY_SECRET) : null,
        timeouts,
      });
    }
    // Oldest out: settings changed or sessions on many models came and went.
    if (this.remotes.size >= MAX_REMOTE_CLIENTS) this.remotes.delete(this.remotes.keys().next().value!);
    this.remotes.set(key, client);
    return client;
  }
}
