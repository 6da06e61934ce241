import { z } from "zod";

/** Standard material fields a provider's response is mapped onto (the last three are the intranet's own, shown on the card). */
export const MAPPABLE_FIELDS = ["title", "content", "source", "published_at", "relevance_score", "recUuid", "url", "department", "classification", "extra_metadata"] as const;

/**
 * A declarative intranet search provider: no code, just how to call the endpoint and where the
 * fields are. The bearer key is never part of this object: it is stored encrypted apart from it.
 */
export const ProviderConfigSchema = z.object({
  name: z.string().trim().min(1).max(60).regex(/^[\w\-\u4e00-\u9fff ]+$/, "name: letters, digits, -, _, spaces or Chinese"),
  enabled: z.boolean().default(true),
  baseUrl: z.string().url().max(2000),
  method: z.enum(["GET", "POST"]).default("POST"),
  headers: z.record(z.string().max(100), z.string().max(2000)).default({}),
  /** JSON text with placeholders `{query}`, `{max_results}`, `{date_from}`, `{date_to}`; for GET, query-string values. */
  bodyTemplate: z.string().max(10_000).default('{"query": "{query}", "max_results": {max_results}}'),
  /** Dotted path to the results array in the response, e.g. `data.items`; empty = the response itself. */
  resultsPath: z.string().max(200).default(""),
  /** Standard field → the response item's own (dotted) field name. */
  fieldMap: z.partialRecord(z.enum(MAPPABLE_FIELDS), z.string().max(200)).default({}),
  timeouts: z
    .object({
      connectMs: z.number().int().min(100).max(60_000).default(3_000),
      headersMs: z.number().int().min(100).max(120_000).default(10_000),
      totalMs: z.number().int().min(100).max(300_000).default(20_000),
    })
    .default({ connectMs: 3_000, headersMs: 10_000, totalMs: 20_000 }),
  maxResponseBytes: z.number().int().min(1024).max(50_000_000).default(5_000_000),
  /** Optional: set when the user stores a key; the key itself travels only in `providers.save`. */
  hasKey: z.boolean().default(false),
});
export type ProviderConfig = z.infer<typeof ProviderConfigSchema>;

export const ProviderSaveSchema = z.object({
  config: ProviderConfigSchema,
  /** New bearer key; `null` removes it, absent keeps the stored one. */
  apiKey: z.string().max(4000).nullable().optional(),
});
