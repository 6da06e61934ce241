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
  /** Word count of the markdown (shared/text/countText `wordCount`: the one count every screen shows). */
  chars: z.number().int(),
});
export type DraftVersion = z.infer<typeof DraftVersionSchema>;
/** The same thing under its generic name. */
export type DocumentVersion = DraftVersion;

export const EXPORT_FORMATS = ["markdown", "html", "docx", "pdf"] as const;
/** Citation styles of an export's reference list: GB/T 7714-2015 (numeric or author-year, zh/en entries) and APA. */
export const REFERENCE_STYLE_NAMES = ["gb-t-7714", "gb-t-7714-author-date", "apa"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const SessionId = z.string().min(1).max(100);
const VersionNumber = z.number().int().min(1);

/** The editor's selection actions (`documents.rewriteSelection`). */
export const REWRITE_ACTIONS = ["rewrite", "expand", "shorten", "polish", "translate", "custom"] as const;
export type RewriteAction = (typeof REWRITE_ACTIONS)[number];

export const RewriteRequestSchema = z
  .object({
    sessionId: SessionId,
    /** Chosen by the client (so it can subscribe before the first token): letters, digits, - and _. */
    rewriteId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    action: z.enum(REWRITE_ACTIONS),
    /** The selected text. */
    text: z.string().min(1).max(4000),
    /** Up to 800 characters before and after the selection: context only. */
    before: z.string().max(800).optional(),
    after: z.string().max(800).optional(),
    /** The user's instruction; required for `custom`. */
    instruction: z.string().min(1).max(500).optional(),
    /** Translation target; default the other of zh / en. */
    targetLocale: z.enum(["zh", "en"]).optional(),
  })
  .strict()
  .refine((r) => r.action !== "custom" || (r.instruction?.trim().length ?? 0) > 0, { message: "instruction is required for the custom action", path: ["instruction"] });
export type RewriteRequest = z.infer<typeof RewriteRequestSchema>;
export type RewriteResult = { rewriteId: string; replacement: string; stopReason: "eog" | "maxTokens" | "abort" | "stop" };

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
  /**
   * Selection action of the editor: the local model rewrites `text` (改写 / 扩写 / 缩写 / 润色 /
   * 翻译 / a custom instruction). Its tokens stream on the session stream as `token` events with
   * `step: "rewrite:<rewriteId>"` (the client picks the id and subscribes first); the answer is the
   * whole replacement. Nothing is stored: an accepted rewrite is stored with `documents.edit`.
   */
  rewriteSelection: {
    input: RewriteRequestSchema,
    output: z.object({ rewriteId: z.string(), replacement: z.string(), stopReason: z.enum(["eog", "maxTokens", "abort", "stop"]) }),
  },
  /** Stops a running rewrite at its next token (`documents.rewriteSelection` then fails with `aborted`). */
  cancelRewrite: {
    input: z.object({ rewriteId: z.string().min(1).max(64) }).strict(),
    output: z.object({ ok: z.literal(true) }),
  },
  /** The changes from version `from` to `to`, one per revision, with the rule and reason that explain each (docgen review). */
  trackedChanges: {
    input: z.object({ sessionId: SessionId, from: VersionNumber, to: VersionNumber }).strict(),
    output: z.object({
      changes: z.array(
        z.object({
          index: z.number().int(),
          deleted: z.string(),
          inserted: z.string(),
          rule: z.string().nullable(),
          reason: z.string().nullable(),
          /** The unchanged text just before and after the change on its line, so where it sits shows. */
          before: z.string().optional(),
          after: z.string().optional(),
        }),
      ),
    }),
  },
  /** Version `from` with only the `accepted` changes toward `to` applied, stored as a new version (reason `manual_edit`). */
  applyTrackedChanges: {
    input: z.object({ sessionId: SessionId, from: VersionNumber, to: VersionNumber, accepted: z.array(z.number().int().min(0)).max(100_000) }).strict(),
    output: z.object({ version: DraftVersionSchema }),
  },
  /**
   * A session's document (or, with `markdown` instead of `sessionId`, a Markdown text such as a
   * file's) as Markdown, HTML, DOCX or PDF, laid out by `template`.
   */
  export: {
    input: z
      .object({
        sessionId: SessionId.optional(),
        /** Instead of a session: this Markdown is the document (its GFM footnotes become notes). */
        markdown: z.string().max(5_000_000).optional(),
        /** With `markdown`: the title when the text has no `# ` heading, and the file name. */
        title: z.string().min(1).max(300).optional(),
        format: z.enum(EXPORT_FORMATS),
        /** DOCX and PDF layout: `default`, `gb-t-9704` (党政机关公文格式), or the path of a reference .docx whose styles are used. */
        template: z.string().min(1).max(1000).optional(),
        number: VersionNumber.optional(),
        /** Version `from` → `to` as tracked changes (docx only): accept-all gives `to`, reject-all `from`. */
        tracked: z.object({ from: VersionNumber, to: VersionNumber }).strict().optional(),
        /** The reference list in GB/T 7714-2015 (numeric) or APA instead of the plain list. */
        referenceStyle: z.enum(REFERENCE_STYLE_NAMES).optional(),
        /** With `referenceStyle`: every entry in this language (GB/T 7714 zh: 等, [J]; en: et al.); default: each entry in its own. */
        referenceLocale: z.enum(["zh", "en"]).optional(),
        /** The language of the export's own words (reference and note headings, labels): the app's language; default: the text's. */
        locale: z.enum(["zh", "en"]).optional(),
      })
      .strict(),
    /** `content` is UTF-8 text for markdown/html and base64 for docx/pdf. */
    output: z.object({ fileName: z.string(), mimeType: z.string(), encoding: z.enum(["utf8", "base64"]), content: z.string() }),
  },
} as const;
