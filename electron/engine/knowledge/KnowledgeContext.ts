import type Database from "better-sqlite3";
import type { EventDraft } from "../../../shared/events.js";
import type { Settings } from "../../../shared/models.js";
import type { DataDirLayout } from "../dataDir.js";
import type { StartupRepair } from "../storage/quarantine.js";

/** What the knowledge port's factory needs of the engine (the composition root's EngineContext has it all). */
export interface KnowledgeContext {
  dataDir: DataDirLayout;
  /** The `app.db` handle (tables `sources`, `chunks`, `embedding_cache`). */
  db: Database.Database;
  settings: () => Settings;
  /** Persist and publish an event; `SYSTEM_STREAM` for events that belong to no session. */
  emit(streamId: string, draft: EventDraft): void;
  /** `--model` given on the command line, if any. */
  modelPath: string | null;
  /** Record a damaged data file found and set aside after start (listed by `health.repairs`). */
  reportRepair(repair: StartupRepair): void;
}
