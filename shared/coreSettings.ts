import { z } from "zod";

export const BACKENDS = ["llamacpp", "ollama", "openai"] as const;
export type Backend = (typeof BACKENDS)[number];

/** The settings of the app itself; each workflow adds its own group (its contract's `settings`). Every field has a default. */
export const CoreSettingsSchema = z.object({
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
  /** Base URL replacing the catalog's host for intranet mirrors, e.g. `http://mirror.corp/models/`. */
  mirrorBaseUrl: z.string().url().nullable().default(null),
});
