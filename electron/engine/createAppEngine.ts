import path from "node:path";
import type { Settings } from "../../shared/models.js";
import { createEngine, type CreateEngineOptions } from "./createEngine.js";
import type { Engine } from "./Engine.js";
import type { EngineContext } from "./EngineServices.js";
import type { KnowledgePortOptions } from "./knowledge/createKnowledgePort.js";
import type { LazyLlamaCppClient } from "./lazyLlamaCppClient.js";
import type { RemoteTimeouts } from "./llm/remoteRequest.js";
import { createApiKeysPort } from "./ports/createApiKeysPort.js";
import { createModelsPort, type ModelsPortHandle, type ModelsPortOptions } from "./ports/createModelsPort.js";
import { createProvidersPort } from "./ports/createProvidersPort.js";
import { createResearchSearch } from "./ports/createResearchSearch.js";
import { defaultAppRoot } from "./ports/defaultAppRoot.js";
import { lazyArticleExporter } from "./ports/lazyArticleExporter.js";
import { lazyKnowledgePort, type LazyKnowledgePort } from "./ports/lazyKnowledgePort.js";
import { lazyRuleSearch } from "./ports/lazyRuleSearch.js";
import { modelWarnings } from "./ports/modelWarnings.js";
import { sessionMaterials } from "./ports/sessionMaterials.js";
import { settingsLlmClient, type SettingsLlmClient } from "./ports/settingsLlmClient.js";
import { RuleRepository } from "./rules/RuleRepository.js";
import { FileSecretStore } from "./search/FileSecretStore.js";
import { ProviderRegistry, type ProviderRegistryOptions } from "./search/ProviderRegistry.js";
import type { SearchService } from "./search/SearchService.js";
import type { SecretStore } from "./search/SecretStore.js";

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
  /** Timeouts of the Ollama / OpenAI-compatible backends. */
  remoteTimeouts?: RemoteTimeouts;
}

/** The services behind the ports, for the doc generator, benchmarks and tests. */
export interface AppServices {
  readonly appRoot: string;
  readonly knowledge: LazyKnowledgePort;
  readonly models: ModelsPortHandle;
  readonly registry: ProviderRegistry;
  readonly search: SearchService;
  readonly secrets: SecretStore;
  /** The settings-driven LLM; null when the caller injected its own. */
  readonly llm: SettingsLlmClient | null;
}

/** The engine as the app runs it, plus the rule repository (wired to the `rules` collection). */
export type AppEngine = Engine & { readonly rules: RuleRepository; readonly app: AppServices };

/**
 * Production composition root: `createEngine` with every port real. Models over the ModelManager
 * (downloads report progress on the system stream), the LLM chosen from settings, providers in
 * `<dataDir>/providers.json` with keys in the SecretStore, research search over the library and
 * the enabled intranet providers, the knowledge port, the exporter, the OpenAI-compatible key
 * (`settings.setApiKey`) in the same SecretStore, and the rule repository whose
 * chunks are indexed on first use. Every option of `createEngine` still overrides its part.
 * Only SQLite is loaded at start: the knowledge layer (LanceDB), the exporter (docx) and
 * llama.cpp are imported on first use, so `health` or a CLI listing starts fast.
 */
export async function createAppEngine(options: CreateAppEngineOptions): Promise<AppEngine> {
  const appRoot = options.appRoot ?? defaultAppRoot();
  let engine: Engine | null = null;
  const parts = () => {
    if (!engine) throw new Error("createAppEngine: the engine is not built yet");
    return engine.parts;
  };
  // The ports are built by createEngine's factories, in its order; each is made once here.
  // A holder, not `let`s: the factories fill it inside closures, which control-flow narrowing ignores.
  const made: { services: Omit<AppServices, "appRoot" | "llm"> | null; llm: SettingsLlmClient | null } = { services: null, llm: null };
  const rules = new RuleRepository({ dir: path.join(appRoot, "rules") });

  const services = (context: EngineContext) => {
    if (made.services) return made.services;
    const secrets = options.secrets ?? new FileSecretStore(path.join(context.dataDir.root, "secrets.json"));
    const registry = new ProviderRegistry({
      filePath: path.join(context.dataDir.root, "providers.json"),
      secrets,
      ...(options.providerDefaults ? { providerDefaults: options.providerDefaults } : {}),
    });
    const knowledge = lazyKnowledgePort(context, options.knowledgeOptions);
    const models = createModelsPort({
      modelsDir: context.dataDir.models,
      catalogPath: path.join(appRoot, "models", "catalog.json"),
      settings: context.settings,
      updateSettings: (patch: Partial<Settings>) => parts().settings.update(patch),
      emit: context.emit,
      loaded: () => made.llm?.loaded() ?? null,
      warnings: () => modelWarnings(context.settings(), context.modelPath, models.manager),
      ...(options.modelManager ? { manager: options.modelManager } : {}),
    });
    const search = createResearchSearch({
      knowledge: () => knowledge.service(),
      registry,
      ...(options.perProviderTimeoutMs ? { perProviderTimeoutMs: options.perProviderTimeoutMs } : {}),
    });
    rules.setSearch(lazyRuleSearch(rules, () => knowledge.service()));
    made.services = { knowledge, models, registry, search, secrets };
    return made.services;
  };

  const created = await createEngine({
    ...options,
    // Always a factory of ours, so the services exist even when every port is overridden.
    llm: (context) => {
      const { secrets } = services(context);
      if (options.llm) return typeof options.llm === "function" ? options.llm(context) : options.llm;
      made.llm = settingsLlmClient({
        settings: context.settings,
        local: context.llm as LazyLlamaCppClient,
        secrets,
        ...(options.remoteTimeouts ? { timeouts: options.remoteTimeouts } : {}),
      });
      return made.llm;
    },
    search: options.search ?? ((context) => services(context).search),
    models: options.models ?? ((context) => services(context).models),
    knowledge: options.knowledge ?? ((context) => services(context).knowledge),
    providers: options.providers ?? ((context) => createProvidersPort(services(context).registry)),
    exporter: options.exporter ?? lazyArticleExporter(async (sessionId) => sessionMaterials(await parts().runner.state(sessionId))),
    onDispose: async () => {
      await options.onDispose?.();
      // Services an override kept out of the engine's own disposal list.
      if (options.knowledge) await made.services?.knowledge.dispose();
      if (options.models) await made.services?.models.dispose();
    },
  });
  engine = created;
  if (!made.services) throw new Error("createAppEngine: the services were not built");
  if (options.modelPath) {
    // A model named on the command line is used where it lies and listed like an installed one,
    // so the first-run onboarding does not ask for a model the user already gave. A bad file is
    // reported when it is first used (model_invalid naming it), not here.
    await made.services.models.manager.registerExternal(options.modelPath).catch(() => undefined);
  }
  // createEngine has no option for it: the key store is the app's SecretStore, built above.
  created.parts.apiKeys = createApiKeysPort(made.services.secrets);
  return Object.assign(created, { rules, app: { ...made.services, appRoot, llm: made.llm } });
}
