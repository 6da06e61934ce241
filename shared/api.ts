import { z } from "zod";
import { BackupMethods } from "./backup.js";
import { DocumentsMethods } from "./documents.js";
import { PauseContextBaseSchema } from "./coreEvents.js";
import { EventSchema, RunStartSchema, WORKFLOWS, WORKFLOW_METHODS, WorkflowIdSchema } from "./workflows/registry.js";
import type { EngineEvent, ResumePayload, WorkflowId } from "./workflows/registry.js";
import { CatalogEntrySchema, InstalledModelSchema, ModelWarningSchema, SettingsPatchSchema, SettingsSchema, BACKENDS } from "./models.js";
import { BindFolderRequestSchema, CollectionSchema, FolderBindingSchema, IngestRequestSchema, MaterialSchema, SearchRequestSchema, SourceSchema } from "./knowledge.js";
import { ProviderConfigSchema, ProviderSaveSchema } from "./providers.js";

/** Workflows the engine can run (from shared/workflows/registry.ts). `chat` is the one-step prompt box of the first screen. */
export { WORKFLOWS, WorkflowIdSchema };
export type { WorkflowId };

export const SESSION_STATUSES = ["running", "paused", "done", "error", "cancelled", "interrupted"] as const;
export const SessionStatusSchema = z.enum(SESSION_STATUSES);
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

export const SessionSummarySchema = z.object({
  id: z.string(),
  workflow: WorkflowIdSchema,
  title: z.string(),
  status: SessionStatusSchema,
  pausePoint: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastSeq: z.number().int(),
});
export type SessionSummary = z.infer<typeof SessionSummarySchema>;

export const PauseSchema = z.object({
  pausePoint: z.string(),
  allowedActions: z.array(z.string()),
  /** The pause's context as the workflow's contract declares it (`pauses.<point>.context`). */
  context: PauseContextBaseSchema,
});

export const SessionStateSchema = z.object({
  session: SessionSummarySchema,
  pause: PauseSchema.nullable(),
  /**
   * The workflow's own status word (the article: the brief's researching … awaiting_review_confirm,
   * revising, done, error); other workflows: the session status.
   */
  status: z.string(),
  /** The workflow's public state (its contract's `state`: article: materials, outline, draft …). */
  values: z.record(z.string(), z.json()),
});
export type SessionState = z.infer<typeof SessionStateSchema>;

const SessionRef = z.object({ sessionId: z.string().min(1).max(100) }).strict();
const Ok = z.object({ ok: z.literal(true) });
const Empty = z.object({}).strict();

export const LoadedModelSchema = z.object({
  backend: z.enum(BACKENDS),
  model: z.string(),
  threads: z.number().int().nullable(),
  sequences: z.number().int().nullable(),
  contextSize: z.number().int().nullable(),
});

/** A data file found damaged at start: kept aside, and what was rebuilt or started fresh. */
export const StartupRepairSchema = z.object({
  file: z.string(),
  problem: z.string(),
  keptAs: z.string(),
  action: z.string(),
  /** A damaged app.db: the readable rows copied into the fresh one, per table (`complete: false` = an unreadable page was skipped). */
  salvaged: z
    .object({ rows: z.number(), orphansDropped: z.number(), tables: z.array(z.object({ table: z.string(), rows: z.number(), complete: z.boolean() })) })
    .optional(),
});

export const HealthSchema = z.object({
  ok: z.literal(true),
  version: z.string(),
  sqliteVersion: z.string(),
  model: LoadedModelSchema.nullable(),
  uptimeS: z.number(),
  /** Present when this start found a damaged app.db, an old checkpoints.db it could not move into app.db, or a damaged library index. */
  repairs: z.array(StartupRepairSchema).optional(),
});

/**
 * A resume payload: a JSON object with an action. Which fields it needs depends on the session's
 * pending pause; the engine checks it against the workflow's contract table (`ResumePayload` is the
 * typed union of every workflow's actions; a client may send any object and get a precise error).
 */
const ResumePayloadObject = z.custom<ResumePayload | { action: string; [field: string]: unknown }>(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value),
  "payload must be a JSON object with an action",
);

const method = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => ({ input, output });

/**
 * The core request surface: what every workflow shares. Names no workflow; each workflow's own
 * methods come from its contract (`methods`) through the registry (see `API` below).
 */
