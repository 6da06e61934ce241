import path from "node:path";
import { createEngine, type CreateEngineOptions } from "./createEngine.js";
import type { Engine } from "./Engine.js";
import type { EngineContext, PortFactory } from "./EngineServices.js";
import type { KnowledgePortOptions } from "./knowledge/createKnowledgePort.js";
import { lazyKnowledgePort, type LazyKnowledgePort } from "./knowledge/lazyKnowledgePort.js";
import { LlmRouter, OPENAI_API_KEY_SECRET } from "./llm/LlmRouter.js";
import { createModelsPort, type ModelsPortHandle, type ModelsPortOptions } from "./llm/manager/createModelsPort.js";
import { createProvidersPort } from "./search/createProvidersPort.js";
import { createResearchSearch } from "./search/createResearchSearch.js";
import { defaultAppRoot } from "./defaultAppRoot.js";
import type { CatalogReranker } from "./knowledge/LlamaReranker.js";
import { resolveThreads } from "./llm/physicalCoreCount.js";
import { lazyRenderer } from "./export/ExportPort.js";
import { modelWarnings } from "./llm/manager/modelWarnings.js";
import { FileSecretStore } from "./search/FileSecretStore.js";
import { ProviderRegistry, type ProviderRegistryOptions } from "./search/ProviderRegistry.js";
import type { SearchService } from "./search/SearchService.js";
import type { SecretStore } from "./search/SecretStore.js";
import { createFileLogger, type FileLogger } from "./diagnostics/fileLogger.js";
import { S3_ACCESS_KEY_SECRET, S3_SECRET_KEY_SECRET } from "./knowledge/LibraryLocation.js";
import { SYSTEM_STREAM } from "../../shared/events.js";
import { systemStreamCursor } from "../../shared/cli/waitForTask.js";

export interface CreateAppEngineOptions extends CreateEngineOptions {
  /** Folder with `models/catalog.json` and `rules/`; default: the repo root or the packaged app folder. */
  appRoot?: string;
  /** Provider and OpenAI keys; default `FileSecretStore(<dataDir>/secrets.json)` (Electron passes its safeStorage store). */
  secrets?: SecretStore;
  /** Knowledge port tuning (tests inject an embedder loader or a batch size). */
  knowledgeOptions?: KnowledgePortOptions;
  /** ModelManager knobs: memory probes, download timeouts and retries. */
  modelManager?: ModelsPortOptions["manager"];
  /** Retry and breaker tuning of every intranet provider. */
  providerDefaults?: ProviderRegistryOptions["providerDefaults"];
  /** Deadline per search provider in ms; default 20 000. */
  perProviderTimeoutMs?: number;
}

/** The services behind the ports, for the doc generator, benchmarks and tests. */
export interface AppServices {
  readonly appRoot: string;
  readonly knowledge: LazyKnowledgePort;
  readonly models: ModelsPortHandle;
  readonly registry: ProviderRegistry;
  readonly search: SearchService;
  readonly secrets: SecretStore;
  /** The settings-driven LLM router; null when the caller injected its own LLM. */
  readonly llm: LlmRouter | null;
  /** The log file (`<dataDir>/logs/scriptorium.log`): start, failed tasks and errors, secrets redacted. */
  readonly log: FileLogger;
}

/** The engine as the app runs it, plus the app's own services. */
export type AppEngine = Engine & { readonly app: AppServices };

/**
 * The engine as the app runs it: `createEngine`'s composition root with every service real, each
 * built once and in order by a factory over the engine context — secrets (given, or
 * `<dataDir>/secrets.json`) → the LLM router reading the OpenAI key from them → the knowledge
 * service (LanceDB, loaded on first use) → research search over the library and the enabled
 * intranet providers (`<dataDir>/providers.json`) → the ModelManager (downloads report progress on
 * the system stream) → providers → the exporter. Every option of `createEngine` still overrides its part. Only SQLite is
 * loaded at start: LanceDB, docx and llama.cpp are imported on first use, so `health` or a CLI
 * listing starts fast.
 */
