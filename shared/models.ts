import { z } from "zod";

export const FIT = ["green", "yellow", "red", "unknown"] as const;
export type Fit = (typeof FIT)[number];

/** One entry of `models/catalog.json`. */
export const CatalogEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(["chat", "embedding", "reranker"]),
  url: z.string().url(),
  fileName: z.string(),
  sizeBytes: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
  ramRequiredGb: z.number().positive(),
  parameters: z.string(),
  quant: z.string(),
  license: z.string(),
  /** The note shown under the entry, per UI locale (the settings screen shows the current locale's). */
  description: z.object({ "zh-CN": z.string(), en: z.string() }).strict(),
  languages: z.array(z.string()),
  /** The 思考 default of a thinking model (Qwen3, DeepSeek-R1); absent = a model that does not think. */
  thinking: z.enum(["off", "budget", "unlimited"]).optional(),
});
export type CatalogEntry = z.infer<typeof CatalogEntrySchema>;
export const CatalogSchema = z.object({ version: z.number().int(), models: z.array(CatalogEntrySchema) });

/**
 * One line of `models.list().warnings`: a code the UI translates (with the role and model it names)
 * and the engine's English sentence for the CLI and logs.
 * `selected_missing`: the selected `role` model `model` is gone; `embedding_fallback`: no embedding
 * model, the chat model `model` embeds the library; `no_models`: neither is selected.
 */
export const ModelWarningSchema = z.object({
  code: z.enum(["selected_missing", "embedding_fallback", "no_models"]),
  role: z.enum(["chat", "embedding"]).optional(),
  model: z.string().optional(),
  message: z.string(),
});
export type ModelWarning = z.infer<typeof ModelWarningSchema>;

export const InstalledModelSchema = z.object({
  /** File name inside the data dir's `models/`, or an absolute path for models used in place. */
  id: z.string(),
  path: z.string(),
  sizeBytes: z.number().int(),
  architecture: z.string().nullable(),
  contextLength: z.number().int().nullable(),
  hasChatTemplate: z.boolean(),
  fit: z.enum(FIT),
  /** Set when the file is listed but unusable (bad magic, unreadable header); the UI shows it flagged. */
  error: z.string().optional(),
});
export type InstalledModel = z.infer<typeof InstalledModelSchema>;

/** GGUF architectures of encoder-only models: they embed, they cannot chat. */
const EMBEDDING_ARCHITECTURES = /bert|roberta|t5encoder/i;

/** Whether an installed model can be the chat model: readable, and not an encoder-only (embedding) architecture. */
export function canChat(model: Pick<InstalledModel, "architecture" | "error">): boolean {
  return !model.error && !(model.architecture && EMBEDDING_ARCHITECTURES.test(model.architecture));
}

export const BACKENDS = ["llamacpp", "ollama", "openai"] as const;

/**
 * 思考 of a thinking model: `off` never thinks; `budget` thinks on prose steps within a share of the
 * step's tokens; `unlimited` lets prose steps think as long as the context allows. Short and
 * structured steps never think whatever the mode.
 */
export const THINKING_MODES = ["off", "budget", "unlimited"] as const;
export type ThinkingMode = (typeof THINKING_MODES)[number];
export const ThinkingModeSchema = z.enum(THINKING_MODES);
export type Backend = (typeof BACKENDS)[number];

/** A team library location: `s3://bucket/prefix`. */
const S3Uri = z.string().regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/\S*)?$/, "expected s3://bucket/prefix");