export const CORE_API = {
  health: method(Empty, HealthSchema),

  /** `query` keeps the sessions whose title contains it (case-insensitive). */
  "sessions.list": method(
    z.object({ workflow: WorkflowIdSchema.optional(), query: z.string().max(200).optional() }).strict(),
    z.object({ sessions: z.array(SessionSummarySchema) }),
  ),
  "sessions.rename": method(
    z.object({ sessionId: z.string().min(1).max(100), title: z.string().trim().min(1, "title must not be empty").max(200) }).strict(),
    z.object({ session: SessionSummarySchema }),
  ),
  "sessions.delete": method(SessionRef, Ok),

  /** A discriminated union on `workflow`: each workflow's start input from its contract. */
  "run.start": method(RunStartSchema, z.object({ sessionId: z.string() })),
  /** `payload` is checked by the engine against the actions of the session's pending pause (its contract's table). */
  "run.resume": method(
    z.object({ sessionId: z.string().min(1).max(100), payload: ResumePayloadObject }).strict(),
    z.object({ sessionId: z.string(), status: SessionStatusSchema }),
  ),
  "run.state": method(SessionRef, SessionStateSchema),
  /**
   * Run again, from its last checkpoint, a session that ended in an error that may pass (a full
   * disk, an unreachable backend: `disk_full`, `unavailable`); finished steps are not redone.
   */
  "run.retry": method(SessionRef, z.object({ sessionId: z.string(), status: SessionStatusSchema })),
  "run.cancel": method(SessionRef, Ok),
  "events.list": method(
    z.object({ sessionId: z.string().min(1).max(100), afterSeq: z.number().int().min(0).default(0) }).strict(),
    z.object({ events: z.array(EventSchema) }),
  ),

  "documents.versions": method(DocumentsMethods.versions.input, DocumentsMethods.versions.output),
  "documents.version": method(DocumentsMethods.version.input, DocumentsMethods.version.output),
  "documents.diff": method(DocumentsMethods.diff.input, DocumentsMethods.diff.output),
  "documents.restore": method(DocumentsMethods.restore.input, DocumentsMethods.restore.output),
  "documents.edit": method(DocumentsMethods.edit.input, DocumentsMethods.edit.output),
  /** The changes between two versions one by one (with the review's rule and reason), and the user's choice kept as a version. */
  "documents.trackedChanges": method(DocumentsMethods.trackedChanges.input, DocumentsMethods.trackedChanges.output),
  "documents.applyTrackedChanges": method(DocumentsMethods.applyTrackedChanges.input, DocumentsMethods.applyTrackedChanges.output),
  "documents.export": method(DocumentsMethods.export.input, DocumentsMethods.export.output),
  "documents.rewriteSelection": method(DocumentsMethods.rewriteSelection.input, DocumentsMethods.rewriteSelection.output),
  "documents.cancelRewrite": method(DocumentsMethods.cancelRewrite.input, DocumentsMethods.cancelRewrite.output),

  "models.list": method(
    Empty,
    z.object({
      installed: z.array(InstalledModelSchema),
      catalog: z.array(CatalogEntrySchema.extend({ installed: z.boolean(), fit: z.enum(["green", "yellow", "red", "unknown"]) })),
      loaded: LoadedModelSchema.nullable(),
      warnings: z.array(ModelWarningSchema),
    }),
  ),
  /** `selected`: the imported model became the chat (or embedding) model, since none installed was chosen. */
  "models.import": method(z.object({ path: z.string().min(1).max(4096) }).strict(), z.object({ model: InstalledModelSchema, selected: z.enum(["chat", "embedding"]).optional() })),
  /**
   * The models a server serves, from its OpenAI-compatible `/models`: fills the pickers and tests the
   * connection. `backend` `ollama` asks the Ollama server (its `/v1`), else the OpenAI-compatible one;
   * `baseUrl` tests the address the user is typing, before it is saved.
   */
  "models.remote": method(
    z.object({ backend: z.enum(["ollama", "openai"]).optional(), baseUrl: z.string().url().max(2000).optional() }).strict(),
    z.object({ models: z.array(z.string()) }),
  ),
  "models.download": method(
    z
      .object({
        catalogId: z.string().max(200).optional(),
        url: z.string().url().optional(),
        sha256: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .optional(),
        fileName: z.string().max(255).optional(),
      })
      .strict(),
    z.object({ downloadId: z.string() }),
  ),
  "models.cancelDownload": method(z.object({ downloadId: z.string().max(200) }).strict(), Ok),
  /** Stops a download and keeps the partial file; `models.resumeDownload` continues it with a Range request. */
  "models.pauseDownload": method(z.object({ downloadId: z.string().max(200) }).strict(), Ok),
  "models.resumeDownload": method(z.object({ downloadId: z.string().max(200) }).strict(), Ok),
  "models.select": method(
    z.object({ chatModel: z.string().max(4096).nullable().optional(), embeddingModel: z.string().max(4096).nullable().optional() }).strict(),
    z.object({ settings: SettingsSchema }),
  ),

  "settings.get": method(Empty, SettingsSchema),
  "settings.update": method(SettingsPatchSchema, SettingsSchema),
  /**
   * Store (or, with `null`, remove) the key the OpenAI-compatible backend sends as
   * `Authorization: Bearer`. The key goes to the secret store, never to `app.db`, and is never
   * returned: the answer only flips `openai.hasKey`.
   */
  "settings.setApiKey": method(
    z.object({ backend: z.literal("openai"), apiKey: z.string().min(1).max(4000).nullable() }).strict(),
    z.object({ settings: SettingsSchema }),
  ),

  "knowledge.ingest": method(IngestRequestSchema.strict(), z.object({ taskId: z.string() })),
  "knowledge.search": method(SearchRequestSchema.strict(), z.object({ materials: z.array(MaterialSchema) })),
  "knowledge.sources": method(z.object({ collection: CollectionSchema.optional() }).strict(), z.object({ sources: z.array(SourceSchema) })),
  "knowledge.deleteSource": method(z.object({ sourceId: z.string().min(1).max(200) }).strict(), Ok),
  "knowledge.reindex": method(z.object({ collection: CollectionSchema.optional() }).strict(), z.object({ taskId: z.string() })),
  /**
   * Bind a folder to a collection: an initial import (task `taskId`), then a watcher re-indexes
   * what changes and prunes what is deleted. Bindings survive a restart (a reconcile pass on start).
   */
  "knowledge.bindFolder": method(BindFolderRequestSchema.strict(), z.object({ binding: FolderBindingSchema, taskId: z.string() })),
  /** Stop following a folder; `removeSources` also drops its files from the collection (task `taskId`). */
  "knowledge.unbindFolder": method(
    z.object({ bindingId: z.string().min(1).max(200), removeSources: z.boolean().default(false) }).strict(),
    z.object({ taskId: z.string().nullable() }),
  ),
  "knowledge.pauseFolder": method(z.object({ bindingId: z.string().min(1).max(200) }).strict(), z.object({ binding: FolderBindingSchema })),
  /** Resume a paused folder: a reconcile pass for what changed meanwhile, then the watcher. */
  "knowledge.resumeFolder": method(
    z.object({ bindingId: z.string().min(1).max(200) }).strict(),
    z.object({ binding: FolderBindingSchema, taskId: z.string() }),
  ),
  /** The bound folders, with per-file counts and the files that could not be read (with the reason). */
  "knowledge.folders": method(Empty, z.object({ folders: z.array(FolderBindingSchema) })),

  /**
   * Stop a long job by the task id its `progress` events carry: a knowledge ingest or re-index, a
   * model download, a paper import started with a `taskId`, a model load. `cancelled: false` when no
   * such job is running (it may just have finished). A run's own work (sections, module reviews)
   * stops with `run.cancel`.
   */
  "jobs.cancel": method(z.object({ taskId: z.string().min(1).max(200) }).strict(), z.object({ cancelled: z.boolean() })),

  "backup.create": method(BackupMethods.create.input, BackupMethods.create.output),
  "backup.restore": method(BackupMethods.restore.input, BackupMethods.restore.output),
  "diagnostics.export": method(BackupMethods.diagnostics.input, BackupMethods.diagnostics.output),

  "providers.list": method(Empty, z.object({ providers: z.array(ProviderConfigSchema) })),
  "providers.save": method(ProviderSaveSchema.strict(), z.object({ provider: ProviderConfigSchema })),
  "providers.delete": method(z.object({ name: z.string().min(1).max(60) }).strict(), Ok),
  /** Each search provider's `healthCheck` (the library and every enabled intranet provider). */
  "providers.health": method(
    Empty,
    z.object({ providers: z.array(z.object({ name: z.string(), source_type: z.string(), ok: z.boolean(), message: z.string(), elapsedMs: z.number() })) }),
  ),
  "providers.test": method(
    z
      .object({ name: z.string().min(1).max(60).optional(), config: ProviderConfigSchema.optional(), query: z.string().min(1).max(500).default("测试") })
      .strict(),
    z.object({
      ok: z.boolean(),
      raw: z.unknown(),
      materials: z.array(MaterialSchema),
      dropped: z.number().int(),
      error: z.string().nullable(),
      elapsedMs: z.number(),
    }),
  ),
} as const;

