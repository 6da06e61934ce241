import type Database from "better-sqlite3";
import { z } from "zod";
import { ScriptoriumError } from "../../../../../shared/errors.js";
import { JsonObjectSchema, parseJson } from "../../../../../shared/parseJson.js";
import type { OcrLineBox } from "../../../io/pdf/readPdfPages.js";
import type { BlockKind, ReferenceEntry, StructureItem, StructureKind } from "./parsePaper.js";

/** A paper as the library lists it. */
export interface PaperRecord {
  doc_id: string;
  title: string;
  authors: string[];
  year: number | null;
  abstract: string;
  file_name: string;
  path: string;
  kind: string;
  pages: number;
  content_hash: string;
  imported_at: string;
  /** The DOI the file prints or declares ('' when none), without a resolver prefix. */
  doi: string;
  /** The arXiv id without its version (2103.01234, hep-th/9901001), '' when none. */
  arxiv: string;
}

/** A stored chunk: paragraph-sized text of one page. */
export interface PaperChunk {
  id: string;
  doc_id: string;
  idx: number;
  page: number;
  section: string;
  kind: BlockKind;
  text: string;
  /** Tesseract's confidence (0–1) when the chunk's page was read by OCR; null or absent otherwise. */
  ocr_confidence?: number | null;
}

/** A scanned page's OCR: its confidence and the recognised lines' boxes (PDF points, top-left origin). */
export interface PageOcr {
  confidence: number;
  lines: OcrLineBox[];
}

const PageOcrSchema: z.ZodType<PageOcr> = z.object({
  confidence: z.number(),
  lines: z.array(z.object({ text: z.string(), confidence: z.number(), x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() })),
});

export interface NewPaper {
  record: PaperRecord;
  pages: Array<{ page: number; text: string; ocr?: PageOcr }>;
  chunks: PaperChunk[];
  structure: StoredStructureItem[];
  references: ReferenceEntry[];
}

/** An entry of the structural index as stored: tables and equations name the chunk they are. */
export type StoredStructureItem = Omit<StructureItem, "block"> & { chunkId?: string };

/**
 * The papers' home in app.db (tables from the paper migration). Writes of one paper happen in one
 * transaction, so an import that fails leaves nothing behind; deleting cascades to every table.
 */
export class PaperRepository {
  constructor(private readonly db: Database.Database) {}

  /** Inserts a whole paper atomically. */
  insert(paper: NewPaper): void {
    const r = paper.record;
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO paper_docs (doc_id, title, authors, year, abstract, file_name, path, kind, pages, content_hash, imported_at, doi, arxiv)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(r.doc_id, r.title, JSON.stringify(r.authors), r.year, r.abstract, r.file_name, r.path, r.kind, r.pages, r.content_hash, r.imported_at,
          r.doi, r.arxiv);
      const page = this.db.prepare("INSERT INTO paper_pages (doc_id, page, text, ocr) VALUES (?, ?, ?, ?)");
      for (const p of paper.pages) page.run(r.doc_id, p.page, p.text, p.ocr ? JSON.stringify(p.ocr) : null);
      const chunk = this.db.prepare("INSERT INTO paper_chunks (id, doc_id, idx, page, section, kind, text, ocr_confidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
      for (const c of paper.chunks) chunk.run(c.id, r.doc_id, c.idx, c.page, c.section, c.kind, c.text, c.ocr_confidence ?? null);
      const item = this.db.prepare("INSERT INTO paper_structure (doc_id, idx, kind, number, label, page, end_page, chunk_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
      paper.structure.forEach((s, index) => item.run(r.doc_id, index, s.kind, s.number, s.label, s.page, s.endPage, s.chunkId ?? null));
      const reference = this.db.prepare("INSERT INTO paper_references (doc_id, idx, page, text) VALUES (?, ?, ?, ?)");
      for (const ref of paper.references) reference.run(r.doc_id, ref.index, ref.page, ref.text);
    })();
  }

  delete(docId: string): boolean {
    return this.db.prepare("DELETE FROM paper_docs WHERE doc_id = ?").run(docId).changes > 0;
  }

  get(docId: string): PaperRecord | undefined {
    const row = this.db.prepare("SELECT * FROM paper_docs WHERE doc_id = ?").get(docId) as Record<string, unknown> | undefined;
    return row ? toRecord(row) : undefined;
  }

  /** The paper, or a `not_found` error naming the id. */
  require(docId: string): PaperRecord {
    const record = this.get(docId);
    if (!record) throw new ScriptoriumError("not_found", `No paper with doc_id ${docId}.`, { doc_id: docId });
    return record;
  }

  byHash(contentHash: string): PaperRecord | undefined {
    const row = this.db.prepare("SELECT * FROM paper_docs WHERE content_hash = ?").get(contentHash) as Record<string, unknown> | undefined;
    return row ? toRecord(row) : undefined;
  }

  /** Newest first; `query` filters by title, author or file name (case-insensitive substring). */
  list(query?: string): PaperRecord[] {
    const rows = this.db.prepare("SELECT * FROM paper_docs ORDER BY imported_at DESC, doc_id").all() as Array<Record<string, unknown>>;
    const records = rows.map(toRecord);
    const needle = query?.trim().toLowerCase();
    if (!needle) return records;
    return records.filter((r) => [r.title, r.file_name, ...r.authors].some((field) => field.toLowerCase().includes(needle)));
  }

  pages(docId: string): Array<{ page: number; text: string }> {
    return this.db.prepare("SELECT page, text FROM paper_pages WHERE doc_id = ? ORDER BY page").all(docId) as Array<{ page: number; text: string }>;
  }

