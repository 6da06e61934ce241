import { z } from "zod";

export const BACKENDS = ["llamacpp", "ollama", "openai"] as const;
export type Backend = (typeof BACKENDS)[number];

/**
 * 思考 of a thinking model: `off` never thinks; `budget` thinks on prose steps within a share of the
 * step's tokens; `unlimited` lets prose steps think as long as the context allows. Short and
 * structured steps never think whatever the mode.
 */
export const THINKING_MODES = ["off", "budget", "unlimited"] as const;
export type ThinkingMode = (typeof THINKING_MODES)[number];
export const ThinkingModeSchema = z.enum(THINKING_MODES);

/** A team library location: `s3://bucket/prefix`. */
const S3Uri = z.string().regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/\S*)?$/, "expected s3://bucket/prefix");

/** The settings of the app itself; each workflow adds its own group (its contract's `settings`). Every field has a default. */
export const CoreSettingsSchema = z.object({
  locale: z.enum(["zh-CN", "en"]).default("zh-CN"),
  backend: z.enum(BACKENDS).default("llamacpp"),
  chatModel: z.string().nullable().default(null),
  /** The welcome dialog was closed in this data dir: every tab and window of it opens without it. */
  onboardingDismissed: z.boolean().default(false),
  embeddingModel: z.string().nullable().default(null),
  /** 0 = physical core count. */
  threads: z.number().int().min(0).max(256).default(0),
  /** Parallel sequences on the one llama.cpp context; concurrent callers are batched. */
  sequences: z.number().int().min(1).max(8).default(2),
  contextSize: z.number().int().min(512).max(131_072).default(4096),
  ollama: z.object({ baseUrl: z.string().url(), model: z.string(), numCtx: z.number().int().min(512) }).default({
    baseUrl: "http://127.0.0.1:11434",
    // No model until the user names one the server has (the field shows an example as its placeholder):
    // a prefilled name reads as a choice the user made, and fails against a server without it.
    model: "",
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
});