/**
 * The whole request surface: the core methods plus every workflow's own. IPC channels
 * (`scriptorium:<name>`), HTTP routes (`POST /api/rpc/<name>`) and CLI commands are all derived
 * from this table; no channel string is written twice.
 */
export const API = { ...CORE_API, ...WORKFLOW_METHODS } as typeof CORE_API & typeof WORKFLOW_METHODS;

export type Api = typeof API;
export type MethodName = keyof Api;
export type MethodInput<M extends MethodName> = z.input<Api[M]["input"]>;
export type MethodParsedInput<M extends MethodName> = z.output<Api[M]["input"]>;
export type MethodOutput<M extends MethodName> = z.output<Api[M]["output"]>;
export const METHOD_NAMES = Object.keys(API) as MethodName[];

export function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(API, name);
}

/** What every adapter holds: one call entry point and one event subscription. */
export interface ScriptoriumApi {
  call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>>;
  /** Replays persisted events with seq > afterSeq, then delivers live ones. Returns an unsubscribe function. */
  subscribe(sessionId: string, afterSeq: number, listener: (event: EngineEvent) => void): () => void;
}

/** IPC channel for a method; the preload and main both derive names here. */
export const ipcChannel = (method: MethodName) => `scriptorium:${method}`;
export const IPC_EVENT_CHANNEL = "scriptorium:event";
export const IPC_SUBSCRIBE_CHANNEL = "scriptorium:subscribe";
export const IPC_UNSUBSCRIBE_CHANNEL = "scriptorium:unsubscribe";
