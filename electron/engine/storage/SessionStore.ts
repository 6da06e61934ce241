import type Database from "better-sqlite3";
import type { SessionStatus, SessionSummary, WorkflowId } from "../../../shared/api.js";
import { withRelaxedSync } from "./withRelaxedSync.js";

interface SessionRow {
  id: string;
  workflow: string;
  title: string;
  status: string;
  pause_point: string | null;
  created_at: string;
  updated_at: string;
  input: string;
  last_seq: number;
}

function toSummary(row: SessionRow): SessionSummary {
  return {
    id: row.id,
    workflow: row.workflow as WorkflowId,
    title: row.title,
    status: row.status as SessionStatus,
    pausePoint: row.pause_point,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastSeq: row.last_seq,
  };
}

/**
 * How a status write commits. `relaxed`: with `synchronous=NORMAL` (withRelaxedSync), for the runner,
 * whose transition event — a FULL commit on the same database — follows at once and fsyncs both.
 */
export interface StatusWriteOptions {
  relaxed?: boolean;
}

/** Session rows of `app.db`: one per run, with its status and current pause point. */
export class SessionStore {
  private readonly db: Database.Database;
  /** Statements of the hot paths (a run writes its status at every pause), prepared once. */
  private readonly statements = new Map<string, Database.Statement>();

  constructor(db: Database.Database) {
    this.db = db;
  }

  create(session: { id: string; workflow: WorkflowId; title: string; input: unknown }, options: StatusWriteOptions = {}): SessionSummary {
    const now = new Date().toISOString();
    const insert = this.prepared(
      "INSERT INTO sessions(id, workflow, title, status, pause_point, created_at, updated_at, input, last_seq) VALUES (?, ?, ?, 'running', NULL, ?, ?, ?, 0)",
    );
    this.write(options, () => insert.run(session.id, session.workflow, session.title, now, now, JSON.stringify(session.input ?? null)));
    return this.get(session.id) as SessionSummary;
  }

  get(id: string): SessionSummary | null {
    const row = this.prepared("SELECT * FROM sessions WHERE id = ?").get(id) as SessionRow | undefined;
    return row ? toSummary(row) : null;
  }

  /** The validated `run.start` input the session was created with. */
  input(id: string): unknown {
    const row = this.db.prepare("SELECT input FROM sessions WHERE id = ?").get(id) as { input: string } | undefined;
    return row ? JSON.parse(row.input) : undefined;
  }

  /**
   * Sessions, newest first; `workflow` keeps one workflow's, `query` those whose title contains it
   * (case-insensitive, `%` and `_` taken literally).
   */
  list(workflow?: WorkflowId, query?: string): SessionSummary[] {
    const where: string[] = [];
    const args: string[] = [];
    if (workflow) {
      where.push("workflow = ?");
      args.push(workflow);
    }
    if (query?.trim()) {
      where.push("lower(title) LIKE ? ESCAPE '\\'");
      args.push(`%${query.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    }
    const sql = `SELECT * FROM sessions${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY updated_at DESC, id`;
    return (this.db.prepare(sql).all(...args) as SessionRow[]).map(toSummary);
  }

  /** Give a session a new title; returns the summary, or null for an unknown id. */
  rename(id: string, title: string): SessionSummary | null {
    const changed = this.db.prepare("UPDATE sessions SET title = ?, updated_at = ? WHERE id = ?").run(title, new Date().toISOString(), id).changes;
    return changed ? this.get(id) : null;
  }

  listByStatus(status: SessionStatus): SessionSummary[] {
    return (this.db.prepare("SELECT * FROM sessions WHERE status = ? ORDER BY created_at").all(status) as SessionRow[]).map(toSummary);
  }

  setStatus(id: string, status: SessionStatus, pausePoint: string | null = null, options: StatusWriteOptions = {}): void {
    const update = this.prepared("UPDATE sessions SET status = ?, pause_point = ?, updated_at = ? WHERE id = ?");
    this.write(options, () => update.run(status, pausePoint, new Date().toISOString(), id));
  }

  /**
   * Atomic compare-and-set of the status: true only for the one caller that saw `from`.
   * This is what makes a resume apply exactly once even if two requests race.
   */
  transition(id: string, from: SessionStatus, to: SessionStatus, pausePoint: string | null = null, options: StatusWriteOptions = {}): boolean {
    const update = this.prepared("UPDATE sessions SET status = ?, pause_point = ?, updated_at = ? WHERE id = ? AND status = ?");
    return this.write(options, () => update.run(to, pausePoint, new Date().toISOString(), id, from)).changes === 1;
  }

  delete(id: string): void {
    this.db.prepare("DELETE FROM sessions WHERE id = ?").run(id);
  }

  private prepared(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private write<T>(options: StatusWriteOptions, commit: () => T): T {
    return options.relaxed ? withRelaxedSync(this.db, commit) : commit();
  }
}
