import { z } from "zod";

/**
 * Documents are generic: any workflow that produces a markdown document (the article's draft, the
 * doc generator's document, the deep-read report) stores its versions here and gets
 * `documents.versions / version / diff / restore / edit / export` for free.
 */

/** Why a version was stored. `restore` and `manual_edit` come from the document pane. */
export const VERSION_REASONS = ["initial", "editor", "user", "manual_edit", "restore", "regenerate"] as const;
export type VersionReason = (typeof VERSION_REASONS)[number];

/** Scores of the review made of a version: `overall` plus one number per aspect the workflow reviews. */
export const VersionScoresSchema = z.object({ overall: z.number() }).catchall(z.number());

export const DraftVersionSchema = z.object({
  number: z.number().int().min(1),
  reason: z.enum(VERSION_REASONS),
  created_at: z.string(),
  /** Scores of the review made of this version, once reviewed. */
  scores: VersionScoresSchema.nullable(),
  chars: z.number().int(),
});
export type DraftVersion = z.infer<typeof DraftVersionSchema>;
/** The same thing under its generic name. */
export const DocumentVersionSchema = DraftVersionSchema;
export type DocumentVersion = DraftVersion;

export const EXPORT_FORMATS = ["markdown", "html", "docx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const SessionId = z.string().min(1).max(100);
const VersionNumber = z.number().int().min(1);

/** Inputs and outputs of the `documents.*` methods (registered in shared/api.ts). */
export const DocumentsMethods = {
  versions: {
    input: z.object({ sessionId: SessionId }).strict(),
    output: z.object({ versions: z.array(DraftVersionSchema) }),
  },
  version: {
    input: z.object({ sessionId: SessionId, number: VersionNumber }).strict(),
    output: z.object({ version: DraftVersionSchema, markdown: z.string() }),
  },
  diff: {
    input: z.object({ sessionId: SessionId, from: VersionNumber, to: VersionNumber }).strict(),
    /** Line diff of `from` → `to`: each hunk is unchanged, added or removed text. */
    output: z.object({
      from: DraftVersionSchema,
      to: DraftVersionSchema,
      hunks: z.array(z.object({ kind: z.enum(["same", "added", "removed"]), text: z.string() })),
    }),
  },
  /**
   * Make version `number` the workflow's current draft: stored as a new version (reason `restore`)
   * and written into the session's state, so the next action works on it. A finished session
   * returns to its draft pause; a running one is refused (conflict).
   */
  restore: {
    input: z.object({ sessionId: SessionId, number: VersionNumber }).strict(),
    output: z.object({ version: DraftVersionSchema }),
  },
  /** A hand edit from the document pane: a new version (reason `manual_edit`) that becomes the current draft. */
  edit: {
    input: z.object({ sessionId: SessionId, markdown: z.string().min(1).max(200_000) }).strict(),
    output: z.object({ version: DraftVersionSchema }),
  },
  export: {
    input: z.object({ sessionId: SessionId, format: z.enum(EXPORT_FORMATS), number: VersionNumber.optional() }).strict(),
    /** `content` is UTF-8 text for markdown/html and base64 for docx. */
    output: z.object({ fileName: z.string(), mimeType: z.string(), encoding: z.enum(["utf8", "base64"]), content: z.string() }),
  },
} as const;
