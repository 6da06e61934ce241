import type { MigrationStep } from "../../WorkflowDefinition.js";

/**
 * The paper reader's tables in app.db, in the `paper` namespace. The first three steps ran as
 * global steps 2, 5 and 6 before each workflow declared its own tables (`legacyGlobalStep`), so a
 * data dir made then is not migrated twice. Append new steps; never edit a shipped one.
 */
export const PAPER_MIGRATIONS: readonly MigrationStep[] = [
  {
    // Papers with pages, chunks, structural index, references, a per-paper glossary for
    // cross-lingual search, and the conversation per session (PaperRepository.ts).
    legacyGlobalStep: 2,
    sql: `
    CREATE TABLE paper_docs (
      doc_id       TEXT PRIMARY KEY,
      title        TEXT NOT NULL,
      authors      TEXT NOT NULL DEFAULT '[]',
      year         INTEGER,
      abstract     TEXT NOT NULL DEFAULT '',
      file_name    TEXT NOT NULL,
      path         TEXT NOT NULL,
      kind         TEXT NOT NULL,
      pages        INTEGER NOT NULL,
      content_hash TEXT NOT NULL,
      imported_at  TEXT NOT NULL
    );
    CREATE TABLE paper_pages (
      doc_id TEXT NOT NULL REFERENCES paper_docs(doc_id) ON DELETE CASCADE,
      page   INTEGER NOT NULL,
      text   TEXT NOT NULL,
      PRIMARY KEY (doc_id, page)
    ) WITHOUT ROWID;
    CREATE TABLE paper_chunks (
      id      TEXT PRIMARY KEY,
      doc_id  TEXT NOT NULL REFERENCES paper_docs(doc_id) ON DELETE CASCADE,
      idx     INTEGER NOT NULL,
      page    INTEGER NOT NULL,
      section TEXT NOT NULL,
      kind    TEXT NOT NULL,
      text    TEXT NOT NULL
    );
    CREATE INDEX paper_chunks_doc ON paper_chunks(doc_id, idx);
    CREATE TABLE paper_structure (
      doc_id   TEXT NOT NULL REFERENCES paper_docs(doc_id) ON DELETE CASCADE,
      idx      INTEGER NOT NULL,
      kind     TEXT NOT NULL,
      number   TEXT NOT NULL,
      label    TEXT NOT NULL,
      page     INTEGER NOT NULL,
      end_page INTEGER NOT NULL,
      PRIMARY KEY (doc_id, idx)
    ) WITHOUT ROWID;
    CREATE TABLE paper_references (
      doc_id TEXT NOT NULL REFERENCES paper_docs(doc_id) ON DELETE CASCADE,
      idx    INTEGER NOT NULL,
      page   INTEGER NOT NULL,
      text   TEXT NOT NULL,
      PRIMARY KEY (doc_id, idx)
    ) WITHOUT ROWID;
    CREATE TABLE paper_glossary (
      doc_id      TEXT NOT NULL REFERENCES paper_docs(doc_id) ON DELETE CASCADE,
      term        TEXT NOT NULL,
      translation TEXT NOT NULL,
      PRIMARY KEY (doc_id, term)
    ) WITHOUT ROWID;
    CREATE TABLE paper_messages (
      session_id TEXT NOT NULL,
      seq        INTEGER NOT NULL,
      role       TEXT NOT NULL,
      json       TEXT NOT NULL,
      created_at TEXT NOT NULL,
      PRIMARY KEY (session_id, seq)
    ) WITHOUT ROWID;
    `,
  },
  {
    // OCR: a chunk read from a scanned page carries tesseract's confidence (0–1, NULL for
    // text-layer chunks); a scanned page keeps its recognised lines' boxes (JSON) for highlighting.
    legacyGlobalStep: 5,
    sql: `
    ALTER TABLE paper_chunks ADD COLUMN ocr_confidence REAL;
    ALTER TABLE paper_pages ADD COLUMN ocr TEXT;
    `,
  },
  {
    // Tables and equations kept whole: a table or equation of the structural index links to its
    // chunk (a table's first piece), so "Table 2" resolves to the table itself.
    legacyGlobalStep: 6,
    sql: "ALTER TABLE paper_structure ADD COLUMN chunk_id TEXT;",
  },
  {
    // Bibliographic records (BibRepository.ts). Earlier versions created the table on first use,
    // hence IF NOT EXISTS: a data dir may already have it.
    sql: `
    CREATE TABLE IF NOT EXISTS paper_bib (
      doc_id       TEXT PRIMARY KEY REFERENCES paper_docs(doc_id) ON DELETE CASCADE,
      citation_key TEXT NOT NULL,
      csl          TEXT NOT NULL,
      source       TEXT NOT NULL,
      zotero_key   TEXT UNIQUE
    );
    `,
  },
  {
    // The DOI and arXiv id the PDF prints or declares, kept so the reference entry and BibTeX carry
    // them; papers imported before have none ('') until re-imported or corrected.
    sql: `
    ALTER TABLE paper_docs ADD COLUMN doi TEXT NOT NULL DEFAULT '';
    ALTER TABLE paper_docs ADD COLUMN arxiv TEXT NOT NULL DEFAULT '';
    `,
  },
];

/** The set the engine runs for this workflow, for code that opens app.db without an engine (tests, bench). */
export const PAPER_TABLES = { namespace: "paper", steps: PAPER_MIGRATIONS } as const;
