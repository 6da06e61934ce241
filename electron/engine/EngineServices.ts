import type Database from "better-sqlite3";
import type { z } from "zod";
import type { LoadedModelSchema, MethodOutput, MethodParsedInput } from "../../shared/api.js";
import type { DraftVersion } from "../../shared/article.js";
import type { EventDraft } from "../../shared/events.js";
import type { Settings } from "../../shared/models.js";
import type { DataDirLayout } from "./dataDir.js";
import type { Embedder, LlmClient } from "./llm/LlmClient.js";
import type { StartupRepair } from "./storage/quarantine.js";
import type { SessionState } from "../../shared/api.js";

type Ok = { ok: true };

/**
 * Ports: what the Engine facade asks of services other engineers own. Each method takes the input
 * already parsed by the contract's zod schema. A port may have `dispose()`; the engine calls it on quit.
 */
export interface ModelsPort {
  list(): Promise<MethodOutput<"models.list">>;
  import(input: MethodParsedInput<"models.import">): Promise<MethodOutput<"models.import">>;
  download(input: MethodParsedInput<"models.download">): Promise<MethodOutput<"models.download">>;
  cancelDownload(input: MethodParsedInput<"models.cancelDownload">): Promise<Ok>;
  pauseDownload(input: MethodParsedInput<"models.pauseDownload">): Promise<Ok>;
  resumeDownload(input: MethodParsedInput<"models.resumeDownload">): Promise<Ok>;
  /** Optional: validate and apply a model choice; without it the engine just updates the settings. */
  select?(input: MethodParsedInput<"models.select">): Promise<MethodOutput<"models.select">>;
  /** The model currently loaded, for `health`. */
  loaded?(): z.infer<typeof LoadedModelSchema> | null;
  dispose?(): Promise<void> | void;
}

export interface KnowledgePort {
  ingest(input: MethodParsedInput<"knowledge.ingest">): Promise<MethodOutput<"knowledge.ingest">>;
  search(input: MethodParsedInput<"knowledge.search">): Promise<MethodOutput<"knowledge.search">>;
  sources(input: MethodParsedInput<"knowledge.sources">): Promise<MethodOutput<"knowledge.sources">>;
  deleteSource(input: MethodParsedInput<"knowledge.deleteSource">): Promise<Ok>;
  reindex(input: MethodParsedInput<"knowledge.reindex">): Promise<MethodOutput<"knowledge.reindex">>;
  /** The knowledge layer's embedder, loaded on first call; workflows' own indexes share it (one model load). */
  embedder?(): Promise<Embedder>;
  dispose?(): Promise<void> | void;
}

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

/** What the exporter receives: the engine resolves the session and the version first. */
export interface ExportRequest {
  sessionId: string;
  format: "markdown" | "html" | "docx";
  /** The session's title (article: the working title). */
  title: string;
  version: DraftVersion;
  markdown: string;
  /** issue 30: the reference list in this citation style instead of the plain list. */
  referenceStyle?: "gb-t-7714" | "apa";
}

export interface ExportPort {
  export(request: ExportRequest): Promise<MethodOutput<"documents.export">>;
  dispose?(): Promise<void> | void;
}

/** Handed to port factories so services can share the engine's resources instead of opening their own. */
export interface EngineContext {
  dataDir: DataDirLayout;
  /** The `app.db` handle (tables `sources`, `chunks`, `embedding_cache` are for the knowledge store). */
  db: Database.Database;
  settings: () => Settings;
  /** Change settings (validated by the settings store); returns the new settings. */
  updateSettings(patch: Partial<Settings>): Settings;
  /** Persist and publish an event; use `SYSTEM_STREAM` for events that belong to no session. */
  emit(streamId: string, draft: EventDraft): void;
  /** The workflows' LLM client. */
  llm: LlmClient;
  /** `--model` given on the command line, if any. */
  modelPath: string | null;
  /** Record a damaged data file found and set aside after start (listed by `health.repairs`). */
  reportRepair(repair: StartupRepair): void;
  /** A session's checkpointed state (the exporter reads the approved materials from it). */
  sessionState(sessionId: string): Promise<SessionState>;
}

/** A ready service, or a factory that builds it from the engine's context. */
export type PortFactory<T> = T | ((context: EngineContext) => T);