  /** OCR of each scanned page of a paper (pages read from a text layer are absent). */
  pageOcr(docId: string): Map<number, PageOcr> {
    const rows = this.db.prepare("SELECT page, ocr FROM paper_pages WHERE doc_id = ? AND ocr IS NOT NULL").all(docId) as Array<{ page: number; ocr: string }>;
    return new Map(rows.map((row) => [row.page, parseJson(PageOcrSchema, row.ocr, `the OCR of page ${row.page} of ${docId}`, "internal")]));
  }

  /** Pages of a paper that were read by OCR, each with tesseract's confidence for the page (0–1). */
  ocrPages(docId: string): Map<number, number> {
    const rows = this.db
      .prepare("SELECT page, json_extract(ocr, '$.confidence') AS confidence FROM paper_pages WHERE doc_id = ? AND ocr IS NOT NULL")
      .all(docId) as Array<{ page: number; confidence: number | null }>;
    return new Map(rows.map((row) => [row.page, row.confidence ?? 0]));
  }

  chunks(docId: string): PaperChunk[] {
    return this.db.prepare("SELECT * FROM paper_chunks WHERE doc_id = ? ORDER BY idx").all(docId) as PaperChunk[];
  }

  chunksByIds(ids: string[]): PaperChunk[] {
    if (ids.length === 0) return [];
    return this.db.prepare(`SELECT * FROM paper_chunks WHERE id IN (${ids.map(() => "?").join(",")})`).all(...ids) as PaperChunk[];
  }

  /** All chunk rows of every paper, for rebuilding the LanceDB table. */
  allChunks(): PaperChunk[] {
    return this.db.prepare("SELECT * FROM paper_chunks ORDER BY doc_id, idx").all() as PaperChunk[];
  }

  structure(docId: string, kind?: StructureKind): StoredStructureItem[] {
    const rows = this.db
      .prepare(`SELECT kind, number, label, page, end_page, chunk_id FROM paper_structure WHERE doc_id = ? ${kind ? "AND kind = ?" : ""} ORDER BY idx`)
      .all(...(kind ? [docId, kind] : [docId])) as Array<{
      kind: StructureKind;
      number: string;
      label: string;
      page: number;
      end_page: number;
      chunk_id: string | null;
    }>;
    return rows.map((row) => ({
      kind: row.kind,
      number: row.number,
      label: row.label,
      page: row.page,
      endPage: row.end_page,
      ...(row.chunk_id ? { chunkId: row.chunk_id } : {}),
    }));
  }

  references(docId: string): ReferenceEntry[] {
    const rows = this.db.prepare("SELECT idx, page, text FROM paper_references WHERE doc_id = ? ORDER BY idx").all(docId) as Array<{ idx: number; page: number; text: string }>;
    return rows.map((row) => ({ index: row.idx, page: row.page, text: row.text }));
  }

  glossary(docId: string): Map<string, string> {
    const rows = this.db.prepare("SELECT term, translation FROM paper_glossary WHERE doc_id = ?").all(docId) as Array<{ term: string; translation: string }>;
    return new Map(rows.map((row) => [row.term, row.translation]));
  }

  /** Keeps a term's first translation: the glossary stays consistent across questions. */
  addGlossary(docId: string, entries: Array<{ term: string; translation: string }>): void {
    const insert = this.db.prepare("INSERT OR IGNORE INTO paper_glossary (doc_id, term, translation) VALUES (?, ?, ?)");
    this.db.transaction(() => {
      for (const entry of entries) insert.run(docId, entry.term, entry.translation);
    })();
  }

  /** Appends one message of a paper session's conversation; returns its sequence number. */
  appendMessage(sessionId: string, role: "user" | "assistant", message: Record<string, unknown>): number {
    const row = this.db.prepare("SELECT COALESCE(MAX(seq), 0) AS seq FROM paper_messages WHERE session_id = ?").get(sessionId) as { seq: number };
    const seq = row.seq + 1;
    this.db
      .prepare("INSERT INTO paper_messages (session_id, seq, role, json, created_at) VALUES (?, ?, ?, ?, ?)")
      .run(sessionId, seq, role, JSON.stringify(message), new Date().toISOString());
    return seq;
  }

  messages(sessionId: string): Array<{ seq: number; role: "user" | "assistant"; message: Record<string, unknown> }> {
    const rows = this.db.prepare("SELECT seq, role, json FROM paper_messages WHERE session_id = ? ORDER BY seq").all(sessionId) as Array<{ seq: number; role: "user" | "assistant"; json: string }>;
    return rows.map((row) => ({ seq: row.seq, role: row.role, message: parseJson(JsonObjectSchema, row.json, `message ${row.seq} of ${sessionId}`, "internal") }));
  }
}

function toRecord(row: Record<string, unknown>): PaperRecord {
  return {
    doc_id: String(row.doc_id),
    title: String(row.title),
    authors: parseJson(z.array(z.string()), String(row.authors ?? "[]"), `the authors of ${String(row.doc_id)}`, "internal"),
    year: row.year === null || row.year === undefined ? null : Number(row.year),
    abstract: String(row.abstract ?? ""),
    file_name: String(row.file_name),
    path: String(row.path),
    kind: String(row.kind),
    pages: Number(row.pages),
    content_hash: String(row.content_hash),
    imported_at: String(row.imported_at),
    doi: String(row.doi ?? ""),
    arxiv: String(row.arxiv ?? ""),
  };
}
