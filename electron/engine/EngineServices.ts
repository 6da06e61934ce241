import type Database from "better-sqlite3";
import type { EventDraft } from "../../shared/events.js";
import type { Settings } from "../../shared/models.js";
import type { DataDirLayout } from "./dataDir.js";
import type { LlmClient } from "./llm/LlmClient.js";
import type { StartupRepair } from "./storage/quarantine.js";
import type { SessionState } from "../../shared/api.js";

/** The ports each live beside what implements them; re-exported for the composition root. */
export type { ModelsPort } from "./llm/manager/ModelsPort.js";
export type { KnowledgePort } from "./knowledge/KnowledgePort.js";
export type { ApiKeysPort, ProvidersPort } from "./search/ProvidersPort.js";
export type { ExportPort, RenderOptions } from "./export/ExportPort.js";

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
}

/** The exporter's context: built after the runner, so it can read a session's state. */
export interface ExporterContext extends EngineContext {
  /** A session's checkpointed state (the exporter reads the approved materials from it). */
  sessionState(sessionId: string): Promise<SessionState>;
}

/** A ready service, or a factory that builds it from the engine's context. */
export type PortFactory<T, C = EngineContext> = T | ((context: C) => T);
