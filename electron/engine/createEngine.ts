import fs from "node:fs";
import path from "node:path";
import { removeStaleTempFiles } from "./io/removeStaleTempFiles.js";
import type { WorkflowId } from "../../shared/api.js";
import { settingsSchemaOf } from "../../shared/settingsSchemaOf.js";
import { parseJson } from "../../shared/parseJson.js";
import { PackageJsonSchema } from "./diagnostics/appVersion.js";
import { SYSTEM_STREAM, type EventDraft } from "../../shared/events.js";
import { resolveDataDir } from "./dataDir.js";
import { applyPendingRestore } from "./backup/pendingRestore.js";
import { Engine } from "./Engine.js";
import type { ApiKeysPort, EngineContext, ExporterContext, ExportPort, KnowledgePort, ModelsPort, PortFactory, ProvidersPort } from "./EngineServices.js";
import type { LlmClient } from "./llm/LlmClient.js";
import { catalogThinking } from "./llm/manager/catalogThinking.js";
import { defaultAppRoot } from "./defaultAppRoot.js";
import { LlmRouter } from "./llm/LlmRouter.js";
import { StepTokenMeter } from "./llm/StepTokenMeter.js";
import type { RemoteTimeouts } from "./llm/remoteRequest.js";
import { createApiKeysPort } from "./search/createApiKeysPort.js";
import type { SecretStore } from "./search/SecretStore.js";
import type { SearchProvider } from "./search/SearchProvider.js";
import { withSources } from "./search/withSources.js";
import { EventHub } from "./runtime/EventHub.js";
import { WorkflowRunner } from "./runtime/WorkflowRunner.js";
import { safeSegment } from "./runtime/safeSegment.js";
import { SelectionRewriter } from "./documents/SelectionRewriter.js";
import { AppDb } from "./storage/AppDb.js";
import { CHECKPOINT_TABLES, Checkpointer } from "./storage/Checkpointer.js";
import { EventStore } from "./storage/EventStore.js";
import { SessionStore } from "./storage/SessionStore.js";
import { SettingsStore } from "./storage/SettingsStore.js";
import { SqliteVersionStore } from "./storage/VersionStore.js";
import { WORKFLOW_REGISTRY } from "./workflows/registry.js";
import { workflowMigrations } from "./workflows/workflowMigrations.js";
import type { PlatformServices, ResearchSearch, WorkflowDefinition } from "./workflows/WorkflowDefinition.js";
import type { Embedder } from "./llm/LlmClient.js";
import { JobRegistry } from "./jobs/JobRegistry.js";

export interface CreateEngineOptions {
  /** Data directory (Electron: userData; server/CLI: `--data-dir`, default `~/.scriptorium`). */
  dataDir: string;
  /** A GGUF given on the command line; handed to the `llm` factory as `context.modelPath`. */
  modelPath?: string;
  /** Provider and OpenAI keys: the LLM router reads the OpenAI key from it, `settings.setApiKey` writes it. */
  secrets?: SecretStore;
  /**
   * The workflows' LLM; default: the LlmRouter over the settings (in-process llama.cpp loaded on
   * first use from `modelPath` or the `chatModel` setting, or the configured remote server).
   */
  llm?: PortFactory<LlmClient>;
  /** Timeouts of the Ollama / OpenAI-compatible backends (the default router's). */
  remoteTimeouts?: RemoteTimeouts;
  /** Research search for the article workflow; default: no results. */
  search?: PortFactory<ResearchSearch>;
  models?: PortFactory<ModelsPort>;
  knowledge?: PortFactory<KnowledgePort>;
  providers?: PortFactory<ProvidersPort>;
  /** Built after the runner: its context can read a session's state. */
  exporter?: PortFactory<ExportPort, ExporterContext>;
  /** `settings.setApiKey`'s store; default: over `secrets` when given, else that method answers `unavailable`. */
  apiKeys?: ApiKeysPort;
  /** The platform's embedder when no knowledge port gives one (tests inject a small one); default: none. */
  embedder?: () => Promise<Embedder>;
  /** Replaces a workflow's own services (tests inject doubles): workflow id → factory over the platform's. */
  workflowServices?: Readonly<Record<string, (platform: PlatformServices) => unknown>>;
  /** Replaces the workflow registry (tests register their own workflows). */
  registry?: Partial<Record<WorkflowId, WorkflowDefinition<any, any, any>>>;
  /** Reported by `health`; default: package.json's version. */
  appVersion?: string;
  /** Continue sessions a previous process left running; default true. */
  recover?: boolean;
  /** Batch window of high-rate events in ms; default 50. */
  eventFlushIntervalMs?: number;
  /** Called on dispose after the runner stopped and before the databases close. */
  onDispose?: () => Promise<void> | void;
}

