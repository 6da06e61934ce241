import fs from "node:fs";
import path from "node:path";
import type { WorkflowId } from "../../shared/api.js";
import type { EventDraft } from "../../shared/events.js";
import { resolveDataDir } from "./dataDir.js";
import { Engine } from "./Engine.js";
import type { EngineContext, ExportPort, KnowledgePort, ModelsPort, PortFactory, ProvidersPort } from "./EngineServices.js";
import type { LlmClient } from "./llm/LlmClient.js";
import { EventHub } from "./runtime/EventHub.js";
import { WorkflowRunner, safeSegment } from "./runtime/WorkflowRunner.js";
import { AppDb } from "./storage/AppDb.js";
import { Checkpointer } from "./storage/Checkpointer.js";
import { EventStore } from "./storage/EventStore.js";
import { SessionStore } from "./storage/SessionStore.js";
import { SettingsStore } from "./storage/SettingsStore.js";
import { SqliteVersionStore } from "./storage/VersionStore.js";
import { lazyLlamaCppClient } from "./lazyLlamaCppClient.js";
import type { LazyLlamaCppClient } from "./lazyLlamaCppClient.js";
import { WORKFLOW_REGISTRY } from "./workflows/registry.js";
import type { ResearchSearch, WorkflowDefinition } from "./workflows/WorkflowDefinition.js";

export interface CreateEngineOptions {
  /** Data directory (Electron: userData; server/CLI: `--data-dir`, default `~/.scriptorium`). */
  dataDir: string;
  /** A GGUF given on the command line; handed to the `llm` factory as `context.modelPath`. */
  modelPath?: string;
  /** The workflows' LLM; default: in-process llama.cpp loaded on first use from `modelPath` or the `chatModel` setting. */
  llm?: PortFactory<LlmClient>;
  /** Research search for the article workflow; default: no results. */
  search?: PortFactory<ResearchSearch>;
  models?: PortFactory<ModelsPort>;
  knowledge?: PortFactory<KnowledgePort>;
  providers?: PortFactory<ProvidersPort>;
  exporter?: PortFactory<ExportPort>;
  /** Replaces the workflow registry (tests register their own workflows). */
  registry?: Partial<Record<WorkflowId, WorkflowDefinition<any>>>;
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

function resolvePort<T>(factory: PortFactory<T> | undefined, context: EngineContext): T | undefined {
  if (factory === undefined) return undefined;
  return typeof factory === "function" ? (factory as (context: EngineContext) => T)(context) : factory;
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
    return (JSON.parse(fs.readFileSync(file, "utf8")) as { version?: string }).version ?? "0.0.0";
  } catch {
    return "0.0.0"; // bundled builds may not ship package.json beside the engine
  }
}

/**
 * Composition root of the engine: opens `app.db` and `checkpoints.db`, builds the stores, the
 * runner and the ports, continues interrupted runs, and returns the facade every adapter serves.
 */
export async function createEngine(options: CreateEngineOptions): Promise<Engine> {
  const dataDir = resolveDataDir(options.dataDir, []);
  const appDb = AppDb.open(dataDir.root);
  let checkpointer: Checkpointer;
  try {
    checkpointer = new Checkpointer(dataDir.root);
  } catch (error) {
    appDb.close();
    throw error;
  }
  const hub = new EventHub();
  const events = new EventStore(appDb.db, { flushIntervalMs: options.eventFlushIntervalMs ?? 50, onPersisted: (batch) => hub.publish(batch) });
  const settings = new SettingsStore(appDb.db);
  const sessions = new SessionStore(appDb.db);
  const versions = new SqliteVersionStore(appDb.db);

  const context: EngineContext = {
    dataDir,
    db: appDb.db,
    settings: () => settings.get(),
    emit: (streamId: string, draft: EventDraft) => void events.append(streamId, draft),
    llm: lazyLlamaCppClient({ settings: () => settings.get(), modelsDir: dataDir.models, modelPath: options.modelPath ?? null }),
    modelPath: options.modelPath ?? null,
  };
  const defaultLlm = context.llm as LazyLlamaCppClient;
  const llm = resolvePort(options.llm, context) ?? defaultLlm;
  context.llm = llm;
  const search = resolvePort(options.search, context) ?? EMPTY_SEARCH;
  const models = resolvePort(options.models, context);
  const knowledge = resolvePort(options.knowledge, context);
  const providers = resolvePort(options.providers, context);
  const exporter = resolvePort(options.exporter, context);

  const runner = new WorkflowRunner({
    registry: options.registry ?? WORKFLOW_REGISTRY,
    services: {
      llm,
      search,
      versions,
      settings: () => settings.get(),
      cacheDir: (sessionId) => {
        const dir = path.join(dataDir.cache, safeSegment(sessionId));
        fs.mkdirSync(dir, { recursive: true });
        return dir;
      },
    },
    checkpointer,
    sessions,
    events,
    hub,
    settings: () => settings.get(),
    cacheRoot: dataDir.cache,
    onDelete: (sessionId) => versions.deleteSession(sessionId),
  });

  const engine = new Engine({
    dataDir,
    appDb,
    settings,
    sessions,
    versions,
    runner,
    models,
    knowledge,
    providers,
    exporter,
    appVersion: options.appVersion ?? packageVersion(),
    loadedModel: () => {
      const info = llm === defaultLlm ? defaultLlm.service?.model : null;
      return info ? { backend: "llamacpp", model: info.name, threads: info.threads, sequences: info.sequences, contextSize: info.contextSize } : null;
    },
    close: async () => {
      await options.onDispose?.();
      for (const service of [exporter, providers, knowledge, models, search, llm]) await disposeIfPossible(service);
      events.close();
      checkpointer.close();
      appDb.close();
    },
  });
  if (options.recover ?? true) await runner.recover();
  return engine;
}
