import { z } from "zod";
import { EventSchema } from "./events.js";
import { ArticleResumeSchema, DraftVersionSchema } from "./article.js";
import { CatalogEntrySchema, InstalledModelSchema, SettingsPatchSchema, SettingsSchema, BACKENDS } from "./models.js";
import { CollectionSchema, IngestRequestSchema, MaterialSchema, SearchRequestSchema, SourceSchema } from "./knowledge.js";
import { ProviderConfigSchema, ProviderSaveSchema } from "./providers.js";

/** Workflows the engine can run. `chat` is the one-step prompt box of the first screen. */
export const WORKFLOWS = ["article", "chat"] as const;
export const WorkflowIdSchema = z.enum(WORKFLOWS);
export type WorkflowId = z.infer<typeof WorkflowIdSchema>;

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
  context: z.unknown(),
});

export const SessionStateSchema = z.object({
  session: SessionSummarySchema,
  pause: PauseSchema.nullable(),
  /** The workflow's state values that a client may show (article: materials, outline, draft …). */
  values: z.record(z.string(), z.unknown()),
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

export const HealthSchema = z.object({
  ok: z.literal(true),
  version: z.string(),
  sqliteVersion: z.string(),
  model: LoadedModelSchema.nullable(),
  uptimeS: z.number(),
});

const method = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => ({ input, output });

/**
 * The whole request surface. IPC channels (`scriptorium:<name>`), HTTP routes (`POST /api/rpc/<name>`)
 * and CLI commands are all derived from this table; no channel string is written twice.
 */
export const API = {
  health: method(Empty, HealthSchema),

  "sessions.list": method(z.object({ workflow: WorkflowIdSchema.optional() }).strict(), z.object({ sessions: z.array(SessionSummarySchema) })),
  "sessions.delete": method(SessionRef, Ok),

  "run.start": method(z.object({ workflow: WorkflowIdSchema, input: z.unknown() }).strict(), z.object({ sessionId: z.string() })),
  "run.resume": method(
    z.object({ sessionId: z.string().min(1).max(100), payload: z.unknown() }).strict(),
    z.object({ sessionId: z.string(), status: SessionStatusSchema }),
  ),
  "run.state": method(SessionRef, SessionStateSchema),
  "run.cancel": method(SessionRef, Ok),
  "events.list": method(
    z.object({ sessionId: z.string().min(1).max(100), afterSeq: z.number().int().min(0).default(0) }).strict(),
    z.object({ events: z.array(EventSchema) }),
  ),

  "article.versions": method(SessionRef, z.object({ versions: z.array(DraftVersionSchema) })),
  "article.version": method(
    z.object({ sessionId: z.string().min(1).max(100), number: z.number().int().min(1) }).strict(),
    z.object({ version: DraftVersionSchema, markdown: z.string() }),
  ),
  "article.restore": method(
    z.object({ sessionId: z.string().min(1).max(100), number: z.number().int().min(1) }).strict(),
    z.object({ version: DraftVersionSchema }),
  ),
  "article.export": method(
    z.object({ sessionId: z.string().min(1).max(100), format: z.enum(["markdown", "html", "docx"]), number: z.number().int().min(1).optional() }).strict(),
    /** `content` is UTF-8 text for markdown/html and base64 for docx. */
    z.object({ fileName: z.string(), mimeType: z.string(), encoding: z.enum(["utf8", "base64"]), content: z.string() }),
  ),

  "models.list": method(
    Empty,
    z.object({
      installed: z.array(InstalledModelSchema),
      catalog: z.array(CatalogEntrySchema.extend({ installed: z.boolean(), fit: z.enum(["green", "yellow", "red", "unknown"]) })),
      loaded: LoadedModelSchema.nullable(),
      warnings: z.array(z.string()),
    }),
  ),
  "models.import": method(z.object({ path: z.string().min(1).max(4096) }).strict(), z.object({ model: InstalledModelSchema })),
  "models.download": method(
    z.object({ catalogId: z.string().max(200).optional(), url: z.string().url().optional(), sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(), fileName: z.string().max(255).optional() }).strict(),
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

  "providers.list": method(Empty, z.object({ providers: z.array(ProviderConfigSchema) })),
  "providers.save": method(ProviderSaveSchema.strict(), z.object({ provider: ProviderConfigSchema })),
  "providers.delete": method(z.object({ name: z.string().min(1).max(60) }).strict(), Ok),
  "providers.test": method(
    z.object({ name: z.string().min(1).max(60).optional(), config: ProviderConfigSchema.optional(), query: z.string().min(1).max(500).default("测试") }).strict(),
    z.object({ ok: z.boolean(), raw: z.unknown(), materials: z.array(MaterialSchema), dropped: z.number().int(), error: z.string().nullable(), elapsedMs: z.number() }),
  ),
} as const;

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
  subscribe(sessionId: string, afterSeq: number, listener: (event: z.infer<typeof EventSchema>) => void): () => void;
}

/** IPC channel for a method; the preload and main both derive names here. */
export const ipcChannel = (method: MethodName) => `scriptorium:${method}`;
export const IPC_EVENT_CHANNEL = "scriptorium:event";
export const IPC_SUBSCRIBE_CHANNEL = "scriptorium:subscribe";
export const IPC_UNSUBSCRIBE_CHANNEL = "scriptorium:unsubscribe";

/** Article resume payload, re-exported here because `run.resume` carries it for the article workflow. */
export { ArticleResumeSchema };
