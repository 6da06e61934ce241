import { z } from "zod";

/**
 * The paper library's bibliographic side: BibTeX / RIS import, BibTeX export, the
 * local Zotero library, and the user's corrections of a paper's metadata. Registered in
 * shared/api.ts beside `paper.*`.
 */
const DocId = z.string().trim().min(1).max(64);

export const BibImportEntrySchema = z.object({
  doc_id: z.string(),
  citation_key: z.string(),
  title: z.string(),
  kind: z.enum(["pdf", "metadata"]),
  existing: z.boolean(),
  warning: z.string().optional(),
});
export type BibImportEntry = z.infer<typeof BibImportEntrySchema>;

/** A paper's metadata as the correction form shows it (the CSL record flattened). */
export const PaperMetadataSchema = z.object({
  doc_id: z.string(),
  title: z.string(),
  authors: z.array(z.string()),
  year: z.number().int().nullable(),
  venue: z.string(),
  doi: z.string(),
  /** The arXiv id (2103.01234), '' when none. */
  arxiv: z.string(),
  type: z.string(),
  /** Where the record came from: the reader's extraction, an import, or the user's correction. */
  source: z.enum(["extracted", "bibtex", "ris", "zotero", "user"]),
});
export type PaperMetadata = z.infer<typeof PaperMetadataSchema>;

export const PaperBibMethods = {
  importBib: {
    input: z.object({ path: z.string().min(1).max(4096) }).strict(),
    output: z.object({ entries: z.array(BibImportEntrySchema) }),
  },
  exportBib: {
    /** No ids: the whole library. */
    input: z.object({ doc_ids: z.array(DocId).max(10_000).optional() }).strict(),
    output: z.object({ bibtex: z.string() }),
  },
  importZotero: {
    /** `url`: Zotero's local API, loopback only (default http://127.0.0.1:23119); `collection`: a collection key. */
    input: z.object({ url: z.string().max(200).optional(), collection: z.string().max(20).optional() }).strict(),
    output: z.object({ imported: z.array(BibImportEntrySchema), skipped: z.array(z.object({ key: z.string(), title: z.string(), doc_id: z.string() })) }),
  },
  setMetadata: {
    input: z
      .object({
        doc_id: DocId,
        title: z.string().max(1000).optional(),
        authors: z.array(z.string().min(1).max(200)).max(500).optional(),
        /** Checked by the library (1000 … next year), so the message names the field and the range. */
        year: z.number().int().nullable().optional(),
        venue: z.string().max(1000).optional(),
        doi: z.string().max(200).optional(),
        arxiv: z.string().max(200).optional(),
        type: z.string().max(40).optional(),
      })
      .strict(),
    /** The paper's CSL-JSON record after the correction. */
    output: z.object({ csl: z.record(z.string(), z.unknown()) }),
  },
  /** The metadata a reference list is built from: the bibliographic record, or what the reader extracted. */
  getMetadata: {
    input: z.object({ doc_id: DocId }).strict(),
    output: PaperMetadataSchema,
  },
} as const;
