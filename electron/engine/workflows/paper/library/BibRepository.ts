import type Database from "better-sqlite3";
import { z } from "zod";
import { parseJson } from "../../../../../shared/parseJson.js";
import type { CslItem } from "../../../references/citeproc.js";

/** A stored CSL-JSON item: its id and type checked, every other field kept as citation-js wrote it. */
const CslItemSchema = z.looseObject({ id: z.string(), type: z.string() }) as unknown as z.ZodType<CslItem>;

/** A paper's bibliographic record: its CSL-JSON item and where it came from. */
export interface BibRecord {
  doc_id: string;
  citation_key: string;
  csl: CslItem;
  source: "bibtex" | "ris" | "zotero" | "user";
  /** The Zotero item key, for skipping items already imported. */
  zotero_key: string | null;
}

/**
 * Bibliographic metadata of library papers (BibTeX / RIS / Zotero imports and the user's
 * corrections), kept beside `paper_docs` and deleted with it (table: paperMigrations.ts).
 */
export class BibRepository {
  constructor(private readonly db: Database.Database) {}

  get(docId: string): BibRecord | undefined {
    const row = this.db.prepare("SELECT * FROM paper_bib WHERE doc_id = ?").get(docId) as Record<string, unknown> | undefined;
    return row ? toRecord(row) : undefined;
  }

  byCitationKey(key: string): BibRecord | undefined {
    const row = this.db.prepare("SELECT * FROM paper_bib WHERE citation_key = ?").get(key) as Record<string, unknown> | undefined;
    return row ? toRecord(row) : undefined;
  }

  byZoteroKey(key: string): BibRecord | undefined {
    const row = this.db.prepare("SELECT * FROM paper_bib WHERE zotero_key = ?").get(key) as Record<string, unknown> | undefined;
    return row ? toRecord(row) : undefined;
  }

  put(record: BibRecord): void {
    this.db
      .prepare(
        `INSERT INTO paper_bib (doc_id, citation_key, csl, source, zotero_key) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(doc_id) DO UPDATE SET citation_key = excluded.citation_key, csl = excluded.csl, source = excluded.source, zotero_key = COALESCE(excluded.zotero_key, paper_bib.zotero_key)`,
      )
      .run(record.doc_id, record.citation_key, JSON.stringify(record.csl), record.source, record.zotero_key);
  }
}

function toRecord(row: Record<string, unknown>): BibRecord {
  return {
    doc_id: String(row.doc_id),
    citation_key: String(row.citation_key),
    csl: parseJson(CslItemSchema, String(row.csl), `the CSL-JSON of ${String(row.doc_id)}`, "internal"),
    source: String(row.source) as BibRecord["source"],
    zotero_key: row.zotero_key === null || row.zotero_key === undefined ? null : String(row.zotero_key),
  };
}
