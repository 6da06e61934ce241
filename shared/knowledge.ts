import { z } from "zod";

export const COLLECTIONS = ["library", "papers", "code", "rules"] as const;
export const CollectionSchema = z.enum(COLLECTIONS);
export type Collection = z.infer<typeof CollectionSchema>;

/** One retrieved piece of evidence, from the local library or an intranet search provider. */
export const MaterialSchema = z.object({
  /** Stable id inside one session, e.g. `m001`; citations in drafts use it: `[m001]`. */
  id: z.string().min(1).max(64),
  title: z.string().max(300),
  /** At most 500 characters: weak models get summaries, not documents. */
  content: z.string().max(500),
  source: z.string().max(300),
  published_at: z.string().max(40).nullable(),
  /** 0..1, higher is more relevant. */
  relevance_score: z.number().min(0).max(1),
  source_type: z.string().max(40),
  url: z.string().max(2000).nullable(),
  /** Provider's own record id, used to de-duplicate across queries. */
  recUuid: z.string().max(200).nullable(),
  /** Intranet fields shown on the material card: the owning department, the classification level … */
  department: z.string().max(200).nullable().optional(),
  classification: z.string().max(100).nullable().optional(),
  /** 1-based place in the researcher's ranking (its ranking call, code as fallback and tie-breaker); shown on the card. */
  rank: z.number().int().min(1).optional(),
  /** Any further scalar fields the provider returns (at most 20, values ≤ 200 characters). */
  extra_metadata: z.record(z.string().max(100), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
});
export type Material = z.infer<typeof MaterialSchema>;

export const SearchRequestSchema = z.object({
  query: z.string().min(1).max(2000),
  limit: z.number().int().min(1).max(100).default(10),
  collection: CollectionSchema.default("library"),
  providers: z.array(z.string().max(100)).max(20).optional(),
});

export const IngestRequestSchema = z.object({
  paths: z.array(z.string().min(1).max(4096)).min(1).max(10_000),
  collection: CollectionSchema.default("library"),
});

export const SourceSchema = z.object({
  id: z.string(),
  path: z.string(),
  collection: CollectionSchema,
  kind: z.string(),
  chunkCount: z.number().int(),
  contentHash: z.string(),
  ingestedAt: z.string(),
});
export type Source = z.infer<typeof SourceSchema>;

export const FOLDER_FILE_STATES = ["pending", "indexed", "failed"] as const;
export type FolderFileState = (typeof FOLDER_FILE_STATES)[number];

/** A folder bound to a collection: imported once, then followed by a watcher (add, change, delete). */
export const FolderBindingSchema = z.object({
  id: z.string(),
  path: z.string(),
  collection: CollectionSchema,
  paused: z.boolean(),
  createdAt: z.string(),
  /** Files whose current content is in the index. */
  indexed: z.number().int(),
  /** Files waiting (or interrupted) — the reconcile pass on start finishes them. */
  pending: z.number().int(),
  /** Files the ingestor could not read, with the reason (at most 200 listed). */
  failed: z.array(z.object({ path: z.string(), error: z.string() })),
});
export type FolderBinding = z.infer<typeof FolderBindingSchema>;

export const BindFolderRequestSchema = z.object({
  path: z.string().min(1).max(4096),
  collection: CollectionSchema.default("library"),
});
