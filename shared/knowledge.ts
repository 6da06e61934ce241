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
  /**
   * The work's bibliographic record (CSL-JSON: type, title, author, issued, DOI, container-title …)
   * when the source knows it — a paper of the library does; a reference list formats it in the
   * chosen style instead of treating the material as a web page.
   */
  csl: z.record(z.string().max(100), z.unknown()).optional(),
});
export type Material = z.infer<typeof MaterialSchema>;

const scopeIds = z.array(z.string().trim().min(1).max(4096)).max(200);

/**
 * What one run may search: knowledge collections, bound folders (their paths) and papers of the
 * paper library (doc ids). Absent: everything the workflow searches by default. Present: only
 * these (their union) — no intranet provider, no other collection, folder or paper. An empty
 * scope is refused, since it would search nothing.
 */
export const RunScopeSchema = z
  .object({
    collections: z.array(CollectionSchema).max(COLLECTIONS.length).optional(),
    folders: scopeIds.optional(),
    papers: scopeIds.optional(),
  })
  .strict()
  .refine((scope) => (scope.collections?.length ?? 0) + (scope.folders?.length ?? 0) + (scope.papers?.length ?? 0) > 0, {
    message: "scope must name at least one collection, folder or paper",
  });
export type RunScope = z.infer<typeof RunScopeSchema>;

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

/** What became of one file of an import. */
export const IMPORT_FILE_STATUSES = ["imported", "skipped", "failed"] as const;
export type ImportFileStatus = (typeof IMPORT_FILE_STATUSES)[number];

/**
 * Why a file was skipped or failed, where the importer knows it; the UI translates these
 * (`import.reason.<code>`) and shows the plain `reason` text for any other code or none.
 */
export const IMPORT_REASON_CODES = ["unchanged", "unsupported_type", "empty", "unreadable", "not_found", "too_large", "encrypted", "corrupt", "ocr_failed", "disk_full", "duplicate"] as const;
export type ImportReasonCode = (typeof IMPORT_REASON_CODES)[number];

export const ImportFileSchema = z.object({
  path: z.string(),
  status: z.enum(IMPORT_FILE_STATUSES),
  /** The English reason (logs, the CLI, and the UI when there is no known `code`). */
  reason: z.string().optional(),
  /** A known reason (IMPORT_REASON_CODES); a string so an older UI reads a newer engine's report. */
  code: z.string().optional(),
  /** Chunks indexed, for an imported file. */
  chunks: z.number().int().optional(),
});
export type ImportFile = z.infer<typeof ImportFileSchema>;

/** Most files one report lists (failed first, then skipped, then imported); the counts cover all. */
export const IMPORT_REPORT_MAX_FILES = 1000;

/** The per-file outcome of an import (knowledge ingest, folder sync, paper import). */
export const ImportReportSchema = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Chunks indexed in all. */
  chunks: z.number().int().optional(),
  files: z.array(ImportFileSchema),
  /** Files counted but not listed (beyond IMPORT_REPORT_MAX_FILES). */
  omitted: z.number().int().optional(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** Counts the files and lists them failed first, at most IMPORT_REPORT_MAX_FILES. */
export function buildImportReport(files: ImportFile[], chunks?: number): ImportReport {
  const count = (status: ImportFileStatus) => files.filter((f) => f.status === status).length;
  const order: Record<ImportFileStatus, number> = { failed: 0, skipped: 1, imported: 2 };
  const listed = [...files].sort((a, b) => order[a.status] - order[b.status]).slice(0, IMPORT_REPORT_MAX_FILES);
  return {
    imported: count("imported"),
    skipped: count("skipped"),
    failed: count("failed"),
    ...(chunks !== undefined ? { chunks } : {}),
    files: listed,
    ...(files.length > listed.length ? { omitted: files.length - listed.length } : {}),
  };
}