const EMPTY_SEARCH: ResearchSearch = { search: async () => [] };

function resolvePort<T, C = EngineContext>(factory: PortFactory<T, C> | undefined, context: C): T | undefined {
  if (factory === undefined) return undefined;
  return typeof factory === "function" ? (factory as (context: C) => T)(context) : factory;
}

async function disposeIfPossible(service: unknown): Promise<void> {
  const dispose = (service as { dispose?: () => unknown } | undefined)?.dispose;
  if (typeof dispose === "function") {
    try {
      await dispose.call(service);
    } catch (error) {
      console.error("[Engine] dispose failed", error);
    }
  }
}

function packageVersion(): string {
  try {
    const file = new URL("../../package.json", import.meta.url);
    return parseJson(PackageJsonSchema, fs.readFileSync(file, "utf8"), "package.json").version ?? "0.0.0";
  } catch {
    return "0.0.0"; // bundled builds may not ship package.json beside the engine
  }
}

/**
 * The composition root: builds every service once, in dependency order — databases → stores →
 * secrets → LLM → knowledge → search → models, providers, exporter → runner — and hands them to
 * the Engine, which never changes afterwards. Each service can be injected instead (tests pass
 * doubles; `createAppEngine` passes the app's real ones as factories over the same context).
 * Continues interrupted runs, then returns the facade every adapter serves.
 */
