import type Database from "better-sqlite3";
import { VersionScoresSchema, type DraftVersion } from "../../../shared/documents.js";
import { parseJson } from "../../../shared/parseJson.js";
import { wordCount } from "../../../shared/text/countText.js";
import { asDiskError } from "../io/atomicWrite.js";
import { withRelaxedSync } from "./withRelaxedSync.js";

/** Draft versions of a session's document, in `app.db` (what workflows see of SqliteVersionStore). */
export interface VersionStore {
  add(sessionId: string, draft: { markdown: string; reason: DraftVersion["reason"] }): DraftVersion;
  list(sessionId: string): DraftVersion[];
  get(sessionId: string, number: number): { version: DraftVersion; markdown: string } | null;
  latest(sessionId: string): { version: DraftVersion; markdown: string } | null;
  setScores(sessionId: string, number: number, scores: NonNullable<DraftVersion["scores"]>): void;
}

interface VersionRow {
  number: number;
  reason: string;
  created_at: string;
  markdown: string;
  scores: string | null;
}

function toVersion(row: VersionRow): DraftVersion {
  return {
    number: row.number,
    reason: row.reason as DraftVersion["reason"],
    created_at: row.created_at,
    scores: row.scores ? parseJson(VersionScoresSchema, row.scores, `the scores of version ${row.number}`, "internal") : null,
    chars: wordCount(row.markdown),
  };
}

export interface VersionStoreOptions {
  /**
   * Commit the versions a model wrote, and scores, with `synchronous=NORMAL` (withRelaxedSync). For
   * the workflows' nodes: a running graph's next pause or end is a FULL commit to the same WAL,
   * which fsyncs them with the checkpoints after them, and a power cut before it loses both, so the
   * redone step writes the version again. A version of the user's own text (USER_TEXT_REASONS)
   * commits FULL regardless: a node stores a hand edit from a pause's payload, which nothing else
   * holds durably, and the steps after it may run for minutes.
   */
  relaxed?: boolean;
}

/** Versions whose text the user wrote or chose, not a model: never relaxed. */
const USER_TEXT_REASONS: ReadonlySet<DraftVersion["reason"]> = new Set<DraftVersion["reason"]>(["manual_edit", "restore", "user"]);

/** Draft versions in `app.db`; numbers are 1, 2, 3 … per session, assigned in a transaction. */
export class SqliteVersionStore implements VersionStore {
  private readonly db: Database.Database;
  private readonly relaxed: boolean;

  constructor(db: Database.Database, options: VersionStoreOptions = {}) {
    this.db = db;
    this.relaxed = options.relaxed ?? false;
  }

  add(sessionId: string, draft: { markdown: string; reason: DraftVersion["reason"] }): DraftVersion {
    try {
      return USER_TEXT_REASONS.has(draft.reason) ? this.insert(sessionId, draft) : this.commit(() => this.insert(sessionId, draft));
    } catch (error) {
      // The transaction rolled back: the versions already stored are untouched.
      throw asDiskError(error, `a new version (${draft.reason}) of session ${sessionId}`);
    }
  }

  private insert(sessionId: string, draft: { markdown: string; reason: DraftVersion["reason"] }): DraftVersion {
    return this.db.transaction(() => {
      const now = new Date().toISOString();
      const { next } = this.db.prepare("SELECT coalesce(max(number), 0) + 1 AS next FROM versions WHERE session_id = ?").get(sessionId) as { next: number };
      this.db
        .prepare("INSERT INTO documents(session_id, created_at, updated_at) VALUES (?, ?, ?) ON CONFLICT(session_id) DO UPDATE SET updated_at = excluded.updated_at")
        .run(sessionId, now, now);
      this.db.prepare("INSERT INTO versions(session_id, number, reason, created_at, markdown, scores) VALUES (?, ?, ?, ?, ?, NULL)").run(sessionId, next, draft.reason, now, draft.markdown);
      return toVersion({ number: next, reason: draft.reason, created_at: now, markdown: draft.markdown, scores: null });
    })();
  }

  list(sessionId: string): DraftVersion[] {
    const rows = this.db.prepare("SELECT number, reason, created_at, markdown, scores FROM versions WHERE session_id = ? ORDER BY number").all(sessionId) as VersionRow[];
    return rows.map(toVersion);
  }

  get(sessionId: string, number: number): { version: DraftVersion; markdown: string } | null {
    const row = this.db.prepare("SELECT number, reason, created_at, markdown, scores FROM versions WHERE session_id = ? AND number = ?").get(sessionId, number) as VersionRow | undefined;
    return row ? { version: toVersion(row), markdown: row.markdown } : null;
  }

  latest(sessionId: string): { version: DraftVersion; markdown: string } | null {
    const row = this.db
      .prepare("SELECT number, reason, created_at, markdown, scores FROM versions WHERE session_id = ? ORDER BY number DESC LIMIT 1")
      .get(sessionId) as VersionRow | undefined;
    return row ? { version: toVersion(row), markdown: row.markdown } : null;
  }

  setScores(sessionId: string, number: number, scores: NonNullable<DraftVersion["scores"]>): void {
    this.commit(() => this.db.prepare("UPDATE versions SET scores = ? WHERE session_id = ? AND number = ?").run(JSON.stringify(scores), sessionId, number));
  }

  private commit<T>(write: () => T): T {
    return this.relaxed ? withRelaxedSync(this.db, write) : write();
  }

  deleteSession(sessionId: string): void {
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM versions WHERE session_id = ?").run(sessionId);
      this.db.prepare("DELETE FROM documents WHERE session_id = ?").run(sessionId);
    })();
  }
}
