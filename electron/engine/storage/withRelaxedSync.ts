import type Database from "better-sqlite3";

/** Each connection's own `synchronous` level, read once (only this helper changes it afterwards). */
const levels = new WeakMap<Database.Database, number>();

/**
 * Run `commit` (one or more commits on `db`) with `synchronous=NORMAL`, then restore the
 * connection's own level. In WAL mode a NORMAL commit is durable across a crash or `kill -9`
 * and skips the fsync; the next FULL commit on the same database fsyncs the WAL and so makes it
 * survive a power cut too. Use it only for writes that such a commit follows at once (the
 * runner's transition events) or whose loss on a power cut the run repairs by redoing steps.
 */
export function withRelaxedSync<T>(db: Database.Database, commit: () => T): T {
  let level = levels.get(db);
  if (level === undefined) {
    level = Number(db.pragma("synchronous", { simple: true }));
    levels.set(db, level);
  }
  // Inside a transaction nothing commits here: the enclosing commit's level applies (and SQLite
  // would not change the level mid-transaction anyway).
  if (level < 2 || db.inTransaction) return commit();
  // `exec`, not a prepared statement: SQLite applies `PRAGMA synchronous = …` when the statement is
  // prepared, so re-running a prepared one does nothing.
  db.exec("PRAGMA synchronous = NORMAL");
  try {
    return commit();
  } finally {
    db.exec(`PRAGMA synchronous = ${level}`);
  }
}