/** User settings, persisted in `app.db`. Every field has a default so an empty db is valid. */
export const SettingsSchema = z.object({
  locale: z.enum(["zh-CN", "en"]).default("zh-CN"),
  backend: z.enum(BACKENDS).default("llamacpp"),
  chatModel: z.string().nullable().default(null),
  embeddingModel: z.string().nullable().default(null),
  /** 0 = physical core count. */
  threads: z.number().int().min(0).max(256).default(0),
  /** Parallel sequences on the one llama.cpp context; concurrent callers are batched. */
  sequences: z.number().int().min(1).max(8).default(2),
  contextSize: z.number().int().min(512).max(131_072).default(4096),
  ollama: z.object({ baseUrl: z.string().url(), model: z.string(), numCtx: z.number().int().min(512) }).default({
    baseUrl: "http://127.0.0.1:11434",
    model: "qwen2.5:3b",
    numCtx: 8192,
  }),
  openai: z.object({ baseUrl: z.string().url(), model: z.string(), hasKey: z.boolean() }).default({
    baseUrl: "http://127.0.0.1:8080/v1",
    model: "default",
    hasKey: false,
  }),
  /**
   * Where library embeddings come from: `local` (the embedding GGUF, or the chat model) or
   * `openai` (the OpenAI-compatible endpoint's `/v1/embeddings`, with the `openai` base URL and
   * key): a team on one gateway shares one embedding model, so their indexes are comparable.
   */
  embeddingBackend: z.enum(["local", "openai"]).default("local"),
  /** The embedding model name asked of the OpenAI-compatible endpoint (`/v1/models` lists them). */
  openaiEmbeddingModel: z.string().min(1).max(200).default("text-embedding"),
  /** 思考 per chat model (its file name or the server's model name); absent = the catalog entry's default, else `budget`. */
  thinking: z.record(z.string().min(1).max(300), ThinkingModeSchema).default({}),
  /** Show a thinking model's thoughts in chat, folded under 思考过程; off by default. */
  showThoughts: z.boolean().default(false),
  /** Base URL replacing the catalog's host for intranet mirrors, e.g. `http://mirror.corp/models/`. */
  mirrorBaseUrl: z.string().url().nullable().default(null),
  /**
   * A team library on S3-compatible storage: `locations` maps a collection (library, papers, code)
   * to `s3://bucket/prefix` (absent = the local table in the data dir). One machine is the
   * `writer` (adds, deletes, compaction, index builds); every other desk is a `reader` that sees
   * its commits within `readConsistencySeconds`. Keys live in the secret store or the AWS_* env.
   */
  objectStore: z
    .object({
      locations: z.object({ library: S3Uri, papers: S3Uri, code: S3Uri }).partial().default({}),
      endpoint: z.string().url().nullable().default(null),
      region: z.string().min(1).max(64).nullable().default(null),
      allowHttp: z.boolean().default(false),
      role: z.enum(["writer", "reader"]).default("reader"),
      readConsistencySeconds: z.number().min(0).max(3600).default(5),
    })
    .default({ locations: {}, endpoint: null, region: null, allowHttp: false, role: "reader", readConsistencySeconds: 5 }),
  /** Updates of the desktop app from an intranet mirror folder (electron-updater's generic provider); off by default. */
  updates: z
    .object({ enabled: z.boolean().default(false), url: z.string().url().nullable().default(null) })
    .default({ enabled: false, url: null }),
  /** The log file's level (`<dataDir>/logs/scriptorium.log`). */
  logLevel: z.enum(["error", "warn", "info", "debug"]).default("info"),
  article: z
    .object({
      reviewThreshold: z.number().min(0).max(100).default(80),
      maxRevisions: z.number().int().min(0).max(10).default(3),
      weights: z
        .object({ facts: z.number().min(0), logic: z.number().min(0), language: z.number().min(0) })
        .default({ facts: 0.4, logic: 0.3, language: 0.3 }),
    })
    .default({ reviewThreshold: 80, maxRevisions: 3, weights: { facts: 0.4, logic: 0.3, language: 0.3 } }),
});
export type Settings = z.infer<typeof SettingsSchema>;
type SettingsShape = typeof SettingsSchema.shape;
type PatchShape = { [K in keyof SettingsShape]: z.ZodOptional<SettingsShape[K] extends z.ZodDefault<infer T> ? T : SettingsShape[K]> };

/**
 * A partial update: only the keys present change. Built from the fields without their defaults —
 * zod 4's `.partial()` keeps `.default()`, which would reset every setting the patch leaves out.
 * Nested groups (`ollama`, `openai`, `article`) are replaced whole.
 */
export const SettingsPatchSchema = z
  .object(
    Object.fromEntries(
      Object.entries(SettingsSchema.shape).map(([key, field]) => [key, (field instanceof z.ZodDefault ? field.unwrap() : field).optional()]),
    ) as PatchShape,
  )
  .strict();