export async function createAppEngine(options: CreateAppEngineOptions): Promise<AppEngine> {
  const appRoot = options.appRoot ?? defaultAppRoot();
  const dataRoot = path.resolve(options.dataDir);
  const secrets = options.secrets ?? new FileSecretStore(path.join(dataRoot, "secrets.json"));
  const registry = new ProviderRegistry({
    filePath: path.join(dataRoot, "providers.json"),
    secrets,
    ...(options.providerDefaults ? { providerDefaults: options.providerDefaults } : {}),
  });
  // Built by the factories below, which createEngine calls once each, in its order. The app's own
  // knowledge and models services exist even when a test overrides the engine's port (`app.*`
  // and the CLI use them); nothing heavy loads until first use.
  // node-llama-cpp is imported only when a library search first asks for the reranker.
  let libraryReranker: Promise<CatalogReranker> | undefined;
  /** The id the `--model` file is listed under, once registered. */
  let cliModelId: string | null = null;
  const built: { llm: LlmRouter | null; knowledge?: LazyKnowledgePort; search?: SearchService; models?: ModelsPortHandle } = { llm: null };

  const engine = await createEngine({
    ...options,
    secrets,
    llm: (context) => {
      if (options.llm) return typeof options.llm === "function" ? options.llm(context) : options.llm;
      built.llm = context.llm as LlmRouter; // createEngine's default router, already over `secrets`
      return built.llm;
    },
    knowledge: (context) => {
      built.knowledge = lazyKnowledgePort(context, {
        // Remote embeddings use the OpenAI-compatible endpoint's key, read per request from the secret store.
        openaiApiKey: async () => secrets.get(OPENAI_API_KEY_SECRET),
        secret: async (name) => secrets.get(name),
        ...options.knowledgeOptions,
      });
      return override(options.knowledge, context) ?? built.knowledge;
    },
    search: (context) => {
      // The catalog reranker, loaded on the first library search and only when its file is installed.
      const reranker = async () => {
        libraryReranker ??= import("./knowledge/LlamaReranker.js").then(({ catalogReranker }) =>
          catalogReranker(context.dataDir.models, () => resolveThreads(context.settings().threads)),
        );
        return (await libraryReranker)();
      };
      built.search = createResearchSearch({
        chunks: built.knowledge!.chunks,
        registry,
        reranker,
        llm: () => context.llm,
        ...(options.perProviderTimeoutMs ? { perProviderTimeoutMs: options.perProviderTimeoutMs } : {}),
      });
      return override(options.search, context) ?? built.search;
    },
    models: (context) => {
      const models: ModelsPortHandle = createModelsPort({
        modelsDir: context.dataDir.models,
        catalogPath: path.join(appRoot, "models", "catalog.json"),
        settings: context.settings,
        updateSettings: (patch) => context.updateSettings(patch),
        emit: context.emit,
        loaded: () => built.llm?.loaded() ?? null,
        // The command line's model by the id it is listed under, so the warning names what the badge names.
        warnings: () => modelWarnings(context.settings(), cliModelId ?? context.modelPath, models.manager),
        ...(options.modelManager ? { manager: options.modelManager } : {}),
      });
      models.remote = async (input = {}) => {
        const { openai, ollama } = context.settings();
        const { listRemoteModels } = await import("./llm/listRemoteModels.js");
        // Ollama serves the same model list on its OpenAI-compatible `/v1`: one request tests its address too.
        if (input.backend === "ollama") return { models: await listRemoteModels({ baseUrl: `${(input.baseUrl ?? ollama.baseUrl).replace(/\/+$/, "")}/v1` }) };
        return {
          models: await listRemoteModels({ baseUrl: input.baseUrl ?? openai.baseUrl, apiKey: openai.hasKey ? await secrets.get(OPENAI_API_KEY_SECRET) : null }),
        };
      };
      built.models = models;
      return override(options.models, context) ?? models;
    },
    providers: options.providers ?? (() => createProvidersPort(registry, async () => (built.search ? built.search.healthCheck() : []))),
    exporter: options.exporter ?? (() => lazyRenderer()),
    onDispose: async () => {
      await options.onDispose?.();
      if (libraryReranker) await (await libraryReranker).dispose();
      // The app's own services an override kept out of the engine's disposal list.
      if (options.knowledge) await built.knowledge?.dispose();
      if (options.models) await built.models?.dispose();
    },
  });
  const { knowledge, search, models } = built;
  if (!knowledge || !search || !models) throw new Error("createAppEngine: the services were not built");
  if (options.modelPath) {
    // A model named on the command line is used where it lies and listed like an installed one,
    // so the first-run onboarding does not ask for a model the user already gave. A bad file is
    // reported when it is first used (model_invalid naming it), not here.
    const registered = await models.manager.registerExternal(options.modelPath).catch(() => null);
    // It writes this run, so it is the chat model Settings and the welcome dialog show: one file, one entry, one name.
    if (registered) {
      cliModelId = registered.id;
      if (engine.parts.settings.get().chatModel !== registered.id) engine.parts.settings.update({ chatModel: registered.id });
    }
  }
  const log = await startLog(engine, dataRoot, secrets);
  return Object.assign(engine, { app: { appRoot, knowledge, models, registry, search, secrets, llm: built.llm, log } });
}

/**
 * The rotating log file: one line at start, then every error and failed task of the system
 * stream. The known keys (OpenAI endpoint, object store) are read once and redacted by value;
 * credential shapes are redacted whatever their value.
 */
async function startLog(engine: Engine, dataRoot: string, secrets: SecretStore): Promise<FileLogger> {
  const settings = await engine.call("settings.get", {});
  const known = await Promise.all([OPENAI_API_KEY_SECRET, S3_ACCESS_KEY_SECRET, S3_SECRET_KEY_SECRET].map((name) => secrets.get(name).catch(() => null)));
  const log = createFileLogger({ dir: path.join(dataRoot, "logs"), level: settings.logLevel, secrets: () => known });
  log.info(`engine started: data dir ${dataRoot}, node ${process.versions.node}, pid ${process.pid}`);
  const cursor = await systemStreamCursor(engine);
  engine.subscribe(SYSTEM_STREAM, cursor, (event) => {
    if (event.type === "error") log.error(`${event.error.code}: ${event.error.message}`);
    else if (event.type === "progress" && event.message?.startsWith("failed")) log.warn(`${event.task}: ${event.message}`);
    else if (event.type === "progress" && event.total !== null && event.done >= event.total) log.info(`${event.task}: ${event.message ?? "done"}`);
  });
  return log;
}

/** An injected service (or factory) of the caller, resolved against the context. */
function override<T>(factory: PortFactory<T> | undefined, context: EngineContext): T | undefined {
  if (factory === undefined) return undefined;
  return typeof factory === "function" ? (factory as (context: EngineContext) => T)(context) : factory;
}