export async function createEngine(options: CreateEngineOptions): Promise<Engine> {
  let dataDir = resolveDataDir(options.dataDir, []);
  // A restore chosen in Settings waits for this point: before app.db is opened (the layout's folders made again after it).
  if (await applyPendingRestore(dataDir.root)) dataDir = resolveDataDir(dataDir.root, []);
  // Atomic writes a kill -9 interrupted leave hidden temp files beside their targets; drop them.
  removeStaleTempFiles(dataDir.cache);
  const registry = options.registry ?? WORKFLOW_REGISTRY;
  const appDb = AppDb.open(dataDir.root, { migrations: workflowMigrations(registry) });
  let checkpointer: Checkpointer;
  try {
    checkpointer = new Checkpointer(dataDir.root);
  } catch (error) {
    appDb.close();
    throw error;
  }
  const hub = new EventHub();
  const events = new EventStore(appDb.db, { flushIntervalMs: options.eventFlushIntervalMs ?? 50, onPersisted: (batch) => hub.publish(batch) });
  const settings = new SettingsStore(appDb.db, settingsSchemaOf(Object.values(registry).map((definition) => definition!.contract)));
  const sessions = new SessionStore(appDb.db);
  const versions = new SqliteVersionStore(appDb.db);
  // The same table for the workflows' nodes, committing without an fsync each (VersionStoreOptions).
  const runVersions = new SqliteVersionStore(appDb.db, { relaxed: true });
  const repairs = [...appDb.repairs, ...(checkpointer.repair ? [checkpointer.repair] : [])];
  // A damaged legacy checkpoints.db, or an app.db salvage that could not read all of the checkpoint
  // tables: a paused or running session cannot be trusted to continue from what is left.
  const checkpointsLost =
    checkpointer.repair !== null || appDb.repairs.some((r) => r.salvaged?.tables.some((t) => CHECKPOINT_TABLES.has(t.table) && !t.complete));
  if (checkpointsLost) {
    for (const status of ["paused", "running"] as const) {
      for (const session of sessions.listByStatus(status)) sessions.setStatus(session.id, "interrupted");
    }
  }
  const secrets = options.secrets;
  // A job still winding down after dispose (an OCR page in flight) reports into the void, not into a closed store.
  const emit = (streamId: string, draft: EventDraft) => void (events.isClosed ? undefined : events.append(streamId, draft));

  const router = new LlmRouter({
    settings: () => settings.get(),
    modelsDir: dataDir.models,
    modelPath: options.modelPath ?? null,
    ...(secrets ? { secrets } : {}),
    ...(options.remoteTimeouts ? { timeouts: options.remoteTimeouts } : {}),
    onLoadProgress: (progress) => emit(SYSTEM_STREAM, { type: "progress", ...progress }),
    thinkingDefault: catalogThinking(path.join(defaultAppRoot(), "models", "catalog.json")),
  });
  const base: EngineContext = {
    dataDir,
    db: appDb.db,
    settings: () => settings.get(),
    updateSettings: (patch) => settings.update(patch),
    emit,
    llm: router,
    modelPath: options.modelPath ?? null,
    // The same array the engine's `health` reads, so a repair found later (the library index, loaded on first use) shows too.
    reportRepair: (repair) => void repairs.push(repair),
  };
  const chosenLlm = resolvePort(options.llm, base) ?? router;
  // Every model call of a timeline step is counted toward it (step_tokens), on any backend.
  const llm = new StepTokenMeter(chosenLlm);
  const context: EngineContext = { ...base, llm };
  const knowledge = resolvePort(options.knowledge, context);
  const baseSearch = resolvePort(options.search, context) ?? EMPTY_SEARCH;
  // Workflows' own sources (the paper library) join every run's search; known once their services exist.
  const ownSources: SearchProvider[] = [];
  const search = withSources(baseSearch, () => ownSources);
  const models = resolvePort(options.models, context);
  const providers = resolvePort(options.providers, context);
  const apiKeys = options.apiKeys ?? (secrets ? createApiKeysPort(secrets) : undefined);
  const embedder = knowledge?.embedder ? () => knowledge.embedder!() : (options.embedder ?? null);
  const platform: PlatformServices = {
    llm,
    search,
    versions: runVersions,
    settings: () => settings.get(),
    cacheDir: (sessionId) => {
      const dir = path.join(dataDir.cache, safeSegment(sessionId));
      fs.mkdirSync(dir, { recursive: true });
      return dir;
    },
    dataDir: dataDir.root,
    modelsDir: dataDir.models,
    modelPath: options.modelPath ?? null,
    db: appDb.db,
    // The knowledge layer's embedder (lazy): one embedding model in memory for every index.
    embedder,
    intranetHosts: () => configuredHosts(providers, settings.get().mirrorBaseUrl),
  };
  // Each workflow's own services, built once here in registry order (its definition's `services`).
  const workflowServices = new Map<string, unknown>();
  for (const definition of Object.values(registry) as Array<WorkflowDefinition<any, any, any>>) {
    const factory = options.workflowServices?.[definition.id] ?? definition.services?.bind(definition);
    workflowServices.set(definition.id, factory ? factory(platform) : platform);
  }
  const servicesOf = (workflowId: string) => workflowServices.get(workflowId) ?? platform;
  for (const definition of Object.values(registry) as Array<WorkflowDefinition<any, any, any>>) {
    ownSources.push(...(definition.researchSources?.(servicesOf(definition.id)) ?? []));
  }

  const runner = new WorkflowRunner({
    registry,
    servicesOf,
    checkpointer,
    sessions,
    events,
    hub,
    settings: () => settings.get(),
    cacheRoot: dataDir.cache,
    onDelete: (sessionId) => versions.deleteSession(sessionId),
  });
  // The exporter reads a session's state (the approved materials): built after the runner.
  const exporter = resolvePort(options.exporter, { ...context, sessionState: (sessionId) => runner.state(sessionId) });

  const engine = new Engine({
    dataDir,
    appDb,
    settings,
    sessions,
    versions,
    runner,
    rewriter: new SelectionRewriter({ llm: () => llm, note: (sessionId, draft) => runner.note(sessionId, draft) }),
    models,
    knowledge,
    servicesOf,
    jobs: new JobRegistry(),
    providers,
    exporter,
    apiKeys,
    repairs,
    appVersion: options.appVersion ?? packageVersion(),
    loadedModel: () => (chosenLlm === router ? router.loaded() : null),
    emitSystem: (draft) => emit(SYSTEM_STREAM, draft),
    cancelModelLoad: (task) => router.cancelLoad(task),
    close: async () => {
      await options.onDispose?.();
      const own = [...new Set(workflowServices.values())].filter((service) => service !== platform);
      for (const service of [exporter, providers, models, baseSearch, ...own, knowledge, chosenLlm, apiKeys]) await disposeIfPossible(service);
      events.close();
      checkpointer.close();
      appDb.close();
    },
  });
  if (options.recover ?? true) await runner.recover();
  return engine;
}

/** Hosts of the endpoints the user configured: enabled intranet search providers and the model mirror. */
async function configuredHosts(providers: ProvidersPort | undefined, mirror: string | null): Promise<string[]> {
  const urls = [...(providers ? (await providers.list()).providers.filter((p) => p.enabled).map((p) => p.baseUrl) : []), ...(mirror ? [mirror] : [])];
  return [...new Set(urls.flatMap((u) => (URL.canParse(u) ? [new URL(u).hostname] : [])))];
}
